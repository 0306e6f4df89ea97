"""Scenario tests for the rules and options the worked examples do not cover."""

from __future__ import annotations

import json

import pytest

from games.base import IllegalMove
from games.tek import GAME
from games.tek import game as G
from games.tek import rules as R
from tests.tek.helpers import build, count, moves, play, res, step, turn, types

FOUR = {"a": "1A", "b": "2A", "c": "3A", "d": "4A"}
P4 = list(FOUR)


def war(s: dict, attacker: str, src: str, dst: str, action: str = "patrol") -> dict:
    order = [attacker] + [p for p in s["players"] if p != attacker]
    s = turn(s, action, order)
    s, _ = play(
        s,
        (attacker, {"type": "perform", "action": action}),
        (attacker, {"type": "move_from", "region": src}),
        (attacker, {"type": "move_to", "region": dst}),
    )
    return s


# --- setup -----------------------------------------------------------------------------------


def test_setup_refuses_bad_input() -> None:
    for players in (["x"], [str(i) for i in range(6)], ["x", "x"]):
        with pytest.raises(ValueError):
            GAME.setup(players, {}, 1)
    with pytest.raises(ValueError):
        GAME.setup(["x", "y"], {"nope": 1}, 1)
    with pytest.raises(ValueError):
        GAME.setup(["x", "y"], {"exploration": 1}, 1)
    with pytest.raises(ValueError):
        GAME.setup(["x", "y"], {"factions": "pick"}, 1)


def test_setup_steps_side_start_resources() -> None:
    s = GAME.setup(["x", "y", "z"], {}, 7)
    first = GAME.actors(s)[0]
    assert first == s["players"][s["first"]]
    assert step(s) == "side"
    card = s["pl"][first]["card"]
    assert moves(s, first) == [
        {"type": "side", "side": f"{card}A"},
        {"type": "side", "side": f"{card}B"},
    ]
    s, ev = play(s, (first, {"type": "side", "side": f"{card}B"}))
    assert step(s) == "start" and len(moves(s, first)) == 5
    region = moves(s, first)[0]["region"]
    s, _ = play(s, (first, {"type": "start", "region": region}))
    assert count(s, first) == 2
    assert moves(s, first)[0] == {"type": "start_beginner"}
    assert moves(s, first)[1:] == [{"type": "start_mana", "mana": k} for k in range(7)]
    s, _ = play(s, (first, {"type": "start_mana", "mana": 2}))
    assert moves(s, first) == [{"type": "start_ore", "ore": j} for j in range(5)]
    s, ev = play(s, (first, {"type": "start_ore", "ore": 1}))
    assert res(s, first) == (2, 1, 3)
    assert {"type": "resources_set", "player": first, "mana": 2, "ore": 1, "food": 3} in ev
    nxt = s["players"][(s["first"] + 1) % 3]
    assert GAME.actors(s) == [nxt]


def finish_setup(s: dict, start_letter: str = "a") -> dict:
    while step(s) in ("draft", "side", "start", "start_resources", "token_skip"):
        p = GAME.actors(s)[0]
        mv = moves(s, p)
        if step(s) == "start":
            mv = [m for m in mv if m["region"].endswith(start_letter)] or mv
        s, _ = GAME.apply(s, p, mv[0])
    return s


def test_start_in_ruins_is_searching() -> None:
    s = build({"a": "3B", "b": "1A"})
    s["tasks"] = [G.task("start_resources", "a")]
    s, _ = play(s, ("a", {"type": "start_beginner"}))
    s2 = GAME.setup(["x", "y"], {}, 3)
    for _ in range(40):
        p = GAME.actors(s2)[0]
        if step(s2) == "side":
            s2, _ = GAME.apply(s2, p, {"type": "side", "side": moves(s2, p)[1]["side"]})
            continue
        if step(s2) == "start":
            ruins = [m for m in moves(s2, p) if R.REGIONS[m["region"]]["type"] == "ruins"]
            mv = ruins[0] if ruins else moves(s2, p)[0]
            s2, _ = GAME.apply(s2, p, mv)
            if ruins:
                assert s2["meeples"][mv["region"]] == [[p, True], [p, True]]
            continue
        if step(s2) != "start_resources":
            break
        s2, _ = GAME.apply(s2, p, moves(s2, p)[0])


@pytest.mark.parametrize(("n", "tokens"), [(2, 13), (3, 12), (4, 16)])
def test_exploration_token_counts(n: int, tokens: int) -> None:
    s = finish_setup(GAME.setup([f"p{i}" for i in range(n)], {"exploration": True}, 5))
    assert len(s["tokens"]) == tokens
    assert all(not t["up"] for t in s["tokens"].values())
    assert step(s) == "select"
    view = GAME.view(s, None)
    tokens = [r["token"] for side in view["map"] for r in side["regions"]]
    assert set(tokens) <= {None, "face_down"} and tokens.count("face_down") == n_tokens(s)
    text = json.dumps(view)
    assert "token_pool" not in text and "seed" not in text


def n_tokens(s: dict) -> int:
    return len(s["tokens"])


def test_five_player_token_skip() -> None:
    s = GAME.setup([f"p{i}" for i in range(5)], {"exploration": True}, 2)
    s = finish_setup(s)
    assert len(s["tokens"]) == 15
    assert sum(1 for t in s["token_pool"]) == 0
    for p in s["players"]:
        home = s["pl"][p]["home"]
        empty = [r for r in R.SIDE_REGIONS[home] if not s["meeples"][r] and r not in s["tokens"]]
        assert len(empty) == 1


def test_five_player_token_skip_step() -> None:
    s = GAME.setup([f"p{i}" for i in range(5)], {"exploration": True}, 2)
    while step(s) != "token_skip":
        p = GAME.actors(s)[0]
        s, _ = GAME.apply(s, p, moves(s, p)[0])
    p = GAME.actors(s)[0]
    assert p == s["players"][s["first"]]
    opts = moves(s, p)
    assert len(opts) == 4
    s, ev = play(s, (p, opts[2]))
    placed = [e for e in ev if e["type"] == "tokens_placed"][0]
    assert len(placed["regions"]) == 3 and opts[2]["region"] not in placed["regions"]
    assert "token" not in json.dumps(placed).replace("tokens_placed", "")


def test_draft_reverse_order_and_leftover() -> None:
    s = GAME.setup(["w", "x", "y", "z"], {"factions": "draft"}, 11)
    pool = GAME.view(s, None)["draft_pool"]
    assert len(pool) == 5
    first = s["first"]
    expected = [s["players"][(first - i) % 4] for i in range(1, 5)]
    order = []
    while step(s) == "draft":
        p = GAME.actors(s)[0]
        order.append(p)
        s, ev = GAME.apply(s, p, moves(s, p)[-1])
        assert ev[0]["type"] == "faction_drafted"
    assert order == expected
    assert GAME.view(s, None)["draft_pool"] is None
    assert len({s["pl"][p]["faction"] for p in s["players"]}) == 4


def test_two_player_lost_kingdom() -> None:
    s = GAME.setup(["x", "y"], {}, 4)
    lk = s["lost_kingdom"]
    assert lk is not None
    assert all(s["meeples"][r] == [["neutral", False]] for r in R.SIDE_REGIONS[lk])
    assert GAME.view(s, None)["map"][0]["owner"] == "lost_kingdom"


# --- errors ----------------------------------------------------------------------------------


def test_error_codes() -> None:
    s = GAME.setup(["x", "y"], {}, 1)
    actor = GAME.actors(s)[0]
    other = "y" if actor == "x" else "x"
    legal = moves(s, actor)[0]
    cases = [
        (other, legal, "not_your_turn"),
        ("nobody", legal, "not_your_turn"),
        (actor, "side", "malformed"),
        (actor, {"side": "1A"}, "malformed"),
        (actor, {"type": "side", "side": "9Z"}, "illegal_move"),
        (actor, {**legal, "extra": 1}, "illegal_move"),
    ]
    for p, mv, code in cases:
        with pytest.raises(IllegalMove) as exc:
            GAME.apply(s, p, mv)
        assert exc.value.code == code and str(exc.value)
    assert moves(s, other) == []


def test_game_over_refuses_moves() -> None:
    s = build(FOUR, meeples={"1A-a": ["a"]})
    s["over"] = True
    with pytest.raises(IllegalMove) as exc:
        GAME.apply(s, "a", {"type": "pass"})
    assert exc.value.code == "game_over"


def test_war_die_is_secret_and_hidden() -> None:
    s = build(
        FOUR,
        res={"a": (2, 0, 0)},
        meeples={"2A-c": ["a"], "1A-a": ["a"], "2A-d": ["b"], "2A-a": ["b"]},
    )
    s = war(s, "a", "2A-c", "2A-d")
    assert sorted(GAME.actors(s)) == ["a", "b"]
    assert GAME.is_secret(s, "a", {"type": "war_die", "value": 3})
    assert not GAME.is_secret(s, "a", {"type": "pass"})
    s1, ev1 = GAME.apply(s, "a", {"type": "war_die", "value": 4})
    s2, ev2 = GAME.apply(s, "a", {"type": "war_die", "value": "flag"})
    assert ev1 == ev2 == [{"type": "war_die_set", "player": "a"}]
    for viewer in (None, "b", "c"):
        assert GAME.view(s1, viewer) == GAME.view(s2, viewer)
    assert GAME.view(s1, "a")["war_die"] == 4
    assert GAME.view(s1, None)["step"]["context"]["war"]["has_set"] == {"a": True, "b": False}
    assert GAME.actors(s1) == ["b"]


# --- actions ---------------------------------------------------------------------------------


def test_trade_with_merchants_and_cap() -> None:
    s = build(
        FOUR,
        factions={"a": "humans"},
        magic={"a": 1},
        res={"a": (3, 8, 0)},
        meeples={"1A-a": ["a", "a"]},
    )
    s = turn(s, "trade", P4)
    s, _ = play(s, ("a", {"type": "perform", "action": "trade"}))
    assert moves(s, "a") == [
        {"type": "trade_pair", "give": "mana", "get": "ore"},
        {"type": "trade_pair", "give": "mana", "get": "food"},
        {"type": "trade_pair", "give": "ore", "get": "mana"},
        {"type": "trade_pair", "give": "ore", "get": "food"},
    ]
    s, _ = play(s, ("a", {"type": "trade_pair", "give": "mana", "get": "ore"}))
    assert moves(s, "a") == [{"type": "trade_amount", "amount": n} for n in (1, 2, 3)]
    s, ev = play(s, ("a", {"type": "trade_amount", "amount": 2}))
    assert {
        "type": "traded",
        "player": "a",
        "give": "mana",
        "get": "ore",
        "amount": 2,
        "received": 3,
        "lost": 2,
    } in ev
    assert res(s, "a") == (1, 9, 0)


def test_research_event_and_cost() -> None:
    s = build(
        FOUR,
        factions={"a": "elves"},
        magic={"a": 1},
        res={"a": (2, 0, 0)},
        meeples={"1A-a": ["a", "a"]},
    )
    s = turn(s, "research", P4)
    s, ev = play(s, ("a", {"type": "perform", "action": "research"}))
    assert {
        "type": "researched",
        "player": "a",
        "level": 2,
        "ability": "Elder Lore",
        "cost": 2,
    } in ev
    assert R.research_cost(s, "a") == 2  # Elder Lore: level 3 costs 3 - 1


def test_actions_not_possible_are_not_offered() -> None:
    s = build(FOUR, res={"a": (0, 0, 0)}, tower={"a": 6}, meeples={"1A-a": ["a", "a"]})
    for action in ("build", "research", "expand", "trade"):
        s2 = turn(build(FOUR, res={"a": (0, 0, 0)}, meeples={"1A-a": ["a", "a"]}), action, P4)
        assert moves(s2, "a") == [{"type": "pass"}]
    s = turn(s, "build", P4)
    assert moves(s, "a") == [{"type": "pass"}]


@pytest.mark.parametrize(
    ("faction", "level", "selected", "extra"),
    [
        ("dwarves", 2, "trade", "build"),
        ("lizardfolk", 2, "patrol", "quest"),
        ("lizardfolk", 2, "quest", "patrol"),
        ("humans", 2, "research", "trade"),
        ("goblins", 4, "patrol", "expand"),
        ("dark_elves", 3, "build", "research"),
        ("giants", 3, "expand", "build"),
        ("shapeshifters", 4, "trade", "research"),
    ],
)
def test_substitutes(faction: str, level: int, selected: str, extra: str) -> None:
    s = build(
        FOUR,
        factions={"b": faction},
        magic={"b": level},
        res={"b": (9, 9, 9)},
        meeples={"2A-a": ["b"], "2A-b": ["b"], "1A-a": ["a"]},
    )
    s = turn(s, selected, P4)
    s, _ = play(s, ("a", {"type": "pass"}))
    assert {"type": "perform", "action": extra} in moves(s, "b")
    s, ev = play(s, ("b", {"type": "perform", "action": extra}))
    assert {"type": "performed", "player": "b", "action": extra, "instead_of": selected} in ev


def test_patrol_any_and_two_steps() -> None:
    s = build({"a": "3A", "b": "1A", "c": "2A"}, meeples={"3A-a": ["a", "a"], "1A-a": ["b"]})
    assert R.patrol_destinations(s, "a", "3A-a") == ["3A-c"]
    s["pl"]["a"]["faction"], s["pl"]["a"]["magic"] = "lizardfolk", 3
    assert R.patrol_destinations(s, "a", "3A-a") == ["3A-b", "3A-c", "3A-d", "3A-e"]
    s["pl"]["a"]["faction"], s["pl"]["a"]["magic"] = "centaurs", 2
    assert R.patrol_destinations(s, "a", "3A-a") == ["3A-c", "3A-d"]
    s["meeples"]["3A-c"] = [["b", False]]
    # 3A-c holds another player's meeple: it cannot be passed through
    assert R.patrol_destinations(s, "a", "3A-a") == ["3A-c"]


def test_last_meeple_rules() -> None:
    s = build(FOUR, meeples={"2A-c": ["a"], "2A-d": ["b"], "2A-a": ["b"]})
    assert "2A-d" not in R.patrol_destinations(s, "a", "2A-c")  # a's last meeple
    s = build(FOUR, meeples={"2A-c": ["a"], "1A-a": ["a"], "2A-d": ["b"]})
    assert "2A-d" not in R.patrol_destinations(s, "a", "2A-c")  # b's last meeple
    s = build(FOUR, meeples={"2A-c": ["a"], "1A-a": ["a"], "2A-d": ["b", "b"]})
    assert "2A-d" not in R.patrol_destinations(s, "a", "2A-c")  # full region


def test_stand_up_in_ruins() -> None:
    s = build(
        {"a": "3B", "b": "1A", "c": "2A"},
        meeples={"3B-c": [("a", True)], "3B-a": ["a"], "1A-a": ["b"]},
    )
    s = turn(s, "patrol", ["a", "b", "c"])
    s, _ = play(s, ("a", {"type": "perform", "action": "patrol"}))
    assert {"type": "stand_up", "region": "3B-c"} in moves(s, "a")
    s, ev = play(s, ("a", {"type": "stand_up", "region": "3B-c"}))
    assert s["meeples"]["3B-c"] == [["a", False]]
    assert {"type": "stood_up", "player": "a", "region": "3B-c"} in ev


def test_undead_expand_empty() -> None:
    s = build(
        FOUR,
        factions={"a": "undead"},
        magic={"a": 4},
        res={"a": (0, 0, 9)},
        meeples={"1A-c": ["a", "a"]},
    )
    assert R.expand_regions(s, "a") == ["1A-a", "1A-b", "1A-d", "1A-e"]
    s["pl"]["a"]["magic"] = 3
    assert R.expand_regions(s, "a") == []


def test_goblin_breeders_expand_cost() -> None:
    s = build(
        FOUR, factions={"a": "goblins"}, magic={"a": 2}, meeples={"1A-c": ["a"], "1A-a": ["a"]}
    )
    assert R.expand_cost(s, "a") == 2  # the 3rd meeple: 3 food, 1 less


# --- collecting ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("faction", "level", "gains", "choices"),
    [
        ("elves", 3, {"mana": 2, "ore": 1, "food": 1}, 0),
        ("merfolk", 1, {"mana": 1, "ore": 1, "food": 2}, 0),
        ("centaurs", 4, {"mana": 1, "ore": 1, "food": 2}, 0),
        ("humans", 3, {"mana": 1, "ore": 1, "food": 1}, 1),
        ("shapeshifters", 3, {"mana": 1, "ore": 1, "food": 1}, 1),
    ],
)
def test_collect_bonuses(faction: str, level: int, gains: dict, choices: int) -> None:
    # 1A: c forest, b mountain (water-adjacent), e plains
    s = build(
        FOUR,
        factions={"b": faction},
        magic={"b": level},
        meeples={"1A-c": ["b"], "1A-b": ["b"], "1A-e": ["b"], "2A-a": ["a"]},
    )
    s = turn(s, "build", ["a", "b", "c", "d"])
    s, ev = play(s, ("a", {"type": "pass"}), ("b", {"type": "collect"}))
    assert [e["gains"] for e in ev if e["type"] == "collected"] == [gains]
    n = 0
    while step(s) in ("choose_resource", "convert"):
        n += step(s) == "choose_resource"
        s, _ = GAME.apply(s, "b", moves(s, "b")[-1])
    assert n == choices


def test_shapeshifter_convert() -> None:
    s = build(
        FOUR,
        factions={"b": "shapeshifters"},
        magic={"b": 1},
        meeples={"1A-c": ["b"], "1A-b": ["b"], "2A-a": ["a"]},
    )
    s = turn(s, "build", ["a", "b", "c", "d"])
    s, ev = play(s, ("a", {"type": "pass"}), ("b", {"type": "collect"}))
    assert step(s) == "convert"
    assert moves(s, "b")[-1] == {"type": "convert", "from": None, "to": None}
    assert len(moves(s, "b")) == 5
    s, ev = play(s, ("b", {"type": "convert", "from": "mana", "to": "food"}))
    assert res(s, "b") == (0, 1, 1)


# --- arrival gains and tokens ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("faction", "src", "dst", "action", "expected"),
    [
        ("dwarves", "1A-c", "1A-b", "patrol", (0, 1, 0)),
        ("centaurs", "1A-b", "1A-a", "patrol", (0, 0, 1)),
        ("lizardfolk", "1A-a", "2A-a", "quest", (1, 0, 0)),
        ("lizardfolk", "1A-c", "1A-b", "patrol", (0, 1, 0)),  # "když se pohneš": any move
    ],
)
def test_arrival_gain(faction: str, src: str, dst: str, action: str, expected: tuple) -> None:
    s = build(
        FOUR,
        factions={"a": faction},
        magic={"a": 1},
        meeples={src: ["a"], "1A-d": ["a"], "3A-a": ["c"]},
    )
    s = turn(s, action, P4)
    s, ev = play(
        s,
        ("a", {"type": "perform", "action": action}),
        ("a", {"type": "move_from", "region": src}),
        ("a", {"type": "move_to", "region": dst}),
    )
    assert res(s, "a") == expected


def test_treasure_and_crown_tokens() -> None:
    s = build(
        FOUR,
        exploration=True,
        meeples={"1A-a": ["a", "a"]},
        tokens={"1A-b": ("treasure", False), "1A-c": ("crown", False)},
    )
    s = turn(s, "patrol", P4)
    s, ev = play(
        s,
        ("a", {"type": "perform", "action": "patrol"}),
        ("a", {"type": "move_from", "region": "1A-a"}),
        ("a", {"type": "move_to", "region": "1A-b"}),
    )
    assert step(s) == "choose_resource"
    s, _ = play(
        s,
        ("a", {"type": "choose_resource", "resource": "ore"}),
        ("a", {"type": "choose_resource", "resource": "food"}),
    )
    assert res(s, "a") == (0, 1, 1) and "1A-b" not in s["tokens"]
    s = turn(s, "patrol", P4, shields=["quest"])
    s, ev = play(
        s,
        ("a", {"type": "perform", "action": "patrol"}),
        ("a", {"type": "move_from", "region": "1A-a"}),
        ("a", {"type": "move_to", "region": "1A-c"}),
    )
    assert s["pl"]["a"]["crown"] is True
    assert R.score_breakdown(s, "a")["crown"] == 2


def test_town_scores_and_fort_discount() -> None:
    s = build(
        FOUR,
        exploration=True,
        res={"a": (0, 0, 0)},
        meeples={
            "1A-a": ["a"],
            "1A-b": ["a"],
            "2A-c": ["a"],
            "2A-d": [
                "b",
            ],
        },
        tokens={"1A-a": ("town", True), "1A-b": ("fort", True)},
    )
    s["meeples"]["2A-a"] = [["b", False]]
    assert R.score_breakdown(s, "a")["towns"] == 1
    s = war(s, "a", "2A-c", "2A-d")
    assert [m["value"] for m in moves(s, "a")] == ["flag", 1, 2]


def test_church_saves_the_meeple() -> None:
    s = build(
        FOUR,
        exploration=True,
        res={"a": (2, 0, 0)},
        meeples={"2A-c": ["a"], "1A-a": ["a"], "2A-d": ["b"], "2A-a": ["b"]},
        tokens={"2A-a": ("church", True)},
    )
    s = war(s, "a", "2A-c", "2A-d")
    s, _ = play(
        s, ("a", {"type": "war_die", "value": 2}), ("b", {"type": "war_die", "value": "flag"})
    )
    assert moves(s, "b") == [{"type": "church"}, {"type": "remove"}]
    s, ev = play(s, ("b", {"type": "church"}))
    assert s["meeples"]["2A-a"] == [["b", False], ["b", False]]
    assert "2A-a" not in s["tokens"] and "church_used" in types(ev)


def test_dragons_lair_drops_tower_and_frees_retreat() -> None:
    s = build(
        FOUR,
        exploration=True,
        res={"a": (2, 0, 0)},
        tower={"b": 2},
        factions={"a": "dark_elves"},
        magic={"a": 4},
        meeples={"2A-c": ["a"], "1A-a": ["a"], "2A-d": ["b"], "2A-a": ["b"]},
        tokens={"1A-a": ("dragons_lair", True)},
    )
    s = war(s, "a", "2A-c", "2A-d")
    s, _ = play(
        s, ("a", {"type": "war_die", "value": 1}), ("b", {"type": "war_die", "value": "flag"})
    )
    assert step(s) == "dragon"
    s2, _ = play(s, ("a", {"type": "dragon", "use": False}))
    assert s2["pl"]["b"]["removed"] == 1  # Assassins: no retreat, removal is automatic
    s, ev = play(s, ("a", {"type": "dragon", "use": True}))
    assert s["pl"]["b"]["tower"] == 1
    assert moves(s, "b") == [
        {"type": "retreat", "region": "2A-c"},
        {"type": "retreat", "region": "2A-e"},
        {"type": "remove"},
    ]
    s, ev = play(s, ("b", {"type": "retreat", "region": "2A-e"}))
    assert [e["cost"] for e in ev if e["type"] == "retreated"] == [0]


# --- war abilities ---------------------------------------------------------------------------


def base_war(
    fa: str = "humans",
    ma: int = 0,
    fb: str = "humans",
    mb: int = 0,
    ra: tuple = (2, 0, 0),
    rb: tuple = (2, 0, 0),
    **kw,
) -> dict:
    meeples = {"2A-c": ["a"], "1A-a": ["a"], "2A-d": ["b"], "2A-a": ["b"], "3A-a": ["c"]}
    meeples.update(kw.pop("meeples", {}))
    s = build(
        FOUR,
        factions={"a": fa, "b": fb},
        magic={"a": ma, "b": mb},
        res={"a": ra, "b": rb},
        meeples=meeples,
        **kw,
    )
    return war(s, "a", "2A-c", "2A-d")


@pytest.mark.parametrize(
    ("fa", "ma", "fb", "mb", "top_a", "top_b"),
    [
        ("undead", 0, "undead", 2, 3, 4),  # Dread: a's cost +1
        ("giants", 0, "giants", 1, 4, 5),  # Stone Throwers defending
        ("centaurs", 3, "humans", 0, 6, 4),  # Charge by Patrol
        ("dark_elves", 1, "humans", 0, 5, 4),  # Night Raid
        ("shapeshifters", 2, "humans", 3, 5, 4),  # Borrowed Strength vs higher magic
        ("merfolk", 3, "humans", 0, 6, 4),  # Sea Raiders: 2A-d is water-adjacent
        ("giants", 4, "humans", 0, 4, 4),  # Boulders: ore worth 2 (no ore held)
    ],
)
def test_war_discounts(fa: str, ma: int, fb: str, mb: int, top_a: int, top_b: int) -> None:
    s = base_war(fa, ma, fb, mb)
    assert moves(s, "a")[-1]["value"] == top_a
    assert moves(s, "b")[-1]["value"] == top_b


def test_merfolk_wins_ties_in_water_regions() -> None:
    s = base_war("merfolk", 4)
    s, ev = play(s, ("a", {"type": "war_die", "value": 2}), ("b", {"type": "war_die", "value": 2}))
    assert [e["winner"] for e in ev if e["type"] == "war_result"] == ["a"]


def test_defender_wins_plain_ties() -> None:
    s = base_war()
    s, ev = play(s, ("a", {"type": "war_die", "value": 2}), ("b", {"type": "war_die", "value": 2}))
    assert [e["winner"] for e in ev if e["type"] == "war_result"] == ["b"]
    assert [e["player"] for e in ev if e["type"] == "war_paid"] == ["a", "b"]


def test_goblins_scavenge_and_plunder() -> None:
    s = base_war("goblins", 3, "goblins", 1, ra=(2, 0, 0), rb=(2, 1, 3))
    s, ev = play(s, ("a", {"type": "war_die", "value": 3}), ("b", {"type": "war_die", "value": 2}))
    assert step(s) == "choose_resource" and GAME.actors(s) == ["b"]
    s, _ = play(s, ("b", {"type": "choose_resource", "resource": "mana"}))
    assert step(s) == "plunder"
    assert moves(s, "a") == [{"type": "plunder", "resource": x} for x in ("mana", "ore", "food")]
    s, ev = play(s, ("a", {"type": "plunder", "resource": "food"}))
    assert res(s, "b")[2] == 2 and res(s, "a")[2] == 1


def test_halflings_lock_and_hospitality() -> None:
    s = build(
        {"a": "1B", "b": "2A", "c": "3A"},
        factions={"b": "halflings"},
        magic={"b": 4},
        res={"a": (3, 3, 3), "b": (3, 3, 3)},
        meeples={"1B-a": ["a"], "1B-b": ["b"], "1B-c": ["a", "b"], "3A-a": ["c"]},
    )
    s = war(s, "a", "1B-a", "1B-b")
    assert moves(s, "a") == [{"type": "war_die", "value": "flag"}]
    assert len(moves(s, "b")) > 1
    # Good Company (L1, the Halfling) then Hospitality (L2, the ally)
    s = build(
        {"a": "1B", "b": "2A", "c": "3A"},
        factions={"b": "halflings"},
        magic={"b": 2},
        meeples={"1B-a": ["a"], "1B-b": ["b"], "1B-d": ["a"], "1B-e": ["b"], "3A-a": ["c"]},
    )
    s = war(s, "a", "1B-a", "1B-b")
    s, ev = play(
        s, ("a", {"type": "war_die", "value": "flag"}), ("b", {"type": "war_die", "value": "flag"})
    )
    assert GAME.actors(s) == ["b"] and step(s) == "choose_resource"
    s, _ = play(s, ("b", {"type": "choose_resource", "resource": "ore"}))
    assert GAME.actors(s) == ["a"]
    s, _ = play(s, ("a", {"type": "choose_resource", "resource": "food"}))
    assert res(s, "a") == (0, 0, 1) and res(s, "b") == (0, 1, 0)


def test_undead_home_retreat() -> None:
    s = base_war(fb="undead", mb=3, rb=(0, 0, 9), meeples={"2A-e": ["c"]})
    s, _ = play(
        s, ("a", {"type": "war_die", "value": 1}), ("b", {"type": "war_die", "value": "flag"})
    )
    # 2A-e holds c (blocked); home regions 2A-b/2A-c are empty and allowed by Undying
    assert moves(s, "b") == [
        {"type": "retreat", "region": "2A-b"},
        {"type": "retreat", "region": "2A-c"},
        {"type": "remove"},
    ]


def test_undead_grave_tithe_on_removal() -> None:
    s = base_war(fb="undead", mb=1, rb=(0, 0, 0))
    s, ev = play(
        s, ("a", {"type": "war_die", "value": 1}), ("b", {"type": "war_die", "value": "flag"})
    )
    assert {"type": "removed", "player": "b", "region": "2A-d", "gained": {"mana": 1}} in ev
    assert res(s, "b") == (1, 0, 0) and s["pl"]["b"]["removed"] == 1


def test_crown_passes_to_the_winner() -> None:
    s = base_war()
    s["pl"]["b"]["crown"] = True
    s, ev = play(
        s, ("a", {"type": "war_die", "value": 1}), ("b", {"type": "war_die", "value": "flag"})
    )
    assert s["pl"]["a"]["crown"] and not s["pl"]["b"]["crown"]
    assert "crown_passed" in types(ev)


def test_refuge_for_the_last_meeple() -> None:
    s = build(
        {"a": "1B", "b": "2A", "c": "3A"},
        res={"a": (3, 0, 0), "b": (0, 0, 0)},
        meeples={
            "1B-a": ["a"],
            "1B-b": ["b"],
            "1B-c": ["a", "b"],
            "3A-a": ["c"],
            "1B-d": ["c"],
            "1B-e": ["c"],
        },
    )
    s = war(s, "a", "1B-a", "1B-b")
    s, _ = play(
        s, ("a", {"type": "war_die", "value": 3}), ("b", {"type": "war_die", "value": "flag"})
    )
    s, ev = play(s, ("b", {"type": "loss_region", "region": "1B-b"}))  # removal is automatic
    # the last meeple in 1B-c: not one meeple could retreat (no food), so it may take refuge
    # in the nearest empty region (1B-a, the only one at distance 1) or be removed
    assert moves(s, "b") == [{"type": "refuge", "region": "1B-a"}, {"type": "remove"}]
    s, ev = play(s, ("b", {"type": "refuge", "region": "1B-a"}))
    assert {"type": "refuge", "player": "b", "from": "1B-c", "region": "1B-a"} in ev
    assert count(s, "b") == 1 and s["meeples"]["1B-a"] == [["b", False]]
    # from 1B-a (edge): every region of 1B is full or taken, so the nearest empty regions
    # are the edge regions of the other cards, one Quest link away
    s["meeples"]["1B-c"].append(["c", False])
    assert R.refuge_destinations(s, "b", "1B-a") == [
        "2A-a",
        "2A-b",
        "2A-c",
        "2A-d",
        "2A-e",
        "3A-b",
        "3A-c",
        "3A-e",
    ]


def test_war_pay_split_by_mana_when_over_25() -> None:
    s = base_war("orcs", 2, ra=(5, 9, 9))
    s, _ = play(
        s, ("a", {"type": "war_die", "value": 11}), ("b", {"type": "war_die", "value": "flag"})
    )
    assert step(s) == "war_pay_mana"
    assert moves(s, "a") == [{"type": "war_pay_mana", "mana": k} for k in range(6)]
    s, _ = play(s, ("a", {"type": "war_pay_mana", "mana": 4}))
    assert step(s) == "war_pay"
    assert moves(s, "a") == [
        {"type": "war_pay", "mana": 4, "ore": o, "food": 2 - o} for o in range(3)
    ]


def test_alliance_break_only_with_a_number() -> None:
    s = build(
        {"a": "1B", "b": "2A", "c": "3A"},
        res={"a": (3, 0, 0)},
        meeples={"1B-a": ["a"], "1B-b": ["b"], "1B-c": ["a", "b"], "3A-a": ["c"]},
    )
    s = war(s, "a", "1B-a", "1B-b")
    assert GAME.view(s, None)["step"]["context"]["war"]["allied"] is True
    s, ev = play(
        s, ("a", {"type": "war_die", "value": "flag"}), ("b", {"type": "war_die", "value": "flag"})
    )
    assert "alliance_broken" not in types(ev) and "alliance_formed" in types(ev)


# --- scoring ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("faction", "expected"),
    [
        ("orcs", 2),
        ("elves", 2),
        ("centaurs", 1),
        ("lizardfolk", 1),
        ("shapeshifters", 3),
        ("merfolk", 1),
        ("giants", 2),
        ("dark_elves", 1),
        ("halflings", 0),
        ("humans", 4),
    ],
)
def test_endgame_bonuses(faction: str, expected: int) -> None:
    s = build(
        {"a": "1B", "b": "2A", "c": "3A"},
        factions={"a": faction},
        magic={"a": 5},
        res={"a": (4, 0, 6)},
        meeples={
            "1B-a": ["a", "a"],
            "1B-c": ["a"],
            "1B-b": ["a"],
            "2A-a": ["b"],
            "3A-c": ["c"],
            "3A-a": ["a"],
        },
    )
    assert R.score_breakdown(s, "a")["faction"] == expected


def test_game_over_outcome() -> None:
    s = build(
        FOUR, meeples={"1A-a": ["a"], "2A-a": ["b"], "3A-a": ["c"], "4A-a": ["d"]}, tower={"a": 6}
    )
    s = turn(s, "trade", P4, shields=["patrol", "quest", "build", "research"])
    s, ev = play(
        s,
        ("a", {"type": "pass"}),
        ("b", {"type": "collect"}),
        ("b", {"type": "choose_resource", "resource": "ore"}),
        ("c", {"type": "collect"}),
        ("c", {"type": "choose_resource", "resource": "ore"}),
        ("d", {"type": "collect"}),
        ("d", {"type": "choose_resource", "resource": "ore"}),
    )
    assert GAME.is_over(s)
    out = GAME.outcome(s)
    assert out[0]["player"] == "a" and out[0]["rank"] == 1 and out[0]["score"] == 12
    assert set(out[0]) == {"player", "rank", "score", "tiebreak", "breakdown"}
    assert GAME.view(s, None)["step"]["name"] == "over"


def test_setup_events_come_with_the_first_move() -> None:
    s = GAME.setup(["x", "y"], {}, 4)
    p = GAME.actors(s)[0]
    s, ev = GAME.apply(s, p, moves(s, p)[0])
    assert [e["type"] for e in ev[:3]] == ["faction_assigned", "faction_assigned", "lost_kingdom"]
    assert ev[2]["side"] == s["lost_kingdom"]
    s, ev = GAME.apply(s, p, moves(s, p)[0])
    assert ev[0]["type"] == "start_placed"


def test_bandits_without_resources_take_the_meeple() -> None:
    s = build(
        FOUR,
        exploration=True,
        res={"a": (0, 0, 1)},
        meeples={"1A-a": ["a"], "1A-e": ["a"]},
        tokens={"1A-b": ("bandits", False)},
    )
    s = turn(s, "patrol", P4)
    s, ev = play(
        s,
        ("a", {"type": "perform", "action": "patrol"}),
        ("a", {"type": "move_from", "region": "1A-a"}),
        ("a", {"type": "move_to", "region": "1A-b"}),
    )
    assert {"type": "bandits_removed", "player": "a", "region": "1A-b"} in ev
    assert count(s, "a") == 1 and s["pl"]["a"]["removed"] == 1


def test_public_view_fields() -> None:
    s = base_war()
    view = GAME.view(s, None)
    for key in (
        "options",
        "players",
        "first_player",
        "active",
        "turn",
        "shields",
        "available_actions",
        "map",
        "step",
        "draft_pool",
        "end_triggered",
        "over",
    ):
        assert key in view
    p = view["players"][0]
    for key in (
        "faction",
        "magic",
        "tower",
        "resources",
        "meeples_in_play",
        "supply",
        "home_side",
        "crown",
        "captured_neutrals",
        "attacks_won",
        "removed",
        "allies",
        "score_now",
    ):
        assert key in p
    region = view["map"][0]["regions"][0]
    assert set(region) >= {"type", "edge", "water_adjacent", "adjacent", "meeples", "token"}
    war = view["step"]["context"]["war"]
    assert (war["attacker"], war["defender"], war["region"], war["allied"]) == (
        "a",
        "b",
        "2A-d",
        False,
    )
    assert "war_die" not in view and "viewer" not in view
    assert GAME.view(s, "a")["viewer"] == "a"
