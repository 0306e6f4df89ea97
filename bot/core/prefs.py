"""Notification preferences (issue 27 #5): how each user is told a decision of theirs began.

``mention`` (the default): a line in the channel, as before; ``dm``: one DM instead (the
mention when their DMs are closed); ``digest``: nothing per turn, one DM a day at the hour
they chose (their local time, from the UTC offset they give) listing the tables waiting for
them (:mod:`bot.core.digest`); ``off``: nothing. Private prompts still arrive by DM whatever
is chosen (a game never stalls), silently for ``digest`` and ``off``. Stored per user
(migration 6), so every process and every restart reads the same choice.
"""

from __future__ import annotations

import re

from bot.core.errors import HostError
from bot.core.sessions import Sessions
from bot.core.store.prefs_base import NOTIFY_CHOICES, Notify, UserPrefs

OFFSET_MIN, OFFSET_MAX = -12 * 60, 14 * 60  # the UTC offsets in use, in minutes
_OFFSET = re.compile(r"^(?:UTC|GMT)?\s*([+-]?)(\d{1,2})(?:[:.h]?(\d{2}))?$", re.I)


def parse_offset(text: str) -> int:
    """``+2``, ``-5``, ``+5:30``, ``UTC+01:00``, ``0`` -> minutes east of UTC; HostError
    ``utc_offset`` for anything else or outside -12:00 .. +14:00."""
    m = _OFFSET.match(text.strip())
    if m is None:
        raise HostError("utc_offset")
    sign = -1 if m.group(1) == "-" else 1
    hours, minutes = int(m.group(2)), int(m.group(3) or 0)
    total = sign * (hours * 60 + minutes)
    if minutes >= 60 or not OFFSET_MIN <= total <= OFFSET_MAX:
        raise HostError("utc_offset")
    return total


def offset_text(minutes: int) -> str:
    """Minutes east of UTC as ``+2``, ``-5:30``, ``+0``."""
    sign = "-" if minutes < 0 else "+"
    hours, rest = divmod(abs(minutes), 60)
    return f"{sign}{hours}" + (f":{rest:02d}" if rest else "")


class Prefs:
    def __init__(self, sessions: Sessions) -> None:
        self.sessions = sessions

    async def of(self, user_ids: list[str]) -> dict[str, UserPrefs]:
        """Every one of ``user_ids`` with their preferences (the defaults when never set)."""
        stored = await self.sessions.store.user_prefs(
            [u for u in dict.fromkeys(user_ids) if not u.startswith("ai:")]
        )
        return {u: stored.get(u) or UserPrefs(u) for u in user_ids}

    async def set_notify(
        self, user_id: str, choice: str, hour: int | None, offset: str | None
    ) -> UserPrefs:
        """Store ``user_id``'s choice; refused (HostError, nothing stored) for an unknown
        choice, a digest without an hour 0-23, or an offset that is not one."""
        if choice not in NOTIFY_CHOICES:
            raise HostError("notify_choice", choice=choice[:40])
        notify: Notify = choice
        minutes = parse_offset(offset) if offset is not None else None
        if choice == "digest":
            if hour is None or not 0 <= hour <= 23:
                raise HostError("digest_hour")
        elif hour is not None and not 0 <= hour <= 23:
            raise HostError("digest_hour")
        before = (await self.of([user_id]))[user_id]
        if minutes is None:
            minutes = before.utc_offset
        # the first digest at the next chosen hour, not at once for a day already begun
        sent = self.sessions.now() if choice == "digest" else None
        await self.sessions.store.set_notify(
            user_id, None if choice == "mention" else notify, hour, minutes, sent
        )
        return UserPrefs(user_id, notify, hour, minutes, sent, before.away_until)
