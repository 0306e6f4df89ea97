"""Benchmark of the web surface (issue 32): click-to-update latency, a move sent on the
Activity's WebSocket to the next frame received on it, through the fake Discord's Activity
proxy (``tests/fakediscord/oauth.py``: the browser's socket goes to the proxy, which forwards
it to the bot's web server), with the bot storing every move in SQLite and publishing it to
the chat board (the fake Discord answers every REST call) as in production.

Run (from the repository root):

    python bench/web.py                       # Majesty, 2 seats, seed 7, 3 games
    python bench/web.py --game empire_engine --games 2 --seed 3

Target (the issue): p95 <= 150 ms on the 2-core machine. The machine load (``uptime``) is
printed beside the figures: on a shared machine latencies reflect it.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import random
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import aiohttp  # noqa: E402

from bench.common import pct  # noqa: E402
from bot.adapter.app import make_client, serve  # noqa: E402
from bot.core.config import Config, WebConfig  # noqa: E402
from tests.e2e.helpers import open_table, table_id  # noqa: E402
from tests.fakediscord import FakeDiscord  # noqa: E402
from tests.web.conftest import Socket  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def sign_in(http: aiohttp.ClientSession, fake: FakeDiscord, user: Any) -> str:
    code = fake.oauth_code(user)
    async with http.post(f"{fake.activity_url}/api/token", json={"code": code}) as r:
        return str((await r.json())["session"])


async def play_one(
    fake: FakeDiscord, world: Any, client: Any, http: aiohttp.ClientSession, game: str, seed: int
) -> list[float]:
    """One game played on the web only; the latency of each move (seconds)."""
    table = table_id(await open_table(world, game, join=("bob",)))
    socks: dict[str, Socket] = {}
    for name in ("alice", "bob"):
        user = world.users[name]
        session = await sign_in(http, fake, user)
        url = f"{fake.activity_url.replace('http', 'ws', 1)}/ws?table={table}&session={session}"
        socks[str(user.id)] = Socket(await http.ws_connect(url))
        await socks[str(user.id)].recv("hello")
    rng, took = random.Random(seed), []
    latest: dict[str, dict[str, Any]] = {p: await s.recv("frame") for p, s in socks.items()}
    while True:
        rec = await client.host.current(table)
        if rec.status != "running":
            break
        actor = client.host.actors(rec)[0]
        sock = socks[actor]
        frame = latest[actor]
        while frame["version"] < rec.version:
            frame = await sock.recv("frame")
        option = rng.choice(frame["moves"])
        chosen = rng.choice(option["then"]) if option.get("then") else option
        started = time.perf_counter()
        await sock.move(chosen["id"], frame["version"])
        latest[actor] = await sock.frame_after(frame["version"])
        took.append(time.perf_counter() - started)
        await sock.recv("ack")
        await fake.idle(quiet=0.02)
    for s in socks.values():
        await s.ws.close()
    return took


async def run(game: str, games_n: int, seed: int) -> list[float]:
    logging.basicConfig(level=logging.WARNING)
    async with FakeDiscord.running() as fake:
        guild = fake.add_guild("Bench")
        channel = fake.add_channel(guild, "herna")
        users = {n: fake.add_user(n, guilds=[guild]) for n in ("alice", "bob")}
        port = free_port()
        web = WebConfig(
            port=port,
            public_url=f"http://127.0.0.1:{port}",
            client_id=str(fake.application_id),
            client_secret=fake.client_secret,
            secret="bench-secret-0123456789",
            api_base=fake.api_base,
        )
        fake.activity_target = web.public_url
        db = Path(tempfile.mkdtemp()) / "bench.db"
        client = make_client(
            Config(
                token="x", database_url=f"sqlite:///{db}", web=web, clock_interval=1.0, ai_workers=0
            )
        )
        task = asyncio.create_task(serve(client))
        await asyncio.wait_for(client.synced.wait(), 30)
        await fake.wait_ready(task=task)
        client.host.seed_source = lambda: seed
        world = SimpleNamespace(fake=fake, channel=channel, users=users, guild=guild)
        took: list[float] = []
        async with aiohttp.ClientSession() as http:
            for n in range(games_n):
                if n:  # the channel's table is over: a new one in the same channel
                    await fake.idle()
                took += await play_one(fake, world, client, http, game, seed + n)
        await client.close()
        await task
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="majesty")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    took = asyncio.run(run(args.game, args.games, args.seed))
    ms = sorted(x * 1000 for x in took)
    print(
        f"{args.game}: {len(ms)} web moves through the proxy, click-to-update "
        f"p50 {pct(ms, 0.50):.1f} ms, p95 {pct(ms, 0.95):.1f} ms, max {ms[-1]:.1f} ms, "
        f"mean {statistics.mean(ms):.1f} ms; load {os.getloadavg()[0]:.2f}"
    )


if __name__ == "__main__":
    main()
