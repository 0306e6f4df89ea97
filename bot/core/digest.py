"""The daily digest (issue 27 #5): once a day, at the hour a user chose in their own time, one
DM listing the tables waiting for them. Due when the latest such hour is past and no digest
was sent since; claimed in the store (``digest_sent_at``) before it is sent, so several bot
processes send it once. A digest missed while the bot was down goes out when it is back (once)."""

from __future__ import annotations

from bot.core.sessions import Sessions
from bot.core.store.base import SessionRecord
from bot.core.store.prefs_base import UserPrefs

DAY = 86400.0


def due_at(prefs: UserPrefs, now: float) -> float | None:
    """The latest moment at or before ``now`` when ``prefs``'s digest hour struck in their
    local time (None: no digest chosen)."""
    if prefs.notify != "digest" or prefs.digest_hour is None:
        return None
    local = now + prefs.utc_offset * 60
    day_start = local - local % DAY
    at = day_start + prefs.digest_hour * 3600
    if at > local:
        at -= DAY
    return at - prefs.utc_offset * 60


def is_due(prefs: UserPrefs, now: float) -> float | None:
    """``due_at`` when that digest has not been sent yet, else None."""
    at = due_at(prefs, now)
    if at is None or (prefs.digest_sent_at is not None and prefs.digest_sent_at >= at):
        return None
    return at


class Digests:
    def __init__(self, sessions: Sessions) -> None:
        self.sessions = sessions

    async def due(self) -> list[tuple[UserPrefs, float]]:
        """The users whose digest is due now, with the moment it was due."""
        now = self.sessions.now()
        out = []
        for prefs in await self.sessions.store.digest_users():
            at = is_due(prefs, now)
            if at is not None:
                out.append((prefs, at))
        return out

    async def claim(self, user_id: str, at: float) -> bool:
        """True for the one process that sends ``user_id``'s digest due at ``at``."""
        return await self.sessions.store.claim_digest(user_id, at, self.sessions.now())

    async def waiting(self, user_id: str) -> list[SessionRecord]:
        """The running tables where ``user_id`` must decide now, oldest first."""
        out = []
        for session_id in await self.sessions.store.seated_sessions(user_id):
            rec = await self.sessions.current(session_id)
            if rec.status == "running" and user_id in rec.clock:
                out.append(rec)
        return out
