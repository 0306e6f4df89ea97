"""The ``majesty`` engine object: contract v2 (``games.base.GameBase``) over ``engine.py``.

The template validates (malformed -> game over -> may act -> listed) and then calls ``play``;
Majesty adds its precise refusals (``refusals.explain``), its own option rule (the ``sides``
letters, ``options_problem``), the envelope's step and turn, the event roles, the numbered
migrations of old saves with a strict shape check, and ``preview`` (``preview.py``). Rules:
docs/rules/majesty.md (§2 options and setup, §8 moves and refusals, §9 views, §10 events).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from games.base import (
    PLAIN,
    TURN_END,
    EventRole,
    GameBase,
    IllegalMove,
    OptionProblem,
    Step,
    clone,
)
from games.majesty import engine, preview, refusals, undo
from games.majesty.determinize import determinize
from games.majesty.engine import SIDES_HELP, Event, Move, State
from games.majesty.saves import MIGRATIONS, checked
from games.majesty.viewing import show, step_of
from games.majesty.views import MajestyFields

#: every event type ``play`` emits (rules §10) and its role for the table. Only ``turn`` (the
#: next player's turn begins) and ``game_over`` (the last turn ended) end a turn; the turn
#: counter is the state's ``t``. ``refill`` turns up the deck's top card but is no ``reveals``
#: event: it comes in the middle of the taker's turn (a split card's half, a heal's half or the
#: Castle B exchange may still follow, §3.2 T1), and ``reveals`` would cut that turn in two for
#: the replay and the turn clock (rules §10, "Event roles").
EVENTS: Mapping[str, EventRole] = {
    "take": PLAIN,
    "refill": PLAIN,
    "place": PLAIN,
    "heal": PLAIN,
    "attack": PLAIN,
    "castle_exchange": PLAIN,
    "gain": PLAIN,
    "meeples_returned": PLAIN,
    "turn": TURN_END,
    "final_infirmary": PLAIN,
    "final_variety": PLAIN,
    "final_majority": PLAIN,
    "game_over": TURN_END,
}


class Majesty(GameBase):
    """Majesty: For the Realm (see the package docstring and ``engine.py``)."""

    id = "majesty"
    title = "Majesty: For the Realm"
    min_players = 2
    max_players = 4
    options: ClassVar[dict[str, tuple[Any, Any]]] = {
        # any of the 256 combinations (rules §7), so a description, not a list: the generic
        # checks leave it to ``options_problem``, which says how (code ``bad_sides``)
        "sides": (
            "AAAAAAAA",
            "8 letters A/B, one per location in building order (Mill, Brewery, "
            "Cottage, Guardhouse, Barracks, Inn, Castle, Infirmary), or A or B",
        ),
        "mixed_deck": (False, [False, True]),
        "tiebreak_meeples": (False, [False, True]),
        # house rule (issue 30): the box's 30 helper figures never run out (rules §1.1)
        "unbounded_meeples": (False, [False, True]),
    }
    move_types = engine.MOVE_TYPES
    events = EVENTS
    MIGRATIONS = MIGRATIONS
    #: extra option sets for the invariant suite (sides cannot be enumerated: 256 strings)
    test_option_sets: list[dict[str, Any]] = [
        {"sides": "B"},
        {"sides": "ABBAABAB"},
        {"sides": "baabbaba", "mixed_deck": True, "tiebreak_meeples": True},
    ]

    # -- what the template calls ----------------------------------------------------------
    def options_problem(self, options: dict[str, Any], n_players: int) -> OptionProblem | None:
        """§2.1: ``sides`` must read as 8 letters A/B (or A or B for all); the generic checks
        did the rest (names, the two bools strictly, 2-4 players)."""
        value = options["sides"]
        if engine.normalise_sides(value) is None:
            return OptionProblem("bad_sides", f"{SIDES_HELP}; got {value!r}", {"value": value})
        return None

    def start(self, players: list[str], options: dict[str, Any], seed: int) -> State:
        return engine.start(players, options, seed)

    def actors(self, state: State) -> list[str]:
        active = engine.active_player(state)
        return [] if active is None else [active]

    def moves(self, state: State, player: str) -> list[Move]:
        return engine.moves(state, player)

    def play(self, state: State, player: str, move: Move) -> tuple[State, list[Event]]:
        return engine.play(state, player, move)

    def explain(self, state: State, player: str, move: Any, kind: str) -> IllegalMove | None:
        """The precise refusal (rules §8.2, ``refusals.py``)."""
        return refusals.explain(state, player, move, kind)

    def is_secret(self, state: State, player: str, move: Move) -> bool:
        return False

    def show(self, state: State, viewer: str | None) -> MajestyFields:
        return show(state, viewer)

    def step(self, state: State) -> Step:
        """The step of docs/rules/majesty.md §3.3 and its public parameters (§9, "Envelope")."""
        return step_of(state)

    def turn(self, state: State) -> int:
        """How many turns have ended: the global turn counter ``t`` (§3.1), which ``end_of_turn``
        advances exactly when it emits ``turn`` or ``game_over``."""
        return int(state["t"])

    def is_over(self, state: State) -> bool:
        return bool(state["step"] == "over")

    def outcome(self, state: State) -> list[dict[str, Any]]:
        if state["step"] != "over" or state["final"] is None:
            return []
        return clone(state["final"])

    def loaded(self, data: dict[str, Any]) -> State:
        """A migrated save, its shape checked strictly (``saves.checked``)."""
        return checked(data)

    # -- the optional members -------------------------------------------------------------
    def determinize(self, state: State, player: str, rng: random.Random) -> State:
        """The draw deck redrawn from the cards ``player`` has not seen (``determinize.py``);
        nothing else is hidden in Majesty."""
        return determinize(state, player, rng)

    def undoable(self, before: State, player: str, move: Move, after: State) -> bool:
        """Whether the move revealed nothing, so it may be taken back (``games.majesty.undo``)."""
        return undo.undoable(before, player, move, after)

    def preview(self, state: State, player: str, move: Move) -> dict[str, Any]:
        """What ``move`` does now, in the rules' numbers (``preview.py``, rules §9 "Preview")."""
        return dict(preview.preview(state, player, move))


GAME = Majesty()
