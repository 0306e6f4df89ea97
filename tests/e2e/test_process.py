"""The real thing: ``crowntable run`` in its own process (configured by the environment, as
in production), stopped with Ctrl-C and killed with SIGKILL in the middle of a game; each new
process continues the game on the same SQLite file from the messages the old ones sent."""

from __future__ import annotations

import re

import pytest

from tests.e2e.driver import Driver, Player, board_message
from tests.e2e.helpers import open_table, table_id


@pytest.mark.asyncio
async def test_crowntable_run_processes_stopped_and_killed_mid_game(world) -> None:
    fake, ch, u = world.fake, world.channel, world.users
    env = {
        "DISCORD_TOKEN": "fake-token",
        "DATABASE_URL": f"sqlite:///{world.db}",
        "CLOCK_INTERVAL": "0.5",
        "LOG_LEVEL": "INFO",
        "DEV_GUILD_ID": "",
    }
    procs = []

    async def start():  # type: ignore[no-untyped-def]
        proc = await fake.spawn("run", env=env)
        procs.append(proc)
        await fake.wait_ready(task=proc, timeout=30)
        return proc

    proc = await start()
    lobby = await open_table(world, "majesty", join=("bob",))
    sid = table_id(lobby)
    driver = Driver(fake, ch, [Player(u["alice"]), Player(u["bob"])], seed=31)

    async def moves(n: int) -> None:
        for _ in range(n):
            kind, player, msg = await fake.wait_for(driver.find_action, timeout=10, what="a prompt")
            result = await driver.act(kind, player, msg)
            assert result.latency is not None and result.latency < 3.0
            await fake.idle()

    await moves(3)
    board = board_message(fake, ch)
    assert await proc.stop() == 0  # Ctrl-C: a clean exit
    await fake.wait_disconnected()

    proc = await start()
    assert driver.find_action()[2] is board  # the old process's board message
    await moves(3)
    await proc.kill()  # a crash
    await fake.wait_disconnected()

    proc = await start()
    final = await driver.play()
    assert driver.stats.refusals == []
    assert f"table #{sid}" in final.embeds[0]["title"]
    assert "alice" in final.embeds[0]["description"] and "bob" in final.embeds[0]["description"]
    assert await proc.stop() == 0

    for p in procs:
        out = p.output()
        assert "fake-token" not in out, "the token was logged"
        errors = [line for line in out.splitlines() if re.search(r"\b(ERROR|CRITICAL)\b", line)]
        assert not errors, errors
