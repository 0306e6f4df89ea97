"""A player's data in a big database (issue 27 item 3, issue 31 item 4): how long the store
takes for ``/game mine`` (``user_tables``), ``/crowntable mydata`` (``user_rows``) and
``forget-me`` (``forget_user``) for one player with ``--games`` of ``--sessions`` finished
tables (three seats, ``--moves`` moves each), on SQLite and on the local PostgreSQL. The rows
are written directly (they are not real games: the engine's replay check of forget-me is
not part of this; ``crowntable verify`` times replays).

    python bench/player_data.py [--sessions 20000] [--moves 30] [--games 200]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.core.store import SQLiteStore  # noqa: E402
from bot.core.store.postgres import PostgresStore  # noqa: E402
from tests.host import pg  # noqa: E402

TARGET = "999999999999999999"
COLS = (
    "id, guild_id, channel_id, game, options, seed, status, version, host_id, turn_secs, state,"
    " move_count, clock, next_alarm, meta, created_at, updated_at, shown_version"
)


def rows(sessions: int, moves: int, games: int) -> tuple[list[Any], list[Any], list[Any]]:
    rng = random.Random(1)
    players = [str(10**17 + i) for i in range(5000)]
    sess, seats, logged = [], [], []
    for sid in range(1, sessions + 1):
        ids = rng.sample(players, 3)
        if sid % (sessions // games) == 0:
            ids[0] = TARGET
        state = json.dumps({"players": ids, "score": {p: 1 for p in ids}})
        meta = json.dumps({"log": [f"<@{ids[0]}> took"]})
        sess.append(
            (sid, "g", f"c{sid}", "toy", "{}", 1, "finished", 40, ids[0], None, state, moves)
            + ("{}", None, meta, 0.0, 0.0, 40)
        )
        seats += [(sid, i, p, p, 0, None) for i, p in enumerate(ids)]
        move = json.dumps({"type": "pick", "value": 1})
        logged += [(sid, q, ids[q % 3], move, "player", 0.0) for q in range(moves)]
    return sess, seats, logged


async def timed(label: str, coro: Any) -> Any:
    t0 = time.perf_counter()
    out = await coro
    print(f"  {label}: {(time.perf_counter() - t0) * 1000:.0f} ms")
    return out


async def measure(store: Any) -> None:
    await timed("user_tables (/game mine)", store.user_tables(TARGET))
    data = await timed("user_rows (/crowntable mydata)", store.user_rows(TARGET))
    size = len(json.dumps(data, default=str))
    print(f"    {len(data['seats'])} seats, {len(data['moves'])} moves, {size} bytes of JSON")
    done = await timed("forget_user (forget-me)", store.forget_user(TARGET, "anon-x"))
    print(f"    {done.sessions} sessions rewritten, {done.renamed}")


async def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sessions", type=int, default=20000)
    ap.add_argument("--moves", type=int, default=30)
    ap.add_argument("--games", type=int, default=200)
    args = ap.parse_args()
    sess, seats, logged = rows(args.sessions, args.moves, args.games)
    print(f"{len(sess)} sessions, {len(seats)} seats, {len(logged)} moves; {args.games} theirs")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.db"
        store = SQLiteStore(path)
        await store.open()
        await store.close()
        con = sqlite3.connect(path)
        con.executemany(f"INSERT INTO sessions ({COLS}) VALUES ({','.join('?' * 18)})", sess)
        con.executemany("INSERT INTO seats VALUES (?,?,?,?,?,?)", seats)
        con.executemany("INSERT INTO moves VALUES (?,?,?,?,?,?)", logged)
        con.commit()
        con.close()
        store = SQLiteStore(path)
        await store.open()
        print("SQLite")
        await measure(store)
        await store.close()
    schema = pg.new_schema()
    p = PostgresStore(pg.PG_URL, schema=schema, pool_size=2)
    await p.open()
    try:
        async with p._con() as c:
            columns = [x.strip() for x in COLS.split(",")]
            await c.copy_records_to_table("sessions", records=sess, columns=columns)
            ai = [(a, b, c_, d, bool(e), f) for a, b, c_, d, e, f in seats]
            await c.copy_records_to_table("seats", records=ai)
            await c.copy_records_to_table("moves", records=logged)
            await c.execute("ANALYZE")
        print("PostgreSQL")
        await measure(p)
    finally:
        await p.close()
        await pg.drop_schema(schema)


if __name__ == "__main__":
    asyncio.run(main())
