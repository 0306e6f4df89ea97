"""Does a session's move log replay to its stored snapshot? (``crowntable verify``,
``SessionHost.replay``, the check after ``crowntable copy``).

The comparison is of what the engine writes now: ``canonical(game.dump(replayed))`` against
``canonical(game.dump(game.load(stored)))``, so a snapshot stored before a schema change
(contract v2's ``{"schema": N, ...}``, a game's later migration) verifies when it holds the
same state, and one the engine cannot read does not.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bot.core.store.base import MoveRecord, SessionRecord
from bot.core.takeback import LogReplay
from games.base import Game, IllegalMove, canonical


def same_state(game: Game, replayed: Any, stored: dict[str, Any]) -> bool:
    """Whether the engine state ``replayed`` is the one the snapshot ``stored`` holds."""
    try:
        kept = game.dump(game.load(stored))
    except Exception:  # a snapshot the engine cannot read holds no state at all
        return False
    return canonical(game.dump(replayed)) == canonical(kept)


def check_replay(game: Game, rec: SessionRecord, moves: Iterable[MoveRecord]) -> tuple[bool, str]:
    """(True, "") when seed + ``moves`` reproduce ``rec``'s snapshot; else what differs."""
    if rec.status in ("lobby", "cancelled") or rec.state is None:
        return True, ""
    try:
        replay = LogReplay.start(game, rec)  # undo records included
        for m in moves:
            replay.step(m)
    except (IllegalMove, ValueError) as exc:
        return False, f"move log does not replay: {exc}"
    if not same_state(game, replay.state, rec.state):
        return False, "snapshot differs from the replayed move log"
    return True, ""
