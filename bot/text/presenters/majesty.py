"""How Majesty is shown in Discord: options, move labels, log lines, status and rules summary
(rules: docs/rules/majesty.md).

Majesty has no secrets, so prompts may be shown in the channel (``private_prompts`` False) and
``hand_text`` is None. Every text lives in ``CATALOG`` under ``majesty.*`` keys; every name of a
thing of the game (character, location, card, meeple, point...) is a term of
``games.majesty.vocab.TERMS``, passed as a text parameter (``{card}``, Czech ``{card:acc}``),
never a catalogue entry of its own. What a move would do comes from the engine's preview
(``Majesty.preview``, the ``preview`` argument): the presenter words it and never redoes a rule.
Views are typed (``games.majesty.views.MajestyView``): each entry point casts the view it gets
once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, cast

from bot.text.i18n import signed, t, tn
from bot.text.presenters import majesty_teach, majesty_why
from bot.text.presenters.base import NameFn, OptionSpec, Presenter, Preview, Reference, WhyLine
from games.majesty import GAME
from games.majesty.tables import LOCATION_SIDES
from games.majesty.views import (
    CardView,
    DisplaySlotView,
    MajestyView,
    PlacePendingView,
    RealmView,
)
from games.majesty.vocab import (
    CHARACTER_NAMES,
    HOME,
    LOCATION_NAMES,
    SIDE_PRESETS,
    TERMS,
    card_term,
    character_term,
    characters_term,
    location_term,
)
from games.terms import Count, Term

CATALOG: dict[str, str | tuple[str, ...]] = {
    # options
    "majesty.opt.sides": (
        "Location sides: 8 letters A/B from Mill to Infirmary (e.g. ABBAABAB), or A or B for all"
    ),
    "majesty.opt.mixed_deck": "Shuffle both decks together and keep all 60 cards",
    "majesty.opt.tiebreak_meeples": "Break equal final scores by meeples held",
    "majesty.opt.unbounded_meeples": (
        "House rule: the meeple supply never runs out (the rulebook: 30 in the box)"
    ),
    "majesty.option_problem.bad_sides": (
        "sides must be 8 letters A or B, one per location in building order (Mill, Brewery, "
        "Cottage, Guardhouse, Barracks, Inn, Castle, Infirmary), e.g. ABBAABAB, or A or B for "
        "all; got {value!r}"
    ),
    "majesty.sides.all_a": "All side A (basic game): {letters}",
    "majesty.sides.all_b": "All side B: {letters}",
    "majesty.sides.one_b": "Side A, but {location} on B: {letters}",
    "majesty.sides.one_a": "Side B, but {location} on A: {letters}",
    # moves
    "majesty.move.take_free": "Take {card} (free)",
    "majesty.move.take_cost": (
        "Take {card} (cost {cost} meeple)",
        "Take {card} (cost {cost} meeples)",
    ),
    "majesty.move.take_cost_gain": (
        "Take {card} (cost {cost} meeple, {gain} on it)",
        "Take {card} (cost {cost} meeples, {gain} on it)",
    ),
    "majesty.move.take_free_gain": "Take {card} (free, {gain} on it)",
    "majesty.move.place": "Place as {character} at the {location}",
    "majesty.move.heal_place": "Heal back as {character} to the {location}",
    "majesty.move.buy": ("Buy {n} meeple for {n} point", "Buy {n} meeples for {n} points"),
    "majesty.move.sell": ("Sell {n} meeple for {n} point", "Sell {n} meeples for {n} points"),
    "majesty.move.skip": "No exchange",
    "majesty.desc.take_single": "Goes to the {location} ({side}): {effect}",
    "majesty.desc.take_split": "Split card: {a} ({la}) or {b} ({lb})",
    "majesty.desc.place": "{location} ({side}): {effect}",
    "majesty.desc.result": "{location} ({side}): {result}",
    "majesty.desc.exchange_result": "Ends with {points} and {meeples}",
    "majesty.res.wounds": ("wounds {n} card", "wounds {n} cards"),
    "majesty.res.then_exchange": "then choose a Castle exchange",
    "majesty.res.then_heal": "heals a split card: choose its half next",
    # location effects (short)
    "majesty.fx.mill.A": "+2 per Miller",
    "majesty.fx.mill.B": "+2 per Miller; everyone with a Witch +3",
    "majesty.fx.brewery.A": "+2 and 1 meeple per Brewer; everyone with a Miller +2",
    "majesty.fx.brewery.B": "1 meeple per Miller and Brewer; +10 with Innkeeper and Noble",
    "majesty.fx.cottage.A": "heal; +2 per Miller, Brewer and Witch",
    "majesty.fx.cottage.B": "heal; +3 per Witch",
    "majesty.fx.guardhouse.A": "+2 per Guard, Knight and Innkeeper",
    "majesty.fx.guardhouse.B": "+2 per Brewer, Witch, Guard; everyone with an Innkeeper +3",
    "majesty.fx.barracks.A": "attack; +3 per Knight",
    "majesty.fx.barracks.B": "attack; +3 per Knight, Innkeeper and Noble",
    "majesty.fx.inn.A": "+4 per Innkeeper; everyone with a Brewer +3",
    "majesty.fx.inn.B": "+2 per Innkeeper times your largest location",
    "majesty.fx.castle.A": "+5 and 1 meeple per Noble",
    "majesty.fx.castle.B": "trade points/meeples 1:1; +4 per Noble and Infirmary card",
    # prompts
    "majesty.prompt.take": "{player}, take a card. You hold {held} and {points}.",
    "majesty.prompt.place": "{player}, place the split card {card}: which character?",
    "majesty.prompt.heal_place": (
        "{player}, your Witch heals {card}: bring it back as which character?"
    ),
    "majesty.prompt.castle_exchange": (
        "{player}, Castle exchange at 1 point per meeple (you hold {held} and {points})."
    ),
    # events
    "majesty.ev.take": "{player} takes {card}, pays {cost} and picks up {gained}.",
    "majesty.ev.take_paid": "{player} takes {card} and pays {cost}.",
    "majesty.ev.take_gain": "{player} takes {card} from the front and picks up {gained}.",
    "majesty.ev.take_free": "{player} takes {card} from the front.",
    "majesty.ev.place": "{player} places {character:indef} at the {location}.",
    "majesty.ev.heal": "{player} heals {card} back to the {location} as {character}.",
    "majesty.ev.attack.defended": (
        "{player} attacks {target} with {knights}: defended by {guards}."
    ),
    "majesty.ev.attack.wounded": (
        "{player} attacks {target} with {knights}: their {character} at the "
        "{location} goes to the Infirmary."
    ),
    "majesty.ev.attack.nothing_to_wound": "{player} attacks {target}, who has no card to wound.",
    "majesty.ev.castle_exchange.buy": (
        "{player} buys {n} meeple at the Castle.",
        "{player} buys {n} meeples at the Castle.",
    ),
    "majesty.ev.castle_exchange.sell": (
        "{player} sells {n} meeple at the Castle.",
        "{player} sells {n} meeples at the Castle.",
    ),
    "majesty.ev.castle_exchange.skip": "{player} makes no Castle exchange.",
    "majesty.ev.gain.points": "{player} +{points} ({location}: {reason}).",
    "majesty.ev.gain.meeples": "{player} +{meeples} ({location}: {reason}).",
    "majesty.ev.gain.both": "{player} +{points} and +{meeples} ({location}: {reason}).",
    "majesty.ev.gain.short": "The supply is out of meeples: {player} does not get {short}.",
    "majesty.ev.meeples_returned": "{player} returns {meeples} for {points}.",
    "majesty.ev.turn": "Round {round}: {player}'s turn.",
    "majesty.ev.final_infirmary": "{player}: {cards} in the Infirmary, {points}.",
    "majesty.ev.final_variety": "{player}: {locations}, +{points}.",
    "majesty.ev.final_majority": "Majority at the {location} ({count}): {players} {points}.",
    "majesty.ev.game_over": "Game over. {ranking}",
    "majesty.ev.rank": "{rank}. {player} {score}",
    # status
    "majesty.status.head": "Round {round}/{rounds}, turn {turn}: {player} to play ({step}).",
    "majesty.status.over": "Game over after {rounds} rounds.",
    "majesty.status.deck": ("Deck: {deck} card left.", "Deck: {deck} cards left."),
    "majesty.status.line": (
        "{player}: {points} so far · {meeples} · {taken} of 12 cards · in the Infirmary: "
        "{inf} · if the game ended now: {projection}"
    ),
    "majesty.status.final": "{rank}. {player}: {score}",
    "majesty.step.take": "take a card",
    "majesty.step.place": "place a split card",
    "majesty.step.heal_place": "place a healed card",
    "majesty.step.castle_exchange": "Castle exchange",
    "majesty.rules": (
        "**Majesty: For the Realm** (2-4 players, 12 rounds)\n"
        "Build a realm of 8 locations: Mill, Brewery, Cottage, Guardhouse, Barracks, Inn, Castle "
        "and Infirmary. Each character (Miller, Brewer, Witch, Guard, Knight, Innkeeper, Noble) "
        "lives at one location.\n\n"
        "**Your turn.** Take one of the 6 face-up cards. The front card is free; card *n* costs "
        "*n* meeples: one meeple goes onto each card in front of it. You pick up any meeples lying "
        "on the card you take; the row slides left and a new sixth card is dealt at once, before "
        "you choose anything else. A split card shows two characters: you choose one when "
        "placing it. "
        "The location then pays out at once (only when a card arrives there). You may hold at most "
        "5 meeples: at the end of your turn each extra meeple becomes 1 point.\n\n"
        "**Abilities.** Cottage: *heal*, the top Infirmary card comes back (a split card as either "
        "half) and triggers nothing. Barracks: *attack*, every opponent with fewer Guards than "
        "your Knights loses the most recent card of their leftmost location to their Infirmary. "
        "Guardhouse: your Guards *defend*. Castle B: buy or sell meeples at 1 point each.\n\n"
        "**Side A payouts.** Mill +2/Miller. Brewery +2 and 1 meeple/Brewer, everyone with a "
        "Miller +2. Cottage +2/Miller, Brewer, Witch. Guardhouse +2/Guard, Knight, Innkeeper. "
        "Barracks +3/Knight. Inn +4/Innkeeper, everyone with a Brewer +3. Castle +5 and 1 "
        "meeple/Noble.\n"
        "**Side B payouts.** Mill +2/Miller, everyone with a Witch +3. Brewery 1 meeple/Miller "
        "and Brewer, +10 with an Innkeeper and a Noble. Cottage +3/Witch. Guardhouse "
        "+2/Brewer, Witch, Guard, everyone with an Innkeeper +3. Barracks +3/Knight, Innkeeper, "
        "Noble. Inn +2/Innkeeper times your largest location. Castle +4/Noble and Infirmary "
        "card.\n\n"
        "**End (after 12 cards each).** Infirmary: -1 per card (B: -2, and -10 for the most). "
        "Variety: (number of different locations)^2. Majorities: most cards at a location scores "
        "its value (A: 10-16; B: 14, 12, 12, 8, 8, 12, 16); ties all score in full. Highest total "
        "wins; equal scores share the rank.\n\n"
        "**Options.** `sides`: any mix of A and B, 8 letters from Mill to Infirmary (e.g. "
        "`ABBAABAB`), or `A` / `B` for all. `mixed_deck`: both decks shuffled together, all 60 "
        "cards. `tiebreak_meeples`: more meeples wins a tie. `unbounded_meeples` (house "
        "rule): the supply of 30 meeples never runs out."
    ),
}


Json = dict[str, Any]
#: the facts of a move (``Majesty.preview``): the rules' numbers, worded here
Facts = Mapping[str, Any]


def _view(view: Mapping[str, Any]) -> MajestyView:
    """The view as the engine declares it (``views.MajestyView``): cast once at each entry.
    Callers may pass a part of a view (tests, old frames): the helpers read with ``.get``."""
    return cast(MajestyView, view)


def _meeples(n: int) -> Count:
    return Count(n, TERMS["meeple"])


def _points(n: int) -> Count:
    return Count(n, TERMS["point"])


@dataclass(frozen=True)
class Signed(Count):
    """A count with its sign as the reader writes it (``+10 bodů``, ``−2 body``)."""

    def form(self, locale: str, spec: str, category: str) -> str:
        case = spec or "nom"
        return f"{signed(self.n, locale)} {self.term.form(locale, f'{case}.{category}')}"


def _unknown(key: Any) -> Term:
    """A stand-in term for a key no term has (a malformed view or event): the key itself, in
    every language and form, so that a text asking for ``{x:acc}`` still formats."""
    return Term(f"majesty.unknown.{key}", {"en": {"nom": str(key)}})


def _character(key: Any) -> Term:
    """A character's term (its name in the reader's language)."""
    return character_term(str(key)) if str(key) in CHARACTER_NAMES else _unknown(key)


def _location(key: Any) -> Term:
    return location_term(str(key)) if str(key) in LOCATION_NAMES else _unknown(key)


def _card(card: CardView | Mapping[str, Any]) -> Term:
    """A card's name from its view (``characters``), a split card's two names in one."""
    characters = list(card.get("characters") or [])
    try:
        return characters_term(characters)
    except KeyError:
        return _unknown("?")


def _card_by_id(card: Any) -> Term:
    try:
        return card_term(int(card))
    except (KeyError, TypeError, ValueError):
        return _unknown("?")


def _side(view: MajestyView, location: str) -> str:
    return str((view.get("sides") or {}).get(location, "A"))


def _side_term(side: Any) -> Term:
    """A side letter in words ("side A", "strana A"): no bare letter on a button (issue 24)."""
    return TERMS.get(f"side.{side}") or _unknown(side)


def _effect(view: MajestyView, location: str) -> str:
    return t(f"majesty.fx.{location}.{_side(view, location)}")


def _reason_key(reason: str) -> str:
    return "majesty.reason." + "_".join(reason.lower().replace(",", "").split())


#: the engine's English reasons of a payout (data/locations.json), translated by key
REASONS: dict[str, str] = {
    _reason_key(str(line["reason"])): str(line["reason"])
    for loc in LOCATION_SIDES.values()
    for side in loc.values()
    for line in side.get("payout", [])
    if isinstance(line, dict) and line.get("reason")
}


def _reason(reason: Any) -> str:
    key = _reason_key(str(reason))
    return t(key) if key in REASONS else str(reason)


# -- options (rules §2.1, §7) ------------------------------------------------------------------


def _preset_label(key: str, letters: str) -> str:
    kind, _, location = key.partition(".")
    return t(f"majesty.sides.{kind}", location=_location(location), letters=letters)


def side_choices() -> tuple[tuple[str, str], ...]:
    """The named presets (all A, all B, each single location switched: 18, Discord shows 25);
    the option itself takes any of the 256 combinations as 8 letters."""
    return tuple((_preset_label(key, letters), letters) for key, letters in SIDE_PRESETS)


#: free-text options and their suggested values
_SUGGESTIONS: dict[str, Callable[[], tuple[tuple[str, Any], ...]]] = {"sides": side_choices}


def option_spec(key: str, default: Any, allowed: Any) -> OptionSpec:
    """One option of ``GAME.options``: the engine declares default and values, this adds text."""
    description = t(f"majesty.opt.{key}")
    if isinstance(allowed, (list, tuple)) and sorted(allowed) == [False, True]:
        return OptionSpec(key, description, "bool", default)
    if isinstance(allowed, (list, tuple)):
        return OptionSpec(key, description, "choice", default, tuple((str(v), v) for v in allowed))
    suggest = _SUGGESTIONS.get(key)
    return OptionSpec(key, description, "text", default, suggest() if suggest else ())


def majesty_option_specs() -> tuple[OptionSpec, ...]:
    """The presenter's option specs, one per entry of the engine's ``options`` table."""
    return tuple(
        option_spec(key, default, allowed) for key, (default, allowed) in GAME.options.items()
    )


#: what the player to act is deciding ("It is bob's turn — they are ..."), and the final
#: score's parts (issue 11: refusals name the actor, the final standings explain the score)
CATALOG.update(
    {
        "majesty.doing.take": "choosing a card from the display",
        "majesty.doing.place": "placing a split card",
        "majesty.doing.heal_place": "placing a healed card",
        "majesty.doing.castle_exchange": "deciding on a Castle exchange",
        "majesty.final.breakdown": "during play {play} · Infirmary {infirmary} · variety {variety}"
        " · majorities {majority}",
        "majesty.ctx.start": "{player} was drawn at random to start; then {order}.",
    }
)


def final_breakdown(view: Mapping[str, Any], player: str) -> str | None:
    """§6: during play + Infirmary + variety + majorities = the final score."""
    row = next((r for r in _view(view).get("final") or [] if r.get("player") == player), None)
    b = row.get("breakdown") if row else None
    if not b:
        return None
    majority = sum(int(v) for v in (b.get("majority") or {}).values())
    return t(
        "majesty.final.breakdown",
        play=b.get("play", 0),
        infirmary=signed(int(b.get("infirmary", 0))),
        variety=signed(int(b.get("variety", 0))),
        majority=signed(majority),
    )


def _register() -> None:
    from bot.text import i18n

    i18n.register(CATALOG)
    i18n.register(REASONS)
    i18n.register(majesty_teach.CATALOG)
    i18n.register(majesty_why.CATALOG)


_register()


# -- move labels (rules §3.3, §8.1) ------------------------------------------------------------


def _display_slot(view: MajestyView, index: int) -> DisplaySlotView | None:
    for slot in view.get("display") or []:
        if slot.get("index") == index:
            return slot
    return None


def _pending_card(view: MajestyView) -> CardView | Mapping[str, Any]:
    """The split card waiting for its half (steps ``place`` and ``heal_place``)."""
    pending = view.get("pending")
    if pending is not None and pending.get("kind") in ("place", "heal_place"):
        return cast(PlacePendingView, pending)["card"]
    return {"characters": []}


def _label_take(view: MajestyView, move: Json, facts: Facts) -> str:
    """T1: the card, its cost in meeples and the meeples lying on it (the preview's facts; a
    prompt without them reads the display slot)."""
    index = int(move.get("index", 0))
    slot = _display_slot(view, index)
    if facts.get("card"):
        card = _card(facts["card"])
        gain = int(facts.get("meeples_gained", 0))
    else:
        card = _card(slot["card"]) if slot else _unknown(f"#{index + 1}")
        gain = int(slot["meeples"]) if slot else 0
    if index == 0:
        key = "majesty.move.take_free_gain" if gain else "majesty.move.take_free"
        return t(key, card=card, gain=_meeples(gain))
    key = "majesty.move.take_cost_gain" if gain else "majesty.move.take_cost"
    return tn(key, index, card=card, cost=index, gain=_meeples(gain))


def _label_place(view: MajestyView, move: Json, facts: Facts) -> str:
    """T2 and §5.3: the half of a split card (taken or healed) and where it goes."""
    ch = str(move.get("character"))
    return t(
        f"majesty.move.{move.get('type')}",
        character=_character(ch),
        location=_location(HOME.get(ch, "?")),
    )


def _label_exchange(view: MajestyView, move: Json, facts: Facts) -> str:
    """7B: buy, sell or skip."""
    k = int(move.get("meeples", 0))
    if k > 0:
        return tn("majesty.move.buy", k)
    if k < 0:
        return tn("majesty.move.sell", -k)
    return t("majesty.move.skip")


_LABELS: dict[str, Callable[[MajestyView, Json, Facts], str]] = {
    "take": _label_take,
    "place": _label_place,
    "heal_place": _label_place,
    "castle_exchange": _label_exchange,
}


# -- move descriptions: the engine's preview of the outcome ------------------------------------


def _result(facts: Facts, name: NameFn) -> str:
    """The outcome of a move for the mover and the others (``preview``'s effect), in words."""
    points = int(facts.get("points", 0))
    if points > 0:
        parts = [t("majesty.why.gain", points=_points(points))]
    elif points < 0:
        parts = [t("majesty.why.lose", points=_points(-points))]
    else:
        parts = [t("majesty.why.no_gain")]
    if facts.get("meeples"):
        before, after = facts.get("meeples_before"), facts.get("meeples_after")
        parts.append(t("majesty.why.meeples", before=before, after=after))
    if facts.get("wounds"):
        parts.append(tn("majesty.res.wounds", int(facts["wounds"])))
    for q, n in (facts.get("others") or {}).items():
        parts.append(t("majesty.why.other", who=name(q), points=_points(int(n))))
    if facts.get("then") == "castle_exchange":
        parts.append(t("majesty.res.then_exchange"))
    elif facts.get("then") == "heal_place":
        parts.append(t("majesty.res.then_heal"))
    return ", ".join(parts)


def _describe_take(view: MajestyView, move: Json, facts: Facts, name: NameFn) -> str | None:
    slot = _display_slot(view, int(move.get("index", 0)))
    card = facts.get("card") or (slot["card"] if slot else None)
    chars = list((card or {}).get("characters") or [])
    if len(chars) == 2:
        a, b = chars
        return t(
            "majesty.desc.take_split",
            a=_character(a),
            b=_character(b),
            la=_location(HOME[a]),
            lb=_location(HOME[b]),
        )
    if len(chars) != 1:
        return None
    loc = HOME[chars[0]]
    if facts.get("placements"):
        placed = facts["placements"][0]
        where = _location(placed.get("location", loc))
        result = _result(placed, name)
        return t(
            "majesty.desc.result",
            location=where,
            side=_side_term(placed.get("side")),
            result=result,
        )
    return t(
        "majesty.desc.take_single",
        location=_location(loc),
        side=_side_term(_side(view, loc)),
        effect=_effect(view, loc),
    )


def _describe_place(view: MajestyView, move: Json, facts: Facts, name: NameFn) -> str | None:
    home = HOME.get(str(move.get("character")))
    if not home:
        return None
    if facts.get("then"):
        paid = facts.get("payout") or facts
        return t(
            "majesty.desc.result",
            location=_location(paid.get("location")),
            side=_side_term(paid.get("side")),
            result=_result(facts, name),
        )
    return t(
        "majesty.desc.place",
        location=_location(home),
        side=_side_term(_side(view, home)),
        effect=_effect(view, home),
    )


def _describe_exchange(view: MajestyView, move: Json, facts: Facts, name: NameFn) -> str | None:
    """7B: what the turn ends with after this amount (the preview's numbers)."""
    if "points_after" not in facts:
        return None
    return t(
        "majesty.desc.exchange_result",
        points=_points(int(facts["points_after"])),
        meeples=_meeples(int(facts["meeples_after"])),
    )


_DESCRIPTIONS: dict[str, Callable[[MajestyView, Json, Facts, NameFn], str | None]] = {
    "take": _describe_take,
    "place": _describe_place,
    "heal_place": _describe_place,
    "castle_exchange": _describe_exchange,
}


# -- event lines (rules §10), one small function per event type -------------------------------

EventFn = Callable[[Json, NameFn, str], "str | None"]


def _ev_take(e: Json, name: NameFn, who: str) -> str:
    card = _card_by_id(e.get("card"))
    cost, gained = int(e.get("cost", 0)), int(e.get("meeples_gained", 0))
    key = "take" if cost and gained else "take_paid" if cost else "take_gain" if gained else ""
    return t(
        f"majesty.ev.{key or 'take_free'}",
        player=who,
        card=card,
        cost=_meeples(cost),
        gained=_meeples(gained),
    )


def _ev_place(e: Json, name: NameFn, who: str) -> str:
    return t(
        "majesty.ev.place",
        player=who,
        character=_character(e.get("character")),
        location=_location(e.get("location")),
    )


def _ev_heal(e: Json, name: NameFn, who: str) -> str:
    return t(
        "majesty.ev.heal",
        player=who,
        card=_card_by_id(e.get("card")),
        character=_character(e.get("character")),
        location=_location(e.get("location")),
    )


def _ev_attack(e: Json, name: NameFn, who: str) -> str:
    knights, guards = int(e.get("knights", 0)), int(e.get("guards", 0))
    return t(
        f"majesty.ev.attack.{e.get('result')}",
        player=who,
        target=name(str(e.get("target"))),
        knights=Count(knights, character_term("knight")),
        guards=Count(guards, character_term("guard")),
        character=_character(e.get("character")),
        location=_location(e.get("location")),
    )


def _ev_exchange(e: Json, name: NameFn, who: str) -> str:
    k = int(e.get("meeples", 0))
    key = "buy" if k > 0 else "sell" if k < 0 else "skip"
    if key == "skip":
        return t("majesty.ev.castle_exchange.skip", player=who)
    return tn(f"majesty.ev.castle_exchange.{key}", abs(k), player=who)


def _ev_gain(e: Json, name: NameFn, who: str) -> str:
    points, meeples = int(e.get("points") or 0), int(e.get("meeples") or 0)
    short = int(e.get("short") or 0)
    note = t("majesty.ev.gain.short", player=who, short=_meeples(short)) if short else ""
    if not points and not meeples:
        return note
    kind = "both" if points and meeples else "points" if points else "meeples"
    line = t(
        f"majesty.ev.gain.{kind}",
        player=who,
        points=_points(points),
        meeples=_meeples(meeples),
        location=_location(e.get("location")),
        reason=_reason(e.get("reason", "")),
    )
    return f"{line} {note}" if note else line


def _ev_returned(e: Json, name: NameFn, who: str) -> str:
    m, p = int(e.get("meeples", 0)), int(e.get("points", 0))
    return t("majesty.ev.meeples_returned", player=who, meeples=_meeples(m), points=_points(p))


def _ev_turn(e: Json, name: NameFn, who: str) -> str:
    return t("majesty.ev.turn", player=who, round=e.get("round"))


def _ev_final_infirmary(e: Json, name: NameFn, who: str) -> str | None:
    if not e.get("cards"):
        return None  # an empty Infirmary costs nothing: nothing to say
    return t(
        "majesty.ev.final_infirmary",
        player=who,
        cards=Count(int(e.get("cards", 0)), TERMS["card"]),
        points=Signed(int(e.get("points", 0)), TERMS["point"]),
    )


def _ev_final_variety(e: Json, name: NameFn, who: str) -> str:
    return t(
        "majesty.ev.final_variety",
        player=who,
        locations=Count(int(e.get("locations", 0)), TERMS["variety"]),
        points=_points(int(e.get("points", 0))),
    )


def _ev_final_majority(e: Json, name: NameFn, who: str) -> str:
    players = ", ".join(name(p) for p in e.get("players", []))
    return t(
        "majesty.ev.final_majority",
        location=_location(e.get("location")),
        count=Count(int(e.get("count", 0)), TERMS["card"]),
        players=players,
        points=Signed(int(e.get("points", 0)), TERMS["point"]),
    )


def _ev_game_over(e: Json, name: NameFn, who: str) -> str:
    ranking = "; ".join(
        t("majesty.ev.rank", rank=r["rank"], player=name(r["player"]), score=_points(r["score"]))
        for r in e.get("ranking", [])
    )
    return t("majesty.ev.game_over", ranking=ranking)


def _ev_silent(e: Json, name: NameFn, who: str) -> None:
    """The refill shows on the board; the log leaves it out."""
    return None


_EVENTS: dict[str, EventFn] = {
    "take": _ev_take,
    "place": _ev_place,
    "heal": _ev_heal,
    "attack": _ev_attack,
    "castle_exchange": _ev_exchange,
    "gain": _ev_gain,
    "meeples_returned": _ev_returned,
    "refill": _ev_silent,
    "turn": _ev_turn,
    "final_infirmary": _ev_final_infirmary,
    "final_variety": _ev_final_variety,
    "final_majority": _ev_final_majority,
    "game_over": _ev_game_over,
}


# -- status ------------------------------------------------------------------------------------


def _final_status(view: MajestyView, name: NameFn) -> str:
    lines = [t("majesty.status.over", rounds=view.get("rounds", 12))]
    for row in view.get("final") or []:
        lines.append(
            t(
                "majesty.status.final",
                rank=row["rank"],
                player=name(row["player"]),
                score=_points(int(row["score"])),
            )
        )
    return "\n".join(lines)


def _realm_line(view: MajestyView, p: str, name: NameFn) -> str:
    r: RealmView | Mapping[str, Any] = (view.get("realms") or {}).get(p) or {}
    return t(
        "majesty.status.line",
        player=name(p),
        points=_points(int(r.get("points", 0))),
        meeples=_meeples(int(r.get("meeples", 0))),
        taken=r.get("taken", 0),
        inf=Count(len(r.get("infirmary") or []), TERMS["card"]),
        projection=_points(int((view.get("projection") or {}).get(p, 0))),
    )


def status_text(view: MajestyView, name: NameFn) -> str:
    if view.get("step") == "over":
        return _final_status(view, name)
    deck = int(view.get("deck_count", 0))
    lines = [
        t(
            "majesty.status.head",
            round=view.get("round"),
            rounds=view.get("rounds"),
            turn=view.get("turn"),
            player=name(view.get("active") or ""),
            step=t(f"majesty.step.{view.get('step')}"),
        ),
        tn("majesty.status.deck", deck, deck=deck),
    ]
    lines += [_realm_line(view, p, name) for p in view.get("order") or []]
    return "\n".join(lines)


def prompt_text(view: MajestyView, player: str, name: NameFn) -> str:
    step = view.get("step")
    me: RealmView | Mapping[str, Any] = (view.get("realms") or {}).get(player) or {}
    held, points = _meeples(int(me.get("meeples", 0))), _points(int(me.get("points", 0)))
    if step == "over":
        return t("lobby.finished")
    if step in ("place", "heal_place"):
        card = _card(_pending_card(view))
        return t(f"majesty.prompt.{step}", player=name(player), card=card)
    if step == "castle_exchange":
        return t("majesty.prompt.castle_exchange", player=name(player), held=held, points=points)
    return t("majesty.prompt.take", player=name(player), held=held, points=points)


# -- the presenter -----------------------------------------------------------------------------


@dataclass
class MajestyPresenter(Presenter):
    """Presenter for ``majesty``."""

    catalog: dict[str, str] = field(
        default_factory=lambda: {k: v for k, v in CATALOG.items() if isinstance(v, str)}
    )
    option_specs: tuple[OptionSpec, ...] = field(default_factory=majesty_option_specs)
    private_prompts: bool = False

    def move_label(
        self, view: Json, move: Json, name: NameFn, preview: Preview | None = None
    ) -> str:
        label_of = _LABELS.get(str(move.get("type")))
        if label_of is None:
            return super().move_label(view, move, name)
        return label_of(_view(view), move, preview or {})[:80]

    def move_description(
        self, view: Json, move: Json, name: NameFn, preview: Preview | None = None
    ) -> str | None:
        describe = _DESCRIPTIONS.get(str(move.get("type")))
        text = describe(_view(view), move, preview or {}, name) if describe else None
        if text and len(text) > 100:
            text = text[:99] + "…"
        return text

    def prompt_text(self, view: Json, player: str, name: NameFn) -> str:
        return prompt_text(_view(view), player, name)

    def prompt_context(self, view: Json, player: str, name: NameFn) -> str | None:
        """On the first turn: the start player was drawn (rules §2.2), and the order."""
        v = _view(view)
        envelope = v.get("envelope") or {}
        order = list(v.get("order") or [])
        if envelope.get("turn") != 0 or not order or v.get("step") != "take":
            return None
        return t("majesty.ctx.start", player=name(order[0]), order=", ".join(map(name, order)))

    def event_text(self, event: Json, name: NameFn) -> str | None:
        line_of = _EVENTS.get(str(event.get("type")))
        if line_of is None:
            return super().event_text(event, name)
        who = name(event["player"]) if isinstance(event.get("player"), str) else ""
        return line_of(event, name, who)

    def status_text(self, view: Json, name: NameFn) -> str:
        return status_text(_view(view), name)

    def hand_text(self, view: Json, name: NameFn) -> str | None:
        return None  # Majesty has no secrets: everything is on the board

    def activity(self, view: Json, actor: str, name: NameFn) -> str | None:
        key = f"majesty.doing.{_view(view).get('step')}"
        return t(key) if key in CATALOG else None

    def final_breakdown(self, view: Json, player: str, name: NameFn) -> str | None:
        return final_breakdown(view, player)

    def rules_text(self) -> str:
        return t("majesty.rules")

    # -- teaching (issue 24): majesty_teach.py and majesty_why.py ------------------------------
    def rules_topics(self) -> tuple[str, ...]:
        return majesty_teach.TOPICS

    def references(self) -> Mapping[str, Reference]:
        return majesty_teach.references()

    def offered(self, view: Json, moves: list[Json]) -> list[str]:
        return majesty_teach.offered(view, moves)

    def why(
        self, view: Json, player: str, options: list[tuple[Json, Preview]], name: NameFn
    ) -> list[WhyLine]:
        return majesty_why.why(view, player, options, name, self.move_label)

    def tie_note(self, view: Json, name: NameFn) -> str | None:
        return majesty_why.tie_note(_view(view), name)


PRESENTER = MajestyPresenter(game_id="majesty", title="Majesty: For the Realm")
