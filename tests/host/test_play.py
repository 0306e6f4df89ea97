"""``bot.core.play``: every stored move takes one path (engine, save, clock, undo stack, last
change); a refusal judged on an old copy is judged again on the stored record."""

from __future__ import annotations

import pytest

from bot.core.outcome import Outcome
from bot.core.store import VersionConflict
from games.base import IllegalMove
from tests.host.test_host import PICK, running


@pytest.mark.asyncio
async def test_store_move_saves_the_move_and_its_consequences(host) -> None:
    rec = await running(host, turn_secs=300)
    working = host.sessions.working_copy(rec.id)
    assert working is not None
    out = Outcome(working)
    await host.play.store_move(working, "u1", PICK, "player", out)
    assert out.events == [{"type": "picked", "player": "u1"}]
    assert out.moved == [("u1", "player")] and working.move_count == 1
    assert working.version == rec.version + 1 and "u1" not in working.clock
    stored = await host.moves(rec.id)
    assert [(m.player_id, m.move, m.source) for m in stored] == [("u1", PICK, "player")]
    assert host.log.last(working) == out.events


@pytest.mark.asyncio
async def test_an_illegal_move_stores_nothing_and_a_lost_race_drops_the_caches(host, store) -> None:
    rec = await running(host)
    working = host.sessions.working_copy(rec.id)
    assert working is not None
    with pytest.raises(IllegalMove):
        await host.play.store_move(working, "u1", {"type": "bank"}, "player", Outcome(working))
    assert await host.moves(rec.id) == []
    other = await store.get_session(rec.id)
    await store.save(other, other.version)  # another process moved on
    with pytest.raises(VersionConflict):
        await host.play.store_move(working, "u1", PICK, "player", Outcome(working))
    assert host.sessions.working_copy(rec.id) is None


@pytest.mark.asyncio
async def test_a_refusal_on_an_old_copy_is_judged_again_on_the_stored_record(host, store) -> None:
    rec = await running(host)
    other = await store.get_session(rec.id)
    stored = await store.save(other, other.version)  # elsewhere: the cached copy is behind
    out = await host.play.apply(rec.id, "u1", PICK, expected_version=stored.version)
    assert out.record.version == stored.version + 1
