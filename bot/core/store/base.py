"""The narrow persistence interface the session host needs (SQLite now, PostgreSQL later).

The move log is the truth: ``save`` writes the session row, appends at most one move and, at a
game's end, the results and rating updates in ONE transaction, guarded by compare-and-swap on
the session version. A lost race raises :class:`VersionConflict` and writes nothing.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, TypedDict

Status = Literal["lobby", "running", "finished", "abandoned", "cancelled"]
MoveSource = Literal["player", "ai", "timeout"]  # who chose a stored move
ACTIVE: tuple[Status, ...] = ("lobby", "running")


class StoreError(Exception):
    """Base class of store failures the host translates for players."""


class VersionConflict(StoreError):
    """The session changed since it was read (another click or process won the race)."""


class SchemaTooNew(StoreError):
    """The database was written by a newer Crowntable: refused rather than misread."""


class ChannelBusy(StoreError):
    """The channel already has an active session (lobby or running)."""


class ClockEntry(TypedDict):
    """One waiting player's turn clock: ``since`` is the version at which their current decision
    began (a prompt made at ``v >= since`` is still good); ``due`` / ``remind`` are wall-clock
    times (None when the clock is off)."""

    since: int
    due: float | None
    remind: float | None
    reminded: bool


class BoardRef(TypedDict):
    """The board message of a session: its id and when it was posted (edited while young)."""

    id: int
    at: float


class Meta(TypedDict, total=False):
    """Bot bookkeeping of one session: never part of the game truth, never versioned, written
    only through :meth:`bot.core.host.SessionHost.publication` (under the session's lock)."""

    lobby: int  # the lobby message id
    board: BoardRef
    ping: int  # the last "it's your turn" message id
    log: list[str]  # recent public log lines, newest last
    last_change_lines: int  # how many log lines the last change brought
    prompted: dict[str, int | None]  # player -> ``since`` of the decision prompted for
    pinged: dict[str, int | None]  # player -> ``since`` of the decision pinged for
    hand_sig: dict[str, str | None]  # player -> signature of the hand text last DMed
    published_version: int  # the version last shown in Discord
    final_posted: bool


@dataclass
class Seat:
    player_id: str
    name: str
    is_ai: bool = False


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
    meta: Meta = field(default_factory=lambda: Meta())
    created_at: float = 0.0
    updated_at: float = 0.0

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
        set_times = [x for x in times if x is not None]
        return min(set_times) if set_times and self.status == "running" else None


def record_from_row(row: Mapping[str, Any], seats: list[Seat]) -> SessionRecord:
    """A :class:`SessionRecord` from a ``sessions`` row (SQLite or PostgreSQL) and its seats."""
    return SessionRecord(
        id=row["id"], guild_id=row["guild_id"], channel_id=row["channel_id"],
        game=row["game"], options=json.loads(row["options"]), seed=row["seed"],
        status=row["status"], version=row["version"], host_id=row["host_id"],
        turn_secs=row["turn_secs"],
        state=None if row["state"] is None else json.loads(row["state"]),
        move_count=row["move_count"], seats=seats, clock=json.loads(row["clock"]),
        meta=json.loads(row["meta"]), created_at=row["created_at"],
        updated_at=row["updated_at"],
    )


def player_stats_rows(player_id: str, per_game: list[dict[str, Any]],
                      ratings: list[dict[str, Any]]) -> dict[str, Any]:
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


class Store(Protocol):
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
        results and rating update; :class:`VersionConflict` when the version moved on."""
        ...

    async def set_meta(self, session_id: int, meta: Meta) -> None:
        """Bot-side bookkeeping (message ids); not versioned, never part of the game truth.
        ``save`` never writes ``meta``."""
        ...

    async def set_clock(self, record: SessionRecord) -> bool:
        """Store ``record.clock`` (reminders sent) if the version is still ``record.version``,
        without bumping it: prompts stay valid. False when the session moved on."""
        ...

    async def moves(self, session_id: int) -> list[MoveRecord]: ...

    async def session_ids(self, statuses: tuple[str, ...] | None = None) -> list[int]: ...

    async def unpublished_sessions(self) -> list[int]:
        """Running or just finished sessions whose last change the bot has not yet shown
        (``meta["published_version"]`` behind ``version``): a crash between a move and its
        publication; the bot catches up on start."""
        ...

    async def due_sessions(self, now: float) -> list[int]:
        """Running sessions whose turn clock has a reminder or deadline at or before ``now``."""
        ...

    async def standings(self, guild_id: str | None, game: str | None) -> list[dict[str, Any]]: ...

    async def player_stats(self, guild_id: str | None, player_id: str) -> dict[str, Any]: ...

    async def recent_results(
        self, guild_id: str | None, player_id: str | None, limit: int
    ) -> list[dict[str, Any]]: ...

    async def set_dms_closed(self, user_id: str, closed: bool) -> None:
        """Remember that a DM to ``user_id`` was refused now (or that one went through)."""
        ...

    async def dms_closed_at(self, user_id: str) -> float | None:
        """When a DM to ``user_id`` was last refused, or None if the last one went through."""
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
