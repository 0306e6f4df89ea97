"""Majesty: For the Realm, 2-4 players, 12 rounds of open drafting (rules: docs/rules/majesty.md).

Every player builds a realm of 8 locations and places one character card per turn; each
placement pays out at once, and the game ends with Infirmary penalties, variety squared and
shared majority bonuses.

Hidden information: nothing is hidden from any player; ``view(state, p)`` equals
``view(state, None)`` but for ``"viewer": p``. Only the order of the draw deck and the deck-1 cards
returned to the box are hidden from everybody (views show the deck size and its top card's back
colour). ``is_secret`` is always False.
"""

from __future__ import annotations

from games.majesty.game import GAME, Majesty
from games.majesty.vocab import (
    CHARACTER_NAMES,
    CHARACTERS,
    HOME,
    LOCATION_NAMES,
    LOCATIONS,
    TERMS,
)

__all__ = [
    "CHARACTERS",
    "CHARACTER_NAMES",
    "GAME",
    "HOME",
    "LOCATIONS",
    "LOCATION_NAMES",
    "TERMS",
    "Majesty",
]
