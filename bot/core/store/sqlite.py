"""The embedded default store: aiosqlite, WAL mode, numbered migrations, CAS on the version.

Every operation is one function run on aiosqlite's connection thread (one hop, so a
transaction can never interleave with another coroutine's statements). Saves are group
committed: saves that arrive while a commit is in flight are written together in the next
transaction, each inside its own SAVEPOINT with its own compare-and-swap, so one lost race
never undoes another session's move, and a hundred busy tables share one fsync.
``BEGIN IMMEDIATE`` takes SQLite's write lock up front, so two processes over one file
serialise their writes; ``synchronous=FULL``: a move is on disk before it is acknowledged.
The bookkeeping (``set_meta``) is written with ``synchronous=NORMAL``: one fsync per move, the
bookkeeping rides on the next commit's. ``crowntable run`` opens the file ``exclusive``: a
lock file beside it refuses a second bot process (one process per SQLite file).
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import functools
import json
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.core.store.base import (
    ACTIVE,
    Bookkeeping,
    ChannelBusy,
    MoveRecord,
    RateFn,
    Rating,
    SchemaTooNew,
    Seat,
    SessionRecord,
    StoreBusy,
    StoreError,
    StoreLocked,
    StoreUnusable,
    VersionConflict,
    history_rows,
    player_stats_rows,
    record_from_row,
)
from bot.core.store.migrations import MIGRATIONS
from bot.core.store.prefs_sqlite import SQLitePrefs
from bot.core.store.readonly import connect_read_only
from bot.core.store.userdata_sqlite import SQLiteUserData

GUILDLESS = ""  # ratings key for sessions outside a guild
ACTIVE_SQL = "(" + ", ".join(f"'{s}'" for s in ACTIVE) + ")"  # literals: the index applies
T = TypeVar("T")


def _json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def rollback(con: sqlite3.Connection) -> None:
    """ROLLBACK the open transaction, if SQLite has not ended it already: on a full disk it
    rolls back by itself, and a ROLLBACK then raises "no transaction is active", which would
    hide the real error."""
    if con.in_transaction:
        con.execute("ROLLBACK")


def refusal(exc: sqlite3.OperationalError, path: str) -> StoreError | None:
    """The store's word for an SQLite failure after which nothing was written and a later try
    may succeed (None: another failure): the file busy or locked, the disk full. Either is a
    :class:`StoreBusy` (players are told nothing was saved, to try again in a moment), its
    message naming the cause for the operator's log."""
    text = str(exc)
    if "locked" in text or "busy" in text:
        return StoreBusy(f"the database {path} is busy: {exc}")
    if "full" in text or getattr(exc, "sqlite_errorname", "") == "SQLITE_FULL":
        return StoreBusy(f"the disk holding {path} is full: nothing was saved ({exc})")
    return None


def path_from_url(url: str) -> str:
    """``sqlite:///crowntable.db`` -> ``crowntable.db``;
    ``sqlite:////abs/x.db`` -> ``/abs/x.db``."""
    if url.startswith("sqlite:///"):
        return url[len("sqlite:///") :] or ":memory:"
    if url.startswith("sqlite://"):
        return url[len("sqlite://") :] or ":memory:"
    return url


def _columns(con: sqlite3.Connection, table: str) -> set[str]:
    return {str(row[1]) for row in con.execute(f"PRAGMA table_info({table})")}


@functools.cache
def expected_columns() -> dict[str, frozenset[str]]:
    """The tables and columns of a database the migrations built (made once, in memory)."""
    con = sqlite3.connect(":memory:")
    try:
        for script in MIGRATIONS:
            con.executescript(script)
        tables = [
            str(r[0])
            for r in con.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
        ]
        return {t: frozenset(_columns(con, t)) for t in tables}
    finally:
        con.close()


@dataclass
class _Save:
    record: SessionRecord
    expected: int
    move: MoveRecord | None
    results: list[dict[str, Any]] | None
    rate: RateFn | None
    future: asyncio.Future[None]
    error: BaseException | None = None


class SQLiteStore(SQLiteUserData, SQLitePrefs):  # players' data: userdata; prefs
    shared = False  # one process per file

    def __init__(
        self,
        path: str | Path,
        clock: Callable[[], float] = time.time,
        exclusive: bool = False,
        read_only: bool = False,
    ) -> None:
        self.path = str(path)
        self.exclusive = exclusive
        #: only read the file: nothing created, migrated or written (``bot.core.store.readonly``)
        self.read_only = read_only
        self._lock_fd: int | None = None
        self._db: aiosqlite.Connection | None = None
        self._now = clock
        self._pending: list[_Save] = []
        self._flushing = False
        #: test hook: called inside the save transaction after the writes, before COMMIT
        self.before_commit: Callable[[], None] | None = None

    # -- lifecycle ---------------------------------------------------------------------------
    async def open(self) -> None:
        """Open, configure and migrate the file; :class:`StoreUnusable` (one line) when it is
        not an SQLite database or cannot be written, :class:`SchemaTooNew` for a newer schema.
        A failed open leaves nothing running (the connection thread is closed)."""
        if self.read_only:
            await self._open_read_only()
            return
        try:
            if self.path != ":memory:":
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
                if self.exclusive:
                    self._take_file_lock()
            self._db = await aiosqlite.connect(self.path, isolation_level=None)
            await self._run(self._configure)
            await self.migrate()
            await self._run(self._check_columns)
            await self._run(self._probe_write)
        except BaseException as exc:
            await self.close()
            if isinstance(exc, (sqlite3.Error, OSError)):
                raise StoreUnusable(f"cannot use the database {self.path}: {exc}") from None
            raise

    async def _open_read_only(self) -> None:
        path = self.path
        try:
            # opened here, not by aiosqlite's connector: a refused file leaves no thread behind
            con = await asyncio.to_thread(connect_read_only, path)
            self._db = await aiosqlite.core.Connection(lambda: con, 64)
            await self._run(self._check_columns)
        except BaseException as exc:
            await self.close()
            if isinstance(exc, (sqlite3.Error, OSError)):
                raise StoreUnusable(f"cannot read the database {path}: {exc}") from None
            raise

    @staticmethod
    def _check_columns(con: sqlite3.Connection) -> None:
        """Every table and column the migrations make is there (a file whose schema version
        matches but whose tables were changed by hand, or by a newer Crowntable, is refused)."""
        missing = [
            f"{table}.{column}"
            for table, columns in expected_columns().items()
            for column in sorted(columns - _columns(con, table))
        ]
        if missing:
            raise StoreUnusable(
                "the database's tables do not match this Crowntable's schema "
                f"(missing: {', '.join(missing[:5])})"
            )

    @staticmethod
    def _probe_write(con: sqlite3.Connection) -> None:
        """Fail now, not at the first move, when the file is read-only: rewrite the schema
        version in a transaction that is rolled back."""
        version = int(con.execute("PRAGMA user_version").fetchone()[0])
        con.execute("BEGIN IMMEDIATE")
        try:
            con.execute(f"PRAGMA user_version = {version}")
        finally:
            con.execute("ROLLBACK")

    def _take_file_lock(self) -> None:
        """Refuse to serve a file another bot process serves (the kernel drops the lock when
        that process dies, however it dies)."""
        fd = os.open(self.path + ".lock", os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise StoreLocked(
                f"another Crowntable process is already using {self.path}: SQLite allows one "
                "bot process per database file (stop the other one, or use PostgreSQL to run "
                "several)"
            ) from None
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        self._lock_fd = fd

    @staticmethod
    def _configure(con: sqlite3.Connection) -> None:
        con.row_factory = sqlite3.Row
        con.execute("PRAGMA journal_mode=WAL")
        con.execute("PRAGMA synchronous=FULL")
        con.execute("PRAGMA foreign_keys=ON")
        con.execute("PRAGMA busy_timeout=5000")

    async def close(self) -> None:
        if self._db is not None:
            await self._db.close()
            self._db = None
        if self._lock_fd is not None:
            os.close(self._lock_fd)  # releases the flock
            self._lock_fd = None

    async def _run(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``fn(connection)`` on the connection's thread (one hop for the whole call)."""
        if self._db is None:
            raise RuntimeError("store is not open")
        db = self._db
        # aiosqlite runs queued callables in order on its own thread; _conn is its sqlite3
        # connection. Both are stable across aiosqlite 0.17-0.22 (pinned < 1 in pyproject).
        try:
            result: T = await db._execute(  # type: ignore[no-untyped-call]
                lambda: fn(db._conn)
            )
        except sqlite3.OperationalError as exc:
            said = refusal(exc, self.path)
            if said is not None:
                raise said from exc
            raise
        return result

    async def migrate(self) -> int:
        """Apply the migrations the file has not seen; returns the schema version."""

        def run(con: sqlite3.Connection) -> int:
            current = int(con.execute("PRAGMA user_version").fetchone()[0])
            if current > len(MIGRATIONS):
                raise SchemaTooNew(
                    f"database schema {current} is newer than this Crowntable "
                    f"knows ({len(MIGRATIONS)})"
                )
            for number, script in enumerate(MIGRATIONS, start=1):
                if number <= current:
                    continue
                con.execute("BEGIN IMMEDIATE")
                try:
                    for statement in script.split(";"):
                        if statement.strip():
                            con.execute(statement)
                    con.execute(f"PRAGMA user_version = {number}")
                    con.execute("COMMIT")
                except BaseException:
                    rollback(con)
                    raise
                current = number
            return current

        return await self._run(run)

    # -- sessions ----------------------------------------------------------------------------
    async def create_session(self, record: SessionRecord) -> SessionRecord:
        now = self._now()

        def run(con: sqlite3.Connection) -> int:
            con.execute("BEGIN IMMEDIATE")
            try:
                cur = con.execute(
                    "INSERT INTO sessions (guild_id, channel_id, game, options, seed, status,"
                    " version, host_id, turn_secs, state, clock, next_alarm, meta, created_at,"
                    " updated_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                    (
                        record.guild_id,
                        record.channel_id,
                        record.game,
                        _json(record.options),
                        record.seed,
                        record.status,
                        0,
                        record.host_id,
                        record.turn_secs,
                        None if record.state is None else _json(record.state),
                        _json(record.clock),
                        record.next_alarm,
                        _json(record.meta),
                        now,
                        now,
                    ),
                )
                session_id = int(cur.lastrowid or 0)
                self._write_seats(con, session_id, record.seats)
                con.execute("COMMIT")
                return session_id
            except sqlite3.IntegrityError as exc:
                rollback(con)
                raise ChannelBusy(record.channel_id) from exc
            except BaseException:
                rollback(con)
                raise

        session_id = await self._run(run)
        record.id, record.version, record.created_at, record.updated_at = session_id, 0, now, now
        return record

    @staticmethod
    def _write_seats(con: sqlite3.Connection, session_id: int, seats: list[Seat]) -> None:
        con.execute("DELETE FROM seats WHERE session_id = ?", (session_id,))
        con.executemany(
            "INSERT INTO seats (session_id, seat, player_id, name, is_ai, ai_level)"
            " VALUES (?,?,?,?,?,?)",
            [
                (session_id, i, s.player_id, s.name, int(s.is_ai), s.ai_level)
                for i, s in enumerate(seats)
            ],
        )

    @staticmethod
    def _read(con: sqlite3.Connection, where: str, args: tuple[Any, ...]) -> SessionRecord | None:
        row = con.execute(f"SELECT * FROM sessions WHERE {where}", args).fetchone()
        if row is None:
            return None
        seats = [
            Seat(r["player_id"], r["name"], bool(r["is_ai"]), r["ai_level"])
            for r in con.execute(
                "SELECT player_id, name, is_ai, ai_level FROM seats WHERE session_id = ?"
                " ORDER BY seat",
                (row["id"],),
            )
        ]
        return record_from_row(row, seats)

    async def get_session(self, session_id: int) -> SessionRecord | None:
        return await self._run(lambda con: self._read(con, "id = ?", (session_id,)))

    async def active_session(self, channel_id: str) -> SessionRecord | None:
        # the statuses are literals: with bound parameters the partial index is unusable
        return await self._run(
            lambda con: self._read(con, f"channel_id = ? AND status IN {ACTIVE_SQL}", (channel_id,))
        )

    async def session_head(self, session_id: int) -> tuple[int, Bookkeeping, int | None] | None:
        rows = await self._rows(
            "SELECT version, meta, shown_version FROM sessions WHERE id = ?", (session_id,)
        )
        if not rows:
            return None
        return int(rows[0]["version"]), json.loads(rows[0]["meta"]), rows[0]["shown_version"]

    @contextlib.asynccontextmanager
    async def session_lock(self, session_id: int, wait: bool = True) -> AsyncIterator[bool]:
        yield True  # one process per file: the host's in-process lock is the whole story

    async def save(
        self,
        record: SessionRecord,
        expected_version: int,
        move: MoveRecord | None = None,
        results: list[dict[str, Any]] | None = None,
        rate: RateFn | None = None,
    ) -> SessionRecord:
        item = _Save(
            record,
            expected_version,
            move,
            results,
            rate,
            asyncio.get_running_loop().create_future(),
        )
        self._pending.append(item)
        if not self._flushing:
            self._flushing = True
            asyncio.get_running_loop().create_task(self._flush())
        await item.future
        record.version = expected_version + 1
        return record

    async def _flush(self) -> None:
        try:
            while self._pending:
                batch, self._pending = self._pending, []
                write = functools.partial(self._write_batch, batch=batch)
                try:
                    await self._run(write)
                except BaseException as exc:  # the whole transaction rolled back
                    for item in batch:
                        item.error = item.error or exc
                for item in batch:
                    if item.future.done():
                        continue
                    if isinstance(item.error, sqlite3.OperationalError):
                        item.error = refusal(item.error, self.path) or item.error
                    if item.error is not None:
                        item.future.set_exception(item.error)
                    else:
                        item.future.set_result(None)
        finally:
            self._flushing = False

    def _write_batch(self, con: sqlite3.Connection, *, batch: list[_Save]) -> None:
        now = self._now()
        con.execute("BEGIN IMMEDIATE")
        try:
            for i, item in enumerate(batch):
                con.execute(f"SAVEPOINT s{i}")
                try:
                    self._write_one(con, item, now)
                except Exception as exc:
                    if not con.in_transaction:  # SQLite ended it (a full disk): all is undone
                        raise
                    con.execute(f"ROLLBACK TO s{i}")
                    item.error = exc
                con.execute(f"RELEASE s{i}")
            if self.before_commit is not None:
                self.before_commit()
            con.execute("COMMIT")
        except BaseException:
            rollback(con)
            raise
        for item in batch:
            if item.error is None:
                item.record.updated_at = now

    def _write_one(self, con: sqlite3.Connection, item: _Save, now: float) -> None:
        record, expected = item.record, item.expected
        cur = con.execute(
            "UPDATE sessions SET status=?, version=?, state=?, move_count=?, clock=?,"
            " next_alarm=?, options=?, seed=?, turn_secs=?, host_id=?, updated_at=?"
            " WHERE id=? AND version=?",
            (
                record.status,
                expected + 1,
                None if record.state is None else _json(record.state),
                record.move_count,
                _json(record.clock),
                record.next_alarm,
                _json(record.options),
                record.seed,
                record.turn_secs,
                record.host_id,
                now,
                record.id,
                expected,
            ),
        )
        if cur.rowcount != 1:
            raise VersionConflict(f"session {record.id} is past version {expected}")
        if item.move is None:  # a move never changes the seats
            self._write_seats(con, record.id, record.seats)
        if item.move is not None:
            m = item.move
            con.execute(
                "INSERT INTO moves (session_id, seq, player_id, move, source, at)"
                " VALUES (?,?,?,?,?,?)",
                (record.id, m.seq, m.player_id, _json(m.move), m.source, m.at),
            )
        if item.results is not None:
            self._write_results(con, record, item.results, item.rate, now)

    @staticmethod
    def _write_results(
        con: sqlite3.Connection,
        record: SessionRecord,
        results: list[dict[str, Any]],
        rate: RateFn | None,
        now: float,
    ) -> None:
        con.executemany(
            "INSERT INTO results (session_id, guild_id, game, player_id, rank, score, players,"
            " finished_at) VALUES (?,?,?,?,?,?,?,?)",
            [
                (
                    record.id,
                    record.guild_id,
                    record.game,
                    r["player"],
                    r["rank"],
                    r.get("score"),
                    len(results),
                    now,
                )
                for r in results
            ],
        )
        if rate is None:
            return
        guild = record.guild_id or GUILDLESS
        ids = [r["player"] for r in results]
        marks = ",".join("?" * len(ids))
        current = {
            r["player_id"]: Rating(r["player_id"], r["mu"], r["sigma"], r["games"], r["wins"])
            for r in con.execute(
                f"SELECT player_id, mu, sigma, games, wins FROM ratings WHERE guild_id=?"
                f" AND game=? AND player_id IN ({marks})",
                (guild, record.game, *ids),
            )
        }
        for new in rate(current).values():
            con.execute(
                "INSERT INTO ratings (guild_id, game, player_id, mu, sigma, games, wins,"
                " updated_at) VALUES (?,?,?,?,?,?,?,?) ON CONFLICT(guild_id, game, player_id)"
                " DO UPDATE SET mu=excluded.mu, sigma=excluded.sigma, games=excluded.games,"
                " wins=excluded.wins, updated_at=excluded.updated_at",
                (guild, record.game, new.player_id, new.mu, new.sigma, new.games, new.wins, now),
            )

    async def _write(self, sql: str, args: tuple[Any, ...]) -> int:
        return await self._run(lambda con: con.execute(sql, args).rowcount)

    async def set_meta(self, session_id: int, meta: Bookkeeping, shown_version: int | None) -> None:
        def run(con: sqlite3.Connection) -> None:
            con.execute("PRAGMA synchronous=NORMAL")  # no fsync: rides on the next commit's
            try:
                con.execute(
                    "UPDATE sessions SET meta=?, shown_version=? WHERE id=?",
                    (_json(meta), shown_version, session_id),
                )
            finally:
                con.execute("PRAGMA synchronous=FULL")

        await self._run(run)

    async def close_damaged(self, session_id: int) -> None:
        await self._write(
            "UPDATE sessions SET status='abandoned', clock='{}', next_alarm=NULL,"
            f" version=version+1 WHERE id=? AND status IN {ACTIVE_SQL}",
            (session_id,),
        )

    async def set_clock(self, record: SessionRecord) -> bool:
        changed = await self._write(
            "UPDATE sessions SET clock=?, next_alarm=? WHERE id=? AND version=?",
            (_json(record.clock), record.next_alarm, record.id, record.version),
        )
        return changed == 1

    async def _rows(self, sql: str, args: tuple[Any, ...] = ()) -> list[dict[str, Any]]:
        return await self._run(lambda con: [dict(r) for r in con.execute(sql, args)])

    async def moves(self, session_id: int) -> list[MoveRecord]:
        rows = await self._rows(
            "SELECT seq, player_id, move, source, at FROM moves WHERE session_id=? ORDER BY seq",
            (session_id,),
        )
        return [
            MoveRecord(r["seq"], r["player_id"], json.loads(r["move"]), r["source"], r["at"])
            for r in rows
        ]

    async def session_ids(self, statuses: tuple[str, ...] | None = None) -> list[int]:
        if statuses:
            marks = ",".join("?" * len(statuses))
            rows = await self._rows(
                f"SELECT id FROM sessions WHERE status IN ({marks}) ORDER BY id", statuses
            )
        else:
            rows = await self._rows("SELECT id FROM sessions ORDER BY id")
        return [int(r["id"]) for r in rows]

    async def unpublished_sessions(self) -> list[int]:
        rows = await self._rows(
            "SELECT id FROM sessions WHERE status IN ('running', 'finished')"
            " AND shown_version IS NOT version"  # the terms of the sessions_unshown index
            " AND json_valid(meta)"  # a damaged row must not fail the query
            " ORDER BY id"
        )
        return [int(r["id"]) for r in rows]

    async def due_sessions(self, now: float) -> list[int]:
        rows = await self._rows(
            "SELECT id FROM sessions WHERE next_alarm IS NOT NULL AND next_alarm <= ?"
            " AND status = 'running' ORDER BY next_alarm",
            (now,),
        )
        return [int(r["id"]) for r in rows]

    # -- standings ---------------------------------------------------------------------------
    async def standings(self, guild_id: str | None, game: str | None) -> list[dict[str, Any]]:
        args: tuple[Any, ...] = (guild_id or GUILDLESS,)
        where = "guild_id = ?"
        if game:
            where += " AND game = ?"
            args += (game,)
        return await self._rows(
            f"SELECT game, player_id, mu, sigma, games, wins FROM ratings WHERE {where}", args
        )

    async def player_stats(self, guild_id: str | None, player_id: str) -> dict[str, Any]:
        per_game = await self._rows(
            "SELECT game, COUNT(*) AS games, SUM(rank = 1) AS wins, AVG(rank) AS avg_rank"
            " FROM results WHERE guild_id IS ? AND player_id = ? GROUP BY game ORDER BY game",
            (guild_id, player_id),
        )
        ratings = await self._rows(
            "SELECT game, mu, sigma FROM ratings WHERE guild_id = ? AND player_id = ?",
            (guild_id or GUILDLESS, player_id),
        )
        return player_stats_rows(player_id, per_game, ratings)

    async def recent_results(
        self, guild_id: str | None, player_id: str | None, limit: int
    ) -> list[dict[str, Any]]:
        if player_id is None:
            return await self._rows(
                "SELECT * FROM results WHERE guild_id IS ? ORDER BY finished_at DESC,"
                " session_id DESC, rank LIMIT ?",
                (guild_id, limit),
            )
        return await self._rows(
            "SELECT * FROM results WHERE guild_id IS ? AND player_id = ?"
            " ORDER BY finished_at DESC, session_id DESC LIMIT ?",
            (guild_id, player_id, limit),
        )

    async def finished_games(
        self, guild_id: str, player_id: str | None, game: str | None, limit: int
    ) -> list[dict[str, Any]]:
        where, args = "r.guild_id = ?", [guild_id]
        if player_id is not None:
            where, args = where + " AND r.player_id = ?", [*args, player_id]
        else:  # one row per game: its first player
            where += (
                " AND r.player_id = (SELECT MIN(o.player_id) FROM results o"
                " WHERE o.session_id = r.session_id)"
            )
        if game is not None:
            where, args = where + " AND r.game = ?", [*args, game]
        heads = await self._rows(
            f"SELECT r.session_id, r.game, r.finished_at FROM results r WHERE {where}"
            " ORDER BY r.finished_at DESC, r.session_id DESC LIMIT ?",
            (*args, limit),
        )
        ids = [int(h["session_id"]) for h in heads]
        rows = (
            await self._rows(
                "SELECT session_id, player_id, rank, score FROM results WHERE session_id IN"
                f" ({','.join('?' * len(ids))})",
                tuple(ids),
            )
            if ids
            else []
        )
        return history_rows(heads, rows)

    async def last_finished_in(self, guild_id: str, channel_id: str) -> int | None:
        rows = await self._rows(
            "SELECT r.session_id FROM results r JOIN sessions s ON s.id = r.session_id"
            " WHERE r.guild_id = ? AND s.channel_id = ?"
            " ORDER BY r.finished_at DESC, r.session_id DESC LIMIT 1",
            (guild_id, channel_id),
        )
        return int(rows[0]["session_id"]) if rows else None

    # -- users -------------------------------------------------------------------------------
    async def set_dms_closed(self, user_id: str, closed: bool) -> None:
        await self._write(
            "INSERT INTO users (user_id, dms_closed, closed_at) VALUES (?, ?, ?)"
            " ON CONFLICT(user_id) DO UPDATE SET dms_closed = excluded.dms_closed,"
            " closed_at = excluded.closed_at",
            (user_id, int(closed), self._now() if closed else None),
        )

    async def dms_closed_at(self, user_id: str) -> float | None:
        rows = await self._rows(
            "SELECT dms_closed, closed_at FROM users WHERE user_id=?", (user_id,)
        )
        if not rows or not rows[0]["dms_closed"]:
            return None
        return float(rows[0]["closed_at"] or 0.0)

    async def add_watcher(self, session_id: int, user_id: str) -> bool:
        return bool(
            await self._write(
                "INSERT INTO watchers (session_id, user_id, since) VALUES (?, ?, ?)"
                " ON CONFLICT(session_id, user_id) DO NOTHING",
                (session_id, user_id, self._now()),
            )
        )

    async def remove_watcher(self, session_id: int, user_id: str) -> bool:
        return bool(
            await self._write(
                "DELETE FROM watchers WHERE session_id=? AND user_id=?", (session_id, user_id)
            )
        )

    async def watchers(self, session_id: int) -> list[str]:
        rows = await self._rows(
            "SELECT user_id FROM watchers WHERE session_id=? ORDER BY since, user_id", (session_id,)
        )
        return [str(r["user_id"]) for r in rows]

    async def set_user_locale(self, user_id: str, locale: str | None) -> None:
        await self._write(
            "INSERT INTO users (user_id, locale) VALUES (?, ?)"
            " ON CONFLICT(user_id) DO UPDATE SET locale = excluded.locale",
            (user_id, locale),
        )

    async def user_locale(self, user_id: str) -> str | None:
        rows = await self._rows("SELECT locale FROM users WHERE user_id=?", (user_id,))
        return str(rows[0]["locale"]) if rows and rows[0]["locale"] else None

    async def set_guild_locale(self, guild_id: str, locale: str | None) -> None:
        await self._write(
            "INSERT INTO guild_settings (guild_id, locale, updated_at) VALUES (?, ?, ?)"
            " ON CONFLICT(guild_id) DO UPDATE SET locale = excluded.locale,"
            " updated_at = excluded.updated_at",
            (guild_id, locale, self._now()),
        )

    async def guild_locale(self, guild_id: str) -> str | None:
        rows = await self._rows("SELECT locale FROM guild_settings WHERE guild_id=?", (guild_id,))
        return str(rows[0]["locale"]) if rows and rows[0]["locale"] else None

    # -- teach mode (issue 24) -----------------------------------------------------------------
    async def set_user_teach(self, user_id: str, on: bool | None) -> None:
        await self._write(
            "INSERT INTO users (user_id, teach) VALUES (?, ?)"
            " ON CONFLICT(user_id) DO UPDATE SET teach = excluded.teach",
            (user_id, None if on is None else int(on)),
        )

    async def user_teach(self, user_ids: list[str]) -> dict[str, bool]:
        if not user_ids:
            return {}
        marks = ",".join("?" * len(user_ids))
        rows = await self._rows(
            f"SELECT user_id, teach FROM users WHERE teach IS NOT NULL AND user_id IN ({marks})",
            tuple(user_ids),
        )
        return {str(r["user_id"]): bool(r["teach"]) for r in rows}

    async def seen_steps(self, user_ids: list[str], game: str) -> dict[str, set[str]]:
        seen: dict[str, set[str]] = {u: set() for u in user_ids}
        if not user_ids:
            return seen
        marks = ",".join("?" * len(user_ids))
        rows = await self._rows(
            f"SELECT user_id, step FROM teach_seen WHERE game=? AND user_id IN ({marks})",
            (game, *user_ids),
        )
        for r in rows:
            seen[str(r["user_id"])].add(str(r["step"]))
        return seen

    async def mark_seen(self, user_id: str, game: str, steps: list[str]) -> int:
        now = self._now()

        def run(con: sqlite3.Connection) -> int:
            return sum(
                con.execute(
                    "INSERT INTO teach_seen (user_id, game, step, at) VALUES (?,?,?,?)"
                    " ON CONFLICT DO NOTHING",
                    (user_id, game, step, now),
                ).rowcount
                for step in dict.fromkeys(steps)
            )

        return await self._run(run) if steps else 0
