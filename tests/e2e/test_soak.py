"""The chaos soak for a minute (issue 31 item 1; ``bench/soak.py`` runs it for 30): two
``crowntable run`` processes on one PostgreSQL schema (shards 0 and 1) and one on SQLite,
tables of every game played by scripted clickers (random legal choices, double clicks, old
prompts, Undo, Watch, leave, Rematch) and AI seats, while every fault kind but the PostgreSQL
restart is injected (SIGKILL and restart, PostgreSQL cut, Discord 5xx and 429, gateway drops,
closed DMs, a deleted channel, a busy SQLite file, a killed AI worker). Then: every
acknowledged move once in the log, ``crowntable verify`` clean, no table stuck, no turn told
twice, no secret where it does not belong, the running games finished."""

from __future__ import annotations

import pytest

from tests.host import pg
from tests.soak.run import Settings, soak
from tests.soak.schedule import KINDS

pytestmark = pytest.mark.slow


@pytest.mark.asyncio
async def test_a_minute_of_chaos_breaks_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    await pg.require_pg()
    lines: list[str] = []
    settings = Settings(
        seconds=22,
        parallel=6,
        seed=31,
        fault_every=1.6,
        drain_s=40,  # ends as soon as two games finished (on a quiet machine: at once)
        min_finished=2,
        stuck_s=30,
        check_every=4,
        games=("majesty", "empire_engine", "majesty", "elves", "majesty", "tek"),
        log=lines.append,
    )
    report = await soak(settings)
    with capsys.disabled():
        print("\n" + "\n".join(report.lines()[:9]))
    assert report.violations == [], "\n".join(report.lines() + report.tracebacks())
    # the short games end within the minute even on a loaded machine (3 Majesty tables)
    assert report.total_finished >= 1, report.lines()
    assert set(report.faults) == set(KINDS) - {"pg_restart"}, report.faults
    assert report.clicks["ack"] >= 20, report.clicks
