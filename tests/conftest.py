"""Shared test setup: a test fails on any unexpected ERROR log from the project's own code
(the e2e suite has its own, stricter check in tests/e2e/conftest.py); the tests under
``tests/e2e/`` carry the ``e2e`` marker and the long invariant playouts the ``slow`` marker, so
``-m "not e2e and not slow"`` is the inner loop."""

from __future__ import annotations

import logging

import pytest

OWN_LOGGERS = ("bot", "crowntable", "games", "renderers")


#: tests of other files that take seconds whatever their parameters (a process, every glyph)
SLOW_TESTS = frozenset(
    {
        "test_bot_in_its_own_process_survives_a_crash",
        "test_every_czech_character_has_a_glyph_in_the_bundled_font",
    }
)


def _slow_by_rule(item: pytest.Item) -> bool:
    """The shared invariant suite's playouts take seconds each, except the quick ones: the
    game's minimum player count with a seed that checks deeply only every fifth move (seed >=
    1). The inner loop keeps those: every game and option set is still played."""
    name = getattr(item, "originalname", "")
    if name in SLOW_TESTS:
        return True
    callspec = getattr(item, "callspec", None)
    if name != "test_random_playout_keeps_the_contract" or callspec is None:
        return False
    params = callspec.params
    return bool(params["n"] > params["game"].min_players or params["seed"] == 0)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if "e2e" in item.path.parts:
            item.add_marker(pytest.mark.e2e)
        if _slow_by_rule(item):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(autouse=True)
def _no_unexpected_error_logs(request: pytest.FixtureRequest, caplog: pytest.LogCaptureFixture):
    if "e2e" in request.node.path.parts:
        yield
        return
    caplog.set_level(logging.WARNING)
    yield
    errors = [
        r for r in caplog.records if r.levelno >= logging.ERROR and r.name.startswith(OWN_LOGGERS)
    ]
    assert not errors, [r.getMessage() for r in errors]


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """One line when the fake Discord runs without Discord's OpenAPI description (a plain clone
    without ../shared): every other check is on, schema validation is off."""
    from tests.fakediscord import openapi

    if line := openapi.status_line():
        terminalreporter.write_line(line)
