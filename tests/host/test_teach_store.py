"""Teach mode in the store (issue 24, migration 5): each user's own choice and the steps each
user was taught, per game, on both backends; and the migration from schema 4 on both, keeping
what the users table already held."""

from __future__ import annotations

import sqlite3

import asyncpg
import pytest

from bot.core.store import SQLiteStore
from bot.core.store.migrations import MIGRATIONS
from bot.core.store.migrations_pg import PG_MIGRATIONS
from bot.core.store.postgres import PostgresStore
from tests.host import pg


@pytest.mark.asyncio
async def test_a_users_choice_and_the_steps_taught(store, clock) -> None:
    assert await store.user_teach(["u1", "u2"]) == {}
    await store.set_user_locale("u1", "cs")  # a user row that exists already
    await store.set_user_teach("u1", True)
    await store.set_user_teach("u2", False)
    await store.set_user_teach("u3", True)
    await store.set_user_teach("u3", None)  # forgotten: the table decides again
    assert await store.user_teach(["u1", "u2", "u3", "u4"]) == {"u1": True, "u2": False}
    assert await store.user_locale("u1") == "cs"  # untouched by the choice
    assert await store.user_teach([]) == {}

    assert await store.seen_steps(["u1", "u2"], "tek") == {"u1": set(), "u2": set()}
    assert await store.mark_seen("u1", "tek", ["build", "war.pay", "build"]) == 2
    assert await store.mark_seen("u1", "tek", ["build", "expand"]) == 1  # once each
    assert await store.mark_seen("u1", "majesty", ["draft"]) == 1
    assert await store.mark_seen("u2", "tek", []) == 0
    assert await store.seen_steps(["u1", "u2"], "tek") == {
        "u1": {"build", "war.pay", "expand"},
        "u2": set(),
    }
    assert await store.seen_steps(["u1"], "majesty") == {"u1": {"draft"}}
    assert await store.seen_steps([], "tek") == {}


@pytest.mark.asyncio
async def test_sqlite_migration_5_keeps_the_users(tmp_path) -> None:
    path = tmp_path / "v4.db"
    con = sqlite3.connect(path)
    for script in MIGRATIONS[:4]:
        con.executescript(script)
    con.execute("PRAGMA user_version = 4")
    con.execute(
        "INSERT INTO users (user_id, dms_closed, closed_at, locale) VALUES ('u1', 1, 5, 'cs')"
    )
    con.commit()
    con.close()
    s = SQLiteStore(path)
    await s.open()
    try:
        assert await s.migrate() == len(MIGRATIONS)
        assert await s.user_locale("u1") == "cs" and await s.dms_closed_at("u1") == 5.0
        assert await s.user_teach(["u1"]) == {}
        await s.set_user_teach("u1", True)
        assert await s.user_teach(["u1"]) == {"u1": True}
        assert await s.mark_seen("u1", "elves", ["journey"]) == 1
    finally:
        await s.close()


@pytest.mark.asyncio
async def test_postgres_migration_5_keeps_the_users() -> None:
    """A PostgreSQL schema at version 4 (as the previous release left it) takes migration 5:
    the users keep their rows, the choice and the taught steps work."""
    await pg.require_pg()
    schema = pg.new_schema()
    con = await asyncpg.connect(pg.PG_URL)
    try:
        await con.execute(f'CREATE SCHEMA "{schema}"')
        await con.execute(f'SET search_path TO "{schema}"')
        for script in PG_MIGRATIONS[:4]:
            await con.execute(script)
        await con.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        await con.execute("INSERT INTO schema_version VALUES (4)")
        await con.execute(
            "INSERT INTO users (user_id, dms_closed, closed_at, locale) VALUES ('u1', 1, 5, 'cs')"
        )
    finally:
        await con.close()
    store = PostgresStore(pg.PG_URL, schema=schema, pool_size=2)
    try:
        await store.open()
        assert await store.migrate() == len(PG_MIGRATIONS)
        assert await store.user_locale("u1") == "cs"
        await store.set_user_teach("u1", False)
        assert await store.user_teach(["u1", "u2"]) == {"u1": False}
        assert await store.mark_seen("u2", "tek", ["build", "build"]) == 1
        assert await store.seen_steps(["u2"], "tek") == {"u2": {"build"}}
    finally:
        await store.close()
        await pg.drop_schema(schema)
