"""Tiny Epic Kingdoms views (docs/rules/tek.md §19.3): what a viewer may see, in the declared
shape of :mod:`games.tek.views` (the game's own fields; ``GameBase.view`` adds the envelope).

Public: everything but the war dice before their reveal and the face-down tokens. The
viewer's own view adds their unrevealed die and the dice they can afford. Never shown: another
player's unrevealed die, face-down token identities, the unused token pool, the seed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from games.tek import rules as R
from games.tek.data import ACTIONS, FACTIONS, MAX_MAGIC, MAX_TOWER, REGIONS, SIDE_REGIONS, SIDES, C
from games.tek.steps import actors_of, step_name
from games.tek.tasks import State, Task, current
from games.tek.views import (
    CostsView,
    EndView,
    FactionView,
    PlayerView,
    RegionView,
    SideView,
    StepContext,
    StepName,
    StepView,
    TekShown,
    WarView,
)


def faction_view(fid: str | None) -> FactionView | None:
    if fid is None:
        return None
    f = FACTIONS[fid]
    return {
        "id": fid,
        "name": f["name"],
        "name_cs": f["name_cs"],
        "levels": [
            {"level": lv["level"], "name": lv["name"], "text": lv["text"]} for lv in f["levels"]
        ],
    }


def token_view(s: State, r: str) -> str | None:
    tok = s["tokens"].get(r)
    if tok is None:
        return None
    return str(tok["id"]) if tok["up"] else "face_down"


def region_view(s: State, r: str) -> RegionView:
    info = REGIONS[r]
    return {
        "id": r,
        "letter": info["letter"],
        "type": info["type"],
        "cells": list(info["cells"]),
        "edge": info["edge"],
        "water_adjacent": info["water_adjacent"],
        "adjacent": list(info["adjacent"]),
        "meeples": [{"owner": m[0], "searching": m[1]} for m in s["meeples"][r]],
        "token": token_view(s, r),
    }


def map_view(s: State) -> list[SideView]:
    owners = {s["pl"][p]["home"]: p for p in s["players"] if s["pl"][p]["home"]}
    return [
        {
            "side": side,
            "card": SIDES[side]["card"],
            "owner": owners.get(side, R.LOST_KINGDOM),
            "name": SIDES[side]["name"],
            "name_cs": SIDES[side]["name_cs"],
            "grid": list(SIDES[side]["grid"]),
            "rivers": [list(x) for x in SIDES[side]["rivers"]],
            "regions": [region_view(s, r) for r in SIDE_REGIONS[side]],
        }
        for side in s["sides"]
    ]


# --- the step's context, one small function per step kind -----------------------------------


def _respond(s: State, t: Task, ctx: StepContext) -> None:
    ctx["action"] = t["action"]
    ctx["active"] = t["active"]
    ctx["responders"] = [x["player"] for x in reversed(s["tasks"]) if x["kind"] == "respond"]


def _move(s: State, t: Task, ctx: StepContext) -> None:
    ctx["action"] = t["action"]
    if "from" in t:
        ctx["from"] = t["from"]


def _swap_to(s: State, t: Task, ctx: StepContext) -> None:
    ctx["from"] = t["from"]


def _start_ore(s: State, t: Task, ctx: StepContext) -> None:
    ctx["mana"] = t["mana"]


def _trade_amount(s: State, t: Task, ctx: StepContext) -> None:
    ctx["give"], ctx["get"] = t["give"], t["get"]


def _war_pay(s: State, t: Task, ctx: StepContext) -> None:
    ctx["due"] = t["due"]
    if "mana" in t:
        ctx["mana"] = t["mana"]


def _reason(s: State, t: Task, ctx: StepContext) -> None:
    ctx["reason"] = t.get("reason")


def _lose(s: State, t: Task, ctx: StepContext) -> None:
    ctx["reason"] = t.get("reason")
    ctx["amount"] = t["amount"]


def _bandits(s: State, t: Task, ctx: StepContext) -> None:
    ctx["region"] = t["region"]
    ctx["amount"] = int(R.TOKEN_RULES["bandits"]["pay"])


def _loser(s: State, t: Task, ctx: StepContext) -> None:
    ctx["loser"] = t["loser"]


def _region(s: State, t: Task, ctx: StepContext) -> None:
    ctx["region"] = t["region"]


def _convert(s: State, t: Task, ctx: StepContext) -> None:
    ctx["gained"] = list(t["gained"])


CONTEXT: dict[str, Callable[[State, Task, StepContext], None]] = {
    "respond": _respond,
    "move_from": _move,
    "move_to": _move,
    "swap_to": _swap_to,
    "start_ore": _start_ore,
    "trade_amount": _trade_amount,
    "war_pay": _war_pay,
    "choose_resource": _reason,
    "lose_resources": _lose,
    "plunder": _loser,
    "dragon": _loser,
    "loss": _region,
    "bandits": _bandits,
    "convert": _convert,
}


def war_view(war: dict[str, Any]) -> WarView:
    """The war in progress: the dice only after the reveal (§10.2, §19.3)."""
    if war["neutral"]:
        return {
            "neutral": True,
            "attacker": war["attacker"],
            "region": war["region"],
            "cost": war["cost"],
            "via": war["via"],
        }
    w: WarView = {
        "neutral": False,
        "attacker": war["attacker"],
        "defender": war["defender"],
        "region": war["region"],
        "via": war["via"],
        "allied": war["allied"],
        "has_set": {p: v is not None for p, v in war["values"].items()},
    }
    if war["revealed"]:
        w["revealed"] = dict(war["set"])
        w["values"] = dict(war["values"])
        w["boost"] = war["boost"]
        w["winner"] = war["winner"]
        w["loser"] = war["loser"]
        w["alliance"] = war["alliance"]
        w["alliance_broken"] = war["break"]
        w["dragon"] = war["dragon"]
        w["payments_due"] = (
            {p: v for p, v in war["set"].items() if v != "flag"}
            if (war["winner"] or war["alliance"])
            else {}
        )
        w["loss_pending"] = list(war["loss_pending"])
    return w


def step_context(s: State, t: Task) -> StepContext:
    ctx: StepContext = {}
    fill = CONTEXT.get(t["kind"])
    if fill is not None:
        fill(s, t, ctx)
    if s.get("war") is not None:
        ctx["war"] = war_view(s["war"])
    return ctx


def public_costs(s: State, p: str) -> CostsView:
    """What the next Build, Research, Expand and a retreat would cost ``p`` now (public)."""
    info = s["pl"][p]
    if info["faction"] is None or not info["home"]:
        return {"build": None, "research": None, "expand": None, "retreat": None}
    return {
        "build": R.build_cost(s, p) if info["tower"] < MAX_TOWER else None,
        "research": R.research_cost(s, p) if info["magic"] < MAX_MAGIC else None,
        "expand": R.expand_cost(s, p),
        "retreat": R.retreat_cost(s, p),
    }


def player_view(s: State, seat: int, p: str, stripped: dict[str, list[list[Any]]]) -> PlayerView:
    info = s["pl"][p]
    return {
        "id": p,
        "player": p,
        "seat": seat,
        "faction": faction_view(info["faction"]),
        "magic": info["magic"],
        "tower": info["tower"],
        "resources": dict(info["res"]),
        "meeples_in_play": R.meeples_in_play(s, p),
        "supply": R.supply(s, p),
        "home_side": info["home"],
        "card": info["card"],
        "crown": info["crown"],
        "captured_neutrals": info["captured"],
        "attacks_won": info["attacks_won"],
        "removed": info["removed"],
        "allies": R.allies(s, p),
        "score_now": R.score_breakdown(s, p, stripped)["total"],
        "costs": public_costs(s, p),
    }


def step_view(s: State) -> StepView:
    t = current(s)
    if s["over"] or t is None:
        return {"name": "over", "actors": actors_of(s), "context": {}}
    return {
        "name": cast(StepName, step_name(s, t)),
        "actors": actors_of(s),
        "context": step_context(s, t),
    }


def add_private(view: TekShown, s: State, viewer: str) -> None:
    """The viewer's own unrevealed die and the dice they can afford (§10.2)."""
    view["viewer"] = viewer
    war = s.get("war")
    if war and not war["neutral"] and viewer in war["values"] and not war["revealed"]:
        if war["values"][viewer] is not None:
            view["war_die"] = war["values"][viewer]
        view["war_die_options"] = R.legal_war_dice(s, viewer)


def make_view(s: State, viewer: str | None) -> TekShown:
    stripped = R._strip_ruins(s)
    view: TekShown = {
        "game": "tek",
        "options": dict(s["options"]),
        "players": [player_view(s, seat, p, stripped) for seat, p in enumerate(s["players"])],
        "first_player": s["players"][s["first"]],
        "active": s["players"][s["active"]],
        "turn": s["turn"],
        "shields": list(s["shields"]),
        "available_actions": [a for a in ACTIONS if a not in s["shields"]],
        "lost_kingdom": s["lost_kingdom"],
        "neutral_meeples": R.neutral_cost(s),
        "map": map_view(s),
        "step": step_view(s),
        "draft_pool": list(s["draft_pool"]) if s["draft_pool"] is not None else None,
        "draft_factions": [f for f in map(faction_view, s["draft_pool"] or []) if f],
        "end_triggered": cast(EndView, dict(s["end"])) if s["end"] else None,
        "over": s["over"],
        "results": s["results"] if s["over"] else None,
        "constants": {
            "shields": C["shields"],
            "resource_cap": C["resource_cap"],
            "meeples_per_player": C["meeples_per_player"],
        },
    }
    if viewer is not None:
        add_private(view, s, viewer)
    return view
