"""The move tables of King of the Elves: which moves each step offers, and what each move type
does (rules §11.3). One small named function per step kind and per move type."""

from __future__ import annotations

from collections.abc import Callable

from games.base import Event, Move
from games.elves import planning, travel
from games.elves.rules import State

StepMoves = Callable[[State, int], list[Move]]
Handler = Callable[[State, int, Move], list[Event]]


def _no_moves(s: State, seat: int) -> list[Move]:
    return []


#: step kind -> the moves it lists for the seat to act
STEP_MOVES: dict[str, StepMoves] = {
    "turn": planning.planning_turn_moves,  # §6, the seven actions
    "place_village": planning.place_village_moves,  # §6 action 1
    "place_special": planning.place_special_moves,  # §6 action 4
    "discard": planning.discard_moves,  # §6 actions 2 and 7
    "take_village": planning.take_village_moves,  # §6 action 7
    "journey": travel.journey_moves,  # §7
    "teleport_cards": travel.teleport_card_moves,  # §7.5
    "over": _no_moves,
}

#: move type -> its handler
HANDLERS: dict[str, Handler] = {
    "play_village": planning.do_play_village,
    "place_village": planning.do_place_village,
    "play_special": planning.do_play_special,
    "place_special": planning.do_place_special,
    "draw3": planning.do_draw3,
    "discard": planning.do_discard,
    "buy": planning.do_buy,
    "remove_village": planning.do_remove_village,
    "pass": planning.do_pass,
    "no_village": planning.do_no_village,
    "take_village": planning.do_take_village,
    "travel": travel.do_travel,
    "escort": travel.do_escort,
    "reverse": travel.do_reverse,
    "teleport": travel.do_teleport,
    "teleport_card": travel.do_teleport_card,
    "end_journey": travel.do_end_journey,
}

MOVE_TYPES: frozenset[str] = frozenset(HANDLERS)


def step_moves(s: State, seat: int) -> list[Move]:
    """The legal moves of the seat to act, in the rules file's order."""
    return STEP_MOVES.get(s["step"]["kind"], _no_moves)(s, seat)
