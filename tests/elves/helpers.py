"""Build King of the Elves states directly, for scenario tests of the rules file's examples."""

from __future__ import annotations

from typing import Any

from games.elves import GAME
from games.elves.engine import full_deck

State = dict[str, Any]


def village(spec: Any, players: list[str]) -> dict[str, Any]:
    """``"plains"`` or ``{"card": "plains", "thief": "Carl", "gold": "Adam", "obstacle":
    ("wood", "Carl")}`` -> the engine's village dict (owners as seats)."""
    if isinstance(spec, str):
        spec = {"card": spec}
    ob = spec.get("obstacle")
    return {
        "card": spec["card"],
        "gold": players.index(spec["gold"]) if spec.get("gold") else None,
        "thief": players.index(spec["thief"]) if spec.get("thief") else None,
        "obstacle": {"card": ob[0], "owner": players.index(ob[1])} if ob else None,
    }


def build(
    players: list[str],
    *,
    phase: str = "planning",
    turn: str | None = None,
    start: str | None = None,
    round_no: int = 1,
    realms: dict[str, list[Any]] | None = None,
    hands: dict[str, dict[str, int]] | None = None,
    gold: dict[str, int] | None = None,
    tokens: dict[str, int] | None = None,
    purchases: dict[str, int] | None = None,
    draw: list[str] | None = None,
    discard: list[str] | None = None,
    passes: int = 0,
    options: dict[str, Any] | None = None,
    seed: int = 7,
) -> State:
    """A state with exactly the given table; unlisted hands are empty, gold 12, tokens 4.

    ``draw`` defaults to 32 cards (cloud, unicorn, troll, gold) and holds no village card.
    """
    s = GAME.setup(list(players), dict(options or {}), seed)
    n = len(players)
    start_seat = players.index(start) if start else players.index(turn) if turn else 0
    s["round"] = round_no
    s["start"] = start_seat
    s["phase"] = phase
    s["turn"] = players.index(turn) if turn else start_seat
    s["hand"] = [dict((hands or {}).get(p, {})) for p in players]
    s["gold"] = [(gold or {}).get(p, 12) for p in players]
    s["tokens_free"] = [(tokens or {}).get(p, 4) for p in players]
    s["purchases"] = [(purchases or {}).get(p, 0) for p in players]
    s["realms"] = [[village(v, players) for v in (realms or {}).get(p, [])] for p in players]
    if draw is None:
        draw = [c for c in full_deck() if c in ("cloud", "unicorn", "troll", "gold")]
    s["draw"] = list(draw)
    s["discard"] = list(discard or [])
    s["passes"] = passes
    if phase == "travel":
        s["step"] = {"kind": "journey"}
        s["journey"] = {"at": None, "dir": 1, "escort": None, "visits": [], "income": 0}
    else:
        s["step"] = {"kind": "turn"}
        s["journey"] = None
    assert len(s["hand"]) == n
    return s


def moves(state: State, player: str) -> list[dict[str, Any]]:
    return GAME.legal_moves(state, player)


def same(a: list[dict[str, Any]], b: list[dict[str, Any]]) -> bool:
    """Order-insensitive comparison of move lists."""
    key = lambda m: sorted(m.items(), key=lambda kv: kv[0])  # noqa: E731
    return sorted(map(str, map(key, a))) == sorted(map(str, map(key, b)))


def play(state: State, player: str, *ms: dict[str, Any]) -> tuple[State, list[dict[str, Any]]]:
    """Apply ``ms`` in order for ``player``; returns the final state and all events."""
    events: list[dict[str, Any]] = []
    for m in ms:
        state, ev = GAME.apply(state, player, m)
        events.extend(ev)
    return state, events


def seat(state: State, player: str) -> int:
    return int(state["players"].index(player))


def old_dump(state: State, last_events: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """``state`` saved the way the engine wrote it before contract v2 (games/elves at 19b8b34,
    ``deep_copy`` of the state): no ``schema`` key, no turn counter ``turns``, and the last
    move's events copied under ``last_events``."""
    data = {k: v for k, v in GAME.dump(state).items() if k not in ("schema", "turns")}
    data["last_events"] = [dict(e) for e in last_events or []]
    return data
