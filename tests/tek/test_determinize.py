"""Issue 15: ``GAME.determinize`` keeps what a player has seen and draws the rest again.

Hidden from a player in tek: another player's set, unrevealed war die (§10.2), the identity of
face-down exploration tokens and the unused pool's order (§14). Over many seeded states of
random playouts: the player's view and legal moves are unchanged, the input is untouched, the
result is deterministic given the generator, the hidden part does vary, and the result plays on
to the end with legal moves.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.tek import GAME
from tests.tek.helpers import build, play, turn


def sample_states(n: int, exploration: bool, seed: int, every: int = 17) -> list[dict[str, Any]]:
    """States of a seeded random game, one every ``every`` moves plus every war-die state."""
    s = GAME.setup([f"p{i}" for i in range(n)], {"exploration": exploration}, seed)
    rng = random.Random(seed)
    out = []
    for i in range(4000):
        if GAME.is_over(s):
            break
        if i % every == 0 or GAME.view(s, None)["step"]["name"] == "war_die":
            out.append(s)
        actors = GAME.actors(s)
        p = actors[rng.randrange(len(actors))]
        moves = GAME.legal_moves(s, p)
        s, _ = GAME.apply(s, p, moves[rng.randrange(len(moves))])
    return out


@pytest.mark.parametrize(("n", "exploration"), [(2, True), (3, False), (4, True), (5, True)])
def test_determinize_keeps_view_and_legal_moves(n: int, exploration: bool) -> None:
    for k, s in enumerate(sample_states(n, exploration, seed=n)):
        before = GAME.dump(s)
        for p in s["players"]:
            d = GAME.determinize(s, p, random.Random(k))
            assert GAME.view(d, p) == GAME.view(s, p)
            assert GAME.legal_moves(d, p) == GAME.legal_moves(s, p)
            assert GAME.actors(d) == GAME.actors(s)
            again = GAME.determinize(s, p, random.Random(k))
            assert GAME.dump(again) == GAME.dump(d)
        assert GAME.dump(s) == before  # the input is never changed


def test_face_down_tokens_are_drawn_again() -> None:
    s = sample_states(4, True, seed=9)[3]
    hidden = [r for r, t in s["tokens"].items() if not t["up"]]
    assert len(hidden) >= 5
    deals = {
        tuple(GAME.determinize(s, "p0", random.Random(k))["tokens"][r]["id"] for r in hidden)
        for k in range(20)
    }
    assert len(deals) > 1
    real = sorted([s["tokens"][r]["id"] for r in hidden] + s["token_pool"])
    d = GAME.determinize(s, "p0", random.Random(1))
    assert sorted([d["tokens"][r]["id"] for r in hidden] + d["token_pool"]) == real


def war_with_a_secret_die() -> dict[str, Any]:
    s = build(
        {"a": "1A", "b": "2A", "c": "3A"},
        res={"a": (2, 0, 0), "b": (3, 2, 0)},
        meeples={"2A-c": ["a"], "1A-a": ["a"], "2A-d": ["b"], "2A-a": ["b"], "3A-a": ["c"]},
    )
    s = turn(s, "patrol", ["a", "b", "c"])
    s, _ = play(
        s,
        ("a", {"type": "perform", "action": "patrol"}),
        ("a", {"type": "move_from", "region": "2A-c"}),
        ("a", {"type": "move_to", "region": "2A-d"}),
        ("b", {"type": "war_die", "value": 7}),
    )
    return s


def test_the_opponents_unrevealed_die_is_drawn_among_its_possible_values() -> None:
    s = war_with_a_secret_die()
    seen = {GAME.determinize(s, "a", random.Random(k))["war"]["values"]["b"] for k in range(40)}
    assert len(seen) > 1
    assert seen <= {"flag", *range(1, 9)}  # b holds R(3,2,0): at most 8
    own = GAME.determinize(s, "b", random.Random(0))
    assert own["war"]["values"]["b"] == 7  # a player's own die is known to them
    for k in range(10):  # a spectating player sees only "has set"
        d = GAME.determinize(s, "c", random.Random(k))
        assert GAME.view(d, "c") == GAME.view(s, "c")


def test_a_determinized_state_plays_to_the_end() -> None:
    for k, s in enumerate(sample_states(3, True, seed=5, every=101)):
        d = GAME.determinize(s, s["players"][k % 3], random.Random(k))
        rng = random.Random(k)
        for _ in range(5000):
            if GAME.is_over(d):
                break
            actors = GAME.actors(d)
            p = actors[rng.randrange(len(actors))]
            moves = GAME.legal_moves(d, p)
            d, _ = GAME.apply(d, p, moves[rng.randrange(len(moves))])
        assert GAME.is_over(d) and GAME.outcome(d)
