"""Old saves (docs/rules/empire_engine.md §16): the numbered migrations ``load`` runs.

``dump`` writes ``{"schema": N, ...}``; data without the key is schema 0, written before
contract v2, in one of three shapes that the keys tell apart (which is all migration 1 looks
at):

* v0.1 of this engine (simultaneous planning, ``empire_powers``, ``defenders``): a game saved
  while planning restarts that round's planning in the rulebook's order (§6): v0.1 took
  alternate payments only at the reveal, so dropping the pending picks refunds nothing and
  loses no resource. A game saved at Salvage or after the end goes on as it was. A game saved
  in the middle of group 2 cannot be carried over (v0.1 had paid every attack already) and is
  refused.
* before the view carried the last move's events (issue 13): ``last_events`` is added, empty;
* the last shape before contract v2, with ``last_events``.

Migration 2 (contract v2) drops ``last_events`` (the host words the latest change from its
move log now) and adds ``turn``, the envelope's turn counter, which an old state does not
record: it gets a lower bound, the planning turns of every round played (each round's planning
ends ``2n - 1`` turns, §16) and those of the current round so far; the decisions of group 2
and 3 in earlier rounds are not in the state and are not counted. The counter only ever grows
from there, so nothing a table has seen goes back.

Migration 3 adds the house-rule options of issue 30 (§18), off, to a game saved before them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.empire_engine import data as D
from games.empire_engine.planning import start_planning
from games.empire_engine.table import player_order

State = dict[str, Any]

V01_KEYS = frozenset(
    {
        "players",
        "options",
        "rounds",
        "round",
        "start",
        "step",
        "phase",
        "teams",
        "empires",
        "top",
        "ready",
        "score",
        "picks",
        "participants",
        "attacks",
        "attacked",
        "blocks",
        "defenders",
        "thefts",
        "current",
    }
)

#: schema 1: the state as the engine kept it before contract v2 (with ``last_events``)
V1_KEYS = (V01_KEYS - {"defenders"}) | {
    "salvaged",
    "placing",
    "placed",
    "attack_queue",
    "joint_exporters",
    "last_events",
}
#: a snapshot saved before the view carried the last move's events (issue 13 item 4)
PRE_LAST_EVENTS_KEYS = V1_KEYS - {"last_events"}


def from_v01(data: State) -> State:
    """The v0.1 state ``data`` as a schema-1 state, or ``ValueError``."""
    if data.get("step") in ("block", "steal"):
        raise ValueError("an empire_engine v0.1 game saved during attacks cannot be carried over")
    s = {k: v for k, v in data.items() if k != "defenders"}
    options = dict(s["options"])
    options["house_powers"] = options.pop("empire_powers", False)
    s["options"] = options
    s.update(
        salvaged={p: [] for p in s["players"]},
        placing=[],
        placed={},
        attack_queue=[],
        joint_exporters=[],
        last_events=[],
    )
    if s["step"] in ("orient", "plan"):
        s["phase"] = "plan"
        start_planning(s)
    return s


def to_v1(data: State) -> State:
    """Migration 1 (schema 0 -> 1): the key sniffing of the saves written before schema numbers."""
    keys = set(data)
    if keys == V01_KEYS:
        return from_v01(data)
    if keys == PRE_LAST_EVENTS_KEYS:
        return {**data, "last_events": []}
    if keys == V1_KEYS:
        return data
    raise ValueError("not an empire_engine state")


def planning_turns(s: State) -> int:
    """The turns that ended in the current round's planning so far: one at each change of
    placer, and the reveal (§16)."""
    order = player_order(s)
    seq = order + order[::-1]
    done = len(seq) - len(s["placing"])
    return sum(1 for i in range(done) if i == len(seq) - 1 or seq[i] != seq[i + 1])


def estimated_turns(s: State) -> int:
    """§16: a lower bound of the turns a schema-1 state has seen (see the module docstring)."""
    per_round = 2 * len(s["players"]) - 1
    if s["step"] == "over":
        return int(s["rounds"]) * per_round
    now = planning_turns(s) if s["step"] in ("orient", "plan") else per_round
    return (int(s["round"]) - 1) * per_round + now


def to_v2(data: State) -> State:
    """Migration 2 (schema 1 -> 2, contract v2): no ``last_events``; the turn counter."""
    s = {k: v for k, v in data.items() if k != "last_events"}
    s["turn"] = estimated_turns(s)
    return s


def to_v3(data: State) -> State:
    """Migration 3 (schema 2 -> 3, issue 30): the two house-rule options (§18) a game started
    before them did not have, off: the readings it was played by."""
    return {**data, "options": {**D.HOUSE_RULE_DEFAULTS, **data["options"]}}


MIGRATIONS: tuple[Callable[[State], State], ...] = (to_v1, to_v2, to_v3)
