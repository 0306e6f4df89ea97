"""The turn clock takes over an idle player's whole turn (issue 11 / the brief: AFK players
must not freeze a table): at the deadline the takeover AI plays the player's decision and
every further step of the same turn, instead of starting a new deadline for each step. The
next turn is theirs again. Runs on both store backends (the fixtures of tests/host)."""

from __future__ import annotations

from typing import Any

import pytest
import pytest_asyncio

from bot.core.host import SessionHost
from games.base import PLAIN, TURN_END
from tests.test_undo_host import picks, toy_host
from tests.toygame import HighCard


class TwoSteps(HighCard):
    """The start player's public choice (bank or pass) is followed by a second step of the
    same turn: ``note`` with ``"x"`` or ``"y"``. The turn ends with the note (its envelope's
    ``turn`` advances then, not at the bank or pass)."""

    events = {**HighCard.events, "bank": PLAIN, "pass": PLAIN, "noted": TURN_END}

    def actors(self, s: dict[str, Any]) -> list[str]:
        return [s["second"]] if s.get("second") else super().actors(s)

    def legal_moves(self, s: dict[str, Any], player: str) -> list[dict[str, Any]]:
        if s.get("second"):
            return (
                [{"type": "note", "value": v} for v in ("x", "y")] if player == s["second"] else []
            )
        return super().legal_moves(s, player)

    def apply(self, s: dict[str, Any], player: str, move: Any) -> tuple[dict[str, Any], list]:
        if s.get("second"):
            if player != s["second"] or move not in self.legal_moves(s, player):
                return super().apply({**s, "phase": "over"}, player, move)  # refused
            noted = {**s, "second": None, "turns": s["turns"] + 1}
            return noted, [{"type": "noted", "player": player}]
        new, events = super().apply({k: v for k, v in s.items() if k != "second"}, player, move)
        if move.get("type") in ("bank", "pass") and new["phase"] != "over":
            new = {**new, "second": player}
        return new, events


@pytest_asyncio.fixture
async def host(store, clock):
    return toy_host(store, clock, {"two": TwoSteps()})


async def table(host: SessionHost, secs: int) -> int:
    await host.create(
        guild_id="g",
        channel_id="c",
        game_id="two",
        options={"rounds": 3},
        user_id="u1",
        user_name="Ann",
        turn_secs=secs,
    )
    await host.join("c", "u2", "Bob")
    return (await host.start("c", "u1")).record.id


@pytest.mark.asyncio
async def test_an_idle_players_whole_turn_is_played_at_the_deadline(host, clock) -> None:
    sid = await table(host, 300)
    await picks(host, sid)  # round 1 revealed: u1 (the start player) banks or passes
    rec = await host.get(sid)
    assert host.actors(rec) == ["u1"]
    clock.t += 301
    fired = await host.run_clock()
    assert fired and fired[0].moved == [("u1", "timeout"), ("u1", "timeout")]
    rec = await host.get(sid)
    assert sorted(host.actors(rec)) == ["u1", "u2"]  # round 2's picks: a new turn, theirs
    assert rec.clock["u1"]["due"] == clock.t + 300
    sources = [(m.player_id, m.move["type"], m.source) for m in await host.moves(sid)]
    assert sources[2:] == [("u1", sources[2][1], "timeout"), ("u1", "note", "timeout")]
    assert sources[2][1] in ("bank", "pass")
    assert await host.replay(sid) == (True, "")


@pytest.mark.asyncio
async def test_a_player_who_acts_in_time_keeps_the_rest_of_their_turn(host, clock) -> None:
    """Acting in time starts the next step's own deadline; only a step left idle past it is
    played for them (and the rest of that turn)."""
    sid = await table(host, 300)
    await picks(host, sid)
    clock.t += 250
    await host.apply(sid, "u1", {"type": "bank"})  # in time; the second step is theirs
    clock.t += 299  # the second step's deadline is 300 s from the bank, not from the turn
    assert all(not o.moved for o in await host.run_clock())
    rec = await host.get(sid)
    assert host.actors(rec) == ["u1"] and rec.move_count == 3
    clock.t += 2
    fired = await host.run_clock()
    assert fired and fired[0].moved == [("u1", "timeout")]  # the one step left of the turn
