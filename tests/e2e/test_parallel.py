"""Two tables at once: one in the channel, one in a thread under it, with a player seated at
both. Each session keeps to its own channel; both reach their final standings."""

from __future__ import annotations

import asyncio

import pytest

from bot.text.i18n import t
from tests.e2e.driver import Driver, Player, board_message
from tests.e2e.helpers import open_table, table_id


@pytest.mark.asyncio
async def test_a_channel_and_a_thread_play_at_the_same_time(world) -> None:
    fake, ch, u = world.fake, world.channel, world.users
    alice, bob, cyril = u["alice"], u["bob"], u["cyril"]
    thread = fake.add_thread(ch, "majesty night")
    await world.start_bot()
    lobby_a = await open_table(world, "empire_engine", "alice", join=("bob",))
    lobby_b = await open_table(world, "majesty", "cyril", join=("alice",), channel=thread)
    assert table_id(lobby_a) != table_id(lobby_b)
    # one table per channel: the thread is busy now, the channel too
    res = await fake.slash(bob, thread, "game new tek")
    assert res.ephemeral and res.content == t("error.channel_busy")

    d_a = Driver(fake, ch, [Player(alice), Player(bob)], seed=21)
    d_b = Driver(fake, thread, [Player(cyril), Player(alice)], seed=22)
    final_a, final_b = await asyncio.gather(d_a.play(), d_b.play())
    assert d_a.stats.refusals == [] and d_b.stats.refusals == []
    assert final_a.channel is ch and final_b.channel is thread
    assert "Empire Engine" in final_a.embeds[0]["title"]
    assert "Majesty" in final_b.embeds[0]["title"]
    assert {"alice", "bob"} <= set(final_a.embeds[0]["description"].replace("*", " ").split())
    assert {"cyril", "alice"} <= set(final_b.embeds[0]["description"].replace("*", " ").split())
    # nothing of one table was posted in the other's channel
    assert all(f"table #{table_id(lobby_b)}" not in m.text() for m in fake.messages(ch))
    assert all(f"table #{table_id(lobby_a)}" not in m.text() for m in fake.messages(thread))
    assert table_id(board_message(fake, thread)) == table_id(lobby_b)
    # alice's private prompts all belong to the channel's game (majesty has none)
    for m in fake.dms(alice):
        assert f"table #{table_id(lobby_b)}" not in m.text()

    res = await fake.slash(cyril, thread, "stats")
    assert "**Majesty: For the Realm**: 1 game," in res.text()
    res = await fake.slash(alice, ch, "stats")
    assert "1 game," in res.text() and "Majesty" in res.text() and "Empire Engine" in res.text()
