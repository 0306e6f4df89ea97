"""Moves applied through SessionHost, many sessions in parallel, on SQLite or PostgreSQL, with
N finished sessions already stored (costs must not grow with history).

Each move is what the bot does for a click: the host's apply (compare-and-swap save, one
durable write) and the publication's bookkeeping (``meta``, under the session's lock). Prints
p50/p99 latency per move and moves per second, at N = 0 and at N = ``--stored``, open loop (a
fixed offered load: latency without queueing) and closed loop (as fast as it goes). No
rendering, no Discord.

    python bench/host.py [--db sqlite|PATH|postgresql://...] [--stored 100000]
                         [--sessions 100] [--moves 5000] [--rate 500] [--game toy|majesty|...]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sqlite3
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import asyncpg  # noqa: E402

import games  # noqa: E402
from bench.common import pct  # noqa: E402
from bot.core.host import SessionHost  # noqa: E402
from bot.core.store import SQLiteStore, Store  # noqa: E402
from bot.core.store.postgres import PostgresStore  # noqa: E402
from games.ai import RandomPlayer  # noqa: E402

MOVES_PER_STORED = 8  # each stored finished game has this many moves, two seats, two results


async def one_session(
    host: SessionHost,
    game_id: str,
    index: int,
    budget: list[int],
    latencies: list[float],
    interval: float = 0.0,
) -> None:
    channel = f"bench-{index}"
    players = [f"{index}{i:02d}" for i in range(host.game(game_id).min_players)]
    while budget[0] > 0:
        await host.create(
            guild_id="bench",
            channel_id=channel,
            game_id=game_id,
            options={},
            user_id=players[0],
            user_name="P0",
            turn_secs=3600,
        )
        for p in players[1:]:
            await host.join(channel, p, p)
        rec = (await host.start(channel, players[0])).record
        ai = RandomPlayer(index)
        n = 0
        loop = asyncio.get_running_loop()
        next_at = loop.time() + interval * ai_jitter(index, 0)
        game = host.game(game_id)
        while rec.status == "running" and budget[0] > 0:
            actor = host.actors(rec)[0]
            move = ai.choose(game, host.state(rec), actor, n)
            if interval:  # a fixed schedule per session: the offered load is really `rate`
                next_at += interval * (0.5 + ai_jitter(index, n))
                await asyncio.sleep(max(0.0, next_at - loop.time()))
            t0 = time.perf_counter()
            rec = (await host.apply(rec.id, actor, move, expected_version=rec.version)).record
            async with host.publication(rec.id) as (shown, meta):  # the bot's bookkeeping
                meta["log_count"] = n
                shown.shown_version = shown.version
            latencies.append(time.perf_counter() - t0)
            budget[0] -= 1
            n += 1
        if rec.status == "running":
            await host.abandon(channel, players[0], can_manage=True)


def ai_jitter(index: int, n: int) -> float:
    return ((index * 7919 + n * 104729) % 1000) / 1000


def stored_rows(n: int, sessions: int) -> dict[str, list[tuple[Any, ...]]]:
    """``n`` finished games spread over the benchmark's channels (so the one-active-session
    index and the channel's history both matter), with seats, moves and results."""
    now = time.time() - 86400
    state, opts, clock, meta = json.dumps({"done": True}), "{}", "{}", "{}"
    rows: dict[str, list[tuple[Any, ...]]] = {
        "sessions": [],
        "seats": [],
        "moves": [],
        "results": [],
    }
    for i in range(1, n + 1):
        at = now + i * 0.01
        rows["sessions"].append(
            (
                i,
                "bench",
                f"bench-{i % sessions}",
                "toy",
                opts,
                i,
                "finished",
                9,
                f"h{i}",
                3600,
                state,
                MOVES_PER_STORED,
                clock,
                None,
                meta,
                at,
                at,
                9,
            )
        )
        players = (f"old{i % 977}", f"old{(i + 1) % 977}")
        for seat, p in enumerate(players):
            rows["seats"].append((i, seat, p, p, False))
            rows["results"].append((i, "bench", "toy", p, seat + 1, float(3 - seat), 2, at))
        for seq in range(MOVES_PER_STORED):
            rows["moves"].append(
                (i, seq, players[seq % 2], '{"type":"pick","value":1}', "player", at)
            )
    return rows


COLUMNS = {
    "sessions": (
        "id",
        "guild_id",
        "channel_id",
        "game",
        "options",
        "seed",
        "status",
        "version",
        "host_id",
        "turn_secs",
        "state",
        "move_count",
        "clock",
        "next_alarm",
        "meta",
        "created_at",
        "updated_at",
        "shown_version",
    ),
    "seats": ("session_id", "seat", "player_id", "name", "is_ai"),
    "moves": ("session_id", "seq", "player_id", "move", "source", "at"),
    "results": (
        "session_id",
        "guild_id",
        "game",
        "player_id",
        "rank",
        "score",
        "players",
        "finished_at",
    ),
}


async def fill(store: Store, n: int, sessions: int) -> None:
    if n == 0:
        return
    rows = stored_rows(n, sessions)
    if isinstance(store, SQLiteStore):
        con = sqlite3.connect(store.path)
        with con:
            for table, cols in COLUMNS.items():
                marks = ",".join("?" * len(cols))
                con.executemany(
                    f"INSERT INTO {table} ({','.join(cols)}) VALUES ({marks})", rows[table]
                )
        con.execute("ANALYZE")
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # measure the steady state, not the load
        con.close()
        return
    assert isinstance(store, PostgresStore)
    con = await asyncpg.connect(store.url, server_settings={"search_path": store.schema or ""})
    try:
        for table, cols in COLUMNS.items():
            await con.copy_records_to_table(table, records=rows[table], columns=list(cols))
        await con.execute("SELECT setval('sessions_id_seq', $1)", n)
        await con.execute("VACUUM ANALYZE")
        await con.execute("CHECKPOINT")  # the bulk load's writes flushed before measuring
    finally:
        await con.close()


async def open_bench_store(db: str, tmp: str) -> tuple[Store, str | None]:
    """A fresh store: a new SQLite file, or a new schema in the PostgreSQL database."""
    if db.startswith(("postgres://", "postgresql://")):
        schema = "bench_" + uuid.uuid4().hex[:8]
        store: Store = PostgresStore(db, schema=schema, pool_size=20)
        await store.open()
        return store, schema
    path = Path(tmp) / "bench.db" if db == "sqlite" else Path(db)
    if path.exists():
        raise SystemExit(f"{path} exists: the benchmark wants a new file")
    store = SQLiteStore(path)
    await store.open()
    return store, None


async def drop_schema(db: str, schema: str) -> None:
    con = await asyncpg.connect(db)
    try:
        await con.execute(f'DROP SCHEMA "{schema}" CASCADE')
    finally:
        await con.close()


async def run(
    registry: dict[str, Any], args: argparse.Namespace, stored: int, rate: float | None
) -> tuple[list[float], float]:
    with tempfile.TemporaryDirectory() as tmp:
        store, schema = await open_bench_store(args.db, tmp)
        try:
            await fill(store, stored, args.sessions)
            host = SessionHost(store, registry=registry)
            latencies: list[float] = []
            budget = [args.moves]
            interval = args.sessions / rate if rate else 0.0
            t0 = time.perf_counter()
            await asyncio.gather(
                *(
                    one_session(host, args.game, i, budget, latencies, interval)
                    for i in range(args.sessions)
                )
            )
            elapsed = time.perf_counter() - t0
        finally:
            await store.close()
            if schema is not None:
                await drop_schema(args.db, schema)
            elif args.db != "sqlite":
                for suffix in ("", "-wal", "-shm"):
                    Path(args.db + suffix).unlink(missing_ok=True)
    return latencies, elapsed


def report(title: str, latencies: list[float], elapsed: float) -> float:
    p50 = statistics.median(latencies) * 1000
    p99 = pct(latencies, 0.99) * 1000
    print(
        f"  {title}: {len(latencies)} moves, p50 {p50:.2f} ms, p99 {p99:.2f} ms, "
        f"{len(latencies) / elapsed:.0f} moves/s",
        flush=True,
    )
    return p99


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--db",
        default="sqlite",
        help="sqlite (a temporary file), an SQLite path, or a postgresql:// URL "
        "(a throw-away schema in that database)",
    )
    parser.add_argument(
        "--stored",
        type=int,
        default=100_000,
        help="finished sessions already stored (also measured at 0)",
    )
    parser.add_argument(
        "--stored-first",
        action="store_true",
        help="measure N=--stored before N=0 (to see the order's effect)",
    )
    parser.add_argument("--sessions", type=int, default=100)
    parser.add_argument("--moves", type=int, default=5000)
    parser.add_argument("--game", default="toy")
    parser.add_argument(
        "--rate",
        type=float,
        default=500.0,
        help="offered load for the open-loop run, moves/s over all sessions",
    )
    args = parser.parse_args()
    registry = dict(games.REGISTRY)
    if args.game == "toy":
        from tests.toygame import TOY

        registry["toy"] = TOY
    backend = "PostgreSQL" if args.db.startswith("postgres") else "SQLite synchronous=FULL"
    print(
        f"game={args.game} sessions={args.sessions} ({backend}, move + bookkeeping, "
        f"no rendering); load {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f}"
    )
    p99s = {}
    for stored in sorted({0, args.stored}, reverse=args.stored_first):
        print(f"stored={stored}:")
        lat, elapsed = await run(registry, args, stored, args.rate)
        p99s[stored] = report(f"open loop at {args.rate:.0f} moves/s offered", lat, elapsed)
        lat, elapsed = await run(registry, args, stored, None)
        report("closed loop, as fast as it goes (latency includes queueing)", lat, elapsed)
    if args.stored:
        print(
            f"open-loop p99 at stored={args.stored} / stored=0: "
            f"{p99s[args.stored] / p99s[0]:.2f}x; load {os.getloadavg()[0]:.2f}"
        )


if __name__ == "__main__":
    asyncio.run(main())
