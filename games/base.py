"""The engine contract every Crowntable game implements (docs/design.md, "The engine contract").

A game is a pure, deterministic rules engine: no I/O, no clock, no global randomness, no
Discord. Everything that crosses this boundary is plain JSON-able data:

* ``Move`` and ``Event`` are dicts that always carry ``"type"``.
* ``Game.apply`` returns a NEW state and never mutates its input; anything that is not exactly
  one of ``legal_moves`` raises :class:`IllegalMove` and leaves the state unchanged.
* ``Game.view(state, viewer)`` is the only thing that leaves the engine towards renderers and
  the bot; it never contains another player's secrets, and ``viewer=None`` (the spectator)
  contains none at all.
* Events returned by ``apply`` are PUBLIC: they never carry secret content (a secret pick emits
  only "has chosen" until its reveal).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Collection
from typing import Any, Protocol, TypeVar, runtime_checkable

Move = dict[str, Any]
Event = dict[str, Any]
T = TypeVar("T")
State = Any  # each game chooses its own immutable-by-convention representation


#: The shared refusal vocabulary: every :class:`IllegalMove` is of one of these kinds.
GAME_OVER = "game_over"          # the game has ended
NOT_YOUR_TURN = "not_your_turn"  # the player may not act now (not seated, not an actor, done)
MALFORMED = "malformed"          # not a dict, no string "type", or a type this game never has
NOT_LEGAL = "not_legal"          # well-formed, but not one of legal_moves right now
STALE = "stale"                  # (host) the prompt was made for an earlier version
KINDS: tuple[str, ...] = (GAME_OVER, NOT_YOUR_TURN, MALFORMED, NOT_LEGAL, STALE)


class IllegalMove(Exception):
    """A move the rules do not allow right now.

    ``code`` is stable and machine-readable: one of :data:`KINDS`, or a game's own precise
    reason ("cannot_afford", "bad_index", ... as its rules file lists them). ``kind`` is always
    one of :data:`KINDS` (a precise code names its kind; the default is :data:`NOT_LEGAL`), so
    the bot can answer every refusal by kind and, where it has a text for it, by code.
    ``params`` are named values for that text. ``str(exc)`` is the engine's short English
    explanation, the fallback when no translation exists. Never contains another player's
    secrets.
    """

    code: str = NOT_LEGAL

    def __init__(self, code: str, message: str | None = None, *, kind: str | None = None,
                 params: dict[str, Any] | None = None) -> None:
        self.code = code
        self.kind = code if code in KINDS else (kind or NOT_LEGAL)
        if self.kind not in KINDS:
            raise ValueError(f"unknown refusal kind {self.kind!r}")
        self.params: dict[str, Any] = dict(params or {})
        super().__init__(message or code.replace("_", " ").capitalize() + ".")

    def __repr__(self) -> str:
        return f"IllegalMove({self.code!r}, {str(self)!r})"


#: ``explain(state, player, move, kind)``: a game's precise refusal of that kind, or None for
#: the generic one. Called only after the check of that kind failed.
Explain = Callable[[Any, str, Any, str], "IllegalMove | None"]

_GENERIC = {
    MALFORMED: "That is not a move of this game.",
    GAME_OVER: "The game is over.",
    NOT_YOUR_TURN: "It is not your turn.",
    NOT_LEGAL: "That move is not available now; pick one that is offered.",
}


def validate(game: Game, state: Any, player: str, move: Any, *,
             move_types: Collection[str] | None = None,
             explain: Explain | None = None) -> list[Move]:
    """The one validating path every engine's ``apply`` starts with; returns the legal moves.

    boardgame.io's order: the move exists (a dict with a string ``"type"``, one of
    ``move_types`` when given) -> the game is not over -> ``player`` may act -> the move is
    listed, strictly (:func:`is_listed`). The first check that fails raises
    :class:`IllegalMove` of that kind; ``explain`` may make it precise.
    """

    def refuse(kind: str) -> IllegalMove:
        precise = explain(state, player, move, kind) if explain else None
        return precise if precise is not None else IllegalMove(kind, _GENERIC[kind])

    mtype = move.get("type") if isinstance(move, dict) else None
    if not isinstance(mtype, str) or (move_types is not None and mtype not in move_types):
        raise refuse(MALFORMED)
    if game.is_over(state):
        raise refuse(GAME_OVER)
    if player not in game.actors(state):
        raise refuse(NOT_YOUR_TURN)
    legal = game.legal_moves(state, player)
    if not is_listed(move, legal):
        raise refuse(NOT_LEGAL)
    return legal


@runtime_checkable
class Game(Protocol):
    """One game's rules. Registered in ``games.REGISTRY`` under ``id``.

    ``options`` maps each variant name to ``(default, allowed)``, where ``allowed`` is a list
    or tuple of every allowed value when they can be enumerated (the invariant suite plays each
    one), or a short human description when they cannot. A game may also expose
    ``test_option_sets: list[dict]`` with extra option combinations worth playing in tests,
    and ``determinize(state, player, rng)`` (:class:`Determinizable`), which the AI needs.
    """

    id: str
    title: str
    min_players: int
    max_players: int
    options: dict[str, tuple[Any, Any]]

    def setup(self, players: list[str], options: dict[str, Any], seed: int) -> State: ...

    def actors(self, state: State) -> list[str]:
        """Who may move now: one player, several during simultaneous secret picks, [] when over."""
        ...

    def legal_moves(self, state: State, player: str) -> list[Move]:
        """Finite and complete; [] when ``player`` may not act. At most 25 per step is the aim."""
        ...

    def apply(self, state: State, player: str, move: Move) -> tuple[State, list[Event]]:
        """A new state and the public events; raises :class:`IllegalMove` for anything not legal."""
        ...

    def is_secret(self, state: State, player: str, move: Move) -> bool:
        """Whether the content of ``move`` stays hidden from the others until a reveal."""
        ...

    def view(self, state: State, viewer: str | None) -> dict[str, Any]: ...

    def is_over(self, state: State) -> bool: ...

    def outcome(self, state: State) -> list[dict[str, Any]]:
        """``[{"player", "rank", "score", ...}]``; rank 1 wins; ties share a rank."""
        ...

    def dump(self, state: State) -> dict[str, Any]: ...

    def load(self, data: dict[str, Any]) -> State: ...


@runtime_checkable
class Determinizable(Protocol):
    """The optional member of the contract the AI searches with (issue 15, "No peeking").

    Kept out of :class:`Game` so that ``isinstance(x, Game)`` stays true for an engine without
    it (``Game`` is ``runtime_checkable``: every member would be required).

    ``determinize(state, player, rng) -> State``: a state drawn from those consistent with
    everything ``player`` has seen: the same ``view(state, player)`` and the same
    ``legal_moves(state, player)``; everything hidden from ``player`` (other hands, face-down
    cards, deck order, other players' secret picks, the value of other players' gold, a seed
    that fixes later shuffles) resampled consistently with what was revealed; the
    perfect-information parts unchanged. It never mutates ``state`` and depends on nothing but
    what ``player`` knows and ``rng``: two states that look the same to ``player`` give the
    same result for equally seeded ``rng`` (build pools of unseen things in a canonical order
    before drawing from them). A game without hidden information returns a copy.
    """

    def determinize(self, state: State, player: str, rng: random.Random) -> State: ...


@runtime_checkable
class Undoable(Protocol):
    """The optional member of the contract behind take-backs (issue 14, "Take-backs").

    Kept out of :class:`Game` for the reason :class:`Determinizable` is: ``isinstance(x, Game)``
    stays true for an engine without it, and such an engine simply never offers an undo.

    ``undoable(before, player, move, after) -> bool``: whether ``player``'s ``move``, which took
    ``before`` to ``after`` (``after, _ = apply(before, player, move)``), gave nobody any new
    information, so that putting ``before`` back takes nothing anybody learnt away: no card,
    tile or token was turned up or drawn (a random draw counts: the drawer saw it), no die was
    rolled or set, no secret pick was made (``is_secret`` moves are never undoable), nothing
    hidden changed (a hand, a deck or pool, a seed), and the game did not end. Everything the
    move changed must follow from the public move itself, whatever the hidden parts are.

    It is a pure function of its arguments. Whether an undo is still allowed at the table
    (only the mover, only their last move, before anybody else acted) is the host's business,
    not the engine's: the host restores ``dump(before)`` exactly, and the invariant suite
    checks the claim (``tests/invariants.py``, ``check_undo``).
    """

    def undoable(self, before: State, player: str, move: Move, after: State) -> bool: ...


@runtime_checkable
class Formality(Protocol):
    """The optional member of the contract that spares a player a decision with nothing to
    decide (issue 11, "Request budget"; rules: "the game only waits at a step where some
    player has a real choice").

    Kept out of :class:`Game` for the reason :class:`Determinizable` is.

    ``forced(state, player) -> Move | None``: ``player``'s move when it is their only legal
    move **and everybody can tell that from the public view alone** (``view(state, None)``),
    so that playing it at once, without asking, tells nobody anything a table would not; None
    otherwise (the common case: a real choice, or a single option that hidden information
    decides, like the one card of a hand that can be played). The move is never secret. It is
    a pure function of the public part of ``state``: for any state another player cannot tell
    from ``state`` (``determinize``) it gives the same answer. The host plays it for the
    player (log source ``"forced"``) before it asks anybody anything; the invariant suite
    checks the claim (``tests/invariants.py``, ``check_forced``).
    """

    def forced(self, state: State, player: str) -> Move | None: ...


def forced_move(game: Game, state: State, player: str) -> Move | None:
    """``game.forced(state, player)`` when the game has it (:class:`Formality`), checked: the
    one legal move, not secret; None otherwise."""
    if not isinstance(game, Formality):
        return None
    move = game.forced(state, player)
    if move is None:
        return None
    legal = game.legal_moves(state, player)
    if len(legal) != 1 or canonical(legal[0]) != canonical(move) or \
            game.is_secret(state, player, move):
        return None
    return legal[0]


def can_undo(game: Game, before: State, player: str, move: Move, after: State) -> bool:
    """``game.undoable(...)`` when the game has it (:class:`Undoable`); False otherwise, and
    always False for a secret move or a move that ended the game."""
    if not isinstance(game, Undoable):
        return False
    if game.is_secret(before, player, move) or game.is_over(after):
        return False
    return bool(game.undoable(before, player, move, after))


def canonical(value: Any) -> str:
    """A JSON text that tells ``true`` from ``1`` and ``2.0`` from ``2`` (key order ignored)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), allow_nan=False)


def is_listed(move: Any, legal: list[Move]) -> bool:
    """True when ``move`` equals (strictly) one of ``legal``."""
    if not isinstance(move, dict):
        return False
    # Fast path (the AI applies thousands of moves a second): the same structure with the
    # same types is the same JSON text. Only a miss pays for the JSON comparison, which also
    # settles what the fast path cannot (``[1]`` vs ``(1,)``, ``{1: x}`` vs ``{"1": x}``).
    if any(_same(move, m) for m in legal):
        return True
    try:
        key = canonical(move)
    except (TypeError, ValueError):
        return False
    return any(canonical(m) == key for m in legal)


def _same(a: Any, b: Any) -> bool:
    """Equal values of identical types all the way down (``True`` is not ``1``)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(v, b[k]) for k, v in a.items())
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(map(_same, a, b))
    if isinstance(a, float):
        return repr(a) == repr(b)  # 0.0 and -0.0 are different texts
    return bool(a == b)


def clone(value: T) -> T:
    """A deep copy of JSON-like data (dicts, lists, tuples, scalars), several times faster than
    ``copy.deepcopy``: engines use it to copy a state in ``apply``, ``dump`` and ``load``."""
    if isinstance(value, dict):
        return {k: clone(v) if isinstance(v, (dict, list, tuple)) else v  # type: ignore[return-value]
                for k, v in value.items()}
    if isinstance(value, list):
        return [clone(v) if isinstance(v, (dict, list, tuple)) else v  # type: ignore[return-value]
                for v in value]
    if isinstance(value, tuple):
        return tuple(clone(v) if isinstance(v, (dict, list, tuple)) else v  # type: ignore[return-value]
                     for v in value)
    return value
