"""Restarts and time: stop the bot mid-game, start a new one on the same SQLite file, and keep
playing by clicking components of messages sent before the restart (a board select, DM prompts,
a two-hour-old board); turn-clock reminders and deadlines set before the restart still fire after
it (the host's clock is skewed through ``world.skew``), also for simultaneous secret picks with a
closed DM. And the gateway: dropped mid-game, and down while a user clicks."""

from __future__ import annotations

import time
from types import SimpleNamespace

import pytest

import bot.adapter.board
import bot.adapter.dms
from bot.text.i18n import t
from tests.e2e.driver import Driver, Player, board_message, move_components, waiting_names
from tests.e2e.helpers import is_png, move_count, open_table, receipt, table_id


@pytest.mark.asyncio
async def test_board_prompt_from_before_a_restart_still_works(world) -> None:
    fake, ch, u = world.fake, world.channel, world.users
    await world.start_bot()
    lobby = await open_table(world, "majesty", join=("bob",))
    sid = table_id(lobby)
    driver = Driver(fake, ch, [Player(u["alice"]), Player(u["bob"])], seed=3)
    for _ in range(3):  # a few moves, so the restart happens mid-game
        kind, player, msg = await fake.wait_for(driver.find_action, what="a prompt")
        await driver.act(kind, player, msg)
        await fake.idle()
    old_board = board_message(fake, ch)
    before = await move_count(world, sid)
    assert before == 3

    await world.stop_bot()
    await world.start_bot()

    # the board message was sent by the old process; its components still work
    kind, player, msg = driver.find_action()
    assert kind == "board" and msg is old_board, (kind, msg)
    versions = len(old_board.versions)
    result = await driver.act(kind, player, msg)
    assert not [m for m in result.followups if m.ephemeral], result.followups
    await fake.idle()
    assert await move_count(world, sid) == before + 1
    assert len(old_board.versions) > versions or board_message(fake, ch) is not old_board
    final = await driver.play()
    assert "alice" in final.embeds[0]["description"]


@pytest.mark.asyncio
async def test_dm_prompts_from_before_a_restart_still_work(world) -> None:
    fake, ch, u = world.fake, world.channel, world.users
    alice, bob = u["alice"], u["bob"]
    await world.start_bot()
    lobby = await open_table(world, "empire_engine", join=("bob",))
    sid = table_id(lobby)

    # round 1 (empire_engine lays one card at a time): the start player answers a DM prompt
    # before the restart; the prompt the bot sent next, before the restart, works after it
    driver = Driver(fake, ch, [Player(alice), Player(bob)], seed=3)
    kind, player, first = await fake.wait_for(driver.find_action, what="the first DM prompt")
    assert kind == "dm"
    await driver.act(kind, player, first)
    await fake.idle()
    assert await move_count(world, sid) == 2  # the card laid and its action: one choice
    assert receipt(first) is not None
    kind, player, b_prompt = await fake.wait_for(driver.find_action, what="the next DM prompt")
    assert kind == "dm"

    await world.stop_bot()
    await world.start_bot()

    selects, buttons = move_components(b_prompt)
    board = board_message(fake, ch)
    seen = len(board.versions)
    if selects:
        res = await fake.select(
            player.user, b_prompt, selects[0]["custom_id"], [selects[0]["options"][-1]["value"]]
        )
    else:
        res = await fake.click(player.user, b_prompt, buttons[-1]["custom_id"])
    assert not [m for m in res.followups if m.ephemeral], res.followups
    await fake.idle()
    assert await move_count(world, sid) == 4
    assert receipt(b_prompt) is not None
    # the same player goes on with their second card (the board waits for the end of their
    # turn), then the board moves on
    second = player.user
    kind, player, nxt = await fake.wait_for(driver.find_action, what="their next prompt")
    assert player.user is second
    await driver.act(kind, player, nxt)
    await fake.idle()
    board = board_message(fake, ch)
    assert len(board.versions) > seen or board.id != board_message(fake, ch).id
    final = await Driver(fake, ch, [Player(alice), Player(bob)], seed=4).play()
    assert is_png(board_message(fake, ch).attachment("board.png"))
    assert "bob" in final.embeds[0]["description"]


@pytest.mark.asyncio
async def test_turn_clock_survives_a_restart(world) -> None:
    fake, ch, u = world.fake, world.channel, world.users
    await world.start_bot()
    lobby = await open_table(world, "majesty", join=("bob",), clock="5m")
    sid = table_id(lobby)
    assert t("clock.5m") in lobby.text(history=False)
    board = board_message(fake, ch)
    [first] = waiting_names(board)
    first_user = u[first]
    assert "Time runs out <t:" in board.text(history=False)
    assert await move_count(world, sid) == 0

    await world.stop_bot()
    # 2.5 minutes later (the bot is down meanwhile): half time -> a reminder
    world.skew = 160
    await world.start_bot()
    reminder = await fake.wait_for(
        lambda: [m for m in fake.dms(first_user) if m.content.startswith("⏳ Reminder")],
        timeout=5,
        what="the half-time reminder DM",
    )
    # it links to the board (issue 11: every DM names server and channel and links the board)
    assert f"discord.com/channels/{world.guild.id}/{ch.id}/" in reminder[-1].content
    assert await move_count(world, sid) == 0

    await world.stop_bot()
    # past the 5-minute deadline set by the first process: a random legal move is made
    world.skew = 305
    await world.start_bot()
    timeout_line = t("host.timeout", name=first)
    await fake.wait_for(
        lambda: timeout_line in board_message(fake, ch).text(history=False),
        timeout=5,
        what="the timeout move on the board",
    )
    moves = await world.bot.host.moves(sid)
    assert [m.source for m in moves][:1] == ["timeout"] and moves[0].player_id == str(first_user.id)
    # bob's decision started now, with a fresh deadline: no timeout of his. (The AI plays the
    # rest of the idle player's turn, which under load can be two steps: a split card's
    # placement after its take; every "timeout" move is theirs.)
    await fake.idle(quiet=0.6)
    timed_out = [m.player_id for m in await world.bot.host.moves(sid) if m.source == "timeout"]
    assert timed_out and set(timed_out) == {str(first_user.id)}, timed_out


@pytest.mark.asyncio
async def test_gateway_drop_mid_game(world) -> None:
    fake, ch, u = world.fake, world.channel, world.users
    await world.start_bot()
    lobby = await open_table(world, "majesty", join=("bob",))
    sid = table_id(lobby)
    driver = Driver(fake, ch, [Player(u["alice"]), Player(u["bob"])], seed=8)
    kind, player, msg = await fake.wait_for(driver.find_action, what="a prompt")
    await driver.act(kind, player, msg)
    await fake.idle()
    await fake.drop_gateway(abrupt=True)  # the client RESUMEs
    kind, player, msg = await fake.wait_for(driver.find_action, what="a prompt")
    res = await driver.act(kind, player, msg)
    assert res.type is not None
    await fake.idle()
    assert await move_count(world, sid) == 2
    status = await fake.slash(u["bob"], ch, "game status")
    assert status.ephemeral and "table #" in status.text()


@pytest.mark.asyncio
async def test_two_hour_old_board_after_a_restart(world, monkeypatch) -> None:
    """A click on a board posted two hours ago, by a process that has since been replaced: the
    move is applied, and the board is reposted at the bottom (old messages are not edited)."""
    fake, ch, u = world.fake, world.channel, world.users
    # the publisher and the host read the skewed wall clock; nothing else is touched
    skewed = SimpleNamespace(time=lambda: time.time() + world.skew)
    monkeypatch.setattr(bot.adapter.board, "time", skewed)
    monkeypatch.setattr(bot.adapter.dms, "time", skewed)
    await world.start_bot()
    lobby = await open_table(world, "majesty", join=("bob",))
    sid = table_id(lobby)
    old_board = board_message(fake, ch)
    driver = Driver(fake, ch, [Player(u["alice"]), Player(u["bob"])], seed=12)

    await world.stop_bot()
    world.skew = 2 * 3600 + 60
    await world.start_bot()
    kind, player, msg = driver.find_action()
    assert kind == "board" and msg is old_board
    result = await driver.act(kind, player, msg)
    assert result.latency is not None and result.latency < 3.0
    await fake.idle()
    assert await move_count(world, sid) == 1
    new_board = board_message(fake, ch)
    assert new_board is not old_board and new_board.id > old_board.id  # reposted below
    assert not [c for c in old_board.custom_ids if c.startswith(("ct:m:", "ct:s:"))]
    final = await driver.play()
    assert "bob" in final.embeds[0]["description"]


@pytest.mark.asyncio
async def test_turn_clock_for_secret_picks_with_closed_dms(world) -> None:
    """Simultaneous secret picks on a 5-minute clock; bob's DMs are closed. At half time alice
    is reminded by DM and bob in the channel; at the deadline both get a random pick and the
    round is revealed: a closed DM never stalls the table, and nothing secret is posted."""
    fake, ch, u = world.fake, world.channel, world.users
    alice, bob = u["alice"], u["bob"]
    fake.set_dms_open(bob, False)
    await world.start_bot()
    lobby = await open_table(world, "empire_engine", join=("bob",), clock="5m")
    sid = table_id(lobby)
    # empire_engine lays one card at a time: one player waits, and each pick times out in turn
    [first] = waiting_names(board_message(fake, ch))

    def reminders() -> tuple[int, int]:
        return (
            len([m for m in fake.dms(alice) if m.content.startswith("⏳")]),
            len(
                [
                    m
                    for m in fake.messages(ch)
                    if m.content.startswith("⏳") and f"<@{bob.id}>" in m.content
                ]
            ),
        )

    base = 0
    while "Round 1 reveal" not in board_message(fake, ch).text(history=False):
        [actor] = waiting_names(board_message(fake, ch))
        seen, before = reminders(), board_message(fake, ch).text(history=False)
        world.skew = base + 160
        i = 0 if actor == "alice" else 1
        await fake.wait_for(
            lambda i=i, seen=seen: reminders()[i] > seen[i],
            timeout=5,
            what=f"{actor}'s reminder (alice by DM, bob in the channel)",
        )
        if actor == "bob":
            note = [m for m in fake.messages(ch) if m.content.startswith("⏳")][-1]
            assert f"<@{alice.id}>" not in note.content
        world.skew = base + 305
        await fake.wait_for(
            lambda before=before: board_message(fake, ch).text(history=False) != before,
            timeout=5,
            what=f"{actor}'s pick to time out",
        )
        base += 305
    assert first in ("alice", "bob") and all(reminders())
    moves = await world.bot.host.moves(sid)
    assert len(moves) == 6 and {m.source for m in moves} == {"timeout"}
    assert sorted({m.player_id for m in moves}) == sorted([str(alice.id), str(bob.id)])
    text = board_message(fake, ch).text()
    assert t("host.timeout", name="alice") in text and t("host.timeout", name="bob") in text
    assert not any(t("private.chosen", move="") in m.text() for m in fake.public_messages())


@pytest.mark.asyncio
async def test_click_while_the_gateway_is_down_is_answered_after_resume(world) -> None:
    fake, ch, u = world.fake, world.channel, world.users
    await world.start_bot()
    lobby = await open_table(world, "majesty", join=("bob",))
    sid = table_id(lobby)
    driver = Driver(fake, ch, [Player(u["alice"]), Player(u["bob"])], seed=14)
    kind, player, msg = await fake.wait_for(driver.find_action, what="a prompt")
    await fake.drop_gateway(wait_resumed=False)
    result = await driver.act(kind, player, msg)  # dispatched once the session is resumed
    assert result.latency is not None and result.latency < 3.0
    await fake.idle()
    assert await move_count(world, sid) == 1
    assert fake.gateway.session is not None and fake.gateway.session.resumes >= 1
