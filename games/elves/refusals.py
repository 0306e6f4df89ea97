"""Why a King of the Elves move is refused: the precise codes and sentences (rules §11.3).

:func:`explain` is the ``explain`` hook of :func:`games.base.validate`. Codes: ``unknown_move``
(kind ``malformed``), ``not_your_turn``, ``game_over`` and ``not_legal``, each with one short
sentence that names no other player's secret.
"""

from __future__ import annotations

from typing import Any

from games.base import MALFORMED, NOT_LEGAL, NOT_YOUR_TURN, IllegalMove, Move
from games.elves.data import COST, THIEF_FEE
from games.elves.rules import State, ring
from games.elves.steps import step_moves
from games.elves.travel import next_village, thief_charges, travel_need

#: step kind -> what the player should do instead
STEP_TEXT: dict[str, str] = {
    "turn": "choose a planning action",
    "place_village": "choose the realm for your village",
    "place_special": "choose the village for your card",
    "discard": "discard a card",
    "take_village": "choose the village card to take",
    "journey": "travel, play a card or end your journey",
    "teleport_cards": "discard a travel card for the teleport",
}


def explain(s: State, player: str, move: Any, kind: str) -> IllegalMove | None:
    """The precise refusal of ``kind`` for ``move``, or None for the generic one."""
    if kind == MALFORMED:
        return IllegalMove("unknown_move", "That is not a King of the Elves move.", kind=MALFORMED)
    if kind == NOT_YOUR_TURN:
        if player in s["players"]:
            return IllegalMove(NOT_YOUR_TURN, f"It is {s['players'][s['turn']]}'s turn, not yours.")
        return IllegalMove(NOT_YOUR_TURN, "You are not playing in this game.")
    if kind == NOT_LEGAL:
        return IllegalMove(NOT_LEGAL, why_not(s, s["turn"], move))
    return None


def why_not(s: State, seat: int, move: Move) -> str:
    """One sentence telling the player why ``move`` is refused (no secrets of others)."""
    kind = s["step"]["kind"]
    mtype = move.get("type")
    if mtype == "travel" and kind == "journey":
        return why_not_travel(s, seat, move)
    if not any(m["type"] == mtype for m in step_moves(s, seat)):
        return f"You cannot do that now: {STEP_TEXT.get(kind, 'make another move')}."
    if mtype in ("discard", "teleport_card"):
        return "You do not hold that card."
    if mtype == "remove_village":
        return "You cannot remove that village (not yours or too expensive)."
    return "That move is not available now."


def why_not_travel(s: State, seat: int, move: Move) -> str:
    """Why a travel move is refused: no village, wrong terrain, too few cards, the thief."""
    route = ring(s)
    index = next_village(s, seat, route)
    x = move.get("transport")
    if index is None:
        return "There is no village to travel to."
    if not isinstance(x, str) or x not in COST:
        return "That is not a transport card."
    r_seat, slot = route[index]
    v = s["realms"][r_seat][slot]
    need = travel_need(s, seat, v, r_seat, x)
    if need is None:
        return f"A {x} card cannot enter a {v['card']} village."
    if s["hand"][seat].get(x, 0) < need:
        return f"You need {need} {x} card(s) to enter the next village."
    if thief_charges(s, seat, v, r_seat) and s["gold"][seat] < THIEF_FEE:
        return f"You need {THIEF_FEE} gold to pay the thief at the next village."
    return "You cannot travel that way now."
