"""Majesty's public vocabulary, declared once for the engine, the presenter and the renderer.

Keys, the building order and which character lives where come from the data tables
(``tables.py``, rules §1.2, §1.5); this module adds what people see: English names, the crest
colours of the characters, the back colours of the two decks, and the named presets of the
location sides (rules §7). Nothing here is a rule.
"""

from __future__ import annotations

from typing import Final

from games.majesty.tables import (
    CHARACTER_AT,
    CHARACTERS,
    HOME,
    LOCATION_SIDES,
    LOCATIONS,
    REALM_LOCATIONS,
)

__all__ = [
    "ABILITY",
    "CHARACTERS",
    "CHARACTER_AT",
    "CHARACTER_NAMES",
    "CHAR_COLOUR",
    "HOME",
    "INFIRMARY_COLOUR",
    "LOCATIONS",
    "LOCATION_NAMES",
    "REALM_LOCATIONS",
    "SIDE_PRESETS",
    "TIER_COLOUR",
    "side_preset",
]

Colour = tuple[int, int, int]

#: character key -> English name (rules §1.2)
CHARACTER_NAMES: Final[dict[str, str]] = {
    "miller": "Miller",
    "brewer": "Brewer",
    "witch": "Witch",
    "guard": "Guard",
    "knight": "Knight",
    "innkeeper": "Innkeeper",
    "noble": "Noble",
}
#: location key -> English name, in building order 1-8 (rules §1.2)
LOCATION_NAMES: Final[dict[str, str]] = {
    "mill": "Mill",
    "brewery": "Brewery",
    "cottage": "Cottage",
    "guardhouse": "Guardhouse",
    "barracks": "Barracks",
    "inn": "Inn",
    "castle": "Castle",
    "infirmary": "Infirmary",
}
#: location key -> its signpost ability on side A (the same on B, except the Castle B exchange)
ABILITY: Final[dict[str, str]] = {
    loc: str(LOCATION_SIDES[loc]["A"]["ability"])
    for loc in LOCATIONS
    if LOCATION_SIDES[loc]["A"]["ability"]
}
#: character -> crest colour of its cards and location (approximated from the printed cards)
CHAR_COLOUR: Final[dict[str, Colour]] = {
    "miller": (214, 172, 52),
    "brewer": (176, 104, 44),
    "witch": (76, 150, 72),
    "guard": (196, 62, 52),
    "knight": (62, 92, 160),
    "innkeeper": (136, 84, 156),
    "noble": (208, 108, 160),
}
INFIRMARY_COLOUR: Final[Colour] = (110, 110, 118)
#: deck (tier) -> the colour of its card backs: deck 1 green, deck 2 red (rules §1.3)
TIER_COLOUR: Final[dict[int, Colour]] = {1: (70, 140, 80), 2: (170, 60, 60)}


def side_preset(base: str, switched: str | None = None) -> str:
    """The 8 side letters (building order) with every location on ``base`` except ``switched``."""
    other = "B" if base == "A" else "A"
    return "".join(other if loc == switched else base for loc in LOCATIONS)


#: (preset key, 8 side letters): all A (the basic game), all B, then each single location
#: switched (rules §7: "libovolně zkombinovat strany A i B"; any other of the 256 is allowed too)
SIDE_PRESETS: Final[tuple[tuple[str, str], ...]] = (
    ("all_a", side_preset("A")),
    ("all_b", side_preset("B")),
    *((f"one_b.{loc}", side_preset("A", loc)) for loc in LOCATIONS),
    *((f"one_a.{loc}", side_preset("B", loc)) for loc in LOCATIONS),
)
