"""The supply of helper figures (pomocníci) is the box's 30 (issue 30; docs/rules/majesty.md
§1.1 and decision 14).

Rulebook p.2-3 (MINDOK): "na ni postavte svých 5 pomocníků. Zbylé figurky pomocníků (celkem je
jich 30) umístěte na stůl", p.8 "HRA OBSAHUJE … 30 dřevěných figurek". A figure that is not in
the common supply cannot be taken: a meeple payout gives what the supply holds, the Castle B
exchange buys no more than it holds. The figures lying on display cards are not in the supply.
"""

from __future__ import annotations

from typing import Any

from games.majesty import GAME, engine
from games.majesty.tables import MEEPLES_TOTAL
from tests.majesty.helpers import build

FOUR = ["ann", "bob", "cat", "dan"]


def _four_full(display: list[Any], **realm: Any) -> dict[str, Any]:
    """Four players holding 5 each (20 of the 30 figures); ``display`` carries the rest."""
    realms = {p: {"meeples": 5} for p in FOUR}
    realms["bob"] = {"meeples": 5, **realm}
    return build(
        FOUR, active="bob", order=["bob", "cat", "dan", "ann"], realms=realms, display=display
    )


def test_the_box_has_30_helper_figures() -> None:
    assert MEEPLES_TOTAL == 30
    state = GAME.setup(FOUR, {}, 1)
    # 4 x 5 on the worker cards, 10 left on the table
    assert engine.supply(state) == 10
    assert engine.supply(GAME.setup(FOUR[:2], {}, 1)) == 20


def test_castle_a_pays_only_the_figures_left_in_the_supply() -> None:
    # supply = 30 - 20 held - 9 on the display = 1; the second Noble asks for 2 meeples
    display = [22, (45, 4), (46, 3), (42, 2), 43, 44]
    state = _four_full(display, castle=[23], points=0)
    assert engine.supply(state) == 1
    after, events = GAME.apply(state, "bob", {"type": "take", "index": 0})
    gain = next(e for e in events if e["type"] == "gain")
    assert (gain["points"], gain["meeples"], gain["short"]) == (10, 1, 1)
    # 5 + 1 = 6 held, one returned at the end of the turn for 1 point: 10 + 1 = 11
    assert after["realms"]["bob"]["points"] == 11
    assert after["realms"]["bob"]["meeples"] == 5
    assert engine.supply(after) == 1


def test_castle_a_with_the_house_rule_of_an_unbounded_supply() -> None:
    display = [22, (45, 4), (46, 3), (42, 2), 43, 44]
    state = _four_full(display, castle=[23], points=0)
    state["options"]["unbounded_meeples"] = True
    after, events = GAME.apply(state, "bob", {"type": "take", "index": 0})
    gain = next(e for e in events if e["type"] == "gain")
    assert (gain["meeples"], "short" in gain) == (2, False)
    assert after["realms"]["bob"]["points"] == 12  # 10 + 2 returned


def test_brewery_with_an_empty_supply_gives_points_but_no_meeple() -> None:
    display = [8, (45, 4), (46, 3), (42, 3), 43, 44]
    state = _four_full(display, points=0)
    assert engine.supply(state) == 0
    after, events = GAME.apply(state, "bob", {"type": "take", "index": 0})
    gain = next(e for e in events if e["type"] == "gain")
    assert (gain["points"], gain["meeples"], gain["short"]) == (2, 0, 1)
    assert after["realms"]["bob"]["meeples"] == 5
    assert after["realms"]["bob"]["points"] == 2


def test_castle_b_buys_no_more_figures_than_the_supply_holds() -> None:
    # Dan holds 5, pays 3 for the Noble at index 3: held 2, the display then carries 8 + 3
    display = [45, 46, 42, 23, (43, 4), (44, 4)]
    realms = {p: {"meeples": 5} for p in FOUR}
    realms["dan"] = {"meeples": 5, "points": 15, "castle": [22], "infirmary": [1, 2]}
    state = build(FOUR, sides="B", active="dan", realms=realms, display=display)
    after, _ = GAME.apply(state, "dan", {"type": "take", "index": 3})
    assert engine.supply(after) == 30 - 15 - 2 - 11 == 2
    amounts = [m["meeples"] for m in GAME.legal_moves(after, "dan")]
    # rules §11 E12 gives [-2..3] with a full supply; only 2 figures are left to buy
    assert amounts == [-2, -1, 0, 1, 2]
    state["options"]["unbounded_meeples"] = True
    after, _ = GAME.apply(state, "dan", {"type": "take", "index": 3})
    assert [m["meeples"] for m in GAME.legal_moves(after, "dan")] == [-2, -1, 0, 1, 2, 3]


def test_figures_are_never_made_or_lost_in_whole_games() -> None:
    import random

    for n, seed in ((2, 3), (3, 5), (4, 7)):
        rng = random.Random(seed)
        state = GAME.setup(FOUR[:n], {"sides": "B"}, seed)
        while not GAME.is_over(state):
            (actor,) = GAME.actors(state)
            state, _ = GAME.apply(state, actor, rng.choice(GAME.legal_moves(state, actor)))
            assert 0 <= engine.supply(state) <= MEEPLES_TOTAL
