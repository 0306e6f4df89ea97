"""Costs that do not grow with history: every query a request makes reads through an index,
on both backends, as their query planners say (SQLite ``EXPLAIN QUERY PLAN`` with the bound
parameters; PostgreSQL ``EXPLAIN`` with sequential scans disabled and generic plans forced, so a
parameter that makes an index unusable shows as a ``Seq Scan``).

The queries are not listed by hand: a whole game's worth of requests (lobby, moves, the turn
clock, publications, standings, history, DMs) runs through the host and every statement the
store sends is recorded and explained."""

from __future__ import annotations

import re
import sqlite3
from typing import Any

import asyncpg
import pytest

from bot.core.host import SessionHost
from bot.core.store import SQLiteStore
from bot.core.store.postgres import PostgresStore
from tests.host import pg
from tests.host.conftest import Clock
from tests.toygame import TOY

#: statements that are not per request: ``session_ids`` lists everything for ``verify``
NOT_PER_REQUEST = re.compile(
    r"^SELECT id FROM sessions (?:WHERE status IN \((\?,?)+\)|"
    r"WHERE status = ANY|ORDER BY id$)"
)
CHECKED = re.compile(r"^\s*(SELECT|UPDATE|DELETE)\b", re.I)


async def workload(host: SessionHost, clock: Clock) -> None:
    """One game of the toy with everything a player or the bot asks the store for."""
    await host.create(
        guild_id="g",
        channel_id="c",
        game_id="toy",
        options={"rounds": 1},
        user_id="u1",
        user_name="Ann",
        turn_secs=300,
    )
    await host.join("c", "u2", "Bob")
    rec = (await host.start("c", "u1")).record
    await host.active("c")
    await host.update_meta(rec.id, lambda m: m.__setitem__("board", {"id": 1, "at": 0.0}))
    await host.apply(rec.id, "u1", {"type": "pick", "value": 3}, expected_version=rec.version)
    clock.t += 200
    await host.run_clock()  # the half-time reminder
    clock.t += 200
    await host.run_clock()  # u2's deadline: a move for them
    rec = await host.get(rec.id)
    async with host.publication(rec.id) as (shown, _):
        shown.shown_version = rec.version
    for actor in host.actors(rec):
        await host.apply(rec.id, actor, {"type": "bank"})
    rec = await host.current(rec.id)
    assert rec.status == "finished"
    await host.unpublished()
    await host.moves(rec.id)
    await host.standings("g", "toy")
    await host.standings("g", None)
    await host.player_stats("g", "u1")
    await host.recent_results("g", None, 5)
    await host.recent_results("g", "u1", 5)
    await host.remember_dm("u1", refused=True)
    await host.dm_refused_at("u1")
    await optional_requests(host.store)


async def optional_requests(store: Any) -> None:
    """Per-request reads other features added to the store (checked when present)."""
    calls = [
        ("user_locale", ("u1",)),
        ("guild_locale", ("g",)),
        ("finished_games", ("g", None, None, 5)),
        ("finished_games", ("g", "u1", "toy", 5)),
        ("last_finished_in", ("g", "c")),
        ("watchers", (1,)),
    ]
    for name, args in calls:
        method = getattr(store, name, None)
        if method is not None:
            await method(*args)


class Recording:
    """A sqlite3 connection that notes every statement with its parameters."""

    def __init__(self, con: sqlite3.Connection, seen: list[tuple[str, tuple[Any, ...]]]) -> None:
        self._con = con
        self._seen = seen

    def execute(self, sql: str, args: Any = ()) -> sqlite3.Cursor:
        self._seen.append((sql, tuple(args)))
        return self._con.execute(sql, args)

    def executemany(self, sql: str, rows: Any) -> sqlite3.Cursor:
        rows = list(rows)
        if rows:
            self._seen.append((sql, tuple(rows[0])))
        return self._con.executemany(sql, rows)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._con, name)


def scans(plan_lines: list[str], partial: frozenset[str] = frozenset()) -> list[str]:
    """Full scans: of a table, or of a whole index over the history (a partial index, of
    the active or the unshown sessions, is bounded)."""
    return [
        line
        for line in plan_lines
        if line.startswith("SCAN") and not any(line.endswith(f"INDEX {name}") for name in partial)
    ]


@pytest.mark.asyncio
async def test_sqlite_requests_read_through_indexes(tmp_path) -> None:
    clock = Clock()
    store = SQLiteStore(tmp_path / "plans.db", clock=clock)
    await store.open()
    seen: list[tuple[str, tuple[Any, ...]]] = []
    run = store._run

    async def recording_run(fn: Any) -> Any:
        return await run(lambda con: fn(Recording(con, seen)))

    store._run = recording_run  # type: ignore[method-assign]
    seeds = iter(range(1, 100))
    await workload(
        SessionHost(store, registry={"toy": TOY}, now=clock, seed_source=lambda: next(seeds)), clock
    )
    store._run = run  # type: ignore[method-assign]
    checked = [
        (sql, args) for sql, args in seen if CHECKED.match(sql) and not NOT_PER_REQUEST.search(sql)
    ]
    assert len(checked) >= 20  # the workload really went through the store
    con = sqlite3.connect(store.path)
    partial = frozenset(
        r[0]
        for r in con.execute(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND sql LIKE '% WHERE %'"
        )
    )
    bad = {}
    for sql, args in checked:
        plan = [row[3] for row in con.execute("EXPLAIN QUERY PLAN " + sql, args)]
        if scans(plan, partial):
            bad[sql] = plan
    con.close()
    await store.close()
    assert not bad, f"full scans: {bad}"


def test_sqlite_planner_check_catches_a_parameterised_partial_index(tmp_path) -> None:
    """The check can fail: ``status IN (?, ?)`` cannot use the partial index (v0.1's
    ``active_session``), the literal spelling can."""
    con = sqlite3.connect(tmp_path / "p.db")
    con.execute("CREATE TABLE s (id INTEGER PRIMARY KEY, channel_id TEXT, status TEXT)")
    con.execute(
        "CREATE UNIQUE INDEX s_active ON s(channel_id) WHERE status IN ('lobby', 'running')"
    )

    def plan(sql: str, args: tuple[Any, ...]) -> list[str]:
        return [row[3] for row in con.execute("EXPLAIN QUERY PLAN " + sql, args)]

    assert scans(
        plan("SELECT * FROM s WHERE channel_id = ? AND status IN (?, ?)", ("c", "lobby", "running"))
    )
    assert not scans(
        plan("SELECT * FROM s WHERE channel_id = ? AND status IN ('lobby', 'running')", ("c",))
    )


@pytest.mark.asyncio
async def test_postgres_requests_read_through_indexes() -> None:
    await pg.require_pg()
    schema = pg.new_schema()
    clock = Clock()
    store = PostgresStore(pg.PG_URL, schema=schema, clock=clock, pool_size=2)
    seen: list[tuple[str, tuple[Any, ...]]] = []

    async def on_connect(con: asyncpg.Connection) -> None:
        con.add_query_logger(lambda q: seen.append((q.query, tuple(q.args))))

    store.on_connect = on_connect
    await store.open()
    try:
        seen.clear()  # the migration's statements
        seeds = iter(range(1, 100))
        await workload(
            SessionHost(store, registry={"toy": TOY}, now=clock, seed_source=lambda: next(seeds)),
            clock,
        )
        checked = [
            (sql, args)
            for sql, args in seen
            if CHECKED.match(sql) and not NOT_PER_REQUEST.search(sql) and "advisory" not in sql
        ]
        assert len(checked) >= 20
        bad = await pg_seq_scans(schema, checked)
    finally:
        await store.close()
        await pg.drop_schema(schema)
    assert not bad, f"sequential scans: {bad}"


async def pg_seq_scans(
    schema: str, checked: list[tuple[str, tuple[Any, ...]]]
) -> dict[str, list[str]]:
    """The statements whose generic plan (the one a parameter cannot steer) reads a whole
    table: a ``Seq Scan``, or an index scan without an ``Index Cond`` (all of the index)."""
    con = await asyncpg.connect(pg.PG_URL, server_settings={"search_path": schema})
    bad: dict[str, list[str]] = {}
    try:
        await con.execute("SET enable_seqscan = off")
        await con.execute("SET plan_cache_mode = force_generic_plan")
        partial = {
            r["indexname"]
            for r in await con.fetch(
                "SELECT indexname FROM pg_indexes WHERE schemaname = $1 AND indexdef LIKE"
                " '% WHERE %'",
                schema,
            )
        }
        for sql, _ in checked:
            plan = await generic_plan(con, sql)
            if any("Seq Scan" in line for line in plan) or whole_index(plan, partial):
                bad[sql] = plan
    finally:
        await con.close()
    return bad


def whole_index(plan: list[str], partial: set[str]) -> bool:
    """An index scan without an ``Index Cond`` reads the whole index: fine for a partial
    index (the active sessions: bounded), not for one over the whole history."""
    for i, line in enumerate(plan):
        match = re.search(r"Index (?:Only )?Scan (?:using|on) (\w+)", line)
        if match is None or match.group(1) in partial:
            continue
        depth = len(line) - len(line.lstrip())
        rest = []
        for below in plan[i + 1 :]:
            if len(below) - len(below.lstrip()) <= depth or "->" in below:
                break
            rest.append(below)
        if not any("Index Cond:" in r for r in rest):
            return True
    return False


async def generic_plan(con: asyncpg.Connection, sql: str) -> list[str]:
    """``EXPLAIN EXECUTE`` of ``sql`` prepared with its parameters' types (PostgreSQL 15 has
    no ``EXPLAIN (GENERIC_PLAN)``); the values do not matter to a generic plan."""
    statement = await con.prepare(sql)
    types = []
    for t in statement.get_parameters():
        name = t.name[1:] + "[]" if t.name.startswith("_") else t.name
        types.append(name if t.schema == "pg_catalog" else f"{t.schema}.{name}")
    await con.execute(
        f"PREPARE plan_me ({', '.join(types)}) AS {sql}" if types else f"PREPARE plan_me AS {sql}"
    )
    try:
        nulls = ", ".join(f"NULL::{t}" for t in types)
        rows = await con.fetch(
            f"EXPLAIN EXECUTE plan_me ({nulls})" if types else "EXPLAIN EXECUTE plan_me"
        )
    finally:
        await con.execute("DEALLOCATE plan_me")
    return [r[0] for r in rows]


@pytest.mark.asyncio
async def test_postgres_planner_check_catches_a_parameterised_partial_index() -> None:
    await pg.require_pg()
    schema = pg.new_schema()
    con = await asyncpg.connect(pg.PG_URL)
    try:
        await con.execute(f'CREATE SCHEMA "{schema}"')
        await con.execute(
            f'CREATE TABLE "{schema}".s (id BIGSERIAL PRIMARY KEY, channel_id TEXT, status TEXT)'
        )
        await con.execute(
            f'CREATE UNIQUE INDEX ON "{schema}".s(channel_id)'
            " WHERE status IN ('lobby', 'running')"
        )
    finally:
        await con.close()
    try:
        bad = await pg_seq_scans(
            schema,
            [
                (
                    "SELECT * FROM s WHERE channel_id = $1 AND status = ANY($2::text[])",
                    ("c", ["lobby", "running"]),
                ),
                (
                    "SELECT * FROM s WHERE channel_id = $1 AND status IN ('lobby', 'running')",
                    ("c",),
                ),
            ],
        )
    finally:
        await pg.drop_schema(schema)
    assert list(bad) == ["SELECT * FROM s WHERE channel_id = $1 AND status = ANY($2::text[])"]
