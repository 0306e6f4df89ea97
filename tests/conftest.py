"""Shared test setup: a test fails on any unexpected ERROR log from the project's own code
(the e2e suite has its own, stricter check in tests/e2e/conftest.py)."""

from __future__ import annotations

import logging

import pytest

OWN_LOGGERS = ("bot", "crowntable", "games", "renderers")


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
