"""Options, game length and the initial state (rules file §3, §8, §11.1, §11.4)."""

from __future__ import annotations

import random
from typing import Any

from games.empire_engine import data as D

State = dict[str, Any]


def _check_rounds(value: Any) -> None:
    if value is not None and (
        not isinstance(value, int)
        or isinstance(value, bool)
        or not D.ROUNDS_RANGE[0] <= value <= D.ROUNDS_RANGE[1]
    ):
        raise ValueError("rounds must be null or an integer 1-32")


def validate_options(n: int, options: dict[str, Any]) -> dict[str, Any]:
    """§11.1: the full option dict, or ``ValueError``."""
    if not isinstance(options, dict):
        raise ValueError("options must be a dict")
    unknown = set(options) - set(D.OPTIONS)
    if unknown:
        raise ValueError(f"unknown option(s): {', '.join(sorted(unknown))}")
    full = {name: default for name, (default, _) in D.OPTIONS.items()}
    full.update(options)
    for name, value in full.items():
        if name == "rounds":
            _check_rounds(value)
        elif not isinstance(value, bool):
            raise ValueError(f"{name} must be true or false")
    if full["long_game"] and n >= 5:
        raise ValueError("long_game is only for 2-4 players")
    if full["rounds"] is not None and n <= 4:
        raise ValueError("rounds can be set only with 5-8 players")
    if any(full[o] for o in D.TEAM_OPTIONS) and not full["teams"]:
        raise ValueError("team options need teams")
    if full["teams"] and n != 4:
        raise ValueError("the team game needs exactly 4 players")
    return full


def game_length(n: int, options: dict[str, Any]) -> int:
    """§8: the number of rounds."""
    if n <= 4:
        return D.LONG_GAME_ROUNDS if options["long_game"] else D.ROUNDS_BY_PLAYERS[n]
    if options["rounds"] is not None:
        return int(options["rounds"])
    return -(-D.MIN_DEFAULT_ROUNDS_BIG // n) * n


def deal_empires(rng: random.Random, players: list[str]) -> dict[str, str]:
    """§11.4: one empire per player; two copies of the four with 5-8 players."""
    names = [e["name"] for e in D.EMPIRES]
    n = len(players)
    if n <= len(names):
        drawn = rng.sample(names, n)
    else:
        pool = names + names
        rng.shuffle(pool)
        drawn = pool[:n]
    return dict(zip(players, drawn, strict=True))


def initial_state(players: list[str], opts: dict[str, Any], seed: int) -> State:
    """§3: start player and empires from the setup rng; piles and empty engines."""
    rng = random.Random(f"{seed}:setup")
    start = rng.randrange(len(players))
    empires = deal_empires(rng, players) if opts["house_powers"] else None
    return {
        "players": list(players),
        "options": opts,
        "rounds": game_length(len(players), opts),
        "round": 1,
        "start": start,
        "step": "orient",
        "phase": "plan",
        "teams": [[players[0], players[2]], [players[1], players[3]]] if opts["teams"] else None,
        "empires": empires,
        "top": {p: {"L": None, "R": None} for p in players},
        "ready": {p: dict(D.START_READY) for p in players},
        "score": {p: {r: 0 for r in D.SCORE_TYPES} for p in players},
        "salvaged": {p: [] for p in players},
        "placing": [],
        "placed": {},
        "picks": {},
        "participants": [],
        "attack_queue": [],
        "attacks": [],
        "attacked": [],
        "blocks": {},
        "thefts": [],
        "joint_exporters": [],
        "current": None,
        "last_events": [],
    }
