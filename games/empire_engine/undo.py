"""Which Empire Engine moves may be taken back (``games.base.Undoable``; rules:
docs/rules/empire_engine.md §10.1).

Hidden: what is face down while planning (``picks``: the action set in round 1, the gear card
under the first engine; a pending salvage pick) and which types past salvages took
(``salvaged``), and so the types in a score pile (``score``: seen by its owner and partner;
a steal takes from it). ``orient``, ``gear`` and ``salvage`` are secret moves and never undoable; a
public move that ends the planning (the reveal turns every face-down pick up) or otherwise
changes ``picks``, ``salvaged`` or ``score`` is not undoable either. Laying a card face up where the
others see it, placing, blocking and the joint-export choice are public and may be
taken back, unless the move ended the game.
"""

from __future__ import annotations

from typing import Any

State = dict[str, Any]
Move = dict[str, Any]
HIDDEN = ("picks", "salvaged", "score")


def undoable(before: State, player: str, move: Move, after: State) -> bool:
    if after["step"] == "over":
        return False
    return all(after[key] == before[key] for key in HIDDEN)
