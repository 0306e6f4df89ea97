"""Issue 11 parts 2, 4 and 5 in the presenters: the public facts under a prompt (whom an Empire
Engine attack hits, the villages ahead of an Elves journey, both sides of a TEK war), what the
player to act is deciding ("It is bob's turn — they are ..."), each game's final breakdown and
the final standings' lines. Exact English texts; the context never depends on a secret."""

from __future__ import annotations

from typing import Any

import pytest

import bot.text.catalog_en  # noqa: F401  (registers the bot's texts)
import games
from bot.adapter.book import book
from bot.adapter.final import (
    played_from_dms,
    rating_change,
    rating_lines,
    result_dm,
    score_text,
    standings_lines,
)
from bot.core.ai_runner import seat_label
from bot.core.store import Seat, SessionRecord
from bot.text import presenters
from bot.text.i18n import t
from bot.text.refusals import whose_turn
from games.ai import RandomPlayer

NAMES = {"a": "Alice", "b": "Bob", "c": "Cyril", "d": "Dana"}


def name(pid: str) -> str:
    return NAMES.get(pid, pid)


EE = presenters.get("empire_engine")
ELVES = presenters.get("elves")
TEK = presenters.get("tek")
MAJESTY = presenters.get("majesty")


# -- Empire Engine: neighbours, seating, whom an Attack hits ---------------------------------


def test_empire_engine_names_the_neighbours_and_whom_each_attack_hits() -> None:
    game = games.get("empire_engine")
    s = game.setup(["a", "b", "c"], {}, 1)
    actor = game.actors(s)[0]
    view = game.view(s, actor)
    left, right = {"a": ("b", "c"), "b": ("c", "a"), "c": ("a", "b")}[actor]
    assert EE.prompt_context(view, actor, name) == (
        f"Your left neighbour is {name(left)}: your L Attack hits them, their R Attack hits "
        f"you. Your right neighbour is {name(right)}: your R Attack hits them, their L Attack "
        "hits you. Defend blocks one attack on you."
    )
    assert (
        "Seats clockwise: Alice → Bob → Cyril → Alice."
        in EE.status_text(game.view(s, None), name).splitlines()
    )
    # round 1: lay a card, then choose its top; an Attack on top says whom it hits
    s, _ = game.apply(s, actor, next(m for m in game.legal_moves(s, actor) if m["card"] == "L"))
    attack = next(m for m in game.legal_moves(s, actor) if m.get("action") == "Attack")
    assert (
        EE.move_description(game.view(s, actor), attack, name)
        == f"Attack: hits {name(left)}, your left neighbour"
    )
    other = next(m for m in game.legal_moves(s, actor) if m.get("action") != "Attack")
    assert EE.move_description(game.view(s, actor), other, name) == t("empire_engine.desc.orient")


def test_empire_engine_two_players_share_both_sides() -> None:
    game = games.get("empire_engine")
    s = game.setup(["a", "b"], {}, 2)
    actor = game.actors(s)[0]
    other = "b" if actor == "a" else "a"
    assert EE.prompt_context(game.view(s, actor), actor, name) == (
        f"{name(other)} is both your neighbours: both your Attacks hit them, and both of "
        "theirs hit you. Defend blocks one attack on you."
    )


# -- Elves: the villages ahead of a journey ----------------------------------------------------


def _village(
    realm: str,
    slot: int,
    kind: str,
    value: int,
    *,
    gold: str | None = None,
    thief: str | None = None,
    obstacle: dict[str, str] | None = None,
) -> dict[str, Any]:
    return {
        "realm": realm,
        "slot": slot,
        "card": kind,
        "value": value,
        "gold": gold,
        "thief": thief,
        "obstacle": obstacle,
    }


def elves_view(direction: str) -> dict[str, Any]:
    players = [{"id": p, "seat": i} for i, p in enumerate("abc")]
    realms = [
        [_village("a", 0, "lake", 7, thief="c")],
        [
            _village("b", 0, "forest", 4, obstacle={"card": "wood", "owner": "c"}),
            _village("b", 1, "plains", 2, gold="b"),
        ],
        [_village("c", 0, "desert", 6, gold="a", obstacle={"card": "seamonster", "owner": "a"})],
    ]
    return {
        "viewer": "a",
        "step": {"kind": "journey"},
        "players": players,
        "realms": realms,
        "journey": {
            "traveller": "a",
            "at": None,
            "next": {"realm": "b", "slot": 0},
            # the engine's ring in travel order from the next village (games.elves.views)
            "ahead": [
                {"realm": r, "slot": n}
                for r, n in (
                    [("b", 0), ("b", 1), ("c", 0), ("a", 0)]
                    if direction == "cw"
                    else [("b", 0), ("a", 0), ("c", 0), ("b", 1)]
                )
            ],
            "direction": direction,
            "escort": None,
            "visits": [],
            "income": 0,
        },
    }


def test_elves_journey_shows_the_villages_ahead() -> None:
    assert ELVES.prompt_context(elves_view("cw"), "a", name) == (
        "Ahead, clockwise: Bob's Forest #1 (worth 4, Wooden obstacle of Cyril); "
        "Bob's Plains #2 (worth 2, Gold card of Bob); "
        "Cyril's Desert #1 (worth 6, your Sea monster, your Gold card: double); "
        "your Lake #1 (worth 7, thief of Cyril)."
    )
    ccw = ELVES.prompt_context(elves_view("ccw"), "a", name)
    assert ccw is not None and ccw.startswith(
        "Ahead, anticlockwise: Bob's Forest #1 (worth 4, Wooden obstacle of Cyril); your Lake #1"
    )
    planning = dict(elves_view("cw"), step={"kind": "turn"})
    assert ELVES.prompt_context(planning, "a", name) is None


# -- TEK: both sides of a war ------------------------------------------------------------------


def tek_view(step: str, **war: Any) -> dict[str, Any]:
    players = [
        {"id": "a", "resources": {"mana": 2, "ore": 3, "food": 1}},
        {"id": "b", "resources": {"mana": 0, "ore": 5, "food": 0}},
    ]
    context = {"war": {"attacker": "a", "defender": "b", "region": "9A-b", "cost": 0, **war}}
    return {"players": players, "step": {"name": step, "actors": ["a"], "context": context}}


def test_tek_war_prompt_shows_both_sides() -> None:
    region = TEK.prompt_context(tek_view("war_boost"), "a", name).split(": Alice")[0]  # type: ignore[union-attr]
    assert region.startswith("⚔️ War over ")
    assert TEK.prompt_context(tek_view("war_boost", revealed={"a": 3, "b": "flag"}), "a", name) == (
        f"{region}: Alice attacks Bob.\n"
        "Alice: 2 mana, 3 ore, 1 food · Bob: 5 ore\n"
        "Dice: Alice 3, Bob 🏳️ flag."
    )
    # the war-die prompt names the war itself: only the sides follow
    assert (
        TEK.prompt_context(tek_view("war_die"), "a", name)
        == "Alice: 2 mana, 3 ore, 1 food · Bob: 5 ore"
    )
    assert TEK.prompt_context(tek_view("select"), "a", name) is None


# -- no context depends on a secret ------------------------------------------------------------


@pytest.mark.parametrize("game_id", sorted(games.REGISTRY))
def test_context_is_read_from_the_public_view(game_id: str) -> None:
    """The context of a player's prompt is the same when made from the public view: it shows
    nothing only that player may see (so it may also stand on the public board)."""
    game, presenter = games.get(game_id), presenters.get(game_id)
    s, ai = game.setup(["a", "b", "c"], {}, 4), RandomPlayer(4)
    shown = 0
    for n in range(1500):
        if game.is_over(s):
            break
        for p in game.actors(s):
            mine = presenter.prompt_context(game.view(s, p), p, name)
            public = presenter.prompt_context({**game.view(s, None), "viewer": p}, p, name)
            assert mine == public, (game_id, p, mine, public)
            shown += mine is not None
            assert presenter.activity(game.view(s, None), p, name) != ""
        p = game.actors(s)[0]
        s, _ = game.apply(s, p, ai.choose(game, s, p, n))
    if game_id != "majesty":  # Majesty is all open: its prompts need no context
        assert shown > 0, game_id


# -- "It is bob's turn — they are ..." -----------------------------------------------------------


def test_whose_turn_names_the_actor_and_what_they_decide() -> None:
    view = {"step": "take"}
    code, params = whose_turn("majesty", view, ["b"], name)
    assert (
        t(f"error.{code}", **params)
        == "It is Bob's turn — they are choosing a card from the display."
    )
    code, params = whose_turn("majesty", {"step": "?"}, ["b"], name)
    assert t(f"error.{code}", **params) == "It is Bob's turn; you will be told when it is yours."
    code, params = whose_turn("empire_engine", {"step": "salvage"}, ["b", "c"], name)
    assert t(f"error.{code}", **params) == "It is not your turn: waiting for Bob, Cyril."
    code, params = whose_turn(
        "empire_engine", {"step": "block", "current": {"attacker": "a", "target": "c"}}, ["c"], name
    )
    assert (
        t(f"error.{code}", **params)
        == "It is Cyril's turn — they are deciding whether to block Alice's attack on Cyril."
    )
    assert whose_turn("tek", {}, [], name) == ("not_your_turn", {})


# -- the final standings -----------------------------------------------------------------------


def test_final_breakdowns_with_units() -> None:
    majesty_view = {
        "final": [
            {
                "player": "a",
                "rank": 1,
                "score": 61,
                "breakdown": {
                    "play": 40,
                    "infirmary": -6,
                    "variety": 9,
                    "majority": {"mill": 10, "inn": 8},
                    "total": 61,
                },
            }
        ]
    }
    assert (
        MAJESTY.final_breakdown(majesty_view, "a", name)
        == "during play 40 · Infirmary -6 · variety +9 · majorities +18"
    )
    ee_view = {
        "results": [
            {
                "player": "a",
                "rank": 1,
                "score": 14,
                "resources": 8,
                "bonus": 6,
                "majorities": ["soldier", "good"],
            }
        ]
    }
    assert (
        EE.final_breakdown(ee_view, "a", name)
        == "8 in the score pile + 6 majority bonus (most soldiers, goods)"
    )
    elves_final = {
        "final": {
            "gold": {"a": 71},
            "ranks": {"a": 1},
            "breakdown": {"a": {"start": 50, "rounds": [7, -3, 7], "bonus": 10, "total": 71}},
        }
    }
    assert (
        ELVES.final_breakdown(elves_final, "a", name)
        == "start 50 · rounds +7, -3, +7 · every-village bonus +10"
    )
    tek_final = {
        "results": [
            {
                "player": "a",
                "rank": 1,
                "score": 12,
                "breakdown": {"meeples": 6, "tower": 4, "magic": 2, "faction": 0, "total": 12},
            }
        ]
    }
    assert TEK.final_breakdown(tek_final, "a", name) == "meeples 6 · tower 4 · magic 2"
    assert score_text("majesty", 1) == "1 point" and score_text("elves", 71) == "71 gold"
    assert score_text("tek", 12) == "12 VP" and score_text("empire_engine", 0) == "0 points"
    assert rating_change(0.0, 3.2449) == "0 → 3.2 (+3.2)"
    assert rating_change(5.04, 4.96) == "5 → 5 (±0)"
    assert rating_change(1.0, -2.8) == "1 → \u22122.8 (\u22123.8)"


def test_standings_lines_rank_names_units_and_breakdowns() -> None:
    rec = SessionRecord(
        id=7,
        guild_id="1",
        channel_id="2",
        game="empire_engine",
        options={},
        seed=0,
        status="finished",
        version=9,
        host_id="a",
        turn_secs=None,
        seats=[Seat("a", "Alice"), Seat("ai:1", "AI 1", is_ai=True)],
    )
    rows = [{"player": "ai:1", "rank": 2, "score": 9}, {"player": "a", "rank": 1, "score": 14}]
    view = {
        "results": [
            {"player": "a", "resources": 8, "bonus": 6, "majorities": ["good"]},
            {"player": "ai:1", "resources": 9, "bonus": 0, "majorities": []},
        ]
    }
    assert standings_lines(rows, rec, view) == [
        "🥇 **Alice** — 14 points",
        "↳ 8 in the score pile + 6 majority bonus (most goods)",
        f"🥈 **{seat_label(rec.seats[1])}** — 9 points",
        "↳ 9 in the score pile + 0 majority bonus",
    ]


def test_result_dm_and_who_gets_one() -> None:
    rec = SessionRecord(
        id=7,
        guild_id="1",
        channel_id="2",
        game="tek",
        options={},
        seed=0,
        status="finished",
        version=9,
        host_id="11",
        turn_secs=None,
        seats=[
            Seat("11", "Alice"),
            Seat("12", "Bob"),
            Seat("13", "Cyril", is_ai=True),
            Seat("ai:1", "AI 1", is_ai=True),
        ],
    )
    meta = book(  # a row written before the per-player records
        {
            "prompted": {"11": 3, "13": 5, "ai:1": 2},
            "ratings": {"11": [0.0, 3.24], "12": [1.0, 0.51]},
        }
    )
    # Bob never had a private prompt; Cyril left (an AI plays the seat); AI seats get nothing
    assert played_from_dms(rec, meta) == ["11"]
    assert rating_lines(rec, meta) == [
        "Skill = OpenSkill μ − 3σ, as `/standings` shows it: everyone starts at 0 and it "
        "climbs as you play and win.",
        "Alice: 0 → 3.2 (+3.2) (a first rated game: the skill starts low)",
        "Bob: 1 → 0.5 (\u22120.5)",
    ]
    embed = result_dm(
        rec,
        meta,
        "Tiny Epic Kingdoms",
        {"player": "11", "rank": 2, "score": 9},  # type: ignore[arg-type]
        4,
        "https://discord.com/channels/1/2/99",
    )
    assert embed.title == "🏁 Tiny Epic Kingdoms · table #7 is over"
    assert embed.description == (
        "You placed 2nd of 4 with 9 VP.\nYour skill: 0 → 3.2 (+3.2).\n"
        "Final standings in <#2>: https://discord.com/channels/1/2/99"
    )


def test_empire_engine_second_gear_says_whom_its_attack_hits() -> None:
    """Placing the second gear: when it brings an Attack to the top, the option says whom."""
    from bot.text.presenters.empire_engine import _second, second_result

    game = games.get("empire_engine")
    s, ai = game.setup(["a", "b", "c"], {}, 3), RandomPlayer(3)
    checked = 0
    for n in range(2000):
        if game.is_over(s) or checked:
            break
        p = game.actors(s)[0]
        view = game.view(s, p)
        if (view.get("placing") or {}).get("slot") == 2:
            for m in game.legal_moves(s, p):
                found = _second(view, m["card"], m.get("pay") is not None)
                if m["type"] != "place" or not found or found[0] != "Attack":
                    continue
                left, right = {"a": ("b", "c"), "b": ("c", "a"), "c": ("a", "b")}[p]
                target = name(left if m["card"] == "L" else right)
                result = second_result(view, m["card"], m.get("pay") is not None)
                assert (
                    EE.move_description(view, m, name)
                    == (t("empire_engine.desc.second", result=result) + f", hits {target}")[:100]
                )
                checked += 1
        s, _ = game.apply(s, p, ai.choose(game, s, p, n))
    assert checked
