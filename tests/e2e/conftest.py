"""End-to-end harness: the real bot (``bot.adapter.app.serve``, what ``crowntable run`` runs)
against the local fake Discord, with a temporary SQLite file."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import pytest_asyncio

from bot.adapter.app import make_client, serve
from bot.adapter.client import Crowntable
from bot.core.config import Config
from tests.fakediscord import P_MANAGE_CHANNELS, FakeDiscord

#: AI thinking time per decision in the e2e tests (seconds): AI seats play in the bot's worker
#: processes as in production, just quickly
AI_BUDGET = 0.01
#: the slowest acknowledgement of each test (seconds), reported at the end of the run
ACKS: list[float] = []


@dataclass
class World:
    fake: FakeDiscord
    db: Path
    guild: object
    channel: object
    users: dict[str, object]
    bots: list[Crowntable] = field(default_factory=list)
    tasks: list[asyncio.Task] = field(default_factory=list)
    #: seconds added to the bot's wall clock (SessionHost.now): turn-clock tests advance it
    skew: float = 0.0

    @property
    def bot(self) -> Crowntable:
        return self.bots[-1]

    async def start_bot(
        self, *, seed: int | None = 7, limits: bool = False, **config: object
    ) -> Crowntable:
        """Start the bot (``bot.adapter.app.serve``, what ``crowntable run`` runs).
        ``seed`` fixes the session seeds (reproducible games; None = random as in production).
        The host's clock is ``time.time() + self.skew``: the one hook SessionHost offers
        (its ``now``). ``limits``: keep the bot's token buckets (issue 31); off by default,
        since the test drivers click far faster than people (``tests/e2e/test_throttle.py``)."""
        cfg = Config(
            token="fake-token",
            database_url=str(config.pop("database_url", f"sqlite:///{self.db}")),
            clock_interval=float(config.pop("clock_interval", 0.2)),
            ai_budget=float(config.pop("ai_budget", AI_BUDGET)),
            **config,
        )
        client = make_client(cfg)
        if not limits:
            client.limiter = None
        self.bots.append(client)
        self.tasks.append(asyncio.create_task(serve(client)))
        await asyncio.wait_for(client.synced.wait(), 15)
        client.host.now = lambda: time.time() + self.skew
        if seed is not None:
            client.host.seed_source = lambda: seed
        await self.fake.wait_ready(task=self.tasks[-1])
        return client

    async def stop_bot(self) -> None:
        client, task = self.bots[-1], self.tasks[-1]
        await client.close()
        await asyncio.wait_for(task, 10)


def settle_with_the_bot(fake: FakeDiscord, world: World) -> None:
    """``fake.idle()`` also waits until the bot has nothing in progress: on a busy machine
    drawing a board can take longer than the fake's quiet period, and a test that then
    looked at the channel would see the board before the move it just made."""
    quiet_fake = fake.idle

    async def idle(quiet: float = 0.15, timeout: float = 10.0) -> None:
        deadline = time.monotonic() + timeout
        while True:
            await quiet_fake(quiet, max(0.1, deadline - time.monotonic()))
            if all(b.is_idle or b.is_closed() for b in world.bots):
                return
            if time.monotonic() > deadline:
                raise TimeoutError(f"the bot is still busy after {timeout}s")
            await asyncio.sleep(0.02)

    fake.idle = idle  # type: ignore[method-assign]


@pytest_asyncio.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    async with FakeDiscord.running() as fake:
        guild = fake.add_guild("Deskovky")
        channel = fake.add_channel(guild, "herna")
        users = {
            name: fake.add_user(name, guilds=[guild])
            for name in ("alice", "bob", "cyril", "dana", "emil", "filip")
        }
        users["mod"] = fake.add_user("mod", guilds=[])
        fake.add_member(guild, users["mod"], permissions=P_MANAGE_CHANNELS)
        users["outsider"] = fake.add_user("outsider", guilds=[guild])
        w = World(fake, tmp_path / "crowntable.db", guild, channel, users)
        settle_with_the_bot(fake, w)
        try:
            yield w
            # every interaction of every test: answered (response or defer) within 3 s
            await fake.idle(timeout=20)
            latencies = [lat for _, lat in fake.ack_latencies()]
            if latencies:
                ACKS.append(max(latencies))
            assert not fake.unanswered(older_than=3.0), fake.unanswered(older_than=3.0)
            assert fake.slowest_ack() < 3.0, fake.slowest_ack()
            problems = fake.problems(ack_limit=3.0)
            assert not problems, problems
        finally:
            for client, task in zip(w.bots, w.tasks, strict=True):
                if not client.is_closed():
                    await client.close()
                try:
                    await asyncio.wait_for(task, 10)
                except Exception:
                    pass


@pytest.fixture(autouse=True)
def _no_error_logs(caplog: pytest.LogCaptureFixture):
    caplog.set_level(logging.WARNING)
    yield
    errors = [
        r
        for r in caplog.records
        if r.levelno >= logging.ERROR
        and r.name.startswith(("crowntable", "bot", "games", "renderers", "discord"))
    ]
    assert not errors, [r.getMessage() for r in errors]


def pytest_terminal_summary(terminalreporter, exitstatus, config):  # noqa: ARG001
    if ACKS:
        terminalreporter.write_line(
            f"e2e: slowest interaction acknowledgement {max(ACKS) * 1000:.0f} ms "
            f"over {len(ACKS)} tests (Discord allows 3000 ms)"
        )
