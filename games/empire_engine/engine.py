"""Empire Engine (AEG 2014, Czech *Mechanická říše*): the pure rules engine.

Every round the players lay their cards face down one at a time (the start player first, then
clockwise; the second card from the last player back anticlockwise), then the cards are
revealed and resolved in three groups: Arm/Produce/Invent, then Attack/Defend (each attack
paid immediately before it), then Export/Salvage. 2-8 players, 8/9/12 rounds, the team game
with its four optional rules and the "house powers" variant. The spec is
``docs/rules/empire_engine.md``; section numbers below (§) refer to it. The engine is a
``games.base.GameBase`` (contract v2): the template validates, this module plays.

What is hidden from whom (§10):

* what is face down while planning - the action set on an engine card in round 1 (``orient``)
  and which gear card went under the first engine (``gear``) - is known only to its player
  until the reveal; everybody else (the partner too) sees who laid which card where, in what
  order, and the cube on a gear (a paid alternate), as at the table;
* a pending ``salvage`` pick until every salvager has picked;
* score piles by type are known to their owner and, in the team game, the partner; others see
  only the total, unless ``open_scores`` is on or the game is over (the ``salvaged`` event
  carries only the count).

Everything else is public. The state holds no seed and no RNG: all randomness is drawn at
setup.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games.base import (
    NOT_LEGAL,
    PICK,
    PLAIN,
    REVEAL,
    TURN_END,
    EventRole,
    GameBase,
    IllegalMove,
    OptionProblem,
    Step,
    clone,
    is_listed,
)
from games.empire_engine import attacks as A
from games.empire_engine import data as D
from games.empire_engine import group_three as G3
from games.empire_engine import planning as PL
from games.empire_engine import undo
from games.empire_engine.determinize import determinize
from games.empire_engine.group_one import group_one
from games.empire_engine.migrate import MIGRATIONS
from games.empire_engine.moves import MOVE_SHAPES, SECRET_TYPES
from games.empire_engine.preview import preview
from games.empire_engine.refusals import explain
from games.empire_engine.scoring import final_results
from games.empire_engine.setup import initial_state, options_problem
from games.empire_engine.state import STATE_KEYS, next_state, planning_copy
from games.empire_engine.table import player_order, theft_quantity
from games.empire_engine.viewing import build_view, step_of
from games.empire_engine.views import EmpireFields

State = dict[str, Any]
Move = dict[str, Any]
Event = dict[str, Any]


# ---------------------------------------------------------------- the round driver (§5)


def end_round(s: State, ev: list[Event]) -> bool:
    """§5.3: the start player passes clockwise; the next round or the end of the game."""
    s["start"] = (s["start"] + 1) % len(s["players"])
    ev.append(
        {"type": "round_ended", "round": s["round"], "next_start_player": s["players"][s["start"]]}
    )
    s["round"] += 1
    s.update(
        attack_queue=[],
        attacks=[],
        attacked=[],
        blocks={},
        thefts=[],
        current=None,
        joint_exporters=[],
        phase="plan",
    )
    if s["round"] > s["rounds"]:
        s.update(step="over", participants=[], picks={}, placing=[], placed={})
        ev.append({"type": "game_over", "results": final_results(s)})
    else:
        PL.start_planning(s)
        ev.append(
            {"type": "round_started", "round": s["round"], "start_player": s["players"][s["start"]]}
        )
    return True


def _phase_group1(s: State, ev: list[Event]) -> bool:
    group_one(s, ev)
    A.start_group_two(s)
    s["phase"] = "attacks"
    return False


def _phase_attacks(s: State, ev: list[Event]) -> bool:
    if A.run_attacks(s, ev):
        return True
    s["thefts"] = A.joint_attack_extras(s) if s["options"]["team_joint_attack"] else []
    s["phase"] = "extras"
    return False


def _phase_extras(s: State, ev: list[Event]) -> bool:
    """2e, 2f, then group 3 steps 1-2."""
    if A.run_extras(s, ev):
        return True
    s["current"] = None
    s["attacked"] = A.successfully_attacked(s)
    A.idle_defences(s, ev)
    G3.cancel_after_attack(s, ev)
    G3.exports(s, ev)
    s["phase"] = "joint_export"
    return False


def _phase_joint_export(s: State, ev: list[Event]) -> bool:
    """§11.3 joint export choices, then the Salvage step (group 3 step 3)."""
    if s["joint_exporters"]:
        s["step"] = "joint_export"
        return True
    s["phase"] = "salvage"
    who = G3.salvagers(s)
    if who:
        s.update(step="salvage", participants=who, picks={})
        return True
    return False


def _phase_salvage(s: State, ev: list[Event]) -> bool:
    G3.resolve_salvage(s, ev)
    return end_round(s, ev)


PHASES: dict[str, Callable[[State, list[Event]], bool]] = {
    "group1": _phase_group1,
    "attacks": _phase_attacks,
    "extras": _phase_extras,
    "joint_export": _phase_joint_export,
    "salvage": _phase_salvage,
}


def advance(s: State, ev: list[Event]) -> None:
    """Resolve everything automatic from the current phase up to the next real choice."""
    while not PHASES[s["phase"]](s, ev):
        pass


# ---------------------------------------------------------------- playing moves


def _apply_planning(s: State, p: str, move: Move, ev: list[Event]) -> State:
    PL.APPLY_PART[move["type"]](s, p, move, ev)
    if not s["placing"]:
        s = next_state(s)
        PL.reveal(s, ev)
        s["phase"] = "group1"
        advance(s, ev)
    return s


def _apply_block(s: State, p: str, move: Move, ev: list[Event]) -> None:
    A.block(s, p, move["pay"], ev)
    advance(s, ev)


def _apply_no_block(s: State, p: str, move: Move, ev: list[Event]) -> None:
    A.no_block(s, p)
    advance(s, ev)


def _apply_steal(s: State, p: str, move: Move, ev: list[Event]) -> None:
    A.apply_theft(s, s["current"], move["soldier"], move["good"], ev)
    advance(s, ev)


def _apply_joint_export(s: State, p: str, move: Move, ev: list[Event]) -> None:
    G3.apply_joint_export(s, p, move, ev)
    advance(s, ev)


def _apply_salvage(s: State, p: str, move: Move, ev: list[Event]) -> None:
    s["picks"][p] = {"take": list(move["take"])}
    ev.append({"type": "picked", "player": p, "step": "salvage"})
    if all(q in s["picks"] for q in s["participants"]):
        advance(s, ev)


PLANNING_MOVES = frozenset({"lay", "orient", "place", "gear"})

APPLY: dict[str, Callable[[State, str, Move, list[Event]], None]] = {
    "block": _apply_block,
    "no_block": _apply_no_block,
    "steal": _apply_steal,
    "joint_export": _apply_joint_export,
    "no_joint_export": _apply_joint_export,
    "salvage": _apply_salvage,
}


# ---------------------------------------------------------------- who acts, with what


def _planning_actors(s: State) -> list[str]:
    p = PL.placer(s)
    return [p] if p is not None else []


ACTORS: dict[str, Callable[[State], list[str]]] = {
    "orient": _planning_actors,
    "plan": _planning_actors,
    "salvage": lambda s: [p for p in s["participants"] if p not in s["picks"]],
    "block": lambda s: [s["current"]["defender"]],
    "steal": lambda s: [s["current"]["attacker"]],
    "joint_export": lambda s: [s["joint_exporters"][0]],
    "over": lambda s: [],
}

LEGAL: dict[str, Callable[[State, str], list[Move]]] = {
    "orient": PL.planning_moves,
    "plan": PL.planning_moves,
    "salvage": G3.salvage_moves,
    "block": A.block_options,
    "steal": lambda s, p: A.steal_options(s, s["current"]),
    "joint_export": lambda s, p: G3.joint_export_moves(),
}


# ---------------------------------------------------------------- turns (§16)

#: §13/§16: every event type the engine emits and what it does for the table
EVENTS: dict[str, EventRole] = {
    "round_started": PLAIN,
    "laid": PLAIN,
    "placed": PLAIN,
    "picked": PICK,  # a secret pick arrived, its content withheld
    "revealed": REVEAL,  # the face-down cards of the round turn up
    "cubes_scored": PLAIN,
    "gained": PLAIN,
    "attack_paid": PLAIN,
    "attack_failed": PLAIN,
    "blocked": PLAIN,
    "defend_idle": PLAIN,
    "theft": PLAIN,
    "cancelled": PLAIN,
    "exported": PLAIN,
    "salvaged": REVEAL,  # the secret salvage picks resolve (their types with open_scores)
    "turn_passed": TURN_END,  # someone must decide who did not have to before
    "round_ended": TURN_END,
    "game_over": TURN_END,
}


def passed(before: list[str], after: list[str]) -> list[Event]:
    """§16: the ``turn_passed`` event when a decision falls to players who had none before."""
    gained = [p for p in after if p not in before]
    return [{"type": "turn_passed", "to": gained}] if gained else []


# ---------------------------------------------------------------- the Game object


class EmpireEngine(GameBase):
    """The ``empire_engine`` game (see the module docstring)."""

    id = "empire_engine"
    title = "Empire Engine"
    min_players = 2
    max_players = 8
    options = dict(D.OPTIONS)
    move_types = frozenset(MOVE_SHAPES)
    events = EVENTS
    MIGRATIONS = MIGRATIONS
    test_option_sets: list[dict[str, Any]] = [
        {"rounds": 3},
        {"teams": True, "team_joint_invent": True},
        {"teams": True, "team_joint_export": True},
        {"teams": True, "team_shared_defence": True},
        {"teams": True, "team_joint_attack": True},
        {
            "teams": True,
            "team_joint_invent": True,
            "team_joint_export": True,
            "team_shared_defence": True,
            "team_joint_attack": True,
            "house_powers": True,
        },
        {"house_powers": True, "open_scores": True, "long_game": True},
        {"teams": True, "team_joint_export": True, "joint_export_needs_goods": True},
        {"teams": True, "zero_majority_bonus": True, "open_scores": True},
    ]

    def options_problem(self, options: dict[str, Any], n_players: int) -> OptionProblem | None:
        """§11.1: rounds, long_game, the team options and the team game's 4 seats."""
        return options_problem(options, n_players)

    def start(self, players: list[str], options: dict[str, Any], seed: int) -> State:
        s = initial_state(players, options, seed)
        PL.start_planning(s)
        return s

    def actors(self, state: State) -> list[str]:
        return ACTORS[state["step"]](state)

    def moves(self, state: State, player: str) -> list[Move]:
        return LEGAL[state["step"]](state, player)

    def play(self, state: State, player: str, move: Move) -> tuple[State, list[Event]]:
        before = self.actors(state)
        ev: list[Event] = []
        if move["type"] in PLANNING_MOVES:
            s = _apply_planning(planning_copy(state), player, clone(move), ev)
        else:
            s = next_state(state)
            APPLY[move["type"]](s, player, clone(move), ev)
        if s["step"] != "over":
            ev.extend(passed(before, self.actors(s)))
        if any(EVENTS[e["type"]].turn_end for e in ev):
            s["turn"] += 1
        return s, ev

    def explain(self, state: State, player: str, move: Any, kind: str) -> IllegalMove | None:
        """The precise refusal of docs/rules/empire_engine.md §12 (``explain``)."""
        return explain(state, player, move, kind)

    def is_secret(self, state: State, player: str, move: Move) -> bool:
        return isinstance(move, dict) and move.get("type") in SECRET_TYPES

    def show(self, state: State, viewer: str | None) -> EmpireFields:
        """§10.2: what ``viewer`` may see (None = public): the fields of ``views.EmpireView``
        but the envelope, which ``GameBase.view`` adds."""
        return build_view(self, state, viewer)

    def step(self, state: State) -> Step:
        """§12: the step's name (``over`` once over) and its public parameters."""
        return step_of(state)

    def turn(self, state: State) -> int:
        """§16: the turns ended so far (the state's counter)."""
        return int(state["turn"])

    def is_over(self, state: State) -> bool:
        return bool(state["step"] == "over")

    def outcome(self, state: State) -> list[dict[str, Any]]:
        return final_results(state) if state["step"] == "over" else []

    def loaded(self, data: dict[str, Any]) -> State:
        """§16: migrated data of exactly this engine's shape, or ``ValueError``."""
        if set(data) != STATE_KEYS:
            raise ValueError("not an empire_engine state")
        return data

    def preview(self, state: State, player: str, move: Move) -> dict[str, Any]:
        """§17: what ``move`` does now, from what ``player`` sees (``preview.py``)."""
        if not is_listed(move, self.legal_moves(state, player)):
            raise explain(state, player, move, NOT_LEGAL)
        return preview(state, player, move)

    def determinize(self, state: State, player: str, rng: random.Random) -> State:
        """A state ``player`` cannot tell from ``state`` (§10), hidden parts resampled."""
        return determinize(state, player, rng)

    def forced(self, state: State, player: str) -> Move | None:
        """The second gear when nothing can pay an alternate (``planning.forced``)."""
        return PL.forced(state, player)

    def undoable(self, before: State, player: str, move: Move, after: State) -> bool:
        """Whether the move revealed nothing, so it may be taken back (``undo.py``)."""
        return undo.undoable(before, player, move, after)


__all__ = [
    "EVENTS",
    "GAME",
    "EmpireEngine",
    "advance",
    "final_results",
    "player_order",
    "theft_quantity",
]

GAME = EmpireEngine()
