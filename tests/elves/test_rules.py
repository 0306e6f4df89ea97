"""Scenario tests for the rules, options and refusals the worked examples do not cover."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from games.base import IllegalMove
from games.elves import GAME
from games.elves.data import COST, DECK_COUNTS, TERRAINS, TRANSPORTS, VALUE
from games.elves.engine import coin_count, coins, full_deck, shuffle_pool
from tests.elves.helpers import build, moves, old_dump, play, same

P3 = ["Adam", "Beata", "Carl"]
P4 = ["Adam", "Beata", "Carl", "Doris"]


def refused(state, player, move, code: str) -> None:
    before = json.dumps(GAME.dump(state), sort_keys=True)
    with pytest.raises(IllegalMove) as exc:
        GAME.apply(state, player, move)
    assert exc.value.code == code, exc.value
    assert str(exc.value) and str(exc.value).endswith(".")
    assert json.dumps(GAME.dump(state), sort_keys=True) == before


# -- data tables (§2) ---------------------------------------------------------------------------


def test_deck_has_120_cards_with_the_table_counts() -> None:
    deck = full_deck()
    assert len(deck) == 120
    c = Counter(deck)
    assert sum(c[t] for t in TERRAINS) == 26
    assert sum(c[x] for x in TRANSPORTS) == 64
    assert sum(c[a] for a in ["gold", "thief", "wood", "seamonster", "escort", "reverse"]) == 30
    assert c == Counter(DECK_COUNTS)
    assert VALUE == {"plains": 2, "forest": 4, "mountain": 5, "desert": 6, "river": 3, "lake": 7}
    assert COST["pig"] == {"plains": 1, "forest": 1}
    assert COST["raft"] == {"river": 1, "lake": 2}
    assert COST["dragon"] == {"plains": 1, "forest": 2, "mountain": 1, "desert": 1}
    assert COST["cloud"] == {"plains": 2, "forest": 2, "mountain": 1}


@pytest.mark.parametrize(
    ("gold", "count"), [(12, 3), (11, 2), (9, 5), (8, 4), (6, 2), (27, 5), (33, 6), (0, 0)]
)
def test_coins_are_made_greedily(gold: int, count: int) -> None:
    assert coin_count(gold) == count
    b = coins(gold)
    assert 10 * b["10"] + 5 * b["5"] + b["1"] == gold


# -- setup (§3) and options (§10) ---------------------------------------------------------------


@pytest.mark.parametrize("players", [["a"], [f"p{i}" for i in range(7)], ["a", "a"], []])
def test_setup_refuses_bad_player_lists(players) -> None:
    with pytest.raises(ValueError):
        GAME.setup(players, {}, 1)


@pytest.mark.parametrize("options", [{"teleprt": True}, {"teleport": 1}, {"teleport": "yes"}])
def test_setup_refuses_bad_options(options) -> None:
    with pytest.raises(ValueError):
        GAME.setup(["a", "b"], options, 1)


def test_options_table() -> None:
    assert GAME.options == {
        "teleport": (False, [False, True]),
        "teleport_anywhere": (False, [False, True]),
        "unlimited_bank": (False, [False, True]),
    }
    assert GAME.setup(["a", "b"], {}, 1)["options"] == {
        "teleport": False,
        "teleport_anywhere": False,
        "unlimited_bank": False,
    }


@pytest.mark.parametrize(
    ("n", "rounds", "draw"), [(2, 2, 100), (3, 3, 90), (4, 4, 80), (5, 5, 70), (6, 5, 60)]
)
def test_rounds_and_first_deal(n: int, rounds: int, draw: int) -> None:
    v = GAME.view(GAME.setup([f"p{i}" for i in range(n)], {}, 5), None)
    assert v["rounds"] == rounds and v["draw_pile"] == draw
    assert v["capacity"] == (3 if n == 2 else 2)


def test_shuffle_depends_only_on_seed_and_round() -> None:
    deck = full_deck()
    assert shuffle_pool(list(reversed(deck)), 9, 2) == shuffle_pool(deck, 9, 2)
    assert shuffle_pool(deck, 9, 2) != shuffle_pool(deck, 9, 3)
    s = GAME.setup(["a", "b", "c"], {}, 9)
    top = shuffle_pool(deck, 9, 1)
    assert s["hand"][0] == dict(Counter(top[0:30:3]))  # one at a time from the start player


def test_later_round_reshuffles_draw_and_discard_and_keeps_hands() -> None:
    s = build(
        P3,
        phase="travel",
        start="Adam",
        turn="Carl",
        hands={"Adam": {"pig": 2}},
        draw=["cloud"] * 5,
        discard=["troll"] * 3,
        realms={"Adam": [{"card": "plains", "thief": "Beata"}]},
        tokens={"Beata": 3},
    )
    s, ev = play(s, "Carl", {"type": "end_journey"})
    types = [e["type"] for e in ev]
    assert types == [
        "journey_ended",
        "round_ended",
        "round_started",
        "deck_shuffled",
        "dealt",
        "dealt",
        "dealt",
    ]
    # pool: 5 cloud + 3 troll + plains + thief from the table = 10 cards, 8 each wanted.
    assert ev[3] == {"type": "deck_shuffled", "round": 2, "draw_pile": 10}
    assert [e["count"] for e in ev[4:]] == [4, 3, 3]  # start player Beata deals first
    assert [e["player"] for e in ev[4:]] == ["Beata", "Carl", "Adam"]
    assert s["hand"][0]["pig"] == 2 and sum(s["hand"][0].values()) == 5
    assert s["draw"] == [] and s["discard"] == []
    assert s["realms"] == [[], [], []] and s["tokens_free"] == [4, 4, 4]


# -- planning actions (§6) ----------------------------------------------------------------------


def test_village_goes_left_and_full_realms_are_not_offered() -> None:
    s = build(
        P3,
        turn="Adam",
        realms={"Beata": ["plains", "forest"]},
        hands={"Adam": {"lake": 1, "river": 1}},
    )
    s, _ = play(s, "Adam", {"type": "play_village", "card": "lake"})
    assert same(
        moves(s, "Adam"),
        [{"type": "place_village", "realm": "Adam"}, {"type": "place_village", "realm": "Carl"}],
    )
    refused(s, "Adam", {"type": "place_village", "realm": "Beata"}, "not_legal")
    refused(s, "Adam", {"type": "pass"}, "not_legal")  # committed: no cancel


def test_two_player_capacity_three_goes_further_left() -> None:
    s = build(["A", "B"], turn="A", realms={"A": ["plains", "forest"]}, hands={"A": {"lake": 1}})
    s, ev = play(
        s, "A", {"type": "play_village", "card": "lake"}, {"type": "place_village", "realm": "A"}
    )
    assert ev[0]["slot"] == 2
    assert [v["card"] for v in GAME.view(s, None)["realms"][0]] == ["plains", "forest", "lake"]


def test_no_village_moves_when_every_realm_is_full() -> None:
    s = build(
        P3, turn="Adam", realms={p: ["plains", "forest"] for p in P3}, hands={"Adam": {"lake": 1}}
    )
    assert not [m for m in moves(s, "Adam") if m["type"] == "play_village"]


def test_special_cards_respect_terrain_and_one_of_each() -> None:
    s = build(
        P3,
        turn="Adam",
        realms={
            "Adam": [
                "river",
                {"card": "forest", "obstacle": ("wood", "Beata"), "gold": "Beata", "thief": "Carl"},
            ],
            "Beata": ["plains"],
        },
        hands={"Adam": {"wood": 1, "seamonster": 1, "gold": 1, "thief": 1}},
    )
    legal = moves(s, "Adam")
    for k in ["wood", "seamonster", "gold", "thief"]:
        assert {"type": "play_special", "card": k} in legal
    s2, _ = play(s, "Adam", {"type": "play_special", "card": "wood"})
    assert moves(s2, "Adam") == [{"type": "place_special", "realm": "Beata", "slot": 0}]
    s2, _ = play(s, "Adam", {"type": "play_special", "card": "seamonster"})
    assert moves(s2, "Adam") == [{"type": "place_special", "realm": "Adam", "slot": 0}]
    s2, _ = play(s, "Adam", {"type": "play_special", "card": "gold"})
    assert same(
        moves(s2, "Adam"),
        [
            {"type": "place_special", "realm": "Adam", "slot": 0},
            {"type": "place_special", "realm": "Beata", "slot": 0},
        ],
    )
    refused(s2, "Adam", {"type": "place_special", "realm": "Adam", "slot": 1}, "not_legal")
    s3, ev = play(s2, "Adam", {"type": "place_special", "realm": "Adam", "slot": 0})
    assert ev[0] == {
        "type": "special_played",
        "player": "Adam",
        "card": "gold",
        "realm": "Adam",
        "slot": 0,
    }
    assert GAME.view(s3, None)["realms"][0][0]["gold"] == "Adam"


def test_no_free_token_means_no_special_card() -> None:
    s = build(
        P3,
        turn="Adam",
        realms={"Adam": ["plains"]},
        tokens={"Adam": 0},
        hands={"Adam": {"gold": 1, "thief": 1}},
    )
    assert not [m for m in moves(s, "Adam") if m["type"] == "play_special"]


def test_special_not_offered_without_a_village_that_takes_it() -> None:
    s = build(P3, turn="Adam", realms={"Beata": ["plains"]}, hands={"Adam": {"seamonster": 1}})
    assert {"type": "play_special", "card": "seamonster"} not in moves(s, "Adam")


def test_draw3_needs_three_cards_in_the_pile_and_a_card_in_hand() -> None:
    s = build(
        P3,
        turn="Adam",
        realms={"Adam": ["plains"]},
        hands={"Adam": {"pig": 1}},
        draw=["cloud", "troll"],
    )
    assert {"type": "draw3"} not in moves(s, "Adam")
    s = build(P3, turn="Adam", realms={"Adam": ["plains"]}, draw=["cloud"] * 5)
    assert {"type": "draw3"} not in moves(s, "Adam")
    s = build(
        P3,
        turn="Adam",
        realms={"Adam": ["plains"]},
        hands={"Adam": {"pig": 1}},
        draw=["cloud", "troll", "raft", "pig"],
    )
    s, _ = play(s, "Adam", {"type": "draw3"})
    assert s["draw"] == ["pig"]
    assert same(
        moves(s, "Adam"),
        [{"type": "discard", "card": k} for k in ["pig", "cloud", "troll", "raft"]],
    )
    assert GAME.view(s, None)["step"] == {"kind": "discard", "left": 4}
    s, ev = play(s, "Adam", {"type": "discard", "card": "raft"})
    assert ev == [{"type": "discarded", "player": "Adam", "card": "raft"}]
    refused(s, "Adam", {"type": "discard", "card": "raft"}, "not_legal")
    s, _ = play(
        s,
        "Adam",
        {"type": "discard", "card": "pig"},
        {"type": "discard", "card": "cloud"},
        {"type": "discard", "card": "troll"},
    )
    assert s["hand"][0] == {} and GAME.actors(s) == ["Beata"]
    assert GAME.view(s, None)["discard_top"] == "troll"


def test_buy_needs_a_draw_pile() -> None:
    s = build(P3, turn="Adam", realms={"Adam": ["plains"]}, draw=[])
    assert {"type": "buy"} not in moves(s, "Adam")


def test_bought_card_is_the_top_card_and_events_do_not_name_it() -> None:
    s = build(P3, turn="Adam", realms={"Adam": ["plains"]}, draw=["lake", "pig"])
    s, ev = play(s, "Adam", {"type": "buy"})
    assert s["hand"][0] == {"lake": 1}
    assert "lake" not in json.dumps(ev)
    assert "lake" not in json.dumps(GAME.view(s, "Beata"))
    assert GAME.view(s, "Adam")["hand"] == {"lake": 1}


def test_only_own_villages_may_be_removed() -> None:
    s = build(P3, turn="Adam", realms={"Beata": ["plains"]}, hands={"Adam": {"pig": 1}})
    assert not [m for m in moves(s, "Adam") if m["type"] == "remove_village"]
    refused(s, "Adam", {"type": "remove_village", "slot": 0}, "not_legal")


def test_pass_with_empty_realm_only_when_nothing_else_is_legal() -> None:
    s = build(P3, turn="Adam", gold={"Adam": 0}, draw=[])
    assert moves(s, "Adam") == [{"type": "pass"}]
    s = build(P3, turn="Adam", gold={"Adam": 5}, draw=["pig"])
    assert moves(s, "Adam") == [{"type": "buy"}]


def test_no_village_needs_a_village_in_the_pile() -> None:
    s = build(P3, turn="Adam", draw=["pig", "cloud", "troll"], hands={"Adam": {"pig": 1}})
    assert {"type": "no_village"} not in moves(s, "Adam")
    s = build(P3, turn="Adam", draw=["pig", "lake", "troll"], hands={"Adam": {"plains": 1}})
    assert {"type": "no_village"} not in moves(s, "Adam")  # holds a village card


def test_no_village_with_an_empty_hand_keeps_the_new_village() -> None:
    """Issue 18 item 11: "Místo ní odloží jednu libovolnou kartu z ruky": with no other card in
    hand there is nothing to discard in its place, so the village taken stays."""
    s = build(
        P3,
        turn="Carl",
        realms={"Adam": ["plains"], "Beata": ["river"]},
        draw=["cloud", "forest", "troll"],
    )
    assert same(moves(s, "Carl"), [{"type": "buy"}, {"type": "no_village"}])
    s, ev = play(s, "Carl", {"type": "no_village"}, {"type": "take_village", "card": "forest"})
    assert ev == [
        {"type": "no_village_declared", "player": "Carl", "hand": {}},
        {"type": "village_taken", "player": "Carl", "card": "forest"},
        {"type": "action_ended", "player": "Carl"},
    ]
    assert GAME.view(s, "Carl")["hand"] == {"forest": 1}
    assert GAME.view(s, None)["discard_pile"] == {} and s["draw"] == ["cloud", "troll"]
    assert GAME.actors(s) == ["Adam"] and s["passes"] == 0
    assert {"type": "play_village", "card": "forest"} in moves({**s, "turn": 2}, "Carl")


def test_passes_reset_by_any_other_action() -> None:
    s = build(P3, turn="Adam", realms={p: ["plains"] for p in P3})
    s, _ = play(s, "Adam", {"type": "pass"})
    s, _ = play(s, "Beata", {"type": "pass"})
    assert s["passes"] == 2
    s, _ = play(s, "Carl", {"type": "buy"})
    assert s["passes"] == 0
    for p in P3:
        s, _ = play(s, p, {"type": "pass"})
    assert s["phase"] == "travel"
    assert GAME.view(s, None)["players"][2]["set_aside"] == 0


# -- travel (§7) --------------------------------------------------------------------------------


def test_journey_starts_at_own_slot_zero() -> None:
    s = build(
        P3,
        phase="travel",
        turn="Beata",
        start="Beata",
        realms={"Adam": ["plains"], "Beata": ["forest", "plains"]},
        hands={"Beata": {"pig": 3}},
    )
    assert GAME.view(s, None)["journey"]["next"] == {"realm": "Beata", "slot": 0}
    s, ev = play(s, "Beata", {"type": "travel", "transport": "pig"})
    assert ev[0]["realm"] == "Beata" and ev[0]["slot"] == 0 and ev[0]["value"] == 4


def test_empty_own_realm_starts_at_the_next_realm_clockwise() -> None:
    s = build(
        P3,
        phase="travel",
        turn="Carl",
        start="Carl",
        realms={"Adam": [], "Beata": ["forest"]},
        hands={"Carl": {"pig": 3}},
    )
    assert GAME.view(s, None)["journey"]["next"] == {"realm": "Beata", "slot": 0}
    s = build(
        P3,
        phase="travel",
        turn="Beata",
        start="Beata",
        realms={"Adam": ["plains"]},
        hands={"Beata": {"pig": 3}},
    )
    assert GAME.view(s, None)["journey"]["next"] == {"realm": "Adam", "slot": 0}


def test_empty_table_only_end_journey() -> None:
    s = build(
        P3,
        phase="travel",
        turn="Adam",
        hands={"Adam": {"pig": 3, "escort": 1, "reverse": 1}},
        options={"teleport": True},
    )
    assert moves(s, "Adam") == [{"type": "end_journey"}]
    s, ev = play(s, "Adam", {"type": "end_journey"})
    assert ev[0]["bonus"] == 0 and ev[0]["income"] == 0


def test_one_transport_type_per_visit() -> None:
    s = build(
        P3,
        phase="travel",
        turn="Adam",
        realms={"Adam": ["mountain"]},
        hands={"Adam": {"cycle": 1, "troll": 1}},
    )
    assert moves(s, "Adam") == [{"type": "end_journey"}]


def test_reverse_not_before_first_visit_and_revisits_pay_again() -> None:
    s = build(
        P3,
        phase="travel",
        turn="Adam",
        realms={"Adam": [{"card": "plains", "thief": "Beata"}], "Beata": ["forest"]},
        hands={"Adam": {"pig": 4, "reverse": 2}},
    )
    assert {"type": "reverse"} not in moves(s, "Adam")
    s, ev = play(
        s,
        "Adam",
        {"type": "travel", "transport": "pig"},
        {"type": "travel", "transport": "pig"},
        {"type": "reverse"},
        {"type": "travel", "transport": "pig"},
    )
    paid = [e for e in ev if e["type"] == "thief_paid"]
    assert len(paid) == 2  # every visit triggers the thief
    assert GAME.view(s, None)["journey"]["income"] == 2 + 4 + 2
    s, ev = play(s, "Adam", {"type": "end_journey"})
    assert ev[0]["visits"] == 3 and ev[0]["bonus"] == 10
    assert GAME.view(s, "Adam")["gold"] == 12 - 4 + 8 + 10


def test_own_obstacle_and_own_thief_do_not_hurt_and_gold_doubles_only_for_owner() -> None:
    s = build(
        P3,
        phase="travel",
        turn="Adam",
        realms={
            "Adam": [
                {"card": "forest", "obstacle": ("wood", "Adam"), "thief": "Adam", "gold": "Beata"}
            ]
        },
        hands={"Adam": {"pig": 1}},
        gold={"Adam": 0},
    )
    s, ev = play(s, "Adam", {"type": "travel", "transport": "pig"})
    assert ev == [
        {
            "type": "visited",
            "player": "Adam",
            "realm": "Adam",
            "slot": 0,
            "card": "forest",
            "via": "travel",
            "transport": "pig",
            "cards": 1,
            "obstacle_extra": False,
            "escorted": False,
            "value": 4,
        }
    ]


def test_escort_covers_obstacles_and_ends_in_another_realm() -> None:
    s = build(
        P3,
        phase="travel",
        turn="Adam",
        realms={
            "Adam": ["plains"],
            "Beata": [
                {"card": "forest", "obstacle": ("wood", "Carl")},
                {"card": "plains", "obstacle": ("wood", "Carl")},
            ],
            "Carl": [{"card": "plains", "obstacle": ("wood", "Beata")}],
        },
        hands={"Adam": {"pig": 5, "escort": 2}},
    )
    s, _ = play(s, "Adam", {"type": "travel", "transport": "pig"}, {"type": "escort"})
    s, ev = play(s, "Adam", {"type": "travel", "transport": "pig"})
    assert ev[0]["cards"] == 1 and ev[0]["escorted"] is True
    assert {"type": "escort"} not in moves(s, "Adam")  # same realm next / already escorted
    s, ev = play(s, "Adam", {"type": "travel", "transport": "pig"})
    assert ev[0]["cards"] == 1 and ev[0]["escorted"] is True
    s, ev = play(s, "Adam", {"type": "travel", "transport": "pig"})
    assert ev[0]["cards"] == 2 and ev[0]["obstacle_extra"] is True and ev[0]["escorted"] is False
    assert GAME.view(s, None)["journey"]["escort"] is None


def test_escort_is_offered_before_the_first_visit() -> None:
    s = build(
        P3, phase="travel", turn="Adam", realms={"Adam": ["plains"]}, hands={"Adam": {"escort": 1}}
    )
    assert same(moves(s, "Adam"), [{"type": "escort"}, {"type": "end_journey"}])


def test_journeys_pass_left_and_the_last_one_ends_the_round() -> None:
    s = build(P3, phase="travel", start="Beata", turn="Beata")
    s, ev = play(s, "Beata", {"type": "end_journey"})
    assert ev[-1] == {"type": "journey_started", "player": "Carl"}
    s, ev = play(s, "Carl", {"type": "end_journey"})
    assert ev[-1] == {"type": "journey_started", "player": "Adam"}
    s, ev = play(s, "Adam", {"type": "end_journey"})
    assert ev[1] == {"type": "round_ended", "round": 1}
    assert ev[2] == {"type": "round_started", "round": 2, "start_player": "Beata"}


# -- teleport (§7.5) ----------------------------------------------------------------------------


def _tele(**kw):
    base = dict(
        phase="travel",
        turn="Adam",
        options={"teleport": True},
        realms={
            "Adam": ["plains"],
            "Beata": ["desert"],
            "Carl": [{"card": "river", "thief": "Beata", "obstacle": ("seamonster", "Beata")}],
        },
        hands={"Adam": {"pig": 1, "cloud": 4}},
    )
    base.update(kw)
    return build(P3, **base)


def test_teleport_needs_the_option() -> None:
    s = _tele(options={})
    s, _ = play(s, "Adam", {"type": "travel", "transport": "pig"})
    assert not [m for m in moves(s, "Adam") if m["type"] == "teleport"]
    refused(s, "Adam", {"type": "teleport", "realm": "Beata", "slot": 0}, "not_legal")


#: the house rule of issue 30: teleports also first and onto the village one is in
ANY = {"teleport": True, "teleport_anywhere": True}


def test_house_rule_teleport_anywhere_reaches_the_current_village_too() -> None:
    """Issue 30: with the house rule, "do jakékoliv vesnice" includes the current village."""
    s, _ = play(_tele(options=ANY), "Adam", {"type": "travel", "transport": "pig"})
    tele = [m for m in moves(s, "Adam") if m["type"] == "teleport"]
    assert same(tele, [{"type": "teleport", "realm": r, "slot": 0} for r in P3])
    s2, _ = play(
        _tele(options=ANY, gold={"Adam": 2}), "Adam", {"type": "travel", "transport": "pig"}
    )
    # 2 + 2 earned at the plains = 4: enough for 3, not for 3 + the thief's 2
    assert same(
        [m for m in moves(s2, "Adam") if m["type"] == "teleport"],
        [
            {"type": "teleport", "realm": "Adam", "slot": 0},
            {"type": "teleport", "realm": "Beata", "slot": 0},
        ],
    )
    s3, _ = play(
        _tele(options=ANY, gold={"Adam": 0}), "Adam", {"type": "travel", "transport": "pig"}
    )
    assert not [m for m in moves(s3, "Adam") if m["type"] == "teleport"]
    s4, _ = play(
        _tele(options=ANY, hands={"Adam": {"pig": 1, "cloud": 3, "escort": 1}}),
        "Adam",
        {"type": "travel", "transport": "pig"},
    )
    assert not [m for m in moves(s4, "Adam") if m["type"] == "teleport"]
    s5, _ = play(
        s,
        "Adam",
        {"type": "teleport", "realm": "Adam", "slot": 0},
        *[{"type": "teleport_card", "card": "cloud"}] * 4,
    )
    assert GAME.view(s5, "Adam")["gold"] == 14 - 3 + 2
    assert GAME.view(s5, None)["journey"]["income"] == 4


def test_house_rule_teleport_anywhere_may_be_the_first_move_of_a_journey() -> None:
    """Issue 30: with the house rule the teleport ("zvláštní tah") may come before any visit."""
    s = _tele(options=ANY, gold={"Adam": 5})
    assert same(
        [m for m in moves(s, "Adam") if m["type"] == "teleport"],
        [{"type": "teleport", "realm": r, "slot": 0} for r in P3],
    )
    s, ev = play(
        s,
        "Adam",
        {"type": "teleport", "realm": "Beata", "slot": 0},
        *[{"type": "teleport_card", "card": "cloud"}] * 4,
    )
    assert [e["type"] for e in ev][-1] == "visited" and ev[-1]["value"] == 6
    j = GAME.view(s, None)["journey"]
    assert j["at"] == {"realm": "Beata", "slot": 0} and j["next"] == {"realm": "Carl", "slot": 0}
    assert GAME.view(s, "Adam")["gold"] == 5 - 3 + 6


def test_escort_does_not_cancel_a_thief_at_a_teleport_destination() -> None:
    """Issue 18 item 10: "Všechny zlaté karty a karty zlodějů mají svůj efekt"."""
    s = build(
        P3,
        phase="travel",
        turn="Adam",
        options=ANY,
        gold={"Adam": 5},
        realms={"Beata": [{"card": "desert", "thief": "Carl"}]},
        hands={"Adam": {"cloud": 4, "escort": 1}},
    )
    s, _ = play(s, "Adam", {"type": "escort"})
    assert GAME.view(s, None)["journey"]["escort"] == "Beata"
    assert {"type": "teleport", "realm": "Beata", "slot": 0} in moves(s, "Adam")
    s4 = {**s, "gold": [4, 12, 12]}
    assert not [m for m in moves(s4, "Adam") if m["type"] == "teleport"]
    s, ev = play(
        s,
        "Adam",
        {"type": "teleport", "realm": "Beata", "slot": 0},
        *[{"type": "teleport_card", "card": "cloud"}] * 4,
    )
    assert {"type": "thief_paid", "player": "Adam", "to": "Carl", "amount": 2} in ev
    visit = next(e for e in ev if e["type"] == "visited")
    assert visit["escorted"] is False and visit["value"] == 6
    assert GAME.view(s, "Adam")["gold"] == 5 - 3 - 2 + 6 and GAME.view(s, "Carl")["gold"] == 14
    assert GAME.view(s, None)["journey"]["escort"] == "Beata"


# -- refusals -----------------------------------------------------------------------------------


def test_refusal_codes() -> None:
    s = build(P3, turn="Adam", realms={"Adam": ["plains"]})
    refused(s, "Beata", {"type": "pass"}, "not_your_turn")
    refused(s, "Zed", {"type": "pass"}, "not_your_turn")
    refused(s, "Adam", {"type": "fly"}, "unknown_move")
    refused(s, "Adam", "pass", "unknown_move")
    refused(s, "Adam", None, "unknown_move")
    refused(s, "Adam", {"type": "pass", "extra": 1}, "not_legal")
    refused(s, "Adam", {"type": "remove_village", "slot": 0.0}, "not_legal")
    refused(s, "Adam", {"type": "remove_village", "slot": True}, "not_legal")
    refused(s, "Adam", {"type": "travel", "transport": "pig"}, "not_legal")
    refused(s, "Adam", {"type": "play_village", "card": "lake"}, "not_legal")
    over = build(P3, phase="travel", start="Adam", turn="Carl", round_no=3)
    over, _ = play(over, "Carl", {"type": "end_journey"})
    assert GAME.is_over(over)
    refused(over, "Adam", {"type": "pass"}, "game_over")


def test_legal_moves_empty_for_others_and_when_over() -> None:
    s = build(P3, turn="Adam", realms={"Adam": ["plains"]})
    assert moves(s, "Beata") == [] and moves(s, "Zed") == []


def test_apply_never_mutates_input() -> None:
    s = build(P3, turn="Adam", realms={"Adam": ["plains"]}, hands={"Adam": {"pig": 1}})
    before = json.dumps(GAME.dump(s), sort_keys=True)
    for m in moves(s, "Adam"):
        GAME.apply(s, "Adam", m)
    assert json.dumps(GAME.dump(s), sort_keys=True) == before


# -- views (§12) --------------------------------------------------------------------------------


def test_views_hide_hands_gold_seed_and_draw_order() -> None:
    s = GAME.setup(["Adam", "Beata", "Carl"], {"teleport": True}, 1234)
    public = GAME.view(s, None)
    for key in ("hand", "gold", "coin_breakdown", "legal_moves", "seed", "draw"):
        assert key not in public
    assert "1234" not in json.dumps(public)
    mine = GAME.view(s, "Beata")
    assert mine["viewer"] == "Beata" and sum(mine["hand"].values()) == 10
    assert mine["gold"] == 12 and mine["legal_moves"] == []
    assert {
        k: v
        for k, v in mine.items()
        if k not in ("viewer", "hand", "gold", "coin_breakdown", "legal_moves")
    } == {k: v for k, v in public.items() if k != "viewer"}
    assert GAME.view(s, "Adam")["legal_moves"] == moves(s, "Adam")
    assert GAME.is_secret(s, "Adam", moves(s, "Adam")[0]) is False


def test_events_never_carry_balances_or_dealt_cards() -> None:
    s = build(P3, phase="travel", start="Adam", turn="Carl")
    _, ev = play(s, "Carl", {"type": "end_journey"})
    for e in ev:
        if e["type"] == "dealt":
            assert set(e) == {"type", "player", "count"}
    for e in ev:
        if e["type"] != "game_over":
            assert not {"gold", "balance", "hand"} & set(e), e


def test_teleport_may_be_used_again_in_one_journey() -> None:
    s = _tele(gold={"Adam": 20}, hands={"Adam": {"pig": 1, "cloud": 8}})
    s, _ = play(
        s,
        "Adam",
        {"type": "travel", "transport": "pig"},
        {"type": "teleport", "realm": "Carl", "slot": 0},
        *[{"type": "teleport_card", "card": "cloud"}] * 4,
    )
    # the plains and then the river pay on arrival
    assert GAME.view(s, "Adam")["gold"] == 20 + 2 - 3 - 2 + 3
    s, ev = play(
        s,
        "Adam",
        {"type": "teleport", "realm": "Beata", "slot": 0},
        *[{"type": "teleport_card", "card": "cloud"}] * 4,
    )
    assert [e["type"] for e in ev].count("teleport_card") == 4
    s, ev = play(s, "Adam", {"type": "end_journey"})
    # plains 2 + river 3 + desert 6, every village visited: bonus 10
    assert ev[0]["income"] == 11 and ev[0]["bonus"] == 10 and ev[0]["visits"] == 3
    assert GAME.view(s, "Adam")["gold"] == 20 - 3 + 6 + 10


@pytest.mark.parametrize(("n", "seed"), [(6, 1), (6, 2), (5, 3), (2, 4)])
def test_every_step_lists_at_most_25_moves(n: int, seed: int) -> None:
    from games.ai import RandomPlayer

    caps = {
        "turn": 16,
        "journey": 21,
        "place_village": 6,
        "place_special": 12,
        "discard": 19,
        "take_village": 6,
        "teleport_cards": 7,
    }
    s = GAME.setup([f"p{i}" for i in range(n)], {"teleport": True}, seed)
    ai = RandomPlayer(seed)
    k = 0
    while not GAME.is_over(s):
        p = GAME.actors(s)[0]
        legal = moves(s, p)
        assert 0 < len(legal) <= caps[s["step"]["kind"]]
        assert len({json.dumps(m, sort_keys=True) for m in legal}) == len(legal)
        s, _ = GAME.apply(s, p, ai.choose(GAME, s, p, k))
        k += 1


def test_refused_travel_says_why() -> None:
    s = build(
        P3,
        phase="travel",
        turn="Beata",
        gold={"Beata": 1},
        realms={"Beata": [{"card": "plains", "thief": "Adam"}]},
        hands={"Beata": {"pig": 2, "raft": 1, "cloud": 1}},
    )
    with pytest.raises(IllegalMove, match="cannot enter a plains"):
        GAME.apply(s, "Beata", {"type": "travel", "transport": "raft"})
    with pytest.raises(IllegalMove, match="need 2 cloud"):
        GAME.apply(s, "Beata", {"type": "travel", "transport": "cloud"})
    with pytest.raises(IllegalMove, match="2 gold to pay the thief"):
        GAME.apply(s, "Beata", {"type": "travel", "transport": "pig"})


@pytest.mark.parametrize(
    "move",
    [
        {"type": ["pass"]},
        {"type": {"a": 1}},
        {"type": "travel", "transport": ["pig"]},
        {"type": "travel", "transport": {"x": 1}},
        {"type": "discard", "card": ["pig"]},
        {"type": 3},
    ],
)
def test_malformed_moves_are_refused_not_crashing(move) -> None:
    s = build(
        P3, phase="travel", turn="Adam", realms={"Adam": ["plains"]}, hands={"Adam": {"pig": 1}}
    )
    with pytest.raises(IllegalMove) as exc:
        GAME.apply(s, "Adam", move)
    assert exc.value.code in ("unknown_move", "not_legal")


def test_load_accepts_a_snapshot_from_before_revealed_hands_were_kept() -> None:
    s = GAME.setup(P3, {}, 5)
    old = {k: v for k, v in old_dump(s).items() if k != "revealed"}
    loaded = GAME.load(old)
    assert loaded["revealed"] == [{}, {}, {}] and "revealed" not in old
    assert json.dumps(GAME.dump(loaded), sort_keys=True) == json.dumps(GAME.dump(s), sort_keys=True)
