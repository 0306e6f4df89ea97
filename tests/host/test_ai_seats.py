"""AI seats in the host (issue 15 item 3, issue 17 finding 1), on both store backends: the
level is chosen in the lobby and stored with the seat, a lost AI reply is resumed by the turn
clock and at start-up, exactly once."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.core.ai_runner import AiRunner, resume_after, seat_label
from bot.core.host import SessionHost
from bot.core.store import StoreUnavailable
from tests.host.test_host import PICK, code_of
from tests.toygame import TOY


class Recorder(AiRunner):
    """An AI runner that thinks in this thread (random: the toy game has no determinize)
    and records the level of every decision."""

    def __init__(self) -> None:
        super().__init__(budget_s=0.0, workers=0)
        self.levels: list[tuple[str, str]] = []

    async def choose(self, game: Any, state: Any, player: str, level: str, seed: str) -> Any:
        self.levels.append((player, level))
        return await super().choose(game, state, player, level, seed)


def make_host(store: Any, clock: Any, inline: bool = True) -> SessionHost:
    return SessionHost(
        store,
        registry={"toy": TOY},
        now=clock,
        seed_source=lambda: 5,
        ai=Recorder(),
        inline_ai=inline,
    )


async def lobby(host: SessionHost, *levels: str | None, rounds: int = 2) -> None:
    await host.create(
        guild_id="g",
        channel_id="c",
        game_id="toy",
        options={"rounds": rounds},
        user_id="u1",
        user_name="Ann",
        turn_secs=None,
    )
    for level in levels:
        await host.add_ai("c", "u1", level=level)


@pytest.mark.asyncio
async def test_the_level_is_stored_with_the_seat_and_shown_in_its_name(store, clock) -> None:
    host = make_host(store, clock)
    await lobby(host, "hard", None)
    rec = await store.get_session((await host.active("c")).id)
    assert [(s.player_id, s.is_ai, s.ai_level) for s in rec.seats] == [
        ("u1", False, None),
        ("ai:1", True, "hard"),
        ("ai:2", True, "medium"),
    ]
    assert host.names(rec) == {"u1": "Ann", "ai:1": "AI 1 · hard", "ai:2": "AI 2 · medium"}


@pytest.mark.asyncio
async def test_an_unknown_level_is_refused_in_the_lobby_and_nothing_changes(store, clock) -> None:
    host = make_host(store, clock)
    await lobby(host)
    before = await host.active("c")
    assert await code_of(host.add_ai("c", "u1", level="grandmaster")) == "unknown_ai_level"
    after = await host.active("c")
    assert (after.version, after.player_ids) == (before.version, ["u1"])


@pytest.mark.asyncio
async def test_each_ai_seat_plays_its_level_and_ai_seats_are_never_rated(store, clock) -> None:
    host = make_host(store, clock)
    await lobby(host, "easy", "hard")
    await host.join("c", "u2", "Bob")
    rec = (await host.start("c", "u1")).record
    while rec.status == "running":
        actor = next(p for p in host.actors(rec) if not p.startswith("ai:"))
        rec = (await host.apply(rec.id, actor, host.legal_moves(rec, actor)[0])).record
    assert {lv for p, lv in host.ai.levels if p == "ai:1"} == {"easy"}  # type: ignore[attr-defined]
    assert {lv for p, lv in host.ai.levels if p == "ai:2"} == {"hard"}  # type: ignore[attr-defined]
    results = await store.recent_results("g", None, 10)
    assert sorted(r["player_id"] for r in results) == ["u1", "u2"]
    assert {r["player_id"] for r in await store.standings("g", "toy")} == {"u1", "u2"}


@pytest.mark.asyncio
async def test_a_player_who_leaves_and_an_idle_player_are_played_at_medium(store, clock) -> None:
    host = make_host(store, clock)
    await host.create(
        guild_id="g",
        channel_id="c",
        game_id="toy",
        options={"rounds": 2},
        user_id="u1",
        user_name="Ann",
        turn_secs=300,
    )
    await host.join("c", "u2", "Bob")
    await host.join("c", "u3", "Cid")
    rec = (await host.start("c", "u1")).record
    out = await host.leave("c", "u2")
    seat = out.record.seat_of("u2")
    assert seat is not None and (seat.is_ai, seat.ai_level) == (True, "medium")
    assert seat_label(seat) == "Bob (AI · medium)"
    assert ("u2", "ai") in out.moved
    await host.apply(rec.id, "u1", PICK)
    clock.t += 301  # Cid idles: the clock moves for him at the takeover level
    fired = await host.run_clock()
    assert ("u3", "timeout") in fired[0].moved
    assert ("u3", "medium") in host.ai.levels  # type: ignore[attr-defined]


@pytest.mark.asyncio
async def test_the_bot_plays_ai_seats_one_step_at_a_time(store, clock) -> None:
    """Without inline AI (the bot), a move returns at once and each AI reply is its own
    step, so the board can be shown after each."""
    host = make_host(store, clock, inline=False)
    await lobby(host, None, None)
    out = await host.start("c", "u1")
    assert out.moved == [] and host.ai_to_move(out.record) == "ai:1"
    first = await host.ai_step(out.record.id)
    assert first is not None and first.moved == [("ai:1", "ai")]
    second = await host.ai_step(out.record.id)
    assert second is not None and second.moved == [("ai:2", "ai")]
    assert await host.ai_step(out.record.id) is None  # only u1 acts now
    assert host.ai_to_move(second.record) is None


def fail_once(store: Any, when: Any) -> None:
    """The store's next ``save`` of a move matching ``when`` fails (a full disk, the database
    gone): the change before it was stored, the AI's reply is lost."""
    real = store.save
    armed = [True]

    async def save(rec: Any, before: int, move: Any = None, *args: Any, **kw: Any) -> Any:
        if armed[0] and move is not None and when(move):
            armed[0] = False
            raise StoreUnavailable("the write failed")
        return await real(rec, before, move, *args, **kw)

    store.save = save


async def stuck_on_the_ai(host: SessionHost, store: Any) -> int:
    """Ann and an AI, two rounds: the AI starts round 2, so after both picks only the AI may
    act (bank or pass); that reply's write fails."""
    await lobby(host, None)
    rec = (await host.start("c", "u1")).record
    rec = (await host.apply(rec.id, "u1", PICK)).record
    rec = (await host.apply(rec.id, "u1", {"type": "bank"})).record
    fail_once(store, lambda m: m.player_id == "ai:1" and m.move["type"] in ("bank", "pass"))
    # Ann's pick is stored, so her click is not answered "nothing was changed" (issue 31)
    out = await host.apply(rec.id, "u1", PICK)
    assert out.moved == [("u1", "player")]  # the AI's reply is not among them
    rec = await host.get(rec.id)
    assert rec.status == "running" and host.actors(rec) == ["ai:1"]
    return rec.id


@pytest.mark.asyncio
async def test_a_lost_ai_reply_is_resumed_by_one_clock_tick(store, clock) -> None:
    host = make_host(store, clock)
    session = await stuck_on_the_ai(host, store)
    assert await host.run_clock() == []  # a live reply may still land: not yet
    clock.t += resume_after(host.ai.budget_s) + 1
    fired = await host.run_clock()
    assert [o.moved for o in fired] == [[("ai:1", "ai")]]
    rec = await host.get(session)
    assert rec.status == "finished"
    assert [m.source for m in await store.moves(session)][-1] == "ai"
    assert await host.run_clock() == []  # once


@pytest.mark.asyncio
async def test_a_lost_ai_reply_is_found_at_start_up_and_played_once(store, clock) -> None:
    host = make_host(store, clock)
    session = await stuck_on_the_ai(host, store)
    # a restart: two new hosts (two processes) over the same database both catch up
    a, b = make_host(store, clock, inline=False), make_host(store, clock, inline=False)
    assert await a.ai_owing() == [session]
    outs = await asyncio.gather(a.ai_step(session), b.ai_step(session))
    done = [o for o in outs if o is not None]
    assert len(done) == 1 and done[0].moved == [("ai:1", "ai")]
    assert (await host.get(session)).status == "finished"
    moves = await store.moves(session)
    assert [m.player_id for m in moves].count("ai:1") == 3  # pick, pick, bank/pass: once each
    assert await a.ai_owing() == []


@pytest.mark.asyncio
async def test_a_record_stored_without_the_ai_clock_entry_is_found_at_start_up(
    store, clock
) -> None:
    """A table stored before AI seats carried a clock entry (or by any other writer): the
    start-up scan finds the owed move all the same."""
    host = make_host(store, clock, inline=False)
    await lobby(host, None)
    rec = (await host.start("c", "u1")).record
    before = rec.version
    rec.clock = {p: c for p, c in rec.clock.items() if not p.startswith("ai:")}
    await store.save(rec, before)
    assert await host.ai_owing() == [rec.id]
    out = await host.ai_step(rec.id)
    assert out is not None and out.moved == [("ai:1", "ai")]
