"""King of the Elves (Elfenland card game, Alan R. Moon) for 2-6 players: the rules engine.

Each round the players deal, plan (lay a ring of villages on the table and mark them with Gold,
Thief and obstacle cards, buy, draw, remove villages, pass) and travel (each in turn plays
transport cards to go from village to village round the ring, earning gold). After the last
round the richest player wins; equal gold shares the rank. Spec: ``shared/rules/elves.md``.

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

State is a plain JSON-able dict (rules §11.1) that ``apply`` copies and never mutates. The rules
live in small modules: :mod:`~games.elves.rules` (derived rules), :mod:`~games.elves.rounds`
(§5, §8, §9), :mod:`~games.elves.planning` (§6), :mod:`~games.elves.travel` (§7),
:mod:`~games.elves.steps` (the move tables), :mod:`~games.elves.refusals` and
:mod:`~games.elves.views` (§12).
"""

from __future__ import annotations

import random
from typing import Any, cast

from games.base import Event, Game, Move, validate
from games.elves import undo
from games.elves.data import ACTION_KINDS, START_GOLD, TOKENS
from games.elves.determinize import determinize
from games.elves.refusals import explain
from games.elves.rounds import new_ledger, outcome_rows, start_round
from games.elves.rules import (
    State,
    clone_events,
    coin_count,
    coins,
    copy_state,
    deep_copy,
    full_deck,
    rounds_for,
    shuffle_pool,
)
from games.elves.steps import HANDLERS, MOVE_TYPES, step_moves
from games.elves.views import ElvesView, add_private, public_view


def check_setup(players: Any, options: Any, allowed: dict[str, tuple[Any, Any]]) -> bool:
    """Rules §3 step 1: 2-6 distinct player ids and known options; returns ``teleport``."""
    if not isinstance(players, list) or not all(isinstance(p, str) and p for p in players):
        raise ValueError("players must be a list of player ids")
    if not 2 <= len(players) <= 6:
        raise ValueError("King of the Elves needs 2 to 6 players")
    if len(set(players)) != len(players):
        raise ValueError("player ids must be distinct")
    if not isinstance(options, dict):
        raise ValueError("options must be a dict")
    unknown = set(options) - set(allowed)
    if unknown:
        raise ValueError(f"unknown option(s): {', '.join(sorted(map(str, unknown)))}")
    teleport = options.get("teleport", False)
    if not isinstance(teleport, bool):
        raise ValueError("option teleport must be true or false")
    return teleport


def initial_state(players: list[str], teleport: bool, seed: int) -> State:
    """Rules §3 step 2: 12 gold, 4 tokens, empty hands and realms (before the first deal)."""
    n = len(players)
    return {
        "players": list(players),
        "options": {"teleport": teleport},
        "seed": seed,
        "round": 0,
        "rounds": rounds_for(n),
        "start": 0,
        "phase": "planning",
        "turn": 0,
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
        "last_events": [],
    }


class Elves:
    """King of the Elves; see the module docstring and ``docs/rules/elves.md``."""

    id = "elves"
    title = "King of the Elves"
    min_players = 2
    max_players = 6
    options: dict[str, tuple[Any, Any]] = {"teleport": (False, [False, True])}

    def setup(self, players: list[str], options: dict[str, Any], seed: int) -> State:
        """Rules §3: check, seat 0 holds the dragon, round 1 is dealt (planning, seat 0 to act)."""
        teleport = check_setup(players, options, self.options)
        s = initial_state(players, teleport, seed)
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

    def legal_moves(self, state: State, player: str) -> list[Move]:
        if state["phase"] == "over" or player not in state["players"]:
            return []
        seat = state["turn"]
        if state["players"][seat] != player:
            return []
        return step_moves(state, seat)

    def apply(self, state: State, player: str, move: Move) -> tuple[State, list[Event]]:
        """The one validating path (:func:`games.base.validate`), then the move's handler."""
        # cast: the protocol's ``view`` returns dict[str, Any], which a TypedDict is not (mypy)
        validate(cast(Game, self), state, player, move, move_types=MOVE_TYPES, explain=explain)
        s = copy_state(state)
        events = HANDLERS[move["type"]](s, state["turn"], move)
        s["last_events"] = events  # public by contract (rules §13); the view copies them
        return s, clone_events(events)

    def view(self, state: State, viewer: str | None) -> ElvesView:
        """Rules §12: the public view, plus the viewer's hand, gold and legal moves."""
        v = public_view(state, self.id, viewer)
        if viewer is not None and v["viewer"] is not None:
            seat = state["players"].index(viewer)
            add_private(v, state, seat, self.legal_moves(state, viewer))
        return v

    def outcome(self, state: State) -> list[dict[str, Any]]:
        return outcome_rows(state)

    def determinize(self, state: State, player: str, rng: random.Random) -> State:
        """A state ``player`` cannot tell from ``state``: other hands, the draw pile and the seed
        drawn again (see :mod:`games.elves.determinize`); never changes ``state``."""
        return determinize(state, player, rng)

    def undoable(self, before: State, player: str, move: Move, after: State) -> bool:
        """Whether the move revealed nothing, so it may be taken back (``games.elves.undo``)."""
        return undo.undoable(before, player, move, after)

    def dump(self, state: State) -> dict[str, Any]:
        """A JSON-able deep copy of the state (nothing shared with the live state)."""
        return deep_copy(state)

    def load(self, data: dict[str, Any]) -> State:
        """The state ``dump`` made. A snapshot from before ``revealed`` existed gets it empty;
        one from before the ``ledger`` gets ``None`` (its final view then has no breakdown, as
        the earlier rounds' gold is not known); one from before ``last_events`` gets none."""
        if "revealed" not in data:
            data = {**data, "revealed": [{} for _ in data["players"]]}
        if "ledger" not in data:
            data = {**data, "ledger": None}
        if "last_events" not in data:
            data = {**data, "last_events": []}
        return deep_copy(data)


__all__ = ["ACTION_KINDS", "Elves", "coin_count", "coins", "full_deck", "shuffle_pool"]
