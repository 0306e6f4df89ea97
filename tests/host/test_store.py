"""The SQLite store: migrations, compare-and-swap, atomicity, one active session per channel."""

from __future__ import annotations

import sqlite3

import pytest

from bot.core.store import (
    ChannelBusy,
    MoveRecord,
    SchemaTooNew,
    Seat,
    SessionRecord,
    SQLiteStore,
    VersionConflict,
)
from bot.core.store.migrations import MIGRATIONS
from tests.host import pg


def record(channel: str = "c1") -> SessionRecord:
    return SessionRecord(
        id=0,
        guild_id="g",
        channel_id=channel,
        game="toy",
        options={},
        seed=7,
        status="lobby",
        version=0,
        host_id="u1",
        turn_secs=None,
        seats=[Seat("u1", "Ann")],
    )


@pytest.mark.asyncio
async def test_migrates_an_empty_file_to_the_latest_version(tmp_path) -> None:
    path = tmp_path / "new.db"
    s = SQLiteStore(path)
    await s.open()
    await s.close()
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"sessions", "seats", "moves", "results", "ratings", "users"} <= tables
    con.close()
    s = SQLiteStore(path)  # reopening applies nothing twice
    await s.open()
    assert await s.migrate() == len(MIGRATIONS)
    await s.close()


@pytest.mark.asyncio
async def test_one_active_session_per_channel(store) -> None:
    await store.create_session(record())
    with pytest.raises(ChannelBusy):
        await store.create_session(record())
    other = await store.create_session(record("c2"))
    other.status = "cancelled"
    await store.save(other, 0)
    again = await store.create_session(record("c2"))
    assert again.id != other.id


@pytest.mark.asyncio
async def test_compare_and_swap_refuses_a_stale_version(store) -> None:
    rec = await store.create_session(record())
    a = await store.get_session(rec.id)
    b = await store.get_session(rec.id)
    a.status = "running"
    a.state = {"x": 1}
    await store.save(a, 0, MoveRecord(0, "u1", {"type": "m"}, "player", 1.0))
    b.state = {"x": 2}
    with pytest.raises(VersionConflict):
        await store.save(b, 0, MoveRecord(0, "u1", {"type": "other"}, "player", 1.0))
    stored = await store.get_session(rec.id)
    assert stored.version == 1 and stored.state == {"x": 1}
    assert [m.move for m in await store.moves(rec.id)] == [{"type": "m"}]


@pytest.mark.asyncio
async def test_a_failure_inside_the_transaction_writes_nothing(store) -> None:
    rec = await store.create_session(record())
    rec.status, rec.state = "running", {"x": 1}

    def boom() -> None:
        raise RuntimeError("power cut")

    store.before_commit = boom
    with pytest.raises(RuntimeError):
        await store.save(
            rec,
            0,
            MoveRecord(0, "u1", {"type": "m"}, "player", 1.0),
            results=[{"player": "u1", "rank": 1, "score": 3}],
        )
    store.before_commit = None
    stored = await store.get_session(rec.id)
    assert stored.version == 0 and stored.status == "lobby" and stored.state is None
    assert await store.moves(rec.id) == []
    assert await store.recent_results("g", None, 10) == []


@pytest.mark.asyncio
async def test_set_clock_keeps_the_version(store) -> None:
    rec = await store.create_session(record())
    rec.clock = {"u1": {"since": 0, "due": 5.0, "remind": 2.0, "reminded": True}}
    assert await store.set_clock(rec)
    stored = await store.get_session(rec.id)
    assert stored.version == 0 and stored.clock["u1"]["reminded"] is True
    rec.version = 9
    assert not await store.set_clock(rec)


@pytest.mark.asyncio
async def test_a_refused_dm_is_remembered_with_its_time(store, clock) -> None:
    assert await store.dms_closed_at("u9") is None
    await store.set_dms_closed("u9", True)
    assert await store.dms_closed_at("u9") == clock.t
    await store.set_dms_closed("u9", False)
    assert await store.dms_closed_at("u9") is None


@pytest.mark.asyncio
async def test_migration_2_keeps_what_migration_1_remembered(tmp_path) -> None:
    path = tmp_path / "v1.db"
    con = sqlite3.connect(path)
    for statement in MIGRATIONS[0].split(";"):
        if statement.strip():
            con.execute(statement)
    con.execute("PRAGMA user_version = 1")
    con.execute("INSERT INTO users (user_id, dms_closed) VALUES ('u1', 1)")
    con.commit()
    con.close()
    s = SQLiteStore(path)
    await s.open()
    assert await s.dms_closed_at("u1") == 0.0
    assert await s.migrate() == len(MIGRATIONS) == 6
    await s.close()


@pytest.mark.asyncio
async def test_a_database_of_a_newer_schema_is_refused(store) -> None:
    """A database written by a newer Crowntable (schema 99) is refused, not misread."""
    await pg.write_behind_the_hosts_back(
        store, "PRAGMA user_version = 99", "UPDATE schema_version SET version = 99"
    )
    with pytest.raises(SchemaTooNew, match="99"):
        await store.migrate()


@pytest.mark.asyncio
async def test_both_backends_have_the_same_numbered_migrations() -> None:
    from bot.core.store.migrations_pg import PG_MIGRATIONS

    assert len(PG_MIGRATIONS) == len(MIGRATIONS)


@pytest.mark.asyncio
async def test_migration_4_remembers_what_was_shown(tmp_path) -> None:
    """The catch-up's column is filled from the bookkeeping of an older database: a shown
    table stays shown, an unshown or never shown one is listed, a damaged meta is skipped."""
    path = tmp_path / "v3.db"
    con = sqlite3.connect(path)
    for script in MIGRATIONS[:3]:
        for statement in script.split(";"):
            if statement.strip():
                con.execute(statement)
    con.execute("PRAGMA user_version = 3")
    for sid, version, meta in [
        (1, 5, '{"published_version":5}'),
        (2, 6, '{"published_version":5}'),
        (3, 2, "{}"),
        (4, 3, "{oops"),
    ]:
        con.execute(
            "INSERT INTO sessions (id, channel_id, game, options, seed, status, version,"
            " host_id, meta, created_at, updated_at) VALUES (?, ?, 'toy', '{}', 1,"
            " 'running', ?, 'u1', ?, 0, 0)",
            (sid, f"c{sid}", version, meta),
        )
    con.commit()
    con.close()
    s = SQLiteStore(path)
    await s.open()
    assert await s.unpublished_sessions() == [2, 3]
    await s.set_meta(2, {"published_version": 6}, 6)
    assert await s.unpublished_sessions() == [3]
    await s.close()


@pytest.mark.asyncio
async def test_postgres_migration_4_reads_the_shown_version_from_the_text() -> None:
    """PostgreSQL fills the column with a text match (a damaged meta cannot stop it)."""
    from bot.core.store.migrations_pg import PG_MIGRATIONS

    await pg.require_pg()
    fill = next(st for st in PG_MIGRATIONS[3].split(";") if "UPDATE" in st)
    expression = fill.split("=", 1)[1].strip()
    import asyncpg

    con = await asyncpg.connect(pg.PG_URL)
    try:
        got = [
            await con.fetchval(f"SELECT {expression.replace('meta', '$1::text')}", meta)
            for meta in (
                '{"board":{"at":1.0,"id":7},"published_version":12}',
                '{"published_version":-1,"x":2}',
                "{oops",
                "{}",
            )
        ]
    finally:
        await con.close()
    assert got == [12, -1, None, None]
