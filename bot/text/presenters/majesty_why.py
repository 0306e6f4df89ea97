"""Majesty's "Why?" answers, teach-mode lines and tie note (issue 24; rules:
docs/rules/majesty.md §3, §5, §6.3, §9 "Preview").

Every number of a "Why?" answer is a field of the engine's ``preview`` of that move (what the
card scores now for that player, each half of a split card, whom an attack wounds, what a heal
brings back, what the Castle exchange leaves); the tie note reads the ranks and meeples of the
engine's final ranking (``outcome``, in the view's ``final``). Nothing here redoes a rule.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bot.text.i18n import ordinal, t
from bot.text.presenters.base import NameFn, Preview, WhyLine
from games.majesty.tables import HOME
from games.majesty.vocab import TERMS, card_term, character_term, characters_term, location_term
from games.terms import Count, Term

Json = dict[str, Any]
LabelFn = Callable[[Json, Json, NameFn, Preview], str]

CATALOG: dict[str, str] = {
    "majesty.why.take": "{card}: {cost}. {result}",
    "majesty.why.take_split": "{card}: {cost}. {result_a} {result_b}",
    "majesty.why.free": "costs nothing",
    "majesty.why.cost": "costs {cost}",
    "majesty.why.free_gain": "costs nothing, and you pick up {gained} lying on it",
    "majesty.why.cost_gain": "costs {cost}, and you pick up {gained} lying on it",
    "majesty.why.at": "At the {location} ({side}): {parts}.",
    "majesty.why.place": "As {character} at the {location} ({side}): {parts}.",
    "majesty.why.heal_place": (
        "Back as {character} to the {location} (it triggers nothing); the Cottage ({side}) "
        "then pays: {parts}."
    ),
    "majesty.why.exchange": "{what}: {parts}.",
    "majesty.why.gain": "you gain {points}",
    "majesty.why.no_gain": "you gain no points",
    "majesty.why.lose": "you pay {points}",
    "majesty.why.returned": "{points} of it for meeples over 5",
    "majesty.why.meeples": "your meeples {before} → {after}",
    "majesty.why.short": "the supply lacks {meeples}",
    "majesty.why.other": "{who} gains {points}",
    "majesty.why.defended": "{target} defends (Guards: {guards_n}, your Knights: {knights_n})",
    "majesty.why.wounded": "{target} loses {character} from the {location} to the Infirmary",
    "majesty.why.nothing_to_wound": "{target} has no card to lose",
    "majesty.why.heal": "your Witch heals {card} back to the {location}",
    "majesty.why.heal_choose": "your Witch heals {card}: you choose its half next",
    "majesty.why.then_exchange": "then you choose a Castle exchange",
    "majesty.why.projection": "your score if the game ended then: {points}",
    "majesty.why.turn_end": "the turn ends with {points} and {meeples}",
    # teach mode: two lines per step
    "majesty.teach.take": (
        "Take one of the 6 cards: the first is free, each later one costs a meeple laid on "
        "every card you skip.\nIt goes to its character's location, which pays out at once; "
        "meeples over 5 become points at the end of your turn."
    ),
    "majesty.teach.place": (
        "This split card shows two characters: choose which one it is.\nIt goes to that "
        "character's location, counts only as that character, and the location pays out now."
    ),
    "majesty.teach.heal_place": (
        "Your Witch healed a split card from your Infirmary: choose the half it comes back "
        "as.\nIt triggers nothing itself, but it counts for the Cottage's payout that follows."
    ),
    "majesty.teach.castle_exchange": (
        "Castle B: buy or sell meeples at 1 point each, in one direction, or make no "
        "exchange.\nMeeples over 5 go back for 1 point at the end of the turn; then the Castle "
        "pays 4 per Noble and per Infirmary card."
    ),
    # the tie note (rulebook p.7)
    "majesty.tie.shared": (
        "{players} share {place} place with {score}: the rulebook crowns every tied "
        'player ("V případě shody je korunováno císařem či císařovnou více hráčů").'
    ),
    "majesty.tie.meeples": (
        "{players} tied with {score}; the meeples left decided ({detail}), the rulebook's "
        'optional rule ("lze o vítězi rozhodnout pomocí celkového počtu zbývajících figurek '
        'pomocníků").'
    ),
    "majesty.tie.still": "{players} also have equal meeples and share {place} place.",
    "majesty.tie.detail": "{player}: {meeples}",
}


def _points(n: int) -> Count:
    return Count(n, TERMS["point"])


def _meeples(n: int) -> Count:
    return Count(n, TERMS["meeple"])


def _side(side: Any) -> Term:
    return TERMS.get(f"side.{side}") or TERMS["side.A"]


def _card_of(card: Any) -> Term:
    if isinstance(card, Mapping):
        return characters_term(list(card.get("characters") or []))
    return card_term(int(card))


def _gain_part(facts: Preview) -> list[str]:
    points = int(facts.get("points", 0))
    if points > 0:
        parts = [t("majesty.why.gain", points=_points(points))]
    elif points < 0:
        parts = [t("majesty.why.lose", points=_points(-points))]
    else:
        parts = [t("majesty.why.no_gain")]
    if facts.get("returned"):
        parts.append(t("majesty.why.returned", points=_points(int(facts["returned"]))))
    if facts.get("meeples_before") != facts.get("meeples_after"):
        before, after = int(facts["meeples_before"]), int(facts["meeples_after"])
        parts.append(t("majesty.why.meeples", before=before, after=after))
    if facts.get("short"):
        parts.append(t("majesty.why.short", meeples=_meeples(int(facts["short"]))))
    return parts


def _attack_part(attack: Mapping[str, Any], name: NameFn) -> str:
    result = str(attack.get("result"))
    knights, guards = int(attack.get("knights", 0)), int(attack.get("guards", 0))
    character = str(attack.get("character") or "")
    return t(
        f"majesty.why.{result}",
        target=name(str(attack.get("target"))),
        knights_n=knights,
        guards_n=guards,
        character=character_term(character) if character in HOME else TERMS["character"],
        location=location_term(str(attack.get("location") or "infirmary")),
    )


def _heal_part(heal: Mapping[str, Any]) -> str:
    card = card_term(int(heal["card"]))
    if heal.get("location"):
        return t("majesty.why.heal", card=card, location=location_term(str(heal["location"])))
    return t("majesty.why.heal_choose", card=card)


def _parts(facts: Preview, player: str, name: NameFn) -> str:
    """What a move does, for the mover and everyone else, in the preview's numbers."""
    parts = _gain_part(facts)
    if facts.get("heal") and facts.get("type") != "heal_place":
        parts.append(_heal_part(facts["heal"]))
    parts += [_attack_part(a, name) for a in facts.get("attacks") or []]
    for q, n in (facts.get("others") or {}).items():
        parts.append(t("majesty.why.other", who=name(q), points=_points(int(n))))
    if facts.get("then") == "castle_exchange":
        parts.append(t("majesty.why.then_exchange"))
    projection = (facts.get("projection") or {}).get(player)
    if projection is not None:
        parts.append(t("majesty.why.projection", points=_points(int(projection))))
    return ", ".join(parts)


def _cost(facts: Preview) -> str:
    cost, gained = int(facts.get("cost", 0)), int(facts.get("meeples_gained", 0))
    key = ("majesty.why.cost" if cost else "majesty.why.free") + ("_gain" if gained else "")
    return t(key, cost=_meeples(cost), gained=_meeples(gained))


def _placed(placement: Preview, player: str, name: NameFn, split: bool = False) -> str:
    """One placement of a take: where it goes and what it does (a split card's half says
    which character it is)."""
    return t(
        "majesty.why.place" if split else "majesty.why.at",
        character=character_term(str(placement["character"])),
        location=location_term(str(placement["location"])),
        side=_side(placement.get("side")),
        parts=_parts(placement, player, name),
    )


def _why_take(facts: Preview, player: str, name: NameFn, label: str) -> str:
    card, cost = _card_of(facts["card"]), _cost(facts)
    placements = list(facts.get("placements") or [])
    if len(placements) == 1:
        return t(
            "majesty.why.take", card=card, cost=cost, result=_placed(placements[0], player, name)
        )
    a, b = placements[0], placements[1]
    return t(
        "majesty.why.take_split",
        card=card,
        cost=cost,
        result_a=_placed(a, player, name, split=True),
        result_b=_placed(b, player, name, split=True),
    )


def _why_place(facts: Preview, player: str, name: NameFn, label: str) -> str:
    kind = str(facts.get("type"))
    side = (facts.get("payout") or {}).get("side") if kind == "heal_place" else facts.get("side")
    return t(
        f"majesty.why.{kind}",
        character=character_term(str(facts["character"])),
        location=location_term(str(facts["location"])),
        side=_side(side),
        parts=_parts(facts, player, name),
    )


def _why_exchange(facts: Preview, player: str, name: NameFn, label: str) -> str:
    end = t(
        "majesty.why.turn_end",
        points=_points(int(facts["points_after"])),
        meeples=_meeples(int(facts["meeples_after"])),
    )
    return t("majesty.why.exchange", what=label, parts=f"{end}, {_parts(facts, player, name)}")


_WHY: dict[str, Callable[[Preview, str, NameFn, str], str]] = {
    "take": _why_take,
    "place": _why_place,
    "heal_place": _why_place,
    "castle_exchange": _why_exchange,
}


def why(
    view: Json,
    player: str,
    options: list[tuple[Json, Preview]],
    name: NameFn,
    label_of: LabelFn,
) -> list[WhyLine]:
    """One line per option with a preview: its label and what it does now."""
    lines = []
    for move, facts in options:
        explain = _WHY.get(str(move.get("type")))
        if explain is None or not facts:
            continue
        label = label_of(view, move, name, facts)
        lines.append(WhyLine(label, explain(facts, player, name, label)))
    return lines


def _group_note(rows: list[Mapping[str, Any]], name: NameFn) -> str:
    """One group of equal scores: shared, or separated by the meeples left (the ranks the
    engine gave say which)."""
    players = ", ".join(name(str(r["player"])) for r in rows)
    score = _points(int(rows[0]["score"]))
    ranks = {int(r["rank"]) for r in rows}
    if len(ranks) == 1:
        return t("majesty.tie.shared", players=players, place=ordinal(min(ranks)), score=score)
    detail = ", ".join(
        t("majesty.tie.detail", player=name(str(r["player"])), meeples=_meeples(int(r["meeples"])))
        for r in rows
    )
    notes = [t("majesty.tie.meeples", players=players, score=score, detail=detail)]
    for rank in sorted(ranks):
        same = [r for r in rows if int(r["rank"]) == rank]
        if len(same) > 1:
            who = ", ".join(name(str(r["player"])) for r in same)
            notes.append(t("majesty.tie.still", players=who, place=ordinal(rank)))
    return " ".join(notes)


def tie_note(view: Mapping[str, Any], name: NameFn) -> str | None:
    """Every group of equal final scores, from the engine's ranking; None without one."""
    rows = list(view.get("final") or [])
    scores: dict[int, list[Mapping[str, Any]]] = {}
    for row in rows:
        scores.setdefault(int(row["score"]), []).append(row)
    groups = [group for _, group in sorted(scores.items(), reverse=True) if len(group) > 1]
    notes = [_group_note(group, name) for group in groups]
    return "\n".join(notes) or None
