"""The state's keys and its cheap copy for ``play`` (copy-on-write by structure); the rules
are in docs/rules/empire_engine.md."""

from __future__ import annotations

from typing import Any

State = dict[str, Any]

STATE_KEYS = frozenset(
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
        "salvaged",
        "placing",
        "placed",
        "picks",
        "participants",
        "attack_queue",
        "attacks",
        "attacked",
        "blocks",
        "thefts",
        "joint_exporters",
        "current",
        "turn",
    }
)


def next_state(s: State) -> State:
    """A copy of ``s`` that ``play`` may change freely without touching ``s``.

    What rules change in place is copied; what they never change after setup (``players``,
    ``options``, ``teams``, ``empires``) and what they only replace (per-player placements,
    picks and salvage lists, queue entries, ``current``) is shared.
    """
    c = dict(s)
    for key in ("top", "ready", "score"):
        c[key] = {p: dict(v) for p, v in s[key].items()}
    for key in ("salvaged", "placed", "picks", "blocks"):
        c[key] = dict(s[key])
    for key in ("placing", "participants", "attack_queue", "attacked", "thefts", "joint_exporters"):
        c[key] = list(s[key])
    c["attacks"] = [dict(a) for a in s["attacks"]]
    return c


def planning_copy(s: State) -> State:
    """A lighter copy for a planning move: it replaces a placer's ready pile, placements and
    picks and shortens the queue, and changes nothing else (the reveal takes a full copy)."""
    c = dict(s)
    c["ready"] = dict(s["ready"])
    c["placed"] = dict(s["placed"])
    c["picks"] = dict(s["picks"])
    return c
