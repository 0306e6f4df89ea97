"""The operator's listener (issue 28 item 5): ``/healthz`` and ``/metrics`` scraped while a
whole game is played through the fake Discord; the counters move by what happened."""

from __future__ import annotations

import asyncio
import re
import socket

import aiohttp
import pytest

from tests.e2e.driver import Driver, Player
from tests.e2e.helpers import move_count, open_table, table_id


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def value(page: str, name: str, **labels: str) -> float:
    """The sample ``name{labels}`` of a Prometheus text page (0 when absent)."""
    total = 0.0
    for line in page.splitlines():
        if not line.startswith(name + "{") and not line.startswith(name + " "):
            continue
        found = dict(re.findall(r'(\w+)="([^"]*)"', line.split(" ")[0]))
        if all(found.get(k) == v for k, v in labels.items()):
            total += float(line.rsplit(" ", 1)[1])
    return total


async def scrape(port: int, path: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as http, http.get(f"http://127.0.0.1:{port}{path}") as r:
        return r.status, await r.text()


async def healthy(port: int, timeout: float = 10.0) -> tuple[int, str]:
    """``/healthz`` once it says ok (the gateway's READY can trail the commands' sync)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        status, body = await scrape(port, "/healthz")
        if status == 200 or loop.time() > deadline:
            return status, body
        await asyncio.sleep(0.1)


@pytest.mark.asyncio
async def test_health_and_metrics_follow_a_whole_game(world) -> None:
    port = free_port()
    await world.start_bot(http_port=port)
    status, body = await healthy(port)
    assert status == 200 and '"status": "ok"' in body, body
    _, before = await scrape(port, "/metrics")
    moves0 = value(before, "crowntable_moves_total", game="majesty")
    lobby = await open_table(world, "majesty", "alice", join=("bob",))
    _, during = await scrape(port, "/metrics")
    assert value(during, "crowntable_open_tables", status="running") >= 1
    u = world.users
    await Driver(world.fake, world.channel, [Player(u["alice"]), Player(u["bob"])]).play()
    await world.fake.idle()
    moves = await move_count(world, table_id(lobby))
    _, after = await scrape(port, "/metrics")
    assert value(after, "crowntable_moves_total", game="majesty") - moves0 == moves
    assert value(after, "crowntable_move_seconds_count", game="majesty") >= moves // 2
    sent = value(after, "crowntable_discord_requests_total")
    assert sent >= moves, "every move shows on Discord"
    callbacks = value(
        after,
        "crowntable_discord_requests_total",
        route="/interactions/{id}/{token}/callback",
    )
    assert callbacks > 0
    assert value(after, "crowntable_open_tables", status="running") == 0
    # no token: not the bot's, not an interaction's (long path segments are templated away)
    assert "fake-token" not in after
    assert not re.search(r'route="[^"]*/[A-Za-z0-9_.-]{25,}', after), after
    await world.bot.host.store.close()  # the database goes away: unhealthy, and says why
    status, body = await scrape(port, "/healthz")
    assert status == 503 and "store" in body, body
