"""The ``majesty`` engine object: the contract of ``games.base.Game`` over ``engine.py``.

``apply`` runs the one validating path, ``games.base.validate`` (malformed -> game over -> may
act -> listed), with Majesty's precise reasons from ``refusals.explain``, then plays the move.
"""

from __future__ import annotations

import random
from typing import Any, cast

from games.base import Game, clone, validate
from games.majesty import undo
from games.majesty.determinize import determinize
from games.majesty.engine import (
    MOVE_TYPES,
    Event,
    Move,
    State,
    active_player,
    legal_moves,
    play,
    setup,
)
from games.majesty.refusals import explain
from games.majesty.viewing import view
from games.majesty.views import MajestyView


class Majesty:
    """Majesty: For the Realm (see the package docstring and ``engine.py``)."""

    id = "majesty"
    title = "Majesty: For the Realm"
    min_players = 2
    max_players = 4
    options: dict[str, tuple[Any, Any]] = {
        # any of the 256 combinations (rules §7), so a description, not a list: the host passes
        # the value to ``setup``, which refuses anything else with a ValueError that says how
        "sides": (
            "AAAAAAAA",
            "8 letters A/B, one per location in building order (Mill, Brewery, "
            "Cottage, Guardhouse, Barracks, Inn, Castle, Infirmary), or A or B",
        ),
        "mixed_deck": (False, [False, True]),
        "tiebreak_meeples": (False, [False, True]),
    }
    #: extra option sets for the invariant suite (sides cannot be enumerated: 256 strings)
    test_option_sets: list[dict[str, Any]] = [
        {"sides": "B"},
        {"sides": "ABBAABAB"},
        {"sides": "baabbaba", "mixed_deck": True, "tiebreak_meeples": True},
    ]

    def setup(self, players: list[str], options: dict[str, Any], seed: int) -> State:
        return setup(players, options, seed)

    def actors(self, state: State) -> list[str]:
        active = active_player(state)
        return [] if active is None else [active]

    def legal_moves(self, state: State, player: str) -> list[Move]:
        return legal_moves(state, player)

    def apply(self, state: State, player: str, move: Move) -> tuple[State, list[Event]]:
        # cast: the protocol's ``view`` returns dict[str, Any], which a TypedDict is not (mypy)
        validate(cast(Game, self), state, player, move, move_types=MOVE_TYPES, explain=explain)
        return play(state, player, move)

    def is_secret(self, state: State, player: str, move: Move) -> bool:
        return False

    def view(self, state: State, viewer: str | None) -> MajestyView:
        return view(state, viewer)

    def is_over(self, state: State) -> bool:
        return bool(state["step"] == "over")

    def outcome(self, state: State) -> list[dict[str, Any]]:
        if state["step"] != "over" or state["final"] is None:
            return []
        return clone(state["final"])

    def determinize(self, state: State, player: str, rng: random.Random) -> State:
        """The draw deck redrawn from the cards ``player`` has not seen (``determinize.py``);
        nothing else is hidden in Majesty."""
        return determinize(state, player, rng)

    def undoable(self, before: State, player: str, move: Move, after: State) -> bool:
        """Whether the move revealed nothing, so it may be taken back (``games.majesty.undo``)."""
        return undo.undoable(before, player, move, after)

    def dump(self, state: State) -> dict[str, Any]:
        return clone(state)

    def load(self, data: dict[str, Any]) -> State:
        return clone(data)


GAME = Majesty()
