"""Browser tests (issue 32 item 5): the real bot with its web surface against the fake
Discord, the Activity driven in Debian's Chromium by Playwright. Skipped, with the reason,
where /usr/bin/chromium or Playwright is missing (``apt-get install -y chromium``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.conftest import _no_error_logs, world  # noqa: F401  (the e2e harness's fixtures)

CHROMIUM = Path("/usr/bin/chromium")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:  # noqa: ARG001
    reason = None
    if not CHROMIUM.exists():
        reason = f"no {CHROMIUM}: apt-get install -y chromium to run the browser tests"
    try:
        import playwright  # noqa: F401
    except ImportError:
        reason = reason or "playwright is not installed (pip install -e '.[test]')"
    if reason is None:
        return
    here = Path(__file__).parent
    for item in items:
        if Path(str(item.fspath)).is_relative_to(here):
            item.add_marker(pytest.mark.skip(reason=reason))
