"""Majesty: For the Realm, 2-4 players, 12 rounds of open drafting (rules: shared/rules/majesty.md).

Every player builds a realm of 8 locations and places one character card per turn; each
placement pays out at once, and the game ends with Infirmary penalties, variety squared and
shared majority bonuses.

Hidden information: nothing is hidden from any player; ``view(state, p)`` equals
``view(state, None)`` plus ``"viewer": p``. Only the order of the draw deck and the deck-1 cards
returned to the box are hidden from everybody (views show the deck size and its top card's back
colour). ``is_secret`` is always False.
"""

from __future__ import annotations

from typing import Any

from games.base import clone
from games.majesty import engine
from games.majesty.engine import Event, Move, State

__all__ = ["GAME", "Majesty"]


class Majesty:
    """The ``majesty`` engine (see the package docstring and ``engine.py``)."""

    id = "majesty"
    title = "Majesty: For the Realm"
    min_players = 2
    max_players = 4
    options: dict[str, tuple[Any, Any]] = {
        # any of the 256 combinations (rules §7), so a description, not a list: the host passes
        # the value to ``setup``, which refuses anything else with a ValueError that says how
        "sides": ("AAAAAAAA", "8 letters A/B, one per location in building order (Mill, Brewery, "
                              "Cottage, Guardhouse, Barracks, Inn, Castle, Infirmary), or A or B"),
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
        return engine.setup(players, options, seed)

    def actors(self, state: State) -> list[str]:
        active = engine.active_player(state)
        return [] if active is None else [active]

    def legal_moves(self, state: State, player: str) -> list[Move]:
        return engine.legal_moves(state, player)

    def apply(self, state: State, player: str, move: Move) -> tuple[State, list[Event]]:
        return engine.apply(state, player, move)

    def is_secret(self, state: State, player: str, move: Move) -> bool:
        return False

    def view(self, state: State, viewer: str | None) -> dict[str, Any]:
        return engine.view(state, viewer)

    def is_over(self, state: State) -> bool:
        return bool(state["step"] == "over")

    def outcome(self, state: State) -> list[dict[str, Any]]:
        if state["step"] != "over" or state["final"] is None:
            return []
        return clone(state["final"])

    def dump(self, state: State) -> dict[str, Any]:
        return clone(state)

    def load(self, data: dict[str, Any]) -> State:
        return clone(data)


GAME = Majesty()
