"""King of the Elves (Elfenland card game, Alan R. Moon) for 2-6 players: the rules engine.

Each round the players deal, plan (lay a ring of villages on the table and mark them with Gold,
Thief and obstacle cards, buy, draw, remove villages, pass) and travel (each in turn plays
transport cards to go from village to village round the ring, earning gold). After the last
round the richest player wins; equal gold shares the rank. Spec: ``docs/rules/elves.md``.

What is hidden from whom:

* **Hands** are secret to their owner: others see only the hand size. Drawn, dealt and bought
  cards never appear in events. A "No village card!" reveals the declarer's hand (in an event).
* **Gold values** are secret to their owner until the game ends: everybody sees the coin count
  (greedy 10/5/1 change, rules §2.4); events show changes, never balances.
* **The draw pile** order (and so the seed and the shuffle) is hidden from everyone; views show
  its size only. The discard pile lies face up (counts per kind, plus its top card).
* Everything on the table, the journey in progress and pending income are public.
* **The ledger** (each player's net gold per round and all-villages bonuses, kept for the final
  breakdown) is as secret as the gold it adds up to: it appears only in the final view.

The engine is a :class:`games.base.GameBase` (contract v2): the template validates every move
and checks seats and options; this class writes ``start``, ``moves``, ``play``, the view
(``show``, ``step``, ``turn``), the event roles (:data:`EVENTS`) and the saves' migrations
(:mod:`~games.elves.saves`). State is a plain JSON-able dict (rules §11.1) that ``play`` copies
and never mutates. The rules live in small modules: :mod:`~games.elves.rules` (derived rules),
:mod:`~games.elves.rounds` (§5, §8, §9), :mod:`~games.elves.planning` (§6),
:mod:`~games.elves.travel` (§7), :mod:`~games.elves.steps` (the move tables),
:mod:`~games.elves.refusals`, :mod:`~games.elves.views` (§12) and
:mod:`~games.elves.preview` (what each move does now).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from games.base import (
    PLAIN,
    REVEAL,
    TURN_END,
    Event,
    EventRole,
    GameBase,
    IllegalMove,
    Move,
    Step,
)
from games.elves import preview as previews
from games.elves import saves, undo
from games.elves.data import ACTION_KINDS, START_GOLD, TOKENS
from games.elves.determinize import determinize
from games.elves.refusals import explain
from games.elves.rounds import new_ledger, outcome_rows, start_round
from games.elves.rules import (
    State,
    coin_count,
    coins,
    copy_state,
    full_deck,
    rounds_for,
    shuffle_pool,
)
from games.elves.steps import HANDLERS, MOVE_TYPES, step_moves
from games.elves.views import ElvesFields, add_private, public_view

#: every event type the engine emits and its role for the table (rules §13). A turn is one
#: planning action (``action_ended``) or one journey (``journey_ended``). Only ``game_over``
#: reveals: it turns up every player's gold. A "No village card!" shows a hand too, but in
#: the middle of an action (a village is taken and a card discarded after it), so it is not
#: declared a reveal, which would cut that turn in two for replays and the turn clock (rules
#: §13.1); undo refuses it on its own (``games.elves.undo``).
EVENTS: Mapping[str, EventRole] = {
    "round_started": PLAIN,
    "deck_shuffled": PLAIN,
    "dealt": PLAIN,
    "village_played": PLAIN,
    "special_played": PLAIN,
    "drew": PLAIN,
    "bought": PLAIN,
    "discarded": PLAIN,
    "village_removed": PLAIN,
    "passed": PLAIN,
    "no_village_declared": PLAIN,
    "village_taken": PLAIN,
    "action_ended": TURN_END,
    "planning_ended": PLAIN,
    "journey_started": PLAIN,
    "escort_played": PLAIN,
    "direction_changed": PLAIN,
    "teleport_started": PLAIN,
    "teleport_card": PLAIN,
    "visited": PLAIN,
    "thief_paid": PLAIN,
    "journey_ended": TURN_END,
    "round_ended": PLAIN,
    "game_over": REVEAL,
}
#: rules §10: the teleport variant, its house rule and the house rule of an unlimited bank
OPTIONS: dict[str, tuple[Any, Any]] = {
    "teleport": (False, [False, True]),
    "teleport_anywhere": (False, [False, True]),
    "unlimited_bank": (False, [False, True]),
}
_TURN_ENDS = frozenset(k for k, role in EVENTS.items() if role.turn_end)


def initial_state(players: list[str], options: dict[str, Any], seed: int) -> State:
    """Rules §3 step 2: 12 gold, 4 tokens, empty hands and realms (before the first deal)."""
    n = len(players)
    return {
        "players": list(players),
        "options": {k: bool(options[k]) for k in OPTIONS},
        "seed": seed,
        "round": 0,
        "rounds": rounds_for(n),
        "start": 0,
        "phase": "planning",
        "turn": 0,
        "turns": 0,
        "step": {"kind": "turn"},
        "gold": [START_GOLD] * n,
        "hand": [{} for _ in range(n)],
        "revealed": [{} for _ in range(n)],
        "tokens_free": [TOKENS] * n,
        "purchases": [0] * n,
        "realms": [[] for _ in range(n)],
        "draw": [],
        "discard": [],
        "passes": 0,
        "journey": None,
        "ledger": new_ledger(n),
    }


class Elves(GameBase):
    """King of the Elves; see the module docstring and ``docs/rules/elves.md``."""

    id: ClassVar[str] = "elves"
    title: ClassVar[str] = "King of the Elves"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    options: ClassVar[dict[str, tuple[Any, Any]]] = OPTIONS
    #: the house rule of the variant played with the variant (the invariant suite)
    test_option_sets: ClassVar[list[dict[str, Any]]] = [
        {"teleport": True, "teleport_anywhere": True},
        {"teleport": True, "unlimited_bank": True},
    ]
    move_types: ClassVar[frozenset[str] | None] = MOVE_TYPES
    events: ClassVar[Mapping[str, EventRole]] = EVENTS
    MIGRATIONS = saves.MIGRATIONS

    def start(self, players: list[str], options: dict[str, Any], seed: int) -> State:
        """Rules §3: seat 0 holds the dragon, round 1 is dealt (planning, seat 0 to act)."""
        s = initial_state(players, options, seed)
        start_round(s, 1)
        return s

    def actors(self, state: State) -> list[str]:
        """Rules §11.2: exactly one actor while the game runs, none when it is over."""
        if state["phase"] == "over":
            return []
        return [state["players"][state["turn"]]]

    def is_over(self, state: State) -> bool:
        return bool(state["phase"] == "over")

    def is_secret(self, state: State, player: str, move: Move) -> bool:
        """Rules §11.3: nothing is chosen in secret; hidden information comes from draws."""
        return False

    def moves(self, state: State, player: str) -> list[Move]:
        """The legal moves of the seat to act (the template answers [] for anyone else)."""
        return step_moves(state, state["turn"])

    def play(self, state: State, player: str, move: Move) -> tuple[State, list[Event]]:
        """The move's handler on a copy; a move that ends a turn advances ``turns``."""
        s = copy_state(state)
        events = HANDLERS[move["type"]](s, state["turn"], move)
        if any(e["type"] in _TURN_ENDS for e in events):
            s["turns"] += 1
        return s, events

    def explain(self, state: State, player: str, move: Any, kind: str) -> IllegalMove | None:
        return explain(state, player, move, kind)

    def show(self, state: State, viewer: str | None) -> ElvesFields:
        """Rules §12: the public view, plus the viewer's hand, gold and legal moves."""
        v = public_view(state, self.id, viewer)
        if viewer is not None and v["viewer"] is not None:
            seat = state["players"].index(viewer)
            add_private(v, state, seat, self.legal_moves(state, viewer))
        return v

    def step(self, state: State) -> Step:
        """The rules file's step (§11.3: ``step.kind``) and what it carries: the chosen card,
        the discards or teleport cards left, the teleport's destination."""
        step = state["step"]
        return {"id": step["kind"], "params": {k: v for k, v in step.items() if k != "kind"}}

    def turn(self, state: State) -> int:
        """How many turns (planning actions and journeys) have ended (rules §13.1)."""
        return int(state["turns"])

    def outcome(self, state: State) -> list[dict[str, Any]]:
        return outcome_rows(state)

    def preview(self, state: State, player: str, move: Move) -> dict[str, Any]:
        """What ``move`` does now, from what ``player`` sees (:mod:`games.elves.preview`)."""
        if not previews.listed(move, self.legal_moves(state, player)):
            raise IllegalMove("not_legal", "That move is not available now.")
        return previews.preview(state, state["turn"], move)

    def determinize(self, state: State, player: str, rng: random.Random) -> State:
        """A state ``player`` cannot tell from ``state``: other hands, the draw pile and the seed
        drawn again (see :mod:`games.elves.determinize`); never changes ``state``."""
        return determinize(state, player, rng)

    def undoable(self, before: State, player: str, move: Move, after: State) -> bool:
        """Whether the move revealed nothing, so it may be taken back (``games.elves.undo``)."""
        return undo.undoable(before, player, move, after)

    def loaded(self, data: dict[str, Any]) -> State:
        """A state from migrated save data, its shape checked (:mod:`games.elves.saves`)."""
        return saves.checked(data)


__all__ = ["ACTION_KINDS", "EVENTS", "Elves", "coin_count", "coins", "full_deck", "shuffle_pool"]
