"""Issue 15 item 2: ``determinize`` keeps what a player has seen and redraws what is hidden."""

from __future__ import annotations

import random

from games.ai import RandomPlayer
from games.base import canonical
from games.empire_engine import GAME
from tests.empire_engine.helpers import build, play

CASES = [
    (2, {}, 1),
    (3, {}, 2),
    (4, {"teams": True, "team_shared_defence": True}, 3),
    (3, {"house_powers": True}, 4),
    (3, {"open_scores": True}, 5),
    (6, {}, 6),
]


def states(n: int, options: dict, seed: int, every: int = 3) -> list[dict]:
    """Every ``every``-th state of a seeded random playout."""
    players = [f"p{i}" for i in range(n)]
    s = GAME.setup(players, options, seed)
    ai, rng, out = RandomPlayer(seed), random.Random(seed), []
    step = 0
    while not GAME.is_over(s):
        if step % every == 0:
            out.append(s)
        actors = GAME.actors(s)
        p = actors[rng.randrange(len(actors))]
        s, _ = GAME.apply(s, p, ai.choose(GAME, s, p, step))
        step += 1
    return out + [s]


def test_view_and_legal_moves_are_kept_and_the_input_untouched() -> None:
    checked = 0
    for n, options, seed in CASES:
        for s in states(n, options, seed):
            before = canonical(GAME.dump(s))
            for p in s["players"]:
                d = GAME.determinize(s, p, random.Random(checked))
                assert canonical(GAME.view(d, p)) == canonical(GAME.view(s, p))
                assert canonical(GAME.legal_moves(d, p)) == canonical(GAME.legal_moves(s, p))
                assert canonical(GAME.actors(d)) == canonical(GAME.actors(s))
                again = GAME.determinize(s, p, random.Random(checked))
                assert canonical(GAME.dump(again)) == canonical(GAME.dump(d))
                checked += 1
            assert canonical(GAME.dump(s)) == before
    assert checked > 900


def test_face_down_picks_are_redrawn() -> None:
    s = build(["A", "B", "C"], start="A", round_=2, tops={p: ("Arm", "Invent") for p in "ABC"})
    s = play(s, "A", {"type": "place", "card": "L", "pay": None})
    s = play(s, "A", {"type": "gear", "card": "L", "gear": 2, "turns": 2, "action": "Produce"})
    gears = {GAME.determinize(s, "B", random.Random(i))["picks"]["A"]["gear"] for i in range(40)}
    assert gears == {1, 2}
    assert all(
        GAME.determinize(s, "A", random.Random(i))["picks"]["A"]["gear"] == 2 for i in range(10)
    )
    r1 = build(["A", "B"], start="A")
    r1 = play(r1, "A", {"type": "lay", "card": "R"})
    r1 = play(r1, "A", {"type": "orient", "card": "R", "action": "Defend"})
    drawn = {GAME.determinize(r1, "B", random.Random(i))["picks"]["A"]["R"] for i in range(40)}
    assert drawn == {"Invent", "Defend", "Attack", "Export"}


def test_salvaged_types_of_others_are_redrawn_totals_kept() -> None:
    s = build(["A", "B"], start="A")
    s["score"]["A"] = {"soldier": 1, "good": 0, "invention": 2}
    s["salvaged"]["A"] = [["invention"]]
    piles = set()
    for i in range(40):
        d = GAME.determinize(s, "B", random.Random(i))
        pile = d["score"]["A"]
        assert sum(pile.values()) == 3 and pile["soldier"] >= 1 and pile["invention"] >= 1
        piles.add(canonical(pile))
    assert len(piles) == 3
    assert GAME.determinize(s, "A", random.Random(0))["score"]["A"] == s["score"]["A"]
    s["options"] = {**s["options"], "open_scores": True}
    assert GAME.determinize(s, "B", random.Random(0))["score"]["A"] == s["score"]["A"]


def test_hidden_part_varies_over_playouts() -> None:
    varied = total = 0
    for n, options, seed in CASES[:4]:
        for s in states(n, options, seed, every=5):
            p = s["players"][0]
            draws = {
                canonical(GAME.dump(GAME.determinize(s, p, random.Random(i)))) for i in range(6)
            }
            total += 1
            varied += len(draws) > 1
    assert varied > total // 4, (varied, total)


def test_a_determinized_state_plays_to_the_end() -> None:
    for n, options, seed in CASES:
        for k, s in enumerate(states(n, options, seed, every=17)):
            d = GAME.determinize(s, s["players"][-1], random.Random(k))
            ai, step = RandomPlayer(k), 0
            while not GAME.is_over(d):
                p = GAME.actors(d)[0]
                d, _ = GAME.apply(d, p, ai.choose(GAME, d, p, step))
                step += 1
            assert len(GAME.outcome(d)) == n
