"""Where a turn ends, read off a move: the one rule the replay's frames (issue 14) and the turn
clock's takeover of an idle player (a timed-out player's whole turn) share.

A move closes a turn when someone must act who did not have to before (the actor set gained a
player: the turn passed on, or a simultaneous step is over and everyone acts again), when it
revealed something (an event whose type is ``revealed`` or ends in ``_revealed``), or when the
game ended. A player's several steps in a row (choose a card, then its effect) are one turn; so
are the secret picks of a simultaneous step up to their reveal (the actor set only shrinks).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.base import Event


def is_reveal(event: Event) -> bool:
    kind = str(event.get("type", ""))
    return kind == "revealed" or kind.endswith("_revealed")


def turn_ends(
    before: Sequence[str], after: Sequence[str], events: Sequence[Event], over: bool
) -> bool:
    """Whether a move whose actors went from ``before`` to ``after`` closes a turn."""
    return over or bool(set(after) - set(before)) or any(is_reveal(e) for e in events)
