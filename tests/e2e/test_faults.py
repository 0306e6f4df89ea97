"""Discord misbehaving during a game: slow answers, 429 rate limits, 5xx errors. Clicks are
still acknowledged within 3 s (the autouse checks in conftest), no move is lost or doubled, and
the game reaches its final standings."""

from __future__ import annotations

import asyncio

import pytest

from tests.e2e.driver import Driver, Player, board_message
from tests.e2e.helpers import board_state, move_count, open_table, table_id


@pytest.mark.asyncio
async def test_slow_rate_limited_and_failing_discord(world) -> None:
    fake, ch, u = world.fake, world.channel, world.users
    await world.start_bot()
    lobby = await open_table(world, "majesty", join=("bob",))
    sid = table_id(lobby)
    driver = Driver(fake, ch, [Player(u["alice"]), Player(u["bob"])], seed=6)

    faults = [
        fake.slow("PATCH /channels/*/messages/*", 2.5, times=1),      # a board edit hangs
        fake.rate_limit("PATCH /channels/*/messages/*", times=1, retry_after=0.5),
        fake.server_error("POST /channels/*/messages", times=1),      # retried by discord.py
        fake.rate_limit("POST /channels/*/messages", times=1, retry_after=0.3),
    ]
    actions = 0
    while any(f.hits < f.times for f in faults if f.times):
        kind, player, msg = await fake.wait_for(driver.find_action, timeout=15, what="a prompt")
        before = board_state(fake, ch)
        result = await driver.act(kind, player, msg)
        assert result.latency is not None and result.latency < 3.0, result.latency
        actions += 1
        await fake.wait_for(lambda b=before: board_state(fake, ch)[:2] != b[:2], timeout=20,
                            what="the board to show the move (after retries)")
        await fake.idle(quiet=0.3, timeout=20)
        assert await move_count(world, sid) == actions, (
            kind, player.user.name, result.followups, [(f.route, f.kind, f.hits) for f in faults])
        assert actions < 12, [(f.route, f.hits) for f in faults]
    fake.clear_faults()

    final = await driver.play()
    assert driver.stats.refusals == []
    assert "alice" in final.embeds[0]["description"] and "bob" in final.embeds[0]["description"]
    assert await move_count(world, sid) == driver.stats.actions  # (counts the loop above too)


@pytest.mark.asyncio
@pytest.mark.parametrize("hang", [2.0, 7.0])  # shorter / longer than the bot's shutdown grace
async def test_restart_while_the_board_update_hangs(world, hang: float) -> None:
    """The bot is stopped while Discord is slow to take the board edit after a move: the move
    was acknowledged and stored, so after the restart the table must not stall: the next
    player gets a prompt without anyone having to run ``/game board``."""
    fake, ch, u = world.fake, world.channel, world.users
    await world.start_bot()
    lobby = await open_table(world, "majesty", join=("bob",))
    sid = table_id(lobby)
    driver = Driver(fake, ch, [Player(u["alice"]), Player(u["bob"])], seed=9)
    kind, player, msg = await fake.wait_for(driver.find_action, what="a prompt")
    fake.slow("PATCH /channels/*/messages/*", hang, times=1)
    await driver.act(kind, player, msg)
    await fake.wait_for(lambda: fake._inflight > 0, what="the board edit to hang")
    assert await move_count(world, sid) == 1
    await world.stop_bot()
    fake.clear_faults()
    await world.start_bot()
    rec = await world.bot.host.get(sid)

    def board_is_current() -> bool:
        board = board_message(fake, ch)
        ids = [c for c in board.custom_ids if c.startswith(("ct:m:", "ct:s:"))]
        return bool(ids) and all(c.split(":")[3] == str(rec.version) for c in ids)

    await fake.wait_for(board_is_current, timeout=10,
                        what="a board prompt for the state after the stored move")
    final = await driver.play()
    assert driver.stats.refusals == []
    assert "alice" in final.embeds[0]["description"]


@pytest.mark.asyncio
async def test_slow_rendering_never_delays_the_acknowledgement(world, monkeypatch) -> None:
    """Every picture takes 3.2 s to draw (a slow machine): Start, a move, /game status,
    /game hand and "My view" are still acknowledged at once (defer first, draw later)."""
    import bot.adapter.handlers.info
    import bot.adapter.publish
    import bot.core.render

    draw = bot.core.render.board_png

    async def slow_png(*args, **kwargs):  # type: ignore[no-untyped-def]
        await asyncio.sleep(3.2)
        return await draw(*args, **kwargs)

    monkeypatch.setattr(bot.adapter.publish, "board_png", slow_png)
    monkeypatch.setattr(bot.adapter.handlers.info, "board_png", slow_png)
    fake, ch, u = world.fake, world.channel, world.users
    await world.start_bot()
    lobby = await open_table(world, "majesty", join=("bob",), start=False)
    results = [await fake.click(u["alice"], lobby, "Start", timeout=10)]
    board = await fake.wait_for(lambda: board_message(fake, ch), timeout=15, what="the board")
    await fake.idle(timeout=20)
    driver = Driver(fake, ch, [Player(u["alice"]), Player(u["bob"])], seed=5)
    kind, player, msg = driver.find_action()
    results.append(await driver.act(kind, player, msg))
    results += await asyncio.gather(
        fake.slash(u["bob"], ch, "game status", _timeout=15),
        fake.slash(u["alice"], ch, "game hand", _timeout=15),
        fake.click(u["bob"], board, "My view", timeout=15))
    for r in results:
        assert r.latency is not None and r.latency < 1.0, r
    await fake.idle(timeout=30)
    assert await move_count(world, table_id(lobby)) == 1
