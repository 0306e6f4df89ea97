"""Take-backs in the engine contract (``games.base.Undoable``): the invariant suite's
:func:`tests.invariants.check_undo` passes the four games, finds undoable moves in each, and
catches an ``undoable`` that lets a revealing move be taken back."""

from __future__ import annotations

import random
from typing import Any

import pytest

import games
from games.ai import RandomPlayer
from games.base import Game, can_undo
from tests.invariants import check_playout, check_undo, players_for
from tests.toygame import HighCard


def playout(game: Game, n: int, seed: int) -> list[tuple[Any, str, dict[str, Any], Any]]:
    """Every step of a seeded random game as (before, player, move, after)."""
    players = players_for(n)
    state = game.setup(players, {}, seed)
    ai, rng = RandomPlayer(seed), random.Random(seed)
    steps = []
    while not game.is_over(state):
        actors = game.actors(state)
        player = actors[rng.randrange(len(actors))]
        move = ai.choose(game, state, player, len(steps))
        after, _ = game.apply(state, player, move)
        steps.append((state, player, move, after))
        state = after
    return steps


@pytest.mark.parametrize("gid", sorted(games.REGISTRY))
def test_every_game_has_undoable_moves_and_they_reveal_nothing(gid: str) -> None:
    game = games.get(gid)
    steps = playout(game, 3, 1)
    undone = [
        m["type"]
        for before, p, m, after in steps
        if check_undo(game, before, p, m, after, players_for(3), 1)
    ]
    assert undone, f"{gid}: no move of a whole game was undoable"
    assert len(undone) < len(steps), f"{gid}: every move was undoable"
    for before, p, m, after in steps:
        if game.is_secret(before, p, m) or game.is_over(after):
            assert not can_undo(game, before, p, m, after)


def test_majesty_take_that_turns_up_a_card_is_not_undoable() -> None:
    game = games.get("majesty")
    takes = [(b, p, m, a) for b, p, m, a in playout(game, 2, 0) if m["type"] == "take"]
    refilled = [s for s in takes if s[3]["deck"] != s[0]["deck"]]
    assert len(refilled) >= 10
    assert not any(can_undo(game, *s) for s in refilled)
    placed = [s for s in playout(game, 2, 0) if s[2]["type"] == "place" and not game.is_over(s[3])]
    assert placed and all(can_undo(game, *s) for s in placed)


def test_tek_war_dice_and_token_flips_are_not_undoable() -> None:
    game = games.get("tek")
    steps = [s for seed in range(3) for s in playout(game, 2, seed)]
    dice = [s for s in steps if s[2]["type"] == "war_die"]
    flips = [s for s in steps if s[0]["tokens"] != s[3]["tokens"]]
    assert not any(can_undo(game, *s) for s in dice + flips)
    moves = [
        s
        for s in steps
        if s[2]["type"] == "move_to" and s[0]["tokens"] == s[3]["tokens"] and not s[3]["war"]
    ]
    assert moves and all(can_undo(game, *s) for s in moves)


def always(cls: type) -> type:
    """``cls`` with an ``undoable`` that trusts every public move (forgets what is hidden)."""

    def undoable(self: Any, before: Any, player: str, move: Any, after: Any) -> bool:
        return not self.is_secret(before, player, move) and not self.is_over(after)

    return type(f"Sloppy{cls.__name__}", (cls,), {"undoable": undoable})


@pytest.mark.parametrize("gid", sorted(games.REGISTRY))
def test_a_sloppy_undoable_fails_the_suite(gid: str) -> None:
    sloppy = always(type(games.get(gid)))()
    options = {"exploration": True} if gid == "tek" else {}  # TEK hides nothing else
    with pytest.raises(AssertionError, match="reveals something"):
        for seed in range(3):
            check_playout(sloppy, 2, options, seed)


def test_a_secret_pick_called_undoable_fails_the_suite() -> None:
    class UndoesPicks(HighCard):
        def undoable(self, before: Any, player: str, move: Any, after: Any) -> bool:
            return True

    with pytest.raises(AssertionError, match="called undoable"):
        check_playout(UndoesPicks(), 3, {"rounds": 3}, 0)


def test_a_game_without_undoable_never_undoes() -> None:
    game = HighCard()
    state = game.setup(["a", "b"], {}, 0)
    for p in ("a", "b"):
        state, _ = game.apply(state, p, {"type": "pick", "value": 1})
    after, _ = game.apply(state, "a", {"type": "bank"})
    assert not can_undo(game, state, "a", {"type": "bank"}, after)
