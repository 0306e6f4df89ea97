"""Moves applied through SessionHost with the SQLite store, many sessions in parallel.

Prints p50/p99 latency per move and moves per second. No rendering, no Discord.

    python bench/host.py [--sessions 100] [--game toy|majesty|...] [--moves 4000]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games  # noqa: E402
from bench.common import pct  # noqa: E402
from bot.core.host import SessionHost  # noqa: E402
from bot.core.store import SQLiteStore  # noqa: E402
from games.ai import RandomPlayer  # noqa: E402


async def one_session(host: SessionHost, game_id: str, index: int, budget: list[int],
                      latencies: list[float], interval: float = 0.0) -> None:
    channel = f"bench-{index}"
    players = [f"{index}{i:02d}" for i in range(host.game(game_id).min_players)]
    while budget[0] > 0:
        await host.create(guild_id="bench", channel_id=channel, game_id=game_id, options={},
                          user_id=players[0], user_name="P0", turn_secs=3600)
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
            latencies.append(time.perf_counter() - t0)
            budget[0] -= 1
            n += 1
        if rec.status == "running":
            await host.abandon(channel, players[0], can_manage=True)


def ai_jitter(index: int, n: int) -> float:
    return ((index * 7919 + n * 104729) % 1000) / 1000


async def run(host_registry: dict, game: str, sessions: int, moves: int,
              rate: float | None) -> tuple[list[float], float]:
    with tempfile.TemporaryDirectory() as tmp:
        store = SQLiteStore(Path(tmp) / "bench.db")
        await store.open()
        host = SessionHost(store, registry=host_registry)
        latencies: list[float] = []
        budget = [moves]
        interval = sessions / rate if rate else 0.0
        t0 = time.perf_counter()
        await asyncio.gather(*(one_session(host, game, i, budget, latencies, interval)
                               for i in range(sessions)))
        elapsed = time.perf_counter() - t0
        await store.close()
    return latencies, elapsed


def report(title: str, latencies: list[float], elapsed: float) -> None:
    p50 = statistics.median(latencies) * 1000
    p99 = pct(latencies, 0.99) * 1000
    print(f"{title}: {len(latencies)} moves, p50 {p50:.2f} ms, p99 {p99:.2f} ms, "
          f"{len(latencies) / elapsed:.0f} moves/s")


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sessions", type=int, default=100)
    parser.add_argument("--moves", type=int, default=5000)
    parser.add_argument("--game", default="toy")
    parser.add_argument("--rate", type=float, default=500.0,
                        help="offered load for the open-loop run, moves/s over all sessions")
    args = parser.parse_args()
    registry = dict(games.REGISTRY)
    if args.game == "toy":
        from tests.toygame import TOY

        registry["toy"] = TOY
    print(f"game={args.game} sessions={args.sessions} (SQLite, synchronous=FULL, no rendering)")
    lat, elapsed = await run(registry, args.game, args.sessions, args.moves, args.rate)
    report(f"open loop at {args.rate:.0f} moves/s offered", lat, elapsed)
    lat, elapsed = await run(registry, args.game, args.sessions, args.moves, None)
    report("closed loop, every session moving as fast as it can (latency includes queueing)",
           lat, elapsed)


if __name__ == "__main__":
    asyncio.run(main())
