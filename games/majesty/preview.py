"""What a move does, previewed from a view (for the bot's move descriptions).

Majesty has no secrets, so a view holds everything a decision needs except the deck, which no
decision reads: the state rebuilt from a view has an empty deck, and the move is played through
the real, validating ``apply``.
"""

from __future__ import annotations

from typing import Any, TypedDict

from games.base import IllegalMove
from games.majesty.engine import Move, State, active_player
from games.majesty.game import GAME
from games.majesty.tables import REALM_LOCATIONS


class Preview(TypedDict):
    """The mover's change in points and held meeples (after any end-of-turn return), the step
    that follows ("done" when the turn passes), the points other players gain, and how many
    cards the move wounds."""

    points: int
    meeples: int
    next_step: str
    others: dict[str, int]
    wounds: int


def _pending_from_view(pv: dict[str, Any] | None) -> dict[str, Any] | None:
    if not pv:
        return None
    if pv["kind"] == "castle_exchange":
        return {"kind": "castle_exchange", "location": "castle"}
    if pv["kind"] == "heal_place":
        return {"kind": "heal_place", "card": pv["card"]["id"], "location": "cottage"}
    return {"kind": "place", "card": pv["card"]["id"]}


def _realm_from_view(r: dict[str, Any]) -> dict[str, Any]:
    return {
        "points": r["points"],
        "meeples": r["meeples"],
        "taken": r["taken"],
        "locations": {
            loc: [{"id": e["id"], "as": e["as"]} for e in r["locations"][loc]]
            for loc in REALM_LOCATIONS
        },
        "infirmary": [c["id"] for c in r["infirmary"]],
    }


def state_from_view(v: Any) -> State:
    """A playable state rebuilt from a view; the unknown deck is left empty.

    Good for previewing the active player's next decision (no refill is needed for that).
    """
    return {
        "game": "majesty",
        "players": list(v["players"]),
        "order": list(v["order"]),
        "options": dict(v["options"]),
        "t": int(v["turn"]) - 1,
        "step": v["step"],
        "pending": _pending_from_view(v.get("pending")),
        "display": [{"card": d["card"]["id"], "meeples": d["meeples"]} for d in v["display"]],
        "deck": [],
        "realms": {p: _realm_from_view(r) for p, r in v["realms"].items()},
        "final": None,
        "last_events": [],
    }


def preview(v: Any, move: Move) -> Preview | None:
    """What ``move`` by the active player does up to the next decision, from a view; None
    when the move cannot be previewed (not legal, or a view that is not Majesty's)."""
    try:
        s = state_from_view(v)
        player = active_player(s)
        if player is None:
            return None
        after, events = GAME.apply(s, player, move)
    except (IllegalMove, KeyError, TypeError, ValueError, IndexError):
        return None
    others: dict[str, int] = {}
    for e in events:
        if e["type"] == "gain" and e["player"] != player:
            others[e["player"]] = others.get(e["player"], 0) + e["points"]
    return {
        "points": after["realms"][player]["points"] - s["realms"][player]["points"],
        "meeples": after["realms"][player]["meeples"] - s["realms"][player]["meeples"],
        "next_step": after["step"] if active_player(after) == player else "done",
        "others": others,
        "wounds": sum(1 for e in events if e["type"] == "attack" and e["result"] == "wounded"),
    }
