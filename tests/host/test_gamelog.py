"""``bot.core.gamelog``: the view envelope's ``last`` is the public events of the latest
change, filled by the host (engines keep no copy of their events): known when the host made
the change, replayed from the move log when it did not (a restart, another process)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.core.host import SessionHost
from bot.core.render import last_words
from bot.text.i18n import t
from tests.host.test_host import PICK, running
from tests.test_undo_host import UndoToy, picks, toy_host


def last(host: SessionHost, rec: Any) -> list[dict[str, Any]]:
    return host.view(rec, None)["envelope"]["last"]


@pytest.mark.asyncio
async def test_the_start_then_each_move_is_the_last_change(host) -> None:
    rec = await running(host)
    assert last(host, rec) == [{"type": "host_started", "players": ["u1", "u2"]}]
    out = await host.apply(rec.id, "u1", PICK)
    assert last(host, out.record) == [{"type": "picked", "player": "u1"}]
    out = await host.apply(rec.id, "u2", {"type": "pick", "value": 1})
    assert last(host, out.record) == out.events  # the pick and the reveal
    assert [e["type"] for e in out.events] == ["picked", "revealed"]
    assert host.view(out.record, "u1")["envelope"]["last"] == out.events  # every viewer's


@pytest.mark.asyncio
async def test_after_a_restart_the_last_change_is_replayed_from_the_log(host, store, clock) -> None:
    rec = await running(host)
    await host.apply(rec.id, "u1", PICK)
    out = await host.apply(rec.id, "u2", {"type": "pick", "value": 1})
    fresh = SessionHost(store, registry=host.registry, now=clock)
    again = await fresh.current(rec.id)  # loading through the host warms it
    assert last(fresh, again) == out.events
    other = SessionHost(store, registry=host.registry, now=clock)
    raw = await store.get_session(rec.id)  # read elsewhere: not known until warmed
    assert last(other, raw) == []
    await other.warm(raw)
    assert last(other, raw) == out.events


@pytest.mark.asyncio
async def test_a_clock_move_and_an_undo_carry_their_host_events(store, clock) -> None:
    host = toy_host(store, clock, {"toy": UndoToy()})
    rec = await running(host, turn_secs=300)
    await picks(host, rec.id)
    out = await host.apply(rec.id, "u1", {"type": "bank"})
    undone = await host.undo(rec.id, "u1", out.record.move_count - 1)
    assert last(host, undone.record) == [{"type": "host_undo", "player": "u1", "seq": 2}]
    clock.t += 301
    fired = await host.run_clock()
    rec = await host.get(rec.id)
    assert last(host, rec)[0] == {"type": "host_timeout", "player": "u1"}
    fresh = toy_host(store, clock, {"toy": UndoToy()})
    assert last(fresh, await fresh.get(rec.id)) == last(host, rec)  # the same from the log
    assert fired


@pytest.mark.asyncio
async def test_the_boards_last_line_words_the_last_change_without_picks(host) -> None:
    rec = await running(host)
    assert last_words(host, rec, host.view(rec, None)) == t("host.started", players="U1, U2")
    out = await host.apply(rec.id, "u1", PICK)
    assert last_words(host, out.record, host.view(out.record, None)) is None  # "has chosen"
