"""Tiny Epic Kingdoms, 2-5 players: the game object (id ``tek``; docs/rules/tek.md §19).

A :class:`games.base.GameBase` (engine contract v2): the template checks seats and options,
validates every move in its one order and adds the view envelope; this module writes the rest.

Hidden information: only the war dice are secret (``is_secret`` is true exactly for
``war_die``). Before the reveal, the opponent and spectators see only ``has_set``; the setter's
own view carries ``war_die``. Face-down exploration tokens, the unused token pool, the territory
deck order and the seed are never in any view (the state keeps no generator at all: all
randomness happens at setup, §4). Resources, factions, magic, tower and the map are public.

The engine is split by what each module does: :mod:`~games.tek.setup` (§4),
:mod:`~games.tek.steps` (who acts, the legal moves of each step, §19.1),
:mod:`~games.tek.handlers` (what each move does), :mod:`~games.tek.actions` (arrival, collecting,
movement, §6-§9), :mod:`~games.tek.war` (§10, §12), :mod:`~games.tek.flow` (the turn, the end
and the automatic steps, §5, §11, §19.2), :mod:`~games.tek.viewing` (§19.3),
:mod:`~games.tek.preview` (what a move does now, §19.6), :mod:`~games.tek.saves` (old saves,
§19.7), with the rule functions in :mod:`~games.tek.rules` and the tables in
:mod:`~games.tek.data`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from games.base import (
    NOT_LEGAL,
    EventRole,
    GameBase,
    IllegalMove,
    Step,
    clone,
    is_listed,
)
from games.tek import rules as R
from games.tek import saves, undo
from games.tek.data import C
from games.tek.determinize import determinize
from games.tek.flow import a_end_check, advance
from games.tek.handlers import MOVE_TYPES, handle
from games.tek.preview import preview_move
from games.tek.refusals import explain
from games.tek.saves import MIGRATIONS
from games.tek.setup import make_setup
from games.tek.steps import actors_of, step_moves, step_name
from games.tek.tasks import Event, Move, State, current, push, task
from games.tek.turns import EVENTS, HANDOVER, ends_turn
from games.tek.viewing import make_view, step_context
from games.tek.views import TekShown

__all__ = ["GAME", "TinyEpicKingdoms", "a_end_check", "advance", "current", "push", "task"]

NEUTRAL = R.NEUTRAL


class TinyEpicKingdoms(GameBase):
    """Tiny Epic Kingdoms for 2-5 players (see the module docstring for what is hidden)."""

    id = "tek"
    title = "Tiny Epic Kingdoms"
    min_players = int(C["min_players"])
    max_players = int(C["max_players"])
    options: ClassVar[dict[str, tuple[Any, Any]]] = {
        "factions": ("random", ["random", "draft", "choice"]),
        "exploration": (False, [False, True]),
        # house rules (issue 30, docs/rules/tek.md §8-§10): the other readings of the rulebook
        "ruins_retreat": (False, [False, True]),
        "fort_sortie": (False, [False, True]),
        "ruins_each_searcher": (False, [False, True]),
    }
    test_option_sets: ClassVar[list[dict[str, Any]]] = [
        {"factions": "draft", "exploration": True},
        {"factions": "choice"},
        {"exploration": True, "ruins_retreat": True, "fort_sortie": True},
        {"ruins_each_searcher": True},
    ]
    move_types = MOVE_TYPES
    #: every event type with its role (rules §19.4); ``handover`` ends a turn (§19.4)
    events: ClassVar[Mapping[str, EventRole]] = EVENTS
    MIGRATIONS = MIGRATIONS

    # -- the game's part of the template ------------------------------------------------------

    def start(self, players: list[str], options: dict[str, Any], seed: int) -> State:
        """§4 S0, then the automatic steps up to the first player move."""
        if NEUTRAL in players:
            raise ValueError(f"{NEUTRAL!r} is reserved")
        s = make_setup(players, options, seed)
        advance(s, [])
        return s

    def actors(self, state: State) -> list[str]:
        return actors_of(state)

    def moves(self, state: State, player: str) -> list[Move]:
        return step_moves(state, state["tasks"][-1], player)

    def play(self, state: State, player: str, move: Move) -> tuple[State, list[Event]]:
        """The validated move's handler, then the automatic steps (§19.2); a ``handover``
        event when someone must act who did not have to before, and the turn counter."""
        before = actors_of(state)
        s = R.copy_state(state)
        events: list[Event] = list(s["pending_events"])
        s["pending_events"] = []
        t = s["tasks"].pop()
        handle(s, t, player, clone(move), events)
        advance(s, events)
        gained = [p for p in actors_of(s) if p not in before]
        if gained:
            events.append({"type": HANDOVER, "player": player, "to": gained})
        if ends_turn(events):
            s["turns_ended"] += 1
        return s, events

    def explain(self, state: State, player: str, move: Any, kind: str) -> IllegalMove | None:
        return explain(state, player, move, kind)

    def is_secret(self, state: State, player: str, move: Move) -> bool:
        return isinstance(move, dict) and move.get("type") == "war_die"

    def show(self, state: State, viewer: str | None) -> TekShown:
        return make_view(state, viewer)

    def step(self, state: State) -> Step:
        """The step's name in views (§19.1; ``"over"`` once over) and its public context."""
        t = current(state)
        if state["over"] or t is None:
            return {"id": "over", "params": {}}
        return {"id": step_name(state, t), "params": dict(step_context(state, t))}

    def turn(self, state: State) -> int:
        """The turns ended so far (§19.4: a move that emits a ``turn_end`` event ends one)."""
        return int(state["turns_ended"])

    def is_over(self, state: State) -> bool:
        return bool(state["over"])

    def outcome(self, state: State) -> list[dict[str, Any]]:
        if not state["over"]:
            return []
        return list(clone(state["results"]))

    def loaded(self, data: dict[str, Any]) -> State:
        """A state from migrated save data, its shape checked (§19.7)."""
        return saves.checked(data)

    # -- the optional members -----------------------------------------------------------------

    def preview(self, state: State, player: str, move: Move) -> dict[str, Any]:
        """What ``move`` does now, from what ``player`` sees (§19.6); IllegalMove if not legal."""
        if not is_listed(move, self.legal_moves(state, player)):
            raise explain(state, player, move, NOT_LEGAL)
        return preview_move(state, player, move)

    def determinize(self, state: State, player: str, rng: random.Random) -> State:
        """A state ``player`` cannot tell from ``state``: other players' unrevealed war dice
        and the face-down tokens drawn again (:mod:`games.tek.determinize`)."""
        return determinize(state, player, rng)

    def undoable(self, before: State, player: str, move: Move, after: State) -> bool:
        """Whether the move revealed nothing, so it may be taken back (``games.tek.undo``)."""
        return undo.undoable(before, player, move, after)


GAME = TinyEpicKingdoms()
