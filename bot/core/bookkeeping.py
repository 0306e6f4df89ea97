"""The adapter's bookkeeping of a session (``SessionRecord.meta``): message ids, who was
prompted for what, recent log lines. It is the adapter's data, never part of the game truth,
written without a version bump and only through :meth:`Bookkeeping.publication`, under the
session's one lock (the same lock moves take). The core never reads it; the store keeps it as
an opaque JSON object.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable

from bot.core.gamelog import GameLog
from bot.core.sessions import Sessions
from bot.core.store.base import Bookkeeping as Book
from bot.core.store.base import SessionRecord
from games.base import clone


class Bookkeeping:
    def __init__(self, sessions: Sessions, log: GameLog) -> None:
        self.sessions = sessions
        self.log = log
        #: called with the latest record after every publication (the bot drives AI seats)
        self.after_publication: Callable[[SessionRecord], None] | None = None

    @contextlib.asynccontextmanager
    async def publication(self, session_id: int) -> AsyncIterator[tuple[SessionRecord, Book]]:
        """Show a session (see ``SessionHost.publication``)."""
        sessions = self.sessions
        async with sessions.lock(session_id), sessions.store.session_lock(session_id):
            rec = await sessions.current(session_id)
            await self.log.warm(rec)
            meta: Book = clone(rec.meta)
            try:
                yield rec, meta
            finally:
                await sessions.store.set_meta(session_id, meta, rec.shown_version)
                rec.meta = meta
                if self.after_publication is not None:
                    self.after_publication(rec)

    async def update(self, session_id: int, change: Callable[[Book], None]) -> SessionRecord:
        """Read-modify-write of the bookkeeping alone (a lobby message id, a prompt shown)."""
        async with self.publication(session_id) as (rec, meta):
            change(meta)
        return rec

    async def unpublished(self) -> list[int]:
        """Sessions with a stored change not yet shown in Discord (a crash or a restart)."""
        return await self.sessions.store.unpublished_sessions()
