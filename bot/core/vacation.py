"""Vacations (issue 27 #4): ``/crowntable away <days>`` pauses the user's turn clock in every
table they sit at; a move of theirs anywhere, ``/crowntable back`` or the end of the days
given ends it, and the time each deadline had left continues.

At most :data:`MAX_DAYS` days in any :data:`WINDOW_DAYS` days (the ``away_log``); a pause
is a clock entry set aside (:func:`bot.core.deadlines.pause`), so the other players' clocks
are untouched and the clock never fires, nor the AI plays, for a player on vacation. A
decision that begins during the vacation starts paused (:func:`bot.core.deadlines.mark_away`,
on every save) and the turn clock catches what a race with another process left over
(:func:`bot.core.deadlines.settle`). Several processes: the tables are changed under the
session's database lock with the clock's compare-and-swap, and ending a vacation is claimed
in the store (one process ends it).
"""

from __future__ import annotations

import logging

from bot.core.deadlines import pause, paused, resume
from bot.core.errors import HostError
from bot.core.sessions import Sessions
from bot.core.store.base import SessionRecord
from bot.text.i18n import tn

log = logging.getLogger(__name__)

DAY = 86400.0
MAX_DAYS = 14  # days of vacation at most ...
WINDOW_DAYS = 60  # ... in any this many days


class Vacations:
    def __init__(self, sessions: Sessions) -> None:
        self.sessions = sessions
        #: sessions whose clock this process paused or resumed: their board shows it at the
        #: adapter's next tick (``take_touched``)
        self.touched: set[int] = set()

    async def allowance(self, user_id: str, now: float) -> float:
        """Seconds of vacation ``user_id`` may still take now (the 14-days-per-60 rule)."""
        since = now - WINDOW_DAYS * DAY
        spells = await self.sessions.store.away_spells(user_id, since)
        return max(0.0, MAX_DAYS * DAY - sum(s.used(since, now) for s in spells))

    async def go_away(self, user_id: str, days: int) -> tuple[float, list[SessionRecord]]:
        """Start a vacation of ``days`` (a running one is replaced: what it used counts);
        the end and the tables whose clock it paused. Refused, changing nothing, for days
        outside 1-14 or past the allowance."""
        if not isinstance(days, int) or not 1 <= days <= MAX_DAYS:
            raise HostError("away_days", most=MAX_DAYS)
        now = self.sessions.now()
        left = await self.allowance(user_id, now)
        if days * DAY > left + 1.0:  # a second of slack for the clock's own rounding
            raise HostError(
                "away_budget",
                most=tn("prefs.days", MAX_DAYS),
                window=tn("prefs.window", WINDOW_DAYS),
                left=tn("prefs.days", int(left // DAY)),
            )
        until = now + days * DAY
        await self.sessions.store.start_away(user_id, now, until)
        changed = await self._each_table(user_id, now, until)
        return until, changed

    async def come_back(self, user_id: str) -> list[SessionRecord] | None:
        """End ``user_id``'s vacation now; the tables whose clock continues (None: they were
        not on vacation, or another process ended it)."""
        now = self.sessions.now()
        if not await self.sessions.store.end_away(user_id, now):
            return None
        return await self._each_table(user_id, now, None)

    async def on_move(self, user_id: str, session_id: int) -> None:
        """A move by ``user_id`` anywhere ends their vacation (one indexed read per move; on
        SQLite, one process per file, none when this host's record of the table shows their
        decision running: every pause of theirs went through this host and its records)."""
        if user_id.startswith("ai:"):
            return
        if not self.sessions.store.shared:
            rec = self.sessions.working_copy(session_id)
            entry = rec.clock.get(user_id) if rec is not None else None
            if entry is not None and not paused(entry):
                return
        prefs = (await self.sessions.store.user_prefs([user_id])).get(user_id)
        if prefs is not None and prefs.away(self.sessions.now()):
            await self.come_back(user_id)

    async def away_until(self, user_id: str) -> float | None:
        """When ``user_id``'s vacation ends (None: not on vacation)."""
        prefs = (await self.sessions.store.user_prefs([user_id])).get(user_id)
        now = self.sessions.now()
        return prefs.away_until if prefs is not None and prefs.away(now) else None

    def take_touched(self) -> list[int]:
        out = sorted(self.touched)
        self.touched.clear()
        return out

    async def _each_table(
        self, user_id: str, now: float, until: float | None
    ) -> list[SessionRecord]:
        changed = []
        for session_id in await self.sessions.store.seated_sessions(user_id):
            try:
                rec = await self._one_table(session_id, user_id, now, until)
            except Exception as exc:  # one damaged table must not stop the others
                log.warning("vacation: session %s skipped: %s", session_id, exc)
                continue
            if rec is not None:
                changed.append(rec)
        return changed

    async def _one_table(
        self, session_id: int, user_id: str, now: float, until: float | None
    ) -> SessionRecord | None:
        """Pause (``until``) or continue (None) ``user_id``'s clock in one table, under the
        session's locks; the record when it changed."""
        sessions = self.sessions
        for _ in range(3):
            async with sessions.lock(session_id), sessions.store.session_lock(session_id):
                rec = await sessions.get(session_id)
                entry = rec.clock.get(user_id)
                if rec.status != "running" or entry is None:
                    return None
                if until is None:
                    if not paused(entry):
                        return None
                    resume(entry, now)
                else:
                    pause(entry, now, until)
                if await sessions.store.set_clock(rec):
                    sessions.keep(rec)
                    self.touched.add(rec.id)
                    return rec
                sessions.forget(session_id, state=False)
        return None
