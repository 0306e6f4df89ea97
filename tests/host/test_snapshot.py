"""``bot.core.snapshot``: a move log replays to its stored snapshot, compared as the engine
writes it now, so a snapshot stored before contract v2 (no ``schema`` key) still verifies."""

from __future__ import annotations

from typing import Any

import pytest

from bot.core.snapshot import check_replay, same_state
from bot.core.store import MoveRecord, Seat, SessionRecord
from tests.host.test_host import running
from tests.toygame import TOY

MOVES = [("a", {"type": "pick", "value": 3}), ("b", {"type": "pick", "value": 1})]


def played() -> tuple[SessionRecord, list[MoveRecord], Any]:
    rec = SessionRecord(
        id=1,
        guild_id="g",
        channel_id="c",
        game="toy",
        options={},
        seed=5,
        status="running",
        version=3,
        host_id="a",
        turn_secs=None,
        seats=[Seat("a", "A"), Seat("b", "B")],
    )
    state = TOY.setup(["a", "b"], {}, 5)
    log = []
    for seq, (p, move) in enumerate(MOVES):
        state, _ = TOY.apply(state, p, move)
        log.append(MoveRecord(seq, p, move, "player", 0.0))
    rec.state = TOY.dump(state)
    return rec, log, state


def test_a_snapshot_written_by_dump_verifies() -> None:
    rec, log, _ = played()
    assert rec.state is not None and rec.state["schema"] == TOY.schema
    assert check_replay(TOY, rec, log) == (True, "")


def test_a_snapshot_stored_before_schemas_existed_verifies() -> None:
    rec, log, state = played()
    assert rec.state is not None
    del rec.state["schema"]  # as stored before contract v2
    assert same_state(TOY, state, rec.state)
    assert check_replay(TOY, rec, log) == (True, "")


def test_a_changed_or_unreadable_snapshot_differs() -> None:
    rec, log, _ = played()
    assert rec.state is not None
    rec.state["score"]["a"] += 1
    assert check_replay(TOY, rec, log) == (False, "snapshot differs from the replayed move log")
    rec.state = {"schema": TOY.schema + 1}  # newer than the code: the engine refuses it
    assert check_replay(TOY, rec, log)[0] is False


def test_a_log_that_does_not_replay_says_so() -> None:
    rec, log, _ = played()
    log[1] = MoveRecord(1, "b", {"type": "bank"}, "player", 0.0)
    ok, detail = check_replay(TOY, rec, log)
    assert not ok and detail.startswith("move log does not replay")


@pytest.mark.asyncio
async def test_the_host_replays_a_stored_game_without_a_schema_key(host, store) -> None:
    rec = await running(host)
    await host.apply(rec.id, "u1", {"type": "pick", "value": 3})
    stored = await store.get_session(rec.id)
    assert stored is not None and stored.state is not None
    stored.state.pop("schema")
    await store.save(stored, stored.version)  # an old row: the snapshot without the key
    assert await host.replay(rec.id) == (True, "")
