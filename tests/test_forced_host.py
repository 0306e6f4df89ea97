"""Moves nobody has to choose (issue 11, request budget; ``games.base.Formality``): the host
plays them at once, in the same change as the move before (one publication, no prompt, no
turn change), logs them as source ``"forced"``, and a take-back of the move before takes them
back too while they revealed nothing. Runs on both store backends (the fixtures of
tests/host)."""

from __future__ import annotations

from typing import Any

import pytest
import pytest_asyncio

from bot.core.errors import HostError
from bot.core.host import SessionHost
from bot.core.takeback import LogReplay
from tests.host.conftest import Clock, clock, store  # noqa: F401  (fixtures)
from tests.test_undo_host import MultiStepToy, picks, toy_host
from tests.test_undo_host import running as toy_table


class ConfirmToy(MultiStepToy):
    """``bank`` then ``confirm`` by the same player; the confirm is forced."""

    def forced(self, s: dict[str, Any], player: str) -> dict[str, Any] | None:
        return {"type": "confirm"} if s.get("confirm") == player else None


class WrongClaim(ConfirmToy):
    """Claims a move is forced where it is not the only legal one: the host never plays it."""

    def forced(self, s: dict[str, Any], player: str) -> dict[str, Any] | None:
        moves = self.legal_moves(s, player)
        return moves[0] if moves else None


@pytest_asyncio.fixture
async def host(store, clock):  # noqa: F811
    return toy_host(store, clock, {"toy": ConfirmToy(), "wrong": WrongClaim()})


async def running(host: SessionHost, game: str = "toy") -> int:
    """Two players, both picks of round 1 made: u1 (the start player) banks or passes."""
    sid = await toy_table(host, game)
    await picks(host, sid)
    return sid


@pytest.mark.asyncio
async def test_a_forced_move_is_played_with_the_move_before(host) -> None:
    sid = await running(host)
    out = await host.apply(sid, "u1", {"type": "bank"})
    assert out.moved == [("u1", "player"), ("u1", "forced")]
    assert [e["type"] for e in out.events] == ["bank", "confirmed"]
    rec = out.record
    assert not rec.state.get("confirm") and sorted(host.actors(rec)) == ["u1", "u2"]
    moves = await host.moves(sid)
    assert [(m.player_id, m.move["type"], m.source) for m in moves[2:]] == [
        ("u1", "bank", "player"),
        ("u1", "confirm", "forced"),
    ]
    assert await host.replay(sid) == (True, "")


@pytest.mark.asyncio
async def test_undo_of_the_move_before_takes_the_forced_move_back_too(host) -> None:
    sid = await running(host)
    before = await host.get(sid)
    await host.apply(sid, "u1", {"type": "bank"})
    rec = await host.get(sid)
    assert await host.undoable_move(rec) == ("u1", 2)  # the bank, not the confirm
    await host.undo(sid, "u1", 2)
    rec = await host.get(sid)
    assert rec.state == before.state and host.actors(rec) == ["u1"]
    assert await host.replay(sid) == (True, "")
    # the log replays the same way outside the host (/game log, verify, exports)
    replay = LogReplay.start(host.game("toy"), rec)
    for m in await host.moves(sid):
        replay.step(m)
    assert host.game("toy").dump(replay.state) == rec.state  # the stored snapshot is a dump


@pytest.mark.asyncio
async def test_nobody_can_undo_a_forced_move_itself(host) -> None:
    sid = await running(host)
    await host.apply(sid, "u1", {"type": "bank"})
    with pytest.raises(HostError) as exc:
        await host.undo(sid, "u1", 3)  # the confirm
    assert exc.value.code in ("undo_newest_first", "undo_not_yours", "undo_too_late")
    assert (await host.get(sid)).move_count == 4


@pytest.mark.asyncio
async def test_a_claim_that_is_not_the_only_move_is_ignored(host) -> None:
    sid = await running(host, "wrong")  # its forced() names the first of bank/pass
    rec = await host.get(sid)
    assert host.actors(rec) == ["u1"] and rec.move_count == 2
    out = await host.apply(sid, "u1", {"type": "bank"})
    assert out.moved == [("u1", "player"), ("u1", "forced")]  # the confirm is the only one
    assert sorted(host.actors(out.record)) == ["u1", "u2"]
