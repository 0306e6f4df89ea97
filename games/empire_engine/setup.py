"""Options, game length and the initial state (docs/rules/empire_engine.md §3, §8, §11.1, §11.4)."""

from __future__ import annotations

import random
from typing import Any

from games.base import OptionProblem
from games.empire_engine import data as D

State = dict[str, Any]


def options_problem(options: dict[str, Any], n: int) -> OptionProblem | None:
    """§11.1: the rules about option values and combinations that the generic checks of
    ``GameBase.option_check`` (known names, booleans, 2-8 seats) leave to the game; ``options``
    holds every option. None when they work with ``n`` players."""
    rounds = options["rounds"]
    low, high = D.ROUNDS_RANGE
    if rounds is not None and (
        not isinstance(rounds, int) or isinstance(rounds, bool) or not low <= rounds <= high
    ):
        return OptionProblem(
            "rounds_range",
            f"rounds must be null or an integer {low}-{high}",
            {"option": "rounds", "value": rounds, "min": low, "max": high},
        )
    if options["long_game"] and n > D.LONG_GAME_MAX_PLAYERS:
        return OptionProblem(
            "long_game_players",
            f"long_game is only for 2-{D.LONG_GAME_MAX_PLAYERS} players",
            {"option": "long_game", "max": D.LONG_GAME_MAX_PLAYERS, "n": n},
        )
    if rounds is not None and n <= D.LONG_GAME_MAX_PLAYERS:
        return OptionProblem(
            "rounds_players",
            f"rounds can be set only with {D.LONG_GAME_MAX_PLAYERS + 1}-8 players",
            {"option": "rounds", "min": D.LONG_GAME_MAX_PLAYERS + 1, "n": n},
        )
    team_option = next((o for o in D.TEAM_OPTIONS if options[o]), None)
    if team_option is not None and not options["teams"]:
        return OptionProblem(
            "team_options_need_teams", "team options need teams", {"option": team_option}
        )
    if options["teams"] and n != D.TEAM_PLAYERS:
        return OptionProblem(
            "teams_players",
            f"the team game needs exactly {D.TEAM_PLAYERS} players",
            {"option": "teams", "players": D.TEAM_PLAYERS, "n": n},
        )
    return None


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
        "turn": 0,
    }
