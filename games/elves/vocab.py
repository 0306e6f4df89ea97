"""The vocabulary of King of the Elves that presenters and renderers share (declared once).

Card kinds and their order come from the edition data (:mod:`games.elves.data`, rules §2); the
English card names are the rulebook's (Czech names beside them for reference); the terrain
colours are those the board image uses. Nothing here is a rule.
"""

from __future__ import annotations

from games.elves.data import ACTION_KINDS, COST, KINDS, TRAVEL_KINDS, VALUE, VILLAGE_KINDS

Colour = tuple[int, int, int]

#: kind key -> English card name (rules §2; the rulebook's: vesnice na pláních, v lese, v horách,
#: v poušti, u řeky, u jezera; Velké prase, Elfí kolo, Magický mrak, Jednorožec, Trolí vozík,
#: Drak, Vor; karta zlata, zloděje, dřevěná překážka, překážka s mořskou příšerou, Eskorta,
#: Změna směru)
CARD_NAMES: dict[str, str] = {
    "plains": "Plains",
    "forest": "Forest",
    "mountain": "Mountain",
    "desert": "Desert",
    "river": "River",
    "lake": "Lake",
    "pig": "Giant pig",
    "cycle": "Elf cycle",
    "cloud": "Magic cloud",
    "unicorn": "Unicorn",
    "troll": "Troll wagon",
    "dragon": "Dragon",
    "raft": "Raft",
    "gold": "Gold card",
    "thief": "Thief",
    "wood": "Wooden obstacle",
    "seamonster": "Sea monster",
    "escort": "Escort",
    "reverse": "Change of direction",
}

#: terrain -> card face colour, and the ink readable on it
TERRAIN_FILL: dict[str, Colour] = {
    "plains": (196, 214, 120),
    "forest": (58, 122, 68),
    "mountain": (142, 132, 122),
    "desert": (228, 196, 122),
    "river": (118, 178, 226),
    "lake": (40, 92, 168),
}
TERRAIN_INK: dict[str, Colour] = {
    "plains": (30, 40, 10),
    "forest": (255, 255, 255),
    "mountain": (255, 255, 255),
    "desert": (60, 40, 10),
    "river": (10, 30, 60),
    "lake": (255, 255, 255),
}
TRAVEL_FILL: Colour = (236, 226, 206)
ACTION_FILL: Colour = (222, 214, 236)

assert set(CARD_NAMES) == set(KINDS) and set(TERRAIN_FILL) == set(VILLAGE_KINDS)

__all__ = [
    "ACTION_FILL",
    "ACTION_KINDS",
    "CARD_NAMES",
    "COST",
    "Colour",
    "KINDS",
    "TERRAIN_FILL",
    "TERRAIN_INK",
    "TRAVEL_FILL",
    "TRAVEL_KINDS",
    "VALUE",
    "VILLAGE_KINDS",
]
