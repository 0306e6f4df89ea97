"""``/game mine`` and ``/mine`` (issue 27 item 3), end to end, on SQLite and on PostgreSQL:
a player's tables in two servers, their turn first, with whose turn it is, since when, the
deadline and a jump link to the board; the same list by ``/mine`` in the DM with the bot."""

from __future__ import annotations

import re
import time
from types import SimpleNamespace

import pytest

from bot.adapter.handlers.mine import shares
from bot.text.i18n import t, tn
from tests.e2e.driver import Driver, Player, board_message
from tests.e2e.helpers import open_table, table_id
from tests.e2e.userdata_world import backend, second_server

__all__ = ["backend"]  # the fixture, shared with test_mydata.py
STAMP = re.compile(r"<t:(\d+):R>")


async def hand_turn_to(world, channel, session: int, wanted: str) -> None:
    """Play moves at ``session`` until it is ``wanted``'s turn (each player whose turn it is
    takes one of their options on the board)."""
    by_id = {str(u.id): u for u in world.users.values()}
    for _ in range(4):
        rec = await world.bot.host.current(session)
        if str(world.users[wanted].id) in rec.clock:
            return
        mover = by_id[next(iter(rec.clock))]
        driver = Driver(world.fake, channel, [Player(mover)], seed=3)
        kind, player, msg = await world.fake.wait_for(driver.find_action, timeout=10, what="a move")
        await driver.act(kind, player, msg)
        await world.fake.idle()
    raise AssertionError(f"never {wanted}'s turn")


def lines_of(text: str) -> list[str]:
    return text.split("\n")


@pytest.mark.asyncio
async def test_my_tables_in_two_servers_my_turn_first(backend, world) -> None:
    fake, ch, u = world.fake, world.channel, world.users
    _, stul = second_server(world, "alice", "cyril")
    waiting_room = fake.add_channel(world.guild, "cekarna")
    await world.start_bot(**backend)
    here = table_id(await open_table(world, "majesty", "alice", join=("bob",), clock="1h"))
    there = table_id(await open_table(world, "majesty", "cyril", join=("alice",), channel=stul))
    lobby = table_id(await open_table(world, "tek", "alice", start=False, channel=waiting_room))
    await hand_turn_to(world, ch, here, "alice")
    await hand_turn_to(world, stul, there, "cyril")

    res = await fake.slash(u["alice"], ch, "game mine")
    assert res.ephemeral
    text = res.text()
    lines = lines_of(text)
    assert lines[0] == t("mine.head_turn")
    assert f"Majesty: For the Realm #{here}" in lines[1] and "Deskovky" in lines[1]
    board = board_message(fake, ch)
    assert f"(https://discord.com/channels/{world.guild.id}/{ch.id}/{board.id})" in lines[1]
    assert "your turn began <t:" in lines[1] and " · deadline <t:" in lines[1]
    since, due = (int(x) for x in STAMP.findall(lines[1]))
    assert due - since == 3600 and abs(since - time.time()) < 60
    assert lines[2] == t("mine.head_waiting")
    assert f"#{there}" in lines[3] and "Druhý server" in lines[3] and f"<#{stul.id}>" in lines[3]
    assert "waiting for cyril" in lines[3] and "deadline" not in lines[3]  # no turn clock
    assert lines[4] == t("mine.head_lobby")
    assert f"#{lobby}" in lines[5] and "1 player seated" in lines[5]
    assert f"/{waiting_room.id}/" in lines[5]  # the lobby message
    assert len(lines) == 6

    # /mine: the same list in the DM with the bot, and in a server channel
    dm = fake._dm_channel(u["alice"])
    in_dm = await fake.slash(u["alice"], dm, "mine")
    assert in_dm.text() == text
    assert (await fake.slash(u["alice"], stul, "mine")).text() == text
    # bob sees his one table, waiting for alice; cyril's turn is first for cyril
    bobs = lines_of((await fake.slash(u["bob"], ch, "game mine")).text())
    assert bobs[0] == t("mine.head_waiting") and "waiting for alice" in bobs[1]
    assert len(bobs) == 2
    cyrils = lines_of((await fake.slash(u["cyril"], stul, "game mine")).text())
    assert cyrils[0] == t("mine.head_turn") and f"#{there}" in cyrils[1]
    # nobody seated anywhere
    assert (await fake.slash(u["outsider"], ch, "game mine")).text() == t("mine.none")
    assert (await fake.slash(u["dana"], fake._dm_channel(u["dana"]), "mine")).text() == t(
        "mine.none"
    )
    # a finished or abandoned table leaves the list
    await fake.slash(u["alice"], waiting_room, "game abandon")
    after = lines_of((await fake.slash(u["alice"], ch, "game mine")).text())
    assert t("mine.head_lobby") not in after and len(after) == 4


@pytest.mark.asyncio
async def test_the_list_fits_one_message(world) -> None:
    """Thirty tables: the ones that do not fit in 2,000 characters are counted at the end."""
    fake, u = world.fake, world.users
    channels = [fake.add_channel(world.guild, f"stul-{i}") for i in range(30)]
    await world.start_bot()
    for channel in channels:
        await fake.slash(u["alice"], channel, "game new majesty", turn_clock="off")
    text = (await fake.slash(u["alice"], world.channel, "game mine")).text()
    assert len(text) <= 2000
    shown = text.count("\n• ")
    assert 5 < shown < 30
    assert text.endswith(tn("mine.more", 30 - shown)) and "more tables" in text


def test_a_server_is_shared_when_known_or_served_by_another_process() -> None:
    known = {1 << 22: object()}
    client = SimpleNamespace(get_guild=known.get, shard_ids=[0], shard_count=2)
    assert shares(client, str(1 << 22))  # known here
    assert not shares(client, str(2 << 22))  # shard 0 is ours and does not know it: left
    assert shares(client, str(3 << 22))  # shard 1: another process's
    assert shares(SimpleNamespace(get_guild=known.get, shard_ids=None, shard_count=1), None)
    assert not shares(SimpleNamespace(get_guild=known.get, shard_ids=None, shard_count=1), "5")
