"""Edition data of King of the Elves, read once from ``data/tables.json`` (rules §2).

Every number of the rules file's §2 lives in that one JSON table, so printed values can replace
ours without a code change. This module only turns it into typed, read-only Python values.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

_TABLES = Path(__file__).parent / "data" / "tables.json"
_RAW: dict[str, Any] = json.loads(_TABLES.read_text("utf-8"))

#: terrain key -> {"value", "cards", "obstacle", "cost": {transport: n}}, in data-table order
TERRAINS: dict[str, dict[str, Any]] = _RAW["terrains"]
#: transport key -> number of cards in the deck, in data-table order
TRANSPORTS: dict[str, int] = _RAW["transports"]
#: action key -> {"cards", "phase", "placed"}, in data-table order
ACTIONS: dict[str, dict[str, Any]] = _RAW["actions"]
_C: dict[str, Any] = _RAW["constants"]

VILLAGE_KINDS: tuple[str, ...] = tuple(TERRAINS)
TRAVEL_KINDS: tuple[str, ...] = tuple(TRANSPORTS)
ACTION_KINDS: tuple[str, ...] = tuple(ACTIONS)
#: every card kind in canonical (data-table) order
KINDS: tuple[str, ...] = VILLAGE_KINDS + TRAVEL_KINDS + ACTION_KINDS
KIND_ORDER: dict[str, int] = {k: i for i, k in enumerate(KINDS)}
#: action cards placed at a village in planning (Gold, Thief, obstacles)
SPECIAL_KINDS: tuple[str, ...] = tuple(k for k, a in ACTIONS.items() if a["placed"])
OBSTACLE_KINDS: tuple[str, ...] = tuple(
    sorted({t["obstacle"] for t in TERRAINS.values()}, key=KIND_ORDER.__getitem__)
)

#: COST[transport][terrain] = cards needed; absent = cannot enter
COST: dict[str, dict[str, int]] = {
    x: {t: row["cost"][x] for t, row in TERRAINS.items() if x in row["cost"]} for x in TRANSPORTS
}
VALUE: dict[str, int] = {t: row["value"] for t, row in TERRAINS.items()}
#: how many cards of each kind the deck holds
DECK_COUNTS: dict[str, int] = {
    **{t: row["cards"] for t, row in TERRAINS.items()},
    **TRANSPORTS,
    **{a: row["cards"] for a, row in ACTIONS.items()},
}

START_GOLD: int = _C["START_GOLD"]
TOKENS: int = _C["TOKENS"]
DEAL_FIRST: int = _C["DEAL_FIRST"]
DEAL_LATER: int = _C["DEAL_LATER"]
ROUNDS: dict[int, int] = {int(k): v for k, v in _C["ROUNDS"].items()}
CAPACITY: int = _C["CAPACITY"]
CAPACITY_2P: int = _C["CAPACITY_2P"]
BUY_COST: tuple[int, ...] = tuple(_C["BUY_COST"])
REMOVE_BASE: int = _C["REMOVE_BASE"]
REMOVE_PER_ACTION: int = _C["REMOVE_PER_ACTION"]
THIEF_FEE: int = _C["THIEF_FEE"]
BONUS_ALL: int = _C["BONUS_ALL"]
TELEPORT_GOLD: int = _C["TELEPORT_GOLD"]
TELEPORT_CARDS: int = _C["TELEPORT_CARDS"]
COINS: tuple[int, ...] = tuple(_C["COINS"])
#: the bank's 65 coins by value [data: the rulebook gives 65 coins of 1, 5 and 10, not the split]
BANK_COINS: dict[int, int] = {int(k): v for k, v in _C["BANK_COINS"].items()}
#: what the bank's coins are worth together (325 gold)
BANK_GOLD: int = sum(value * n for value, n in BANK_COINS.items())
