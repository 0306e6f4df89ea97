"""Build Majesty states directly for scenario tests (docs/rules/majesty.md §11 examples)."""

from __future__ import annotations

from typing import Any

from games.majesty import GAME, engine
from games.majesty.tables import CARDS, CHARACTER_AT, HOME, REALM_LOCATIONS


def ids_of(character: str, n: int, start: int = 0) -> list[int]:
    """``n`` ids of single cards showing only ``character`` (cycling if the deck has fewer)."""
    pool = [c for c, (_, halves) in sorted(CARDS.items()) if halves == (character,)]
    return [pool[(start + i) % len(pool)] for i in range(n)]


def realm_from_counts(counts: dict[str, int]) -> dict[str, list[int]]:
    """A realm spec with ``counts[location]`` cards at each location 1-7 (ids are arbitrary)."""
    return {loc: ids_of(CHARACTER_AT[loc], n) for loc, n in counts.items() if loc in HOME.values()}


def build(
    players: list[str],
    *,
    sides: str = "A",
    realms: dict[str, dict[str, Any]] | None = None,
    display: list[Any] | None = None,
    active: str | None = None,
    order: list[str] | None = None,
    deck: list[int] | None = None,
    mixed_deck: bool = False,
    tiebreak_meeples: bool = False,
    round_: int = 1,
) -> dict[str, Any]:
    """A state in step ``take`` for ``active``.

    ``realms[p]`` may hold ``points``, ``meeples`` (held), ``taken``, ``infirmary`` (ids,
    bottom -> top) and location keys with lists of card ids in placement order (a split card
    counts as the character of the location it lies at). ``display`` lists card ids or
    ``(id, meeples)`` pairs, front (index 0) first.
    """
    state = GAME.setup(
        list(players),
        {"sides": sides, "mixed_deck": mixed_deck, "tiebreak_meeples": tiebreak_meeples},
        0,
    )
    order = list(order or players)
    active = active or order[0]
    state["order"] = order
    state["t"] = (round_ - 1) * len(order) + order.index(active)
    for p in players:
        spec = (realms or {}).get(p, {})
        realm = engine.empty_realm()
        realm["points"] = spec.get("points", 0)
        realm["meeples"] = spec.get("meeples", 5)
        realm["infirmary"] = list(spec.get("infirmary", []))
        for loc in REALM_LOCATIONS:
            realm["locations"][loc] = [
                {"id": c, "as": CHARACTER_AT[loc]} for c in spec.get(loc, [])
            ]
        placed = sum(len(v) for v in realm["locations"].values()) + len(realm["infirmary"])
        realm["taken"] = spec.get("taken", placed)
        state["realms"][p] = realm
    if display is not None:
        state["display"] = [
            {"card": d[0], "meeples": d[1]} if isinstance(d, tuple) else {"card": d, "meeples": 0}
            for d in display
        ]
    used = {d["card"] for d in state["display"]}
    for r in state["realms"].values():
        used |= {e["id"] for v in r["locations"].values() for e in v} | set(r["infirmary"])
    state["deck"] = list(deck) if deck is not None else [c for c in sorted(CARDS) if c not in used]
    return state


def filler(n: int) -> list[int]:
    """``n`` display cards nobody in the example cares about (Nobles from deck 2, then others)."""
    return [c for c in (45, 46, 42, 43, 44, 34, 35, 36)][:n]


def gains(events: list[dict[str, Any]]) -> list[tuple[str, int, int]]:
    return [(e["player"], e["points"], e["meeples"]) for e in events if e["type"] == "gain"]


def types(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]
