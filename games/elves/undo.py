"""Which King of the Elves moves may be taken back (``games.base.Undoable``; rules:
docs/rules/elves.md §12).

Hidden: every hand (others see its size), the draw pile and the seed that fixes every later
shuffle; ``revealed`` records what a "No village card!" showed of a hand. A move that changes
any of them is not undoable: a card played or discarded from a hand (the others then know it
was there), a draw (the drawer saw the cards), a shuffle, a hand shown. Moves that only move
things on the table (a token placed, a step of the journey paid for without cards, passing)
may be taken back, unless the move ended the game or opened a choice whose options show
something of the draw pile (``options_show_the_pile``). Gold changes are public events (rules
§2.4), so they reveal nothing.
"""

from __future__ import annotations

from typing import Any

from games.elves.data import VILLAGE_KINDS

State = dict[str, Any]
Move = dict[str, Any]
HIDDEN = ("hand", "draw", "seed", "revealed")
#: declaring "No village card!" shows the hand and opens a choice that tells the declarer which
#: village kinds the draw pile holds (rules §5): a reveal even when no hidden part changes
REVEALING = frozenset({"no_village"})


def options_show_the_pile(s: State) -> bool:
    """Whether the choice now open tells its player something of the draw pile: which village
    kinds it holds (``take_village``), or whether it holds one ("No village card!" offered or
    not, to a player with no village yet and none in hand): the same rule as ``determinize``."""
    if s["phase"] == "over":
        return False
    seat, kind = s["turn"], s["step"]["kind"]
    if kind == "take_village":
        return True
    return bool(
        kind == "turn"
        and not s["realms"][seat]
        and not any(k in s["hand"][seat] for k in VILLAGE_KINDS)
    )


def undoable(before: State, player: str, move: Move, after: State) -> bool:
    if after["phase"] == "over" or move.get("type") in REVEALING:
        return False
    if options_show_the_pile(after):
        return False
    return all(after[key] == before[key] for key in HIDDEN)
