"""The narrow persistence interface the session host needs (SQLite now, PostgreSQL later).

The move log is the truth: ``save`` writes the session row, appends at most one move and, at a
game's end, the results and rating updates in ONE transaction, guarded by compare-and-swap on
the session version. A lost race raises :class:`VersionConflict` and writes nothing.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from typing import Any, Literal, NotRequired, Protocol, TypedDict

from bot.core.store.prefs_base import PrefsStore
from bot.core.store.userdata import UserDataStore

Status = Literal["lobby", "running", "finished", "abandoned", "cancelled"]
#: who chose a stored move; "undo": a take-back of the move whose seq it names (issue 14,
#: bot.core.takeback): the log stays append-only
MoveSource = Literal["player", "ai", "timeout", "undo", "forced"]
ACTIVE: tuple[Status, ...] = ("lobby", "running")


class StoreError(Exception):
    """Base class of store failures the host translates for players."""


class VersionConflict(StoreError):
    """The session changed since it was read (another click or process won the race)."""


class SchemaTooNew(StoreError):
    """The database was written by a newer Crowntable: refused rather than misread."""


class ChannelBusy(StoreError):
    """The channel already has an active session (lobby or running)."""


class StoreUnavailable(StoreError):
    """The database cannot be reached (the server went away, or is not there at start). Nothing
    was written by the call that raised it; the store reconnects by itself on a later call."""


class StoreLocked(StoreError):
    """Another Crowntable process already serves this SQLite file (one process per file: run
    several over PostgreSQL)."""


class StoreBusy(StoreError):
    """SQLite: another process held the database's write lock for longer than the busy timeout
    (5 s). The transaction was not written; the caller says "try again"."""


class StoreUnusable(StoreError):
    """The database cannot be used at all (not an SQLite file, a read-only file or folder):
    refused at start with one line, rather than failing every write later."""


class CorruptSession(StoreError):
    """One session row cannot be read (its JSON or its shape is damaged). Only that table is
    affected: the turn clock, the catch-up and ``verify`` skip it, and its host (or someone
    with Manage Channels) can still abandon it, which frees the channel."""

    def __init__(self, session_id: int, host_id: str | None, detail: str) -> None:
        super().__init__(f"session {session_id} is damaged: {detail}")
        self.session_id = session_id
        self.host_id = host_id


class ClockEntry(TypedDict):
    """One waiting player's turn clock: ``since`` is the version at which their current decision
    began (a prompt made at ``v >= since`` is still good); ``due`` / ``remind`` are wall-clock
    times (None when the clock is off)."""

    since: int
    due: float | None
    remind: float | None
    reminded: bool
    #: paused while the player is on vacation (issue 27 #4, ``bot.core.deadlines.pause``):
    #: the seconds that were left to ``due`` / ``remind`` and when the vacation ends
    left: NotRequired[float]
    remind_left: NotRequired[float | None]
    resume: NotRequired[float]


#: the adapter's bookkeeping of a session (message ids, who was prompted...): an opaque JSON
#: object the store keeps and never interprets (the adapter's ``bot.adapter.book`` types it)
Bookkeeping = dict[str, Any]


@dataclass
class Seat:
    player_id: str
    name: str
    is_ai: bool = False
    #: the AI level playing the seat (``games.ai.LEVELS``; None for a human, or an AI seat
    #: stored before levels existed, which plays ``games.ai.DEFAULT_LEVEL``)
    ai_level: str | None = None


@dataclass
class SessionRecord:
    """One session row with its seats. ``state`` is the engine's ``dump`` (None in the lobby)."""

    id: int
    guild_id: str | None
    channel_id: str
    game: str
    options: dict[str, Any]
    seed: int
    status: Status
    version: int
    host_id: str
    turn_secs: int | None
    state: dict[str, Any] | None = None
    move_count: int = 0
    seats: list[Seat] = field(default_factory=list)
    clock: dict[str, ClockEntry] = field(default_factory=dict)
    meta: Bookkeeping = field(default_factory=dict)
    created_at: float = 0.0
    updated_at: float = 0.0
    #: the version the adapter last showed (``shown_version`` column; None: never shown):
    #: set inside ``SessionHost.publication``, stored with the bookkeeping
    shown_version: int | None = None

    @property
    def player_ids(self) -> list[str]:
        return [s.player_id for s in self.seats]

    def seat_of(self, player_id: str) -> Seat | None:
        return next((s for s in self.seats if s.player_id == player_id), None)

    def since(self, player_id: str) -> int | None:
        """The version at which ``player_id``'s current decision began (None: not waited for)."""
        entry = self.clock.get(player_id)
        return entry["since"] if entry is not None else None

    @property
    def next_alarm(self) -> float | None:
        """The earliest reminder or deadline still to fire (None when the clock is idle)."""
        times = [c["remind"] if not c["reminded"] else c["due"] for c in self.clock.values()]
        times += [c.get("resume") for c in self.clock.values()]  # a vacation's end
        set_times = [x for x in times if x is not None]
        return min(set_times) if set_times and self.status == "running" else None


def record_from_row(row: Mapping[str, Any], seats: list[Seat]) -> SessionRecord:
    """A :class:`SessionRecord` from a ``sessions`` row (SQLite or PostgreSQL) and its seats;
    :class:`CorruptSession` when the row does not decode."""
    try:
        return _record(row, seats)
    except (ValueError, TypeError, KeyError, AttributeError) as exc:
        host = row["host_id"] if "host_id" in row.keys() else None
        raise CorruptSession(int(row["id"]), host, f"{type(exc).__name__}: {exc}") from None


def _record(row: Mapping[str, Any], seats: list[Seat]) -> SessionRecord:
    record = SessionRecord(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        game=row["game"],
        options=json.loads(row["options"]),
        seed=row["seed"],
        status=row["status"],
        version=row["version"],
        host_id=row["host_id"],
        turn_secs=row["turn_secs"],
        state=None if row["state"] is None else json.loads(row["state"]),
        move_count=row["move_count"],
        seats=seats,
        clock=json.loads(row["clock"]),
        meta=json.loads(row["meta"]),
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        shown_version=row["shown_version"],
    )
    for part in ("options", "clock", "meta"):  # valid JSON of the wrong shape is damage too
        if not isinstance(getattr(record, part), dict):
            raise TypeError(f"{part} is not an object")
    if record.state is not None and not isinstance(record.state, dict):
        raise TypeError("state is not an object")
    return record


def history_rows(heads: list[dict[str, Any]], rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``finished_games`` rows: one head per game (newest first) with its results by rank."""
    by_session: dict[int, list[dict[str, Any]]] = {}
    for r in rows:
        by_session.setdefault(int(r["session_id"]), []).append(
            {"player_id": r["player_id"], "rank": int(r["rank"]), "score": r["score"]}
        )
    return [
        {
            "session_id": int(h["session_id"]),
            "game": h["game"],
            "finished_at": float(h["finished_at"]),
            "results": sorted(
                by_session.get(int(h["session_id"]), []), key=lambda r: (r["rank"], r["player_id"])
            ),
        }
        for h in heads
    ]


def player_stats_rows(
    player_id: str, per_game: list[dict[str, Any]], ratings: list[dict[str, Any]]
) -> dict[str, Any]:
    """``/stats`` of one player: per-game results with that game's rating (None if unrated)."""
    by_game = {r["game"]: r for r in ratings}
    for row in per_game:
        rating = by_game.get(row["game"])
        row["games"], row["wins"] = int(row["games"]), int(row["wins"])
        row["mu"] = rating["mu"] if rating else None
        row["sigma"] = rating["sigma"] if rating else None
    return {"player": player_id, "games": per_game}


@dataclass
class MoveRecord:
    seq: int
    player_id: str
    move: dict[str, Any]
    source: MoveSource
    at: float


@dataclass
class Rating:
    player_id: str
    mu: float
    sigma: float
    games: int = 0
    wins: int = 0


#: Given the current ratings of the finishing players (missing ones absent), the new ratings.
RateFn = Callable[[dict[str, Rating]], dict[str, Rating]]


class Store(UserDataStore, PrefsStore, Protocol):
    #: True when several processes may share the database (PostgreSQL): cached records are
    #: then checked against the stored version before they are shown
    shared: bool

    async def open(self) -> None: ...

    async def close(self) -> None: ...

    async def create_session(self, record: SessionRecord) -> SessionRecord:
        """Insert a new session (id and version assigned); :class:`ChannelBusy` if taken."""
        ...

    async def get_session(self, session_id: int) -> SessionRecord | None: ...

    async def active_session(self, channel_id: str) -> SessionRecord | None: ...

    async def save(
        self,
        record: SessionRecord,
        expected_version: int,
        move: MoveRecord | None = None,
        results: list[dict[str, Any]] | None = None,
        rate: RateFn | None = None,
    ) -> SessionRecord:
        """Atomically store ``record`` as version ``expected_version + 1`` (CAS) with the move,
        results and rating update; :class:`VersionConflict` when the version moved on. A save
        with a ``move`` leaves the seats as stored (a move never changes who sits where): only
        a save without one (lobby, start, a seat handed to the AI) rewrites them."""
        ...

    async def set_meta(self, session_id: int, meta: Bookkeeping, shown_version: int | None) -> None:
        """The adapter's bookkeeping (an opaque JSON object) and the version it last showed;
        not versioned, never part of the game truth. ``save`` never writes them. Not a
        durable write of its own (no fsync): it reaches the disk with the next move's
        commit; lost to a power cut, it only makes the bot show the session again
        (``unpublished_sessions``)."""
        ...

    async def session_head(self, session_id: int) -> tuple[int, Bookkeeping, int | None] | None:
        """The stored version, bookkeeping and shown version of a session (one indexed
        read, no state)."""
        ...

    def session_lock(self, session_id: int, wait: bool = True) -> AbstractAsyncContextManager[bool]:
        """Hold the session's database-level lock for the block (PostgreSQL: an advisory lock,
        released by the server if this process dies; SQLite: one process, nothing to take).
        Yields False when ``wait`` is False and another process holds it."""
        ...

    async def close_damaged(self, session_id: int) -> None:
        """Abandon an active session whose row cannot be read (:class:`CorruptSession`)
        without reading it: the channel is free for a new table."""
        ...

    async def set_clock(self, record: SessionRecord) -> bool:
        """Store ``record.clock`` (reminders sent) if the version is still ``record.version``,
        without bumping it: prompts stay valid. False when the session moved on."""
        ...

    async def moves(self, session_id: int) -> list[MoveRecord]: ...

    async def session_ids(self, statuses: tuple[str, ...] | None = None) -> list[int]: ...

    async def unpublished_sessions(self) -> list[int]:
        """Running or just finished sessions whose last change the bot has not yet shown
        (``shown_version`` behind ``version``, or never shown at all: a crash right after
        Start); the bot catches up on start. A row whose ``meta`` is not valid JSON is left
        out (it must not stop the others)."""
        ...

    async def due_sessions(self, now: float) -> list[int]:
        """Running sessions whose turn clock has a reminder or deadline at or before ``now``."""
        ...

    async def standings(self, guild_id: str | None, game: str | None) -> list[dict[str, Any]]: ...

    async def player_stats(self, guild_id: str | None, player_id: str) -> dict[str, Any]: ...

    async def recent_results(
        self, guild_id: str | None, player_id: str | None, limit: int
    ) -> list[dict[str, Any]]: ...

    async def finished_games(
        self, guild_id: str, player_id: str | None, game: str | None, limit: int
    ) -> list[dict[str, Any]]:
        """A server's newest finished games (``player_id`` / ``game``: only theirs / that
        one), newest first: ``session_id``, ``game``, ``finished_at`` and ``results`` (the
        rated seats' ``player_id``, ``rank``, ``score`` by rank). Walks the results index by
        server and time (``results_by_guild_time``), one row per game."""
        ...

    async def last_finished_in(self, guild_id: str, channel_id: str) -> int | None:
        """The newest finished game of ``channel_id`` (None: none yet), by the same index."""
        ...

    async def set_dms_closed(self, user_id: str, closed: bool) -> None:
        """Remember that a DM to ``user_id`` was refused now (or that one went through)."""
        ...

    async def dms_closed_at(self, user_id: str) -> float | None:
        """When a DM to ``user_id`` was last refused, or None if the last one went through."""
        ...

    async def add_watcher(self, session_id: int, user_id: str) -> bool:
        """``user_id`` watches the session (spectator DMs, issue 14); False if already."""
        ...

    async def remove_watcher(self, session_id: int, user_id: str) -> bool:
        """``user_id`` stops watching; False if they were not watching."""
        ...

    async def watchers(self, session_id: int) -> list[str]:
        """Who watches the session, the earliest first."""
        ...

    async def set_user_locale(self, user_id: str, locale: str | None) -> None:
        """Remember the language ``user_id``'s Discord client last used (DMs sent unprompted
        are written in it); None forgets it."""
        ...

    async def user_locale(self, user_id: str) -> str | None:
        """The language remembered for ``user_id``, or None."""
        ...

    async def set_guild_locale(self, guild_id: str, locale: str | None) -> None:
        """A server's language for its channels (``/crowntable language``); None: Discord's
        preferred locale of the server again."""
        ...

    async def guild_locale(self, guild_id: str) -> str | None:
        """The language a server chose for its channels, or None."""
        ...

    async def set_user_teach(self, user_id: str, on: bool | None) -> None:
        """``user_id``'s own teach mode (issue 24): on, off, or None (they never chose: the
        table's teach flag decides)."""
        ...

    async def user_teach(self, user_ids: list[str]) -> dict[str, bool]:
        """The teach mode each of ``user_ids`` chose (those who never chose are left out)."""
        ...

    async def seen_steps(self, user_ids: list[str], game: str) -> dict[str, set[str]]:
        """The steps of ``game`` each of ``user_ids`` was taught (every one of them a key)."""
        ...

    async def mark_seen(self, user_id: str, game: str, steps: list[str]) -> int:
        """Remember that ``user_id`` was taught ``steps`` of ``game``; how many were new."""
        ...
