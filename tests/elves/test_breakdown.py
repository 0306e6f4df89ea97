"""The final breakdown of King of the Elves (issue 13 item 5): each player's gold as start gold
plus the net gold of every round plus the all-villages bonus (rules §2.3, §7.4, §9), shown only
once the game is over (gold values are secret until then, §2.4)."""

from __future__ import annotations

import pytest

from games.ai import RandomPlayer
from games.elves import GAME
from tests.elves.helpers import build, old_dump


def _play(s, player, move):
    return GAME.apply(s, player, move)


def test_example8_bonus_in_the_last_round_is_its_own_category() -> None:
    """Rules Example 8 as the last journey of a 2-player game: income 11, bonus 10, 33 gold."""
    s = build(
        ["Adam", "Beata"],
        phase="travel",
        turn="Adam",
        start="Adam",
        round_no=2,
        realms={"Adam": ["plains", "forest"], "Beata": ["mountain"]},
        hands={"Adam": {"pig": 2, "cloud": 1}},
    )
    s["ledger"]["rounds"] = [[0], [0]]  # round 1 left both at the start gold
    for x in ["pig", "pig", "cloud"]:
        s, _ = _play(s, "Adam", {"type": "travel", "transport": x})
    s, _ = _play(s, "Adam", {"type": "end_journey"})
    assert "final" not in GAME.view(s, None)
    s, _ = _play(s, "Beata", {"type": "end_journey"})
    final = GAME.view(s, None)["final"]
    assert final["gold"] == {"Adam": 33, "Beata": 12}
    assert final["breakdown"] == {
        "Adam": {"start": 12, "rounds": [0, 11], "bonus": 10, "total": 33},
        "Beata": {"start": 12, "rounds": [0, 0], "bonus": 0, "total": 12},
    }


def test_thief_fees_and_purchases_are_in_the_round_net() -> None:
    """Rules Example 9 (2 gold, no escort): Beata pays 2 to Adam and ends with 6; the round's
    net is -6 for her (12 -> 6) and +2 for Adam, with no bonus (the lake was not visited)."""
    players = ["Adam", "Beata", "Carl"]
    s = build(
        players,
        phase="travel",
        turn="Beata",
        start="Carl",
        round_no=3,
        gold={"Beata": 2},
        realms={
            "Adam": ["lake"],
            "Beata": ["plains"],
            "Carl": [{"card": "forest", "thief": "Adam"}],
        },
        hands={"Beata": {"pig": 2}},
    )
    s["rounds"] = 3
    s["ledger"]["rounds"] = [[0, 0], [-10, 0], [0, 0]]  # Beata spent 10 earlier
    for _ in range(2):
        s, _ = _play(s, "Beata", {"type": "travel", "transport": "pig"})
    s, _ = _play(s, "Beata", {"type": "end_journey"})
    br = GAME.view(s, None)["final"]["breakdown"]
    assert br["Beata"] == {"start": 12, "rounds": [-10, 0, 4], "bonus": 0, "total": 6}
    assert br["Adam"] == {"start": 12, "rounds": [0, 0, 2], "bonus": 0, "total": 14}


@pytest.mark.parametrize(("n", "seed"), [(2, 3), (4, 5), (6, 2)])
def test_breakdown_adds_up_and_stays_hidden_until_the_end(n: int, seed: int) -> None:
    players = [f"p{i}" for i in range(n)]
    s = GAME.setup(players, {"teleport": True}, seed)
    ai, k = RandomPlayer(seed), 0
    while not GAME.is_over(s):
        assert all("final" not in GAME.view(s, v) for v in (None, players[k % n]))
        p = GAME.actors(s)[0]
        s, _ = GAME.apply(s, p, ai.choose(GAME, s, p, k))
        k += 1
    final = GAME.view(s, None)["final"]
    for p in players:
        part = final["breakdown"][p]
        assert len(part["rounds"]) == s["rounds"]
        assert part["start"] + sum(part["rounds"]) + part["bonus"] == part["total"]
        assert part["total"] == final["gold"][p]
        assert part["bonus"] % 10 == 0


def test_snapshot_without_the_ledger_loads_and_ends_without_a_breakdown() -> None:
    players = ["a", "b"]
    s = GAME.setup(players, {}, 4)
    data = old_dump(s)
    del data["ledger"]  # a save from before the ledger (rules §11.1, "Saves": migration 1)
    s = GAME.load(data)
    assert s["ledger"] is None
    ai, k = RandomPlayer(4), 0
    while not GAME.is_over(s):
        p = GAME.actors(s)[0]
        s, _ = GAME.apply(s, p, ai.choose(GAME, s, p, k))
        k += 1
    final = GAME.view(s, None)["final"]
    assert "breakdown" not in final and set(final["gold"]) == set(players)


def test_the_engine_keeps_no_copy_of_its_events() -> None:
    """Rules §12-13: the view carries no ``last_events`` (the envelope's ``last``, empty from
    the engine, is filled by the host from its move log); a save from before contract v2
    loses the copy it kept."""
    s = build(
        ["Adam", "Beata"],
        phase="travel",
        turn="Adam",
        start="Adam",
        realms={"Adam": ["plains", "forest"], "Beata": ["mountain"]},
        hands={"Adam": {"pig": 2, "cloud": 1}},
    )
    s, ev = _play(s, "Adam", {"type": "travel", "transport": "pig"})
    assert ev[0]["type"] == "visited" and ev[0]["value"] == 2
    view = GAME.view(s, None)
    assert "last_events" not in view and "last_events" not in s
    assert view["envelope"]["last"] == []
    loaded = GAME.load(old_dump(s, ev))
    again = GAME.view(loaded, None)
    assert "last_events" not in loaded and again["envelope"]["last"] == []
    assert {k: v for k, v in again.items() if k != "envelope"} == {
        k: v for k, v in view.items() if k != "envelope"
    }
