"""Take-backs in the host (issue 14 item 4): an undo is a record of the append-only move log,
allowed only to the mover, for their last move, before anybody else acted, while the engine
calls it undoable; replay (``host.replay``, ``crowntable verify``) reproduces it exactly. Runs
on both store backends (the fixtures of tests/host)."""

from __future__ import annotations

from typing import Any

import pytest
import pytest_asyncio

from bot.core.errors import HostError
from bot.core.host import SessionHost
from bot.core.store import SQLiteStore
from bot.core.takeback import LogReplay
from tests.host.conftest import Clock, clock, store  # noqa: F401  (fixtures)
from tests.toygame import HighCard


class UndoToy(HighCard):
    """The toy game with take-backs: ``bank`` and ``pass`` reveal nothing (the picks do)."""

    def undoable(self, before: Any, player: str, move: Any, after: Any) -> bool:
        return move["type"] in ("bank", "pass")


class MultiStepToy(UndoToy):
    """Banking takes two steps by the same player: ``bank`` then ``confirm``."""

    def actors(self, s: dict[str, Any]) -> list[str]:
        if s.get("confirm"):
            return [s["confirm"]]
        return super().actors(s)

    def legal_moves(self, s: dict[str, Any], player: str) -> list[dict[str, Any]]:
        if s.get("confirm"):
            return [{"type": "confirm"}] if player == s["confirm"] else []
        return super().legal_moves(s, player)

    def apply(self, s: dict[str, Any], player: str, move: Any) -> tuple[dict[str, Any], list]:
        if s.get("confirm") and player == s["confirm"] and move == {"type": "confirm"}:
            return {**s, "confirm": None}, [{"type": "confirmed", "player": player}]
        new, events = super().apply({k: v for k, v in s.items() if k != "confirm"}, player, move)
        if move["type"] == "bank" and new["phase"] != "over":
            new = {**new, "confirm": player}
        return new, events

    def undoable(self, before: Any, player: str, move: Any, after: Any) -> bool:
        return move["type"] in ("bank", "pass", "confirm")


def toy_host(over: Any, now: Any, registry: dict[str, Any]) -> SessionHost:
    """A host of the store ``over`` and the clock ``now`` for ``registry``, with seeds 1, 2,
    3 ... for the tables it starts."""
    seeds = iter(range(1, 1000))
    return SessionHost(over, registry=registry, now=now, seed_source=lambda: next(seeds))


@pytest_asyncio.fixture
async def host(store, clock):  # noqa: F811
    return toy_host(store, clock, {"toy": UndoToy(), "multi": MultiStepToy()})


async def running(host: SessionHost, game: str = "toy") -> int:
    await host.create(
        guild_id="g",
        channel_id="c",
        game_id=game,
        options={"rounds": 3},
        user_id="u1",
        user_name="Ann",
        turn_secs=None,
    )
    await host.join("c", "u2", "Bob")
    return (await host.start("c", "u1")).record.id


async def picks(host: SessionHost, sid: int) -> None:
    for p in ("u1", "u2"):
        await host.apply(sid, p, {"type": "pick", "value": 1 if p == "u1" else 2})


async def code_of(coro: Any) -> str:
    try:
        await coro
    except HostError as exc:
        return exc.code
    raise AssertionError("no refusal")


@pytest.mark.asyncio
async def test_an_undo_restores_the_state_and_is_a_record_of_the_log(host) -> None:
    sid = await running(host)
    await picks(host, sid)  # u2's 2 wins round 1; u1 (the round's start player) banks or passes
    before = await host.get(sid)
    out = await host.apply(sid, "u1", {"type": "bank"})
    assert out.record.state["score"]["u1"] == 1 and out.record.state["phase"] == "pick"
    assert await host.undoable_move(out.record) == ("u1", 2)
    undone = await host.undo(sid, "u1", 2)
    assert undone.events == [{"type": "host_undo", "player": "u1", "seq": 2}]
    rec = await host.get(sid)
    assert rec.state == before.state and rec.version == before.version + 2
    assert rec.move_count == 4 and host.actors(rec) == ["u1"]
    after_view, before_view = host.view(rec, None), host.view(before, None)
    assert after_view["envelope"]["last"] == undone.events  # the latest change: the undo
    for view in (after_view, before_view):
        view["envelope"].pop("last")
    assert after_view == before_view
    moves = await host.moves(sid)
    assert [(m.seq, m.player_id, m.source) for m in moves] == [
        (0, "u1", "player"),
        (1, "u2", "player"),
        (2, "u1", "player"),
        (3, "u1", "undo"),
    ]
    assert moves[3].move == {"type": "undo", "seq": 2}
    assert await host.replay(sid) == (True, "")
    events = await host.log_events(rec)
    assert events[-2:] == [
        {"type": "bank", "player": "u1"},
        {"type": "host_undo", "player": "u1", "seq": 2},
    ]
    # the slip taken back, the other choice is made and the game goes on from it
    out = await host.apply(sid, "u1", {"type": "pass"})
    assert out.record.state["score"]["u1"] == 0 and await host.replay(sid) == (True, "")


@pytest.mark.asyncio
async def test_undo_refusals_change_nothing(host) -> None:
    sid = await running(host)
    await host.apply(sid, "u1", {"type": "pick", "value": 1})
    assert await code_of(host.undo(sid, "u1", 0)) == "undo_revealed"  # a secret pick
    assert await code_of(host.undo(sid, "u2", 0)) == "undo_not_yours"
    await host.apply(sid, "u2", {"type": "pick", "value": 2})
    await host.apply(sid, "u1", {"type": "bank"})
    assert await code_of(host.undo(sid, "u2", 2)) == "undo_not_yours"
    assert await code_of(host.undo(sid, "u9", 2)) == "not_seated"
    assert await code_of(host.undo(sid, "u1", 7)) == "undo_too_late"
    await host.apply(sid, "u2", {"type": "pick", "value": 3})  # the next player acted
    assert await code_of(host.undo(sid, "u1", 2)) == "undo_too_late"
    rec = await host.get(sid)
    assert rec.move_count == 4 and await host.undoable_move(rec) is None
    assert [m.source for m in await host.moves(sid)] == ["player"] * 4


@pytest.mark.asyncio
async def test_a_double_click_takes_back_once(host) -> None:
    sid = await running(host)
    await picks(host, sid)
    await host.apply(sid, "u1", {"type": "bank"})
    await host.undo(sid, "u1", 2)
    assert await code_of(host.undo(sid, "u1", 2)) == "undo_done"
    assert (await host.get(sid)).move_count == 4


@pytest.mark.asyncio
async def test_several_own_steps_are_taken_back_one_by_one(host) -> None:
    sid = await running(host, "multi")
    await picks(host, sid)
    start = (await host.get(sid)).state
    await host.apply(sid, "u1", {"type": "bank"})
    await host.apply(sid, "u1", {"type": "confirm"})
    rec = await host.get(sid)
    assert [(u.seq, u.player) for u in await host.undo_stack(rec)] == [(2, "u1"), (3, "u1")]
    assert await code_of(host.undo(sid, "u1", 2)) == "undo_newest_first"
    await host.undo(sid, "u1", 3)
    await host.undo(sid, "u1", 2)
    rec = await host.get(sid)
    assert rec.state == start and await host.undo_stack(rec) == []
    assert await host.replay(sid) == (True, "")


@pytest.mark.asyncio
async def test_the_undo_stack_is_rebuilt_from_the_log_after_a_restart(tmp_path) -> None:
    tick = Clock()
    db = SQLiteStore(tmp_path / "r.db", clock=tick)
    await db.open()
    registry = {"toy": UndoToy()}
    first = SessionHost(db, registry=registry, now=tick, seed_source=lambda: 5)
    sid = await running(first)
    await picks(first, sid)
    await first.apply(sid, "u1", {"type": "bank"})
    second = SessionHost(db, registry=registry, now=tick, seed_source=lambda: 6)
    rec = await second.get(sid)
    assert await second.undoable_move(rec) == ("u1", 2)
    await second.undo(sid, "u1", 2)
    assert (await second.get(sid)).state["score"]["u1"] == 0
    assert await second.replay(sid) == (True, "")
    await db.close()


def test_a_forged_undo_record_does_not_replay() -> None:
    from bot.core.store.base import MoveRecord, Seat, SessionRecord
    from games.base import IllegalMove

    rec = SessionRecord(
        id=1,
        guild_id=None,
        channel_id="c",
        game="toy",
        options={"rounds": 1},
        seed=1,
        status="running",
        version=1,
        host_id="u1",
        turn_secs=None,
        seats=[Seat("u1", "A"), Seat("u2", "B")],
    )
    replay = LogReplay.start(UndoToy(), rec)
    replay.step(MoveRecord(0, "u1", {"type": "pick", "value": 1}, "player", 0.0))
    with pytest.raises(IllegalMove):  # a secret pick is never taken back
        replay.step(MoveRecord(1, "u1", {"type": "undo", "seq": 0}, "undo", 0.0))


@pytest.mark.asyncio
async def test_a_take_back_gives_no_extra_time(store, clock) -> None:  # noqa: F811
    host = SessionHost(store, registry={"toy": UndoToy()}, now=clock, seed_source=lambda: 4)
    await host.create(
        guild_id="g",
        channel_id="c",
        game_id="toy",
        options={"rounds": 3},
        user_id="u1",
        user_name="Ann",
        turn_secs=3600,
    )
    await host.join("c", "u2", "Bob")
    sid = (await host.start("c", "u1")).record.id
    await host.apply(sid, "u1", {"type": "pick", "value": 1})
    clock.t += 100
    await host.apply(sid, "u2", {"type": "pick", "value": 2})  # u1's bank decision begins
    began = clock.t
    clock.t += 3000  # u1 thinks for 50 minutes, banks, then takes it back
    await host.apply(sid, "u1", {"type": "bank"})
    clock.t += 60
    rec = (await host.undo(sid, "u1", 2)).record
    assert rec.clock["u1"]["due"] == began + 3600  # not 3600 s from the undo
    assert rec.clock["u1"]["remind"] == began + 1800
    clock.t = began + 3601
    fired = await host.run_clock()
    assert [(p, s) for out in fired for p, s in out.moved] == [("u1", "timeout")]


@pytest.mark.asyncio
async def test_verify_replays_a_take_back_and_catches_a_forged_one(tmp_path, capsys) -> None:
    import sqlite3

    import games
    from bot.core.verify import run_verify
    from games.ai import RandomPlayer

    path = tmp_path / "v.db"
    db = SQLiteStore(path)
    await db.open()
    host = SessionHost(db, seed_source=lambda: 7)  # the real games, as verify sees them
    await host.create(
        guild_id="g",
        channel_id="c",
        game_id="majesty",
        options={},
        user_id="1",
        user_name="Ann",
        turn_secs=None,
    )
    await host.join("c", "2", "Bob")
    sid = (await host.start("c", "1")).record.id
    ai, undone = RandomPlayer(1), None
    for step in range(200):
        rec = await host.get(sid)
        player = host.actors(rec)[0]
        move = ai.choose(games.get("majesty"), host.state(rec), player, step)
        rec = (await host.apply(sid, player, move)).record
        hint = await host.undoable_move(rec)
        if hint is not None:
            undone = (await host.undo(sid, *hint)).record
            break
    assert undone is not None, "no undoable move in 200"
    await db.close()
    assert await run_verify(f"sqlite:///{path}") == 0
    with sqlite3.connect(path) as con:  # the undo record now names a take that turned a card up
        con.execute(
            "UPDATE moves SET move=? WHERE session_id=? AND source='undo'",
            ('{"type": "undo", "seq": 0}', sid),
        )
    assert await run_verify(f"sqlite:///{path}") == 1
    assert "does not replay" in capsys.readouterr().out
