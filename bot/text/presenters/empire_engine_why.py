"""Empire Engine's "Why?" answers (issue 24): what each option of a decision does now, in the
engine's own numbers (its ``preview``, docs/rules/empire_engine.md §17), and the tie note of a
finished game (the engine's outcome rows, §9).

Nothing here is a rule: every number is a preview field or an outcome field; the words are the
game's terms (``games.empire_engine.vocab.TERMS``) and the catalogue's ``empire_engine.why.*``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bot.text.i18n import current, plural_category, t, tn
from games.empire_engine import data as D
from games.empire_engine.vocab import TERMS, action, resource
from games.terms import Count

P = "empire_engine."
Facts = Mapping[str, Any]
NameFn = Callable[[str], str]

WHY: dict[str, str | tuple[str, ...]] = {
    P + "why.group": "{action} (group {group} of the execution)",
    P + "why.gain_ready": "{head}: +{gain} to your ready pile, which then holds {ready}.",
    P + "why.gain_score": "{head}: +{gain} to your score pile.",
    P + "why.attack": "{head}: pay 1 soldier; it hits {target}, {side}. If it is "
    "not blocked it takes {take} of their ready pile (now {ready}) into your score pile; an "
    "empty pile gives {empty} from the supply.",
    P + "why.defend": (
        "{head}: blocks 1 attack on you (from {attackers}): +{reward} soldier to your score pile.",
        "{head}: blocks 1 attack on you (from {attackers}): +{reward} soldiers to your score pile.",
    ),
    P + "why.defend_idle": " If it blocks nothing: +{bonus} to your ready pile.",
    P + "why.export": "{head}: all goods of your ready pile (now {goods}) go to your score "
    "pile{bonus}, unless an attack on you succeeds.",
    P + "why.export_bonus": " (+{bonus} from Compound Interest)",
    P + "why.salvage": "{head}: one of {options} from the supply to your score pile, unless an "
    "attack on you succeeds.",
    P + "why.lay": "Everyone sees that {card} goes down first; its top action stays hidden. You "
    "then choose one of: {actions}.",
    P + "why.orient": "Nothing to pay in round 1. {effect}",
    P + "why.turns": (
        "Gear {gear} turns {card} {turns} quarter turn clockwise: {effect}",
        "Gear {gear} turns {card} {turns} quarter turns clockwise: {effect}",
    ),
    P + "why.turns_none": "Gear {gear} with the cube turns {card} 0 quarter turns: {effect}",
    P + "why.cube": "A cube of 1 {cube} goes on the gear (seen by all; back to the supply at the "
    "reveal): your ready pile then holds {ready}.",
    P + "why.no_cube": "No cube: your ready pile keeps {ready}.",
    P + "why.gears": "{one} Or: {two}",
    P + "why.turns_note": "(A quarter turn brings the action on the card's left edge to the top.)",
    P + "why.side.left": "your left neighbour",
    P + "why.side.right": "your right neighbour",
    P + "why.second": "The other gear goes under {card}: free, {free}; with a cube, {alternate}.",
    P + "why.short": (
        "{action} ({turns} quarter turn)",
        "{action} ({turns} quarter turns)",
    ),
    P + "why.block": (
        "You block {attacker}'s attack on {target}: +{reward} soldier to your score pile{cost}; "
        "{attacker} takes nothing.",
        "You block {attacker}'s attack on {target}: +{reward} soldiers to your score pile{cost}; "
        "{attacker} takes nothing.",
    ),
    P + "why.block_cost": ", paying {cost} from your ready pile",
    P + "why.no_block": "{attacker} takes {take} of {target}'s ready pile (now {ready}) into "
    "their score pile.",
    P + "why.keep": " You keep your Defend for {later}.",
    P + "why.keep_none": " You keep your Defend, but nobody else can still attack you this round.",
    P + "why.partner_may": " Partner {partner} may still block it.",
    P + "why.steal": "{take} go to your score pile; {target}'s ready pile is left with {after}.",
    P + "why.steal_extra": "Joint attack: {take} more go to your score pile; {target}'s ready "
    "pile is left with {after}.",
    P + "why.joint_export": "All goods of your ready pile (now {goods}) go to your score "
    "pile{bonus} (your partner {partner} exported this round).",
    P + "why.no_joint_export": "{kept} stay in your ready pile (they can pay for a cube later, "
    "or be stolen).",
    P + "why.salvage_pick": "{take} from the supply to your score pile, where no attack can "
    "take it.",
    P + "tie.ready": (
        "{players}: equal on {score} point; the rulebook's tie-break, the bigger ready pile, "
        "ranks them: {readies}.",
        "{players}: equal on {score} points; the rulebook's tie-break, the bigger ready pile, "
        "ranks them: {readies}.",
    ),
    P + "tie.shared": (
        "{players}: equal on {score} point and on ready piles ({ready}): they share the place "
        "(the rulebook: a shared victory).",
        "{players}: equal on {score} points and on ready piles ({ready}): they share the place "
        "(the rulebook: a shared victory).",
    ),
    P + "tie.ready_part": "{player}: {ready} ({rank}. place)",
}


def _n(kind: str, n: int) -> str:
    """``n`` of a resource in the reader's language ("2 soldiers", "2 vojáci")."""
    loc = current()
    return Count(n, resource(kind)).form(loc, "", plural_category(n, loc))


def _mix(amounts: Mapping[str, Any], kinds: tuple[str, ...] = D.READY_TYPES) -> str:
    """ "1 soldier, 2 goods" (every kind, zeros too), from a pile of the preview."""
    return ", ".join(_n(k, int(amounts.get(k, 0))) for k in kinds)


def _some(amounts: Mapping[str, Any]) -> str:
    """ "1 soldier + 1 good": the kinds present only ("nothing" for none)."""
    parts = [_n(k, int(n)) for k, n in amounts.items() if n]
    return " + ".join(parts) if parts else t(P + "nothing")


def _gain(gain: Mapping[str, Any]) -> str:
    return _some(gain)


def _head(facts: Facts) -> str:
    return t(P + "why.group", action=action(str(facts["action"])), group=facts["group"])


def _attack(facts: Facts, name: NameFn) -> str:
    a = facts["attack"]
    return t(
        P + "why.attack",
        head=_head(facts),
        target=name(str(a["target"])),
        side=t(P + "why.side." + str(a["side"])),
        take=_resources(int(a["take"])),
        ready=_mix(a["target_ready"]),
        empty=Count(int(a["empty_pile_gives"]["soldier"]), resource("soldier")),
    )


def _defend(facts: Facts, name: NameFn) -> str:
    d = facts["defend"]
    reward = int(d["reward"]["soldier"])
    text = tn(
        P + "why.defend",
        reward,
        head=_head(facts),
        attackers=", ".join(name(str(p)) for p in d["attackers"]),
        reward=reward,
    )
    bonus = int(d["idle_bonus"]["soldier"])
    if bonus:
        text += t(P + "why.defend_idle", bonus=_n("soldier", bonus))
    return text


def _export(facts: Facts, name: NameFn) -> str:
    e = facts["export"]
    bonus = int(e["bonus_good"])
    extra = t(P + "why.export_bonus", bonus=_n("good", bonus)) if bonus else ""
    return t(P + "why.export", head=_head(facts), goods=_n("good", int(e["goods"])), bonus=extra)


def _salvage(facts: Facts, name: NameFn) -> str:
    options = [
        " + ".join(resource(k).form(current()) for k in o) for o in facts["salvage"]["options"]
    ]
    return t(P + "why.salvage", head=_head(facts), options=", ".join(options))


def effect(facts: Facts, name: NameFn) -> str:
    """What the action of ``facts`` (an action's facts, §17) does now, in one sentence."""
    kind = str(facts["action"])
    if "gain" in facts:
        gain = _gain(facts["gain"])
        if facts.get("pile") == "ready":
            ready = _mix(facts.get("gain_ready_after") or facts["ready_after"])
            return t(P + "why.gain_ready", head=_head(facts), gain=gain, ready=ready)
        return t(P + "why.gain_score", head=_head(facts), gain=gain)
    handlers = {"Attack": _attack, "Defend": _defend, "Export": _export, "Salvage": _salvage}
    return handlers[kind](facts, name)


def _card(card: Any) -> str:
    return TERMS[f"card.{card}"].form(current(), "acc")


def _turns(facts: Facts, name: NameFn) -> str:
    """A gear's quarter turns under its engine card, and what comes up (§6.2)."""
    turns = int(facts["turns"])
    params = {"gear": facts["gear"], "card": _card(facts["card"]), "effect": effect(facts, name)}
    if turns == 0:
        return t(P + "why.turns_none", **params)
    return tn(P + "why.turns", turns, turns=turns, **params)


def _short(facts: Facts) -> str:
    turns = int(facts["turns"])
    return tn(P + "why.short", turns, action=action(str(facts["action"])), turns=turns)


def _cube(facts: Facts) -> str:
    ready = _mix(facts["ready_after"])
    if facts.get("cube"):
        return t(P + "why.cube", cube=resource(str(facts["cube"])), ready=ready)
    return t(P + "why.no_cube", ready=ready)


def _lay(facts: Facts, name: NameFn) -> str:
    actions = "; ".join(effect(a, name).rstrip(".") for a in facts["actions"])
    return t(P + "why.lay", card=_card(facts["card"]), actions=actions)


def _place(facts: Facts, name: NameFn) -> str:
    if facts.get("slot") == 1:
        one, two = (_turns(g, name) for g in facts["gears"])
        gears = t(P + "why.gears", one=one, two=two)
        return f"{_cube(facts)} {gears} {t(P + 'why.turns_note')}"
    return f"{_cube(facts)} {_turns(facts, name)} {t(P + 'why.turns_note')}"


def _gear(facts: Facts, name: NameFn) -> str:
    second = facts["second"]
    rest = t(
        P + "why.second",
        card=_card(second["card"]),
        free=_short(second["free"]),
        alternate=_short(second["alternate"]),
    )
    return f"{_turns(facts, name)} {rest} {t(P + 'why.turns_note')}"


def _block(facts: Facts, name: NameFn) -> str:
    who = {"attacker": name(str(facts["attacker"])), "target": name(str(facts["target"]))}
    if facts["choice"] == "block":
        reward = int(facts["reward"]["soldier"])
        paid = [Count(int(n), resource(k)) for k, n in facts["cost"].items() if n]
        cost = t(P + "why.block_cost", cost=paid[0]) if paid else ""
        return tn(P + "why.block", reward, reward=reward, cost=cost, **who)
    theft = facts["theft"]
    take = _resources(int(theft["take"]))
    text = t(P + "why.no_block", take=take, ready=_mix(theft["target_ready"]), **who)
    if facts["target"] == facts["defender"]:
        later = [name(str(p)) for p in facts["later_attackers"]]
        text += t(P + "why.keep", later=", ".join(later)) if later else t(P + "why.keep_none")
    if facts.get("partner_may_block"):
        text += t(P + "why.partner_may", partner=name(str(facts["partner_may_block"])))
    return text


def _steal(facts: Facts, name: NameFn) -> str:
    key = "why.steal_extra" if facts["joint_extra"] else "why.steal"
    return t(
        P + key,
        take=_some(facts["take"]),
        target=name(str(facts["target"])),
        after=_mix(facts["target_ready_after"]),
    )


def _joint(facts: Facts, name: NameFn) -> str:
    if facts["choice"] == "no_joint_export":
        return t(P + "why.no_joint_export", kept=_n("good", int(facts["kept"])))
    bonus = int(facts["bonus_good"])
    extra = t(P + "why.export_bonus", bonus=_n("good", bonus)) if bonus else ""
    return t(
        P + "why.joint_export",
        goods=_n("good", int(facts["goods"])),
        bonus=extra,
        partner=name(str(facts["partner"])),
    )


def _salvage_pick(facts: Facts, name: NameFn) -> str:
    return t(P + "why.salvage_pick", take=_some(facts["take"]))


WHYS: dict[str, Callable[[Facts, NameFn], str]] = {
    "lay": _lay,
    "orient": lambda f, n: t(P + "why.orient", effect=effect(f, n)),
    "place": _place,
    "gear": _gear,
    "block": _block,
    "no_block": _block,
    "steal": _steal,
    "joint_export": _joint,
    "no_joint_export": _joint,
    "salvage": _salvage_pick,
}


def why_text(facts: Facts, name: NameFn) -> str | None:
    """The answer for one option, from its preview (None without one)."""
    fn = WHYS.get(str(facts.get("type")))
    return fn(facts, name) if fn else None


def tie_notes(results: list[dict[str, Any]], name: NameFn) -> list[str]:
    """For each score several scoring units share: whether the ready piles ranked them (§9)."""
    units: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    for row in results:  # a team is one unit (its members share every value)
        key = (row.get("team"),) if row.get("team") is not None else (row["player"],)
        units.setdefault(key, []).append(row)
    by_score: dict[int, list[list[dict[str, Any]]]] = {}
    for rows in units.values():
        by_score.setdefault(int(rows[0]["score"]), []).append(rows)
    notes = []
    for score, group in sorted(by_score.items(), reverse=True):
        if len(group) < 2:
            continue
        group.sort(key=lambda rows: int(rows[0]["rank"]))
        names = [" + ".join(name(str(r["player"])) for r in rows) for rows in group]
        readies = [int(rows[0]["ready_total"]) for rows in group]
        if len(set(readies)) == 1:
            ready = _resources(readies[0])
            notes.append(
                tn(P + "tie.shared", score, players=", ".join(names), score=score, ready=ready)
            )
            continue
        parts = [
            t(P + "tie.ready_part", player=who, ready=_resources(r), rank=rows[0]["rank"])
            for who, r, rows in zip(names, readies, group, strict=True)
        ]
        notes.append(
            tn(
                P + "tie.ready",
                score,
                players=", ".join(names),
                score=score,
                readies="; ".join(parts),
            )
        )
    return notes


def _resources(n: int) -> str:
    loc = current()
    return Count(n, TERMS["resource"]).form(loc, "", plural_category(n, loc))


def _register() -> None:
    from bot.text import i18n

    i18n.register(WHY)


_register()
