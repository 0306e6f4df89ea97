"""Empire Engine data tables (docs/rules/empire_engine.md §4, §6, §7.1, §8, §11.4).

Read by the rule functions, and imported by the presenter and the renderer, so that card
tables and colours are declared once; what people read (the names of things, in English and
Czech) is in :mod:`games.empire_engine.vocab`.
"""

from __future__ import annotations

from typing import Any

CARDS: tuple[str, str] = ("L", "R")

# Listed top, right, bottom, left at the reference orientation (§4, HOUSE cyclic order).
# The state stores an index t: the top action is ENGINE_ORDER[card][t].
# One clockwise quarter turn brings the LEFT edge to the top: k turns map t -> (t - k) % 4.
ENGINE_ORDER: dict[str, list[str]] = {
    "L": ["Arm", "Salvage", "Produce", "Attack"],
    "R": ["Invent", "Defend", "Attack", "Export"],
}

# §7.1: the group each action resolves in.
ACTION_GROUP: dict[str, int] = {
    "Arm": 1,
    "Produce": 1,
    "Invent": 1,
    "Attack": 2,
    "Defend": 2,
    "Export": 3,
    "Salvage": 3,
}

# §7.1 group 1 gains: action -> (resource, amount, pile).
GROUP1_GAINS: dict[str, tuple[str, int, str]] = {
    "Arm": ("soldier", 2, "ready"),
    "Produce": ("good", 2, "ready"),
    "Invent": ("invention", 1, "score"),
}

# §7.1 attacks: the card an Attack is on -> which neighbour it targets (+1 = left, -1 = right).
ATTACK_DIRECTION: dict[str, int] = {"L": +1, "R": -1}
ATTACK_SIDE: dict[str, str] = {"L": "left", "R": "right"}  # §2: clockwise is to the left

# §6.2 gears: each engine gets one gear; gear -> (quarter turns normally, with the alternate).
# Gear "1" turns 1 (alternate 0), gear "2" turns 2 (alternate 3). An alternate costs a cube.
GEARS: tuple[int, int] = (1, 2)
GEAR_TURNS: dict[int, tuple[int, int]] = {1: (1, 0), 2: (2, 3)}
ALTERNATE_TURNS: frozenset[int] = frozenset({0, 3})

READY_TYPES: tuple[str, str] = ("soldier", "good")
# Rulebook "Komponenty": red soldiers, yellow goods, blue inventions (RGB for drawing).
RESOURCE_COLOURS: dict[str, tuple[int, int, int]] = {
    "soldier": (200, 40, 40),
    "good": (230, 190, 40),
    "invention": (50, 110, 210),
}
SCORE_TYPES: tuple[str, str, str] = ("soldier", "good", "invention")
START_READY: dict[str, int] = {"soldier": 1, "good": 1}

# §8 game length.
ROUNDS_BY_PLAYERS: dict[int, int] = {2: 8, 3: 9, 4: 8}
LONG_GAME_ROUNDS = 12
MIN_DEFAULT_ROUNDS_BIG = 8  # 5-8 players: smallest multiple of n that is at least 8 (HOUSE)

# §7.3 2d: resources taken per theft.
THEFT_QUANTITY: dict[int, int] = {2: 2}  # any other player count takes 1
DEFAULT_THEFT_QUANTITY = 1
# §7.3 2d: soldiers from the supply when the target's ready pile is empty, whatever q is
# ("obdrží 1 vojáka ze společné zásoby"); a pile smaller than q gives what it holds.
EMPTY_PILE_SUPPLY_SOLDIERS = 1

# §7.3 2c: soldiers to the blocker's score pile per blocked attack.
BLOCK_REWARD = 1

# §9 majority bonus.
MAJORITY_BONUS = 3

# §11.4 the "house powers" variant: the printed empire abilities are not in the rulebook, so
# these four are house designs (never the printed game), in the order of the rules table.
# Each rule reads one flag.
EMPIRES: list[dict[str, Any]] = [
    {
        "name": "Kestrel Dominion",
        "power": "Honour Guard",
        "text": "Each attack your Defend blocks gives you 2 soldiers (score) instead of 1. "
        "If your Defend blocks nothing, take 1 soldier into your ready pile.",
        "block_reward": 2,
        "idle_defend_ready_soldier": 1,
    },
    {
        "name": "Nova Centralis",
        "power": "Compound Interest",
        "text": "When your Export (or Joint export) moves at least 2 goods, "
        "also take 1 good from the supply into your score pile.",
        "export_bonus_min_goods": 2,
        "export_bonus_good": 1,
    },
    {
        "name": "Sylphian Commonwealth",
        "power": "Wreck Scavengers",
        "text": "Your Salvage takes 2 resources of different types instead of 1.",
        "salvage_pairs": True,
    },
    {
        "name": "Grail Prelacy",
        "power": "Foretold Path",
        "text": "The cubes you put on your gears for alternate rotations go to your score "
        "pile at the reveal instead of back to the supply.",
        "alternate_cubes_score": True,
    },
]
EMPIRE_BY_NAME: dict[str, dict[str, Any]] = {e["name"]: e for e in EMPIRES}

SALVAGE_SINGLE: list[list[str]] = [["soldier"], ["good"], ["invention"]]
SALVAGE_PAIRS: list[list[str]] = [
    ["soldier", "good"],
    ["soldier", "invention"],
    ["good", "invention"],
]

# §11.1 options: name -> (default, allowed). "rounds" cannot be enumerated usefully.
OPTIONS: dict[str, tuple[Any, Any]] = {
    "long_game": (False, [False, True]),
    "rounds": (None, "null (default length) or an integer 1-32; 5-8 players only"),
    "open_scores": (False, [False, True]),
    "teams": (False, [False, True]),
    "team_joint_invent": (False, [False, True]),
    "team_joint_export": (False, [False, True]),
    "team_shared_defence": (False, [False, True]),
    "team_joint_attack": (False, [False, True]),
    "house_powers": (False, [False, True]),
    # §18 house rules: the other readings of two open sentences (the defaults are decided)
    "joint_export_needs_goods": (False, [False, True]),
    "zero_majority_bonus": (False, [False, True]),
}
#: §18: the options a save from before them lacks, with the values that game played by
HOUSE_RULE_DEFAULTS: dict[str, bool] = {
    "joint_export_needs_goods": False,
    "zero_majority_bonus": False,
}
TEAM_OPTIONS: tuple[str, ...] = (
    "team_joint_invent",
    "team_joint_export",
    "team_shared_defence",
    "team_joint_attack",
    "joint_export_needs_goods",
)
ROUNDS_RANGE: tuple[int, int] = (1, 32)
LONG_GAME_MAX_PLAYERS = 4  # §11.1: long_game for 2-4 players, rounds for 5-8
TEAM_PLAYERS = 4  # §11.3: the team game needs exactly 4 players
