"""Bounded work per user and per table (issue 31 item 3): past a user's or a table's token
bucket, a click or a command gets one ephemeral "slow down" and nothing else (no store read or
write, no other Discord request), an autocomplete an empty list; other users and other tables
go on as before. The bot's limiter runs on a clock the test holds still, so the counts are
exact."""

from __future__ import annotations

import inspect
from collections import Counter
from typing import Any

import pytest

from bot.core.ratelimit import TABLE_RATE, USER_RATE, Limiter
from bot.text.i18n import t
from tests.e2e.driver import board_message
from tests.e2e.helpers import open_table

SLOW = t("error.slow_down")


class Frozen:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


async def limited_bot(world: Any) -> Frozen:
    await world.start_bot(limits=True, clock_interval=3600)  # no clock tick reads the store
    clock = Frozen()
    world.bot.limiter = Limiter(clock=clock)
    return clock


def count_store_calls(world: Any) -> Counter[str]:
    """Every coroutine method of the bot's store, counted by name from now on."""
    store = world.bot.host.store
    calls: Counter[str] = Counter()
    for name in dir(store):
        method = getattr(store, name, None)
        if name.startswith("__") or not inspect.iscoroutinefunction(method):
            continue

        async def counted(*args: Any, _m: Any = method, _n: str = name, **kwargs: Any) -> Any:
            calls[_n] += 1
            return await _m(*args, **kwargs)

        setattr(store, name, counted)
    return calls


def a_button(board: Any) -> str:
    """A button of the board (whatever it does, for someone not seated it is a refusal)."""
    ids = [b["custom_id"] for b in board.buttons() if not b.get("disabled") and "custom_id" in b]
    assert ids, board.all_components()
    return str(ids[0])


@pytest.mark.asyncio
async def test_a_spamming_user_gets_slow_down_and_costs_nothing(world) -> None:
    fake, ch, u = world.fake, world.channel, world.users
    clock = await limited_bot(world)
    await open_table(world, "majesty", join=("bob",))
    board = board_message(fake, ch)
    button = a_button(board)
    await fake.idle()

    # cyril (not seated) hammers a move button: 8 refusals by the rules, then "slow down"
    burst = int(USER_RATE.burst)
    first = await fake.click_together(*[(u["cyril"], board, button)] * burst)
    assert all(r.ephemeral and r.content != SLOW for r in first), [r.content for r in first]
    await fake.idle()
    calls = count_store_calls(world)
    seen = len(fake.requests)
    spam = await fake.click_together(*[(u["cyril"], board, button)] * 30)
    assert all(r.ephemeral and r.content == SLOW for r in spam), [r.content for r in spam]
    # the same for commands, and an empty list for autocomplete: nothing read
    status = await fake.slash(u["cyril"], ch, "game status")
    assert status.ephemeral and status.content == SLOW, status
    assert await fake.autocomplete(u["cyril"], ch, "game board", "table", "1") == []
    await fake.idle()
    assert not calls, calls
    made = fake.requests[seen:]
    assert len(made) == 30 + 2, made  # one answer each, nothing else
    assert all(r.path.startswith("/interactions/") for r in made), made
    assert world.bot.limiter is not None and world.bot.limiter.refused == 32

    # everybody else is served as before, and cyril again once a token is back
    ok = await fake.slash(u["alice"], ch, "game status")
    assert ok.content != SLOW and calls, ok
    clock.now += 1 / USER_RATE.per_second
    again = await fake.slash(u["cyril"], ch, "game status")
    assert again.content != SLOW, again
    assert (await fake.slash(u["cyril"], ch, "game status")).content == SLOW


@pytest.mark.asyncio
async def test_a_table_is_bounded_for_everyone_and_other_tables_are_not(world) -> None:
    fake, ch, u = world.fake, world.channel, world.users
    clock = await limited_bot(world)
    other = fake.add_channel(world.guild, "druha")
    await open_table(world, "majesty", join=("bob",))
    await open_table(world, "majesty", host="cyril", join=("dana",), channel=other)
    board, board_b = board_message(fake, ch), board_message(fake, other)
    button = a_button(board)
    await fake.idle()
    clock.now += TABLE_RATE.refill_s  # the lobby's clicks forgotten: every bucket full
    # five accounts, each under its own burst, together past the table's
    clickers = [u[n] for n in ("cyril", "dana", "emil", "filip", "outsider")]
    per_user = int(TABLE_RATE.burst) // len(clickers) + 2  # 6 each: 30 > 24
    assert per_user < USER_RATE.burst
    clicks = [(user, board, button) for user in clickers for _ in range(per_user)]
    results = await fake.click_together(*clicks)
    slowed = sum(r.content == SLOW for r in results)
    assert slowed == len(clicks) - int(TABLE_RATE.burst), [r.content for r in results]
    # the other table's players and a command in this channel by someone fresh still work:
    # the table's bucket for components is its session, a command's its channel
    other_click = await fake.click(u["emil"], board_b, a_button(board_b))
    assert other_click.content != SLOW, other_click
    status = await fake.slash(u["alice"], ch, "game status")
    assert status.content != SLOW, status
    await fake.idle()
