"""``crowntable copy --from URL --to URL``: move a server's data between databases (SQLite to
PostgreSQL, or back), then check the copy.

Both databases are opened through the store (so both are migrated to this Crowntable's schema
and have the same tables and columns); every table is copied row for row (sessions, seats,
moves, results, ratings, users, server settings, watchers, and any table a later migration
adds), ids kept, PostgreSQL's id sequence moved past the copied ids. The target must hold no
sessions: a copy never merges into a database in use. Then the copy is verified: the same
number of rows in every table, and every copied session replays from seed + move log to its
stored snapshot on the target.
"""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path
from typing import Any

import asyncpg

from bot.core.store import SQLiteStore, Store, StoreError, open_store
from bot.core.store.postgres import PostgresStore
from bot.core.store.readonly import connect_read_only, folder_problem, url_problem
from bot.core.store.sqlite import path_from_url

#: tables copied first, in this order (the others refer to sessions); then any other table
FIRST = ("sessions", "seats", "moves", "results", "watchers", "ratings", "users", "guild_settings")
SKIP = {"schema_version"}  # each database keeps its own schema version
PG_TYPES = {
    "boolean": bool,
    "integer": int,
    "bigint": int,
    "smallint": int,
    "double precision": float,
    "real": float,
    "text": str,
}


class CopyRefused(Exception):
    """The copy cannot be made (the target is in use, the source is the target)."""


class Side:
    """Raw table access to one opened store (SQLite file or PostgreSQL schema)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.pg: asyncpg.Connection | None = None
        self.sqlite: sqlite3.Connection | None = None

    async def open(self) -> None:
        if isinstance(self.store, PostgresStore):
            settings = {"search_path": self.store.schema} if self.store.schema else None
            self.pg = await asyncpg.connect(self.store.url, server_settings=settings)
        elif isinstance(self.store, SQLiteStore) and self.store.read_only:
            self.sqlite = connect_read_only(self.store.path)  # an older file: its copy in memory
        elif isinstance(self.store, SQLiteStore):
            self.sqlite = sqlite3.connect(self.store.path)
        else:  # pragma: no cover - only the two stores exist
            raise CopyRefused(f"cannot copy {type(self.store).__name__}")

    async def close(self) -> None:
        if self.pg is not None:
            await self.pg.close()
        if self.sqlite is not None:
            self.sqlite.close()

    async def tables(self) -> list[str]:
        if self.pg is not None:
            rows = await self.pg.fetch(
                "SELECT table_name FROM information_schema.tables WHERE table_schema ="
                " current_schema() AND table_type = 'BASE TABLE'"
            )
            names = {r["table_name"] for r in rows}
        else:
            assert self.sqlite is not None
            names = {
                r[0]
                for r in self.sqlite.execute(
                    "SELECT name FROM sqlite_master WHERE type = 'table'"
                    " AND name NOT LIKE 'sqlite_%'"
                )
            }
        names -= SKIP
        return [t for t in FIRST if t in names] + sorted(names - set(FIRST))

    async def columns(self, table: str) -> dict[str, str]:
        """Column name -> declared type, in table order."""
        if self.pg is not None:
            rows = await self.pg.fetch(
                "SELECT column_name, data_type FROM information_schema.columns WHERE"
                " table_schema = current_schema() AND table_name = $1 ORDER BY"
                " ordinal_position",
                table,
            )
            return {r["column_name"]: r["data_type"] for r in rows}
        assert self.sqlite is not None
        return {r[1]: r[2] for r in self.sqlite.execute(f'PRAGMA table_info("{table}")')}

    async def rows(self, table: str, columns: list[str]) -> list[tuple[Any, ...]]:
        names = ", ".join(f'"{c}"' for c in columns)
        if self.pg is not None:
            return [tuple(r) for r in await self.pg.fetch(f'SELECT {names} FROM "{table}"')]
        assert self.sqlite is not None
        return list(self.sqlite.execute(f'SELECT {names} FROM "{table}"'))

    async def count(self, table: str) -> int:
        if self.pg is not None:
            return int(await self.pg.fetchval(f'SELECT COUNT(*) FROM "{table}"'))
        assert self.sqlite is not None
        return int(self.sqlite.execute(f'SELECT COUNT(*) FROM "{table}"').fetchone()[0])

    async def write(self, table: str, columns: dict[str, str], rows: list[tuple[Any, ...]]) -> None:
        if not rows:
            return
        if self.pg is not None:
            casts = [PG_TYPES.get(t) for t in columns.values()]
            records = [
                tuple(
                    None if v is None or cast is None else cast(v)
                    for v, cast in zip(row, casts, strict=True)
                )
                for row in rows
            ]
            await self.pg.copy_records_to_table(table, records=records, columns=list(columns))
            return
        assert self.sqlite is not None
        names = ", ".join(f'"{c}"' for c in columns)
        marks = ", ".join("?" * len(columns))
        with self.sqlite:
            self.sqlite.executemany(f'INSERT INTO "{table}" ({names}) VALUES ({marks})', rows)

    async def after_copy(self) -> None:
        """PostgreSQL: new sessions get ids after the copied ones."""
        if self.pg is not None:
            await self.pg.execute(
                "SELECT setval(pg_get_serial_sequence('sessions', 'id'),"
                " GREATEST((SELECT MAX(id) FROM sessions), 1))"
            )


async def copy_tables(source: Side, target: Side) -> dict[str, int]:
    """Copy every table of ``source`` into the empty ``target``; rows copied per table."""
    if await target.count("sessions"):
        raise CopyRefused(
            "the target database already has sessions: copy into an empty "
            "database (a copy never merges)"
        )
    copied: dict[str, int] = {}
    target_tables = set(await target.tables())
    for table in await source.tables():
        if table not in target_tables:
            raise CopyRefused(f"the target has no table {table}")
        columns = await target.columns(table)
        missing = set(await source.columns(table)) - set(columns)
        if missing:
            raise CopyRefused(f"the target's {table} has no column {sorted(missing)[0]}")
        source_columns = await source.columns(table)
        wanted = {c: t for c, t in columns.items() if c in source_columns}
        rows = await source.rows(table, list(wanted))
        await target.write(table, wanted, rows)
        copied[table] = len(rows)
    await target.after_copy()
    return copied


async def verify_copy(source: Side, target: Side, copied: dict[str, int]) -> list[str]:
    """What differs between the copy and its source (empty: nothing)."""
    from bot.core.host import SessionHost
    from bot.core.verify import check_session

    problems = []
    for table, n in copied.items():
        if await target.count(table) != n or await source.count(table) != n:
            problems.append(f"{table}: {n} rows copied, the target has {await target.count(table)}")
    host = SessionHost(target.store)
    for session_id in await target.store.session_ids():
        problem = await check_session(host, session_id)
        if problem is not None:
            problems.append(f"session {session_id} ({problem[0]}): {problem[1]}")
    return problems


def target_problem(from_url: str, to_url: str) -> str | None:
    """Why ``to_url`` cannot receive a copy of ``from_url`` (None: it can). The copy creates
    only the target database itself: an SQLite file in a folder that exists."""
    if from_url == to_url:
        return "--from and --to are the same database"
    problem = url_problem(to_url)
    if problem:
        return problem
    if not to_url.startswith(("postgres://", "postgresql://")):
        path = Path(path_from_url(to_url))
        if path.is_dir():
            return f"{path} is a folder: give --to a database file"
        return folder_problem(path)
    return None


async def run_copy(from_url: str, to_url: str) -> int:
    """0: copied and verified; 1: the copy differs (one line each); 2: a database cannot be
    opened or the copy is refused (one line)."""
    problem = target_problem(from_url, to_url)
    if problem:
        print(f"crowntable: {problem}", file=sys.stderr)
        return 2
    stores: list[Store] = []
    sides: list[Side] = []
    copied: dict[str, int] = {}
    try:
        for url, read_only in ((from_url, True), (to_url, False)):
            stores.append(await open_store(url, read_only=read_only))
            sides.append(Side(stores[-1]))
            await sides[-1].open()
        copied = await copy_tables(sides[0], sides[1])
        problems = await verify_copy(sides[0], sides[1], copied)
    except (StoreError, CopyRefused, OSError, asyncpg.PostgresError) as exc:
        print(f"crowntable: {exc}", file=sys.stderr)
        return 2
    finally:
        for side in sides:
            await side.close()
        for store in stores:
            await store.close()
    summary = ", ".join(f"{n} {table}" for table, n in copied.items())
    for line in problems:
        print(line)
    print(
        f"copied {summary}; "
        + (
            f"differences: {len(problems)}"
            if problems
            else "verified: every table complete, every session replays"
        )
    )
    return 1 if problems else 0
