"""Majesty's precise refusals (docs/rules/majesty.md §8.2), ``Majesty.explain``.

``GameBase.apply`` decides (malformed -> game over -> may act -> listed, strictly by
``is_listed``); this module only names the reason once a check has failed: ``bad_move`` (kind
``malformed``) for a move that is not a Majesty move or has the wrong keys or value types, and,
of kind ``not_legal``, ``wrong_step``, ``bad_index``, ``cannot_afford``, ``bad_character`` and
``bad_amount``. Game over and not your turn keep the shared codes and texts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.base import MALFORMED, NOT_LEGAL, IllegalMove
from games.majesty.engine import MOVE_KEYS, State, exchange_amounts
from games.majesty.tables import DISPLAY_SIZE, card_characters


def _bad_move(message: str = "That is not a Majesty move.") -> IllegalMove:
    return IllegalMove("bad_move", message, kind=MALFORMED)


def _shape(move: Any) -> IllegalMove | None:
    """Exactly the keys ``type`` and the move's one value key, with a value of the right type."""
    mtype = move["type"]
    key, kind = MOVE_KEYS[mtype]
    value = move.get(key)
    if set(move) != {"type", key} or isinstance(value, bool) or not isinstance(value, kind):
        return _bad_move(f"A {mtype} move needs exactly one {kind.__name__} {key!r}.")
    return None


def _take(s: State, player: str, index: Any) -> IllegalMove | None:
    """T1: the index must be on the display and affordable (one meeple per card skipped)."""
    if not 0 <= index < min(len(s["display"]), DISPLAY_SIZE):
        last = len(s["display"]) - 1
        return IllegalMove("bad_index", f"Choose a display card from 0 to {last}.")
    if index > s["realms"][player]["meeples"]:
        return IllegalMove("cannot_afford", "You do not hold enough meeples for that card.")
    return None


def _character(s: State, player: str, character: Any) -> IllegalMove | None:
    """T2 and §5.3: one of the two halves of the pending split card."""
    if character not in card_characters(s["pending"]["card"]):
        return IllegalMove("bad_character", "Choose one of the two characters on the card.")
    return None


def _amount(s: State, player: str, k: Any) -> IllegalMove | None:
    """7B: one of the canonical exchange amounts."""
    if k not in exchange_amounts(s, player):
        return IllegalMove("bad_amount", "That exchange amount is not offered.")
    return None


_BY_TYPE: dict[str, Callable[[State, str, Any], IllegalMove | None]] = {
    "take": _take,
    "place": _character,
    "heal_place": _character,
    "castle_exchange": _amount,
}


def explain(s: State, player: str, move: Any, kind: str) -> IllegalMove | None:
    """The precise refusal of ``kind`` for ``move``, or None for the shared generic one."""
    if kind == MALFORMED:
        return _bad_move()
    if kind != NOT_LEGAL:
        return None
    shape = _shape(move)
    if shape is not None:
        return shape
    mtype = move["type"]
    if mtype != s["step"]:
        doing, step = mtype.replace("_", " "), s["step"].replace("_", " ")
        return IllegalMove("wrong_step", f"You cannot {doing} now; it is the {step} step.")
    return _BY_TYPE[mtype](s, player, move[MOVE_KEYS[mtype][0]])
