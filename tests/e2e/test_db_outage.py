"""The database going away mid-game (PostgreSQL behind a TCP proxy the test cuts; the shared
server is never stopped): a click is answered "try again in a moment" and nothing of it is
stored; when the database is back the bot goes on by itself, without a restart."""

from __future__ import annotations

import asyncio

import pytest

from bot.adapter.app import make_client, serve
from bot.core.config import Config
from bot.text.i18n import t
from tests.e2e.conftest import AI_BUDGET
from tests.e2e.driver import Driver, Player, board_message
from tests.e2e.helpers import open_table, table_id
from tests.host import pg
from tests.host.proxy import Proxy


@pytest.mark.asyncio
async def test_a_click_while_the_database_is_away_is_refused_then_the_game_goes_on(world) -> None:
    await pg.require_pg()
    fake, ch, u = world.fake, world.channel, world.users
    proxy = await Proxy().start()
    schema = pg.new_schema()
    await pg.create_schema(schema)
    url = proxy.url(pg.PG_URL) + ("&" if "?" in pg.PG_URL else "?") + f"search_path={schema}"
    try:
        client = make_client(
            Config(token="fake-token", database_url=url, clock_interval=0.2, ai_budget=AI_BUDGET)
        )
        world.bots.append(client)
        world.tasks.append(asyncio.create_task(serve(client)))
        await asyncio.wait_for(client.synced.wait(), 15)
        await fake.wait_ready(task=world.tasks[-1])
        sid = table_id(await open_table(world, "majesty", join=("bob",)))
        driver = Driver(fake, ch, [Player(u["alice"]), Player(u["bob"])], seed=5)
        kind, player, msg = await fake.wait_for(driver.find_action, timeout=10, what="a turn")
        await driver.act(kind, player, msg)
        await fake.idle()
        before = len(await client.host.moves(sid))

        proxy.cut()
        kind, player, msg = await fake.wait_for(driver.find_action, timeout=10, what="a turn")
        board = board_message(fake, ch)
        shown = len(board.versions)
        result = await driver.act(kind, player, msg)
        await fake.idle()
        answers = ([result.message] if result.message else []) + list(result.followups)
        texts = [m.content for m in answers if m is not None and m.ephemeral]
        assert texts and all(t("error.db_busy") == text for text in texts), texts
        assert len(board_message(fake, ch).versions) == shown  # nothing shown

        proxy.restore()  # back: no restart, the next click works
        final = await driver.play()
        assert f"table #{sid}" in final.embeds[0]["title"]
        moves = await client.host.moves(sid)
        assert len(moves) > before and (await client.host.replay(sid))[0]
    finally:
        proxy.restore()
        for bot, task in zip(world.bots, world.tasks, strict=True):
            if not bot.is_closed():
                await bot.close()
            await asyncio.wait_for(task, 10)
        world.bots.clear()
        world.tasks.clear()
        await proxy.close()
        await pg.drop_schema(schema)
