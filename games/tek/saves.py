"""Tiny Epic Kingdoms saves (docs/rules/tek.md §19.7): the numbered migrations of old dumps and
the shape check of a loaded state.

``dump`` writes ``{"schema": N, ...state}`` (``games.base.GameBase``); ``load`` runs
``MIGRATIONS[schema:]`` and then :func:`checked`. Schema 0 is every save written before engine
contract v2 (no ``schema`` key). Migration 1 (schema 0 -> 1):

* drops ``last_events`` (the view's copy of the last move's events; the envelope's ``last``,
  filled by the host from the move log, replaces it), absent before a save's first move;
* gives a save from before setup events waited for the first move (no ``pending_events``)
  an empty list, as the engine then read it;
* adds ``turns_ended``, the envelope's turn counter (§19.4), which an old save cannot know: it
  gets a lower bound, 0 during setup, else one turn per player's setup plus one per ended turn
  of §5 (``players + turn - 1``); the counter only has to grow from there.

Migration 2 (schema 1 -> 2) adds the house rules of issue 30 to ``options``, off.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.tek.tasks import State

#: the keys of a state, and of each player's record in ``pl``
STATE_KEYS = frozenset(
    {
        "players",
        "options",
        "first",
        "pl",
        "draft_pool",
        "lost_kingdom",
        "sides",
        "meeples",
        "tokens",
        "token_pool",
        "shields",
        "active",
        "turn",
        "end",
        "over",
        "war",
        "results",
        "tasks",
        "pending_events",
        "turns_ended",
    }
)
PLAYER_KEYS = frozenset(
    {
        "faction",
        "magic",
        "tower",
        "res",
        "home",
        "card",
        "crown",
        "captured",
        "attacks_won",
        "removed",
    }
)


def v1_contract_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 0 -> 1: no ``last_events``, ``pending_events`` always there, ``turns_ended``."""
    out = dict(data)
    out.pop("last_events", None)
    out.setdefault("pending_events", [])
    turn, players = out.get("turn"), out.get("players")
    if isinstance(turn, int) and turn >= 1 and isinstance(players, list):
        out.setdefault("turns_ended", len(players) + turn - 1)
    else:
        out.setdefault("turns_ended", 0)
    return out


#: the house rules of issue 30 (docs/rules/tek.md §3) and the reading a save made before them
#: was played with: each off
HOUSE_RULES = ("ruins_retreat", "fort_sortie", "ruins_each_searcher")


def v2_house_rules(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 -> 2: the options gain the house rules of issue 30, off (the rules the game
    was started with; before them the engine had no other reading)."""
    out = dict(data)
    options = out.get("options")
    if isinstance(options, dict):
        out["options"] = {**{k: False for k in HOUSE_RULES}, **options}
    return out


#: ``MIGRATIONS[i]`` takes a dump of schema ``i`` to ``i + 1``
MIGRATIONS: tuple[Callable[[dict[str, Any]], dict[str, Any]], ...] = (
    v1_contract_v2,
    v2_house_rules,
)


def _need(ok: bool, what: str) -> None:
    if not ok:
        raise ValueError(f"not a tek state: {what}")


def checked(data: dict[str, Any]) -> State:
    """``data`` as a state when it has the state's shape (``ValueError`` otherwise)."""
    _need(isinstance(data, dict), "not a dict")
    keys = set(data)
    _need(keys == STATE_KEYS, f"keys {sorted(keys ^ STATE_KEYS)} differ")
    players = data["players"]
    _need(isinstance(players, list) and all(isinstance(p, str) for p in players), "bad players")
    pl = data["pl"]
    _need(isinstance(pl, dict) and set(pl) == set(players), "pl does not match players")
    for p, info in pl.items():
        _need(isinstance(info, dict) and set(info) == PLAYER_KEYS, f"bad record of {p}")
        res = info["res"]
        _need(isinstance(res, dict) and set(res) == {"mana", "ore", "food"}, f"bad res of {p}")
    for name in ("meeples", "tokens", "options"):
        _need(isinstance(data[name], dict), f"{name} is not a dict")
    for name in ("sides", "token_pool", "shields", "tasks", "pending_events"):
        _need(isinstance(data[name], list), f"{name} is not a list")
    for name in ("first", "active", "turn", "turns_ended"):
        value = data[name]
        _need(isinstance(value, int) and not isinstance(value, bool), f"{name} is not an int")
    _need(isinstance(data["over"], bool), "over is not a bool")
    _need(data["turns_ended"] >= 0, "turns_ended < 0")
    return data
