"""Issue 11 mechanics without Discord: the click's one answer (in time, else acknowledged
first), the board log without "has chosen" lines, what a prompt says changed since the
player's last move, who is at the table."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

import games
from bot.adapter.book import book
from bot.adapter.click import Click
from bot.adapter.private import PrivatePrompts
from bot.adapter.publish import ACTIVE_WINDOW, Publisher, event_lines
from bot.core.store import Seat, SessionRecord


class FakeResponse:
    """What Click needs of discord.py's InteractionResponse: one initial response."""

    def __init__(self, delay: float = 0.0) -> None:
        self.calls: list[str] = []
        self.delay = delay

    def is_done(self) -> bool:
        return bool(self.calls)

    async def defer(self) -> None:
        await asyncio.sleep(self.delay)
        self.calls.append("defer")

    async def edit_message(self, **payload: Any) -> None:
        assert not self.calls, "a second initial response"
        self.calls.append("update")


class FakeInteraction:
    def __init__(self) -> None:
        self.response = FakeResponse()
        self.extras: dict[str, Any] = {}
        self.id = 1
        self.edits: list[dict[str, Any]] = []

    async def edit_original_response(self, **payload: Any) -> None:
        self.edits.append(payload)


@pytest.mark.asyncio
async def test_a_quick_answer_is_the_one_update_callback() -> None:
    inter = FakeInteraction()
    click = Click(inter, "1")  # type: ignore[arg-type]
    click.start(budget=0.5)
    assert await click.update(content="next")
    await asyncio.sleep(0.6)  # the guard was cancelled: no late defer
    assert inter.response.calls == ["update"] and inter.edits == []


@pytest.mark.asyncio
async def test_a_slow_answer_is_acknowledged_first_then_edited_in() -> None:
    inter = FakeInteraction()
    click = Click(inter, "1")  # type: ignore[arg-type]
    click.start(budget=0.05)
    await asyncio.sleep(0.1)  # the render takes longer than the budget
    assert inter.response.calls == ["defer"]
    assert await click.update(content="next")
    assert inter.response.calls == ["defer"] and inter.edits == [{"content": "next"}]


@pytest.mark.asyncio
async def test_stop_waits_for_an_acknowledgement_on_its_way() -> None:
    inter = FakeInteraction()
    inter.response.delay = 0.1
    click = Click(inter, "1")  # type: ignore[arg-type]
    click.start(budget=0.01)
    await asyncio.sleep(0.03)  # the guard is deferring right now
    await click.stop()
    assert inter.response.calls == ["defer"]  # done, not cancelled half-way


def record(game: str) -> SessionRecord:
    return SessionRecord(
        id=1,
        guild_id="10",
        channel_id="20",
        game=game,
        options={},
        seed=1,
        status="running",
        version=3,
        host_id="1",
        turn_secs=None,
        seats=[Seat("1", "alice"), Seat("2", "bob")],
    )


def test_has_chosen_events_leave_the_log() -> None:
    """Empire Engine's "alice has set it." is a pick event: the board's "Still choosing"
    line says who has not; the public facts of the same change stay."""
    assert games.get("empire_engine").events["picked"].pick  # the engine's declared role
    assert games.get("tek").events["war_die_set"].pick
    lines = event_lines(
        record("empire_engine"),
        [
            {"type": "picked", "player": "1", "step": "orient"},
            {"type": "laid", "player": "2", "card": "L"},
        ],
    )
    assert len(lines) == 1 and "bob" in lines[0] and "alice" not in lines[0]


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0


def publisher(clock: Clock) -> Publisher:
    host: Any = type("Host", (), {"now": lambda self: clock.now})()
    pub = Publisher.__new__(Publisher)
    pub.host = host
    pub.private = PrivatePrompts(pub)
    return pub


def test_a_player_is_at_the_table_for_the_active_window_after_acting() -> None:
    clock = Clock()
    pub = publisher(clock)
    meta = book({"acted": {"1": 1000.0}})  # as rows stored before the per-player records
    assert pub.active(meta, "1") and not pub.active(meta, "2")
    clock.now += ACTIVE_WINDOW - 1
    assert pub.active(meta, "1")
    clock.now += 2
    assert not pub.active(meta, "1")


def test_a_prompt_shows_the_lines_since_the_players_last_move() -> None:
    pub = publisher(Clock())
    meta = book({"log": [f"line {i}" for i in range(30)], "log_count": 50, "seen": {"1": 47}})
    assert pub.since_last(meta, "1") == ["line 27", "line 28", "line 29"]
    assert pub.since_last(meta, "2") == []  # never acted: nothing "since"
    meta["players"]["1"]["seen"] = 10  # long ago: the latest few only
    assert len(pub.since_last(meta, "1")) == 8
