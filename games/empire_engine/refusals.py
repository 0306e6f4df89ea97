"""Why an Empire Engine move is refused: the precise codes and sentences of
docs/rules/empire_engine.md §12 (the ``explain`` hook of ``games.base.GameBase``)."""

from __future__ import annotations

from typing import Any

from games.base import GAME_OVER, MALFORMED, NOT_LEGAL, NOT_YOUR_TURN, IllegalMove
from games.empire_engine import planning as PL
from games.empire_engine.moves import well_formed

State = dict[str, Any]


def finished_step(s: State, p: str) -> bool:
    """``p`` has made every choice of this planning or salvage step (rules §12)."""
    if s["step"] in ("orient", "plan"):
        return p in s["players"] and PL.done_planning(s, p)
    return s["step"] == "salvage" and p in s["picks"]


_TEXT = {
    MALFORMED: "That move is not in a form the game understands.",
    GAME_OVER: "The game is over.",
    NOT_YOUR_TURN: "It is not your turn to choose now.",
    NOT_LEGAL: "That choice is not available now; pick one listed.",
}


def explain(s: State, player: str, move: Any, kind: str) -> IllegalMove:
    """The precise refusal of docs/rules/empire_engine.md §12 for a failed check of ``kind``."""
    if kind == NOT_YOUR_TURN and finished_step(s, player):
        return IllegalMove(
            "already_chosen", "You have already chosen this round.", kind=NOT_YOUR_TURN
        )
    if kind == NOT_LEGAL and not well_formed(move):
        return IllegalMove(MALFORMED, _TEXT[MALFORMED])
    return IllegalMove(kind, _TEXT[kind])
