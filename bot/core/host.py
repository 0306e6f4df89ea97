"""SessionHost: the one place that runs sessions. Imports nothing from discord.

Every change follows the same path: find the session, take its lock, authorise the actor, call
the engine, persist atomically (compare-and-swap on the version), and return an :class:`Outcome`
saying what happened. The Discord cogs, the terminal ``demo`` and the tests all drive a game
through this class, so they share every rule about lobbies, turns, clocks and standings.

Prompt freshness: every session keeps, for each player who must act, the version at which that
decision began (``clock[p]["since"]``). A prompt made at version ``v`` is still good while
``v >= since``; so in a simultaneous secret step one player's pick does not invalidate the others'
prompts, but a double click or an old prompt from an earlier decision is refused as stale.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import secrets
import time
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from openskill.models import PlackettLuce

import bot.text.catalog_en  # noqa: F401  (registers the English catalogue)
import games as games_pkg
from bot.core.ai_runner import (
    TAKEOVER_LEVEL,
    AiRunner,
    resume_after,
    seat_label,
    seat_level,
    valid_level,
)
from bot.core.cache import LRU
from bot.core.errors import HostError
from bot.core.store.base import (
    ChannelBusy,
    ClockEntry,
    CorruptSession,
    Meta,
    MoveRecord,
    MoveSource,
    RateFn,
    Rating,
    Seat,
    SessionRecord,
    Store,
    VersionConflict,
)
from bot.core.takeback import (
    FORCED,
    UNDO_EVENT,
    LogReplay,
    Undoable,
    pushed,
    undo_move,
    undo_target,
)
from bot.core.turns import turn_ends
from games.base import (
    Event,
    Game,
    IllegalMove,
    Move,
    Previewable,
    State,
    canonical,
    clone,
    forced_move,
    is_listed,
)

#: turn clock choices (seconds per decision; None = off)
TURN_CLOCKS: dict[str, int | None] = {"off": None, "5m": 300, "1h": 3600, "24h": 86400}
DEFAULT_TURN_SECS: int | None = 86400
MAX_AUTO_MOVES = 10_000
SESSION_ID_LIMIT = 2**63  # ids are 64-bit signed integers in both databases
log = logging.getLogger(__name__)
CACHED_SESSIONS = 1024  # records and engine states kept per process (least recent dropped)
CLOCK_CONCURRENCY = 16  # tables the turn clock resolves at a time


@dataclass
class Outcome:
    """What one host call changed: the session after it and the public events, in order.

    Host-level events (``host_started``, ``host_timeout``, ``host_left`` ...) are mixed in with
    the engine's events so the log reads in order.
    """

    record: SessionRecord
    events: list[Event] = field(default_factory=list)
    moved: list[tuple[str, MoveSource]] = field(default_factory=list)  # (player, source)
    reminders: list[str] = field(default_factory=list)  # players reminded by the clock
    #: at a game's end: each rated human's displayed skill (:func:`conservative`), before and
    #: after the game's rating update (empty when nobody was rated: AI seats, one human)
    ratings: dict[str, tuple[float, float]] = field(default_factory=dict)

    @property
    def finished(self) -> bool:
        return self.record.status == "finished"


def rank_rating(
    outcome: list[dict[str, Any]],
    humans: set[str],
    changes: dict[str, tuple[float, float]] | None = None,
) -> RateFn:
    """An OpenSkill Plackett-Luce update for the human seats of a finished game; ``changes``
    (when given) receives each rated player's displayed skill before and after."""
    model = PlackettLuce()
    rows = [r for r in outcome if r["player"] in humans]

    def rate(current: dict[str, Rating]) -> dict[str, Rating]:
        if len(rows) < 2:
            return {}
        teams: list[list[Any]] = []
        for r in rows:
            old = current.get(r["player"])
            teams.append([model.rating(mu=old.mu, sigma=old.sigma) if old else model.rating()])
        new = model.rate(teams, ranks=[r["rank"] for r in rows])
        out: dict[str, Rating] = {}
        for r, team in zip(rows, new, strict=True):
            old = current.get(r["player"])
            out[r["player"]] = Rating(
                r["player"],
                team[0].mu,
                team[0].sigma,
                (old.games if old else 0) + 1,
                (old.wins if old else 0) + (r["rank"] == 1),
            )
            if changes is not None:
                before = old or Rating(r["player"], model.mu, model.sigma)
                changes[r["player"]] = (
                    conservative(before.mu, before.sigma),
                    conservative(team[0].mu, team[0].sigma),
                )
        return out

    return rate


def conservative(mu: float, sigma: float) -> float:
    """The displayed skill: mu - 3 sigma, so a newcomer starts at 0 and climbs."""
    return mu - 3 * sigma


class SessionHost:
    def __init__(
        self,
        store: Store,
        registry: dict[str, Game] | None = None,
        now: Callable[[], float] = time.time,
        seed_source: Callable[[], int] = lambda: secrets.randbits(31),
        ai: AiRunner | None = None,
        inline_ai: bool = True,
    ) -> None:
        self.store = store
        #: who thinks for AI seats, idle players and seats whose player left (issue 15)
        self.ai = ai if ai is not None else AiRunner(workers=0)
        #: True: a change lets the AI seats reply before it returns (the demo, tests); False
        #: (the bot): each AI reply is its own :meth:`ai_step`, shown before the next one
        self.inline_ai = inline_ai
        #: called with the latest record after every publication (the bot drives AI seats)
        self.after_publication: Callable[[SessionRecord], None] | None = None
        self.registry = registry if registry is not None else games_pkg.REGISTRY
        self.now = now
        self.seed_source = seed_source
        #: one lock per session: moves, lobby changes, the clock and the publication of a
        #: change (with its ``meta`` bookkeeping) all take it; kept while someone holds or
        #: waits for it (weak values), so the map does not grow with the sessions ever seen
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._states: LRU[int, tuple[int, State]] = LRU(CACHED_SESSIONS)
        #: the last record this host stored per session; a move starts from it and the CAS
        #: in the store catches any change made elsewhere (then it re-reads and re-validates)
        self._records: LRU[int, SessionRecord] = LRU(CACHED_SESSIONS)
        #: per session, the undo stack (:mod:`bot.core.takeback`) at a version; rebuilt from
        #: the move log when missing or behind
        self._undo: LRU[int, tuple[int, list[Undoable]]] = LRU(CACHED_SESSIONS)

    # -- lookups -----------------------------------------------------------------------------
    def game(self, game_id: str) -> Game:
        try:
            return self.registry[game_id]
        except KeyError:
            raise HostError(
                "unknown_game", game=game_id, known=", ".join(sorted(self.registry))
            ) from None

    def _lock(self, session_id: int) -> asyncio.Lock:
        lock = self._locks.get(session_id)
        if lock is None:
            lock = self._locks[session_id] = asyncio.Lock()
        return lock

    async def active(self, channel_id: str) -> SessionRecord:
        rec = await self.store.active_session(channel_id)
        if rec is None:
            raise HostError("no_session")
        return rec

    async def get(self, session_id: int) -> SessionRecord:
        if not 0 < session_id < SESSION_ID_LIMIT:  # a forged custom_id: no such row can exist
            raise HostError("stale")
        rec = await self.store.get_session(session_id)
        if rec is None:
            raise HostError("no_session")
        return rec

    async def current(self, session_id: int) -> SessionRecord:
        """The latest record this host knows: the one it last stored or read (no database
        read), else the stored one, kept. Treat it as read-only: every change goes through a
        host method; a change made by another process is caught by the store's CAS. Over a
        shared database (several processes) the copy is first checked against the stored
        version (one small indexed read) and read again when another process moved on."""
        rec = self._records.get(session_id)
        if rec is not None and self.store.shared:
            rec = await self._still_current(rec)
        if rec is None:
            rec = self._records[session_id] = await self.get(session_id)
        return rec

    async def _still_current(self, rec: SessionRecord) -> SessionRecord | None:
        """``rec`` with the stored bookkeeping if it is still the stored version, else None."""
        head = await self.store.session_head(rec.id)
        if head is None or head[0] != rec.version:
            self._records.pop(rec.id, None)
            return None
        rec.meta = head[1]
        return rec

    def state(self, rec: SessionRecord) -> State:
        """The engine state of ``rec`` (cached by version)."""
        if rec.state is None:
            raise HostError("not_running")
        cached = self._states.get(rec.id)
        if cached and cached[0] == rec.version:
            return cached[1]
        try:
            state = self.game(rec.game).load(rec.state)
        except Exception as exc:  # a snapshot the engine cannot read: that table is damaged
            raise CorruptSession(
                rec.id, rec.host_id, f"the snapshot does not load ({type(exc).__name__})"
            ) from None
        self._states[rec.id] = (rec.version, state)
        return state

    def view(self, rec: SessionRecord, viewer: str | None) -> dict[str, Any]:
        return self.game(rec.game).view(self.state(rec), viewer)

    def actors(self, rec: SessionRecord) -> list[str]:
        return self.game(rec.game).actors(self.state(rec)) if rec.status == "running" else []

    def legal_moves(self, rec: SessionRecord, player: str) -> list[dict[str, Any]]:
        if rec.status != "running":
            return []
        return self.game(rec.game).legal_moves(self.state(rec), player)

    def preview(self, rec: SessionRecord, player: str, move: Move) -> dict[str, Any]:
        """What ``move`` would do now, in the rules' own numbers (``games.base.Previewable``):
        public facts for ``player`` only; ``{}`` for a game without previews, a table that is
        not running, or a move that is not legal."""
        game = self.game(rec.game)
        if rec.status != "running" or not isinstance(game, Previewable):
            return {}
        try:
            return game.preview(self.state(rec), player, move)
        except IllegalMove:
            return {}

    def follow_ups(
        self, rec: SessionRecord, player: str, move: Move
    ) -> tuple[dict[str, Any], list[Move]] | None:
        """When ``player``'s public ``move`` leads straight to a secret decision of theirs alone
        (Empire Engine: the engine card laid, then its action; the gear placed, then which gear
        it is), that decision: ``player``'s view after ``move`` and their moves then, so a
        prompt can offer both parts as one choice (:meth:`apply` with ``then``). None
        otherwise. Nothing is stored."""
        if rec.status != "running":
            return None
        game, state = self.game(rec.game), self.state(rec)
        if game.is_secret(state, player, move):
            return None
        try:
            after, _ = game.apply(state, player, move)
        except IllegalMove:
            return None
        if game.is_over(after) or game.actors(after) != [player]:
            return None
        moves = game.legal_moves(after, player)
        if not moves or not all(game.is_secret(after, player, m) for m in moves):
            return None
        return game.view(after, player), moves

    def is_secret_decision(self, rec: SessionRecord, player: str) -> bool:
        """True when any of ``player``'s current moves is secret (prompt them privately)."""
        game, state = self.game(rec.game), self.state(rec)
        return any(game.is_secret(state, player, m) for m in game.legal_moves(state, player))

    def names(self, rec: SessionRecord) -> dict[str, str]:
        """Seat names as shown (an AI seat with its level: "AI 1 · hard")."""
        return {s.player_id: seat_label(s) for s in rec.seats}

    # -- lobby -------------------------------------------------------------------------------
    def check_options(self, game: Game, options: dict[str, Any]) -> dict[str, Any]:
        clean: dict[str, Any] = {}
        for key, value in options.items():
            if key not in game.options:
                raise HostError("unknown_option", option=key, game=game.title)
            allowed = game.options[key][1]
            if isinstance(allowed, (list, tuple)) and canonical(value) not in {
                canonical(a) for a in allowed
            }:
                raise HostError("bad_option", option=key, value=value)
            clean[key] = value
        errors = []
        for n in range(game.min_players, game.max_players + 1):
            try:
                game.setup([f"check:{i}" for i in range(n)], dict(clean), 0)
                return clean
            except ValueError as exc:
                errors.append(str(exc))
        raise HostError("bad_setup", detail=errors[-1] if errors else "?")

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
        game = self.game(game_id)
        clean = self.check_options(game, options)
        rec = SessionRecord(
            id=0,
            guild_id=guild_id,
            channel_id=channel_id,
            game=game_id,
            options=clean,
            seed=0,
            status="lobby",
            version=0,
            host_id=user_id,
            turn_secs=turn_secs,
            seats=[Seat(user_id, user_name)],
        )
        try:
            return await self.store.create_session(rec)
        except ChannelBusy:
            raise HostError("channel_busy") from None

    async def rematch(
        self, session_id: int, user_id: str, user_name: str
    ) -> tuple[SessionRecord, list[str]]:
        """A new lobby in the finished game's channel: the same game, options and turn clock,
        the AI seats back as they were, ``user_id`` seated; the seed is drawn at the start.
        Returns it with the other humans of the old game (to invite: each presses Join).
        Once per finished game: the old session's meta remembers the new table (written under
        the session's database-level lock too: another process's publication keeps its
        bookkeeping)."""
        async with self._lock(session_id), self.store.session_lock(session_id):
            old = await self.get(session_id)
            if old.status != "finished":
                raise HostError("rematch_not_over")
            me = old.seat_of(user_id)
            if me is None or user_id.startswith("ai:"):
                raise HostError("rematch_not_player", id=old.id)
            if "rematch" in old.meta:
                raise HostError("rematch_taken", id=old.meta["rematch"])
            busy = await self.store.active_session(old.channel_id)
            if busy is not None:
                raise HostError("rematch_busy", id=busy.id)
            seats = [Seat(user_id, user_name)] + [
                dataclasses.replace(s) for s in old.seats if s.player_id.startswith("ai:")
            ]
            rec = SessionRecord(
                id=0,
                guild_id=old.guild_id,
                channel_id=old.channel_id,
                game=old.game,
                options=dict(old.options),
                seed=0,
                status="lobby",
                version=0,
                host_id=user_id,
                turn_secs=old.turn_secs,
                seats=seats,
            )
            try:
                rec = await self.store.create_session(rec)
            except ChannelBusy:
                raise HostError("channel_busy") from None
            meta: Meta = clone(old.meta)
            meta["rematch"] = rec.id
            await self.store.set_meta(old.id, meta)
            old.meta = meta
            self._records.pop(old.id, None)
            invited = [
                s.player_id
                for s in old.seats
                if s.player_id != user_id and not s.player_id.startswith("ai:")
            ]
            return rec, invited

    async def _fresh_lobby(self, session_id: int, expected_version: int | None) -> SessionRecord:
        """The session as stored now (call under its lock); it must still be in the lobby."""
        rec = await self.get(session_id)
        if rec.status != "lobby":
            raise HostError("not_in_lobby")
        if expected_version is not None and rec.version != expected_version:
            raise HostError("stale")
        return rec

    async def _lobby_change(
        self,
        channel_id: str,
        change: Callable[[SessionRecord], None],
        expected_version: int | None = None,
    ) -> SessionRecord:
        rec = await self.active(channel_id)
        async with self._lock(rec.id):
            rec = await self._fresh_lobby(rec.id, expected_version)
            before = rec.version
            change(rec)
            return await self._save(rec, before)

    async def join(
        self, channel_id: str, user_id: str, name: str, expected_version: int | None = None
    ) -> SessionRecord:
        def change(rec: SessionRecord) -> None:
            if rec.seat_of(user_id):
                raise HostError("already_joined")
            game = self.game(rec.game)
            if len(rec.seats) >= game.max_players:
                raise HostError("lobby_full", max=game.max_players)
            rec.seats.append(Seat(user_id, name))

        return await self._lobby_change(channel_id, change, expected_version)

    async def add_ai(
        self,
        channel_id: str,
        user_id: str,
        can_manage: bool = False,
        expected_version: int | None = None,
        level: str | None = None,
    ) -> SessionRecord:
        """Seat an AI of ``level`` (default medium; an unknown level is refused here, before
        anything is written, never later in the game)."""
        chosen = valid_level(level)

        def change(rec: SessionRecord) -> None:
            self._authorise_host(rec, user_id, can_manage)
            game = self.game(rec.game)
            if len(rec.seats) >= game.max_players:
                raise HostError("lobby_full", max=game.max_players)
            n = 1
            while rec.seat_of(f"ai:{n}"):
                n += 1
            rec.seats.append(Seat(f"ai:{n}", f"AI {n}", is_ai=True, ai_level=chosen))

        return await self._lobby_change(channel_id, change, expected_version)

    async def leave(
        self, channel_id: str, user_id: str, expected_version: int | None = None
    ) -> Outcome:
        """Leave the lobby (the table closes when no human is left), or hand a running seat
        to the AI."""
        rec = await self.active(channel_id)
        if rec.status == "running":
            return await self._hand_to_ai(rec.id, user_id, "host_left")
        outcome_rec = await self._lobby_change(
            channel_id, lambda r: self._remove_from_lobby(r, user_id), expected_version
        )
        return Outcome(outcome_rec)

    def _remove_from_lobby(self, rec: SessionRecord, user_id: str) -> None:
        if not rec.seat_of(user_id):
            raise HostError("not_seated")
        rec.seats = [s for s in rec.seats if s.player_id != user_id]
        humans = [s for s in rec.seats if not s.is_ai]
        if not humans:
            rec.status = "cancelled"
        elif rec.host_id == user_id:
            rec.host_id = humans[0].player_id

    async def kick(self, channel_id: str, user_id: str, target: str, can_manage: bool) -> Outcome:
        rec = await self.active(channel_id)
        self._authorise_host(rec, user_id, can_manage)
        if target == user_id:
            raise HostError("kick_self")
        seat = rec.seat_of(target)
        if seat is None:
            raise HostError("nobody_to_kick", name=target)
        if rec.status == "running":
            return await self._hand_to_ai(rec.id, target, "host_kicked")
        return Outcome(
            await self._lobby_change(channel_id, lambda r: self._remove_from_lobby(r, target))
        )

    async def cancel(self, channel_id: str, user_id: str, can_manage: bool) -> SessionRecord:
        def change(rec: SessionRecord) -> None:
            self._authorise_host(rec, user_id, can_manage)
            rec.status = "cancelled"

        return await self._lobby_change(channel_id, change)

    def _authorise_host(self, rec: SessionRecord, user_id: str, can_manage: bool) -> None:
        if user_id != rec.host_id and not can_manage:
            host = rec.seat_of(rec.host_id)
            raise HostError("not_host", host=host.name if host else rec.host_id)

    async def start(
        self,
        channel_id: str,
        user_id: str,
        can_manage: bool = False,
        expected_version: int | None = None,
    ) -> Outcome:
        rec = await self.active(channel_id)
        async with self._lock(rec.id):
            rec = await self._fresh_lobby(rec.id, expected_version)
            if not rec.seat_of(user_id) and not can_manage:
                raise HostError("join_first")
            game = self.game(rec.game)
            if len(rec.seats) < game.min_players:
                raise HostError(
                    "too_few_players", game=game.title, min=game.min_players, count=len(rec.seats)
                )
            seed = self.seed_source()
            try:
                state = game.setup(rec.player_ids, dict(rec.options), seed)
            except ValueError as exc:
                raise HostError("bad_setup", detail=str(exc)) from None
            before = rec.version
            rec.seed, rec.status, rec.state = seed, "running", game.dump(state)
            self._reclock(rec, game.actors(state), None, before + 1)
            rec = await self._save(rec, before)
            self._states[rec.id] = (rec.version, state)
            out = Outcome(rec, [{"type": "host_started", "players": rec.player_ids}])
            await self._auto_moves(rec, out)
            return out

    async def abandon(
        self, channel_id: str, user_id: str, can_manage: bool
    ) -> SessionRecord | None:
        """End the channel's table (its host or a manager); None when it was a damaged row,
        closed without being read (nothing to show)."""
        try:
            rec = await self.active(channel_id)
        except CorruptSession as exc:
            if user_id != exc.host_id and not can_manage:
                raise HostError("not_host", host=f"<@{exc.host_id}>") from None
            async with self._lock(exc.session_id):
                await self.store.close_damaged(exc.session_id)
            self._records.pop(exc.session_id, None)
            self._states.pop(exc.session_id, None)
            return None
        async with self._lock(rec.id):
            rec = await self.get(rec.id)
            self._authorise_host(rec, user_id, can_manage)
            before = rec.version
            rec.status = "abandoned" if rec.status == "running" else "cancelled"
            rec.clock = {}
            return await self._save(rec, before)

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
        async with self._lock(session_id):
            for attempt in range(3):
                rec = self._working_copy(session_id) if attempt == 0 else None
                cached = rec is not None
                if rec is None or (expected_version is not None and expected_version > rec.version):
                    rec = await self.get(session_id)
                    cached = False
                try:
                    out = await self._try_move(rec, player, move, expected_version, then)
                except (HostError, IllegalMove):
                    # a refusal judged on this host's copy: make sure it is the latest
                    if cached and (await self.get(session_id)).version != rec.version:
                        self._records.pop(session_id, None)
                        continue
                    raise
                except VersionConflict:
                    continue
                await self._auto_moves(rec, out)
                return out
            raise HostError("busy")

    def _working_copy(self, session_id: int) -> SessionRecord | None:
        """The cached record, copied: a move changes its copy, so a reader holding the cached
        one never sees a half-made change."""
        rec = self._records.get(session_id)
        if rec is None:
            return None
        return dataclasses.replace(
            rec,
            seats=[dataclasses.replace(s) for s in rec.seats],
            clock={p: ClockEntry(**c) for p, c in rec.clock.items()},
        )

    async def _try_move(
        self,
        rec: SessionRecord,
        player: str,
        move: Move,
        expected_version: int | None,
        then: Move | None = None,
    ) -> Outcome:
        if rec.status != "running":
            raise HostError("not_running")
        seat = rec.seat_of(player)
        if seat is None or (seat.is_ai and not player.startswith("ai:")):  # left: the AI plays
            raise HostError("not_seated")
        if expected_version is not None and expected_version != rec.version:
            entry = rec.clock.get(player)
            if entry is None or expected_version < entry["since"]:
                raise HostError("stale")
        if then is not None:  # both parts must be legal before the first is stored
            follow = self.follow_ups(rec, player, move)
            if follow is None or not is_listed(then, follow[1]):
                raise IllegalMove("not_legal", "That choice is not available now.")
        out = Outcome(rec)
        await self._apply_one(rec, player, move, "player", out)
        if then is not None:
            try:
                await self._apply_one(rec, player, then, "player", out)
            except VersionConflict:  # another process moved on: the first part stands,
                log.warning("session %s: the second part of a choice lost a race", rec.id)
        return out

    async def _apply_one(
        self, rec: SessionRecord, player: str, move: Move, source: MoveSource, out: Outcome
    ) -> None:
        game = self.game(rec.game)
        state = self.state(rec)
        new_state, events = game.apply(state, player, move)  # raises IllegalMove
        before = rec.version
        seq = rec.move_count
        rec.state = game.dump(new_state)
        rec.move_count = seq + 1
        finished = game.is_over(new_state)
        results: list[dict[str, Any]] | None = None
        rate: RateFn | None = None
        ratings: dict[str, tuple[float, float]] = {}
        if finished:
            rec.status = "finished"
            results = game.outcome(new_state)
            humans = {s.player_id for s in rec.seats if not s.player_id.startswith("ai:")}
            results = [r for r in results if r["player"] in humans]
            rate = rank_rating(results, humans, ratings)
        self._reclock(rec, game.actors(new_state), player, before + 1)
        if source == "timeout":
            out.events.append({"type": "host_timeout", "player": player})
        try:
            await self._save(
                rec,
                before,
                MoveRecord(seq, player, move, source, self.now()),
                results if finished else None,
                rate,
            )
        except VersionConflict:
            self._states.pop(rec.id, None)
            self._records.pop(rec.id, None)
            raise
        self._states[rec.id] = (rec.version, new_state)
        self._push_undo(rec, before, seq, player, source, move, state, new_state)
        out.record = rec
        out.events.extend(events)
        out.moved.append((player, source))
        out.ratings.update(ratings)

    async def _auto_moves(self, rec: SessionRecord, out: Outcome) -> None:
        """The moves nobody has to choose (:meth:`_forced_step`), and with ``inline_ai`` the AI
        seats' moves, until a human must choose or the game ends (the bot runs AI seats one
        :meth:`ai_step` at a time instead, showing each)."""
        for _ in range(MAX_AUTO_MOVES):
            if await self._forced_step(rec, out):
                continue
            if not self.inline_ai:
                return
            p = self.ai_to_move(rec)
            if p is None:
                return
            move = await self._think(rec, p, "ai")
            try:
                await self._apply_one(rec, p, move, "ai", out)
            except VersionConflict:  # another process moved on; it plays the AI seats
                return
        raise RuntimeError(f"session {rec.id}: AI seats did not finish")

    async def _forced_step(self, rec: SessionRecord, out: Outcome) -> bool:
        """Play one move the rules leave no choice in, in sight of everybody
        (:func:`games.base.forced_move`: the second Empire Engine gear with nothing to pay an
        alternate with), for whoever owes it, human or AI; False when there is none. Asking
        would cost the player a click and the table a turn change, and tell nobody anything."""
        if rec.status != "running" or rec.state is None:
            return False
        game, state = self.game(rec.game), self.state(rec)
        for p in game.actors(state):
            move = forced_move(game, state, p)
            if move is None:
                continue
            try:
                await self._apply_one(rec, p, move, FORCED, out)
            except VersionConflict:  # another process moved on; it plays what is forced
                return False
            return True
        return False

    # -- AI seats (issue 15) -------------------------------------------------------------------
    def ai_to_move(self, rec: SessionRecord) -> str | None:
        """The first AI seat that owes a move now (None: none does, or not running)."""
        if rec.status != "running" or rec.state is None:
            return None
        ai_ids = {s.player_id for s in rec.seats if s.is_ai}
        return next((p for p in self.actors(rec) if p in ai_ids), None)

    async def _think(self, rec: SessionRecord, player: str, source: MoveSource) -> Move:
        """The AI's move for ``player`` (its seat's level; an idle human's: the takeover
        level), thought in the AI runner's worker; always legal."""
        seat = rec.seat_of(player)
        level = seat_level(seat) if seat is not None and seat.is_ai else TAKEOVER_LEVEL
        return await self.ai.choose(
            self.game(rec.game),
            self.state(rec),
            player,
            level,
            f"{rec.seed}:{source}:{rec.move_count}",
        )

    async def ai_step(self, session_id: int) -> Outcome | None:
        """One move of an AI seat that owes one; None when none does. The AI thinks outside
        the session's lock (people keep playing meanwhile); its move is applied when the seat
        still faces the same decision (the same view), else it thinks again. Exactly once
        per decision, also with several processes: the store's compare-and-swap decides."""
        for _ in range(3):
            rec = await self.current(session_id)
            player = self.ai_to_move(rec)
            if player is None:
                return None
            seen = canonical(self.view(rec, player))
            move = await self._think(rec, player, "ai")
            async with self._lock(session_id):
                rec = await self.get(session_id)
                if self.ai_to_move(rec) != player or canonical(self.view(rec, player)) != seen:
                    continue
                out = Outcome(rec)
                try:
                    await self._apply_one(rec, player, move, "ai", out)
                except (VersionConflict, IllegalMove):
                    continue
                await self._auto_moves(rec, out)  # what is forced after it (inline AI: all)
                return out
        return None

    async def ai_owing(self, running: list[SessionRecord] | None = None) -> list[int]:
        """Running sessions where an AI seat owes a move (start-up catch-up: a crash or a
        failed write between a move and the AI's reply). A damaged session is skipped."""
        owing: list[int] = []
        for rec in await self.running_records() if running is None else running:
            try:
                if self.ai_to_move(rec) is not None:
                    owing.append(rec.id)
            except Exception as exc:  # one damaged table never stops the others
                log.warning(
                    "AI catch-up: session %s skipped: %s: %s", rec.id, type(exc).__name__, exc
                )
        return owing

    async def running_records(self) -> list[SessionRecord]:
        """Every running session as stored (start-up catch-up); a damaged one is skipped."""
        out: list[SessionRecord] = []
        for session_id in await self.store.session_ids(("running",)):
            try:
                out.append(await self.get(session_id))
            except Exception as exc:  # one damaged table never stops the others
                log.warning(
                    "catch-up: session %s skipped: %s: %s", session_id, type(exc).__name__, exc
                )
        return out

    async def _hand_to_ai(self, session_id: int, player: str, event: str) -> Outcome:
        async with self._lock(session_id):
            rec = await self.get(session_id)
            seat = rec.seat_of(player)
            if seat is None or seat.is_ai:  # already handed over: nothing changes
                raise HostError("not_seated")
            before = rec.version
            seat.is_ai, seat.ai_level = True, TAKEOVER_LEVEL
            rec.clock.pop(player, None)
            if rec.state is not None:  # the AI's reply is owed from now: on the clock
                self._reclock(rec, self.actors(rec), player, before + 1)
            events: list[Event] = [{"type": event, "player": player}]
            if rec.host_id == player:  # the host's powers go to the next seated human
                heir = next((s for s in rec.seats if not s.is_ai), None)
                if heir is not None:
                    rec.host_id = heir.player_id
                    events.append({"type": "host_new_host", "player": heir.player_id})
            rec = await self._save(rec, before)
            if rec.state is not None:
                self._states.pop(rec.id, None)
            out = Outcome(rec, events)
            await self._auto_moves(rec, out)
            return out

    # -- take-backs (issue 14; the rules of the log are in bot.core.takeback) -----------------
    def _push_undo(
        self,
        rec: SessionRecord,
        before: int,
        seq: int,
        player: str,
        source: MoveSource,
        move: Move,
        state: State,
        new_state: State,
    ) -> None:
        """The undo stack after a stored move, when the one before it is known."""
        known = self._undo.get(rec.id)
        stack = known[1] if known is not None and known[0] == before else None
        new = pushed(self.game(rec.game), stack or [], seq, player, source, move, state, new_state)
        if stack is None and new:  # an older part of it may be missing: rebuild when asked
            self._undo.pop(rec.id, None)
        else:
            self._undo[rec.id] = (rec.version, new)

    async def undo_stack(self, rec: SessionRecord) -> list[Undoable]:
        """The moves of ``rec`` that may still be taken back, newest last (see
        :mod:`bot.core.takeback`); [] unless the game is running."""
        if rec.status != "running":
            return []
        known = self._undo.get(rec.id)
        if known is not None and known[0] == rec.version:
            return list(known[1])
        replay = LogReplay.start(self.game(rec.game), rec)
        for m in await self.store.moves(rec.id):
            replay.step(m)
        self._undo[rec.id] = (rec.version, replay.stack)
        return list(replay.stack)

    async def undoable_move(self, rec: SessionRecord) -> tuple[str, int] | None:
        """(player, seq) of the move an Undo button on the board would take back: the last
        one, when its player (a human) may still take it back."""
        await self.undo_stack(rec)
        return self.undo_hint(rec)

    def undo_hint(self, rec: SessionRecord) -> tuple[str, int] | None:
        """:meth:`undoable_move` from what this host already knows (no database read; None
        when the undo stack of this version is not known yet)."""
        known = self._undo.get(rec.id)
        if rec.status != "running" or known is None or known[0] != rec.version:
            return None
        stack = known[1]
        if not stack or stack[-1].last != rec.move_count - 1:
            return None
        seat = rec.seat_of(stack[-1].player)
        return (stack[-1].player, stack[-1].seq) if seat and not seat.is_ai else None

    async def undo(self, session_id: int, player: str, seq: int) -> Outcome:
        """``player`` takes back their move ``seq``: an undo record is appended to the log
        and the state from before that move comes back. Refused (HostError, nothing changes)
        unless it is their last move, nobody else acted since and it revealed nothing."""
        async with self._lock(session_id):
            for _ in range(3):
                rec = await self.get(session_id)
                stack = await self._undo_checked(rec, player, seq)
                try:
                    return await self._save_undo(rec, stack)
                except VersionConflict:
                    continue
            raise HostError("busy")

    async def _undo_checked(self, rec: SessionRecord, player: str, seq: int) -> list[Undoable]:
        if rec.status != "running":
            raise HostError("not_running")
        seat = rec.seat_of(player)
        if seat is None or seat.is_ai:
            raise HostError("not_seated")
        stack = await self.undo_stack(rec)
        if stack and stack[-1].seq == seq and stack[-1].player == player:
            return stack
        if any(u.seq == seq and u.player == player for u in stack):
            raise HostError("undo_newest_first")
        moves = await self.store.moves(rec.id)
        target = moves[seq] if 0 <= seq < len(moves) else None
        if target is None or target.source == "undo":
            raise HostError("undo_too_late")
        if target.player_id != player or target.source != "player":
            raise HostError("undo_not_yours")
        if any(m.source == "undo" and undo_target(m.move) == seq for m in moves[seq + 1 :]):
            raise HostError("undo_done")
        if seq == len(moves) - 1 or all(m.player_id == player for m in moves[seq + 1 :]):
            raise HostError("undo_revealed")
        raise HostError("undo_too_late")

    async def _save_undo(self, rec: SessionRecord, stack: list[Undoable]) -> Outcome:
        game, top = self.game(rec.game), stack[-1]
        before, seq = rec.version, rec.move_count
        rec.state = game.dump(top.before)
        rec.move_count = seq + 1
        self._reclock(rec, game.actors(top.before), top.player, before + 1)
        await self._keep_deadline(rec, top)
        record = MoveRecord(seq, top.player, undo_move(top.seq), "undo", self.now())
        try:
            rec = await self._save(rec, before, record)
        except VersionConflict:
            self._states.pop(rec.id, None)
            self._undo.pop(rec.id, None)
            raise
        self._states[rec.id] = (rec.version, top.before)
        self._undo[rec.id] = (rec.version, stack[:-1])
        return Outcome(
            rec,
            [{"type": UNDO_EVENT, "player": top.player, "seq": top.seq}],
            moved=[(top.player, "undo")],
        )

    async def _keep_deadline(self, rec: SessionRecord, top: Undoable) -> None:
        """A take-back gives no extra time: the mover's decision is timed from when it began
        (the log record before the move taken back), not from the undo."""
        entry = rec.clock.get(top.player)
        if entry is None or not rec.turn_secs or entry["due"] is None:
            return
        moves = await self.store.moves(rec.id)
        began = moves[top.seq - 1].at if top.seq > 0 else moves[top.seq].at
        entry["due"] = min(entry["due"], began + rec.turn_secs)
        if entry["remind"] is not None:
            entry["remind"] = min(entry["remind"], began + rec.turn_secs / 2)

    # -- the turn clock ----------------------------------------------------------------------
    def _reclock(
        self, rec: SessionRecord, actors: list[str], mover: str | None, version: int
    ) -> None:
        """Keep each waiting player's decision start; start a new one for whoever now acts."""
        if rec.status != "running":
            rec.clock = {}
            return
        ai_ids = {s.player_id for s in rec.seats if s.is_ai}
        now = self.now()
        clock: dict[str, ClockEntry] = {}
        for p in actors:
            old = rec.clock.get(p)
            if p in ai_ids:  # the clock resumes an AI reply that was lost (issue 17 #1)
                kept = (
                    old is not None
                    and p != mover
                    and old["remind"] is None
                    and old["due"] is not None
                )
                clock[p] = (
                    old
                    if kept and old is not None
                    else {
                        "since": version,
                        "due": now + resume_after(self.ai.budget_s),
                        "remind": None,
                        "reminded": True,
                    }
                )
                continue
            if old is not None and p != mover:
                clock[p] = old
            elif rec.turn_secs:
                clock[p] = {
                    "since": version,
                    "due": now + rec.turn_secs,
                    "remind": now + rec.turn_secs / 2,
                    "reminded": False,
                }
            else:
                clock[p] = {"since": version, "due": None, "remind": None, "reminded": True}
        rec.clock = clock

    async def run_clock(
        self, now: float | None = None, on_fired: Callable[[Outcome], Awaitable[None]] | None = None
    ) -> list[Outcome]:
        """Fire due reminders and deadlines: a reminder at half time, a random legal move at
        the deadline. Safe to call often and from several processes: each due session is
        claimed by one process (its database-level lock; a session another process is on is
        skipped). ``on_fired`` shows each outcome as soon as it is resolved (after a long
        outage, the first table is published long before the last one is resolved); without
        it the outcomes are returned. ``CLOCK_CONCURRENCY`` tables are resolved at a time
        (their saves share commits: SQLite's group commit, PostgreSQL's connections)."""
        now = self.now() if now is None else now
        slots = asyncio.Semaphore(CLOCK_CONCURRENCY)

        async def one(session_id: int) -> Outcome | None:
            async with slots:
                try:
                    out = await self._clock_one(session_id, now)
                except Exception as exc:  # one damaged table never stops the others' clocks
                    log.warning(
                        "turn clock: session %s skipped: %s: %s",
                        session_id,
                        type(exc).__name__,
                        exc,
                    )
                    return None
                if out is not None and on_fired is not None:
                    await on_fired(out)
                    return None
                return out

        due = await self.store.due_sessions(now)
        return [out for out in await asyncio.gather(*(one(s) for s in due)) if out is not None]

    async def _clock_one(self, session_id: int, now: float) -> Outcome | None:
        async with self._lock(session_id), self.store.session_lock(session_id, wait=False) as mine:
            if not mine:  # another process is on this session: it fires the clock
                return None
            rec = await self.get(session_id)
            if rec.status != "running":
                return None
            out = Outcome(rec)
            await self._time_out(rec, now, out)
            if not await self._remind(rec, now, out):
                return None
            if out.moved or out.reminders:
                out.record = rec
                return out
            return None

    async def _time_out(self, rec: SessionRecord, now: float, out: Outcome) -> None:
        """The takeover level's moves for every player whose deadline passed, to the end of
        their turn (:meth:`_take_over`); the reply of an AI seat whose own move was lost (a
        crash, a failed write); then the AI seats."""
        expired = [p for p, c in rec.clock.items() if c["due"] is not None and c["due"] <= now]
        for p in expired:
            if not await self._take_over(rec, p, out):
                break
        if out.moved:
            await self._auto_moves(rec, out)

    async def _take_over(self, rec: SessionRecord, p: str, out: Outcome) -> bool:
        """``p``'s timed-out decision, and for an idle human every further step of the same
        turn (:func:`bot.core.turns.turn_ends`: each step would start a new deadline, so a
        turn of several steps would hold the table that many times over); an AI seat's one
        lost reply. False when another process moved on meanwhile."""
        seat = rec.seat_of(p)
        source: MoveSource = "ai" if seat is not None and seat.is_ai else "timeout"
        for _ in range(MAX_AUTO_MOVES):
            before = self.actors(rec)
            if rec.status != "running" or p not in before:
                return True
            move = await self._think(rec, p, source)
            seen = len(out.events)
            try:
                await self._apply_one(rec, p, move, source, out)
            except VersionConflict:
                return False
            if source == "ai" or turn_ends(
                before, self.actors(rec), out.events[seen:], rec.status != "running"
            ):
                return True
        return True

    async def _remind(self, rec: SessionRecord, now: float, out: Outcome) -> bool:
        """Mark the half-time reminders as sent (no version bump: prompts stay good); False
        when the session moved on meanwhile (another process)."""
        remind = [
            p
            for p, c in rec.clock.items()
            if not c["reminded"] and c["remind"] is not None and c["remind"] <= now
        ]
        if not remind or rec.status != "running":
            return True
        for p in remind:
            rec.clock[p]["reminded"] = True
        if not await self.store.set_clock(rec):
            self._records.pop(rec.id, None)
            return False
        self._records[rec.id] = rec
        out.reminders.extend(remind)
        return True

    async def _save(
        self,
        rec: SessionRecord,
        before: int,
        move: MoveRecord | None = None,
        results: list[dict[str, Any]] | None = None,
        rate: RateFn | None = None,
    ) -> SessionRecord:
        try:
            saved = await self.store.save(rec, before, move, results, rate)
        except BaseException:
            self._records.pop(rec.id, None)
            raise
        self._records[saved.id] = saved
        return saved

    # -- the bot's bookkeeping, standings and history ------------------------------------------
    @contextlib.asynccontextmanager
    async def publication(self, session_id: int) -> AsyncIterator[tuple[SessionRecord, Meta]]:
        """Show a session: under its lock (no move lands meanwhile, two publications never
        interleave), the latest record and a copy of its :class:`Meta` to change; the copy is
        stored when the block ends, also when it fails half-way (what was shown stays known).
        Several processes: the session's database-level lock is held too, and the record is
        checked against the stored one, so two processes never post a board each or lose
        each other's bookkeeping."""
        async with self._lock(session_id), self.store.session_lock(session_id):
            rec = await self.current(session_id)
            meta: Meta = clone(rec.meta)
            try:
                yield rec, meta
            finally:
                await self.store.set_meta(session_id, meta)
                rec.meta = meta
                if self.after_publication is not None:
                    self.after_publication(rec)

    async def update_meta(self, session_id: int, change: Callable[[Meta], None]) -> SessionRecord:
        """Read-modify-write of the bookkeeping alone (a lobby message id, a prompt shown)."""
        async with self.publication(session_id) as (rec, meta):
            change(meta)
        return rec

    async def unpublished(self) -> list[int]:
        """Sessions with a stored change not yet shown in Discord (a crash or a restart)."""
        return await self.store.unpublished_sessions()

    async def moves(self, session_id: int) -> list[MoveRecord]:
        return await self.store.moves(session_id)

    async def log_events(self, rec: SessionRecord) -> list[Event]:
        """Every public event of the game so far, in order, replayed from seed + move log
        (a move made by the turn clock is preceded by its ``host_timeout``)."""
        replay = LogReplay.start(self.game(rec.game), rec)
        out: list[Event] = []
        for m in await self.store.moves(rec.id):
            events = replay.step(m)
            if m.source == "timeout":
                out.append({"type": "host_timeout", "player": m.player_id})
            out.extend(events)
        return out

    async def standings(self, guild_id: str | None, game_id: str | None) -> list[dict[str, Any]]:
        """Rated players of a guild (one game or all), best displayed skill first."""
        if game_id is not None:
            self.game(game_id)
        rows = await self.store.standings(guild_id, game_id)
        rows.sort(key=lambda r: conservative(r["mu"], r["sigma"]), reverse=True)
        return rows

    async def player_stats(self, guild_id: str | None, player_id: str) -> dict[str, Any]:
        return await self.store.player_stats(guild_id, player_id)

    async def recent_results(
        self, guild_id: str | None, player_id: str | None, limit: int
    ) -> list[dict[str, Any]]:
        return await self.store.recent_results(guild_id, player_id, limit)

    async def dm_refused_at(self, user_id: str) -> float | None:
        """When a DM to ``user_id`` was last refused (None: the last one went through)."""
        return await self.store.dms_closed_at(user_id)

    async def remember_dm(self, user_id: str, refused: bool) -> None:
        await self.store.set_dms_closed(user_id, refused)

    async def watch(self, session_id: int, user_id: str) -> tuple[SessionRecord, bool]:
        """``user_id`` watches a running table they are not seated at (its public board by
        DM, issue 14); the record and False when they already did."""
        rec = await self.current(session_id)
        if rec.status != "running":
            raise HostError("not_running")
        if rec.seat_of(user_id):
            raise HostError("watch_seated")
        return rec, await self.store.add_watcher(session_id, user_id)

    async def unwatch(self, session_id: int, user_id: str) -> bool:
        return await self.store.remove_watcher(session_id, user_id)

    async def watchers(self, rec: SessionRecord) -> list[str]:
        """Who watches ``rec``: never a seated player (the board is theirs anyway)."""
        return [u for u in await self.store.watchers(rec.id) if not rec.seat_of(u)]

    async def user_locale(self, user_id: str) -> str | None:
        """The language ``user_id``'s client last used (for DMs sent unprompted)."""
        return await self.store.user_locale(user_id)

    async def remember_locale(self, user_id: str, locale: str | None) -> None:
        await self.store.set_user_locale(user_id, locale)

    async def guild_locale(self, guild_id: str) -> str | None:
        """The language a server chose for its channels (None: Discord's guild_locale)."""
        return await self.store.guild_locale(guild_id)

    async def set_guild_locale(self, guild_id: str, locale: str | None) -> None:
        await self.store.set_guild_locale(guild_id, locale)

    async def close(self) -> None:
        await self.store.close()

    # -- verification ------------------------------------------------------------------------
    async def replay(self, session_id: int) -> tuple[bool, str]:
        """Replay seed + move log; (True, "") when it reproduces the stored snapshot."""
        rec = await self.get(session_id)
        if rec.status in ("lobby", "cancelled") or rec.state is None:
            return True, ""
        game = self.game(rec.game)
        try:
            replay = LogReplay.start(game, rec)  # undo records included
            for m in await self.store.moves(session_id):
                replay.step(m)
            state = replay.state
        except (IllegalMove, ValueError) as exc:
            return False, f"move log does not replay: {exc}"
        if canonical(game.dump(state)) != canonical(rec.state):
            return False, "snapshot differs from the replayed move log"
        return True, ""
