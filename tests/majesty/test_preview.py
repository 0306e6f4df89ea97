"""``Majesty.preview`` (docs/rules/majesty.md §9 "Preview"): what each legal move does now, in
the engine's own numbers, the same for every state the player cannot tell from this one.

Replaces the old preview from a view (``games/majesty/preview.py`` replaying ``apply`` on a
state rebuilt from a view): the same checks against the real move, and more of them."""

from __future__ import annotations

import json
import random

import pytest

from games.ai import RandomPlayer
from games.base import IllegalMove, canonical
from games.majesty import GAME, engine
from tests.majesty.helpers import build, filler

ABC = ["ann", "bob", "cat"]


def _real(s, p, m):
    after, events = GAME.apply(s, p, m)
    others: dict[str, int] = {}
    for e in events:
        if e["type"] == "gain" and e["player"] != p:
            others[e["player"]] = others.get(e["player"], 0) + e["points"]
    return after, events, others


def _then(after, p) -> str:
    if GAME.is_over(after):
        return "over"
    return after["step"] if GAME.actors(after) == [p] else "done"


def _check_effect(pre, s, p, after, events, others) -> None:
    me, was = after["realms"][p], s["realms"][p]
    assert pre["points"] == me["points"] - was["points"]
    assert pre["meeples"] == me["meeples"] - was["meeples"]
    assert (pre["points_after"], pre["meeples_after"]) == (me["points"], me["meeples"])
    assert (pre["points_before"], pre["meeples_before"]) == (was["points"], was["meeples"])
    assert pre["others"] == others
    assert pre["then"] == _then(after, p)
    assert pre["wounds"] == sum(
        1 for e in events if e["type"] == "attack" and e["result"] == "wounded"
    )
    assert pre["projection"] == {q: b["total"] for q, b in engine.breakdowns(after).items()}
    assert [g["points"] for g in pre["gains"]] == [
        e["points"] for e in events if e["type"] == "gain"
    ]


@pytest.mark.parametrize(
    ("n", "options", "seed"),
    [(2, {}, 1), (4, {"sides": "B", "mixed_deck": True}, 2), (3, {"sides": "ABBAABAB"}, 3)],
)
def test_preview_matches_the_real_move(n, options, seed) -> None:
    s = GAME.setup(["a", "b", "c", "d"][:n], options, seed)
    ai = RandomPlayer(seed)
    k = 0
    while not GAME.is_over(s):
        p = GAME.actors(s)[0]
        for m in GAME.legal_moves(s, p):
            pre = GAME.preview(s, p, m)
            json.dumps(pre, allow_nan=False)
            assert pre["type"] == m["type"]
            after, events, others = _real(s, p, m)
            _check_effect(pre, s, p, after, events, others)
            if m["type"] == "take" and pre["split"]:
                for placement in pre["placements"]:
                    place = {"type": "place", "character": placement["character"]}
                    placed, more, also = _real(after, p, place)
                    total = {q: others.get(q, 0) + also.get(q, 0) for q in {*others, *also}}
                    _check_effect(placement, s, p, placed, events + more, total)
            elif m["type"] == "take":
                assert pre["placements"][0]["points"] == pre["points"]
        s, _ = GAME.apply(s, p, ai.choose(GAME, s, p, k))
        k += 1
    with pytest.raises(IllegalMove):
        GAME.preview(s, "a", {"type": "take", "index": 0})


def test_preview_refuses_what_is_not_legal_and_changes_nothing() -> None:
    s = build(["ann", "bob"], realms={"ann": {"meeples": 1}}, display=[1, 2, 3, 4, 5, 6])
    before = canonical(GAME.dump(s))
    for player, move in [
        ("bob", {"type": "take", "index": 0}),
        ("ann", {"type": "take", "index": 2}),
        ("ann", {"type": "take", "index": True}),
        ("ann", {"type": "place", "character": "miller"}),
        ("ann", "take"),
    ]:
        with pytest.raises(IllegalMove):
            GAME.preview(s, player, move)
    GAME.preview(s, "ann", {"type": "take", "index": 1})
    assert canonical(GAME.dump(s)) == before


def test_preview_does_not_depend_on_the_deck() -> None:
    s = GAME.setup(ABC, {"sides": "B"}, 4)
    ai = RandomPlayer(4)
    for k in range(40):
        p = GAME.actors(s)[0]
        for m in GAME.legal_moves(s, p):
            twin = GAME.determinize(s, p, random.Random(k))
            assert canonical(GAME.preview(twin, p, m)) == canonical(GAME.preview(s, p, m))
        s, _ = GAME.apply(s, p, ai.choose(GAME, s, p, k))


def test_e5_take_of_a_split_card_previews_both_halves() -> None:
    """E5: Guard/Knight at index 2: as Knight it attacks (Bob defends, Cat loses her Brewer)
    and pays 6; as Guard it pays 4 and attacks nobody."""
    realms = {
        "ann": {"barracks": [18]},
        "bob": {"guardhouse": [15, 16], "infirmary": [17]},
        "cat": {"brewery": [8, 25], "guardhouse": [40]},
    }
    s = build(ABC, realms=realms, display=[45, 46, 56, 42, 43, 44])
    pre = GAME.preview(s, "ann", {"type": "take", "index": 2})
    assert (pre["cost"], pre["meeples_gained"], pre["split"]) == (2, 0, True)
    assert pre["card"] == {"id": 56, "tier": 2, "characters": ["guard", "knight"]}
    assert (pre["points"], pre["meeples"], pre["then"]) == (0, -2, "place")
    guard, knight = pre["placements"]
    assert (guard["location"], guard["side"], guard["ability"]) == ("guardhouse", "A", "defend")
    assert (guard["points"], guard["attacks"], guard["then"]) == (4, [], "done")
    assert (knight["location"], knight["ability"], knight["points"]) == ("barracks", "attack", 6)
    assert knight["attacks"] == [
        {"target": "bob", "knights": 2, "guards": 2, "result": "defended"},
        {
            "target": "cat",
            "knights": 2,
            "guards": 1,
            "result": "wounded",
            "card": 25,
            "character": "brewer",
            "location": "brewery",
        },
    ]
    assert knight["wounds"] == 1 and knight["meeples"] == -2
    after, _ = GAME.apply(s, "ann", {"type": "take", "index": 2})
    place = GAME.preview(after, "ann", {"type": "place", "character": "knight"})
    assert (place["points"], place["wounds"], place["location"]) == (6, 1, "barracks")


def test_e6_preview_names_what_the_others_gain() -> None:
    s = build(
        ["ann", "bob", "cat"],
        order=["bob", "cat", "ann"],
        realms={"bob": {"mill": [1], "brewery": [8]}, "ann": {"mill": [2, 3, 4]}},
        display=[45, 9, 46, 42, 43, 44],
    )
    pre = GAME.preview(s, "bob", {"type": "take", "index": 1})
    assert (pre["points"], pre["meeples"], pre["returned"]) == (7, 0, 1)
    assert pre["others"] == {"ann": 2}
    assert [(g["player"], g["points"], g["meeples"]) for g in pre["gains"]] == [
        ("bob", 4, 2),
        ("bob", 2, 0),
        ("ann", 2, 0),
    ]


def test_e4_heal_of_a_split_card_and_its_halves() -> None:
    s = build(
        ["cat", "dan"],
        realms={"cat": {"mill": [4], "infirmary": [8, 52]}},
        display=[14, *filler(5)],
    )
    pre = GAME.preview(s, "cat", {"type": "take", "index": 0})
    assert pre["then"] == "heal_place" and pre["points"] == 0
    assert pre["heal"] == {
        "card": 52,
        "characters": ["witch", "guard"],
        "character": None,
        "location": None,
    }
    after, _ = GAME.apply(s, "cat", {"type": "take", "index": 0})
    witch = GAME.preview(after, "cat", {"type": "heal_place", "character": "witch"})
    guard = GAME.preview(after, "cat", {"type": "heal_place", "character": "guard"})
    assert (witch["points"], witch["location"], witch["payout"]["location"]) == (
        6,
        "cottage",
        "cottage",
    )
    assert (guard["points"], guard["location"]) == (4, "guardhouse")


def test_e12_castle_exchange_says_what_each_amount_gives() -> None:
    s = build(
        ["dora", "eve"],
        sides="B",
        realms={"dora": {"castle": [22], "infirmary": [4, 5], "points": 15}},
        display=[1, 2, 3, 23, 12, 13],
    )
    pre = GAME.preview(s, "dora", {"type": "take", "index": 3})
    assert pre["then"] == "castle_exchange"
    assert pre["exchange"] == {"held": 2, "points": 15, "amounts": [-2, -1, 0, 1, 2, 3]}
    after, _ = GAME.apply(s, "dora", {"type": "take", "index": 3})
    ends = {m["meeples"]: GAME.preview(after, "dora", m) for m in GAME.legal_moves(after, "dora")}
    assert (ends[3]["points_after"], ends[3]["meeples_after"], ends[3]["buy"]) == (28, 5, 3)
    assert (ends[-2]["points_after"], ends[-2]["meeples_after"], ends[-2]["sell"]) == (33, 0, 2)
    assert ends[0]["gains"][0]["points"] == 16 and ends[0]["then"] == "done"


def test_the_last_move_previews_the_end() -> None:
    """The last turn's moves say the game ends and give the final totals as the projection."""
    ended = 0
    for seed in range(4):
        s = GAME.setup(["a", "b"], {}, seed)
        ai = RandomPlayer(seed)
        k = 0
        while not (s["t"] == 23 and s["step"] == "take"):
            p = GAME.actors(s)[0]
            s, _ = GAME.apply(s, p, ai.choose(GAME, s, p, k))
            k += 1
        p = GAME.actors(s)[0]
        for m in GAME.legal_moves(s, p):
            pre, (after, _) = GAME.preview(s, p, m), GAME.apply(s, p, m)
            if not GAME.is_over(after):
                assert pre["then"] in ("place", "heal_place", "castle_exchange")
                continue
            ended += 1
            assert pre["then"] == "over"
            assert pre["projection"] == {r["player"]: r["score"] for r in GAME.outcome(after)}
    assert ended > 0
