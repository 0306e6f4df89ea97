"""Tiny Epic Kingdoms, 2-5 players: the game object (id ``tek``).

Hidden information: only the war dice are secret (``is_secret`` is true exactly for
``war_die``). Before the reveal, the opponent and spectators see only ``has_set``; the setter's
own view carries ``war_die``. Face-down exploration tokens, the unused token pool, the territory
deck order and the seed are never in any view (the state keeps no generator at all: all
randomness happens at setup, §4). Resources, factions, magic, tower and the map are public.

The engine is split by what each module does: :mod:`~games.tek.setup` (§4),
:mod:`~games.tek.steps` (who acts, the legal moves of each step, §19.1),
:mod:`~games.tek.handlers` (what each move does), :mod:`~games.tek.actions` (arrival, collecting,
movement, §6-§9), :mod:`~games.tek.war` (§10, §12), :mod:`~games.tek.flow` (the turn, the end
and the automatic steps, §5, §11, §19.2), :mod:`~games.tek.viewing` (§19.3), with the rule
functions in :mod:`~games.tek.rules` and the tables in :mod:`~games.tek.data`.
"""

from __future__ import annotations

import random
from typing import Any, cast

from games.base import GAME_OVER, MALFORMED, NOT_LEGAL, NOT_YOUR_TURN, Game, IllegalMove, clone
from games.base import validate as validate_move
from games.tek import rules as R
from games.tek import undo
from games.tek.data import C
from games.tek.determinize import determinize
from games.tek.flow import a_end_check, advance
from games.tek.handlers import MOVE_TYPES, handle
from games.tek.setup import make_setup
from games.tek.steps import actors_of, step_moves
from games.tek.tasks import Event, Move, State, current, push, task
from games.tek.viewing import make_view
from games.tek.views import TekView

__all__ = ["GAME", "TinyEpicKingdoms", "a_end_check", "advance", "current", "push", "task"]

NEUTRAL = R.NEUTRAL

#: the rules file's refusal codes (§19.5) and texts, by shared kind
REFUSALS: dict[str, tuple[str, str]] = {
    GAME_OVER: ("game_over", "The game is over."),
    NOT_YOUR_TURN: ("not_your_turn", "It is not your turn to act."),
    MALFORMED: ("malformed", "A move must be a dict with a known 'type'."),
    NOT_LEGAL: ("illegal_move", "That move is not available now; pick a listed one."),
}


def explain(state: State, player: str, move: Any, kind: str) -> IllegalMove:
    """The precise refusal of ``kind`` (rules §19.5), for ``games.base.validate``."""
    code, message = REFUSALS[kind]
    return IllegalMove(code, message, kind=kind)


class TinyEpicKingdoms:
    """Tiny Epic Kingdoms for 2-5 players (see the module docstring for what is hidden)."""

    id = "tek"
    title = "Tiny Epic Kingdoms"
    min_players = int(C["min_players"])
    max_players = int(C["max_players"])
    options: dict[str, tuple[Any, Any]] = {
        "factions": ("random", ["random", "draft", "choice"]),
        "exploration": (False, [False, True]),
    }
    test_option_sets: list[dict[str, Any]] = [
        {"factions": "draft", "exploration": True},
        {"factions": "choice"},
    ]

    def _options(self, options: dict[str, Any]) -> dict[str, Any]:
        opts: dict[str, Any] = {}
        for name, value in options.items():
            if name not in self.options:
                raise ValueError(f"unknown option {name!r}")
            allowed = self.options[name][1]
            if not any(type(value) is type(a) and value == a for a in allowed):
                raise ValueError(f"bad value {value!r} for option {name!r}")
            opts[name] = value
        for name, (default, _) in self.options.items():
            opts.setdefault(name, default)
        return opts

    def setup(self, players: list[str], options: dict[str, Any], seed: int) -> State:
        if not self.min_players <= len(players) <= self.max_players:
            raise ValueError(f"tek needs {self.min_players}-{self.max_players} players")
        if len(set(players)) != len(players) or not all(isinstance(p, str) for p in players):
            raise ValueError("player ids must be distinct strings")
        if NEUTRAL in players:
            raise ValueError(f"{NEUTRAL!r} is reserved")
        s = make_setup(list(players), self._options(options), seed)
        advance(s, [])
        return s

    def actors(self, state: State) -> list[str]:
        return actors_of(state)

    def legal_moves(self, state: State, player: str) -> list[Move]:
        if player not in actors_of(state):
            return []
        return step_moves(state, state["tasks"][-1], player)

    def apply(self, state: State, player: str, move: Move) -> tuple[State, list[Event]]:
        """The one validating path (:func:`games.base.validate`), then the move's handler."""
        # cast: the protocol's ``view`` returns dict[str, Any], which a TypedDict is not (mypy)
        validate_move(cast(Game, self), state, player, move, move_types=MOVE_TYPES, explain=explain)
        s = R.copy_state(state)
        events: list[Event] = list(s.get("pending_events") or [])
        s["pending_events"] = []
        t = s["tasks"].pop()
        handle(s, t, player, clone(move), events)
        advance(s, events)
        s["last_events"] = clone(events)  # public by contract (rules §19.4), for the view
        return s, events

    def is_secret(self, state: State, player: str, move: Move) -> bool:
        return isinstance(move, dict) and move.get("type") == "war_die"

    def view(self, state: State, viewer: str | None) -> TekView:
        return make_view(state, viewer)

    def is_over(self, state: State) -> bool:
        return bool(state["over"])

    def outcome(self, state: State) -> list[dict[str, Any]]:
        if not state["over"]:
            return []
        return list(clone(state["results"]))

    def dump(self, state: State) -> dict[str, Any]:
        return dict(clone(state))

    def load(self, data: dict[str, Any]) -> State:
        return dict(clone(data))

    def determinize(self, state: State, player: str, rng: random.Random) -> State:
        """A state ``player`` cannot tell from ``state``: other players' unrevealed war dice
        and the face-down tokens drawn again (:mod:`games.tek.determinize`)."""
        return determinize(state, player, rng)

    def undoable(self, before: State, player: str, move: Move, after: State) -> bool:
        """Whether the move revealed nothing, so it may be taken back (``games.tek.undo``)."""
        return undo.undoable(before, player, move, after)


GAME = TinyEpicKingdoms()
