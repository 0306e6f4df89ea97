"""Small builders for Empire Engine scenario tests: states set up directly, as the examples need."""

from __future__ import annotations

from typing import Any

from games.empire_engine import GAME
from games.empire_engine import data as D
from games.empire_engine.planning import part, start_planning

State = dict[str, Any]
Events = list[dict[str, Any]]
#: a round-2+ plan: (first engine, gear under it, its cube, the second engine's cube)
Plan = tuple[str, int, str | None, str | None]


def R(soldier: int, good: int) -> dict[str, int]:
    """A ready pile."""
    return {"soldier": soldier, "good": good}


def SC(soldier: int = 0, good: int = 0, invention: int = 0) -> dict[str, int]:
    """A score pile."""
    return {"soldier": soldier, "good": good, "invention": invention}


def build(
    players: list[str],
    *,
    start: str,
    ready: dict[str, dict[str, int]] | None = None,
    options: dict[str, Any] | None = None,
    empires: dict[str, str] | None = None,
    tops: dict[str, tuple[str, str]] | None = None,
    round_: int = 1,
) -> State:
    """A state at the start of a Plan step with the given start player, ready piles and tops.

    With ``round_ == 1`` the step is ``orient`` (tops are set by the orient moves); with a later
    round the step is ``plan`` and ``tops`` must be given.
    """
    s = GAME.setup(players, dict(options or {}), 0)
    s["start"] = players.index(start)
    for p, pile in (ready or {}).items():
        s["ready"][p] = dict(pile)
    if empires is not None:
        s["empires"] = {p: empires.get(p, "Kestrel Dominion") for p in players}
        s["options"]["house_powers"] = True
    if tops:
        for p, (left, right) in tops.items():
            s["top"][p] = {
                "L": D.ENGINE_ORDER["L"].index(left),
                "R": D.ENGINE_ORDER["R"].index(right),
            }
    s["round"] = round_
    start_planning(s)
    return s


def play(s: State, player: str, move: dict[str, Any], events: Events | None = None) -> State:
    s2, ev = GAME.apply(s, player, move)
    if events is not None:
        events.extend(ev)
    return s2


def placer(s: State) -> str:
    return str(s["placing"][0][0])


def orient_round(
    s: State, tops: dict[str, tuple[str, str]], events: Events, first: dict[str, str] | None = None
) -> State:
    """Round 1 in the rulebook's order: each player lays ``first[p]`` (default L) first."""
    while s["step"] == "orient" and s["placing"]:
        p = placer(s)
        kind, card = part(s)
        if kind == "lay":
            s = play(s, p, {"type": "lay", "card": (first or {}).get(p, "L")}, events)
        else:
            assert card is not None
            action = tops[p][D.CARDS.index(card)]
            s = play(s, p, {"type": "orient", "card": card, "action": action}, events)
    return s


def plan_move(s: State, p: str, plan: Plan) -> dict[str, Any]:
    """The move that carries out ``plan`` for ``p`` now."""
    first, gear, pay1, pay2 = plan
    kind, card = part(s)
    if kind == "gear":
        return next(m for m in GAME.legal_moves(s, p) if m["gear"] == gear)
    if card is None:
        return {"type": "place", "card": first, "pay": pay1}
    return {"type": "place", "card": card, "pay": pay2}


def plan_round(s: State, plans: dict[str, Plan], events: Events) -> State:
    """A later round's planning in the rulebook's order (default plan: gear 1 under L, free)."""
    round_ = s["round"]
    while s["step"] == "plan" and s["placing"] and s["round"] == round_:
        p = placer(s)
        s = play(s, p, plan_move(s, p, plans.get(p, ("L", 1, None, None))), events)
    return s


def execute(
    players: list[str], tops: dict[str, tuple[str, str]], **kw: Any
) -> tuple[State, Events]:
    """Round 1: everyone orients to ``tops``; returns the state and all events after the reveal."""
    s = build(players, **kw)
    events: Events = []
    s = orient_round(s, tops, events)
    return s, events


def of_type(events: Events, kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind]
