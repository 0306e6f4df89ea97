"""Tiny Epic Kingdoms data: ``data/tek_data.json`` read once at import, plus the geometry derived
from the territory grids (adjacency, edge regions, water adjacency, water/crag passages).

Nothing here is a rule decision; every number comes from the JSON file. Derived tables are
computed by the small functions below, named after the derivation they implement (§16).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

DATA: dict[str, Any] = json.loads(
    (Path(__file__).parent / "data" / "tek_data.json").read_text(encoding="utf-8")
)
C: dict[str, Any] = DATA["constants"]
ACTIONS: list[str] = list(DATA["actions"])
RESOURCES: list[str] = list(DATA["resources"])
TERRAIN: dict[str, Any] = DATA["terrain"]
TOWER: dict[int, dict[str, int]] = {t["level"]: t for t in DATA["tower"]}
MAX_TOWER: int = max(TOWER)
MAX_MAGIC: int = len(C["magic_costs"])
FACTIONS: dict[str, dict[str, Any]] = {f["id"]: f for f in DATA["factions"]}
FACTION_IDS: list[str] = [f["id"] for f in DATA["factions"]]
TOKENS: dict[str, dict[str, Any]] = {t["id"]: t for t in DATA["exploration_tokens"]}
TOKEN_IDS: list[str] = [t["id"] for t in DATA["exploration_tokens"]]
WATER: str = TERRAIN["water"]["symbol"]
CRAG: str = TERRAIN["crag"]["symbol"]
SIDE_LIST: list[dict[str, Any]] = DATA["territory_sides"]
SIDES: dict[str, dict[str, Any]] = {s["id"]: s for s in SIDE_LIST}
CARDS: list[int] = sorted({s["card"] for s in SIDE_LIST})

# (level, hook) pairs per faction, in data order.
FACTION_HOOKS: dict[str, list[tuple[int, dict[str, Any]]]] = {
    fid: [(lv["level"], h) for lv in f["levels"] for h in lv["hooks"]]
    for fid, f in FACTIONS.items()
}


def cell_symbol(side: str, cell: int) -> str:
    return str(SIDES[side]["grid"][cell // 3][cell % 3])


def neighbours(cell: int) -> list[int]:
    """Orthogonal neighbours of a 3x3 cell."""
    r, c = divmod(cell, 3)
    out = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        rr, cc = r + dr, c + dc
        if 0 <= rr < 3 and 0 <= cc < 3:
            out.append(rr * 3 + cc)
    return out


def river_edges(side: str) -> set[frozenset[int]]:
    return {frozenset(pair) for pair in SIDES[side]["rivers"]}


def region_cells(side: str) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for cell in range(9):
        sym = cell_symbol(side, cell)
        if sym.isalpha():
            out.setdefault(f"{side}-{sym}", []).append(cell)
    return out


def region_of_cell(side: str, cell: int) -> str | None:
    sym = cell_symbol(side, cell)
    return f"{side}-{sym}" if sym.isalpha() else None


def standard_adjacency(side: str) -> dict[str, set[str]]:
    """Two regions are adjacent when they share a cell edge that is not a river edge."""
    rivers = river_edges(side)
    adj: dict[str, set[str]] = {r: set() for r in region_cells(side)}
    for cell in range(9):
        a = region_of_cell(side, cell)
        if a is None:
            continue
        for n in neighbours(cell):
            b = region_of_cell(side, n)
            if b is not None and b != a and frozenset((cell, n)) not in rivers:
                adj[a].add(b)
    return adj


def passage_adjacency(side: str, symbol: str, rivers_block: bool) -> dict[str, set[str]]:
    """Adjacency through orthogonal paths whose intermediate cells are all ``symbol`` cells
    (zero intermediate cells = plain adjacency). Rivers block only when ``rivers_block``."""
    rivers = river_edges(side) if rivers_block else set()
    adj: dict[str, set[str]] = {r: set() for r in region_cells(side)}
    for start in range(9):
        a = region_of_cell(side, start)
        if a is None:
            continue
        seen = {start}
        frontier = [start]
        while frontier:
            cur = frontier.pop()
            for n in neighbours(cur):
                if n in seen or frozenset((cur, n)) in rivers:
                    continue
                seen.add(n)
                sym = cell_symbol(side, n)
                if sym == symbol:
                    frontier.append(n)
                elif sym.isalpha():
                    b = f"{side}-{sym}"
                    if b != a:
                        adj[a].add(b)
    return adj


def is_edge_region(cells: list[int]) -> bool:
    return any(c != 4 for c in cells)


def is_water_adjacent(side: str, cells: list[int]) -> bool:
    """A cell shares an edge with a water cell or lies on a river edge."""
    rivers = river_edges(side)
    for cell in cells:
        if any(cell_symbol(side, n) == WATER for n in neighbours(cell)):
            return True
        if any(cell in edge for edge in rivers):
            return True
    return False


def _build_regions() -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for s in SIDE_LIST:
        side = s["id"]
        std = standard_adjacency(side)
        water = passage_adjacency(side, WATER, rivers_block=False)
        crag = passage_adjacency(side, CRAG, rivers_block=True)
        for rid, cells in region_cells(side).items():
            letter = rid.split("-")[1]
            out[rid] = {
                "id": rid,
                "side": side,
                "card": s["card"],
                "letter": letter,
                "type": s["regions"][letter],
                "cells": cells,
                "edge": is_edge_region(cells),
                "water_adjacent": is_water_adjacent(side, cells),
                "adjacent": sorted(std[rid]),
                "water_passage": sorted(water[rid]),
                "crag_passage": sorted(crag[rid]),
            }
    return out


REGIONS: dict[str, dict[str, Any]] = _build_regions()
SIDE_REGIONS: dict[str, list[str]] = {
    s["id"]: sorted(r for r in REGIONS if REGIONS[r]["side"] == s["id"]) for s in SIDE_LIST
}
CARD_SIDES: dict[int, list[str]] = {
    k: [s["id"] for s in SIDE_LIST if s["card"] == k] for k in CARDS
}


def token_pool() -> list[str]:
    """All exploration tokens, one entry per physical token, in data order."""
    return [t["id"] for t in DATA["exploration_tokens"] for _ in range(t["count"])]
