"""The bot's AI runner (issue 15 item 3, "Bad input"): AI decisions in worker processes, a
stuck or failing AI replaced by a random legal move (logged) without stopping the game; seat
names with levels; the demo's level."""

from __future__ import annotations

import asyncio
import logging
import random
import time
from pathlib import Path
from typing import Any

import pytest

import games
from bot.cli import main
from bot.core.ai_runner import AiRunner, default_workers, seat_label, valid_level
from bot.core.errors import HostError
from bot.core.store import Seat
from games import ai
from tests.toygame import HighCard


class SlowToy(HighCard):
    """The toy game with a ``determinize`` that never returns in time (a stuck search)."""

    id = "slowtoy"

    def determinize(self, state: Any, player: str, rng: random.Random) -> Any:
        time.sleep(30)
        return state


class BrokenToy(HighCard):
    """The toy game with a ``determinize`` that raises (a bug in the AI's view of a game)."""

    id = "brokentoy"

    def determinize(self, state: Any, player: str, rng: random.Random) -> Any:
        raise RuntimeError("planted failure")


def toy_state(game: HighCard) -> Any:
    return game.setup(["p0", "p1"], {"rounds": 1}, 3)


def test_the_pool_is_sized_to_the_machine() -> None:
    assert [default_workers(n) for n in (1, 2, 3, 8, 64)] == [1, 1, 2, 4, 4]


@pytest.mark.asyncio
async def test_a_worker_process_chooses_a_legal_move_of_the_level() -> None:
    runner = AiRunner(budget_s=0.05, workers=1)
    await runner.start()  # the worker imports the engines first (the bot does it at start)
    try:
        game = games.get("majesty")
        state = game.setup(["p0", "p1"], {}, 1)
        player = game.actors(state)[0]
        move = await runner.choose(game, state, player, "hard", "s1")
        assert move in game.legal_moves(state, player)
        assert runner.fallbacks == 0
    finally:
        await runner.close()


@pytest.mark.asyncio
async def test_a_stuck_ai_times_out_to_a_random_legal_move_and_the_next_one_works(
    caplog: pytest.LogCaptureFixture,
) -> None:
    runner = AiRunner(budget_s=0.01, workers=1, margin_s=3.0)  # loaded machines: room
    await runner.start()
    slow = SlowToy()
    try:
        started = time.monotonic()
        with caplog.at_level(logging.WARNING, logger="bot.core.ai_runner"):
            move = await runner.choose(slow, toy_state(slow), "p0", "hard", "s")
        assert time.monotonic() - started < 20  # not the 30 s the stuck search would take
        assert move in slow.legal_moves(toy_state(slow), "p0")
        assert runner.fallbacks == 1
        assert any("timed out" in r.getMessage() for r in caplog.records)
        # the stuck worker was replaced: the next decision is the AI's own again
        game = games.get("majesty")
        state = game.setup(["p0", "p1"], {}, 2)
        player = game.actors(state)[0]
        assert await runner.choose(game, state, player, "medium", "s") in game.legal_moves(
            state, player
        )
        assert runner.fallbacks == 1
    finally:
        await runner.close()


@pytest.mark.asyncio
async def test_an_ai_that_raises_plays_a_random_legal_move_in_this_thread_too() -> None:
    runner = AiRunner(budget_s=0.01, workers=0)
    broken = BrokenToy()
    moves = await asyncio.gather(
        *(runner.choose(broken, toy_state(broken), p, "hard", "s") for p in ("p0", "p1"))
    )
    for p, move in zip(("p0", "p1"), moves, strict=True):
        assert move in broken.legal_moves(toy_state(broken), p)


def test_levels_are_checked_for_the_lobby_and_shown_in_seat_names() -> None:
    assert valid_level(None) == "medium" and valid_level("hard") == "hard"
    with pytest.raises(HostError) as caught:
        valid_level("grandmaster")
    assert caught.value.code == "unknown_ai_level" and "grandmaster" in str(caught.value)
    assert seat_label(Seat("ai:2", "AI 2", True, "hard")) == "AI 2 · hard"
    assert seat_label(Seat("ai:1", "AI 1", True, None)) == "AI 1 · medium"  # stored before
    assert seat_label(Seat("42", "Ann", True, "medium")) == "Ann (AI · medium)"
    assert seat_label(Seat("42", "Ann")) == "Ann"


def test_the_demo_plays_medium_by_default_and_takes_another_level(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    asked: list[str] = []
    real_get = ai.get

    def recording_get(level: str, *args: Any, **kwargs: Any) -> Any:
        asked.append(level)
        return real_get("random", *args, **kwargs)  # fast; the level asked is what counts

    monkeypatch.setattr(ai, "get", recording_get)
    assert main(["demo", "majesty", "--seed", "1", "--out", str(tmp_path / "a")]) == 0
    assert asked and set(asked) == {"medium"}
    asked.clear()
    assert (
        main(["demo", "majesty", "--seed", "1", "--ai", "hard", "--out", str(tmp_path / "b")]) == 0
    )
    assert asked and set(asked) == {"hard"}
    assert "replay check: ok" in capsys.readouterr().out
    with pytest.raises(SystemExit) as exited:
        main(["demo", "majesty", "--ai", "grandmaster", "--out", str(tmp_path / "c")])
    assert exited.value.code == 2
