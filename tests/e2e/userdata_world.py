"""Shared by ``test_mine.py`` and ``test_mydata.py`` (issues 27 and 31): the e2e world on
either backend (``backend`` fixture: the SQLite file of the ``world`` fixture, or a
throw-away PostgreSQL schema) and a second server the players share with the bot."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest_asyncio

from tests.host import pg


@pytest_asyncio.fixture(params=["sqlite", "postgres"])
async def backend(request: Any) -> AsyncIterator[dict[str, str]]:
    """``start_bot`` keywords for the backend (request it BEFORE ``world``: the bot is
    stopped before the schema is dropped)."""
    if request.param == "sqlite":
        yield {}
        return
    await pg.require_pg()
    schema = pg.new_schema()
    await pg.create_schema(schema)
    url = pg.PG_URL + ("&" if "?" in pg.PG_URL else "?") + f"search_path={schema}"
    try:
        yield {"database_url": url}
    finally:
        await pg.drop_schema(schema)


def second_server(world: Any, *members: str) -> tuple[Any, Any]:
    """Server "Druhý server" with channel #stul, ``members`` of the world's users in it
    (made before the bot starts, so it arrives with the others)."""
    fake = world.fake
    guild = fake.add_guild("Druhý server")
    channel = fake.add_channel(guild, "stul")
    for name in members:
        fake.add_member(guild, world.users[name])
    return guild, channel
