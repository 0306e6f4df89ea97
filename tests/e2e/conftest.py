"""End-to-end harness: the real bot (``bot.app.serve``, what ``crowntable run`` runs) against
the local fake Discord, with a temporary SQLite file."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import pytest_asyncio

from bot.app import Crowntable, serve
from bot.config import Config
from tests.fakediscord import P_MANAGE_CHANNELS, FakeDiscord


@dataclass
class World:
    fake: FakeDiscord
    db: Path
    guild: object
    channel: object
    users: dict[str, object]
    bots: list[Crowntable] = field(default_factory=list)
    tasks: list[asyncio.Task] = field(default_factory=list)

    @property
    def bot(self) -> Crowntable:
        return self.bots[-1]

    async def start_bot(self, **config: object) -> Crowntable:
        cfg = Config(token="fake-token", database_url=f"sqlite:///{self.db}",
                     clock_interval=float(config.pop("clock_interval", 0.2)), **config)
        client = Crowntable(cfg)
        self.bots.append(client)
        self.tasks.append(asyncio.create_task(serve(client)))
        await asyncio.wait_for(client.synced.wait(), 15)
        await self.fake.wait_ready()
        return client

    async def stop_bot(self) -> None:
        client, task = self.bots[-1], self.tasks[-1]
        await client.close()
        await asyncio.wait_for(task, 10)


@pytest_asyncio.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    async with FakeDiscord.running() as fake:
        guild = fake.add_guild("Deskovky")
        channel = fake.add_channel(guild, "herna")
        users = {name: fake.add_user(name, guilds=[guild])
                 for name in ("alice", "bob", "cyril", "dana", "emil", "filip")}
        users["mod"] = fake.add_user("mod", guilds=[])
        fake.add_member(guild, users["mod"], permissions=P_MANAGE_CHANNELS)
        users["outsider"] = fake.add_user("outsider", guilds=[guild])
        w = World(fake, tmp_path / "crowntable.db", guild, channel, users)
        try:
            yield w
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
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR
              and r.name.startswith(("crowntable", "bot"))]
    assert not errors, [r.getMessage() for r in errors]
