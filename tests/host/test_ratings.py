"""``bot.core.ratings``: OpenSkill over the human seats, and the standings read back."""

from __future__ import annotations

import pytest

from bot.core.ratings import conservative, final_results, rank_rating
from bot.core.store import Rating


def test_a_newcomer_starts_at_zero_and_the_winner_climbs() -> None:
    outcome = [
        {"player": "a", "rank": 1, "score": 5},
        {"player": "b", "rank": 2, "score": 3},
        {"player": "ai:1", "rank": 3, "score": 1},
    ]
    results, rate, changes = final_results(outcome, {"a", "b"})
    assert [r["player"] for r in results] == ["a", "b"]  # AI seats are not stored
    new = rate({})
    assert set(new) == {"a", "b"} and new["a"].wins == 1 and new["b"].games == 1
    assert changes["a"][0] == pytest.approx(0.0, abs=1e-9)
    assert changes["a"][1] > changes["b"][1]
    assert conservative(new["a"].mu, new["a"].sigma) == pytest.approx(changes["a"][1])


def test_one_human_is_not_rated_and_old_ratings_carry_on() -> None:
    lone = [{"player": "a", "rank": 1}, {"player": "ai:1", "rank": 2}]
    assert rank_rating(lone, {"a"})({}) == {}
    rows = [{"player": "a", "rank": 2}, {"player": "b", "rank": 1}]
    new = rank_rating(rows, {"a", "b"})({"a": Rating("a", 30.0, 2.0, games=4, wins=3)})
    assert new["a"].games == 5 and new["a"].wins == 3 and new["a"].mu < 30.0


@pytest.mark.asyncio
async def test_standings_are_best_skill_first(host) -> None:
    assert await host.standing.standings("g", None) == []
    rows = await host.standing.standings("g", "toy")
    assert rows == sorted(rows, key=lambda r: -conservative(r["mu"], r["sigma"]))
