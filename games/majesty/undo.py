"""Which Majesty moves may be taken back (``games.base.Undoable``; rules: docs/rules/majesty.md).

Nothing is hidden in Majesty but the draw deck (its order, and which cards it holds). A take
refills the row from the deck (§3.2 T1): the new card is turned up, so a take while the deck
still has cards is never undoable; a take from the last row (the deck is empty), the choice of
a split card's half, the Cottage's heal choice and the Castle B exchange turn nothing up and
may be taken back, unless the move ended the game (the final scoring is a reveal).
"""

from __future__ import annotations

from games.majesty.engine import Move, State


def undoable(before: State, player: str, move: Move, after: State) -> bool:
    if after["step"] == "over":
        return False
    return bool(after["deck"] == before["deck"])
