"""What a Majesty move does now (``Majesty.preview``, ``games.base.Previewable``; rules:
docs/rules/majesty.md §9 "Preview"), in the rules' own numbers, for the bot's move labels and
descriptions and the "Why?" answers.

Majesty hides nothing from a player but the draw deck, and no rule of a turn reads the deck: the
only thing a move turns up is the card that refills the display (§3.2 T1), which pays nothing
and decides nothing until somebody takes it. So the preview plays the move (and, for a split
card, each half) through the engine's own ``play`` and reports the consequences, leaving the
refill out: the same answer for every state a player cannot tell from this one (the invariant
suite checks it against ``determinize``).

Every answer has ``type`` and the **effect** of the move up to the mover's next decision or the
end of the turn (:func:`effect`); a take adds the card, its cost, the meeples on it and one
**placement** per half (where it goes, the location's side and ability, and the effect of the
whole turn placed so); a placement adds where the card goes; a Castle B exchange its amount.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.base import NOT_LEGAL, IllegalMove, is_listed
from games.majesty import engine
from games.majesty.engine import Event, Move, State
from games.majesty.tables import HOME, LOCATION_SIDES, card_characters
from games.majesty.viewing import card_view

Preview = dict[str, Any]

_ATTACK_KEYS = ("target", "knights", "guards", "result", "card", "character", "location")
_GAIN_KEYS = ("player", "points", "meeples", "location", "reason")


def _heal(after: State, player: str, events: list[Event]) -> dict[str, Any] | None:
    """The card the Witch healed: where it went, or its two halves when the mover chooses next."""
    for e in events:
        if e["type"] == "heal":
            return {
                "card": e["card"],
                "characters": list(card_characters(e["card"])),
                "character": e["character"],
                "location": e["location"],
            }
    pending = after["pending"]
    if after["step"] == "heal_place" and engine.active_player(after) == player:
        card = pending["card"]
        return {
            "card": card,
            "characters": list(card_characters(card)),
            "character": None,
            "location": None,
        }
    return None


def effect(before: State, after: State, player: str, events: list[Event]) -> Preview:
    """What took ``before`` to ``after`` (``events``) did, for the mover and everyone else:

    ``points``/``meeples``: the mover's change (payouts, the exchange, the end-of-turn return of
    meeples over 5 included) and ``*_before``/``*_after``; ``returned``: meeples returned at
    the end of the turn; ``gains``: every payout line paid (player, points, meeples, location,
    reason), the mover's first; ``others``: the points each other player gained; ``attacks``:
    one result per opponent (§5.2) and ``wounds`` the cards wounded; ``heal``: the healed card;
    ``then``: the mover's next decision (``place``, ``heal_place``, ``castle_exchange``),
    ``done`` (the turn passed) or ``over`` (the game ended); ``exchange``: the Castle B choice
    that follows (meeples held, points, amounts), else None; ``projection``: every player's
    score if the game ended after the move (§6.2); ``short``: the meeples a payout owed the
    mover that the common supply no longer held (§1.1; a gain's own ``short`` says it too)."""
    b, a = before["realms"][player], after["realms"][player]
    over = after["step"] == "over"
    then = "over" if over else after["step"] if engine.active_player(after) == player else "done"
    others: dict[str, int] = {}
    for e in events:
        if e["type"] == "gain" and e["player"] != player:
            others[e["player"]] = others.get(e["player"], 0) + e["points"]
    gains = [e for e in events if e["type"] == "gain"]
    attacks = [{k: e[k] for k in _ATTACK_KEYS if k in e} for e in events if e["type"] == "attack"]
    exchange = None
    if then == "castle_exchange":
        amounts = engine.exchange_amounts(after, player)
        exchange = {"held": a["meeples"], "points": a["points"], "amounts": amounts}
    return {
        "points": a["points"] - b["points"],
        "meeples": a["meeples"] - b["meeples"],
        "points_before": b["points"],
        "points_after": a["points"],
        "meeples_before": b["meeples"],
        "meeples_after": a["meeples"],
        "returned": sum(e["meeples"] for e in events if e["type"] == "meeples_returned"),
        "gains": [{k: e[k] for k in _GAIN_KEYS + ("short",) if k in e} for e in gains],
        "short": sum(int(e.get("short", 0)) for e in gains if e["player"] == player),
        "others": others,
        "attacks": attacks,
        "wounds": sum(1 for x in attacks if x["result"] == "wounded"),
        "heal": _heal(after, player, events),
        "then": then,
        "exchange": exchange,
        "projection": {p: row["total"] for p, row in engine.breakdowns(after).items()},
    }


def where(s: State, character: str) -> Preview:
    """Where a card counting as ``character`` goes: its location, that location's side and
    signpost ability (``heal``, ``attack``, ``defend``, ``exchange`` or None, §4.2)."""
    location = HOME[character]
    side = engine.side_of(s, location)
    return {
        "character": character,
        "location": location,
        "side": side,
        "ability": LOCATION_SIDES[location][side]["ability"],
    }


def _take(s: State, player: str, move: Move) -> Preview:
    """T1: the card, what it costs and carries; then each half placed (a single card: one)."""
    index = move["index"]
    slot = s["display"][index]
    after, events = engine.play(s, player, move)
    placements = []
    for character in card_characters(slot["card"]):
        if after["step"] == "place":
            placed, more = engine.play(after, player, {"type": "place", "character": character})
            placements.append(
                {**where(after, character), **effect(s, placed, player, events + more)}
            )
        else:
            placements.append({**where(s, character), **effect(s, after, player, events)})
    return {
        "type": "take",
        "index": index,
        "card": card_view(slot["card"]),
        "cost": index,
        "meeples_gained": slot["meeples"],
        "split": len(placements) > 1,
        "placements": placements,
        **effect(s, after, player, events),
    }


def _place(s: State, player: str, move: Move) -> Preview:
    """T2-T5: the chosen half of the split card just taken."""
    after, events = engine.play(s, player, move)
    return {
        "type": "place",
        "card": card_view(s["pending"]["card"]),
        **where(s, move["character"]),
        **effect(s, after, player, events),
    }


def _heal_place(s: State, player: str, move: Move) -> Preview:
    """§5.3: the healed split card as the chosen half (it triggers nothing), then the Cottage's
    payout (``payout``: that location and its side)."""
    after, events = engine.play(s, player, move)
    return {
        "type": "heal_place",
        "card": card_view(s["pending"]["card"]),
        **where(s, move["character"]),
        "payout": {"location": "cottage", "side": engine.side_of(s, "cottage")},
        **effect(s, after, player, events),
    }


def _exchange(s: State, player: str, move: Move) -> Preview:
    """7B: ``amount`` (> 0 buys, < 0 sells, 0 skips), then the Castle B payout and T5."""
    k = move["meeples"]
    after, events = engine.play(s, player, move)
    return {
        "type": "castle_exchange",
        "amount": k,
        "buy": max(k, 0),
        "sell": max(-k, 0),
        **effect(s, after, player, events),
    }


PREVIEWS: dict[str, Callable[[State, str, Move], Preview]] = {
    "take": _take,
    "place": _place,
    "heal_place": _heal_place,
    "castle_exchange": _exchange,
}


def preview(s: State, player: str, move: Any) -> Preview:
    """What ``move`` by ``player`` does now; IllegalMove when it is not one of their moves."""
    legal = [] if engine.active_player(s) != player else engine.moves(s, player)
    if not is_listed(move, legal):
        raise IllegalMove(NOT_LEGAL, "That move is not available now; pick one that is offered.")
    return PREVIEWS[move["type"]](s, player, move)
