"""Move vocabulary (docs/rules/empire_engine.md §12): each move type's keys and JSON value types."""

from __future__ import annotations

from typing import Any

_INT = "int"
_STR = "str"
_STR_OR_NONE = "str|None"
_STR_LIST = "list[str]"

#: type -> {key: kind of value}. A dict of another shape is "malformed".
MOVE_SHAPES: dict[str, dict[str, str]] = {
    "lay": {"card": _STR},
    "orient": {"card": _STR, "action": _STR},
    "place": {"card": _STR, "pay": _STR_OR_NONE},
    "gear": {"card": _STR, "gear": _INT, "turns": _INT, "action": _STR},
    "block": {"attacker": _STR, "target": _STR, "pay": _STR_OR_NONE},
    "no_block": {},
    "steal": {"target": _STR, "soldier": _INT, "good": _INT},
    "joint_export": {},
    "no_joint_export": {},
    "salvage": {"take": _STR_LIST},
}

#: §10.1: what is face down until the reveal (orient, gear) or picked at once (salvage).
SECRET_TYPES: frozenset[str] = frozenset({"orient", "gear", "salvage"})


def _fits(value: Any, kind: str) -> bool:
    if kind == _INT:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == _STR:
        return isinstance(value, str)
    if kind == _STR_OR_NONE:
        return value is None or isinstance(value, str)
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def well_formed(move: Any) -> bool:
    """True when ``move`` has the shape of some move type (keys and JSON value types)."""
    if not isinstance(move, dict):
        return False
    kind = move.get("type")
    shape = MOVE_SHAPES.get(kind) if isinstance(kind, str) else None
    if shape is None or set(move) != {"type", *shape}:
        return False
    return all(_fits(move[k], v) for k, v in shape.items())
