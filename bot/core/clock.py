"""The turn clock: reminders at half time, the AI's move at a deadline (issue 6, issue 17).

Safe to run often and from several processes: each due session is claimed by one process (its
database-level lock; a session another process is on is skipped). At a deadline the takeover
AI plays the idle player's decision **and the rest of that turn** (:mod:`bot.core.turns`):
each step would start a new deadline, so a turn of several steps would otherwise hold the
table that many times over. An AI seat whose own reply was lost (a crash, a failed write) is
on the clock too, and its one reply is made when its entry is due.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from bot.core.deadlines import settle
from bot.core.outcome import Outcome
from bot.core.play import MAX_AUTO_MOVES, Play
from bot.core.sessions import Sessions
from bot.core.store.base import MoveSource, SessionRecord, VersionConflict
from bot.core.turns import mark, turn_ends

log = logging.getLogger(__name__)
CLOCK_CONCURRENCY = 16  # tables the turn clock resolves at a time

OnFired = Callable[[Outcome], Awaitable[None]]


class Clock:
    def __init__(self, sessions: Sessions, play: Play, touched: set[int] | None = None) -> None:
        self.sessions = sessions
        self.play = play
        #: sessions whose clock a vacation paused or resumed here (``Vacations.touched``)
        self.touched: set[int] = set() if touched is None else touched

    async def run(
        self, now: float | None = None, on_fired: OnFired | None = None, concurrency: int = 0
    ) -> list[Outcome]:
        """Fire due reminders and deadlines (see ``SessionHost.run_clock``)."""
        now = self.sessions.now() if now is None else now
        slots = asyncio.Semaphore(concurrency or CLOCK_CONCURRENCY)

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

        due = await self.sessions.store.due_sessions(now)
        return [out for out in await asyncio.gather(*(one(s) for s in due)) if out is not None]

    async def _clock_one(self, session_id: int, now: float) -> Outcome | None:
        sessions = self.sessions
        async with (
            sessions.lock(session_id),
            sessions.store.session_lock(session_id, wait=False) as mine,
        ):
            if not mine:  # another process is on this session: it fires the clock
                return None
            rec = await sessions.get(session_id)
            if rec.status != "running" or not await self._vacations(rec, now):
                return None
            out = Outcome(rec)
            await self._time_out(rec, now, out)
            if not await self._remind(rec, now, out):
                return None
            if out.moved or out.reminders:
                out.record = rec
                return out
            return None

    async def _vacations(self, rec: SessionRecord, now: float) -> bool:
        """Pause whoever is on vacation, continue whoever is back, before anything fires
        (:func:`bot.core.deadlines.settle`); False when the session moved on meanwhile."""
        if not await settle(self.sessions.store, rec, now):
            return True
        if not await self.sessions.store.set_clock(rec):
            self.sessions.forget(rec.id, state=False)
            return False
        self.sessions.keep(rec)
        self.touched.add(rec.id)
        return True

    async def _time_out(self, rec: SessionRecord, now: float, out: Outcome) -> None:
        """The takeover level's moves for every player whose deadline passed, to the end of
        their turn (:meth:`_take_over`); the reply of an AI seat whose own move was lost (a
        crash, a failed write); then the AI seats."""
        expired = [p for p, c in rec.clock.items() if c["due"] is not None and c["due"] <= now]
        for p in expired:
            if not await self._take_over(rec, p, out):
                break
        if out.moved:
            await self.play.auto_moves(rec, out)

    async def _take_over(self, rec: SessionRecord, p: str, out: Outcome) -> bool:
        """``p``'s timed-out decision, and for an idle human every further step of the same
        turn (:func:`bot.core.turns.turn_ends`); an AI seat's one lost reply. False when
        another process moved on meanwhile."""
        seat = rec.seat_of(p)
        source: MoveSource = "ai" if seat is not None and seat.is_ai else "timeout"
        sessions = self.sessions
        game = sessions.game(rec.game)
        for _ in range(MAX_AUTO_MOVES):
            if rec.status != "running" or p not in self.play.queries.actors(rec):
                return True
            before = mark(game, sessions.state(rec))
            move = await self.play.think(rec, p, source)
            seen = len(out.events)
            try:
                await self.play.store_move(rec, p, move, source, out)
            except VersionConflict:
                return False
            over = rec.status != "running"
            after = before if over else mark(game, sessions.state(rec))
            if source == "ai" or turn_ends(game, before, after, out.events[seen:], over):
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
        if not await self.sessions.store.set_clock(rec):
            self.sessions.forget(rec.id, state=False)
            return False
        self.sessions.keep(rec)
        out.reminders.extend(remind)
        return True
