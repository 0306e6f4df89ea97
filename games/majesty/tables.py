"""Majesty's data tables, read once at import from ``games/majesty/data/*.json``.

``cards.json`` is the character deck (rules §1.3, fixed id catalogue); ``locations.json`` holds
every location's side-A and side-B ability, payout lines and majority value (rules §1.5, §4.2).
This module only loads and expands them; the rules that read them live in ``engine.py``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

_DATA = Path(__file__).parent / "data"


def _load(name: str) -> dict[str, Any]:
    with open(_DATA / name, encoding="utf-8") as fh:
        data: dict[str, Any] = json.load(fh)
    return data


_CARDS = _load("cards.json")
_LOCS = _load("locations.json")

CHARACTERS: tuple[str, ...] = tuple(_LOCS["characters"])
LOCATIONS: tuple[str, ...] = tuple(_LOCS["order"])
REALM_LOCATIONS: tuple[str, ...] = LOCATIONS[:7]  # locations 1-7, the Infirmary excluded
#: character -> its location
HOME: dict[str, str] = dict(zip(CHARACTERS, REALM_LOCATIONS, strict=True))
CHARACTER_AT: dict[str, str] = {loc: ch for ch, loc in HOME.items()}

#: location key -> side letter -> {"ability", "majority", "payout", ...}
LOCATION_SIDES: dict[str, dict[str, dict[str, Any]]] = _LOCS["locations"]
MAJORITY: dict[str, list[int]] = {
    side: [LOCATION_SIDES[loc][side]["majority"] for loc in REALM_LOCATIONS] for side in "AB"
}
INFIRMARY_PER_CARD: dict[str, int] = {s: LOCATION_SIDES["infirmary"][s]["per_card"] for s in "AB"}
INFIRMARY_MOST: dict[str, int] = {s: LOCATION_SIDES["infirmary"][s]["most"] for s in "AB"}

TIER1_KEPT: dict[int, int] = {int(k): v for k, v in _LOCS["tier1_kept"].items()}
ROUNDS: int = _LOCS["rounds"]
DISPLAY_SIZE: int = _LOCS["display_size"]
WORKER_CAPACITY: int = _LOCS["worker_capacity"]
START_MEEPLES: int = _LOCS["start_meeples"]
#: the helper figures in the box (rulebook p.8 "30 dřevěných figurek", rules §1.1)
MEEPLES_TOTAL: int = _LOCS["meeples_total"]


def _expand_cards() -> dict[int, tuple[int, tuple[str, ...]]]:
    cards: dict[int, tuple[int, tuple[str, ...]]] = {}
    for first, last, deck, halves in _CARDS["runs"]:
        for card_id in range(first, last + 1):
            cards[card_id] = (deck, tuple(halves))
    return cards


#: card id -> (deck/tier 1 or 2, characters shown on the card in location order)
CARDS: dict[int, tuple[int, tuple[str, ...]]] = _expand_cards()
DECK1: tuple[int, ...] = tuple(sorted(c for c, (tier, _) in CARDS.items() if tier == 1))
DECK2: tuple[int, ...] = tuple(sorted(c for c, (tier, _) in CARDS.items() if tier == 2))


def card_tier(card: int) -> int:
    return CARDS[card][0]


def card_characters(card: int) -> tuple[str, ...]:
    return CARDS[card][1]
