"""Majesty's own view fields (docs/rules/majesty.md §9), of the declared shape
``views.MajestyFields``: ``Majesty.show``; ``GameBase.view`` adds the envelope.

Nothing is secret between players, so every viewer sees the spectator's view plus ``viewer``.
The draw deck shows only its size and the back colour (tier) of its top card; the deck order,
the deck-1 cards returned to the box and the seed never appear. The events of the latest move
are not in the state (the envelope's ``last``, filled by the host, has them).
"""

from __future__ import annotations

from typing import Any, cast

from games.base import Step, clone
from games.majesty.engine import (
    State,
    active_player,
    breakdowns,
    current_round,
    exchange_amounts,
    majority_awards,
    side_of,
    supply,
)
from games.majesty.tables import (
    CHARACTER_AT,
    CHARACTERS,
    HOME,
    INFIRMARY_MOST,
    LOCATIONS,
    MAJORITY,
    REALM_LOCATIONS,
    ROUNDS,
    card_characters,
    card_tier,
)
from games.majesty.views import (
    CardView,
    DisplaySlotView,
    FinalRow,
    MajestyFields,
    MajorityView,
    OptionsView,
    PendingView,
    RealmView,
)


def card_view(card: int) -> CardView:
    return {"id": card, "tier": card_tier(card), "characters": list(card_characters(card))}


def pending_view(s: State) -> PendingView | None:
    """The open choice of the active player: a split card's half, a heal's half, 7B."""
    pending = s["pending"]
    if pending is None:
        return None
    if pending["kind"] == "castle_exchange":
        realm = s["realms"][active_player(s)]
        return {
            "kind": "castle_exchange",
            "held": realm["meeples"],
            "amounts": exchange_amounts(s, active_player(s) or ""),
        }
    return {"kind": pending["kind"], "card": card_view(pending["card"])}


def realm_view(realm: dict[str, Any]) -> RealmView:
    return {
        "points": realm["points"],
        "meeples": realm["meeples"],
        "taken": realm["taken"],
        "locations": {
            loc: [
                {"id": e["id"], "characters": list(card_characters(e["id"])), "as": e["as"]}
                for e in realm["locations"][loc]
            ]
            for loc in REALM_LOCATIONS
        },
        "counts": {loc: len(realm["locations"][loc]) for loc in REALM_LOCATIONS},
        "infirmary": [
            {"id": c, "characters": list(card_characters(c))} for c in realm["infirmary"]
        ],
    }


def majority_view(s: State) -> dict[str, MajorityView]:
    """The live majority preview of locations 1-7, and of the Infirmary on side B (§6.2)."""
    out: dict[str, MajorityView] = {}
    awards = {a["location"]: a for a in majority_awards(s)}
    values = {loc: MAJORITY[side_of(s, loc)][i] for i, loc in enumerate(REALM_LOCATIONS)}
    if INFIRMARY_MOST[side_of(s, "infirmary")]:
        values["infirmary"] = INFIRMARY_MOST[side_of(s, "infirmary")]
    for location, value in values.items():
        a = awards.get(location)
        out[location] = {
            "value": value,
            "leaders": list(a["players"]) if a else [],
            "count": a["count"] if a else 0,
        }
    return out


def display_view(s: State) -> list[DisplaySlotView]:
    return [
        {"index": i, "cost": i, "card": card_view(d["card"]), "meeples": d["meeples"]}
        for i, d in enumerate(s["display"])
    ]


def final_view(s: State) -> list[FinalRow] | None:
    if s["step"] != "over" or s["final"] is None:
        return None
    return cast(list[FinalRow], clone(s["final"]))


def step_of(s: State) -> Step:
    """The envelope's step (rules §9, "Envelope"): the step of §3.3 and its public parameters:
    ``take`` the round; ``place`` / ``heal_place`` the card waiting for its half (id and
    characters); ``castle_exchange`` the meeples held and the amounts; ``over`` none."""
    step, pending = str(s["step"]), s["pending"]
    params: dict[str, Any] = {}
    if step == "take":
        params = {"round": current_round(s)}
    elif step in ("place", "heal_place"):
        params = {"card": pending["card"], "characters": list(card_characters(pending["card"]))}
    elif step == "castle_exchange":
        realm = s["realms"][active_player(s)]
        amounts = exchange_amounts(s, active_player(s) or "")
        params = {"held": realm["meeples"], "amounts": amounts}
    return {"id": step, "params": params}


def show(s: State, viewer: str | None) -> MajestyFields:
    n = len(s["order"])
    parts = breakdowns(s)
    return {
        "game": "majesty",
        "viewer": viewer,
        "players": list(s["players"]),
        "order": list(s["order"]),
        "options": cast(OptionsView, dict(s["options"])),
        "round": current_round(s),
        "rounds": ROUNDS,
        "turn": min(s["t"] + 1, ROUNDS * n),
        "active": active_player(s),
        "step": s["step"],
        "pending": pending_view(s),
        "display": display_view(s),
        "deck_count": len(s["deck"]),
        "supply": None if s["options"]["unbounded_meeples"] else supply(s),
        "deck_top_tier": card_tier(s["deck"][0]) if s["deck"] else None,
        "realms": {p: realm_view(s["realms"][p]) for p in s["players"]},
        "majority": majority_view(s),
        "projection": {p: parts[p]["total"] for p in s["players"]},
        "final": final_view(s),
        "sides": {loc: side_of(s, loc) for loc in LOCATIONS},
        "characters": list(CHARACTERS),
        "locations": list(LOCATIONS),
        "home": dict(HOME),
        "character_at": dict(CHARACTER_AT),
    }
