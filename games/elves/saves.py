"""Saved King of the Elves states: the numbered migrations of old saves and the strict shape
check of a loaded one (docs/rules/elves.md §11.1, "Saves").

``Elves.dump`` writes ``{"schema": 2, ...}``; ``Elves.load`` runs :data:`MIGRATIONS` from the
save's schema on (``games.base.migrate``; a save without the key is schema 0, written before
engine contract v2) and then :func:`checked`:

* **1** (schema 0 -> 1), what ``load`` used to do by sniffing keys: a save from before
  ``revealed`` existed gets it empty (nobody has shown a hand); one from before the ``ledger``
  gets ``None`` (its final view then has no breakdown: the earlier rounds' gold is not known);
  one from before ``last_events`` gets none.
* **2** (schema 1 -> 2): ``last_events`` goes (the host words the latest change from its move
  log); ``turns``, the envelope's turn counter, is added as the fewest turns the state allows
  (:func:`fewest_turns`: the exact count is only in the move log).
* **3** (schema 2 -> 3): the options ``teleport_anywhere`` and ``unlimited_bank`` (issue 30)
  are added as the rules such a game began with (both on).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.elves.rules import State, deep_copy

#: every key of a state (rules §11.1), at the current schema
STATE_KEYS = frozenset(
    {
        "players",
        "options",
        "seed",
        "round",
        "rounds",
        "start",
        "phase",
        "turn",
        "turns",
        "step",
        "gold",
        "hand",
        "revealed",
        "tokens_free",
        "purchases",
        "realms",
        "draw",
        "discard",
        "passes",
        "journey",
        "ledger",
    }
)
PER_SEAT = ("gold", "hand", "revealed", "tokens_free", "purchases", "realms")
PHASES = ("planning", "travel", "over")
STEP_KINDS = (
    "turn",
    "place_village",
    "place_special",
    "discard",
    "take_village",
    "journey",
    "teleport_cards",
    "over",
)
JOURNEY_KEYS = frozenset({"at", "dir", "escort", "visits", "income"})


def to_schema_1(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 0 -> 1: the keys older saves lack (what ``load`` sniffed for before v2)."""
    if "revealed" not in data:
        data = {**data, "revealed": [{} for _ in data["players"]]}
    if "ledger" not in data:
        data = {**data, "ledger": None}
    if "last_events" not in data:
        data = {**data, "last_events": []}
    return data


def to_schema_2(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 -> 2: no ``last_events`` in the state; the turn counter ``turns``."""
    data = {k: v for k, v in data.items() if k != "last_events"}
    data.setdefault("turns", fewest_turns(data))
    return data


def to_schema_3(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 2 -> 3: the options of issue 30. A game saved before them goes on by the rules it
    began with: teleports also first and onto the village one is in, an unlimited bank."""
    options = {"teleport_anywhere": True, "unlimited_bank": True, **data["options"]}
    return {**data, "options": options}


MIGRATIONS: tuple[Callable[[dict[str, Any]], dict[str, Any]], ...] = (
    to_schema_1,
    to_schema_2,
    to_schema_3,
)


def fewest_turns(s: State) -> int:
    """The fewest turns that can have ended by ``s`` (rules §4): every earlier round had at
    least N planning actions (the N passes in a row that end planning) and N journeys; this
    round's planning had one action per village and action card on the table, per purchase
    and per pass of the closing run (all N of them once travel began), then one turn per
    journey made. A finished game: every round counted in full."""
    n = len(s["players"])
    if s["phase"] == "over":
        return 2 * n * int(s["round"])
    earlier = 2 * n * (int(s["round"]) - 1)
    placed = sum(
        1 + sum(v[k] is not None for k in ("gold", "thief", "obstacle"))
        for realm in s["realms"]
        for v in realm
    )
    bought = sum(s["purchases"])
    if s["phase"] == "planning":
        return earlier + placed + bought + int(s["passes"])
    journeys = (int(s["turn"]) - int(s["start"])) % n
    return earlier + placed + bought + n + journeys


def checked(data: dict[str, Any]) -> State:
    """A copy of migrated ``data`` once its shape is that of a state (ValueError if not)."""
    problem = shape_problem(data)
    if problem:
        raise ValueError(f"not a King of the Elves state: {problem}")
    return deep_copy(data)


def shape_problem(data: Any) -> str | None:
    """What is wrong with the shape of ``data`` as a state, or None."""
    if not isinstance(data, dict):
        return "not a dict"
    keys = set(data)
    if keys != STATE_KEYS:
        return f"keys {sorted(keys ^ STATE_KEYS)} differ"
    players = data["players"]
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        return "players"
    for key in PER_SEAT:
        if not isinstance(data[key], list) or len(data[key]) != len(players):
            return f"{key} is not one entry per seat"
    if data["phase"] not in PHASES:
        return f"phase {data['phase']!r}"
    step = data["step"]
    if not isinstance(step, dict) or step.get("kind") not in STEP_KINDS:
        return f"step {step!r}"
    for key in ("round", "rounds", "start", "turn", "turns", "passes"):
        if not isinstance(data[key], int) or isinstance(data[key], bool) or data[key] < 0:
            return f"{key} {data[key]!r}"
    if not isinstance(data["draw"], list) or not isinstance(data["discard"], list):
        return "piles"
    journey = data["journey"]
    if journey is not None and (not isinstance(journey, dict) or set(journey) != JOURNEY_KEYS):
        return "journey"
    ledger = data["ledger"]
    if ledger is not None and (not isinstance(ledger, dict) or set(ledger) != {"rounds", "bonus"}):
        return "ledger"
    return None
