"""After a restart, AI seats that owe a move play before the boards are reposted (issue 31):
with several tables to catch up and Discord slow to take their boards, an AI table still has
its move at once, and its board is posted anew (as the catch-up would have) rather than edited."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from bot.core.host import SessionHost
from bot.core.store import open_store
from tests.e2e.driver import board_message
from tests.e2e.helpers import open_table, table_id

#: seconds Discord takes to accept each board posted in the human tables' channels
SLOW_POST = 2.0


async def move_behind_its_back(world: Any, sids: list[int]) -> None:
    """While the bot is stopped: one move of a waiting person at each table, stored and not
    shown (a crash between storing a move and showing it)."""
    host = SessionHost(await open_store(f"sqlite:///{world.db}", exclusive=True), inline_ai=False)
    try:
        for sid in sids:
            rec = await host.get(sid)
            state, game = host.state(rec), host.game(rec.game)
            humans = {s.player_id for s in rec.seats if not s.is_ai}
            player = next(p for p in game.actors(state) if p in humans)
            await host.apply(sid, player, game.legal_moves(state, player)[0], rec.version)
    finally:
        await host.close()


async def ai_moves(world: Any, sid: int) -> int:
    return sum(1 for m in await world.bot.host.moves(sid) if m.source == "ai")


@pytest.mark.asyncio
async def test_ai_seats_move_before_the_boards_are_reposted(world) -> None:
    fake, ch = world.fake, world.channel
    slow_channels = [fake.add_channel(world.guild, f"pomaly-{i}") for i in range(2)]
    await world.start_bot(ai_workers=0)
    humans = [  # opened first: the catch-up reaches them first (it goes by table id)
        table_id(await open_table(world, "majesty", host=h, join=(o,), channel=c))
        for (h, o), c in zip((("bob", "cyril"), ("dana", "emil")), slow_channels, strict=True)
    ]
    ai_table = table_id(await open_table(world, "majesty", ai=1))
    assert ai_table > max(humans)
    await fake.idle()
    assert world.bot.host.ai_to_move(await world.bot.host.get(ai_table)) is None
    old_board = board_message(fake, ch)
    await world.stop_bot()

    # alice's move is stored (the AI owes the next); so is a move at each human table
    await move_behind_its_back(world, [ai_table, *humans])
    for c in slow_channels:
        fake.slow(f"POST /channels/{c.id}/messages", SLOW_POST, times=None)
    first = len(fake.requests)
    await world.start_bot(ai_workers=0)
    started = time.monotonic()
    before = await ai_moves(world, ai_table)
    while await ai_moves(world, ai_table) == before:
        assert time.monotonic() - started < 15, "the AI seat never moved after the restart"
        await asyncio.sleep(0.01)
    moved_after = time.monotonic() - started
    slow_posts = [
        r
        for r in fake.requests[first:]
        if r.method == "POST"
        and r.path in {f"/channels/{c.id}/messages" for c in slow_channels}
        and r.status is not None  # answered (a slow one is listed from when it arrived)
    ]
    # no slow board was taken yet: the AI did not wait for the catch-up of the other tables
    assert slow_posts == [], (moved_after, slow_posts)
    assert moved_after < SLOW_POST, moved_after
    fake.clear_faults()
    await fake.idle(timeout=20)
    # every table shown: the AI table's board posted anew, the others reposted
    assert board_message(fake, ch) is not old_board
    for sid, c in zip(humans, slow_channels, strict=True):
        rec = await world.bot.host.get(sid)
        assert rec.shown_version == rec.version, sid
        assert board_message(fake, c) is not None
    rec = await world.bot.host.get(ai_table)
    assert rec.shown_version == rec.version
