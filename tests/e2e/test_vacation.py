"""Vacations end to end (issue 27 #4), on SQLite and on PostgreSQL: ``/crowntable away`` pauses
the waiting player's turn clock, the board says "on vacation until …", a restart past the
deadline fires nothing (no reminder, no AI move), a move of theirs ends it; ``back`` ends it
too and a second ``back`` is refused; 0 and 99 days are refused and change nothing."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator

import asyncpg
import pytest
import pytest_asyncio

from bot.adapter.app import make_client, serve
from bot.adapter.client import Crowntable
from bot.core.config import Config
from bot.text.i18n import t
from tests.e2e.conftest import AI_BUDGET, World
from tests.e2e.driver import Driver, Player, board_message, board_status, waiting_names
from tests.e2e.helpers import move_count, open_table, table_id
from tests.host import pg


@pytest_asyncio.fixture(params=["sqlite", "postgres"])
async def db_url(request: pytest.FixtureRequest, world: World) -> AsyncIterator[str | None]:
    """None: the world's own SQLite file; else a PostgreSQL URL with a throw-away schema
    (dropped once the bots are stopped)."""
    if request.param == "sqlite":
        yield None
        return
    await pg.require_pg()
    schema = pg.new_schema()
    con_url = pg.PG_URL + ("&" if "?" in pg.PG_URL else "?") + f"search_path={schema}"
    con = await asyncpg.connect(pg.PG_URL)
    await con.execute(f'CREATE SCHEMA "{schema}"')
    await con.close()
    try:
        yield con_url
    finally:
        for client, task in zip(world.bots, world.tasks, strict=True):
            if not client.is_closed():
                await client.close()
                await asyncio.wait_for(task, 10)
        await pg.drop_schema(schema)


async def start(world: World, url: str | None) -> Crowntable:
    """``world.start_bot()`` over ``url`` (None: the world's SQLite file)."""
    if url is None:
        return await world.start_bot()
    client = make_client(
        Config(token="fake-token", database_url=url, clock_interval=0.2, ai_budget=AI_BUDGET)
    )
    world.bots.append(client)
    world.tasks.append(asyncio.create_task(serve(client)))
    await asyncio.wait_for(client.synced.wait(), 15)
    client.host.now = lambda: time.time() + world.skew
    client.host.seed_source = lambda: 7
    await world.fake.wait_ready(task=world.tasks[-1])
    return client


def away_line(name: str) -> str:
    return t("board.away", name=name, when="").split("{")[0].split("**")[0]


@pytest.mark.asyncio
async def test_a_vacation_pauses_the_clock_across_a_restart_and_ends_on_a_move(
    world: World, db_url: str | None
) -> None:
    fake, ch, u = world.fake, world.channel, world.users
    await start(world, db_url)
    sid = table_id(await open_table(world, "majesty", join=("bob",), clock="5m"))
    [first] = waiting_names(board_message(fake, ch))
    user, other = u[first], u["bob" if first == "alice" else "alice"]
    host = world.bot.host

    for bad in (0, 99):  # refused, nothing changes
        said = await fake.slash(user, ch, "crowntable away", days=bad)
        assert said.ephemeral and said.text() == t("error.away_days", most=14), said.text()
    assert await host.vacations.away_until(str(user.id)) is None
    assert await host.store.away_spells(str(user.id), 0) == []

    said = await fake.slash(user, ch, "crowntable away", days=2)
    assert said.ephemeral and "on vacation until <t:" in said.text() and "1 table" in said.text()
    await fake.wait_for(
        lambda: f"🏖 **{first}** is on vacation until <t:" in board_status(board_message(fake, ch)),
        timeout=5,
        what="the board's vacation line",
    )
    assert "Time runs out" not in board_status(board_message(fake, ch))  # no deadline shown

    await world.stop_bot()
    world.skew = 400  # past the 5-minute deadline (and its reminder) while the bot was down
    await start(world, db_url)
    await asyncio.sleep(1.0)  # five clock ticks
    await fake.idle()
    assert await move_count(world, sid) == 0  # the AI played nothing for them
    assert not [m for m in fake.dms(user) if m.content.startswith("⏳")]  # no reminder
    rec = await world.bot.host.current(sid)
    assert rec.clock[str(user.id)]["left"] > 250 and "resume" in rec.clock[str(user.id)]

    driver = Driver(fake, ch, [Player(user), Player(other)], seed=3)
    kind, player, msg = await fake.wait_for(driver.find_action, what="their prompt")
    assert player.user is user
    await driver.act(kind, player, msg)  # they are back
    await fake.idle()
    host = world.bot.host
    assert await host.vacations.away_until(str(user.id)) is None
    [spell] = await host.store.away_spells(str(user.id), 0)
    assert spell.ended is not None and spell.ended < spell.until
    assert await move_count(world, sid) == 1
    assert "🏖" not in board_status(board_message(fake, ch))

    # away again, then back by command; a second back is refused
    said = await fake.slash(user, ch, "crowntable away", days=1)
    assert said.ephemeral
    back = await fake.slash(user, ch, "crowntable back")
    assert back.ephemeral and back.text().startswith("Welcome back!"), back.text()
    again = await fake.slash(user, ch, "crowntable back")
    assert again.ephemeral and again.text() == t("error.not_away")
    assert len(await host.store.away_spells(str(user.id), 0)) == 2


@pytest.mark.asyncio
async def test_away_back_and_notify_in_a_dm_with_the_bot(world: World) -> None:
    fake, u = world.fake, world.users
    await world.start_bot()
    sid = table_id(await open_table(world, "majesty", join=("bob",), clock="1h"))
    [first] = waiting_names(board_message(fake, world.channel))
    dm = fake._dm_channel(u[first])
    said = await fake.slash(u[first], dm, "crowntable away", days=3)
    assert said.ephemeral and "1 table" in said.text(), said.text()
    assert "resume" in (await world.bot.host.current(sid)).clock[str(u[first].id)]
    said = await fake.slash(u[first], dm, "crowntable notify", choice="dm")
    assert said.text() == t("notify.set.dm")
    back = await fake.slash(u[first], dm, "crowntable back")
    assert back.text().startswith("Welcome back!")
    refused = await fake.slash(u[first], dm, "crowntable language", language="cs")
    assert refused.text() == t("error.guild_only_language")
