""" "Why?" for the decisions of a King of the Elves journey (issue 24; docs/rules/elves.md §7):
what a step would pay, which thief or obstacle it meets, what a teleport costs and what ending
the journey now pays, each from the engine's preview of the move (``games.elves.preview``),
never a rule redone here."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bot.text.i18n import t, tn
from bot.text.presenters.base import NameFn
from bot.text.presenters.elves_base import _place_text as place_text
from bot.text.presenters.elves_base import _realm_text as realm_text
from bot.text.presenters.elves_base import _short, card
from games.elves.views import ElvesView
from games.elves.vocab import THINGS
from games.terms import Count

Move = dict[str, Any]
Facts = Mapping[str, Any]
Why = Callable[[ElvesView, Move, Facts, NameFn], str]
GOLD = THINGS["gold"]


def gold(n: int) -> Count:
    return Count(int(n), GOLD)


def _meets(view: ElvesView, facts: Facts, name: NameFn, travel: bool) -> str:
    """What the arrival meets: the obstacle, the thief, the Gold card, a short bank."""
    parts = []
    ob = facts.get("obstacle")
    if ob and travel:
        key = "elves.why.obstacle" if facts.get("obstacle_extra") else "elves.why.obstacle.free"
        if ob["owner"] == view.get("viewer"):
            key = "elves.why.obstacle.own"
        parts.append(t(key, card=card(ob["card"]), player=_short(name(ob["owner"]))))
    elif ob:
        parts.append(t("elves.why.obstacle.ignored", card=card(ob["card"])))
    if facts.get("thief"):
        parts.append(
            t("elves.why.thief", fee=gold(facts["fee"]), player=_short(name(facts["thief"])))
        )
    if facts.get("escorted"):
        parts.append(t("elves.why.escorted"))
    if facts.get("gold_card"):
        parts.append(t("elves.why.gold_card"))
    if facts.get("short"):
        parts.append(t("elves.why.short", bank=gold(facts["bank"]), short=gold(facts["short"])))
    return "".join(f" {p}" for p in parts)


def _ending(facts: Facts, key: str = "elves.why.ending") -> str:
    """What ending the journey pays at that point (the preview's ``end``)."""
    bonus = t("elves.why.bonus", bonus=gold(facts["bonus"])) if facts.get("bonus") else ""
    if facts.get("short"):
        bonus += t("elves.why.bonus.short", short=gold(facts["short"]))
    return t(
        key,
        visits=tn("elves.why.visits", int(facts["visits"]), n=facts["visits"]),
        income=gold(facts["income"]),
        bonus=bonus,
    )


def _why_travel(view: ElvesView, move: Move, facts: Facts, name: NameFn) -> str:
    head = t(
        "elves.why.travel",
        cards=facts["cards"],
        transport=card(facts["transport"]),
        held=facts["held"],
        village=place_text(view, facts["to"], name),
        value=gold(facts["value"]),
        after=gold(facts["gold_after"]),
    )
    return head + _meets(view, facts, name, True) + " " + _ending(facts["end"])


def _why_escort(view: ElvesView, move: Move, facts: Facts, name: NameFn) -> str:
    none = not facts["thieves"] and not facts["obstacles"]
    return t(
        "elves.why.escort.none" if none else "elves.why.escort",
        realm=realm_text(view, str(facts["realm"]), name),
        villages=tn("elves.why.n_villages", len(facts["villages"]), n=len(facts["villages"])),
        thieves=tn("elves.why.n_thieves", int(facts["thieves"]), n=facts["thieves"]),
        obstacles=tn("elves.why.n_obstacles", int(facts["obstacles"]), n=facts["obstacles"]),
    )


def _why_reverse(view: ElvesView, move: Move, facts: Facts, name: NameFn) -> str:
    return t(
        "elves.why.reverse",
        direction=t(f"elves.dir.{facts['direction']}"),
        village=place_text(view, facts["next"], name),
    )


def _why_teleport(view: ElvesView, move: Move, facts: Facts, name: NameFn) -> str:
    head = t(
        "elves.why.teleport",
        cost=gold(facts["cost"]),
        cards=facts["cards"],
        held=facts["travel_cards"],
        village=place_text(view, facts["to"], name),
        value=gold(facts["value"]),
        after=gold(facts["gold_after"]),
    )
    return head + _meets(view, facts, name, False) + " " + _ending(facts["end"])


def _why_teleport_card(view: ElvesView, move: Move, facts: Facts, name: NameFn) -> str:
    key = "elves.why.teleport_card.arrives" if facts["arrives"] else "elves.why.teleport_card"
    return t(
        key,
        card=card(facts["card"]),
        held=facts["held"],
        left=facts["left"],
        village=place_text(view, facts["to"], name),
    )


def _why_end_journey(view: ElvesView, move: Move, facts: Facts, name: NameFn) -> str:
    return _ending(facts, "elves.why.ending.now") + " " + t("elves.why.end_journey")


WHY: dict[str, Why] = {
    "travel": _why_travel,
    "escort": _why_escort,
    "reverse": _why_reverse,
    "teleport": _why_teleport,
    "teleport_card": _why_teleport_card,
    "end_journey": _why_end_journey,
}
