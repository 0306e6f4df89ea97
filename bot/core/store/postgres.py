"""The shared store for several processes: PostgreSQL through asyncpg, the same interface and
the same numbered migrations as SQLite (``migrations_pg.py``, one entry per SQLite migration).

Each save is ONE transaction (the session row with compare-and-swap on the version, the move,
the results and ratings), so a move is one durable write. PostgreSQL serialises concurrent
writers by row locks, so no group commit is needed: many processes may save at once and a lost
race raises :class:`VersionConflict` exactly as on SQLite. Every per-request query reads through
an index (``tests/host/test_store_plans.py`` checks the plans).

Several processes: ``session_lock`` is an advisory lock per session (namespaced by schema) held
on a connection of a small second pool, so holders never starve the queries they make; the
server drops it when the holder dies. The bookkeeping (``set_meta``) commits with
``synchronous_commit = off``: visible to every process at once, flushed with the next move.
A lost connection (the server restarting, the network) raises :class:`StoreUnavailable`;
reads retry once on a fresh connection, writes do not (the caller says "try again"); the pool
opens new connections by itself when the server is back.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, TypeVar
from urllib.parse import urlsplit

import asyncpg

from bot.core.store.base import (
    Bookkeeping,
    ChannelBusy,
    MoveRecord,
    RateFn,
    Rating,
    SchemaTooNew,
    Seat,
    SessionRecord,
    StoreUnavailable,
    StoreUnusable,
    VersionConflict,
    history_rows,
    player_stats_rows,
    record_from_row,
)
from bot.core.store.migrations_pg import PG_MIGRATIONS
from bot.core.store.prefs_pg import PgPrefs
from bot.core.store.sqlite import expected_columns
from bot.core.store.userdata_pg import PostgresUserData

GUILDLESS = ""
T = TypeVar("T")
#: a constant key for the advisory lock that serialises migrations between processes
MIGRATION_LOCK = 0x43524F574E  # "CROWN"
#: what a connection that went away raises (the server restarting, a cut network, a timeout)
#: (not asyncpg's InterfaceError: that is also how a wrong query fails, which is a bug to log)
LOST: tuple[type[BaseException], ...] = (
    OSError,
    TimeoutError,
    asyncpg.PostgresConnectionError,
    asyncpg.CannotConnectNowError,
    asyncpg.AdminShutdownError,
    asyncpg.TooManyConnectionsError,
)
REFUSED: tuple[type[BaseException], ...] = (
    asyncpg.InvalidAuthorizationSpecificationError,
    asyncpg.InvalidCatalogNameError,
)


UPDATE_SESSION = (
    "UPDATE sessions SET status=$1, version=$2, state=$3, move_count=$4, clock=$5,"
    " next_alarm=$6, options=$7, seed=$8, turn_secs=$9, host_id=$10, updated_at=$11"
    " WHERE id=$12 AND version=$13"
)


async def _no_reset(con: asyncpg.Connection) -> None:
    """A pooled connection goes back as it is (see ``_open``)."""


def _guild(guild_id: str | None) -> str:
    """``guild_id`` matched through the index (``IS NOT DISTINCT FROM`` is not indexable);
    ``$1`` stays a parameter either way, so the argument lists do not change."""
    return "guild_id = $1" if guild_id is not None else "guild_id IS NULL AND $1::text IS NULL"


def where(url: str) -> str:
    """``host:port/database`` of ``url``, without the user or password (for messages)."""
    parts = urlsplit(url)
    return f"{parts.hostname or 'localhost'}:{parts.port or 5432}{parts.path or '/'}"


def _readable(meta: str) -> bool:
    """Whether a session's bookkeeping is a JSON object (a damaged ``meta`` is skipped by the
    catch-up: that row is reported by ``verify``, not published)."""
    try:
        return isinstance(json.loads(meta), dict)
    except ValueError:
        return False


def _json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


class PostgresStore(PostgresUserData, PgPrefs):  # players' data: userdata; prefs
    """asyncpg pool over one database; ``schema`` isolates a deployment (or a test)."""

    shared = True  # any number of processes

    def __init__(
        self,
        url: str,
        *,
        schema: str | None = None,
        clock: Callable[[], float] = time.time,
        pool_size: int = 10,
        lock_pool_size: int = 16,
        read_only: bool = False,
    ) -> None:
        self.url = url
        #: only read: every transaction read-only, no schema made or migrated (issue 28)
        self.read_only = read_only
        self.schema = schema
        self._now = clock
        self._pool_size = pool_size
        self._lock_pool_size = lock_pool_size
        self._pool: asyncpg.Pool | None = None
        self._lock_pool: asyncpg.Pool | None = None
        #: connections with synchronous_commit off, for the bookkeeping: one round trip each
        self._meta_pool: asyncpg.Pool | None = None
        #: test hook: called inside the save transaction after the writes, before COMMIT
        self.before_commit: Callable[[], None] | None = None
        #: test hook: run on every new pooled connection (set before ``open``)
        self.on_connect: Callable[[asyncpg.Connection], Awaitable[None]] | None = None

    # -- lifecycle ---------------------------------------------------------------------------
    async def open(self) -> None:
        """Connect and migrate; :class:`StoreUnavailable` (one line, no password) when the
        server is unreachable or refuses the login or the database."""
        try:
            await self._open()
        except REFUSED as exc:
            await self.close()
            raise StoreUnavailable(
                f"PostgreSQL at {where(self.url)} refused the connection: {exc}"
            ) from None
        except LOST as exc:
            await self.close()
            raise StoreUnavailable(
                f"cannot reach PostgreSQL at {where(self.url)}: {exc or type(exc).__name__}"
            ) from None
        except BaseException:
            await self.close()
            raise

    async def _open(self) -> None:
        settings = {"search_path": self.schema} if self.schema else None
        if self.read_only:
            settings = (settings or {}) | {"default_transaction_read_only": "on"}
        if self.schema and not self.read_only:
            con = await asyncpg.connect(self.url, timeout=10)
            try:
                await con.execute(f'CREATE SCHEMA IF NOT EXISTS "{self.schema}"')
            finally:
                await con.close()
        # no reset query on release (asyncpg's default costs a round trip per use): these
        # connections keep no session state; a lock holder that fails unlocks or closes
        self._pool = await asyncpg.create_pool(
            self.url,
            min_size=1,
            max_size=self._pool_size,
            server_settings=settings,
            command_timeout=30,
            timeout=10,
            init=self.on_connect,
            reset=_no_reset,
        )
        self._lock_pool = await asyncpg.create_pool(
            self.url,
            min_size=0,
            max_size=self._lock_pool_size,
            server_settings=settings,
            command_timeout=30,
            timeout=10,
            reset=_no_reset,
        )
        self._meta_pool = await asyncpg.create_pool(
            self.url,
            min_size=0,
            max_size=4,
            command_timeout=30,
            timeout=10,
            reset=_no_reset,
            server_settings=(settings or {}) | {"synchronous_commit": "off"},
        )
        if self.read_only:
            await self._check_version()
        else:
            await self.migrate()
        await self._check_columns()

    async def _check_version(self) -> None:
        """A read-only open: the database is Crowntable's, at this Crowntable's schema."""
        async with self._con() as con:
            if await con.fetchval("SELECT to_regclass('schema_version')") is None:
                raise StoreUnusable(f"there is no Crowntable database at {where(self.url)}")
            current = int(await con.fetchval("SELECT version FROM schema_version") or 0)
        if current > len(PG_MIGRATIONS):
            raise SchemaTooNew(
                f"database schema {current} is newer than this Crowntable knows "
                f"({len(PG_MIGRATIONS)})"
            )
        if current < len(PG_MIGRATIONS):
            raise StoreUnusable(
                f"the database at {where(self.url)} has schema {current}, older than this "
                f"Crowntable's {len(PG_MIGRATIONS)}: start the bot on it once to upgrade it"
            )

    async def _check_columns(self) -> None:
        """Every table and column the migrations make is there (the same tables and columns
        as SQLite's, ``migrations_pg``): a schema whose version matches but whose tables were
        changed by hand, or by a newer Crowntable, is refused at start, not at the first
        query."""
        async with self._con() as con:
            rows = await con.fetch(
                "SELECT table_name, column_name FROM information_schema.columns"
                " WHERE table_schema = current_schema()"
            )
        have: dict[str, set[str]] = {}
        for row in rows:
            have.setdefault(str(row["table_name"]), set()).add(str(row["column_name"]))
        missing = [
            f"{table}.{column}"
            for table, columns in expected_columns().items()
            for column in sorted(columns - have.get(table, set()))
        ]
        if missing:
            raise StoreUnusable(
                "the database's tables do not match this Crowntable's schema "
                f"(missing: {', '.join(missing[:5])})"
            )

    async def close(self) -> None:
        for pool in (self._pool, self._lock_pool, self._meta_pool):
            if pool is not None:
                await pool.close()
        self._pool = self._lock_pool = self._meta_pool = None

    def _p(self) -> asyncpg.Pool:
        if self._pool is None:
            raise RuntimeError("store is not open")
        return self._pool

    @contextlib.asynccontextmanager
    async def _con(self) -> AsyncIterator[asyncpg.Connection]:
        """A pooled connection; a lost one raises :class:`StoreUnavailable`."""
        try:
            async with self._p().acquire() as con:
                yield con
        except LOST as exc:
            raise StoreUnavailable(f"the database went away: {exc or type(exc).__name__}") from exc

    async def _tx(self, fn: Callable[[asyncpg.Connection], Awaitable[T]]) -> T:
        async with self._con() as con, con.transaction():
            return await fn(con)

    async def _read_retrying(self, fn: Callable[[asyncpg.Connection], Awaitable[T]]) -> T:
        """A read, tried once more on a fresh connection when the first one was dead (the
        pool hands out connections the server closed while they idled)."""
        try:
            async with self._con() as con:
                return await fn(con)
        except StoreUnavailable:
            async with self._con() as con:
                return await fn(con)

    async def migrate(self) -> int:
        """Apply the migrations this database has not seen; returns the schema version."""

        async def run(con: asyncpg.Connection) -> int:
            await con.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            await con.execute(
                "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)"
            )
            row = await con.fetchrow("SELECT version FROM schema_version")
            current = 0 if row is None else int(row["version"])
            if current > len(PG_MIGRATIONS):
                raise SchemaTooNew(
                    f"database schema {current} is newer than this Crowntable knows "
                    f"({len(PG_MIGRATIONS)})"
                )
            for number, script in enumerate(PG_MIGRATIONS, start=1):
                if number > current:
                    await con.execute(script)
            if row is None:
                await con.execute("INSERT INTO schema_version VALUES ($1)", len(PG_MIGRATIONS))
            else:
                await con.execute("UPDATE schema_version SET version = $1", len(PG_MIGRATIONS))
            return len(PG_MIGRATIONS)

        return await self._tx(run)

    # -- sessions ----------------------------------------------------------------------------
    async def create_session(self, record: SessionRecord) -> SessionRecord:
        now = self._now()

        async def run(con: asyncpg.Connection) -> int:
            session_id = await con.fetchval(
                "INSERT INTO sessions (guild_id, channel_id, game, options, seed, status,"
                " version, host_id, turn_secs, state, clock, next_alarm, meta, created_at,"
                " updated_at) VALUES ($1,$2,$3,$4,$5,$6,0,$7,$8,$9,$10,$11,$12,$13,$13)"
                " RETURNING id",
                record.guild_id,
                record.channel_id,
                record.game,
                _json(record.options),
                record.seed,
                record.status,
                record.host_id,
                record.turn_secs,
                None if record.state is None else _json(record.state),
                _json(record.clock),
                record.next_alarm,
                _json(record.meta),
                now,
            )
            await self._write_seats(con, int(session_id), record.seats)
            return int(session_id)

        try:
            session_id = await self._tx(run)
        except asyncpg.UniqueViolationError as exc:
            raise ChannelBusy(record.channel_id) from exc
        record.id, record.version, record.created_at, record.updated_at = session_id, 0, now, now
        return record

    @staticmethod
    async def _write_seats(con: asyncpg.Connection, session_id: int, seats: list[Seat]) -> None:
        await con.execute("DELETE FROM seats WHERE session_id = $1", session_id)
        await con.executemany(
            "INSERT INTO seats (session_id, seat, player_id, name, is_ai, ai_level)"
            " VALUES ($1,$2,$3,$4,$5,$6)",
            [
                (session_id, i, s.player_id, s.name, s.is_ai, s.ai_level)
                for i, s in enumerate(seats)
            ],
        )

    @staticmethod
    async def _read(con: asyncpg.Connection, where: str, *args: Any) -> SessionRecord | None:
        row = await con.fetchrow(f"SELECT * FROM sessions WHERE {where}", *args)
        if row is None:
            return None
        seats = [
            Seat(r["player_id"], r["name"], bool(r["is_ai"]), r["ai_level"])
            for r in await con.fetch(
                "SELECT player_id, name, is_ai, ai_level FROM seats WHERE session_id = $1"
                " ORDER BY seat",
                row["id"],
            )
        ]
        return record_from_row(row, seats)

    async def get_session(self, session_id: int) -> SessionRecord | None:
        return await self._read_retrying(lambda con: self._read(con, "id = $1", session_id))

    async def active_session(self, channel_id: str) -> SessionRecord | None:
        # the statuses are literals so the partial unique index is usable
        return await self._read_retrying(
            lambda con: self._read(
                con, "channel_id = $1 AND status IN ('lobby', 'running')", channel_id
            )
        )

    async def session_head(self, session_id: int) -> tuple[int, Bookkeeping, int | None] | None:
        rows = await self._rows(
            "SELECT version, meta, shown_version FROM sessions WHERE id = $1", session_id
        )
        if not rows:
            return None
        return int(rows[0]["version"]), json.loads(rows[0]["meta"]), rows[0]["shown_version"]

    @contextlib.asynccontextmanager
    async def session_lock(self, session_id: int, wait: bool = True) -> AsyncIterator[bool]:
        if self._lock_pool is None:
            raise RuntimeError("store is not open")
        try:
            con = await self._lock_pool.acquire()
        except LOST as exc:
            raise StoreUnavailable(f"the database went away: {exc}") from exc
        got = False
        try:
            try:
                if wait:
                    await con.execute(
                        "SELECT pg_advisory_lock(hashtext(current_schema()), $1)", session_id
                    )
                    got = True
                else:
                    got = bool(
                        await con.fetchval(
                            "SELECT pg_try_advisory_lock(hashtext(current_schema()), $1)",
                            session_id,
                        )
                    )
            except LOST as exc:
                raise StoreUnavailable(f"the database went away: {exc}") from exc
            yield got
        finally:
            await self._unlock(con, session_id, got)

    async def _unlock(self, con: asyncpg.Connection, session_id: int, got: bool) -> None:
        assert self._lock_pool is not None
        try:
            if got:
                await con.execute(
                    "SELECT pg_advisory_unlock(hashtext(current_schema()), $1)", session_id
                )
            await self._lock_pool.release(con)
        except asyncpg.InterfaceError:  # lost while held: back in the pool, its locks gone
            return
        except LOST:  # the connection died, and its locks with it
            # (a connection lost in the middle of the release is back in the pool already:
            # its proxy refuses terminate() with InterfaceError)
            with contextlib.suppress(asyncpg.InterfaceError):
                con.terminate()
            with contextlib.suppress(Exception):
                await self._lock_pool.release(con)

    async def save(
        self,
        record: SessionRecord,
        expected_version: int,
        move: MoveRecord | None = None,
        results: list[dict[str, Any]] | None = None,
        rate: RateFn | None = None,
    ) -> SessionRecord:
        now = self._now()
        row = (
            record.status,
            expected_version + 1,
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
            expected_version,
        )
        if move is not None and results is None and self.before_commit is None:
            await self._save_move(record, row, move)  # the common case: one statement
            record.version = expected_version + 1
            record.updated_at = now
            return record

        async def run(con: asyncpg.Connection) -> None:
            status = await con.execute(UPDATE_SESSION, *row)
            if status != "UPDATE 1":
                raise VersionConflict(f"session {record.id} is past version {expected_version}")
            if move is None:  # a move never changes the seats
                await self._write_seats(con, record.id, record.seats)
            if move is not None:
                await con.execute(
                    "INSERT INTO moves (session_id, seq, player_id, move, source, at)"
                    " VALUES ($1,$2,$3,$4,$5,$6)",
                    record.id,
                    move.seq,
                    move.player_id,
                    _json(move.move),
                    move.source,
                    move.at,
                )
            if results is not None:
                await self._write_results(con, record, results, rate, now)
            if self.before_commit is not None:
                self.before_commit()

        try:
            await self._tx(run)
        except asyncpg.UniqueViolationError as exc:  # the move seq already taken
            raise VersionConflict(f"session {record.id}: {exc}") from exc
        record.version = expected_version + 1
        record.updated_at = now
        return record

    async def _save_move(
        self, record: SessionRecord, row: tuple[Any, ...], move: MoveRecord
    ) -> None:
        """The session row (CAS) and its move in ONE statement, so one round trip and one
        commit: a data-modifying CTE is atomic like a transaction."""
        try:
            async with self._con() as con:
                status = await con.execute(
                    f"WITH u AS ({UPDATE_SESSION} RETURNING id) INSERT INTO moves (session_id,"
                    " seq, player_id, move, source, at) SELECT id, $14, $15, $16, $17, $18"
                    " FROM u",
                    *row,
                    move.seq,
                    move.player_id,
                    _json(move.move),
                    move.source,
                    move.at,
                )
        except asyncpg.UniqueViolationError as exc:  # the move seq already taken
            raise VersionConflict(f"session {record.id}: {exc}") from exc
        if status != "INSERT 0 1":
            raise VersionConflict(f"session {record.id} is past version {row[-1]}")

    @staticmethod
    async def _write_results(
        con: asyncpg.Connection,
        record: SessionRecord,
        results: list[dict[str, Any]],
        rate: RateFn | None,
        now: float,
    ) -> None:
        await con.executemany(
            "INSERT INTO results (session_id, guild_id, game, player_id, rank, score, players,"
            " finished_at) VALUES ($1,$2,$3,$4,$5,$6,$7,$8)",
            [
                (
                    record.id,
                    record.guild_id,
                    record.game,
                    r["player"],
                    r["rank"],
                    None if r.get("score") is None else float(r["score"]),
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
        current = {
            r["player_id"]: Rating(r["player_id"], r["mu"], r["sigma"], r["games"], r["wins"])
            for r in await con.fetch(
                "SELECT player_id, mu, sigma, games, wins FROM ratings WHERE guild_id=$1"
                " AND game=$2 AND player_id = ANY($3::text[]) FOR UPDATE",
                guild,
                record.game,
                ids,
            )
        }
        for new in rate(current).values():
            await con.execute(
                "INSERT INTO ratings (guild_id, game, player_id, mu, sigma, games, wins,"
                " updated_at) VALUES ($1,$2,$3,$4,$5,$6,$7,$8)"
                " ON CONFLICT (guild_id, game, player_id) DO UPDATE SET mu=excluded.mu,"
                " sigma=excluded.sigma, games=excluded.games, wins=excluded.wins,"
                " updated_at=excluded.updated_at",
                guild,
                record.game,
                new.player_id,
                new.mu,
                new.sigma,
                new.games,
                new.wins,
                now,
            )

    async def _execute(self, sql: str, *args: Any) -> int:
        async with self._con() as con:
            status: str = await con.execute(sql, *args)
        return int(status.rsplit(" ", 1)[-1]) if status[-1:].isdigit() else 0

    async def set_meta(self, session_id: int, meta: Bookkeeping, shown_version: int | None) -> None:
        if self._meta_pool is None:
            raise RuntimeError("store is not open")
        try:  # a connection with synchronous_commit off: no WAL flush of its own
            async with self._meta_pool.acquire() as con:
                await con.execute(
                    "UPDATE sessions SET meta=$1, shown_version=$2 WHERE id=$3",
                    _json(meta),
                    shown_version,
                    session_id,
                )
        except LOST as exc:
            raise StoreUnavailable(f"the database went away: {exc}") from exc

    async def close_damaged(self, session_id: int) -> None:
        await self._execute(
            "UPDATE sessions SET status='abandoned', clock='{}', next_alarm=NULL,"
            " version=version+1 WHERE id=$1 AND status IN ('lobby', 'running')",
            session_id,
        )

    async def set_clock(self, record: SessionRecord) -> bool:
        changed = await self._execute(
            "UPDATE sessions SET clock=$1, next_alarm=$2 WHERE id=$3 AND version=$4",
            _json(record.clock),
            record.next_alarm,
            record.id,
            record.version,
        )
        return changed == 1

    async def _rows(self, sql: str, *args: Any) -> list[dict[str, Any]]:
        async def run(con: asyncpg.Connection) -> list[dict[str, Any]]:
            return [dict(r) for r in await con.fetch(sql, *args)]

        return await self._read_retrying(run)

    async def moves(self, session_id: int) -> list[MoveRecord]:
        rows = await self._rows(
            "SELECT seq, player_id, move, source, at FROM moves WHERE session_id=$1 ORDER BY seq",
            session_id,
        )
        return [
            MoveRecord(r["seq"], r["player_id"], json.loads(r["move"]), r["source"], r["at"])
            for r in rows
        ]

    async def session_ids(self, statuses: tuple[str, ...] | None = None) -> list[int]:
        if statuses:
            rows = await self._rows(
                "SELECT id FROM sessions WHERE status = ANY($1::text[]) ORDER BY id", list(statuses)
            )
        else:
            rows = await self._rows("SELECT id FROM sessions ORDER BY id")
        return [int(r["id"]) for r in rows]

    async def unpublished_sessions(self) -> list[int]:
        rows = await self._rows(  # meta is read here: a damaged row must not fail the query
            "SELECT id, meta FROM sessions WHERE status IN ('running', 'finished')"
            " AND shown_version IS DISTINCT FROM version"  # the sessions_unshown index
            " ORDER BY id"
        )
        return [int(r["id"]) for r in rows if _readable(r["meta"])]

    async def due_sessions(self, now: float) -> list[int]:
        rows = await self._rows(
            "SELECT id FROM sessions WHERE next_alarm IS NOT NULL AND next_alarm <= $1"
            " AND status = 'running' ORDER BY next_alarm",
            now,
        )
        return [int(r["id"]) for r in rows]

    # -- standings ---------------------------------------------------------------------------
    async def standings(self, guild_id: str | None, game: str | None) -> list[dict[str, Any]]:
        sql = "SELECT game, player_id, mu, sigma, games, wins FROM ratings WHERE guild_id = $1"
        if game:
            return await self._rows(sql + " AND game = $2", guild_id or GUILDLESS, game)
        return await self._rows(sql, guild_id or GUILDLESS)

    async def player_stats(self, guild_id: str | None, player_id: str) -> dict[str, Any]:
        per_game = await self._rows(
            "SELECT game, COUNT(*) AS games, SUM(CASE WHEN rank = 1 THEN 1 ELSE 0 END) AS wins,"
            f" AVG(rank)::float8 AS avg_rank FROM results WHERE {_guild(guild_id)}"
            " AND player_id = $2 GROUP BY game ORDER BY game",
            guild_id,
            player_id,
        )
        ratings = await self._rows(
            "SELECT game, mu, sigma FROM ratings WHERE guild_id = $1 AND player_id = $2",
            guild_id or GUILDLESS,
            player_id,
        )
        return player_stats_rows(player_id, per_game, ratings)

    async def recent_results(
        self, guild_id: str | None, player_id: str | None, limit: int
    ) -> list[dict[str, Any]]:
        if player_id is None:
            return await self._rows(
                f"SELECT * FROM results WHERE {_guild(guild_id)}"
                " ORDER BY finished_at DESC, session_id DESC, rank LIMIT $2",
                guild_id,
                limit,
            )
        return await self._rows(
            f"SELECT * FROM results WHERE {_guild(guild_id)} AND player_id = $2"
            " ORDER BY finished_at DESC, session_id DESC LIMIT $3",
            guild_id,
            player_id,
            limit,
        )

    async def finished_games(
        self, guild_id: str, player_id: str | None, game: str | None, limit: int
    ) -> list[dict[str, Any]]:
        where, args = "r.guild_id = $1", [guild_id]
        if player_id is not None:
            args.append(player_id)
            where += f" AND r.player_id = ${len(args)}"
        else:  # one row per game: its first player
            where += (
                " AND r.player_id = (SELECT MIN(o.player_id) FROM results o"
                " WHERE o.session_id = r.session_id)"
            )
        if game is not None:
            args.append(game)
            where += f" AND r.game = ${len(args)}"
        heads = await self._rows(
            f"SELECT r.session_id, r.game, r.finished_at FROM results r WHERE {where}"
            f" ORDER BY r.finished_at DESC, r.session_id DESC LIMIT ${len(args) + 1}",
            *args,
            limit,
        )
        ids = [int(h["session_id"]) for h in heads]
        rows = (
            await self._rows(
                "SELECT session_id, player_id, rank, score FROM results"
                " WHERE session_id = ANY($1::bigint[])",
                ids,
            )
            if ids
            else []
        )
        return history_rows(heads, rows)

    async def last_finished_in(self, guild_id: str, channel_id: str) -> int | None:
        rows = await self._rows(
            "SELECT r.session_id FROM results r JOIN sessions s ON s.id = r.session_id"
            " WHERE r.guild_id = $1 AND s.channel_id = $2"
            " ORDER BY r.finished_at DESC, r.session_id DESC LIMIT 1",
            guild_id,
            channel_id,
        )
        return int(rows[0]["session_id"]) if rows else None

    # -- users -------------------------------------------------------------------------------
    async def set_dms_closed(self, user_id: str, closed: bool) -> None:
        await self._execute(
            "INSERT INTO users (user_id, dms_closed, closed_at) VALUES ($1, $2, $3)"
            " ON CONFLICT (user_id) DO UPDATE SET dms_closed = excluded.dms_closed,"
            " closed_at = excluded.closed_at",
            user_id,
            int(closed),
            self._now() if closed else None,
        )

    async def dms_closed_at(self, user_id: str) -> float | None:
        rows = await self._rows("SELECT dms_closed, closed_at FROM users WHERE user_id=$1", user_id)
        if not rows or not rows[0]["dms_closed"]:
            return None
        return float(rows[0]["closed_at"] or 0.0)

    async def add_watcher(self, session_id: int, user_id: str) -> bool:
        return bool(
            await self._execute(
                "INSERT INTO watchers (session_id, user_id, since) VALUES ($1, $2, $3)"
                " ON CONFLICT (session_id, user_id) DO NOTHING",
                session_id,
                user_id,
                self._now(),
            )
        )

    async def remove_watcher(self, session_id: int, user_id: str) -> bool:
        return bool(
            await self._execute(
                "DELETE FROM watchers WHERE session_id=$1 AND user_id=$2", session_id, user_id
            )
        )

    async def watchers(self, session_id: int) -> list[str]:
        rows = await self._rows(
            "SELECT user_id FROM watchers WHERE session_id=$1 ORDER BY since, user_id", session_id
        )
        return [str(r["user_id"]) for r in rows]

    async def set_user_locale(self, user_id: str, locale: str | None) -> None:
        await self._execute(
            "INSERT INTO users (user_id, locale) VALUES ($1, $2)"
            " ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale",
            user_id,
            locale,
        )

    async def user_locale(self, user_id: str) -> str | None:
        rows = await self._rows("SELECT locale FROM users WHERE user_id=$1", user_id)
        return str(rows[0]["locale"]) if rows and rows[0]["locale"] else None

    async def set_guild_locale(self, guild_id: str, locale: str | None) -> None:
        await self._execute(
            "INSERT INTO guild_settings (guild_id, locale, updated_at) VALUES ($1, $2, $3)"
            " ON CONFLICT (guild_id) DO UPDATE SET locale = excluded.locale,"
            " updated_at = excluded.updated_at",
            guild_id,
            locale,
            self._now(),
        )

    async def guild_locale(self, guild_id: str) -> str | None:
        rows = await self._rows("SELECT locale FROM guild_settings WHERE guild_id=$1", guild_id)
        return str(rows[0]["locale"]) if rows and rows[0]["locale"] else None

    # -- teach mode (issue 24) -----------------------------------------------------------------
    async def set_user_teach(self, user_id: str, on: bool | None) -> None:
        await self._execute(
            "INSERT INTO users (user_id, teach) VALUES ($1, $2)"
            " ON CONFLICT (user_id) DO UPDATE SET teach = excluded.teach",
            user_id,
            None if on is None else int(on),
        )

    async def user_teach(self, user_ids: list[str]) -> dict[str, bool]:
        if not user_ids:
            return {}
        rows = await self._rows(
            "SELECT user_id, teach FROM users WHERE teach IS NOT NULL AND user_id = ANY($1)",
            list(user_ids),
        )
        return {str(r["user_id"]): bool(r["teach"]) for r in rows}

    async def seen_steps(self, user_ids: list[str], game: str) -> dict[str, set[str]]:
        seen: dict[str, set[str]] = {u: set() for u in user_ids}
        if not user_ids:
            return seen
        rows = await self._rows(
            "SELECT user_id, step FROM teach_seen WHERE game = $1 AND user_id = ANY($2)",
            game,
            list(user_ids),
        )
        for r in rows:
            seen[str(r["user_id"])].add(str(r["step"]))
        return seen

    async def mark_seen(self, user_id: str, game: str, steps: list[str]) -> int:
        new = 0
        for step in dict.fromkeys(steps):
            new += await self._execute(
                "INSERT INTO teach_seen (user_id, game, step, at) VALUES ($1, $2, $3, $4)"
                " ON CONFLICT DO NOTHING",
                user_id,
                game,
                step,
                self._now(),
            )
        return new
