from __future__ import annotations

import pytest
import pytest_asyncio

from bot.core.host import SessionHost
from bot.core.store import SQLiteStore
from bot.core.store.postgres import PostgresStore
from tests.host import pg
from tests.toygame import TOY


class Clock:
    def __init__(self) -> None:
        self.t = 1_000_000.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest_asyncio.fixture(params=["sqlite", "postgres"])
async def store(request, tmp_path, clock):
    """Every store and host test runs on both backends (PostgreSQL in a throw-away schema)."""
    if request.param == "sqlite":
        s = SQLiteStore(tmp_path / "t.db", clock=clock)
        await s.open()
        yield s
        await s.close()
        return
    await pg.require_pg()
    schema = pg.new_schema()
    p = PostgresStore(pg.PG_URL, schema=schema, clock=clock, pool_size=4)
    await p.open()
    try:
        yield p
    finally:
        await p.close()
        await pg.drop_schema(schema)


@pytest_asyncio.fixture
async def host(store, clock):
    seeds = iter(range(1, 1000))
    return SessionHost(store, registry={"toy": TOY}, now=clock, seed_source=lambda: next(seeds))
