"""The session cache and the host's one way to the stored rows.

:class:`Sessions` holds what every service of the host shares: the store, the game registry,
the wall clock, the AI runner, one lock per session, and the last record and engine state this
process stored or read per session. A move starts from the cached record (copied); the store's
compare-and-swap on the version catches any change made elsewhere, and the host then reads
the row again and validates again. Over a shared database (several processes) a cached record
is checked against the stored version before it is handed out.
"""

from __future__ import annotations

import asyncio
import dataclasses
import weakref
from collections.abc import Callable
from typing import Any

from bot.core.ai_runner import AiRunner
from bot.core.cache import LRU
from bot.core.deadlines import mark_away
from bot.core.errors import HostError, quoted
from bot.core.store.base import (
    ClockEntry,
    CorruptSession,
    MoveRecord,
    RateFn,
    SessionRecord,
    Store,
)
from games.base import Game, State

SESSION_ID_LIMIT = 2**63  # ids are 64-bit signed integers in both databases
CACHED_SESSIONS = 1024  # records and engine states kept per process (least recent dropped)


class Sessions:
    """Shared by the host's services: the store, the registry, the clock, the caches."""

    def __init__(
        self,
        store: Store,
        registry: dict[str, Game],
        now: Callable[[], float],
        ai: AiRunner,
        size: int = CACHED_SESSIONS,
    ) -> None:
        self.store = store
        self.registry = registry
        #: the wall clock (tests and the fake Discord replace it on the host)
        self.now = now
        #: who thinks for AI seats, idle players and seats whose player left (issue 15)
        self.ai = ai
        #: one lock per session: moves, lobby changes, the clock and the publication of a
        #: change (with its bookkeeping) all take it; kept while someone holds or waits for
        #: it (weak values), so the map does not grow with the sessions ever seen
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._states: LRU[int, tuple[int, State]] = LRU(size)
        #: the last record this host stored per session; a move starts from it and the CAS
        #: in the store catches any change made elsewhere (then it re-reads and re-validates)
        self._records: LRU[int, SessionRecord] = LRU(size)

    def game(self, game_id: str) -> Game:
        try:
            return self.registry[game_id]
        except KeyError:
            raise HostError(
                "unknown_game", game=quoted(game_id), known=", ".join(sorted(self.registry))
            ) from None

    def lock(self, session_id: int) -> asyncio.Lock:
        lock = self._locks.get(session_id)
        if lock is None:
            lock = self._locks[session_id] = asyncio.Lock()
        return lock

    # -- reading ---------------------------------------------------------------------------
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
        """The latest record this host knows (see ``SessionHost.current``)."""
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
        rec.meta, rec.shown_version = head[1], head[2]
        return rec

    def working_copy(self, session_id: int) -> SessionRecord | None:
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

    # -- writing ---------------------------------------------------------------------------
    def keep_state(self, rec: SessionRecord, state: State) -> None:
        """``state`` is the engine state of ``rec`` as just stored."""
        self._states[rec.id] = (rec.version, state)

    def keep(self, rec: SessionRecord) -> None:
        """``rec`` is the latest record (its bookkeeping just stored)."""
        self._records[rec.id] = rec

    def forget(self, session_id: int, record: bool = True, state: bool = True) -> None:
        """Drop the cached copies of a session (a lost race, a closed damaged row)."""
        if record:
            self._records.pop(session_id, None)
        if state:
            self._states.pop(session_id, None)

    async def save(
        self,
        rec: SessionRecord,
        before: int,
        move: MoveRecord | None = None,
        results: list[dict[str, Any]] | None = None,
        rate: RateFn | None = None,
    ) -> SessionRecord:
        """Store ``rec`` as version ``before + 1`` (compare-and-swap), kept as the latest."""
        try:
            await mark_away(self.store, rec, before, self.now())  # vacations (issue 27 #4)
            saved = await self.store.save(rec, before, move, results, rate)
        except BaseException:
            self._records.pop(rec.id, None)
            raise
        self._records[saved.id] = saved
        return saved
