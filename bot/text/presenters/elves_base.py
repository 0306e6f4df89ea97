"""How King of the Elves is shown in Discord: options, move labels, log lines, hand and rules
(docs/rules/elves.md).

Hands and gold values are secret, and the turn prompts list the actor's cards (discard a Lake,
travel by Unicorn), so ``private_prompts`` is True: prompts go to the player by DM or ephemeral
message. Labels and descriptions are built only from the acting player's own view and the
engine's preview of each move (``Elves.preview``: what the move does now, in the rules' own
numbers: cards, costs, thieves, obstacles, income), never by redoing a rule here. Event lines
use public events only. Every text lives in ``catalog`` under ``elves.*`` keys; the names of the
game's things are its terms (:data:`games.elves.vocab.TERMS`), passed as text parameters so
that each catalogue entry picks the form it needs (``{card:acc}``). Views are typed: each entry
point casts the view once to :class:`games.elves.views.ElvesView`. One small function per move,
step and event kind, in tables.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, cast

from bot.text.i18n import current, signed, t, times, tn
from bot.text.presenters.base import NameFn, OptionSpec, Presenter, Preview
from bot.text.presenters.elves_teach_text import CATALOG as TEACH_CATALOG
from games.elves import GAME
from games.elves.views import ElvesView, Place, PlayerView, VillageView
from games.elves.vocab import (
    ACTION_KINDS,
    CARDS,
    COST,
    THINGS,
    TRAVEL_KINDS,
    VALUE,
    VILLAGE_KINDS,
)
from games.terms import Count, Term

Move = dict[str, Any]
Event = dict[str, Any]
Facts = Mapping[str, Any]

CATALOG: dict[str, str | tuple[str, ...]] = {
    # card names: declared once, as terms of the game (games.elves.vocab.TERMS)
    "elves.card_of": "{player}'s {card}",
    "elves.card_count": "{card} {times}",
    "elves.village_count": "{card} ({value}) ×{n}",
    # options
    "elves.opt.teleport": "Teleport magic: pay 3 gold + 4 travel cards to jump to any village",
    "elves.opt.teleport_anywhere": (
        "House rule: teleport also as the journey's first move and onto your current village"
    ),
    "elves.opt.unlimited_bank": "House rule: the bank never runs out (the rulebook's has 65 coins)",
    # places
    "elves.realm.own": "your realm",
    "elves.realm.other": "{player}'s realm",
    "elves.realm.their": "their own realm",
    "elves.ev.village_ref": "{player}'s village #{n}",
    "elves.village": "{owner} {terrain} #{n}",
    "elves.village.own": "your",
    "elves.village.other": "{player}'s",
    # moves
    "elves.move.play_village": "Play a {terrain} village (worth {value})",
    "elves.move.play_special": "Play {card} at a village",
    "elves.move.draw3": "Draw 3 cards, then discard 4",
    "elves.move.buy": "Buy the top card for {cost}",
    "elves.move.remove_village": "Remove your {terrain} #{n} for {cost}",
    "elves.move.pass": "Pass",
    "elves.move.no_village": "No village card! (show hand, take one)",
    "elves.move.place_village": "Put it in {realm}",
    "elves.move.place_special": "Put it at {village}",
    "elves.move.discard": "Discard {card:acc} (you hold {n})",
    "elves.move.take_village": "Take a {terrain} village from the pile",
    "elves.move.travel": "{transport} ×{n} to {village} (+{value})",
    "elves.move.escort": "Escort through {realm}",
    "elves.move.reverse": "Change direction (go {direction})",
    "elves.move.teleport": "Teleport to {village} ({cost})",
    "elves.move.teleport_card": "Spend {card} on the teleport (you hold {n})",
    "elves.move.end_journey": "End journey ({income} earned{bonus})",
    "elves.move.bonus": " + {bonus} bonus",
    "elves.dir.cw": "clockwise",
    "elves.dir.ccw": "anticlockwise",
    # descriptions
    "elves.desc.play_village": "Next choose the realm: yours or another player's.",
    "elves.desc.play_special": "{effect} Uses one of your coats of arms ({tokens} left).",
    "elves.desc.fx.gold": "Its owner earns double at that village.",
    "elves.desc.fx.thief": "Other visitors pay you 2 gold.",
    "elves.desc.fx.wood": "Others need 1 extra transport card there.",
    "elves.desc.fx.seamonster": "Others need 1 extra raft there.",
    "elves.desc.draw3": (
        "{n} card left in the pile; you hold {hand}.",
        "{n} cards left in the pile; you hold {hand}.",
    ),
    "elves.desc.buy": "Purchase {k} of 3 this phase; your gold {gold} → {after}.",
    "elves.desc.remove_village": "Its action cards go to the discard pile too ({specials}).",
    "elves.desc.pass": "Planning ends when everyone passes in a row ({passes} so far).",
    "elves.desc.no_village": "Your whole hand is shown to everyone.",
    "elves.desc.travel": "{extras}",
    "elves.desc.travel.plain": "No obstacle, no thief.",
    "elves.desc.obstacle": "+1 card for the obstacle",
    "elves.desc.thief": "pay 2 gold to {player}",
    "elves.desc.gold": "your Gold card doubles it",
    "elves.desc.escorted": "escorted",
    "elves.desc.teleport": "Then discard any 4 travel cards.{thief}",
    "elves.desc.teleport.thief": " Thief there: pay 2 gold to {player}.",
    "elves.desc.end_journey": ("{visits} visit this journey.", "{visits} visits this journey."),
    "elves.desc.escort": "Thieves and obstacles there do not affect you.",
    "elves.desc.reverse": "The next village becomes {village}.",
    # prompts
    "elves.prompt.turn": (
        "Round {round}, planning. Choose one action. Cards in hand: {hand}, gold: {gold}."
    ),
    "elves.prompt.place_village": "Where does your {terrain} village go?",
    "elves.prompt.place_special": "Where does your {card} go?",
    "elves.prompt.discard": "Discard a card ({left} more to discard).",
    "elves.prompt.take_village": "Which village card do you take from the pile?",
    "elves.prompt.journey": "Your journey. Next village: {next}. Earned so far: {income}.",
    "elves.prompt.journey_none": "Your journey: no village to travel to.",
    "elves.prompt.teleport_cards": "Teleport to {village}: discard a travel card ({left} more).",
    # events
    "elves.ev.round_started": "Round {round} begins; {player} holds the dragon.",
    "elves.ev.deck_shuffled": "The deck is shuffled: {n} cards.",
    "elves.ev.dealt": ("{player} is dealt {n} card.", "{player} is dealt {n} cards."),
    "elves.ev.village_played": "{player} plays a {terrain} village into {realm}.",
    "elves.ev.special_played": "{player} plays {card} at {village}.",
    "elves.ev.drew": "{player} draws 3 cards and will discard 4.",
    "elves.ev.bought": "{player} buys a card for {cost} (purchase {k}).",
    "elves.ev.discarded": "{player} discards {card}.",
    "elves.ev.village_removed": (
        "{player} removes their own {terrain} village for {cost}{specials}."
    ),
    "elves.ev.village_removed.specials": " (with {list})",
    "elves.ev.passed": "{player} passes ({passes} in a row).",
    "elves.ev.no_village_declared": '{player}: "No village card!" Hand: {hand}.',
    "elves.ev.hand_empty": "empty",
    "elves.ev.village_taken": "{player} takes a {terrain} village from the pile.",
    "elves.ev.planning_ended": "Everyone passed: planning of round {round} ends, travel begins.",
    "elves.ev.journey_started": "{player} sets off on a journey.",
    "elves.ev.escort_played": "{player} takes an escort through {realm}.",
    "elves.ev.direction_changed": "{player} changes direction ({direction}).",
    "elves.ev.teleport_started": "{player} pays {cost} to teleport to {village}.",
    "elves.ev.teleport_card": "{player} spends {card} on the teleport.",
    "elves.ev.visited": "{player} reaches {village} {how} (+{value}{notes}).",
    "elves.ev.visited.travel": "by {transport} ×{n}",
    "elves.ev.visited.teleport": "by teleport",
    "elves.ev.visited.obstacle": ", obstacle",
    "elves.ev.visited.escorted": ", escorted",
    "elves.ev.visited.short": ", the bank is {short} short",
    "elves.ev.thief_paid": "{player} pays {amount} to {to}'s thief.",
    "elves.ev.journey_ended": ("{player} ends the journey: {visits}, +{income}{bonus}."),
    "elves.ev.journey_ended.none": "{player} ends the journey without a visit.",
    "elves.ev.journey_ended.bonus": ", +{bonus} bonus for visiting every village",
    "elves.ev.journey_ended.short": ", the bank is {short} short of the bonus",
    "elves.ev.round_ended": "Round {round} is over; the table is cleared.",
    "elves.ev.game_over": "Game over. {ranking}",
    "elves.rank": "{rank}. {player} {gold}",
    # status
    "elves.status.head": "Round {round}/{rounds}, {phase}. {actor} to act ({step}).",
    "elves.status.over": "Game over after {rounds} rounds.",
    "elves.status.phase.planning": "planning",
    "elves.status.phase.travel": "travel",
    "elves.status.phase.over": "over",
    "elves.status.pile": "Draw pile {draw}, discards {discard}. Passes in a row: {passes}.",
    "elves.status.journey": (
        "Journey of {player}: {visits}, earned {income}, going {direction}{escort}."
    ),
    "elves.status.escort": ", escorted in {realm}",
    "elves.status.line": (
        "{player}: coins {coins}, cards {hand}, coats of arms {tokens}; villages: {villages}"
    ),
    "elves.status.final": "{rank}. {player}: {gold}",
    "elves.status.none": "none",
    "elves.step.turn": "choosing an action",
    "elves.step.place_village": "placing a village",
    "elves.step.place_special": "placing an action card",
    "elves.step.discard": "discarding",
    "elves.step.take_village": "taking a village card",
    "elves.step.journey": "travelling",
    "elves.step.teleport_cards": "paying for a teleport",
    "elves.step.over": "game over",
    # hand
    "elves.hand.head": (
        "**Your hand** ({n} card); gold: **{gold}** ({coins}).",
        "**Your hand** ({n} cards); gold: **{gold}** ({coins}).",
    ),
    "elves.hand.coins": "{tens}×10 + {fives}×5 + {ones}×1",
    "elves.hand.villages": "Villages: {list}",
    "elves.hand.transport": "{card} ×{n}: {reach}",
    "elves.hand.reach": "{terrain} {cost}",
    "elves.hand.actions": "Action cards: {list}",
    "elves.hand.empty": "Your hand is empty.",
    # rules
    "elves.rules": (
        "**King of the Elves** (Elfenland card game, 2-6 players, 2-5 rounds)\n"
        "Collect the most gold. Start: 12 gold, 4 coats of arms, 10 cards (8 in later rounds; "
        "hands are kept). Your coin count is public, its value secret.\n\n"
        "**Planning.** In turn, do ONE action: play a village into any realm (max 2 per realm, 3 "
        "with 2 players; it goes left of the others); draw 3 then discard 4; buy the top card "
        "(1st/2nd/3rd purchase this phase cost 1/2/3); play a Gold card, Thief or obstacle at a "
        "village with one of your coats of arms; remove a village of your own realm (2 gold + 1 "
        "per action card on it); pass (needs a village in your realm unless nothing else is "
        'possible); or declare "No village card!" (empty realm and no village in hand: show '
        "your hand, take a village of your choice from the pile, discard one card unless it is "
        "your only card). Planning ends "
        "when everyone passes in a row.\n\n"
        "**Travel.** Each player in turn travels round the ring of villages (realms in seat "
        "order), starting at the right-hand village of their own realm, never skipping one. Each "
        "visit uses cards of ONE transport type; costs: Pig plains/forest 1. Cycle plains/forest "
        "1, mountain 2. Cloud plains/forest 2, mountain 1. Unicorn forest/mountain 1, desert 2. "
        "Troll plains 1, forest/mountain/desert 2. Dragon plains/mountain/desert 1, forest 2. "
        "Raft river 1, lake 2. Village values: plains 2, river 3, forest 4, mountain 5, desert 6, "
        "lake 7.\n"
        "Another player's obstacle: +1 card (sea monster: +1 raft). Another player's Thief: pay "
        "them 2 gold (you need 2 gold, earnings included, to go there). Your own Gold card "
        "doubles that village for you. Escort: play before entering a realm; its thieves and "
        "obstacles ignore you. Change of direction: turn round after your first visit. Stop "
        "whenever you like; every visit pays its gold as you arrive, +10 at the end if you "
        "visited every village on the table.\n\n"
        "**End.** After every player has held the dragon once (5 rounds with 6 players), the "
        "most gold wins; ties share the victory.\n\n"
        "**Option** `teleport` (default off): after your journey's first visit, pay 3 gold and "
        "discard any 4 travel cards to jump to any other village (obstacles ignored; thieves "
        "and Gold cards apply, escort or not); then keep travelling in the same direction. "
        "House rules: `teleport_anywhere` (also first, and onto your current village), "
        "`unlimited_bank` (the bank's 65 coins, 325 gold, never run out)."
    ),
}


#: the villages ahead of a journey (issue 11: every prompt carries what the decision needs),
#: what the player to act is deciding (for "it is X's turn"), the final gold's parts
CATALOG.update(
    {
        "elves.ctx.ahead": "Ahead, {direction}: {villages}.",
        "elves.ctx.village": "{village} {value}",
        "elves.ctx.worth": "worth {value}",
        "elves.ctx.obstacle": "{card} of {player}",
        "elves.ctx.obstacle_own": "your {card}",
        "elves.ctx.thief": "thief of {player}",
        "elves.ctx.thief_own": "your thief",
        "elves.ctx.gold": "Gold card of {player}",
        "elves.ctx.gold_own": "your Gold card: double",
        "elves.final.breakdown": "start {start} · rounds {rounds}{bonus}",
        "elves.final.bonus": " · every-village bonus +{bonus}",
    }
)


CATALOG.update(TEACH_CATALOG)

AHEAD = 4  # villages of the ring shown ahead of a traveller


def _register() -> None:
    from bot.text import i18n

    i18n.register(CATALOG)


_register()


def option_specs() -> tuple[OptionSpec, ...]:
    """One spec per engine option (``GAME.options``, rules §10), labelled from the catalogue."""
    specs = []
    for key, (default, allowed) in GAME.options.items():
        if list(allowed) == [False, True]:
            specs.append(OptionSpec(key, t(f"elves.opt.{key}"), "bool", default))
        else:
            specs.append(
                OptionSpec(
                    key,
                    t(f"elves.opt.{key}"),
                    "choice",
                    default,
                    tuple((str(a), a) for a in allowed),
                )
            )
    return tuple(specs)


def gold(n: Any) -> Any:
    """An amount of gold as a counted phrase ("1 gold", "5 zlatých"; "?" stays as it is)."""
    return Count(int(n), THINGS["gold"]) if isinstance(n, int) else n


def card(kind: str) -> Term:
    """The term of a card kind (a text parameter: the catalogue entry picks its form)."""
    return CARDS[kind]


def word(kind: str) -> str:
    """A card's name alone, in the reader's language (for lists joined here)."""
    return CARDS[kind].form(current())


def _counted(hand: Mapping[str, int], kinds: tuple[str, ...]) -> list[str]:
    return [t("elves.card_count", card=card(k), times=times(hand[k])) for k in kinds if hand.get(k)]


def _short(name: str, width: int = 18) -> str:
    return name if len(name) <= width else name[: width - 1] + "…"


def _seat(view: ElvesView, player: str | None) -> int | None:
    for p in view.get("players", []):
        if p.get("id") == player:
            return int(p["seat"])
    return None


def _village_at(view: ElvesView, realm: str, slot: int) -> VillageView | None:
    seat = _seat(view, realm)
    if seat is None:
        return None
    villages = view.get("realms", [])[seat]
    return villages[slot] if 0 <= slot < len(villages) else None


def _realm_text(view: ElvesView, realm: str, name: NameFn) -> str:
    if realm == view.get("viewer"):
        return t("elves.realm.own")
    return t("elves.realm.other", player=_short(name(realm)))


def _village_text(view: ElvesView, realm: str, slot: int, name: NameFn) -> str:
    v = _village_at(view, realm, slot)
    owner = (
        t("elves.village.own")
        if realm == view.get("viewer")
        else t("elves.village.other", player=_short(name(realm)))
    )
    return t("elves.village", owner=owner, terrain=card(v["card"]) if v else "?", n=slot + 1)


def _place_text(view: ElvesView, place: Mapping[str, Any] | None, name: NameFn) -> str:
    """A village named by a place of the view or of a preview (``{"realm", "slot"}``)."""
    if not place:
        return "?"
    return _village_text(view, str(place.get("realm")), int(place.get("slot", 0)), name)


def _hand_count(view: ElvesView, kind: str) -> int:
    return int(view.get("hand", {}).get(kind, 0))


def _traveller(view: ElvesView) -> str | None:
    return view.get("viewer") or view.get("actor")


def _me(view: ElvesView) -> PlayerView | None:
    seat = _seat(view, _traveller(view))
    return view["players"][seat] if seat is not None else None


def _mine_or(key: str, owner: str | None, me: str | None, name: NameFn, **params: Any) -> str:
    if owner == me:
        return t(key + "_own", **params)
    return t(key, player=_short(name(str(owner))), **params)


def _ahead_text(view: ElvesView, v: VillageView, name: NameFn) -> str:
    """ "Bob's forest #2 (worth 4, Troll of Cyril, thief of Dana)"."""
    me = _traveller(view)
    extras = [t("elves.ctx.worth", value=gold(v["value"]))]
    ob = v.get("obstacle")
    if ob:
        extras.append(_mine_or("elves.ctx.obstacle", ob["owner"], me, name, card=card(ob["card"])))
    if v.get("thief"):
        extras.append(_mine_or("elves.ctx.thief", v["thief"], me, name))
    if v.get("gold"):
        extras.append(_mine_or("elves.ctx.gold", v["gold"], me, name))
    village = _village_text(view, v["realm"], v["slot"], name)
    return t("elves.ctx.village", village=village, value="(" + ", ".join(extras) + ")")


def villages_ahead(view: ElvesView, n: int = AHEAD) -> list[VillageView]:
    """The next ``n`` villages of the journey (the engine's ``journey.ahead``, rules §7.1)."""
    j = view.get("journey")
    places: list[Place] = j.get("ahead", [])[:n] if j else []
    found = (_village_at(view, p["realm"], p["slot"]) for p in places)
    return [v for v in found if v is not None]


def journey_context(view: ElvesView, name: NameFn) -> str | None:
    """The villages ahead with their values, obstacles, thieves and Gold cards (public)."""
    ahead = villages_ahead(view)
    j = view.get("journey")
    if not ahead or j is None:
        return None
    return t(
        "elves.ctx.ahead",
        direction=t(f"elves.dir.{j.get('direction', 'cw')}"),
        villages="; ".join(_ahead_text(view, v, name) for v in ahead),
    )


def final_breakdown(view: ElvesView, player: str) -> str | None:
    """§9: start + each round's net gold + the every-village bonus = the final gold."""
    b = view.get("final", {}).get("breakdown", {}).get(player)
    if not b:
        return None
    rounds = ", ".join(signed(int(r), digits=0) for r in b.get("rounds") or []) or "0"
    bonus = t("elves.final.bonus", bonus=b["bonus"]) if b.get("bonus") else ""
    return t("elves.final.breakdown", start=b.get("start", 0), rounds=rounds, bonus=bonus)


# -- move labels (one per move type, rules §11.3; the numbers are the engine's preview) --------

Label = Callable[[ElvesView, Move, NameFn, Facts], str]


def _label_plain(view: ElvesView, move: Move, name: NameFn, facts: Facts) -> str:
    return t(f"elves.move.{move['type']}")


def _label_play_village(view: ElvesView, move: Move, name: NameFn, facts: Facts) -> str:
    return t("elves.move.play_village", terrain=card(move["card"]), value=facts.get("value", "?"))


def _label_play_special(view: ElvesView, move: Move, name: NameFn, facts: Facts) -> str:
    return t("elves.move.play_special", card=card(move["card"]))


def _label_buy(view: ElvesView, move: Move, name: NameFn, facts: Facts) -> str:
    return t("elves.move.buy", cost=gold(facts.get("cost", "?")))


def _label_remove_village(view: ElvesView, move: Move, name: NameFn, facts: Facts) -> str:
    v = facts.get("village") or {}
    return t(
        "elves.move.remove_village",
        terrain=card(v["card"]) if v else "?",
        n=move["slot"] + 1,
        cost=gold(facts.get("cost", "?")),
    )


def _label_place_village(view: ElvesView, move: Move, name: NameFn, facts: Facts) -> str:
    return t("elves.move.place_village", realm=_realm_text(view, move["realm"], name))


def _label_place_special(view: ElvesView, move: Move, name: NameFn, facts: Facts) -> str:
    return t(
        "elves.move.place_special", village=_village_text(view, move["realm"], move["slot"], name)
    )


def _label_discard(view: ElvesView, move: Move, name: NameFn, facts: Facts) -> str:
    return t("elves.move.discard", card=card(move["card"]), n=_hand_count(view, move["card"]))


def _label_take_village(view: ElvesView, move: Move, name: NameFn, facts: Facts) -> str:
    return t("elves.move.take_village", terrain=card(move["card"]))


def _label_travel(view: ElvesView, move: Move, name: NameFn, facts: Facts) -> str:
    return t(
        "elves.move.travel",
        transport=card(move["transport"]),
        n=facts.get("cards", "?"),
        village=_place_text(view, facts.get("to"), name),
        value=gold(facts.get("value", "?")),
    )


def _label_escort(view: ElvesView, move: Move, name: NameFn, facts: Facts) -> str:
    return t("elves.move.escort", realm=_realm_text(view, str(facts.get("realm", "")), name))


def _label_reverse(view: ElvesView, move: Move, name: NameFn, facts: Facts) -> str:
    direction = facts.get("direction")
    text = t(f"elves.dir.{direction}") if direction in ("cw", "ccw") else "?"
    return t("elves.move.reverse", direction=text)


def _label_teleport(view: ElvesView, move: Move, name: NameFn, facts: Facts) -> str:
    village = _village_text(view, move["realm"], move["slot"], name)
    return t("elves.move.teleport", village=village, cost=gold(facts.get("cost", "?")))


def _label_teleport_card(view: ElvesView, move: Move, name: NameFn, facts: Facts) -> str:
    return t("elves.move.teleport_card", card=card(move["card"]), n=_hand_count(view, move["card"]))


def _label_end_journey(view: ElvesView, move: Move, name: NameFn, facts: Facts) -> str:
    bonus = t("elves.move.bonus", bonus=gold(facts["bonus"])) if facts.get("bonus") else ""
    return t("elves.move.end_journey", income=gold(facts.get("income", "?")), bonus=bonus)


LABELS: dict[str, Label] = {
    "play_village": _label_play_village,
    "play_special": _label_play_special,
    "draw3": _label_plain,
    "buy": _label_buy,
    "remove_village": _label_remove_village,
    "pass": _label_plain,
    "no_village": _label_plain,
    "place_village": _label_place_village,
    "place_special": _label_place_special,
    "discard": _label_discard,
    "take_village": _label_take_village,
    "travel": _label_travel,
    "escort": _label_escort,
    "reverse": _label_reverse,
    "teleport": _label_teleport,
    "teleport_card": _label_teleport_card,
    "end_journey": _label_end_journey,
}


# -- move descriptions (the second line of a select option) -------------------------------------

Describe = Callable[[ElvesView, Move, NameFn, Facts], "str | None"]


def _desc_plain(view: ElvesView, move: Move, name: NameFn, facts: Facts) -> str | None:
    return t(f"elves.desc.{move['type']}")


def _desc_none(view: ElvesView, move: Move, name: NameFn, facts: Facts) -> str | None:
    return None


def _desc_play_special(view: ElvesView, move: Move, name: NameFn, facts: Facts) -> str | None:
    me = _me(view)
    return t(
        "elves.desc.play_special",
        effect=t(f"elves.desc.fx.{move['card']}"),
        tokens=me["tokens_free"] if me else 0,
    )


def _desc_draw3(view: ElvesView, move: Move, name: NameFn, facts: Facts) -> str | None:
    me = _me(view)
    return tn("elves.desc.draw3", view["draw_pile"], hand=me["hand_size"] if me else 0)


def _desc_buy(view: ElvesView, move: Move, name: NameFn, facts: Facts) -> str | None:
    return t(
        "elves.desc.buy",
        k=facts.get("purchase", "?"),
        gold=gold(view.get("gold", "?")),
        after=gold(facts.get("gold_after", "?")),
    )


def _desc_remove_village(view: ElvesView, move: Move, name: NameFn, facts: Facts) -> str | None:
    specials = len(facts.get("specials") or [])
    return t("elves.desc.remove_village", specials=specials) if specials else None


def _desc_pass(view: ElvesView, move: Move, name: NameFn, facts: Facts) -> str | None:
    return t("elves.desc.pass", passes=view.get("passes", 0))


def _desc_place_special(view: ElvesView, move: Move, name: NameFn, facts: Facts) -> str | None:
    v = _village_at(view, move["realm"], move["slot"])
    effect = t("elves.desc.fx." + str(view["step"].get("card", "gold")))
    return effect + (f" ({word(v['card'])}, {v['value']})" if v else "")


def _desc_travel(view: ElvesView, move: Move, name: NameFn, facts: Facts) -> str | None:
    """Rules §7.2: the obstacle's extra card, the thief's fee, your Gold card, the escort."""
    extras = []
    if facts.get("obstacle_extra"):
        extras.append(t("elves.desc.obstacle"))
    if facts.get("thief"):
        extras.append(t("elves.desc.thief", player=_short(name(str(facts["thief"])))))
    if facts.get("gold_card"):
        extras.append(t("elves.desc.gold"))
    if facts.get("escorted"):
        extras.append(t("elves.desc.escorted"))
    if not extras:
        return t("elves.desc.travel.plain")
    text = ", ".join(extras)
    return t("elves.desc.travel", extras=text[:1].upper() + text[1:] + ".")


def _desc_teleport(view: ElvesView, move: Move, name: NameFn, facts: Facts) -> str | None:
    """Rules §7.5: a thief at the destination charges even with an escort."""
    owner = facts.get("thief")
    thief = t("elves.desc.teleport.thief", player=_short(name(str(owner)))) if owner else ""
    return t("elves.desc.teleport", thief=thief)


def _desc_reverse(view: ElvesView, move: Move, name: NameFn, facts: Facts) -> str | None:
    nxt = facts.get("next")
    return t("elves.desc.reverse", village=_place_text(view, nxt, name)) if nxt else None


def _desc_end_journey(view: ElvesView, move: Move, name: NameFn, facts: Facts) -> str | None:
    visits = facts.get("visits")
    return tn("elves.desc.end_journey", visits, visits=visits) if visits is not None else None


DESCRIPTIONS: dict[str, Describe] = {
    "play_village": _desc_plain,
    "play_special": _desc_play_special,
    "draw3": _desc_draw3,
    "buy": _desc_buy,
    "remove_village": _desc_remove_village,
    "pass": _desc_pass,
    "no_village": _desc_plain,
    "place_special": _desc_place_special,
    "travel": _desc_travel,
    "escort": _desc_plain,
    "reverse": _desc_reverse,
    "teleport": _desc_teleport,
    "end_journey": _desc_end_journey,
}


# -- prompts (one per step kind) ----------------------------------------------------------------

Prompt = Callable[[ElvesView, str, NameFn], str]


def _prompt_turn(view: ElvesView, player: str, name: NameFn) -> str:
    me = next((p for p in view["players"] if p["id"] == player), None)
    have = gold(view.get("gold", "?")) if view.get("viewer") == player else "?"
    hand = me["hand_size"] if me else 0
    return t("elves.prompt.turn", round=view.get("round"), hand=hand, gold=have)


def _prompt_card(view: ElvesView, player: str, name: NameFn) -> str:
    step = view["step"]
    if step["kind"] == "place_village":
        return t("elves.prompt.place_village", terrain=card(step["card"]))
    return t("elves.prompt.place_special", card=card(step["card"]))


def _prompt_discard(view: ElvesView, player: str, name: NameFn) -> str:
    return t("elves.prompt.discard", left=view["step"].get("left", 1))


def _prompt_take_village(view: ElvesView, player: str, name: NameFn) -> str:
    return t("elves.prompt.take_village")


def _prompt_journey(view: ElvesView, player: str, name: NameFn) -> str:
    j = view.get("journey")
    nxt = j.get("next") if j else None
    if j is None or not nxt:
        return t("elves.prompt.journey_none")
    return t(
        "elves.prompt.journey",
        income=gold(j.get("income", 0)),
        next=_village_text(view, nxt["realm"], nxt["slot"], name),
    )


def _prompt_teleport_cards(view: ElvesView, player: str, name: NameFn) -> str:
    step = view["step"]
    return t(
        "elves.prompt.teleport_cards",
        left=step.get("left", 1),
        village=_village_text(view, step["realm"], step["slot"], name),
    )


PROMPTS: dict[str, Prompt] = {
    "turn": _prompt_turn,
    "place_village": _prompt_card,
    "place_special": _prompt_card,
    "discard": _prompt_discard,
    "take_village": _prompt_take_village,
    "journey": _prompt_journey,
    "teleport_cards": _prompt_teleport_cards,
}


# -- event lines (one per event kind, rules §13) ------------------------------------------------

Line = Callable[[Event, NameFn, str], "str | None"]


def _ev_hidden(e: Event, name: NameFn, who: str) -> str | None:
    return None


def _ev_round_started(e: Event, name: NameFn, who: str) -> str | None:
    return t("elves.ev.round_started", round=e["round"], player=name(e["start_player"]))


def _ev_village_played(e: Event, name: NameFn, who: str) -> str | None:
    realm = (
        t("elves.realm.their")
        if e["realm"] == e["player"]
        else t("elves.realm.other", player=name(e["realm"]))
    )
    return t("elves.ev.village_played", player=who, terrain=card(e["card"]), realm=realm)


def _village_ref(e: Event, name: NameFn) -> str:
    return t("elves.ev.village_ref", player=name(e["realm"]), n=e["slot"] + 1)


def _ev_special_played(e: Event, name: NameFn, who: str) -> str | None:
    return t(
        "elves.ev.special_played", player=who, card=card(e["card"]), village=_village_ref(e, name)
    )


def _ev_drew(e: Event, name: NameFn, who: str) -> str | None:
    return t("elves.ev.drew", player=who)


def _ev_bought(e: Event, name: NameFn, who: str) -> str | None:
    return t("elves.ev.bought", player=who, cost=gold(e["cost"]), k=e["purchase"])


def _ev_card(e: Event, name: NameFn, who: str) -> str | None:
    """``discarded`` and ``teleport_card``: a player and a card."""
    return t(f"elves.ev.{e['type']}", player=who, card=card(e["card"]))


def _ev_village_removed(e: Event, name: NameFn, who: str) -> str | None:
    specials = e.get("specials") or []
    extra = ""
    if specials:
        owned = (
            t("elves.card_of", player=name(s["owner"]), card=card(s["card"])) for s in specials
        )
        extra = t("elves.ev.village_removed.specials", list=", ".join(owned))
    return t(
        "elves.ev.village_removed",
        player=who,
        terrain=card(e["card"]),
        cost=gold(e["cost"]),
        specials=extra,
    )


def _ev_passed(e: Event, name: NameFn, who: str) -> str | None:
    return t("elves.ev.passed", player=who, passes=e["passes"])


def _ev_no_village_declared(e: Event, name: NameFn, who: str) -> str | None:
    hand = ", ".join(_counted(e.get("hand") or {}, tuple(e.get("hand") or {})))
    return t("elves.ev.no_village_declared", player=who, hand=hand or t("elves.ev.hand_empty"))


def _ev_village_taken(e: Event, name: NameFn, who: str) -> str | None:
    return t("elves.ev.village_taken", player=who, terrain=card(e["card"]))


def _ev_round(e: Event, name: NameFn, who: str) -> str | None:
    """``planning_ended`` and ``round_ended``: a round number."""
    return t(f"elves.ev.{e['type']}", round=e["round"])


def _ev_journey_started(e: Event, name: NameFn, who: str) -> str | None:
    return t("elves.ev.journey_started", player=who)


def _ev_escort_played(e: Event, name: NameFn, who: str) -> str | None:
    realm = (
        t("elves.realm.their")
        if e["realm"] == e["player"]
        else t("elves.realm.other", player=name(e["realm"]))
    )
    return t("elves.ev.escort_played", player=who, realm=realm)


def _ev_direction_changed(e: Event, name: NameFn, who: str) -> str | None:
    return t("elves.ev.direction_changed", player=who, direction=t(f"elves.dir.{e['direction']}"))


def _ev_teleport_started(e: Event, name: NameFn, who: str) -> str | None:
    village = _village_ref(e, name)
    return t("elves.ev.teleport_started", player=who, village=village, cost=gold(e["cost"]))


def _ev_visited(e: Event, name: NameFn, who: str) -> str | None:
    how = (
        t("elves.ev.visited.travel", transport=card(e["transport"]), n=e["cards"])
        if e.get("via") == "travel"
        else t("elves.ev.visited.teleport")
    )
    notes = (t("elves.ev.visited.obstacle") if e.get("obstacle_extra") else "") + (
        t("elves.ev.visited.escorted") if e.get("escorted") else ""
    )
    if e.get("short"):
        notes += t("elves.ev.visited.short", short=gold(e["short"]))
    village = t(
        "elves.village",
        owner=t("elves.village.other", player=name(e["realm"])),
        terrain=card(e["card"]),
        n=e["slot"] + 1,
    )
    return t(
        "elves.ev.visited",
        player=who,
        village=village,
        how=how,
        value=gold(e["value"]),
        notes=notes,
    )


def _ev_thief_paid(e: Event, name: NameFn, who: str) -> str | None:
    return t("elves.ev.thief_paid", player=who, amount=gold(e["amount"]), to=name(e["to"]))


def _ev_journey_ended(e: Event, name: NameFn, who: str) -> str | None:
    bonus = t("elves.ev.journey_ended.bonus", bonus=gold(e["bonus"])) if e.get("bonus") else ""
    if e.get("short"):
        bonus += t("elves.ev.journey_ended.short", short=gold(e["short"]))
    if not e["visits"]:
        return t("elves.ev.journey_ended.none", player=who)
    visits = tn("elves.why.visits", int(e["visits"]), n=e["visits"])
    return t(
        "elves.ev.journey_ended", player=who, visits=visits, income=gold(e["income"]), bonus=bonus
    )


def _ev_game_over(e: Event, name: NameFn, who: str) -> str | None:
    ranks = e.get("ranks") or {}
    coins = {p: Count(int(g), THINGS["gold"]) for p, g in (e.get("gold") or {}).items()}
    order = sorted(ranks, key=lambda p: (ranks[p], name(p)))
    ranking = "; ".join(
        t("elves.rank", rank=ranks[p], player=name(p), gold=coins.get(p)) for p in order
    )
    return t("elves.ev.game_over", ranking=ranking)


EVENT_LINES: dict[str, Line] = {
    "round_started": _ev_round_started,
    "deck_shuffled": _ev_hidden,
    "dealt": _ev_hidden,
    "village_played": _ev_village_played,
    "special_played": _ev_special_played,
    "drew": _ev_drew,
    "bought": _ev_bought,
    "discarded": _ev_card,
    "village_removed": _ev_village_removed,
    "passed": _ev_passed,
    "no_village_declared": _ev_no_village_declared,
    "village_taken": _ev_village_taken,
    "action_ended": _ev_hidden,  # the turn passes on: the next line says who acts
    "planning_ended": _ev_round,
    "journey_started": _ev_journey_started,
    "escort_played": _ev_escort_played,
    "direction_changed": _ev_direction_changed,
    "teleport_started": _ev_teleport_started,
    "teleport_card": _ev_card,
    "visited": _ev_visited,
    "thief_paid": _ev_thief_paid,
    "journey_ended": _ev_journey_ended,
    "round_ended": _ev_round,
    "game_over": _ev_game_over,
}


# -- status and hand ----------------------------------------------------------------------------


def _final_lines(view: ElvesView, name: NameFn) -> list[str]:
    final = view.get("final")
    ranks = final["ranks"] if final else {}
    golds = final["gold"] if final else {}
    return [t("elves.status.over", rounds=view.get("rounds"))] + [
        t("elves.status.final", rank=ranks[p], player=name(p), gold=gold(golds[p]))
        for p in sorted(ranks, key=lambda q: (ranks[q], name(q)))
    ]


def _journey_line(view: ElvesView, name: NameFn) -> str | None:
    j = view.get("journey")
    if not j:
        return None
    escort = t("elves.status.escort", realm=name(j["escort"])) if j["escort"] else ""
    return t(
        "elves.status.journey",
        player=name(j["traveller"]),
        visits=tn("elves.why.visits", len(j.get("visits", [])), n=len(j.get("visits", []))),
        income=gold(j.get("income", 0)),
        direction=t(f"elves.dir.{j.get('direction', 'cw')}"),
        escort=escort,
    )


def _player_line(view: ElvesView, p: PlayerView, name: NameFn) -> str:
    villages = view["realms"][p["seat"]]
    vtext = ", ".join(word(v["card"]) for v in villages) or t("elves.status.none")
    return t(
        "elves.status.line",
        player=name(p["id"]),
        coins=p["coins"],
        hand=p["hand_size"],
        tokens=p["tokens_free"],
        villages=vtext,
    )


def _hand_lines(hand: Mapping[str, int]) -> list[str]:
    lines = []
    villages = [
        t("elves.village_count", card=card(k), value=VALUE[k], n=hand[k])
        for k in VILLAGE_KINDS
        if k in hand
    ]
    if villages:
        lines.append(t("elves.hand.villages", list=", ".join(villages)))
    for x in TRAVEL_KINDS:
        if x in hand:
            reach = ", ".join(
                t("elves.hand.reach", terrain=card(ter), cost=c) for ter, c in COST[x].items()
            )
            lines.append(t("elves.hand.transport", card=card(x), n=hand[x], reach=reach))
    actions = _counted(hand, ACTION_KINDS)
    if actions:
        lines.append(t("elves.hand.actions", list=", ".join(actions)))
    return lines


def typed(view: Mapping[str, Any]) -> ElvesView:
    """The view the bot passes (``dict[str, Any]``), typed once at the entry points: the
    shape ``Elves.view`` returns (``games.elves.views``), so that mypy catches a renamed key."""
    return cast(ElvesView, view)


@dataclass
class ElvesPresenter(Presenter):
    """Presenter for ``elves``: every method looks its kind up in a table above."""

    catalog: dict[str, str] = field(
        default_factory=lambda: {k: v for k, v in CATALOG.items() if isinstance(v, str)}
    )
    option_specs: tuple[OptionSpec, ...] = field(default_factory=option_specs)
    private_prompts: bool = True
    dm_hand_updates: bool = True  # the hand changes between turns (dealing, buying, no-village)

    def move_label(
        self, view: dict[str, Any], move: Move, name: NameFn, preview: Preview | None = None
    ) -> str:
        label = LABELS.get(str(move.get("type")))
        if label is None:
            return super().move_label(view, move, name)
        return label(typed(view), move, name, preview or {})

    def move_description(
        self, view: dict[str, Any], move: Move, name: NameFn, preview: Preview | None = None
    ) -> str | None:
        describe = DESCRIPTIONS.get(str(move.get("type")), _desc_none)
        return describe(typed(view), move, name, preview or {})

    def prompt_text(self, view: dict[str, Any], player: str, name: NameFn) -> str:
        v = typed(view)
        if v.get("phase") == "over":
            return t("lobby.finished")
        prompt = PROMPTS.get(str(v.get("step", {}).get("kind")))
        return prompt(v, player, name) if prompt else t("prompt.default")

    def prompt_context(self, view: dict[str, Any], player: str, name: NameFn) -> str | None:
        v = typed(view)
        if v.get("step", {}).get("kind") not in ("journey", "teleport_cards"):
            return None
        return journey_context(v, name)

    def activity(self, view: dict[str, Any], actor: str, name: NameFn) -> str | None:
        kind = str(typed(view).get("step", {}).get("kind", ""))
        return t(f"elves.step.{kind}") if kind and kind != "over" else None

    def final_breakdown(self, view: dict[str, Any], player: str, name: NameFn) -> str | None:
        return final_breakdown(typed(view), player)

    def event_text(self, event: Event, name: NameFn) -> str | None:
        line = EVENT_LINES.get(str(event.get("type")))
        if line is None:
            return super().event_text(event, name)
        who = name(event["player"]) if isinstance(event.get("player"), str) else ""
        return line(event, name, who)

    def status_text(self, view: dict[str, Any], name: NameFn) -> str:
        v = typed(view)
        if v.get("phase") == "over":
            return "\n".join(_final_lines(v, name))
        step = v.get("step", {}).get("kind", "")
        lines = [
            t(
                "elves.status.head",
                round=v.get("round"),
                rounds=v.get("rounds"),
                phase=t(f"elves.status.phase.{v.get('phase')}"),
                actor=name(v.get("actor") or "?"),
                step=t(f"elves.step.{step}"),
            ),
            t(
                "elves.status.pile",
                draw=v.get("draw_pile", 0),
                discard=sum(v.get("discard_pile", {}).values()),
                passes=v.get("passes", 0),
            ),
        ]
        journey = _journey_line(v, name)
        if journey:
            lines.append(journey)
        lines.extend(_player_line(v, p, name) for p in v.get("players", []))
        return "\n".join(lines)

    def hand_text(self, view: dict[str, Any], name: NameFn) -> str | None:
        v = typed(view)
        if v.get("viewer") is None or "hand" not in v:
            return None
        hand = v.get("hand", {})
        b = v.get("coin_breakdown", {})
        head = tn(
            "elves.hand.head",
            sum(hand.values()),
            gold=v.get("gold", 0),
            coins=t(
                "elves.hand.coins", tens=b.get("10", 0), fives=b.get("5", 0), ones=b.get("1", 0)
            ),
        )
        return "\n".join([head, *(_hand_lines(hand) if hand else [t("elves.hand.empty")])])

    def rules_text(self) -> str:
        return t("elves.rules")
