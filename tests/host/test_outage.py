"""The database going away mid-game (a TCP proxy the test cuts, never the shared server): the
move in flight fails with StoreUnavailable and nothing of it is stored; reads and writes fail
the same way while it is away; when it is back the same store works again by itself."""

from __future__ import annotations

import pytest

from bot.core.host import SessionHost
from bot.core.store import StoreUnavailable
from bot.core.store.postgres import PostgresStore
from tests.host import pg
from tests.host.proxy import Proxy
from tests.host.test_host import PICK, running
from tests.toygame import TOY


@pytest.mark.asyncio
async def test_a_move_while_the_database_is_away_changes_nothing_then_works(clock) -> None:
    await pg.require_pg()
    proxy = await Proxy().start()
    schema = pg.new_schema()
    store = PostgresStore(proxy.url(pg.PG_URL), schema=schema, clock=clock, pool_size=3)
    await store.open()
    try:
        host = SessionHost(store, registry={"toy": TOY}, now=clock, seed_source=lambda: 3)
        rec = await running(host)
        proxy.cut()
        with pytest.raises(StoreUnavailable):
            await host.apply(rec.id, "u1", PICK, expected_version=rec.version)
        with pytest.raises(StoreUnavailable):
            await host.get(rec.id)
        with pytest.raises(StoreUnavailable):
            async with host.publication(rec.id):
                pass
        with pytest.raises(StoreUnavailable):
            await host.run_clock()
        proxy.restore()  # back: the pool opens new connections by itself
        stored = await host.get(rec.id)
        assert stored.version == rec.version and await host.moves(rec.id) == []
        out = await host.apply(rec.id, "u1", PICK, expected_version=rec.version)
        assert out.record.version == rec.version + 1
        assert [m.player_id for m in await host.moves(rec.id)] == ["u1"]
    finally:
        proxy.restore()
        await store.close()
        await proxy.close()
        await pg.drop_schema(schema)


@pytest.mark.asyncio
async def test_an_unreachable_server_at_start_is_one_line() -> None:
    proxy = await Proxy().start()
    proxy.cut()
    store = PostgresStore(proxy.url(pg.PG_URL), pool_size=1)
    with pytest.raises(StoreUnavailable, match=r"cannot reach PostgreSQL at 127\.0\.0\.1:") as err:
        await store.open()
    assert "\n" not in str(err.value) and "postgres@" not in str(err.value)
    await proxy.close()
