"""PostgreSQL for the tests: the machine's local server (127.0.0.1:5432, trust auth), one
throw-away schema per test. ``CROWNTABLE_TEST_PG`` overrides the URL. Where no server answers,
the PostgreSQL cases are skipped with the reason, except under CI (``CI`` set), where they
fail: ``.ci/run`` starts the server."""

from __future__ import annotations

import os
import uuid

import asyncpg
import pytest

PG_URL = os.environ.get("CROWNTABLE_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")


async def require_pg() -> None:
    try:
        con = await asyncpg.connect(PG_URL, timeout=3)
    except (OSError, asyncpg.PostgresError) as exc:
        if os.environ.get("CI"):
            raise
        pytest.skip(f"no PostgreSQL at {PG_URL}: {exc}")
    await con.close()


def new_schema() -> str:
    return "t_" + uuid.uuid4().hex[:12]


async def drop_schema(schema: str) -> None:
    con = await asyncpg.connect(PG_URL)
    try:
        await con.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
    finally:
        await con.close()


async def write_behind_the_hosts_back(
    store: object, sql_sqlite: str, sql_pg: str, *args: object
) -> None:
    """Change a row directly in the database of ``store`` (SQLite file or PostgreSQL schema),
    as a corrupting tool or another program would."""
    import sqlite3

    from bot.core.store import SQLiteStore
    from bot.core.store.postgres import PostgresStore

    if isinstance(store, SQLiteStore):
        with sqlite3.connect(store.path) as con:
            con.execute(sql_sqlite, args)
        return
    assert isinstance(store, PostgresStore) and store.schema
    con = await asyncpg.connect(PG_URL, server_settings={"search_path": store.schema})
    try:
        await con.execute(sql_pg, *args)
    finally:
        await con.close()


async def create_schema(schema: str) -> None:
    """An empty schema (a store opened with ``?search_path=<schema>`` in its URL uses it)."""
    con = await asyncpg.connect(PG_URL)
    try:
        await con.execute(f'CREATE SCHEMA IF NOT EXISTS "{schema}"')
    finally:
        await con.close()
