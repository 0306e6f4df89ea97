"""Tiny Epic Kingdoms' public vocabulary, declared once for the engine, the presenter and the
renderer: the names of actions, resources, terrain, factions, tokens and territory sides, which
resource each action costs, the terrain colours, and the small public derivations a label
needs (a faction's war values and Trade bonus at a magic level). Every value comes from
``data/tek_data.json`` (rules §1, §8, §16, §17, §18) except the colours, which are how this
edition draws the terrain. Nothing here is a rule decision.
"""

from __future__ import annotations

from typing import Any, Final

from games.tek.data import (
    ACTIONS,
    FACTION_HOOKS,
    FACTIONS,
    REGIONS,
    RESOURCES,
    SIDES,
    TERRAIN,
    TOKENS,
    C,
)

__all__ = [
    "ACTIONS",
    "ACTION_COST_RESOURCE",
    "BEGINNER_SPLIT",
    "FACTIONS",
    "FACTION_NAMES",
    "REGIONS",
    "RESOURCES",
    "SIDES",
    "SIDE_NAMES",
    "STARTING_RESOURCES",
    "TERRAIN_COLOURS",
    "TERRAIN_TYPES",
    "TOKENS",
    "TOKEN_NAMES",
    "faction_name",
    "trade_bonus",
    "war_values",
]

Colour = tuple[int, int, int]

#: which resource pays each action that has a cost (rules §6.3-§6.5)
ACTION_COST_RESOURCE: Final[dict[str, str]] = {"build": "ore", "research": "mana", "expand": "food"}
#: the six starting resources and the beginners' split (rules §4 S2)
STARTING_RESOURCES: Final[int] = int(C["starting_resources"])
BEGINNER_SPLIT: Final[dict[str, int]] = {r: int(C["beginner_split"][r]) for r in RESOURCES}
#: terrain ids of the grids, occupiable types first (rules §8, §16)
TERRAIN_TYPES: Final[tuple[str, ...]] = tuple(TERRAIN)
#: how the terrain is drawn (this edition's palette)
TERRAIN_COLOURS: Final[dict[str, Colour]] = {
    "forest": (86, 150, 80),
    "mountain": (150, 134, 118),
    "plains": (232, 208, 120),
    "capital": (196, 120, 140),
    "ruins": (120, 110, 130),
    "water": (96, 160, 220),
    "crag": (72, 68, 64),
}
FACTION_NAMES: Final[dict[str, str]] = {fid: str(f["name"]) for fid, f in FACTIONS.items()}
TOKEN_NAMES: Final[dict[str, str]] = {tid: str(t["name"]) for tid, t in TOKENS.items()}
SIDE_NAMES: Final[dict[str, str]] = {sid: str(s["name"]) for sid, s in SIDES.items()}


def faction_name(fid: Any) -> str:
    """The English name of a faction id, or the id itself when unknown."""
    return FACTION_NAMES.get(str(fid), str(fid))


def _active_hooks(faction: str | None, magic: int, name: str) -> list[dict[str, Any]]:
    return [h for lv, h in FACTION_HOOKS.get(str(faction), []) if lv <= magic and h["hook"] == name]


def war_values(faction: str | None, magic: int) -> dict[str, int]:
    """Each resource's worth in a war for that faction at that magic level (rules §10.2)."""
    values = {r: int(v) for r, v in C["war_values"].items()}
    for h in _active_hooks(faction, magic, "war_value"):
        values[h["resource"]] = int(h["value"])
    return values


def trade_bonus(faction: str | None, magic: int) -> int:
    """How many more units a Trade gives that faction at that magic level (rules §6.6)."""
    return sum(int(h["amount"]) for h in _active_hooks(faction, magic, "trade_bonus"))
