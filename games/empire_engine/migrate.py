"""Loading a state saved by v0.1 of this engine (simultaneous planning, ``empire_powers``).

A game saved while planning restarts that round's planning in the rulebook's order (§6): v0.1
took alternate payments only at the reveal, so dropping the pending picks refunds nothing and
loses no resource. A game saved at Salvage or after the end goes on as it was. A game saved in
the middle of group 2 cannot be carried over (v0.1 had paid every attack already) and is
refused.
"""

from __future__ import annotations

from typing import Any

from games.empire_engine.planning import start_planning

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


def from_v01(data: State) -> State:
    """The v0.1 state ``data`` as a state of this engine, or ``ValueError``."""
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
