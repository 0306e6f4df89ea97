"""Which Tiny Epic Kingdoms moves may be taken back (``games.base.Undoable``; rules:
docs/rules/tek.md §19.3).

Hidden in TEK: a war die set but not yet revealed (§10.2), the face-down exploration tokens and
the unused token pool (§14). A ``war_die`` is secret (never undoable); any other move that sets
or reveals a die (the reveal and the war's outcome follow the second die), flips a token (a
meeple arriving in its region, §7.4) or deals tokens face down (``token_skip``) changes one of
those and is not undoable. Every other move (moving, patrolling, questing, building, expanding,
researching, passing, a war started but no die set yet) is public and may be taken back,
unless it ended the game.
"""

from __future__ import annotations

from typing import Any

from games.tek.tasks import State

Move = dict[str, Any]


def _dice(s: State) -> tuple[dict[str, Any], bool]:
    war = s.get("war")
    if not war:
        return {}, False
    values = war.get("values") or {}
    return {p: v for p, v in values.items() if v is not None}, bool(war.get("revealed"))


def undoable(before: State, player: str, move: Move, after: State) -> bool:
    if move.get("type") == "war_die" or after["over"]:
        return False
    return bool(
        after["tokens"] == before["tokens"]
        and after["token_pool"] == before["token_pool"]
        and _dice(after) == _dice(before)
    )
