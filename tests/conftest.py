"""Shared test setup: a test fails on any unexpected ERROR log from the project's own code
(the e2e suite has its own, stricter check in tests/e2e/conftest.py); the tests under
``tests/e2e/`` carry the ``e2e`` marker, so ``-m "not e2e"`` leaves them out."""

from __future__ import annotations

import logging

import pytest

OWN_LOGGERS = ("bot", "crowntable", "games", "renderers")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if "e2e" in item.path.parts:
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(autouse=True)
def _no_unexpected_error_logs(request: pytest.FixtureRequest,
                              caplog: pytest.LogCaptureFixture):
    if "e2e" in request.node.path.parts:
        yield
        return
    caplog.set_level(logging.WARNING)
    yield
    errors = [r for r in caplog.records
              if r.levelno >= logging.ERROR and r.name.startswith(OWN_LOGGERS)]
    assert not errors, [r.getMessage() for r in errors]
