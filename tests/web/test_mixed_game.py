"""A game finished with any mix of chat and Activity moves (issue 32 item 2): every other
decision is clicked on the web, the rest in the chat, until the final standings; then the
stored log replays bit-identically and ``crowntable verify`` is clean; the chat board and the
sockets showed the same state throughout."""

from __future__ import annotations

import random

import pytest

from bot.core.verify import run_verify
from tests.e2e.driver import Driver, Player, final_messages
from tests.e2e.helpers import open_table, table_id


async def frame_at(sock, version: int) -> dict:
    """The socket's frame of ``version`` (frames of older versions skipped)."""
    while True:
        frame = await sock.recv("frame")
        if frame["version"] >= version:
            assert frame["version"] == version, (frame["version"], version)
            return frame


@pytest.mark.asyncio
@pytest.mark.parametrize("game", ["majesty", "empire_engine"])
async def test_a_game_played_half_in_the_chat_half_on_the_web_replays_and_verifies(
    web, game: str
) -> None:
    world, fake, host = web.world, web.world.fake, web.bot.host
    names = ("alice", "bob")
    table = table_id(await open_table(world, game, join=("bob",)))
    users = {str(world.users[n].id): world.users[n] for n in names}
    socks = {}
    for pid, user in users.items():
        socks[pid] = await web.socket(table, (await web.sign_in(user))["session"])
        await socks[pid].recv("hello")
    driver = Driver(fake, world.channel, [Player(world.users[n]) for n in names], seed=3)
    rng = random.Random(5)
    via = {"web": 0, "chat": 0}
    for step in range(600):
        await fake.idle()
        rec = await host.current(table)
        if rec.status != "running":
            break
        actor = host.actors(rec)[0]
        if step % 2 == 0:
            frame = await frame_at(socks[actor], rec.version)
            assert frame["view"] == host.view(rec, actor)
            option = rng.choice(frame["moves"])
            chosen = rng.choice(option["then"]) if option.get("then") else option
            ref = await socks[actor].move(chosen["id"], frame["version"])
            reply = await socks[actor].recv(("ack", "error"))
            assert reply == {"type": "ack", "ref": ref}, reply
            via["web"] += 1
        else:
            found = await fake.wait_for(driver.find_action, timeout=10, what="a chat prompt")
            kind, player, msg = found
            if kind == "done":
                break
            await driver.act(kind, player, msg)
            via["chat"] += 1
    await fake.idle()
    rec = await host.current(table)
    assert rec.status == "finished", (rec.status, via)
    assert via["web"] >= 5 and via["chat"] >= 5, via
    assert final_messages(fake, world.channel)  # the chat's final standings were posted
    for pid, sock in socks.items():  # every socket ends on the finished table
        last = await frame_at(sock, rec.version)
        assert last["status"] == "finished" and last["moves"] == []
        assert last["view"] == host.view(rec, pid)
    sources = {m.source for m in await host.store.moves(table)}
    assert await host.replay(table) == (True, "")
    assert await run_verify(f"sqlite:///{world.db}") == 0
    assert sources  # stored like any other move
