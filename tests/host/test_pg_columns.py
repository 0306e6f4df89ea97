"""PostgreSQL refuses, at start, a schema whose version matches but whose tables were changed
(by hand, or by a newer Crowntable that kept the number), as SQLite does
(tests/test_cli.py::test_a_renamed_column_is_refused_at_start): one line naming the column,
and nothing left open."""

from __future__ import annotations

import asyncpg
import pytest

from bot.core.store import StoreUnusable
from bot.core.store.postgres import PostgresStore
from tests.host import pg


@pytest.mark.asyncio
async def test_a_renamed_column_is_refused_at_start() -> None:
    await pg.require_pg()
    schema = pg.new_schema()
    try:
        store = PostgresStore(pg.PG_URL, schema=schema)
        await store.open()  # a fresh schema: every column there
        await store.close()
        con = await asyncpg.connect(pg.PG_URL)
        try:
            await con.execute(f'ALTER TABLE "{schema}".sessions RENAME COLUMN state TO snapshot')
        finally:
            await con.close()
        again = PostgresStore(pg.PG_URL, schema=schema)
        with pytest.raises(StoreUnusable, match=r"missing: sessions\.state"):
            await again.open()
        assert again._pool is None and again._lock_pool is None and again._meta_pool is None
    finally:
        await pg.drop_schema(schema)
