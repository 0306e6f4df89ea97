"""The worked examples E1-E15 of docs/rules/majesty.md (§11), with their exact numbers."""

from __future__ import annotations

import json

from games.ai import play_out
from games.majesty import GAME, engine
from tests.majesty.helpers import build, filler, gains, realm_from_counts, types

ABC = ["ann", "bob", "cat"]


def take(state, player, index):
    return GAME.apply(state, player, {"type": "take", "index": index})


def realm(state, p):
    return state["realms"][p]


def loc_ids(state, p, loc):
    return [e["id"] for e in state["realms"][p]["locations"][loc]]


# E1 ----------------------------------------------------------------------------------------


def test_e1_second_miller_gives_4() -> None:
    s = build(["ann", "bob"], realms={"ann": {"mill": [1]}}, display=[2, *filler(5)])
    s2, ev = take(s, "ann", 0)
    assert loc_ids(s2, "ann", "mill") == [1, 2]
    assert realm(s2, "ann")["points"] == 4 and realm(s2, "ann")["meeples"] == 5
    assert types(ev) == ["take", "refill", "place", "gain", "turn"]
    assert gains(ev) == [("ann", 4, 0)]
    assert ev[-1] == {"type": "turn", "player": "bob", "round": 1}


# E2 ----------------------------------------------------------------------------------------


def test_e2_witch_with_two_millers_gives_6() -> None:
    s = build(["ann", "bob"], realms={"ann": {"mill": [1, 2]}}, display=[12, *filler(5)])
    s2, ev = take(s, "ann", 0)
    assert "heal" not in types(ev)
    assert gains(ev) == [("ann", 6, 0)]
    assert realm(s2, "ann")["points"] == 6


# E3 ----------------------------------------------------------------------------------------


def test_e3_heal_then_witch_pays_8() -> None:
    s = build(
        ["ann", "bob"],
        realms={"ann": {"mill": [1], "cottage": [12], "infirmary": [3]}},
        display=[13, *filler(5)],
    )
    s2, ev = take(s, "ann", 0)
    assert loc_ids(s2, "ann", "mill") == [1, 3]
    assert loc_ids(s2, "ann", "cottage") == [12, 13]
    assert realm(s2, "ann")["infirmary"] == []
    assert types(ev)[:5] == ["take", "refill", "place", "heal", "gain"]
    assert ev[2] == {
        "type": "place",
        "player": "ann",
        "card": 13,
        "character": "witch",
        "location": "cottage",
    }
    assert ev[3] == {
        "type": "heal",
        "player": "ann",
        "card": 3,
        "character": "miller",
        "location": "mill",
    }
    # the Mill is not triggered by the healed Miller: the only gain is the Cottage's 8
    assert gains(ev) == [("ann", 8, 0)]
    assert realm(s2, "ann")["points"] == 8


# E4 ----------------------------------------------------------------------------------------


def _e4(sides: str):
    s = build(
        ["cat", "dan"],
        sides=sides,
        realms={"cat": {"mill": [4], "infirmary": [8, 52]}},
        display=[14, *filler(5)],
    )
    s2, ev = take(s, "cat", 0)
    assert s2["step"] == "heal_place"
    assert GAME.legal_moves(s2, "cat") == [
        {"type": "heal_place", "character": "witch"},
        {"type": "heal_place", "character": "guard"},
    ]
    assert types(ev) == ["take", "refill", "place"]
    assert GAME.legal_moves(s2, "dan") == []
    return s2


def test_e4_healing_a_split_card_as_witch() -> None:
    s2 = _e4("A")
    s3, ev = GAME.apply(s2, "cat", {"type": "heal_place", "character": "witch"})
    assert loc_ids(s3, "cat", "cottage") == [14, 52]
    assert realm(s3, "cat")["infirmary"] == [8]
    assert gains(ev) == [("cat", 6, 0)]
    assert types(ev)[:2] == ["heal", "gain"]
    assert s3["step"] == "take" and engine.active_player(s3) == "dan"


def test_e4_healing_a_split_card_as_guard() -> None:
    s2 = _e4("A")
    s3, ev = GAME.apply(s2, "cat", {"type": "heal_place", "character": "guard"})
    assert loc_ids(s3, "cat", "guardhouse") == [52]
    assert loc_ids(s3, "cat", "cottage") == [14]
    assert realm(s3, "cat")["infirmary"] == [8]
    assert gains(ev) == [("cat", 4, 0)]


def test_e4_side_b() -> None:
    s2 = _e4("B")
    s3, ev = GAME.apply(s2, "cat", {"type": "heal_place", "character": "witch"})
    assert gains(ev) == [("cat", 6, 0)]
    s3, ev = GAME.apply(s2, "cat", {"type": "heal_place", "character": "guard"})
    assert gains(ev) == [("cat", 3, 0)]
    assert realm(s3, "cat")["infirmary"] == [8]


# E5 ----------------------------------------------------------------------------------------


def _e5(sides: str = "A", ann_extra: dict | None = None):
    realms = {
        "ann": {"barracks": [18], **(ann_extra or {})},
        "bob": {"guardhouse": [15, 16], "infirmary": [17]},
        "cat": {"brewery": [8, 25], "guardhouse": [40]},
    }
    s = build(ABC, sides=sides, realms=realms, display=[45, 46, 56, 42, 43, 44])
    s2, ev = take(s, "ann", 2)
    assert realm(s2, "ann")["meeples"] == 3
    assert [d["meeples"] for d in s2["display"][:2]] == [1, 1]
    assert s2["step"] == "place"
    assert GAME.legal_moves(s2, "ann") == [
        {"type": "place", "character": "guard"},
        {"type": "place", "character": "knight"},
    ]
    return s2


def test_e5_attack_one_defends_one_wounded() -> None:
    s2 = _e5()
    s3, ev = GAME.apply(s2, "ann", {"type": "place", "character": "knight"})
    assert loc_ids(s3, "ann", "barracks") == [18, 56]
    assert ev[0] == {
        "type": "place",
        "player": "ann",
        "card": 56,
        "character": "knight",
        "location": "barracks",
    }
    assert ev[1] == {
        "type": "attack",
        "player": "ann",
        "target": "bob",
        "knights": 2,
        "guards": 2,
        "result": "defended",
    }
    assert ev[2] == {
        "type": "attack",
        "player": "ann",
        "target": "cat",
        "knights": 2,
        "guards": 1,
        "result": "wounded",
        "card": 25,
        "character": "brewer",
        "location": "brewery",
    }
    assert ev[3] == {
        "type": "gain",
        "player": "ann",
        "points": 6,
        "meeples": 0,
        "location": "barracks",
        "reason": ev[3]["reason"],
    }
    assert types(ev)[4:] == ["turn"]
    assert ev[-1]["player"] == "bob"
    assert loc_ids(s3, "cat", "brewery") == [8]
    assert realm(s3, "cat")["infirmary"] == [25]
    assert realm(s3, "bob")["infirmary"] == [17]
    assert realm(s3, "ann")["points"] == 6


def test_e5_side_b_with_an_innkeeper() -> None:
    s2 = _e5("B", {"inn": [20]})
    s3, ev = GAME.apply(s2, "ann", {"type": "place", "character": "knight"})
    assert gains(ev) == [("ann", 9, 0)]


def test_e5_placed_as_guard_no_attack() -> None:
    s2 = _e5()
    s3, ev = GAME.apply(s2, "ann", {"type": "place", "character": "guard"})
    assert loc_ids(s3, "ann", "guardhouse") == [56]
    assert "attack" not in types(ev)
    assert gains(ev) == [("ann", 4, 0)]
    assert realm(s3, "cat")["infirmary"] == []


# E6 ----------------------------------------------------------------------------------------


def test_e6_brewery_a_pays_every_player_with_a_miller() -> None:
    s = build(
        ["ann", "bob", "cat"],
        order=["bob", "cat", "ann"],
        realms={"bob": {"mill": [1], "brewery": [8]}, "ann": {"mill": [2, 3, 4]}},
        display=[45, 9, 46, 42, 43, 44],
    )
    s2, ev = take(s, "bob", 1)
    assert gains(ev) == [("bob", 4, 2), ("bob", 2, 0), ("ann", 2, 0)]
    returned = [e for e in ev if e["type"] == "meeples_returned"]
    assert returned == [{"type": "meeples_returned", "player": "bob", "meeples": 1, "points": 1}]
    assert realm(s2, "bob")["points"] == 7 and realm(s2, "bob")["meeples"] == 5
    assert realm(s2, "ann")["points"] == 2 and realm(s2, "cat")["points"] == 0
    assert s2["display"][0] == {"card": 45, "meeples": 1}


# E7 ----------------------------------------------------------------------------------------


def test_e7_paying_and_picking_up_meeples() -> None:
    s = build(
        ["ann", "bob"],
        active="bob",
        realms={"bob": {"meeples": 3}},
        display=[(22, 2), 12, (1, 1), 15, 18, 8],
        deck=[34, 35],
    )
    assert GAME.legal_moves(s, "bob") == [{"type": "take", "index": i} for i in range(4)]
    s2, ev = take(s, "bob", 2)
    assert ev[0] == {
        "type": "take",
        "player": "bob",
        "index": 2,
        "card": 1,
        "cost": 2,
        "meeples_gained": 1,
    }
    assert realm(s2, "bob")["meeples"] == 2
    assert realm(s2, "bob")["points"] == 2
    assert s2["display"] == [
        {"card": 22, "meeples": 3},
        {"card": 12, "meeples": 1},
        {"card": 15, "meeples": 0},
        {"card": 18, "meeples": 0},
        {"card": 8, "meeples": 0},
        {"card": 34, "meeples": 0},
    ]


# E8 ----------------------------------------------------------------------------------------


def test_e8_mill_b_every_player_with_a_witch() -> None:
    s = build(
        ABC,
        sides="B",
        realms={"ann": {"mill": [1]}, "bob": {"cottage": [12, 13]}, "cat": {"infirmary": [14]}},
        display=[2, *filler(5)],
    )
    s2, ev = take(s, "ann", 0)
    assert gains(ev) == [("ann", 4, 0), ("bob", 3, 0)]
    assert [realm(s2, p)["points"] for p in ABC] == [4, 3, 0]


# E9 ----------------------------------------------------------------------------------------


def test_e9_brewery_b_meeples_and_ten_points() -> None:
    s = build(
        ["ann", "bob"],
        sides="B",
        active="bob",
        realms={
            "bob": {"mill": [1, 2], "brewery": [8], "inn": [20], "castle": [22]},
            "ann": {"inn": [21], "castle": [23]},
        },
        display=[45, 9, 46, 42, 43, 44],
    )
    s2, ev = take(s, "bob", 1)
    assert gains(ev) == [("bob", 0, 4), ("bob", 10, 0)]
    assert [e for e in ev if e["type"] == "meeples_returned"][0]["meeples"] == 3
    assert realm(s2, "bob")["points"] == 13 and realm(s2, "bob")["meeples"] == 5
    assert realm(s2, "ann")["points"] == 0


# E10 ---------------------------------------------------------------------------------------


def test_e10_guardhouse_b() -> None:
    s = build(
        ["dora", "eve"],
        sides="B",
        realms={
            "dora": {"brewery": [8], "cottage": [12, 13], "guardhouse": [15]},
            "eve": {"inn": [20]},
        },
        display=[16, *filler(5)],
    )
    s2, ev = take(s, "dora", 0)
    assert gains(ev) == [("dora", 10, 0), ("eve", 3, 0)]


# E11 ---------------------------------------------------------------------------------------


def test_e11_inn_b_innkeepers_times_largest_location() -> None:
    s = build(
        ["dora", "eve"],
        sides="B",
        realms={"dora": {"mill": [1, 2, 3], "inn": [20], "infirmary": [4, 5, 6, 7]}},
        display=[21, *filler(5)],
    )
    s2, ev = take(s, "dora", 0)
    assert gains(ev) == [("dora", 12, 0)]
    s = build(
        ["dora", "eve"],
        sides="B",
        realms={"dora": {"mill": [1], "inn": [20], "infirmary": [4, 5, 6, 7]}},
        display=[21, *filler(5)],
    )
    s2, ev = take(s, "dora", 0)
    assert gains(ev) == [("dora", 8, 0)]


# E12 ---------------------------------------------------------------------------------------


def _e12():
    s = build(
        ["dora", "eve"],
        sides="B",
        realms={"dora": {"castle": [22], "infirmary": [4, 5], "points": 15}},
        display=[1, 2, 3, 23, 12, 13],
    )
    s2, ev = take(s, "dora", 3)
    assert realm(s2, "dora")["meeples"] == 2
    assert loc_ids(s2, "dora", "castle") == [22, 23]
    assert s2["step"] == "castle_exchange"
    assert [m["meeples"] for m in GAME.legal_moves(s2, "dora")] == [-2, -1, 0, 1, 2, 3]
    assert GAME.view(s2, None)["pending"] == {
        "kind": "castle_exchange",
        "held": 2,
        "amounts": [-2, -1, 0, 1, 2, 3],
    }
    assert types(ev) == ["take", "refill", "place"]
    return s2


def test_e12_castle_b_buy_three() -> None:
    s3, ev = GAME.apply(_e12(), "dora", {"type": "castle_exchange", "meeples": 3})
    assert ev[0] == {"type": "castle_exchange", "player": "dora", "meeples": 3, "points": -3}
    assert gains(ev) == [("dora", 16, 0)]
    assert "meeples_returned" not in types(ev)
    assert realm(s3, "dora")["points"] == 28 and realm(s3, "dora")["meeples"] == 5


def test_e12_castle_b_sell_two() -> None:
    s3, ev = GAME.apply(_e12(), "dora", {"type": "castle_exchange", "meeples": -2})
    assert realm(s3, "dora")["points"] == 33 and realm(s3, "dora")["meeples"] == 0


def test_e12_surplus_variant() -> None:
    s = build(
        ["dora", "eve"],
        sides="B",
        realms={"dora": {"castle": [22], "infirmary": [4, 5], "points": 15}},
        display=[(23, 4), 1, 2, 3, 12, 13],
    )
    s2, _ = take(s, "dora", 0)
    assert realm(s2, "dora")["meeples"] == 9
    assert [m["meeples"] for m in GAME.legal_moves(s2, "dora")] == [-9, -8, -7, -6, -5, 0]
    s3, ev = GAME.apply(s2, "dora", {"type": "castle_exchange", "meeples": -5})
    assert realm(s3, "dora")["meeples"] == 4
    assert realm(s3, "dora")["points"] == 15 + 5 + 16
    assert "meeples_returned" not in types(ev)
    s3, ev = GAME.apply(s2, "dora", {"type": "castle_exchange", "meeples": 0})
    assert ev[0] == {"type": "castle_exchange", "player": "dora", "meeples": 0, "points": 0}
    assert realm(s3, "dora")["meeples"] == 5
    assert realm(s3, "dora")["points"] == 15 + 16 + 4
    assert [e for e in ev if e["type"] == "meeples_returned"][0]["meeples"] == 4


# E13 ---------------------------------------------------------------------------------------

E13 = {
    "ann": (65, 3, [4, 2, 1, 2, 0, 1, 1], 1),
    "bob": (58, 5, [2, 2, 0, 1, 3, 2, 2], 0),
    "cat": (71, 1, [4, 0, 3, 0, 0, 0, 3], 2),
}
LOCS7 = ["mill", "brewery", "cottage", "guardhouse", "barracks", "inn", "castle"]


def _final_state(table, sides, tiebreak=False, players=None):
    realms = {}
    for p, (pts, held, counts, inf) in table.items():
        spec = realm_from_counts(dict(zip(LOCS7, counts, strict=True)))
        realms[p] = {
            **spec,
            "points": pts,
            "meeples": held,
            "infirmary": list(range(1, inf + 1)),
            "taken": 12,
        }
    s = build(players or list(table), sides=sides, realms=realms, tiebreak_meeples=tiebreak)
    events: list = []
    engine.final_scoring(s, events)
    return s, events


def test_e13_final_scoring_side_a() -> None:
    s, ev = _final_state(E13, "A")
    assert GAME.is_over(s) and GAME.actors(s) == []
    out = {r["player"]: r for r in GAME.outcome(s)}
    assert {p: r["score"] for p, r in out.items()} == {"ann": 134, "bob": 134, "cat": 116}
    assert {p: r["rank"] for p, r in out.items()} == {"ann": 1, "bob": 1, "cat": 3}
    assert [r["player"] for r in GAME.outcome(s)] == ["ann", "bob", "cat"]
    assert out["ann"]["breakdown"] == {
        "play": 65,
        "infirmary": -1,
        "variety": 36,
        "majority": {"mill": 10, "brewery": 11, "guardhouse": 13},
        "total": 134,
    }
    assert out["bob"]["breakdown"]["majority"] == {"brewery": 11, "barracks": 14, "inn": 15}
    assert out["cat"]["breakdown"] == {
        "play": 71,
        "infirmary": -2,
        "variety": 9,
        "majority": {"mill": 10, "cottage": 12, "castle": 16},
        "total": 116,
    }
    inf = [(e["player"], e["cards"], e["points"]) for e in ev if e["type"] == "final_infirmary"]
    assert inf == [("ann", 1, -1), ("bob", 0, 0), ("cat", 2, -2)]
    var = [(e["player"], e["locations"], e["points"]) for e in ev if e["type"] == "final_variety"]
    assert var == [("ann", 6, 36), ("bob", 6, 36), ("cat", 3, 9)]
    maj = [(e["location"], e["players"], e["points"]) for e in ev if e["type"] == "final_majority"]
    assert maj == [
        ("mill", ["ann", "cat"], 10),
        ("brewery", ["ann", "bob"], 11),
        ("cottage", ["cat"], 12),
        ("guardhouse", ["ann"], 13),
        ("barracks", ["bob"], 14),
        ("inn", ["bob"], 15),
        ("castle", ["cat"], 16),
    ]
    assert ev[-1]["type"] == "game_over"
    assert ev[-1]["ranking"] == [
        {"player": "ann", "rank": 1, "score": 134, "meeples": 3},
        {"player": "bob", "rank": 1, "score": 134, "meeples": 5},
        {"player": "cat", "rank": 3, "score": 116, "meeples": 1},
    ]


def test_e13_meeple_tiebreak() -> None:
    s, _ = _final_state(E13, "A", tiebreak=True)
    assert [(r["player"], r["rank"]) for r in GAME.outcome(s)] == [
        ("bob", 1),
        ("ann", 2),
        ("cat", 3),
    ]


def test_e13_mixed_sides_infirmary_b() -> None:
    s, ev = _final_state(E13, "AAAAAAAB")
    out = {r["player"]: r for r in GAME.outcome(s)}
    assert {p: r["score"] for p, r in out.items()} == {"ann": 133, "bob": 134, "cat": 104}
    assert [(r["player"], r["rank"]) for r in GAME.outcome(s)] == [
        ("bob", 1),
        ("ann", 2),
        ("cat", 3),
    ]
    assert out["cat"]["breakdown"]["majority"]["infirmary"] == -10
    assert "infirmary" not in out["ann"]["breakdown"]["majority"]
    last = [e for e in ev if e["type"] == "final_majority"][-1]
    assert last == {
        "type": "final_majority",
        "location": "infirmary",
        "count": 2,
        "players": ["cat"],
        "points": -10,
    }


# E14 ---------------------------------------------------------------------------------------


def test_e14_final_scoring_side_b() -> None:
    table = {"dora": (80, 0, [5, 1, 2, 0, 1, 1, 0], 2), "eve": (85, 0, [1, 2, 2, 3, 0, 1, 1], 2)}
    s, ev = _final_state(table, "B")
    out = {r["player"]: r for r in GAME.outcome(s)}
    assert out["dora"]["score"] == 137 and out["eve"]["score"] == 167
    assert out["eve"]["rank"] == 1 and out["dora"]["rank"] == 2
    assert out["dora"]["breakdown"] == {
        "play": 80,
        "infirmary": -4,
        "variety": 25,
        "majority": {"mill": 14, "cottage": 12, "barracks": 8, "inn": 12, "infirmary": -10},
        "total": 137,
    }
    assert out["eve"]["breakdown"]["majority"] == {
        "brewery": 12,
        "cottage": 12,
        "guardhouse": 8,
        "inn": 12,
        "castle": 16,
        "infirmary": -10,
    }
    last = [e for e in ev if e["type"] == "final_majority"][-1]
    assert last["players"] == ["dora", "eve"] and last["points"] == -10


# E15 ---------------------------------------------------------------------------------------


def test_e15_zero_meeples_only_front_card() -> None:
    s = build(["ann", "bob"], realms={"ann": {"meeples": 0}})
    assert GAME.legal_moves(s, "ann") == [{"type": "take", "index": 0}]


def test_e15_empty_location_no_majority_event() -> None:
    table = {"ann": (0, 5, [1, 0, 0, 0, 0, 0, 0], 0), "bob": (0, 5, [0, 1, 0, 0, 0, 0, 0], 0)}
    s, ev = _final_state(table, "B")
    maj = [e["location"] for e in ev if e["type"] == "final_majority"]
    assert maj == ["mill", "brewery"]  # nothing for empty locations nor the empty Infirmary
    assert all("infirmary" not in r["breakdown"]["majority"] for r in GAME.outcome(s))


def test_e15_four_player_deck_counts() -> None:
    players = ["a", "b", "c", "d"]
    s = GAME.setup(players, {}, 7)
    v = GAME.view(s, None)
    assert v["deck_count"] == 47 and len(v["display"]) == 6
    turns = 0
    while not GAME.is_over(s):
        p = GAME.actors(s)[0]
        was = s["t"]
        s, _ = GAME.apply(s, p, GAME.legal_moves(s, p)[-1])
        if s["t"] != was:
            turns += 1
            if turns == 47:
                assert GAME.view(s, None)["deck_count"] == 0
                assert not GAME.is_over(s)
    assert turns == 48
    assert len(s["display"]) == 5
    assert all(r["taken"] == 12 for r in s["realms"].values())


def test_e15_two_player_deck_counts() -> None:
    s = GAME.setup(["a", "b"], {}, 3)
    assert GAME.view(s, None)["deck_count"] == 27
    final, _ = play_out(GAME, s, 3)
    assert GAME.view(final, None)["deck_count"] == 3
    assert len(final["display"]) == 6


def test_e15_replay_and_round_trip() -> None:
    s = GAME.setup(["a", "b", "c"], {"sides": "B"}, 11)
    final, moves = play_out(GAME, s, 5)
    again = GAME.setup(["a", "b", "c"], {"sides": "B"}, 11)
    for p, m in moves:
        again, _ = GAME.apply(again, p, m)
    assert again == final
    assert GAME.load(json.loads(json.dumps(GAME.dump(final)))) == final
    mid = GAME.setup(["a", "b", "c"], {"sides": "B"}, 11)
    for p, m in moves[:10]:
        mid, _ = GAME.apply(mid, p, m)
    assert GAME.load(GAME.dump(mid)) == mid
