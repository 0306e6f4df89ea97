from __future__ import annotations

import pytest
import pytest_asyncio

from bot.core.host import SessionHost
from bot.core.store import SQLiteStore
from tests.toygame import TOY


class Clock:
    def __init__(self) -> None:
        self.t = 1_000_000.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest_asyncio.fixture
async def store(tmp_path, clock):
    s = SQLiteStore(tmp_path / "t.db", clock=clock)
    await s.open()
    yield s
    await s.close()


@pytest_asyncio.fixture
async def host(store, clock):
    seeds = iter(range(1, 1000))
    return SessionHost(store, registry={"toy": TOY}, now=clock, seed_source=lambda: next(seeds))
