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

Contract v2 (issue 23) adds, without renaming anything of v1:

* :class:`GameBase`, the template every shipped engine subclasses (OpenSpiel's
  ``apply_action`` / ``_apply_action`` split): ``apply`` validates in the one order and then
  calls the game's :meth:`GameBase.play`; ``legal_moves`` answers ``[]`` for a finished game or
  a non-actor and then calls :meth:`GameBase.moves`; ``setup`` checks the seats and the options
  (:meth:`GameBase.check_options`) and then calls :meth:`GameBase.start`; ``dump`` writes
  ``{"schema": N, ...}`` and ``load`` runs the game's numbered :attr:`GameBase.MIGRATIONS`.
* The **view envelope** (:class:`Envelope`), under ``view["envelope"]`` in every view of a
  :class:`GameBase` game, beside the game's own fields: ``actors``, ``step`` (a stable id and
  its public parameters), ``over``, ``results``, ``turn`` (a counter the engine advances when a
  turn ends) and ``last`` (the public events of the latest change: ``[]`` from the engine, the
  host fills it from the move log). Presenters, renderers, replays and the turn clock read the
  envelope, never a game's own key names. It is nested, not spread over the top level, because
  the rules files already define top-level ``step``, ``turn``, ``results`` and ``over`` fields
  with each game's own meaning, and those stay as they are.
* **Event roles** (:class:`EventRole`): every event type a game emits is declared in
  :attr:`GameBase.events` with what it does for the table (``reveals``, ``turn_end``,
  ``pick``), instead of a naming rule; the invariant suite checks the declaration.
* :class:`Previewable`: ``preview(state, player, move) -> dict``, the rule consequences of a
  move that a prompt shows ("what does this do now"), from what ``player`` can see only.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, TypedDict, TypeVar, runtime_checkable

Move = dict[str, Any]
Event = dict[str, Any]
T = TypeVar("T")
State = Any  # each game chooses its own immutable-by-convention representation


#: The shared refusal vocabulary: every :class:`IllegalMove` is of one of these kinds.
GAME_OVER = "game_over"  # the game has ended
NOT_YOUR_TURN = "not_your_turn"  # the player may not act now (not seated, not an actor, done)
MALFORMED = "malformed"  # not a dict, no string "type", or a type this game never has
NOT_LEGAL = "not_legal"  # well-formed, but not one of legal_moves right now
STALE = "stale"  # (host) the prompt was made for an earlier version
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

    def __init__(
        self,
        code: str,
        message: str | None = None,
        *,
        kind: str | None = None,
        params: dict[str, Any] | None = None,
    ) -> None:
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


def validate(
    game: Game,
    state: Any,
    player: str,
    move: Any,
    *,
    move_types: Collection[str] | None = None,
    explain: Explain | None = None,
) -> list[Move]:
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
    if (
        len(legal) != 1
        or canonical(legal[0]) != canonical(move)
        or game.is_secret(state, player, move)
    ):
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
        return {
            k: clone(v) if isinstance(v, (dict, list, tuple)) else v  # type: ignore[return-value]
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [
            clone(v) if isinstance(v, (dict, list, tuple)) else v  # type: ignore[return-value]
            for v in value
        ]
    if isinstance(value, tuple):
        return tuple(
            clone(v) if isinstance(v, (dict, list, tuple)) else v  # type: ignore[return-value]
            for v in value
        )
    return value


# -- contract v2 (issue 23): the view envelope, event roles, preview, the GameBase template --------

#: where the envelope sits in every view of a :class:`GameBase` game
ENVELOPE = "envelope"
#: the key ``dump`` adds to a state: the number of the schema it was written in
SCHEMA = "schema"


class Step(TypedDict):
    """What is being decided now: a stable ``id`` (the rules file's name of the step, such as
    ``"take"`` or ``"war.pay"``; ``"over"`` once the game has ended) and its public
    ``params`` (the card being placed, the region at war...), JSON data."""

    id: str
    params: dict[str, Any]


class Envelope(TypedDict):
    """The part of every view that means the same in every game (issue 23, "declared envelope").

    * ``actors``: who may move now, as :meth:`Game.actors` (``[]`` once over);
    * ``step``: the decision now (:class:`Step`);
    * ``over``: :meth:`Game.is_over`;
    * ``results``: :meth:`Game.outcome` once over (rank 1 wins, ties share a rank), ``[]``
      before;
    * ``turn``: how many turns have ended: the engine advances it exactly when a move emits an
      event whose role is ``turn_end`` (a player's turn passed on, a simultaneous step was
      revealed, a round ended); never goes back; the game's end closes the last turn;
    * ``last``: the public events of the latest change. The engine leaves it ``[]`` (it keeps
      no copy of its events in the state); the host fills it from the move log
      (``bot.core`` ``SessionHost.view``), host events included.

    The same in every viewer's view: nothing in it is secret.
    """

    actors: list[str]
    step: Step
    over: bool
    results: list[dict[str, Any]]
    turn: int
    last: list[dict[str, Any]]


@dataclass(frozen=True)
class EventRole:
    """What an event type does for the table, declared by the game (:attr:`GameBase.events`).

    * ``reveals``: it turns up something that was hidden (cards, a die, secret picks): a move
      that emits it is never undoable and always ends a turn for the replay's frames;
    * ``turn_end``: a turn ends with it: the envelope's ``turn`` advances by one for the move
      that emits it (several in one move still advance it once);
    * ``pick``: it only says that someone made a secret choice ("alice has chosen."); the
      board names who is still choosing instead of logging it.
    """

    reveals: bool = False
    turn_end: bool = False
    pick: bool = False


#: the role of an event type a game did not declare: nothing special
PLAIN = EventRole()
REVEAL = EventRole(reveals=True, turn_end=True)
TURN_END = EventRole(turn_end=True)
PICK = EventRole(pick=True)


@dataclass(frozen=True)
class OptionProblem:
    """Why a set of options does not work with a number of seats (:meth:`GameBase.options_problem`).

    ``code`` is stable (``unknown_option``, ``bad_value``, ``bad_players`` or the game's own,
    e.g. ``teams_need_4``), ``message`` the English sentence, ``params`` named values for a
    translation (``option``, ``value``, ``min``, ``max``...)."""

    code: str
    message: str
    params: dict[str, Any] = field(default_factory=dict)


@runtime_checkable
class Previewable(Protocol):
    """The optional member of the contract that answers "what does this move do now?" (issue 23
    item 4): the rule consequences a prompt shows (what a Majesty take scores now, what a TEK
    action costs and gives, whom an Empire Engine Attack hits, what an Elves journey step pays
    and which thief or obstacle it meets, a war's values).

    ``preview(state, player, move) -> dict``: for a move in ``legal_moves(state, player)``,
    JSON data computed by the rules from what ``player`` can see only: the same answer for every
    state ``player`` cannot tell from ``state`` (``determinize``; the invariant suite checks
    it). Never mutates ``state``. Raises :class:`IllegalMove` for a move that is not legal.
    Presenters word it; they never redo the rules.
    """

    def preview(self, state: State, player: str, move: Move) -> dict[str, Any]: ...


def envelope(view: Mapping[str, Any]) -> Envelope | None:
    """The envelope of a view (None for a view of a game that does not declare one)."""
    env = view.get(ENVELOPE)
    return env if isinstance(env, dict) else None  # type: ignore[return-value]


def event_role(game: Any, event: Mapping[str, Any]) -> EventRole:
    """The declared role of ``event`` in ``game`` (:data:`PLAIN` when undeclared)."""
    roles: Mapping[str, EventRole] = getattr(game, "events", None) or {}
    return roles.get(str(event.get("type", "")), PLAIN)


def migrate(
    data: Mapping[str, Any],
    migrations: Sequence[Callable[[dict[str, Any]], dict[str, Any]]],
    game_id: str = "game",
) -> dict[str, Any]:
    """``data`` as written by ``dump`` at any schema, brought to the newest one (the ``schema``
    key removed): ``migrations[i]`` takes schema ``i`` to ``i + 1``; data without the key is
    schema 0 (written before contract v2). A newer schema than the code knows is refused."""
    if not isinstance(data, Mapping):
        raise ValueError(f"not a {game_id} state")
    body = dict(data)
    version = body.pop(SCHEMA, 0)
    if not isinstance(version, int) or isinstance(version, bool) or version < 0:
        raise ValueError(f"{game_id}: bad schema {version!r}")
    if version > len(migrations):
        raise ValueError(
            f"{game_id}: state schema {version} is newer than this code ({len(migrations)})"
        )
    for step in migrations[version:]:
        body = step(body)
    return body


class GameBase:
    """The template of a game (contract v2): the checks every engine needs, done once.

    A game subclasses it, sets ``id``, ``title``, ``min_players``, ``max_players``, ``options``
    (name -> ``(default, allowed)``), ``move_types`` (every move type it ever lists) and
    ``events`` (every event type it emits -> :class:`EventRole`), and writes:

    * :meth:`start` (the new state, options already checked and completed with defaults),
    * :meth:`moves` (the legal moves of an actor of a running game),
    * :meth:`play` (a validated move -> new state and events),
    * :meth:`actors`, :meth:`is_over`, :meth:`outcome`, :meth:`is_secret`,
    * :meth:`show` (the game's own view fields), :meth:`step` and :meth:`turn` (the envelope's
      parts that only the game knows),

    and optionally :meth:`explain` (precise refusals), :meth:`options_problem` (rules about
    option combinations and seat counts), ``MIGRATIONS`` (old saves), ``determinize``,
    ``undoable``, ``forced`` and ``preview`` (the optional members above). The names and
    signatures of :class:`Game` stay as they are: a :class:`GameBase` *is* a :class:`Game`.
    ``tests/toygame.py`` is the smallest complete example.
    """

    id: ClassVar[str] = ""
    title: ClassVar[str] = ""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    options: ClassVar[dict[str, tuple[Any, Any]]] = {}
    #: every move type the game can list (anything else is refused as malformed); None: any
    move_types: ClassVar[frozenset[str] | None] = None
    #: every event type the game emits, with its role (the invariant suite checks the list)
    events: ClassVar[Mapping[str, EventRole]] = {}
    #: ``MIGRATIONS[i]`` takes a dumped state of schema ``i`` to schema ``i + 1`` (schema 0:
    #: written before contract v2, without the key); the current schema is their number
    MIGRATIONS: ClassVar[tuple[Callable[[dict[str, Any]], dict[str, Any]], ...]] = ()

    # -- what a game writes ---------------------------------------------------------------
    def start(self, players: list[str], options: dict[str, Any], seed: int) -> State:
        """The first state: ``players`` distinct ids within the seat range, ``options`` every
        option of the game, checked (:meth:`check_options`) and completed with defaults."""
        raise NotImplementedError

    def moves(self, state: State, player: str) -> list[Move]:
        """The legal moves of ``player``, an actor of a running game."""
        raise NotImplementedError

    def play(self, state: State, player: str, move: Move) -> tuple[State, list[Event]]:
        """Play ``move``, already validated (one of :meth:`moves`): a new state and events."""
        raise NotImplementedError

    def actors(self, state: State) -> list[str]:
        raise NotImplementedError

    def is_over(self, state: State) -> bool:
        raise NotImplementedError

    def outcome(self, state: State) -> list[dict[str, Any]]:
        raise NotImplementedError

    def is_secret(self, state: State, player: str, move: Move) -> bool:
        return False

    def show(self, state: State, viewer: str | None) -> Mapping[str, Any]:
        """The game's own view fields (the rules file's view table) for ``viewer``."""
        raise NotImplementedError

    def step(self, state: State) -> Step:
        """The envelope's step: a stable id and its public parameters."""
        raise NotImplementedError

    def turn(self, state: State) -> int:
        """The envelope's turn counter (see :class:`Envelope`)."""
        raise NotImplementedError

    def explain(self, state: State, player: str, move: Any, kind: str) -> IllegalMove | None:
        """A precise refusal of ``kind`` (:data:`Explain`), or None for the generic one."""
        return None

    def options_problem(self, options: dict[str, Any], n_players: int) -> OptionProblem | None:
        """The game's own rules about options (combinations, seat counts), after the generic
        checks passed: ``options`` holds every option, defaults filled in. None: they work."""
        return None

    # -- what the template does -----------------------------------------------------------
    @property
    def schema(self) -> int:
        """The schema ``dump`` writes: the number of :attr:`MIGRATIONS`."""
        return len(self.MIGRATIONS)

    def complete_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """``options`` with every option the game has, the defaults filled in (unchecked)."""
        return {name: options.get(name, default) for name, (default, _) in self.options.items()}

    def option_check(self, options: Any, n_players: int) -> OptionProblem | None:
        """Why ``options`` do not work with ``n_players`` players, or None. Generic checks:
        a dict of known option names; a value among the allowed ones where the game lists them
        (strictly: ``true`` is not ``1``); the seat count within the game's range. Then the
        game's own :meth:`options_problem`."""
        if not isinstance(options, dict):
            return OptionProblem("bad_options", "options must be a dict")
        unknown = sorted(str(k) for k in options if k not in self.options)
        if unknown:
            return OptionProblem(
                "unknown_option", f"unknown option {unknown[0]!r}", {"option": unknown[0]}
            )
        for name, value in options.items():
            allowed = self.options[name][1]
            if isinstance(allowed, (list, tuple)) and not any(_same(value, a) for a in allowed):
                return OptionProblem(
                    "bad_value",
                    f"bad value {value!r} for option {name!r}",
                    {"option": name, "value": value},
                )
        if not self.min_players <= n_players <= self.max_players:
            return OptionProblem(
                "bad_players",
                f"{self.title or self.id} needs {self.min_players}-{self.max_players} players",
                {"min": self.min_players, "max": self.max_players, "n": n_players},
            )
        return self.options_problem(self.complete_options(options), n_players)

    def check_options(self, options: dict[str, Any], n_players: int) -> str | None:
        """Why ``options`` do not work with ``n_players`` players (one English sentence), or
        None when :meth:`setup` would take them. The lobby, ``/game new`` and the CLI ask this
        instead of trying ``setup`` (the translated reason: :meth:`option_check`)."""
        problem = self.option_check(options, n_players)
        return None if problem is None else problem.message

    def setup(self, players: list[str], options: dict[str, Any], seed: int) -> State:
        """Checks the seats (a list of distinct non-empty string ids) and the options
        (:meth:`check_options`), raising ``ValueError`` with the reason, then :meth:`start`."""
        if not isinstance(players, list) or not all(isinstance(p, str) and p for p in players):
            raise ValueError("players must be a list of player ids")
        if len(set(players)) != len(players):
            raise ValueError("player ids must be distinct")
        problem = self.option_check(options, len(players))
        if problem is not None:
            raise ValueError(problem.message)
        return self.start(list(players), self.complete_options(options), seed)

    def legal_moves(self, state: State, player: str) -> list[Move]:
        if self.is_over(state) or player not in self.actors(state):
            return []
        return self.moves(state, player)

    def apply(self, state: State, player: str, move: Move) -> tuple[State, list[Event]]:
        """The one validating path (boardgame.io's order, :func:`validate`), then :meth:`play`."""

        def refuse(kind: str) -> IllegalMove:
            precise = self.explain(state, player, move, kind)
            return precise if precise is not None else IllegalMove(kind, _GENERIC[kind])

        mtype = move.get("type") if isinstance(move, dict) else None
        if not isinstance(mtype, str) or (
            self.move_types is not None and mtype not in self.move_types
        ):
            raise refuse(MALFORMED)
        if self.is_over(state):
            raise refuse(GAME_OVER)
        if player not in self.actors(state):
            raise refuse(NOT_YOUR_TURN)
        if not is_listed(move, self.moves(state, player)):
            raise refuse(NOT_LEGAL)
        return self.play(state, player, move)

    def envelope(self, state: State) -> Envelope:
        over = self.is_over(state)
        return {
            "actors": [] if over else list(self.actors(state)),
            "step": self.step(state),
            "over": over,
            "results": self.outcome(state) if over else [],
            "turn": self.turn(state),
            "last": [],
        }

    def view(self, state: State, viewer: str | None) -> dict[str, Any]:
        """The game's own fields (:meth:`show`) and the :class:`Envelope` under ``"envelope"``."""
        return {**self.show(state, viewer), ENVELOPE: self.envelope(state)}

    def dump(self, state: State) -> dict[str, Any]:
        return {SCHEMA: self.schema, **clone(state)}

    def load(self, data: dict[str, Any]) -> State:
        return self.loaded(migrate(clone(data), self.MIGRATIONS, self.id))

    def loaded(self, data: dict[str, Any]) -> State:
        """A state from migrated data (override to check its shape): the data itself."""
        return data
