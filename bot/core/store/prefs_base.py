"""The store's part of vacations and notification preferences (issue 27 items 4 and 5,
migration 6): the columns of ``users`` (``notify``, ``digest_hour``, ``utc_offset``,
``digest_sent_at``, ``away_until``) and the ``away_log`` table, on both backends
(``prefs_sqlite``, ``prefs_pg``). Everything here is per user: ``/crowntable mydata`` exports
it and ``/crowntable forget-me`` deletes it with the user's row."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Protocol

Notify = Literal["mention", "dm", "digest", "off"]
NOTIFY_CHOICES: tuple[Notify, ...] = ("mention", "dm", "digest", "off")
DEFAULT_NOTIFY: Notify = "mention"


@dataclass(frozen=True)
class UserPrefs:
    """One user's preferences as stored (a user without a row has these defaults)."""

    user_id: str
    notify: Notify = DEFAULT_NOTIFY
    #: the digest's hour in the user's local time (0-23); None unless ``notify`` is digest
    digest_hour: int | None = None
    #: the user's offset from UTC in minutes (east positive)
    utc_offset: int = 0
    #: when the last digest was sent (the claim that makes it go out once a day)
    digest_sent_at: float | None = None
    #: the end of the user's vacation (None or a past time: not on vacation)
    away_until: float | None = None

    def away(self, now: float) -> bool:
        return self.away_until is not None and self.away_until > now


@dataclass(frozen=True)
class AwaySpell:
    """One row of ``away_log``: a vacation from ``started`` to ``until`` (``ended``: when it
    was ended early by a move or ``/crowntable back``; None: it ran, or runs, to ``until``)."""

    started: float
    until: float
    ended: float | None

    def used(self, since: float, now: float) -> float:
        """Seconds of this vacation taken after ``since`` (up to ``now``)."""
        end = min(self.until, now if self.ended is None else self.ended, now)
        return max(0.0, end - max(self.started, since))


def prefs_from_row(row: dict[str, Any]) -> UserPrefs:
    notify = row["notify"] if row["notify"] in NOTIFY_CHOICES else DEFAULT_NOTIFY
    return UserPrefs(
        user_id=str(row["user_id"]),
        notify=notify,
        digest_hour=None if row["digest_hour"] is None else int(row["digest_hour"]),
        utc_offset=int(row["utc_offset"] or 0),
        digest_sent_at=None if row["digest_sent_at"] is None else float(row["digest_sent_at"]),
        away_until=None if row["away_until"] is None else float(row["away_until"]),
    )


PREFS_COLUMNS = "user_id, notify, digest_hour, utc_offset, digest_sent_at, away_until"


class PrefsStore(Protocol):
    """What the host asks the store about preferences and vacations."""

    async def user_prefs(self, user_ids: list[str]) -> dict[str, UserPrefs]:
        """The stored preferences of each of ``user_ids`` that has a row (others: defaults)."""
        ...

    async def set_notify(
        self,
        user_id: str,
        notify: Notify | None,
        digest_hour: int | None,
        utc_offset: int | None,
        digest_sent_at: float | None,
    ) -> None:
        """``user_id``'s notification choice (None: the default again)."""
        ...

    async def start_away(self, user_id: str, started: float, until: float) -> None:
        """A vacation from ``started`` to ``until`` in one transaction: a vacation still
        running ends at ``started``, the new one is logged, ``away_until`` is set."""
        ...

    async def end_away(self, user_id: str, now: float) -> bool:
        """End ``user_id``'s running vacation now; False when there was none (or another
        process ended it first: exactly one caller gets True)."""
        ...

    async def away_spells(self, user_id: str, since: float) -> list[AwaySpell]:
        """``user_id``'s vacations that had not ended by ``since``, the oldest first."""
        ...

    async def seated_sessions(self, user_id: str) -> list[int]:
        """The running sessions where ``user_id`` has a seat (by the ``seats_by_player``
        index)."""
        ...

    async def digest_users(self) -> list[UserPrefs]:
        """The users who chose the daily digest (by the ``users_digest`` index)."""
        ...

    async def claim_digest(self, user_id: str, due_at: float, now: float) -> bool:
        """Mark ``user_id``'s digest due at ``due_at`` as sent now, if no process sent it yet
        (``digest_sent_at`` before ``due_at``); True for the one caller that claimed it."""
        ...
