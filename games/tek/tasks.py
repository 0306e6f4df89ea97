"""Tiny Epic Kingdoms: the state's shape and its task stack (rules §19).

The flow is a stack of tasks (``state["tasks"]``, next task last): automatic tasks run at once,
input tasks are the steps of rules §19.1 and wait for their actor's move. Task dicts are never
mutated in place once pushed (``copy_state`` shares them between states).
"""

from __future__ import annotations

from typing import Any

State = dict[str, Any]
Task = dict[str, Any]
Move = dict[str, Any]
Event = dict[str, Any]


def push(s: State, *tasks: Task) -> None:
    """Schedule ``tasks`` to run next, in the given order."""
    s["tasks"].extend(reversed(tasks))


def task(kind: str, player: str | None = None, **fields: Any) -> Task:
    """A task of ``kind`` for ``player`` (automatic tasks have none) with its fields."""
    t: Task = {"kind": kind}
    if player is not None:
        t["player"] = player
    t.update(fields)
    return t


def current(s: State) -> Task | None:
    """The task that runs next, or None when the stack is empty."""
    return s["tasks"][-1] if s["tasks"] else None
