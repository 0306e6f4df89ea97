"""A quiet table (issue 11), on a whole 3-player game of every game, played through the fake
Discord one action at a time by bench/traffic_play (the e2e harness and driver; every request
is attributed to the action that caused it), and counted by bench/traffic_measure.

- a player is mentioned at most once per turn change, never while not acting;
- the channel gets at most one message per turn change (plus a few: board, final standings),
  and the whole game costs at most 2.0 requests to Discord per move;
- DMs: at most one new DM per turn a player begins, none right after their own move, and King
  of the Elves sends at least 3x fewer DMs per player than v0.1 did;
- closed DMs: one notice per player per game (how to allow DMs), and **Open my prompt** on the
  board only while somebody needs it (never with every DM working, never in Majesty).
"""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

import pytest

import games
from bench.traffic_measure import (
    Figures,
    actor_sets,
    figures,
    mentions,
    step_requests,
    turn_starts,
)
from bench.traffic_play import PlayedGame, play_game
from bot.adapter.publish import ACTIVE_WINDOW
from bot.text import presenters
from bot.text.i18n import t
from tests.e2e.driver import board_footer, board_message, is_board, move_components
from tests.e2e.helpers import has_private_prompts, move_count, open_table, table_id

GAMES = sorted(games.REGISTRY)
SEED = 1
#: bench/traffic.py on v0.1 (commit 45a2bdd, seed 1, 3 players): DMs created per Elves player
V01_ELVES_DMS = 80.7
#: channel messages besides the turn lines: the board, the final standings, a repost
CONSTANT = 3
#: the issue's request budget: requests to Discord per move of the game, on average
BUDGET = 2.0


def mentions_by_turn_change(played: PlayedGame) -> Counter[tuple[str, int]]:
    """Notifying mentions per (player, turn change they fall in)."""
    changes, _ = turn_starts(actor_sets(played))
    found, _ = mentions(played, step_requests(played))
    out: Counter[tuple[str, int]] = Counter()
    for m in found:
        begun = [j for j in changes if j <= m.moves]
        out[(m.player, begun[-1] if begun else -1)] += 1
    return out


def open_prompt_on_board(played: PlayedGame) -> list[bool]:
    """For every version of the board message(s): whether it offered Open my prompt."""
    label = t("board.open_prompt")
    board = board_message(played.fake, played.world.channel)
    assert board is not None
    boards = [
        m
        for m in played.fake.all_messages(include_deleted=True)
        if is_board(m) and board_footer(m) == board_footer(board)
    ]
    return [label in repr(v.get("components") or []) for m in boards for v in m.versions]


async def play(game: str, dms_closed: bool) -> tuple[Figures, dict[str, Any]]:
    def keep(played: PlayedGame) -> tuple[Figures, dict[str, Any]]:
        assert not played.fake.problems(), played.fake.problems()
        return figures(played, SEED, dms_closed), {
            "by_change": mentions_by_turn_change(played),
            "open_button": open_prompt_on_board(played),
        }

    f, extra = await play_game(game, 3, SEED, dms_closed, keep)
    assert f.refusals == 0 and f.moves > 0  # played through, nobody refused
    return f, extra


def assert_quiet_channel(f: Figures, extra: dict[str, Any]) -> None:
    assert f.per_move <= BUDGET, (f.per_move, f.routes)
    worst = max(extra["by_change"].values(), default=0)
    assert worst <= 1, f"a player mentioned {worst} times in one turn change: {extra}"
    assert f.mentions_off_turn == 0, "a player was mentioned while not acting"
    assert f.channel_messages <= f.turn_changes + CONSTANT + len(f.dm_notices), (
        f.channel_messages,
        f.turn_changes,
    )
    for p, n in f.mentions.items():
        assert n <= f.turn_starts[p], (p, n, f.turn_starts[p])


@pytest.mark.asyncio
@pytest.mark.parametrize("game", GAMES)
async def test_a_whole_game_is_quiet(game: str) -> None:
    f, extra = await play(game, dms_closed=False)
    assert_quiet_channel(f, extra)
    # DMs: at most one new DM per turn begun, none caused by the player's own move
    for p, n in f.dms.items():
        assert n <= f.turn_starts[p] + 2, (p, n)  # + the hand DM at the start + the result
    assert sum(f.hand_dms_after_own_move.values()) == 0, f.hand_dms_after_own_move
    assert f.dm_notices == dict.fromkeys(f.dm_notices, 0)  # every DM works: nothing to say
    assert not any(extra["open_button"]), "Open my prompt shown though nobody needs it"
    if game == "elves":
        per_player = sum(f.dms.values()) / len(f.dms)
        assert per_player * 3 <= V01_ELVES_DMS, (per_player, f.dms)
    if presenters.get(game).private_prompts:  # their prompts are edited in place
        assert sum(f.dm_edits.values()) > 0, f.dm_edits


@pytest.mark.asyncio
@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
async def test_closed_dms_one_notice_per_player(game: str) -> None:
    f, extra = await play(game, dms_closed=True)
    assert_quiet_channel(f, extra)
    assert sum(f.dms.values()) == 0
    private = has_private_prompts(game)
    expected = 1 if private else 0  # majesty never needs a DM
    assert f.dm_notices == dict.fromkeys(f.dm_notices, expected), f.dm_notices
    assert any(extra["open_button"]) == private, "Open my prompt only where it is needed"
    if private:
        assert f.open_prompt_clicks > 0


# -- faults: each recovers without losing the move or telling anyone twice --------------------
def dm_prompt(fake: Any, user: Any) -> Any:
    """``user``'s live DM prompt (a DM with move components), or None."""
    found = [m for m in fake.dms(user) if not m.deleted and any(move_components(m))]
    return found[-1] if found else None


async def choose_first(fake: Any, user: Any, msg: Any) -> None:
    """``user`` picks the first option of the prompt ``msg``."""
    selects, buttons = move_components(msg)
    if selects:
        await fake.select(user, msg, selects[0]["custom_id"], [selects[0]["options"][0]["value"]])
    else:
        await fake.click(user, msg, buttons[0]["custom_id"])
    await fake.idle()


async def act_in_dm(world: Any, user: Any) -> None:
    """``user`` answers their DM prompt with its first option."""
    fake = world.fake
    msg = await fake.wait_for(lambda: dm_prompt(fake, user), what=f"{user.name}'s DM prompt")
    await choose_first(fake, user, msg)


async def play_turn(world: Any, user: Any, sid: int) -> None:
    """``user`` answers DM prompts until the turn has passed to somebody else."""
    host = world.bot.host
    for _ in range(12):
        rec = await host.current(sid)
        if str(user.id) not in host.actors(rec):
            return
        await act_in_dm(world, user)
    raise AssertionError(f"{user.name}'s turn did not end")


def notifying(fake: Any, channel: Any, user: Any) -> list[Any]:
    """Channel messages that mention ``user``."""
    return [m for m in fake.public_messages() if f"<@{user.id}>" in (m.content or "")]


async def elves_table(world: Any) -> tuple[int, Any, Any]:
    """A 2-player King of the Elves table (prompts in DMs); alice holds the dragon."""
    await world.start_bot(seed=1)
    lobby = await open_table(world, "elves", join=("bob",))
    sid = table_id(lobby)
    host = world.bot.host
    rec = await host.current(sid)
    u = world.users
    first = u["alice"] if str(u["alice"].id) in host.actors(rec) else u["bob"]
    return sid, first, u["bob"] if first is u["alice"] else u["alice"]


@pytest.mark.asyncio
async def test_a_deleted_board_is_posted_again_once(world) -> None:
    fake, ch = world.fake, world.channel
    sid, first, second = await elves_table(world)
    board = board_message(fake, ch)
    assert board is not None
    # a moderator deleted it: every edit of it is Unknown Message from now on
    gone = fake.fail(
        f"PATCH /channels/{ch.id}/messages/{board.id}",
        status=404,
        code=10008,
        message="Unknown Message",
        times=10,
    )
    before = await move_count(world, sid)
    await play_turn(world, first, sid)  # its end edits the board: 404, so a new one
    assert await move_count(world, sid) > before
    assert gone.hits >= 1
    new = board_message(fake, ch)
    assert new is not None and new is not board
    boards = [
        m
        for m in fake.messages(ch)
        if m.id > board.id and is_board(m) and board_footer(m) == board_footer(board)
    ]
    assert boards == [new], boards  # posted again once
    assert (await world.bot.host.current(sid)).meta["board"]["id"] == new.id
    assert dm_prompt(fake, second) is not None  # the next player has their prompt
    assert len(notifying(fake, ch, second)) <= 1


@pytest.mark.asyncio
async def test_a_deleted_dm_prompt_is_replaced_by_one_new_dm(world) -> None:
    fake = world.fake
    sid, first, second = await elves_table(world)
    await play_turn(world, first, sid)
    standing = [m for m in fake.dms(first) if not m.deleted][-1]  # now the receipt
    gone = fake.fail(
        f"PATCH /channels/{first.dm_channel.id}/messages/{standing.id}",
        status=404,
        code=10008,
        message="Unknown Message",
        times=10,
    )  # deleted
    dms = len(fake.dms(first))
    await play_turn(world, second, sid)  # first's turn again: the edit fails, a new DM
    prompt = dm_prompt(fake, first)
    assert gone.hits == 1 and prompt is not None and prompt is not standing
    assert len(fake.dms(first)) == dms + 1
    await play_turn(world, first, sid)  # and it is played
    assert not fake.problems()


@pytest.mark.asyncio
async def test_a_dm_refused_mid_game_falls_back_to_open_my_prompt(world) -> None:
    fake, ch = world.fake, world.channel
    sid, first, second = await elves_table(world)
    await play_turn(world, first, sid)
    fake.set_dms_open(first, False)  # closed, and editing the old DM is refused too
    fault = fake.fail(
        f"PATCH /channels/{first.dm_channel.id}/messages/*",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
    )
    await play_turn(world, second, sid)  # first's turn: the edit is refused, a new DM too
    notices = [m for m in notifying(fake, ch, first) if "Privacy Settings" in m.content]
    assert len(notices) == 1, notices
    board = board_message(fake, ch)
    assert board is not None and t("board.open_prompt") in board.labels
    res = await fake.click(first, board, t("board.open_prompt"))
    prompt = res.message if res.ephemeral and res.message is not None else res.followups[-1]
    assert any(move_components(prompt)), prompt
    before = await move_count(world, sid)
    await choose_first(fake, first, prompt)  # played from the ephemeral prompt: it counts
    assert await move_count(world, sid) == before + 1
    assert fault.hits == 1  # the old DM was not edited either
    assert len([m for m in notifying(fake, ch, first) if "Privacy Settings" in m.content]) == 1


@pytest.mark.asyncio
async def test_a_rate_limited_board_edit_is_retried_and_nobody_told_twice(world) -> None:
    fake, ch = world.fake, world.channel
    sid, first, second = await elves_table(world)
    dms = len(fake.dms(second))
    fault = fake.rate_limit(f"PATCH /channels/{ch.id}/messages/*", times=1, retry_after=0.3)
    before = await move_count(world, sid)
    await play_turn(world, first, sid)
    assert fault.hits == 1
    assert await move_count(world, sid) > before
    board = board_message(fake, ch)
    assert board is not None and "**" + second.name + "**" in board.text(history=False)
    assert dm_prompt(fake, second) is not None
    assert len(fake.dms(second)) <= dms + 1  # one new DM at most (their first turn)
    assert len(notifying(fake, ch, second)) == 0


@pytest.mark.asyncio
async def test_a_silent_prompt_left_waiting_is_notified_once(world) -> None:
    """A player at the table gets their next prompt edited into their DM, without a
    notification; if it waits ACTIVE_WINDOW unanswered, the clock tick sends it as a new DM,
    once."""
    fake = world.fake
    sid, first, second = await elves_table(world)
    await play_turn(world, first, sid)
    dms = len(fake.dms(first))
    await play_turn(world, second, sid)  # first's turn: edited in place, no new DM
    assert len(fake.dms(first)) == dms and dm_prompt(fake, first) is not None
    world.skew += ACTIVE_WINDOW + 1
    await fake.wait_for(
        lambda: len(fake.dms(first)) == dms + 1, timeout=5, what="the nudge: a new DM"
    )
    await asyncio.sleep(3 * 0.2)  # a few more clock ticks: nothing more
    await fake.idle()
    assert len(fake.dms(first)) == dms + 1
    assert any(move_components(fake.dms(first)[-1]))
    await play_turn(world, first, sid)  # and it is played from the new DM


@pytest.mark.asyncio
async def test_a_silent_prompt_is_still_notified_after_a_restart(world) -> None:
    """The silent prompt's nudge is kept in the session's bookkeeping: a restart between the
    silent edit and ACTIVE_WINDOW still sends it, once."""
    fake = world.fake
    sid, first, second = await elves_table(world)
    await play_turn(world, first, sid)
    dms = len(fake.dms(first))
    await play_turn(world, second, sid)  # first's turn: edited in place, no new DM
    assert len(fake.dms(first)) == dms
    await world.stop_bot()
    await world.start_bot()
    await fake.idle()
    assert len(fake.dms(first)) == dms  # the catch-up itself notifies nobody
    world.skew += ACTIVE_WINDOW + 1
    await fake.wait_for(
        lambda: len(fake.dms(first)) == dms + 1,
        timeout=5,
        what="the nudge after the restart: a new DM",
    )
    await asyncio.sleep(3 * 0.2)
    await fake.idle()
    assert len(fake.dms(first)) == dms + 1
    await play_turn(world, first, sid)  # and it is played from the new DM
