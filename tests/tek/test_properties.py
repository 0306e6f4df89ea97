"""Seeded random games checking the game's own invariants at every step (§7.3, §8, §11)."""

from __future__ import annotations

import random

import pytest

from games.tek import GAME
from games.tek import rules as R


def check(s: dict) -> None:
    for r, ms in s["meeples"].items():
        assert len(ms) <= 2, r
        kinds = {m[0] for m in ms}
        war = s["war"]
        if len(kinds) == 2 and "neutral" in kinds:
            assert war and war["neutral"] and war["region"] == r
        for m in ms:
            if m[1]:
                assert R.REGIONS[r]["type"] == "ruins"
    for p in s["players"]:
        info = s["pl"][p]
        if info["home"] and s["turn"] >= 1 and R.meeples_in_play(s, p) == 0:
            # §7.3: a player may lose every meeple, and then cannot Expand (p.8, issue 30)
            assert R.expand_regions(s, p) == [], p
            assert not R.action_possible(s, p, "expand"), p
        assert R.meeples_in_play(s, p) <= 7
        assert all(0 <= v <= 9 for v in info["res"].values()), info["res"]
        assert 0 <= info["magic"] <= 5 and 0 <= info["tower"] <= 6
    assert len(s["shields"]) == len(set(s["shields"])) <= 5
    if len(s["players"]) == 2:
        assert all(R.allies(s, p) == [] for p in s["players"])


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("exploration", [False, True])
def test_random_games_keep_the_invariants(n: int, exploration: bool) -> None:
    for seed in range(3):
        s = GAME.setup([f"p{i}" for i in range(n)], {"exploration": exploration}, seed)
        rng = random.Random(seed)
        wars = 0
        for _ in range(5000):
            if GAME.is_over(s):
                break
            actors = GAME.actors(s)
            p = actors[rng.randrange(len(actors))]
            moves = GAME.legal_moves(s, p)
            assert 0 < len(moves) <= 25
            s, events = GAME.apply(s, p, moves[rng.randrange(len(moves))])
            wars += sum(1 for e in events if e["type"] in ("war_started", "neutral_war"))
            check(s)
        assert GAME.is_over(s)
        out = GAME.outcome(s)
        assert s["end"] is not None and len(s["shields"]) == 5
        for row in out:
            assert row["score"] == row["breakdown"]["total"]
        assert sorted(r["player"] for r in out) == sorted(s["players"])
