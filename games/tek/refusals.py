"""Why a Tiny Epic Kingdoms move is refused: the codes and sentences of docs/rules/tek.md
§19.5 (the ``explain`` hook of ``games.base.GameBase``)."""

from __future__ import annotations

from typing import Any

from games.base import GAME_OVER, MALFORMED, NOT_LEGAL, NOT_YOUR_TURN, IllegalMove

State = dict[str, Any]

#: the rules file's refusal codes (§19.5) and texts, by shared kind
REFUSALS: dict[str, tuple[str, str]] = {
    GAME_OVER: ("game_over", "The game is over."),
    NOT_YOUR_TURN: ("not_your_turn", "It is not your turn to act."),
    MALFORMED: ("malformed", "A move must be a dict with a known 'type'."),
    NOT_LEGAL: ("illegal_move", "That move is not available now; pick a listed one."),
}


def explain(state: State, player: str, move: Any, kind: str) -> IllegalMove:
    """The precise refusal of ``kind`` (rules §19.5)."""
    code, message = REFUSALS[kind]
    return IllegalMove(code, message, kind=kind)
