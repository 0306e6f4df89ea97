"""Many processes, one truth; and costs that do not grow: two hosts over one PostgreSQL schema
(two pools: two processes as far as the database can tell) never both fire a clock or post a
board; a cached record is checked against the stored version; SQLite refuses a second bot
process; a move does not rewrite the seats and its bookkeeping adds no fsync of its own;
the host's caches are bounded."""

from __future__ import annotations

import asyncio
import gc

import pytest
import pytest_asyncio

import bot.core.host as host_module
from bot.core.cache import LRU
from bot.core.host import SessionHost
from bot.core.store import SQLiteStore, StoreLocked
from bot.core.store.postgres import PostgresStore
from tests.host import pg
from tests.host.test_host import PICK, running
from tests.toygame import TOY


@pytest_asyncio.fixture
async def two_hosts(clock):
    """Two hosts, each with its own PostgreSQL pool, over one schema."""
    await pg.require_pg()
    schema = pg.new_schema()
    stores = [PostgresStore(pg.PG_URL, schema=schema, clock=clock, pool_size=3) for _ in range(2)]
    for s in stores:
        await s.open()
    seeds = iter(range(1, 1000))
    hosts = [
        SessionHost(s, registry={"toy": TOY}, now=clock, seed_source=lambda: next(seeds))
        for s in stores
    ]
    try:
        yield hosts
    finally:
        for s in stores:
            await s.close()
        await pg.drop_schema(schema)


@pytest.mark.asyncio
async def test_each_clock_alarm_is_fired_by_one_process(two_hosts, clock) -> None:
    a, b = two_hosts
    rec = await running(a, turn_secs=300)
    clock.t += 200  # both players' reminders are due
    fired = await asyncio.gather(a.run_clock(), b.run_clock())
    reminded = [p for outs in fired for out in outs for p in out.reminders]
    assert sorted(reminded) == ["u1", "u2"]
    clock.t += 200  # both deadlines passed: one random move each, made once
    fired = await asyncio.gather(a.run_clock(), b.run_clock(), a.run_clock())
    moved = [m for outs in fired for out in outs for m in out.moved]
    assert sorted(moved) == [("u1", "timeout"), ("u2", "timeout")]
    assert [m.source for m in await a.moves(rec.id)] == ["timeout", "timeout"]
    assert sum(len(outs) for outs in await asyncio.gather(a.run_clock(), b.run_clock())) == 0


@pytest.mark.asyncio
async def test_a_clock_alarm_another_process_holds_is_left_to_it(two_hosts, clock) -> None:
    a, b = two_hosts
    rec = await running(a, turn_secs=300)
    clock.t += 400
    async with b.store.session_lock(rec.id):  # b is publishing this table right now
        assert await a.run_clock() == []
    assert len(await a.run_clock()) == 1


@pytest.mark.asyncio
async def test_two_processes_never_both_post_a_board(two_hosts) -> None:
    a, b = two_hosts
    rec = await running(a)
    posted: list[str] = []

    async def publish(host: SessionHost, name: str) -> None:
        async with host.publication(rec.id) as (_, meta):
            if "board" not in meta:
                await asyncio.sleep(0.05)  # Discord takes its time to answer
                posted.append(name)
                meta["board"] = {"id": len(posted), "at": 0.0}
            meta.setdefault("pinged", {})[name] = 1  # each keeps the other's bookkeeping

    await asyncio.gather(publish(a, "a"), publish(b, "b"))
    assert len(posted) == 1
    stored = (await a.get(rec.id)).meta
    assert stored["board"]["id"] == 1 and stored["pinged"] == {"a": 1, "b": 1}


@pytest.mark.asyncio
async def test_a_cached_record_is_checked_against_the_stored_version(two_hosts) -> None:
    a, b = two_hosts
    rec = await running(a)
    assert (await a.current(rec.id)).version == rec.version
    await b.apply(rec.id, "u1", PICK)  # the other process moves
    assert (await a.current(rec.id)).version == rec.version + 1
    out = await a.apply(rec.id, "u2", PICK, expected_version=rec.version)  # still fresh
    assert out.record.version == rec.version + 2
    assert [m.player_id for m in await b.moves(rec.id)] == ["u1", "u2"]


@pytest.mark.asyncio
async def test_sqlite_refuses_a_second_bot_process(tmp_path) -> None:
    path = tmp_path / "one.db"
    first = SQLiteStore(path, exclusive=True)
    await first.open()
    second = SQLiteStore(path, exclusive=True)
    with pytest.raises(StoreLocked, match="one bot process"):
        await second.open()
    reader = SQLiteStore(path)  # verify, copy: not a bot process, not refused
    await reader.open()
    await reader.close()
    await first.close()
    await second.open()  # the first one is gone: the file is free
    await second.close()


@pytest.mark.asyncio
async def test_a_move_leaves_the_seats_as_stored(host, store) -> None:
    rec = await running(host)
    await pg.write_behind_the_hosts_back(
        store,
        "UPDATE seats SET name = 'Renamed' WHERE player_id = 'u1'",
        "UPDATE seats SET name = 'Renamed' WHERE player_id = 'u1'",
    )
    await host.apply(rec.id, "u1", PICK)
    assert (await store.get_session(rec.id)).seat_of("u1").name == "Renamed"


@pytest.mark.asyncio
async def test_the_bookkeeping_write_adds_no_fsync(tmp_path) -> None:
    """SQLite: the move commits with synchronous=FULL (its fsync), the bookkeeping with
    synchronous=NORMAL (no fsync: the next commit carries it to the disk)."""
    store = SQLiteStore(tmp_path / "f.db")
    await store.open()
    seen: list[tuple[str, int]] = []
    run = store._run

    class Noting:
        def __init__(self, con):  # type: ignore[no-untyped-def]
            self.con = con

        def execute(self, sql, args=()):  # type: ignore[no-untyped-def]
            mode = self.con.execute("PRAGMA synchronous").fetchone()[0]
            seen.append((sql, mode))
            return self.con.execute(sql, args)

        def __getattr__(self, name):  # type: ignore[no-untyped-def]
            return getattr(self.con, name)

    host = SessionHost(store, registry={"toy": TOY}, seed_source=lambda: 1)
    rec = await running(host)
    store._run = lambda fn: run(lambda con: fn(Noting(con)))  # type: ignore[method-assign]
    await host.apply(rec.id, "u1", PICK)
    async with host.publication(rec.id) as (_, meta):
        meta["published_version"] = rec.version + 1
    store._run = run  # type: ignore[method-assign]
    await store.close()
    full, normal = 2, 1  # PRAGMA synchronous
    assert [mode for sql, mode in seen if sql == "COMMIT"] == [full]  # the move: one fsync
    meta_writes = [mode for sql, mode in seen if sql.startswith("UPDATE sessions SET meta")]
    assert meta_writes == [normal]


def test_the_lru_drops_the_least_recently_used() -> None:
    cache: LRU[int, str] = LRU(2)
    cache[1], cache[2] = "a", "b"
    assert cache.get(1) == "a"  # 1 is now the most recent
    cache[3] = "c"
    assert 2 not in cache and cache.get(1) == "a" and cache[3] == "c" and len(cache) == 2


async def tables(
    host: SessionHost, n: int, turn_secs: int | None = host_module.DEFAULT_TURN_SECS
) -> list[int]:
    """``n`` running toy tables (channels c0, c1 ...; Ann and Bob); their ids."""
    ids = []
    for i in range(n):
        await host.create(
            guild_id="g",
            channel_id=f"c{i}",
            game_id="toy",
            options={},
            user_id="u1",
            user_name="Ann",
            turn_secs=turn_secs,
        )
        await host.join(f"c{i}", "u2", "Bob")
        ids.append((await host.start(f"c{i}", "u1")).record.id)
    return ids


@pytest.mark.asyncio
async def test_the_hosts_caches_do_not_grow_with_the_sessions_seen(store, monkeypatch) -> None:
    monkeypatch.setattr(host_module, "CACHED_SESSIONS", 3)
    host = SessionHost(store, registry={"toy": TOY}, seed_source=lambda: 1)
    ids = await tables(host, 6)
    for session_id in ids:
        rec = await host.current(session_id)
        host.state(rec)
    gc.collect()
    assert len(host.sessions._records) == 3 and len(host.sessions._states) == 3
    assert len(host.sessions._locks) == 0  # nobody holds or waits for a lock
    assert (await host.current(ids[0])).id == ids[0]  # an evicted one is read again


@pytest.mark.asyncio
async def test_expired_clocks_are_published_as_they_are_resolved(host, clock, monkeypatch) -> None:
    """After an outage longer than the turn clock: each table is shown as soon as its clock
    is resolved, not after all of them (v0.1 resolved 10,000 before showing one)."""
    monkeypatch.setattr(host_module, "CLOCK_CONCURRENCY", 1)  # one at a time: a clear order
    ids = await tables(host, 3, turn_secs=300)
    clock.t += 10_000
    seen: list[list[int]] = []

    async def show(out) -> None:  # type: ignore[no-untyped-def]
        resolved = [sid for sid in ids if await host.moves(sid)]
        seen.append(resolved)

    assert await host.run_clock(on_fired=show) == []
    assert seen == [ids[:1], ids[:2], ids[:3]]  # the first shown before the second resolved


@pytest.mark.asyncio
async def test_expired_clocks_are_resolved_several_at_a_time(host, clock) -> None:
    ids = await tables(host, 20, turn_secs=300)
    clock.t += 10_000
    fired = await host.run_clock()
    assert sorted(out.record.id for out in fired) == ids
    assert all(sorted(p for p, _ in out.moved) == ["u1", "u2"] for out in fired)
    assert await host.run_clock() == []


@pytest.mark.asyncio
async def test_a_postgres_move_is_one_statement(clock) -> None:
    """PostgreSQL: the move's save is one statement (one round trip, one commit); its
    bookkeeping goes through the pool whose commits are not flushed on their own."""
    await pg.require_pg()
    schema = pg.new_schema()
    store = PostgresStore(pg.PG_URL, schema=schema, clock=clock, pool_size=2)
    sent: list[str] = []

    async def on_connect(con) -> None:  # type: ignore[no-untyped-def]
        con.add_query_logger(lambda q: sent.append(q.query))

    store.on_connect = on_connect
    await store.open()
    try:
        host = SessionHost(store, registry={"toy": TOY}, now=clock, seed_source=lambda: 1)
        rec = await running(host)
        sent.clear()
        await host.apply(rec.id, "u1", PICK, expected_version=rec.version)
        writes = [
            q
            for q in sent
            if q.lstrip().upper().startswith(("WITH", "UPDATE", "INSERT", "DELETE", "BEGIN"))
        ]
        assert len(writes) == 1 and writes[0].startswith("WITH u AS (UPDATE sessions")
        sent.clear()
        async with host.publication(rec.id) as (_, meta):
            meta["published_version"] = rec.version + 1
        assert not [q for q in sent if "meta" in q and q.startswith("UPDATE")]  # other pool
        meta = (await store.get_session(rec.id)).meta  # beside the salt kept at Start
        assert meta == {"published_version": rec.version + 1, "fair": meta["fair"]}
    finally:
        await store.close()
        await pg.drop_schema(schema)
