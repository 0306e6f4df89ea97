"""Scenario tests for the rules, options and refusals the worked examples do not cover."""

from __future__ import annotations

import json

import pytest

from games.ai import play_out
from games.base import IllegalMove
from games.majesty import GAME, engine
from games.majesty.tables import (
    CARDS,
    CHARACTERS,
    DECK1,
    DECK2,
    MAJORITY,
    REALM_LOCATIONS,
    card_tier,
)
from tests.majesty.helpers import build, filler, gains, types


def take(state, player, index):
    return GAME.apply(state, player, {"type": "take", "index": index})


def refused(state, player, move, code):
    before = json.dumps(GAME.dump(state), sort_keys=True)
    with pytest.raises(IllegalMove) as info:
        GAME.apply(state, player, move)
    assert info.value.code == code, (info.value.code, str(info.value))
    assert str(info.value).endswith(".")
    assert json.dumps(GAME.dump(state), sort_keys=True) == before


# Data tables ---------------------------------------------------------------------------------


def test_deck_composition() -> None:
    assert len(CARDS) == 60 and len(DECK1) == 33 and len(DECK2) == 27
    singles = [c for c, (_, h) in CARDS.items() if len(h) == 1]
    splits = [c for c, (_, h) in CARDS.items() if len(h) == 2]
    assert len(singles) == 37 and len(splits) == 23
    per_char = {ch: sum(1 for _, h in CARDS.values() if h == (ch,)) for ch in CHARACTERS}
    assert per_char == {
        "miller": 9,
        "brewer": 6,
        "witch": 5,
        "guard": 5,
        "knight": 3,
        "innkeeper": 4,
        "noble": 5,
    }
    order = list(CHARACTERS)
    assert all(order.index(h[0]) < order.index(h[1]) for _, h in CARDS.values() if len(h) == 2)
    assert MAJORITY == {"A": [10, 11, 12, 13, 14, 15, 16], "B": [14, 12, 12, 8, 8, 12, 16]}


# Setup and options -----------------------------------------------------------------------------


@pytest.mark.parametrize(("n", "deck"), [(2, 27), (3, 35), (4, 47)])
def test_setup_deck_sizes(n: int, deck: int) -> None:
    s = GAME.setup([f"p{i}" for i in range(n)], {}, 1)
    assert len(s["deck"]) == deck and len(s["display"]) == 6
    cards = [d["card"] for d in s["display"]] + s["deck"]
    kept = {2: 6, 3: 14, 4: 26}[n]
    assert sum(1 for c in cards if c <= 33) == kept
    assert sorted(c for c in cards if c > 33) == list(range(34, 61))
    # deck 1 lies on top of deck 2
    tiers = [card_tier(c) for c in cards]
    assert tiers == sorted(tiers)
    for r in s["realms"].values():
        assert (r["points"], r["meeples"], r["taken"], r["infirmary"]) == (0, 5, 0, [])


@pytest.mark.parametrize("n", [2, 3, 4])
def test_mixed_deck_keeps_all_sixty(n: int) -> None:
    s = GAME.setup([f"p{i}" for i in range(n)], {"mixed_deck": True}, 4)
    cards = [d["card"] for d in s["display"]] + s["deck"]
    assert sorted(cards) == list(range(1, 61))
    final, _ = play_out(GAME, s, 1)
    assert len(final["deck"]) + len(final["display"]) == 60 - 12 * n


def test_sides_normalised() -> None:
    players = ["a", "b"]
    assert GAME.setup(players, {"sides": "b"}, 1)["options"]["sides"] == "BBBBBBBB"
    assert (
        GAME.setup(players, {"sides": "abAB abab".replace(" ", "")}, 1)["options"]["sides"]
        == "ABABABAB"
    )
    assert GAME.setup(players, {}, 1)["options"] == {
        "sides": "AAAAAAAA",
        "mixed_deck": False,
        "tiebreak_meeples": False,
        "unbounded_meeples": False,
    }
    v = GAME.view(GAME.setup(players, {"sides": "aaaaaaab"}, 1), None)
    assert v["options"]["sides"] == "AAAAAAAB"


@pytest.mark.parametrize("players", [[], ["a"], ["a", "b", "c", "d", "e"], ["a", "a"]])
def test_setup_refuses_player_lists(players) -> None:
    with pytest.raises(ValueError):
        GAME.setup(players, {}, 1)


@pytest.mark.parametrize(
    "options",
    [
        {"colour": 1},
        {"sides": "C"},
        {"sides": "AAB"},
        {"sides": 1},
        {"sides": "AAAAAAAAA"},
        {"mixed_deck": 1},
        {"tiebreak_meeples": "yes"},
    ],
)
def test_setup_refuses_bad_options(options) -> None:
    with pytest.raises(ValueError):
        GAME.setup(["a", "b"], options, 1)


def test_setup_is_deterministic_and_seed_dependent() -> None:
    a = GAME.setup(["a", "b", "c"], {}, 5)
    assert a == GAME.setup(["a", "b", "c"], {}, 5)
    firsts = {GAME.setup(["a", "b", "c"], {}, seed)["order"][0] for seed in range(20)}
    assert len(firsts) > 1
    assert any(GAME.setup(["a", "b", "c"], {}, seed)["deck"] != a["deck"] for seed in range(6))


def test_turn_order_starts_at_random_player_and_wraps() -> None:
    for seed in range(10):
        s = GAME.setup(["a", "b", "c"], {}, seed)
        first = s["order"][0]
        i = ["a", "b", "c"].index(first)
        assert s["order"] == (["a", "b", "c"] * 2)[i : i + 3]
        assert GAME.actors(s) == [first]
        assert GAME.view(s, None)["round"] == 1 and GAME.view(s, None)["turn"] == 1
        s2, ev = take(s, first, 0)
        if s2["step"] == "take":
            assert GAME.actors(s2) == [s["order"][1]]
            assert ev[-1] == {"type": "turn", "player": s["order"][1], "round": 1}


# Refusals ---------------------------------------------------------------------------------------


def test_refusal_codes() -> None:
    s = build(["ann", "bob"], realms={"ann": {"meeples": 2}}, display=[2, 12, 1, 15, 18, 8])
    refused(s, "bob", {"type": "take", "index": 0}, "not_your_turn")
    refused(s, "stranger", {"type": "take", "index": 0}, "not_your_turn")
    refused(s, "ann", "take", "bad_move")
    refused(s, "ann", None, "bad_move")
    refused(s, "ann", {"type": "draw"}, "bad_move")
    refused(s, "ann", {"type": "take"}, "bad_move")
    refused(s, "ann", {"type": "take", "index": 0, "x": 1}, "bad_move")
    refused(s, "ann", {"type": "take", "index": 1.0}, "bad_move")
    refused(s, "ann", {"type": "take", "index": True}, "bad_move")
    refused(s, "ann", {"type": "take", "index": "1"}, "bad_move")
    refused(s, "ann", {"type": "place", "character": "miller"}, "wrong_step")
    refused(s, "ann", {"type": "castle_exchange", "meeples": 0}, "wrong_step")
    refused(s, "ann", {"type": "take", "index": 6}, "bad_index")
    refused(s, "ann", {"type": "take", "index": -1}, "bad_index")
    refused(s, "ann", {"type": "take", "index": 3}, "cannot_afford")
    s2, _ = take(s, "ann", 0)  # a Miller, single card
    assert s2["step"] == "take"


def test_refusals_in_place_and_exchange_steps() -> None:
    s = build(
        ["ann", "bob"],
        sides="B",
        realms={"ann": {"points": 1, "meeples": 1}},
        display=[25, 22, *filler(4)],
    )
    s2, _ = take(s, "ann", 0)
    assert s2["step"] == "place"
    refused(s2, "ann", {"type": "place", "character": "noble"}, "bad_character")
    refused(s2, "ann", {"type": "place", "character": "Miller"}, "bad_character")
    refused(s2, "ann", {"type": "heal_place", "character": "miller"}, "wrong_step")
    refused(s2, "ann", {"type": "take", "index": 0}, "wrong_step")
    refused(s2, "bob", {"type": "place", "character": "miller"}, "not_your_turn")
    s3, _ = GAME.apply(s2, "ann", {"type": "place", "character": "brewer"})
    s4, _ = take(s3, "bob", 0)  # bob takes the Noble 22 at the Castle B
    assert s4["step"] == "castle_exchange"
    refused(s4, "bob", {"type": "castle_exchange", "meeples": 1}, "bad_amount")
    refused(s4, "bob", {"type": "castle_exchange", "meeples": -6}, "bad_amount")
    refused(s4, "bob", {"type": "castle_exchange", "meeples": 0.0}, "bad_move")
    assert [m["meeples"] for m in GAME.legal_moves(s4, "bob")] == [-5, -4, -3, -2, -1, 0]


def test_game_over_refuses_everything() -> None:
    final, _ = play_out(GAME, GAME.setup(["a", "b"], {}, 2), 2)
    assert GAME.is_over(final) and GAME.actors(final) == []
    refused(final, "a", {"type": "take", "index": 0}, "game_over")
    assert GAME.legal_moves(final, "a") == []
    assert GAME.view(final, None)["active"] is None and GAME.view(final, None)["step"] == "over"


def test_outcome_empty_before_the_end_and_never_secret() -> None:
    s = GAME.setup(["a", "b"], {}, 2)
    assert GAME.outcome(s) == []
    for p in GAME.actors(s):
        assert all(not GAME.is_secret(s, p, m) for m in GAME.legal_moves(s, p))


def test_apply_does_not_mutate() -> None:
    s = build(["ann", "bob"], realms={"ann": {"mill": [1]}}, display=[2, *filler(5)])
    before = json.dumps(s, sort_keys=True)
    take(s, "ann", 0)
    assert json.dumps(s, sort_keys=True) == before


# Taking a card -------------------------------------------------------------------------------


def test_take_legal_indices_limited_by_display_and_held() -> None:
    s = build(["ann", "bob"], realms={"ann": {"meeples": 9}}, display=[1, 2, 3, 4, 5, 6])
    assert [m["index"] for m in GAME.legal_moves(s, "ann")] == [0, 1, 2, 3, 4, 5]
    s = build(["ann", "bob"], realms={"ann": {"meeples": 5}}, display=[1, 2, 3], deck=[])
    assert [m["index"] for m in GAME.legal_moves(s, "ann")] == [0, 1, 2]
    assert GAME.legal_moves(s, "bob") == []


def test_split_card_place_step_sees_the_new_sixth_card() -> None:
    """Rulebook p.4 "Jakmile jste si vybrali postavu ... dodejte novou (šestou) kartu": the
    refill comes with the take, so the half is chosen with six cards on display."""
    s = build(["ann", "bob"], display=[27, *filler(5)], deck=[60, 59])
    s2, ev = take(s, "ann", 0)
    assert types(ev) == ["take", "refill"]
    assert ev[1] == {"type": "refill", "card": 60, "deck_count": 1}
    assert s2["step"] == "place" and len(s2["display"]) == 6
    assert s2["display"][-1] == {"card": 60, "meeples": 0}
    v = GAME.view(s2, "ann")
    assert [d["card"]["id"] for d in v["display"]] == [*filler(5), 60]
    assert v["deck_count"] == 1 and v["deck_top_tier"] == 2
    assert v["pending"] == {
        "kind": "place",
        "card": {"id": 27, "tier": 1, "characters": ["miller", "knight"]},
    }
    s3, ev = GAME.apply(s2, "ann", {"type": "place", "character": "miller"})
    assert types(ev) == ["place", "gain", "turn"]
    assert len(s3["display"]) == 6 and s3["deck"] == [59]


def test_heal_choice_sees_the_new_sixth_card() -> None:
    """The refill comes before a Witch's heal of a split card (step heal_place)."""
    s = build(
        ["ann", "bob"], realms={"ann": {"infirmary": [29]}}, display=[12, *filler(5)], deck=[58, 57]
    )
    s2, ev = take(s, "ann", 0)
    assert s2["step"] == "heal_place"
    assert types(ev) == ["take", "refill", "place"]
    assert [d["card"]["id"] for d in GAME.view(s2, "ann")["display"]] == [*filler(5), 58]


def test_castle_b_exchange_sees_the_new_sixth_card() -> None:
    """The refill comes before the Castle B exchange, which is decided seeing the new card."""
    s = build(
        ["ann", "bob"],
        sides="B",
        realms={"ann": {"points": 4}},
        display=[22, *filler(5)],
        deck=[33, 57],
    )
    s2, ev = take(s, "ann", 0)
    assert s2["step"] == "castle_exchange"
    assert types(ev) == ["take", "refill", "place"]
    view = GAME.view(s2, "ann")
    assert [d["card"]["id"] for d in view["display"]] == [*filler(5), 33]
    assert view["deck_count"] == 1 and view["deck_top_tier"] == 2
    s3, ev = GAME.apply(s2, "ann", {"type": "castle_exchange", "meeples": 0})
    assert "refill" not in types(ev) and s3["deck"] == [57]


def test_no_refill_from_an_empty_deck() -> None:
    s = build(["ann", "bob"], display=[1, *filler(5)], deck=[])
    s2, ev = take(s, "ann", 0)
    assert "refill" not in types(ev) and len(s2["display"]) == 5


# Locations, side A -------------------------------------------------------------------------------


def test_brewery_a_counts_other_players_millers_only() -> None:
    s = build(["ann", "bob"], realms={"bob": {"infirmary": [1]}}, display=[8, *filler(5)])
    s2, ev = take(s, "ann", 0)
    assert gains(ev) == [("ann", 2, 1)]
    assert [e for e in ev if e["type"] == "meeples_returned"][0]["meeples"] == 1
    assert s2["realms"]["ann"]["points"] == 3


def test_guardhouse_a() -> None:
    s = build(
        ["ann", "bob"],
        realms={"ann": {"barracks": [18], "inn": [20, 21]}},
        display=[15, *filler(5)],
    )
    s2, ev = take(s, "ann", 0)
    assert gains(ev) == [("ann", 8, 0)]


def test_inn_a_pays_every_player_with_a_brewer() -> None:
    s = build(
        ["ann", "bob", "cat"],
        realms={
            "ann": {"inn": [20], "brewery": [8]},
            "cat": {"brewery": [9]},
            "bob": {"infirmary": [10]},
        },
        display=[21, *filler(5)],
    )
    s2, ev = take(s, "ann", 0)
    assert gains(ev) == [("ann", 8, 0), ("ann", 3, 0), ("cat", 3, 0)]


def test_castle_a_points_and_meeples() -> None:
    s = build(
        ["ann", "bob"],
        realms={"ann": {"castle": [22], "meeples": 4}},
        display=[(46, 0), 23, *filler(4)],
    )
    s2, ev = take(s, "ann", 1)
    assert gains(ev) == [("ann", 10, 2)]
    # held 4 - 1 + 2 = 5: no surplus
    assert "meeples_returned" not in types(ev)
    assert s2["realms"]["ann"]["points"] == 10 and s2["realms"]["ann"]["meeples"] == 5


def test_cottage_a_heals_only_one_card_top_first() -> None:
    s = build(["ann", "bob"], realms={"ann": {"infirmary": [1, 18]}}, display=[12, *filler(5)])
    s2, ev = take(s, "ann", 0)
    assert s2["realms"]["ann"]["infirmary"] == [1]
    heal = [e for e in ev if e["type"] == "heal"]
    assert heal == [
        {"type": "heal", "player": "ann", "card": 18, "character": "knight", "location": "barracks"}
    ]
    assert "attack" not in types(ev)  # a healed Knight does not attack
    assert gains(ev) == [("ann", 2, 0)]


def test_healed_card_is_appended_last() -> None:
    s = build(
        ["ann", "bob"], realms={"ann": {"mill": [1, 2], "infirmary": [3]}}, display=[12, *filler(5)]
    )
    s2, _ = take(s, "ann", 0)
    assert [e["id"] for e in s2["realms"]["ann"]["locations"]["mill"]] == [1, 2, 3]


def test_healed_split_card_may_take_either_half() -> None:
    # 27 (Miller/Knight) was wounded from the Mill; it may come back as a Knight
    s = build(["ann", "bob"], realms={"ann": {"infirmary": [27]}}, display=[12, *filler(5)])
    s2, _ = take(s, "ann", 0)
    s3, ev = GAME.apply(s2, "ann", {"type": "heal_place", "character": "knight"})
    assert [e["id"] for e in s3["realms"]["ann"]["locations"]["barracks"]] == [27]
    assert "attack" not in types(ev)


def test_split_witch_heals() -> None:
    s = build(["ann", "bob"], realms={"ann": {"infirmary": [1]}}, display=[29, *filler(5)])
    s2, _ = take(s, "ann", 0)
    s3, ev = GAME.apply(s2, "ann", {"type": "place", "character": "witch"})
    assert types(ev)[:3] == ["place", "heal", "gain"]
    assert gains(ev) == [("ann", 4, 0)]


# Attack ---------------------------------------------------------------------------------------


def test_attack_wounds_most_recent_card_of_leftmost_location() -> None:
    s = build(
        ["ann", "bob"],
        realms={"bob": {"cottage": [12, 52], "castle": [22]}},
        display=[18, *filler(5)],
    )
    s2, ev = take(s, "ann", 0)
    att = [e for e in ev if e["type"] == "attack"]
    assert att == [
        {
            "type": "attack",
            "player": "ann",
            "target": "bob",
            "knights": 1,
            "guards": 0,
            "result": "wounded",
            "card": 52,
            "character": "witch",
            "location": "cottage",
        }
    ]
    assert [e["id"] for e in s2["realms"]["bob"]["locations"]["cottage"]] == [12]
    assert s2["realms"]["bob"]["infirmary"] == [52]
    v = GAME.view(s2, None)
    assert v["realms"]["bob"]["infirmary"] == [{"id": 52, "characters": ["witch", "guard"]}]


def test_attack_one_card_however_large_the_difference() -> None:
    s = build(
        ["ann", "bob"],
        realms={"ann": {"barracks": [18, 19, 42]}, "bob": {"mill": [1, 2, 3]}},
        display=[27, *filler(5)],
    )
    s2, _ = take(s, "ann", 0)
    s3, ev = GAME.apply(s2, "ann", {"type": "place", "character": "knight"})
    assert [e["knights"] for e in ev if e["type"] == "attack"] == [4]
    assert len(s3["realms"]["bob"]["infirmary"]) == 1
    assert gains(ev) == [("ann", 12, 0)]


def test_attack_on_an_empty_realm_and_order_of_targets() -> None:
    s = build(
        ["ann", "bob", "cat", "dan"],
        active="cat",
        realms={"dan": {"guardhouse": [15]}, "ann": {"infirmary": [1]}},
        display=[18, *filler(5)],
    )
    s2, ev = take(s, "cat", 0)
    att = [(e["target"], e["result"]) for e in ev if e["type"] == "attack"]
    assert att == [("dan", "defended"), ("ann", "nothing_to_wound"), ("bob", "nothing_to_wound")]
    assert s2["realms"]["ann"]["infirmary"] == [1]


def test_wounding_can_empty_a_location() -> None:
    s = build(
        ["ann", "bob"], realms={"bob": {"brewery": [8], "castle": [22]}}, display=[18, *filler(5)]
    )
    s2, _ = take(s, "ann", 0)
    assert GAME.view(s2, None)["realms"]["bob"]["counts"]["brewery"] == 0
    assert GAME.view(s2, None)["majority"]["brewery"]["leaders"] == []


# Castle B exchange ----------------------------------------------------------------------------


def test_castle_exchange_amounts() -> None:
    assert engine.castle_exchange_amounts(2, 15) == [-2, -1, 0, 1, 2, 3]
    assert engine.castle_exchange_amounts(9, 0) == [-9, -8, -7, -6, -5, 0]
    assert engine.castle_exchange_amounts(0, 0) == [0]
    assert engine.castle_exchange_amounts(0, 2) == [0, 1, 2]
    assert engine.castle_exchange_amounts(5, 100) == [-5, -4, -3, -2, -1, 0]
    assert engine.castle_exchange_amounts(6, 1) == [-6, -5, -4, -3, -2, 0]


def test_castle_exchange_skipped_when_only_zero() -> None:
    s = build(
        ["ann", "bob"],
        sides="B",
        realms={"ann": {"meeples": 5, "infirmary": [1]}},
        display=[1, 2, 3, 4, 5, 22],
    )
    s2, ev = take(s, "ann", 5)
    assert s2["realms"]["ann"]["meeples"] == 0
    assert "castle_exchange" not in types(ev)
    assert gains(ev) == [("ann", 8, 0)]
    assert s2["step"] == "take"


def test_mixed_sides_each_location_uses_its_own_side() -> None:
    # Mill on A (no Witch bonus), Castle on B (exchange)
    s = build(
        ["ann", "bob"],
        sides="AAAAAAB" + "A",
        realms={"bob": {"cottage": [12]}},
        display=[1, *filler(5)],
    )
    s2, ev = take(s, "ann", 0)
    assert gains(ev) == [("ann", 2, 0)]
    s = build(
        ["ann", "bob"], sides="BAAAAAAA", realms={"bob": {"cottage": [12]}}, display=[1, *filler(5)]
    )
    s2, ev = take(s, "ann", 0)
    assert gains(ev) == [("ann", 2, 0), ("bob", 3, 0)]


# Views ------------------------------------------------------------------------------------------


def test_view_hides_deck_and_seed() -> None:
    s = GAME.setup(["a", "b", "c"], {}, 123456)
    v = GAME.view(s, None)
    text = json.dumps(v)
    assert "deck" not in {k for k in v if k not in ("deck_count", "deck_top_tier")}
    assert "123456" not in text and "seed" not in text
    assert v["deck_count"] == 35 and v["deck_top_tier"] == 1
    assert v["viewer"] is None
    pv = GAME.view(s, "b")
    assert pv["viewer"] == "b"
    assert {**pv, "viewer": None} == v
    assert set(v["majority"]) == set(REALM_LOCATIONS)
    assert v["display"][3]["cost"] == 3 and v["display"][3]["index"] == 3
    vb = GAME.view(GAME.setup(["a", "b"], {"sides": "B"}, 1), None)
    assert vb["majority"]["infirmary"] == {"value": -10, "leaders": [], "count": 0}


def test_view_projection_and_final() -> None:
    s = build(["ann", "bob"], realms={"ann": {"mill": [1], "points": 5}})
    v = GAME.view(s, None)
    assert v["projection"] == {"ann": 5 + 1 + 10, "bob": 0}
    assert v["majority"]["mill"] == {"value": 10, "leaders": ["ann"], "count": 1}
    assert v["final"] is None
    final, _ = play_out(GAME, GAME.setup(["a", "b"], {}, 9), 9)
    fv = GAME.view(final, None)
    assert fv["final"] == GAME.outcome(final)
    assert {r["player"]: r["score"] for r in fv["final"]} == fv["projection"]
    assert fv["round"] == 12 and fv["turn"] == 24


def test_last_turn_triggers_final_scoring() -> None:
    s = build(
        ["ann", "bob"],
        active="bob",
        round_=12,
        realms={"ann": {"mill": [1]}},
        display=[2, *filler(5)],
    )
    s2, ev = take(s, "bob", 0)
    assert GAME.is_over(s2)
    t = types(ev)
    assert t[:4] == ["take", "refill", "place", "gain"]
    assert "turn" not in t and t[-1] == "game_over"
    assert t.count("final_infirmary") == 2 and t.count("final_variety") == 2
    out = {r["player"]: r["score"] for r in GAME.outcome(s2)}
    assert out == {"ann": 1 + 10, "bob": 2 + 1 + 10}  # Mill majority shared 1 = 1


# Ranking ----------------------------------------------------------------------------------------


def _ended(table: dict, tiebreak: bool):
    from tests.majesty.helpers import realm_from_counts

    realms = {
        p: {**realm_from_counts({"mill": mill}), "points": pts, "meeples": held, "taken": 12}
        for p, (pts, held, mill) in table.items()
    }
    s = build(list(table), realms=realms, tiebreak_meeples=tiebreak)
    engine.final_scoring(s, [])
    return [(r["player"], r["rank"], r["score"]) for r in GAME.outcome(s)]


def test_tiebreak_applies_at_every_rank_and_equal_meeples_share() -> None:
    # variety 1 each; Mill majority to "d" (2 cards) only
    table = {"a": (50, 1, 1), "b": (40, 3, 1), "c": (40, 2, 1), "d": (30, 2, 2)}
    assert _ended(table, False) == [("a", 1, 51), ("b", 2, 41), ("c", 2, 41), ("d", 2, 41)]
    assert _ended(table, True) == [("a", 1, 51), ("b", 2, 41), ("c", 3, 41), ("d", 3, 41)]


def test_three_player_game_ends_with_empty_deck_and_five_cards() -> None:
    final, moves = play_out(GAME, GAME.setup(["a", "b", "c"], {}, 8), 8)
    v = GAME.view(final, None)
    assert v["deck_count"] == 0 and v["deck_top_tier"] is None and len(v["display"]) == 5
    assert sum(1 for _, m in moves if m["type"] == "take") == 36
    assert all(r["meeples"] <= 5 for r in v["realms"].values())


def test_only_the_active_player_gains_meeples() -> None:
    state = GAME.setup(["a", "b", "c", "d"], {"sides": "B"}, 21)
    final, moves = play_out(GAME, state, 21)
    s = state
    for p, m in moves:
        before = {q: s["realms"][q]["meeples"] for q in s["players"] if q != p}
        s, events = GAME.apply(s, p, m)
        assert {q: s["realms"][q]["meeples"] for q in before} == before
        assert all(e["player"] == p for e in events if e["type"] == "gain" and e["meeples"])
        assert s["realms"][p]["meeples"] <= 5 or s["step"] in (
            "place",
            "heal_place",
            "castle_exchange",
        )
