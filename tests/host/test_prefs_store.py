"""Migration 6 (issue 27 items 4 and 5): notification preferences and vacations in the store,
on both backends; the claims that make a digest and the end of a vacation happen once; the
migration from schema 5 keeping what the users table held."""

from __future__ import annotations

import sqlite3

import asyncpg
import pytest

from bot.core.store import SQLiteStore
from bot.core.store.migrations import MIGRATIONS
from bot.core.store.migrations_pg import PG_MIGRATIONS
from bot.core.store.postgres import PostgresStore
from bot.core.store.prefs_base import AwaySpell, UserPrefs
from tests.host import pg
from tests.host.test_host import running


@pytest.mark.asyncio
async def test_notify_choice_round_trips_and_keeps_the_rest(store) -> None:
    assert await store.user_prefs(["u1"]) == {}
    await store.set_user_locale("u1", "cs")
    await store.set_notify("u1", "digest", 9, 90, 123.0)
    await store.set_notify("u2", "dm", None, -300, None)
    got = await store.user_prefs(["u1", "u2", "u3"])
    assert got == {
        "u1": UserPrefs("u1", "digest", 9, 90, 123.0, None),
        "u2": UserPrefs("u2", "dm", None, -300, None, None),
    }
    assert await store.user_locale("u1") == "cs"  # the row's other columns untouched
    await store.set_notify("u1", None, None, 90, None)  # back to the default
    assert (await store.user_prefs(["u1"]))["u1"].notify == "mention"
    assert [p.user_id for p in await store.digest_users()] == []
    await store.set_notify("u3", "digest", 7, 0, None)
    assert [p.user_id for p in await store.digest_users()] == ["u3"]


@pytest.mark.asyncio
async def test_a_digest_is_claimed_once_a_day(store) -> None:
    await store.set_notify("u1", "digest", 9, 0, None)
    assert await store.claim_digest("u1", 1000.0, 1001.0)
    assert not await store.claim_digest("u1", 1000.0, 1002.0)  # the other process
    assert not await store.claim_digest("u1", 1000.0 - 86400, 1003.0)
    assert await store.claim_digest("u1", 1000.0 + 86400, 1000.0 + 86401)
    await store.set_notify("u1", "off", None, 0, None)
    assert not await store.claim_digest("u1", 10**9, 10**9)  # not a digest user any more


@pytest.mark.asyncio
async def test_vacations_are_logged_and_ended_once(host, store, clock) -> None:
    rec = await running(host, turn_secs=300)
    t0 = clock.t
    await store.start_away("u1", t0, t0 + 3 * 86400)
    assert (await store.user_prefs(["u1"]))["u1"].away(t0 + 1)
    assert await store.seated_sessions("u1") == [rec.id]
    assert await store.seated_sessions("nobody") == []
    assert await store.end_away("u1", t0 + 100)
    assert not await store.end_away("u1", t0 + 101)  # once
    assert (await store.user_prefs(["u1"]))["u1"].away_until is None
    await store.start_away("u1", t0 + 200, t0 + 200 + 86400)
    await store.start_away("u1", t0 + 300, t0 + 300 + 2 * 86400)  # replaces the running one
    spells = await store.away_spells("u1", t0 - 1)
    assert spells == [
        AwaySpell(t0, t0 + 3 * 86400, t0 + 100),
        AwaySpell(t0 + 200, t0 + 200 + 86400, t0 + 300),
        AwaySpell(t0 + 300, t0 + 300 + 2 * 86400, None),
    ]
    used = sum(s.used(t0 - 1, t0 + 400) for s in spells)
    assert used == pytest.approx(100 + 100 + 100)
    assert await store.away_spells("u1", t0 + 250) == spells[1:]
    assert await store.end_away("u1", t0 + 400)
    assert not await store.end_away("u2", t0 + 400)


def _v5_sqlite(path) -> None:
    con = sqlite3.connect(path)
    for script in MIGRATIONS[:5]:
        con.executescript(script)
    con.execute("PRAGMA user_version = 5")
    con.execute("INSERT INTO users (user_id, dms_closed, locale, teach) VALUES ('u1', 0, 'cs', 1)")
    con.commit()
    con.close()


@pytest.mark.asyncio
async def test_sqlite_migration_6_keeps_the_users(tmp_path) -> None:
    path = tmp_path / "v5.db"
    _v5_sqlite(path)
    s = SQLiteStore(path)
    await s.open()
    try:
        assert await s.migrate() == len(MIGRATIONS) >= 6
        assert await s.user_locale("u1") == "cs" and await s.user_teach(["u1"]) == {"u1": True}
        assert await s.user_prefs(["u1"]) == {"u1": UserPrefs("u1")}
    finally:
        await s.close()


@pytest.mark.asyncio
async def test_postgres_migration_6_keeps_the_users() -> None:
    await pg.require_pg()
    schema = pg.new_schema()
    con = await asyncpg.connect(pg.PG_URL)
    try:
        await con.execute(f'CREATE SCHEMA "{schema}"')
        await con.execute(f'SET search_path TO "{schema}"')
        for script in PG_MIGRATIONS[:5]:
            await con.execute(script)
        await con.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        await con.execute("INSERT INTO schema_version VALUES (5)")
        await con.execute("INSERT INTO users (user_id, locale, teach) VALUES ('u1', 'cs', 0)")
    finally:
        await con.close()
    store = PostgresStore(pg.PG_URL, schema=schema, pool_size=2)
    try:
        await store.open()
        assert await store.migrate() == len(PG_MIGRATIONS) >= 6
        assert await store.user_locale("u1") == "cs"
        assert await store.user_prefs(["u1"]) == {"u1": UserPrefs("u1")}
        await store.start_away("u1", 1.0, 2.0)
        assert await store.away_spells("u1", 0.0) == [AwaySpell(1.0, 2.0, None)]
    finally:
        await store.close()
        await pg.drop_schema(schema)


@pytest.mark.asyncio
async def test_crowntable_copy_carries_the_preferences_and_vacations(
    tmp_path, capsys, monkeypatch
) -> None:
    import games
    from bot.core.copy import run_copy
    from tests.host.test_copy import fill
    from tests.toygame import TOY

    await pg.require_pg()
    monkeypatch.setitem(games.REGISTRY, "toy", TOY)
    src = tmp_path / "src.db"
    await fill(src)
    s = SQLiteStore(src)
    await s.open()
    await s.set_notify("u1", "digest", 8, 60, 5.0)
    await s.start_away("u2", 10.0, 20.0)
    await s.end_away("u2", 15.0)
    await s.close()
    schema = pg.new_schema()
    con = await asyncpg.connect(pg.PG_URL)
    await con.execute(f'CREATE SCHEMA "{schema}"')
    await con.close()
    url = pg.PG_URL + ("&" if "?" in pg.PG_URL else "?") + f"search_path={schema}"
    try:
        assert await run_copy(f"sqlite:///{src}", url) == 0, capsys.readouterr()
        dst = PostgresStore(pg.PG_URL, schema=schema, pool_size=2)
        await dst.open()
        try:
            got = await dst.user_prefs(["u1", "u2"])
            assert got["u1"] == UserPrefs("u1", "digest", 8, 60, 5.0, None)
            assert await dst.away_spells("u2", 0.0) == [AwaySpell(10.0, 20.0, 15.0)]
        finally:
            await dst.close()
    finally:
        await pg.drop_schema(schema)
