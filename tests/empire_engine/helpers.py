"""Small builders for Empire Engine scenario tests: states set up directly, as the examples need."""

from __future__ import annotations

from typing import Any

from games.empire_engine import GAME
from games.empire_engine import data as D
from games.empire_engine.engine import start_plan

State = dict[str, Any]


def R(soldier: int, good: int) -> dict[str, int]:
    """A ready pile."""
    return {"soldier": soldier, "good": good}


def SC(soldier: int = 0, good: int = 0, invention: int = 0) -> dict[str, int]:
    """A score pile."""
    return {"soldier": soldier, "good": good, "invention": invention}


def build(players: list[str], *, start: str, ready: dict[str, dict[str, int]] | None = None,
          options: dict[str, Any] | None = None, empires: dict[str, str] | None = None,
          tops: dict[str, tuple[str, str]] | None = None, round_: int = 1) -> State:
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
        if not s["options"]["empire_powers"]:
            s["options"]["empire_powers"] = True
    if tops:
        for p, (left, right) in tops.items():
            s["top"][p] = {"L": D.ENGINE_ORDER["L"].index(left),
                           "R": D.ENGINE_ORDER["R"].index(right)}
    s["round"] = round_
    start_plan(s)
    return s


def execute(players: list[str], tops: dict[str, tuple[str, str]], **kw: Any
            ) -> tuple[State, list[dict[str, Any]]]:
    """Round 1: everyone orients to ``tops``; returns the state and all events after the reveal."""
    s = build(players, **kw)
    events: list[dict[str, Any]] = []
    for p in players:
        left, right = tops[p]
        s, ev = GAME.apply(s, p, {"type": "orient", "L": left, "R": right})
        events.extend(ev)
    return s, events


def play(s: State, player: str, move: dict[str, Any],
         events: list[dict[str, Any]] | None = None) -> State:
    s2, ev = GAME.apply(s, player, move)
    if events is not None:
        events.extend(ev)
    return s2


def of_type(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind]
