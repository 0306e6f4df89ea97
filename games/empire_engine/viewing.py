"""``show(state, viewer)`` (docs/rules/empire_engine.md §10): what one viewer may see, as
``views.EmpireFields``; and the envelope's step (§12)."""

from __future__ import annotations

from typing import Any, cast

from games.base import GameBase, Step, clone
from games.empire_engine import data as D
from games.empire_engine import planning as PL
from games.empire_engine.scoring import final_results
from games.empire_engine.table import (
    aim,
    block_reward,
    neighbours,
    partner,
    player_order,
    team_index,
    theft_quantity,
    top,
    turned,
)
from games.empire_engine.views import (
    DeclaredAttack,
    EmpireFields,
    PlacingView,
    SeatView,
    YouView,
)

State = dict[str, Any]
PLANNING = ("orient", "plan")
SECRET_STEPS = ("orient", "plan", "salvage")


def chosen(s: State, p: str) -> bool:
    """Done for this step: both cards laid (planning) or the salvage picked."""
    if s["step"] in PLANNING:
        return PL.done_planning(s, p)
    return p in s["picks"]


def seat_view(s: State, i: int, p: str, viewer: str | None, mate: str | None) -> SeatView:
    """One player's public seat; the score pile by type only where §10.1 allows it."""
    sees = s["step"] == "over" or s["options"]["open_scores"] or p in (viewer, mate)
    return {
        "player": p,
        "seat": i,
        "top_L": top(s, p, "L"),
        "top_R": top(s, p, "R"),
        "ready": cast(Any, dict(s["ready"][p])),
        "score_total": sum(s["score"][p].values()),
        "score": cast(Any, dict(s["score"][p])) if sees else None,
        "empire": s["empires"][p] if s["empires"] else None,
        "team": team_index(s, p),
        "chosen": chosen(s, p) if s["step"] in SECRET_STEPS else None,
        "attacked": p in s["attacked"],
        "placed": clone(s["placed"].get(p, [])) if s["step"] in PLANNING else [],
        "neighbours": cast(Any, neighbours(s, p)),
        "aims": cast(Any, {c: aim(s, p, c) for c in D.CARDS}),
        "block_reward": block_reward(s, p),
    }


def placing_view(s: State) -> PlacingView | None:
    """Who lays a card now and what they decide (public: the order of play is public)."""
    if s["step"] not in PLANNING or not s["placing"]:
        return None
    p, slot = s["placing"][0]
    part, card = PL.part(s)
    return cast(PlacingView, {"player": p, "slot": slot, "part": part, "card": card})


def you_view(game: GameBase, s: State, viewer: str, mate: str | None) -> YouView:
    """The viewer's own pending choices, legal-move count and piles (and the partner's)."""
    step = s["step"]
    pending: dict[str, Any] | None = None
    if step in PLANNING:
        pending = PL.pending(s, viewer)
    elif step == "salvage":
        pending = clone(s["picks"].get(viewer))
    you: YouView = {
        "player": viewer,
        "pending": pending,
        "legal_moves": len(game.legal_moves(s, viewer)),
        "partner": mate,
        "partner_score": cast(Any, dict(s["score"][mate])) if mate else None,
        "score": cast(Any, dict(s["score"][viewer])),
    }
    if step == "plan":
        you["rotations"] = {
            c: [D.ENGINE_ORDER[c][turned(s["top"][viewer][c], k)] for k in range(4)]
            for c in D.CARDS
        }
        you["paid_turns"] = sorted(D.ALTERNATE_TURNS)
        second = PL.second_gear(s, viewer)
        if second is not None:
            you["second_gear"] = cast(Any, second)
    return you


def build_view(game: GameBase, s: State, viewer: str | None) -> EmpireFields:
    """§10.2: the game's own fields (see ``views.EmpireFields`` for every field)."""
    over = s["step"] == "over"
    secret_step = s["step"] in SECRET_STEPS
    viewer_in = viewer if viewer in s["players"] else None
    mate = partner(s, viewer_in) if viewer_in else None
    seats = [seat_view(s, i, p, viewer_in, mate) for i, p in enumerate(s["players"])]
    participants = player_order(s) if s["step"] in PLANNING else list(s["participants"])
    return {
        "game": game.id,
        "viewer": viewer_in,
        "seat_order": list(s["players"]),
        "players": {seat["player"]: cast(SeatView, dict(seat)) for seat in seats},
        "round": min(s["round"], s["rounds"]),
        "rounds": s["rounds"],
        "start_player": s["players"][s["start"]],
        "player_order": player_order(s),
        "step": s["step"],
        "actors": game.actors(s),
        "chosen": {p: chosen(s, p) for p in s["players"]} if secret_step else None,
        "participants": participants if secret_step else [],
        "teams": clone(s["teams"]),
        "options": dict(s["options"]),
        "seats": seats,
        "placing": placing_view(s),
        "attacks": clone(s["attacks"]),
        "attack_queue": [
            cast(DeclaredAttack, {k: a[k] for k in ("attacker", "card", "target", "stage")})
            for a in s["attack_queue"]
        ],
        "current": clone(s["current"]),
        "theft_quantity": theft_quantity(len(s["players"])),
        "you": you_view(game, s, viewer_in, mate) if viewer_in is not None else None,
        "results": final_results(s) if over else None,
    }


def step_of(s: State) -> Step:
    """§12: the envelope's step: the rules file's name of the step and its public parameters
    (who lays which card, the attack being blocked or paid off, who exports)."""
    name = s["step"]
    if name == "over":
        return {"id": "over", "params": {"rounds": s["rounds"]}}
    params: dict[str, Any] = {"round": s["round"]}
    if name in PLANNING and s["placing"]:
        placing = placing_view(s)
        assert placing is not None
        params.update(placing)
    elif name in ("block", "steal"):
        params.update(clone(s["current"]))
    elif name == "joint_export":
        params["player"] = s["joint_exporters"][0]
    return {"id": name, "params": params}
