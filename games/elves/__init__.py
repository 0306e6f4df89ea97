"""King of the Elves (the Elfenland card game): see :mod:`games.elves.engine` and
docs/rules/elves.md; the names of its things are :data:`games.elves.vocab.TERMS`.

Hidden: each hand (others see its size), each player's gold value (others see the coin count
until the game ends) and the draw pile order. Everything on the table is public.
"""

from __future__ import annotations

from games.elves.engine import Elves
from games.elves.vocab import TERMS

GAME = Elves()

__all__ = ["GAME", "TERMS", "Elves"]
