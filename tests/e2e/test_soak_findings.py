"""What the chaos soak found (issue 31 item 1), each pinned by a test of its own.

1. A move is stored, then the database goes away while the bot shows it (its bookkeeping, the
spectators of the table): the board used to stay on the old state until the bot restarted,
so the next player never got a prompt - every PostgreSQL table of a soak stopped after a
cut. The next clock tick shows it now, as it does a change Discord refused.
2. The connection dies while a move's COMMIT is on its way back: stored, but the bot heard
"the database went away" and showed nothing. After the database was away anywhere, the
clock's next good tick now looks for stored changes nobody showed."""

from __future__ import annotations

import pytest

from bot.core.store import StoreUnavailable
from tests.e2e.driver import Driver, Player, board_message
from tests.e2e.helpers import move_count, open_table, table_id


@pytest.mark.asyncio
async def test_a_move_stored_before_the_database_went_away_is_shown_by_the_clock(world) -> None:
    fake, ch, u = world.fake, world.channel, world.users
    bot = await world.start_bot(clock_interval=0.2)
    sid = table_id(await open_table(world, "majesty", join=("bob",)))
    driver = Driver(fake, ch, [Player(u["alice"]), Player(u["bob"])], seed=3)
    kind, player, msg = await fake.wait_for(driver.find_action, what="a prompt")
    board = board_message(fake, ch)
    shown = len(board.versions)
    store = bot.host.sessions.store
    real = store.session_lock
    failures: list[int] = []

    def away(session_id: int, *args, **kwargs):  # type: ignore[no-untyped-def]
        if not failures:  # once: the database is back for the clock's retry
            failures.append(session_id)
            raise StoreUnavailable("the database went away: connection reset")
        return real(session_id, *args, **kwargs)

    store.session_lock = away  # the publication's lock, taken after the move was stored
    try:
        await driver.act(kind, player, msg)
        await fake.idle()
        assert failures == [sid]
        assert await move_count(world, sid) == 1  # stored
        await fake.wait_for(
            lambda: (
                (b := board_message(fake, ch)) is not None
                and (b.id != board.id or len(b.versions) > shown)
            ),
            timeout=10,
            what="the board to show the stored move on the next clock tick",
        )
    finally:
        store.session_lock = real
    final = await driver.play()  # and the game goes on to its end, nobody typed anything
    assert f"table #{sid}" in final.embeds[0]["title"]


@pytest.mark.asyncio
async def test_a_move_whose_commit_answer_was_lost_is_shown_when_the_database_is_back(
    world,
) -> None:
    """The connection dies while the move's COMMIT is on its way back: the row is stored, the
    bot hears "the database went away". Nothing showed the move, so the next player had no
    prompt until a restart; now the clock's next good tick finds the stored change nobody
    showed and shows it. (The player is still told "nothing was changed": see the notes.)"""
    fake, ch, u = world.fake, world.channel, world.users
    bot = await world.start_bot(clock_interval=0.2)
    sid = table_id(await open_table(world, "majesty", join=("bob",)))
    driver = Driver(fake, ch, [Player(u["alice"]), Player(u["bob"])], seed=4)
    kind, player, msg = await fake.wait_for(driver.find_action, what="a prompt")
    board = board_message(fake, ch)
    shown = len(board.versions)
    store = bot.host.sessions.store
    real = store.save
    lost: list[int] = []

    async def committed_then_lost(*args, **kwargs):  # type: ignore[no-untyped-def]
        await real(*args, **kwargs)
        if not lost:
            lost.append(1)
            raise StoreUnavailable("the database went away: connection reset")

    store.save = committed_then_lost
    try:
        await driver.act(kind, player, msg)
        await fake.idle()
        assert lost and await move_count(world, sid) == 1  # stored, whatever the bot heard
        await fake.wait_for(
            lambda: (
                (b := board_message(fake, ch)) is not None
                and (b.id != board.id or len(b.versions) > shown)
            ),
            timeout=10,
            what="the clock to show the move stored while the database went away",
        )
    finally:
        store.save = real
    final = await driver.play()
    assert f"table #{sid}" in final.embeds[0]["title"]
