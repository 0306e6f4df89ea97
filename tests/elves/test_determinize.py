"""``determinize`` (issue 15): what ``player`` sees and may do is kept, what is hidden varies.

Hidden in King of the Elves: the other hands, the draw pile and the seed (rules §12); gold
values are fixed by public events and stay (games/elves/determinize.py).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.ai import RandomPlayer
from games.base import canonical
from games.elves import GAME
from games.elves.engine import full_deck
from tests.elves.helpers import build, play

P3 = ["Adam", "Beata", "Carl"]


def _states(n: int, seed: int, every: int = 7) -> list[dict]:
    """Every ``every``-th state of a seeded random playout, and the final one."""
    players = [f"p{i}" for i in range(n)]
    state = GAME.setup(players, {"teleport": seed % 2 == 0}, seed)
    ai = RandomPlayer(seed)
    out, k = [], 0
    while not GAME.is_over(state):
        if k % every == 0:
            out.append(state)
        player = GAME.actors(state)[0]
        state, _ = GAME.apply(state, player, ai.choose(GAME, state, player, k))
        k += 1
    return [*out, state]


def _deck(s: dict) -> Counter:
    cards = Counter(s["draw"]) + Counter(s["discard"])
    for hand in s["hand"]:
        cards.update(hand)
    for realm in s["realms"]:
        for v in realm:
            cards.update(
                [v["card"]]
                + [k for k in ("thief", "gold") if v[k] is not None]
                + ([v["obstacle"]["card"]] if v["obstacle"] else [])
            )
    return cards


@pytest.mark.parametrize(("n", "seed"), [(2, 1), (3, 2), (4, 3), (5, 4), (6, 5)])
def test_view_and_legal_moves_are_kept(n: int, seed: int) -> None:
    for state in _states(n, seed):
        before = canonical(GAME.dump(state))
        for player in [*state["players"], None]:
            for k in range(3):
                d = GAME.determinize(state, player, random.Random(k))
                if player is not None:
                    assert GAME.view(d, player) == GAME.view(state, player)
                    assert GAME.legal_moves(d, player) == GAME.legal_moves(state, player)
                assert GAME.view(d, None) == GAME.view(state, None)
                assert _deck(d) == Counter(full_deck())
                assert d["gold"] == state["gold"] and d["revealed"] == state["revealed"]
        assert canonical(GAME.dump(state)) == before, "determinize changed its input"


def test_hidden_part_varies_and_own_hand_stays() -> None:
    state = _states(4, 3)[3]
    seen = {
        canonical([d["hand"][1:], d["draw"], d["seed"]])
        for d in (GAME.determinize(state, "p0", random.Random(k)) for k in range(10))
    }
    assert len(seen) == 10
    for k in range(10):
        d = GAME.determinize(state, "p0", random.Random(k))
        assert d["hand"][0] == state["hand"][0]
        assert [sum(h.values()) for h in d["hand"]] == [sum(h.values()) for h in state["hand"]]


def test_deterministic_given_rng_and_blind_to_the_hidden_part() -> None:
    """Two states that look the same to p1 give the same determinization for the same rng."""
    for state in _states(3, 2, every=11):
        a = GAME.determinize(state, "p1", random.Random(5))
        assert canonical(a) == canonical(GAME.determinize(state, "p1", random.Random(5)))
        twin = GAME.determinize(state, "p1", random.Random(99))  # p1 cannot tell it from state
        assert canonical(GAME.determinize(twin, "p1", random.Random(5))) == canonical(a)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_determinized_states_play_to_the_end(seed: int) -> None:
    for state in _states(4, seed, every=50):
        player = GAME.actors(state)[0] if GAME.actors(state) else "p0"
        d = GAME.determinize(state, player, random.Random(seed))
        ai = RandomPlayer(seed)
        k = 0
        while not GAME.is_over(d):
            actor = GAME.actors(d)[0]
            d, _ = GAME.apply(d, actor, ai.choose(GAME, d, actor, k))
            k += 1
        assert sorted(r["player"] for r in GAME.outcome(d)) == sorted(d["players"])


def test_a_revealed_hand_stays_known_less_what_was_played() -> None:
    """§6 action 7: Carl showed pig 3, thief 1, escort 1, took a lake and discarded the escort;
    Adam and Beata know those cards are in his hand until he plays them."""
    s = build(
        P3,
        turn="Carl",
        realms={"Adam": ["plains"], "Beata": ["river"]},
        hands={"Carl": {"pig": 3, "thief": 1, "escort": 1}},
        draw=["cloud", "forest", "troll", "lake", "forest", "unicorn"],
    )
    s, _ = play(
        s,
        "Carl",
        {"type": "no_village"},
        {"type": "take_village", "card": "lake"},
        {"type": "discard", "card": "escort"},
    )
    assert s["revealed"][2] == {"pig": 3, "thief": 1, "lake": 1}
    for k in range(10):
        d = GAME.determinize(s, "Adam", random.Random(k))
        assert d["hand"][2] == {"pig": 3, "thief": 1, "lake": 1}
    s["hand"][2]["raft"] = 2  # two cards nobody saw (bought, say)
    hands = {canonical(GAME.determinize(s, "Adam", random.Random(k))["hand"][2]) for k in range(20)}
    assert len(hands) > 1
    assert all(
        GAME.determinize(s, "Adam", random.Random(k))["hand"][2]["pig"] >= 3 for k in range(20)
    )


def test_take_village_keeps_the_village_kinds_of_the_pile() -> None:
    s = build(
        P3,
        turn="Carl",
        realms={"Adam": ["plains"], "Beata": ["river"]},
        hands={"Carl": {"pig": 1}, "Adam": {"lake": 2, "desert": 1}},
        draw=["cloud", "forest", "troll", "forest", "unicorn"],
    )
    s, _ = play(s, "Carl", {"type": "no_village"})
    for k in range(20):
        d = GAME.determinize(s, "Carl", random.Random(k))
        assert GAME.legal_moves(d, "Carl") == [{"type": "take_village", "card": "forest"}]
        assert {c for c in d["draw"] if c in ("lake", "desert")} == set()


def test_no_village_offer_is_kept_for_an_empty_realm() -> None:
    with_village = build(
        P3,
        turn="Carl",
        realms={"Adam": ["plains"]},
        hands={"Carl": {"pig": 1}, "Adam": {"cloud": 5}},
        draw=["forest"],
    )
    without = build(
        P3,
        turn="Carl",
        realms={"Adam": ["plains"]},
        hands={"Carl": {"pig": 1}, "Adam": {"forest": 1}},
        draw=["cloud"],
    )
    for k in range(20):
        for s in (with_village, without):
            d = GAME.determinize(s, "Carl", random.Random(k))
            assert GAME.legal_moves(d, "Carl") == GAME.legal_moves(s, "Carl")
