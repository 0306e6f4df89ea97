"""SessionHost: the one place that runs sessions. Imports nothing from discord.

Every change follows the same path: find the session, take its lock, authorise the actor, call
the engine, persist atomically (compare-and-swap on the version), and return an :class:`Outcome`
saying what happened. The Discord adapter, the terminal ``demo``, the CLI, the benches and the
tests all drive a game through this class, so they share every rule about lobbies, turns,
clocks and standings.

The class is a façade: each job is a small service of :mod:`bot.core`, and the methods here
only hand over to them.

* :mod:`bot.core.sessions`: the store, the caches, one lock per session (shared by all);
* :mod:`bot.core.queries`: what the rules say now (actors, legal moves, previews, follow-ups);
* :mod:`bot.core.gamelog`: the public events of the log;
* :mod:`bot.core.lobby`: open, join, add an AI, leave, kick, cancel, start, abandon, rematch;
* :mod:`bot.core.play`: moves, chained choices, forced moves, inline AI replies;
* :mod:`bot.core.ai_seats`: one AI reply at a time, the catch-up, seats handed to the AI;
* :mod:`bot.core.takebacks`: the undo stack and the undo (the log's rules: ``takeback``);
* :mod:`bot.core.clock`: reminders and deadlines (the entries' rules: ``deadlines``);
* :mod:`bot.core.ratings`: rating updates and standings;
* :mod:`bot.core.bookkeeping`: the adapter's opaque bookkeeping, under the session's lock;
* :mod:`bot.core.people`: refused DMs, languages, spectators;
* :mod:`bot.core.snapshot`: does the log replay to the stored snapshot.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from typing import Any

import bot.text.catalog_en  # noqa: F401  (registers the English catalogue)
import games as games_pkg
from bot.core.ai_runner import AiRunner
from bot.core.ai_seats import AiSeats
from bot.core.bookkeeping import Bookkeeping
from bot.core.clock import CLOCK_CONCURRENCY as CLOCK_CONCURRENCY
from bot.core.clock import Clock, OnFired
from bot.core.digest import Digests
from bot.core.ending import end_table
from bot.core.gamelog import GameLog
from bot.core.lobby import Lobby
from bot.core.options import check_options
from bot.core.outcome import Outcome as Outcome
from bot.core.passthrough import PassThroughs
from bot.core.people import People
from bot.core.play import MAX_AUTO_MOVES as MAX_AUTO_MOVES
from bot.core.play import Play
from bot.core.prefs import Prefs
from bot.core.queries import Queries
from bot.core.ratings import Standings
from bot.core.ratings import conservative as conservative
from bot.core.ratings import rank_rating as rank_rating
from bot.core.sessions import CACHED_SESSIONS, Sessions
from bot.core.sessions import SESSION_ID_LIMIT as SESSION_ID_LIMIT
from bot.core.snapshot import check_replay
from bot.core.store.base import Bookkeeping as Book
from bot.core.store.base import SessionRecord, Store
from bot.core.takeback import Undoable
from bot.core.takebacks import TakeBacks
from bot.core.vacation import Vacations
from games.base import Game, Move, State

#: turn clock choices (seconds per decision; None = off)
TURN_CLOCKS: dict[str, int | None] = {"off": None, "5m": 300, "1h": 3600, "24h": 86400}
DEFAULT_TURN_SECS: int | None = 86400


class SessionHost(PassThroughs):
    def __init__(
        self,
        store: Store,
        registry: dict[str, Game] | None = None,
        now: Callable[[], float] = time.time,
        seed_source: Callable[[], int] = lambda: secrets.randbits(63),
        ai: AiRunner | None = None,
        inline_ai: bool = True,
    ) -> None:
        self.sessions = Sessions(
            store,
            registry if registry is not None else games_pkg.REGISTRY,
            now,
            ai if ai is not None else AiRunner(workers=0),
            CACHED_SESSIONS,
        )
        self.queries = Queries(self.sessions)
        self.log = GameLog(self.sessions, CACHED_SESSIONS)
        self.takebacks = TakeBacks(self.sessions, self.log, CACHED_SESSIONS)
        self.play = Play(self.sessions, self.queries, self.takebacks, self.log, inline_ai)
        self.ai_seats = AiSeats(self.sessions, self.play)
        self.lobby = Lobby(self.sessions, self.ai_seats, self.log, seed_source)
        self.vacations = Vacations(self.sessions)
        self.prefs = Prefs(self.sessions)
        self.digests = Digests(self.sessions)
        self.clock = Clock(self.sessions, self.play, self.vacations.touched)
        self.standing = Standings(self.sessions)
        self.bookkeeping = Bookkeeping(self.sessions, self.log)
        self.people = People(self.sessions)

    # -- shared settings (read and replaced by the bot, the demo and the tests) ---------------
    @property
    def store(self) -> Store:
        return self.sessions.store

    @property
    def registry(self) -> dict[str, Game]:
        return self.sessions.registry

    @property
    def now(self) -> Callable[[], float]:
        return self.sessions.now

    @now.setter
    def now(self, now: Callable[[], float]) -> None:
        self.sessions.now = now

    @property
    def ai(self) -> AiRunner:
        """Who thinks for AI seats, idle players and seats whose player left (issue 15)."""
        return self.sessions.ai

    @property
    def seed_source(self) -> Callable[[], int]:
        return self.lobby.seed_source

    @seed_source.setter
    def seed_source(self, source: Callable[[], int]) -> None:
        self.lobby.seed_source = source

    @property
    def inline_ai(self) -> bool:
        """True: a change lets the AI seats reply before it returns (the demo, tests); False
        (the bot): each AI reply is its own :meth:`ai_step`, shown before the next one."""
        return self.play.inline_ai

    @inline_ai.setter
    def inline_ai(self, value: bool) -> None:
        self.play.inline_ai = value

    @property
    def after_publication(self) -> Callable[[SessionRecord], None] | None:
        """Called with the latest record after every publication (the bot drives AI seats)."""
        return self.bookkeeping.after_publication

    @after_publication.setter
    def after_publication(self, hook: Callable[[SessionRecord], None] | None) -> None:
        self.bookkeeping.after_publication = hook

    # -- lookups -----------------------------------------------------------------------------
    def game(self, game_id: str) -> Game:
        return self.sessions.game(game_id)

    async def active(self, channel_id: str) -> SessionRecord:
        rec = await self.sessions.active(channel_id)
        await self.log.warm(rec)
        return rec

    async def get(self, session_id: int) -> SessionRecord:
        rec = await self.sessions.get(session_id)
        await self.log.warm(rec)
        return rec

    async def current(self, session_id: int) -> SessionRecord:
        """The latest record this host knows: the one it last stored or read (no database
        read), else the stored one, kept. Treat it as read-only. Over a shared database the
        copy is first checked against the stored version (one small indexed read)."""
        rec = await self.sessions.current(session_id)
        await self.log.warm(rec)
        return rec

    def state(self, rec: SessionRecord) -> State:
        """The engine state of ``rec`` (cached by version)."""
        return self.sessions.state(rec)

    def view(self, rec: SessionRecord, viewer: str | None) -> dict[str, Any]:
        """The engine's view of ``rec`` for ``viewer``, its envelope's ``last`` filled with
        the public events of the latest change (``bot.core.gamelog``; a record loaded
        through this host is known, any other: :meth:`warm` it first)."""
        return self.log.view(rec, viewer)

    async def warm(self, rec: SessionRecord) -> None:
        """Know ``rec``'s latest change before its :meth:`view` is asked for (a record read
        elsewhere than through this host: replays its log when need be)."""
        await self.log.warm(rec)

    def actors(self, rec: SessionRecord) -> list[str]:
        return self.queries.actors(rec)

    def legal_moves(self, rec: SessionRecord, player: str) -> list[dict[str, Any]]:
        return self.queries.legal_moves(rec, player)

    def preview(self, rec: SessionRecord, player: str, move: Move) -> dict[str, Any]:
        """What ``move`` would do now (``games.base.Previewable``); ``{}`` when nothing."""
        return self.queries.preview(rec, player, move)

    def follow_ups(
        self, rec: SessionRecord, player: str, move: Move
    ) -> tuple[dict[str, Any], list[Move]] | None:
        """The secret decision ``player``'s public ``move`` leads straight to, if any:
        their view after it and their moves then (see :meth:`Queries.follow_ups`)."""
        return self.queries.follow_ups(rec, player, move)

    def is_secret_decision(self, rec: SessionRecord, player: str) -> bool:
        """True when any of ``player``'s current moves is secret (prompt them privately)."""
        return self.queries.is_secret_decision(rec, player)

    def names(self, rec: SessionRecord) -> dict[str, str]:
        """Seat names as shown (an AI seat with its level: "AI 1 · hard")."""
        return self.queries.names(rec)

    # -- lobby -------------------------------------------------------------------------------
    def check_options(self, game: Game, options: dict[str, Any]) -> dict[str, Any]:
        """``options`` when they work with some seat count of ``game`` (``OptionRefused``
        otherwise): :func:`bot.core.options.check_options`."""
        return check_options(game, options)

    async def create(
        self,
        *,
        guild_id: str | None,
        channel_id: str,
        game_id: str,
        options: dict[str, Any],
        user_id: str,
        user_name: str,
        turn_secs: int | None = DEFAULT_TURN_SECS,
    ) -> SessionRecord:
        return await self.lobby.create(
            guild_id=guild_id,
            channel_id=channel_id,
            game_id=game_id,
            options=options,
            user_id=user_id,
            user_name=user_name,
            turn_secs=turn_secs,
        )

    async def rematch(
        self, session_id: int, user_id: str, user_name: str
    ) -> tuple[SessionRecord, list[str]]:
        """A new lobby in the finished game's channel: the same game, options, turn clock
        and AI seats, ``user_id`` seated; with the other humans of the old game (to invite).
        Once per finished game."""
        return await self.lobby.rematch(session_id, user_id, user_name)

    async def join(
        self, channel_id: str, user_id: str, name: str, expected_version: int | None = None
    ) -> SessionRecord:
        return await self.lobby.join(channel_id, user_id, name, expected_version)

    async def add_ai(
        self,
        channel_id: str,
        user_id: str,
        can_manage: bool = False,
        expected_version: int | None = None,
        level: str | None = None,
    ) -> SessionRecord:
        """Seat an AI of ``level`` (default medium; an unknown level is refused here)."""
        return await self.lobby.add_ai(channel_id, user_id, can_manage, expected_version, level)

    async def leave(
        self, channel_id: str, user_id: str, expected_version: int | None = None
    ) -> Outcome:
        """Leave the lobby (the table closes when no human is left), or hand a running seat
        to the AI."""
        return await self.lobby.leave(channel_id, user_id, expected_version)

    async def kick(self, channel_id: str, user_id: str, target: str, can_manage: bool) -> Outcome:
        return await self.lobby.kick(channel_id, user_id, target, can_manage)

    async def cancel(self, channel_id: str, user_id: str, can_manage: bool) -> SessionRecord:
        return await self.lobby.cancel(channel_id, user_id, can_manage)

    async def start(
        self,
        channel_id: str,
        user_id: str,
        can_manage: bool = False,
        expected_version: int | None = None,
    ) -> Outcome:
        return await self.lobby.start(channel_id, user_id, can_manage, expected_version)

    async def abandon(
        self, channel_id: str, user_id: str, can_manage: bool
    ) -> SessionRecord | None:
        """End the channel's table (its host or a manager); None when it was a damaged row,
        closed without being read (nothing to show)."""
        return await self.lobby.abandon(channel_id, user_id, can_manage)

    async def end_table(self, session_id: int, guild_id: str) -> SessionRecord:
        """``/game end``: a manager ends any open table of their server (issue 31)."""
        return await end_table(self.sessions, session_id, guild_id)

    # -- play --------------------------------------------------------------------------------
    async def apply(
        self,
        session_id: int,
        player: str,
        move: Move,
        expected_version: int | None = None,
        then: Move | None = None,
    ) -> Outcome:
        """Apply ``player``'s ``move``; then let AI seats move until a human must act.

        ``expected_version`` is the version the prompt was made at (None: no staleness check).
        ``then``: the secret decision that ``move`` leads to, chosen with it in one click
        (:meth:`follow_ups`); both are checked before either is stored, and each is its own
        record of the log.
        Raises :class:`HostError` or :class:`IllegalMove`; nothing changes when it raises.
        A lost race with another process re-reads the session and validates the move again.
        """
        await self.vacations.on_move(player, session_id)  # any move ends a vacation (issue 27 #4)
        return await self.play.apply(session_id, player, move, expected_version, then)

    # -- AI seats (issue 15) -------------------------------------------------------------------
    def ai_to_move(self, rec: SessionRecord) -> str | None:
        """The first AI seat that owes a move now (None: none does, or not running)."""
        return self.queries.ai_to_move(rec)

    async def ai_step(self, session_id: int) -> Outcome | None:
        """One move of an AI seat that owes one; None when none does (thought outside the
        session's lock, applied when the seat still faces the same decision)."""
        return await self.ai_seats.step(session_id)

    async def ai_owing(self, running: list[SessionRecord] | None = None) -> list[int]:
        """Running sessions where an AI seat owes a move (the start-up catch-up)."""
        return await self.ai_seats.owing(running)

    async def running_records(self) -> list[SessionRecord]:
        """Every running session as stored (start-up catch-up); a damaged one is skipped."""
        return await self.ai_seats.running_records()

    # -- take-backs (issue 14; the rules of the log are in bot.core.takeback) -----------------
    async def undo_stack(self, rec: SessionRecord) -> list[Undoable]:
        """The moves of ``rec`` that may still be taken back, newest last (see
        :mod:`bot.core.takeback`); [] unless the game is running."""
        return await self.takebacks.stack(rec)

    async def undoable_move(self, rec: SessionRecord) -> tuple[str, int] | None:
        """(player, seq) of the move an Undo button on the board would take back: the last
        one, when its player (a human) may still take it back."""
        await self.takebacks.stack(rec)
        return self.takebacks.hint(rec)

    def undo_hint(self, rec: SessionRecord) -> tuple[str, int] | None:
        """:meth:`undoable_move` from what this host already knows (no database read)."""
        return self.takebacks.hint(rec)

    async def undo(self, session_id: int, player: str, seq: int) -> Outcome:
        """``player`` takes back their move ``seq``: an undo record is appended to the log
        and the state from before that move comes back. Refused (HostError, nothing changes)
        unless it is their last move, nobody else acted since and it revealed nothing."""
        return await self.takebacks.undo(session_id, player, seq)

    # -- the turn clock ----------------------------------------------------------------------
    async def run_clock(
        self, now: float | None = None, on_fired: OnFired | None = None
    ) -> list[Outcome]:
        """Fire due reminders and deadlines (a reminder at half time, the takeover AI's move
        at the deadline), one process per session. ``on_fired`` shows each outcome as soon as
        it is resolved; without it the outcomes are returned."""
        return await self.clock.run(now, on_fired, CLOCK_CONCURRENCY)

    # -- the bot's bookkeeping (the log, standings and people: PassThroughs) ------------------
    def publication(
        self, session_id: int
    ) -> AbstractAsyncContextManager[tuple[SessionRecord, Book]]:
        """Show a session: under its lock (and its database-level lock), the latest record
        and a copy of its bookkeeping (an opaque JSON object, the adapter's) to change; the
        copy and the record's ``shown_version`` (set it once the record's version is shown)
        are stored when the block ends, also when it fails half-way."""
        return self.bookkeeping.publication(session_id)

    async def update_meta(self, session_id: int, change: Callable[[Book], None]) -> SessionRecord:
        """Read-modify-write of the bookkeeping alone (a lobby message id, a prompt shown)."""
        return await self.bookkeeping.update(session_id, change)

    async def unpublished(self) -> list[int]:
        """Sessions with a stored change not yet shown in Discord (a crash or a restart)."""
        return await self.bookkeeping.unpublished()

    # -- verification ------------------------------------------------------------------------
    async def replay(self, session_id: int) -> tuple[bool, str]:
        """Replay seed + move log; (True, "") when it reproduces the stored snapshot."""
        rec = await self.get(session_id)
        if rec.status in ("lobby", "cancelled") or rec.state is None:
            return True, ""
        game = self.game(rec.game)
        return check_replay(game, rec, await self.sessions.store.moves(session_id))
