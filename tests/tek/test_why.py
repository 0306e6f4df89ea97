"""The "Why?" answers of Tiny Epic Kingdoms (issue 24) carry the engine's real numbers.

Seeded whole games are walked; at every decision the answer is asked in English and in Czech
for every option, and its numbers are checked against the engine: what the player would hold
is what applying the move (on a copy) leaves, in both languages' own words (the Czech counts
declined by hand here: "2 rudy", "5 rud"); a war die names the number, the discount and the
most the holdings pay; a Build, Research, Expand or retreat names its cost, which applying it
takes; a selected action names its shield."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import bot.text.catalog_en  # noqa: F401  (the host texts)
from bot.text.i18n import using
from bot.text.presenters.tek import PRESENTER
from games.tek import GAME
from games.tek import rules as R

RES = ("mana", "ore", "food")
#: the Czech accusative of a counted resource: 1, 2-4, 0 and 5+
CS_ACC = {
    "mana": ("manu", "many", "man"),
    "ore": ("rudu", "rudy", "rud"),
    "food": ("jídlo", "jídla", "jídel"),
}
#: the moves whose preview's ``left`` is what applying them leaves at once
IMMEDIATE = {
    "start_beginner",
    "start_ore",
    "trade_amount",
    "choose_resource",
    "war_pay",
    "lose_resources",
    "bandits_pay",
    "plunder",
    "convert",
    "retreat",
    "expand",
    "collect",
}


def cs_count(n: int, r: str) -> str:
    one, few, other = CS_ACC[r]
    return f"{n} {one if n == 1 else few if 2 <= n <= 4 else other}"


def holding(left: dict[str, int], lang: str, start: bool = False) -> str:
    parts = [(f"{left[r]} {r}" if lang == "en" else cs_count(left[r], r)) for r in RES if left[r]]
    heads = {
        "en": ("You would hold ", "You start with "),
        "cs": ("Pak budeš mít ", "Na začátku budeš mít "),
    }
    return heads[lang][start] + ", ".join(parts)


def answers(state: Any, p: str) -> tuple[list[Any], dict[str, list[Any]]]:
    moves = GAME.legal_moves(state, p)
    options = [(m, GAME.preview(state, p, m)) for m in moves]
    view = GAME.view(state, p)
    out = {}
    for lang in ("en", "cs"):
        with using(lang):
            out[lang] = PRESENTER.why(view, p, options, str)
    return options, out


def check_option(state: Any, p: str, move: dict[str, Any], pv: dict[str, Any], texts: dict) -> int:
    """The numbers of one option's answer, both languages; returns the checks made."""
    checks = 0
    kind = move["type"]
    if kind in IMMEDIATE and not (kind == "collect" and R.hooks(state, p, "collect_bonus")):
        after, _ = GAME.apply(state, p, move)
        assert after["pl"][p]["res"] == pv["left"], (move, pv)
        for lang in ("en", "cs"):
            if any(pv["left"].values()):
                start = kind.startswith("start")
                assert holding(pv["left"], lang, start) in texts[lang], (lang, texts[lang])
        checks += 1
    if kind in ("retreat", "expand") or (
        kind == "perform" and move["action"] in ("build", "research")
    ):
        ((r, n),) = pv["cost"].items()
        if kind == "perform":
            after, _ = GAME.apply(state, p, move)
            assert state["pl"][p]["res"][r] - after["pl"][p]["res"][r] == n
        if n:
            assert f" {n} {r}" in texts["en"] and f" {cs_count(n, r)}" in texts["cs"]
        checks += 1
    if kind == "perform" and move["action"] == "build":
        level = state["pl"][p]["tower"] + 1
        assert f"Tower level {level} for" in texts["en"] and f"úroveň {level}" in texts["cs"]
    if kind == "war_die" and move["value"] != "flag":
        war = state["war"]
        assert pv["most"] >= move["value"] and pv["discount"] == R.flat_discount(state, p, war)
        en = texts["en"]
        if "you pay nothing" not in en:
            assert f"pay {move['value']} − discount {pv['discount']}" in en, en
            assert f"up to {pv['most']}" in en and f"nejvýše {pv['most']}" in texts["cs"]
        checks += 1
    if kind == "select":
        shield = len(state["shields"]) + 1
        assert pv["shield"] == shield
        assert f"Shield {shield} of 5" in texts["en"] or "5th shield" in texts["en"]
        if move["action"] == "build" and pv["then"]:
            cost = R.build_cost(state, p)
            assert f"for {cost} ore" in texts["en"], texts["en"]
        checks += 1
    return checks


def walk(n: int, seed: int, options: dict[str, Any], limit: int) -> tuple[int, int, set[str]]:
    s = GAME.setup([f"p{i}" for i in range(n)], options, seed)
    rng = random.Random(f"why:{n}:{seed}")
    decisions = checks = 0
    steps: set[str] = set()
    while not GAME.is_over(s) and decisions < limit:
        for p in GAME.actors(s):
            opts, texts = answers(s, p)
            steps.add(str(GAME.view(s, p)["step"]["name"]))
            assert len(texts["en"]) == len(opts) == len(texts["cs"])
            for (move, pv), en, cs in zip(opts, texts["en"], texts["cs"], strict=True):
                assert not re.search(r"\{|\}", en.text + cs.text)
                assert en.text != cs.text, en.text
                checks += check_option(s, p, move, pv, {"en": en.text, "cs": cs.text})
            decisions += 1
        p = rng.choice(GAME.actors(s))
        s, _ = GAME.apply(s, p, rng.choice(GAME.legal_moves(s, p)))
    return decisions, checks, steps


@pytest.mark.parametrize(
    ("n", "seed", "options"),
    [(3, 1, {"exploration": True}), (2, 2, {}), (5, 3, {"exploration": True})],
)
def test_why_numbers_are_the_engines_in_whole_games(n: int, seed: int, options: dict) -> None:
    decisions, checks, steps = walk(n, seed, options, limit=400)
    assert decisions >= 150 and checks >= 100, (decisions, checks)
    assert {"select", "respond", "side", "start", "start_resources"} <= steps


def _war_state() -> Any:
    """A mid-game war (the rulebook's p.7 example, §20 E1): Bára with R(1,2,3) and Orcs L1
    (-1 war cost) attacks Jarmil in 2A-d."""
    from tests.tek.helpers import build, play, turn

    s = build(
        {"bara": "1A", "jarmil": "2A", "cyril": "3A"},
        factions={"bara": "orcs", "jarmil": "humans"},
        magic={"bara": 1},
        res={"bara": (1, 2, 3), "jarmil": (2, 0, 5)},
        meeples={
            "2A-c": ["bara"],
            "1A-a": ["bara", "bara"],
            "1A-b": ["bara"],
            "2A-d": ["jarmil"],
            "2A-a": ["jarmil", "jarmil"],
            "2A-b": ["jarmil"],
            "3A-a": ["cyril"],
        },
    )
    s = turn(s, "patrol", ["bara", "jarmil", "cyril"])
    s, _ = play(
        s,
        ("bara", {"type": "perform", "action": "patrol"}),
        ("bara", {"type": "move_from", "region": "2A-c"}),
        ("bara", {"type": "move_to", "region": "2A-d"}),
    )
    return s


def test_why_of_the_rulebooks_war_p7() -> None:
    # "Bára tedy na bojové kostce nastaví nejvíce 5 ... svými zdroji může zaplatit celkem 4 a
    # má slevu 1": setting 5 costs 1 mana and 2 ore, the only minimal payment
    s = _war_state()
    opts, texts = answers(s, "bara")
    values = [m["value"] for m, _ in opts]
    assert values == ["flag", 1, 2, 3, 4, 5]
    five = texts["en"][-1].text
    assert "pay 5 − discount 1, e.g. 1 mana, 2 ore" in five
    assert "Mana is worth 2, ore 1, food 0; you can pay up to 5" in five
    assert "Equal numbers: jarmil wins" in five
    cs = texts["cs"][-1].text
    assert "zaplatíš 5 − sleva 1, např. 1 manu, 2 rudy" in cs
    assert "nejvýše 5" in cs and "vyhrává: jarmil" in cs
    assert "two flags: an alliance" in texts["en"][0].text
