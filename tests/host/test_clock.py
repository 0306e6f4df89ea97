"""``bot.core.clock``: reminders at half time (no version bump) and the takeover at the
deadline, a few tables at a time."""

from __future__ import annotations

import pytest

from tests.host.test_host import running


@pytest.mark.asyncio
async def test_a_reminder_keeps_the_version_and_a_deadline_moves(host, clock) -> None:
    rec = await running(host, turn_secs=300)
    clock.t += 151
    fired = await host.clock.run()
    assert [o.reminders for o in fired] == [["u1", "u2"]] and fired[0].moved == []
    again = await host.get(rec.id)
    assert again.version == rec.version and again.clock["u1"]["reminded"]
    assert await host.clock.run() == []  # reminded once
    clock.t += 150
    fired = await host.clock.run(concurrency=1)
    assert sorted(p for p, _ in fired[0].moved) == ["u1", "u2"]
    assert {src for _, src in fired[0].moved} == {"timeout"}
    assert fired[0].events[0] == {"type": "host_timeout", "player": "u1"}


@pytest.mark.asyncio
async def test_nothing_due_nothing_fired(host, clock) -> None:
    await running(host, turn_secs=None)
    clock.t += 10**6
    assert await host.clock.run() == []
