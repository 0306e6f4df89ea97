"""Take-backs and spectators through the fake Discord (issue 14 items 4, 5).

* Majesty and TEK: the board offers **Undo** to the player whose last move revealed nothing;
  someone else's click is refused, the mover's restores the board exactly (the same image, the
  same prompt) and the log says so; an Undo clicked after the next player moved, or forged
  for a move that turned a card up, is refused and changes nothing.
* A spectator presses **Watch** on an Empire Engine board: one DM, edited in place as the game
  goes on, showing the public board only (the leak scan of test_secrets over everything
  recorded is clean, the spectator included); a seated player pressing Watch is told they play
  there; **Stop watching** stops the edits.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.core import render
from bot.text.i18n import t
from tests.e2e.driver import (
    Driver,
    Player,
    board_message,
    board_status,
    move_components,
    waiting_names,
)
from tests.e2e.helpers import board_png, board_state, move_count, open_table, refusal, table_id
from tests.e2e.test_secrets import assert_no_leaks, private_truth
from tests.fakediscord import Message


def undo_button(board: Message) -> dict[str, Any] | None:
    return next(
        (b for b in board.buttons() if (b.get("custom_id") or "").startswith("ct:u:")), None
    )


def snapshot(fake: Any, board: Message) -> tuple[bytes, list[str]]:
    """What an undo must bring back: the board image and the labels of its move prompt."""
    selects, buttons = move_components(board)
    labels = [b.get("label") or "" for b in buttons]
    labels += [o.get("label") or "" for s in selects for o in s.get("options", [])]
    return board_png(fake, board), labels


def without_last(view: dict[str, Any]) -> dict[str, Any]:
    """A view with its envelope's ``last`` (what happened latest) set aside."""
    return {**view, "envelope": {**view["envelope"], "last": None}}


async def public_view(world: Any) -> dict[str, Any]:
    host = world.bot.host
    rec = await host.current(table_id(board_message(world.fake, world.channel)))
    return host.view(rec, None)


async def board_move(world: Any, rng: random.Random) -> tuple[Any, tuple[bytes, list[str]]]:
    """The waiting player makes a random move on the board; (who, the board before)."""
    fake, ch = world.fake, world.channel
    board = board_message(fake, ch)
    assert board is not None
    names = waiting_names(board)
    player = next(u for u in world.users.values() if u.name in names)
    before = snapshot(fake, board)
    world.last_public_view = await public_view(world)
    selects, buttons = move_components(board)
    if selects:
        option = rng.choice(selects[0]["options"])
        await fake.select(player, board, selects[0]["custom_id"], [option["value"]])
    else:
        await fake.click(player, board, rng.choice(buttons)["custom_id"])
    await fake.idle()
    return player, before


async def until_undoable(
    world: Any, rng: random.Random, limit: int = 400
) -> tuple[Any, tuple[bytes, list[str]], dict[str, Any]]:
    """Random board moves until the board offers Undo: (the mover, the board before, the
    Undo button)."""
    for _ in range(limit):
        player, before = await board_move(world, rng)
        board = board_message(world.fake, world.channel)
        button = undo_button(board) if board is not None else None
        if button is not None:
            assert player.name in button["label"], button  # "Undo (alice)": the mover's
            return player, before, button
    raise AssertionError(f"no undoable move in {limit} moves")


async def check_undo(world: Any, game: str, seed: int) -> None:
    fake, ch, u = world.fake, world.channel, world.users
    await world.start_bot(seed=seed)
    lobby = await open_table(world, game, join=("bob",))
    sid = table_id(lobby)
    rng = random.Random(seed)
    mover, before, button = await until_undoable(world, rng)
    before_view = world.last_public_view
    other = u["bob"] if mover is u["alice"] else u["alice"]
    board = board_message(fake, ch)
    assert board is not None
    moves = await move_count(world, sid)
    # someone else may not take it back
    state = board_state(fake, ch)
    text = await refusal(await fake.click(other, board, button["custom_id"]))
    assert text == t("error.undo_not_yours")
    await fake.idle()
    assert board_state(fake, ch) == state and await move_count(world, sid) == moves
    # the mover does: the board is the one from before the move, the log says what happened
    await fake.click(mover, board, button["custom_id"])
    await fake.idle()
    board = board_message(fake, ch)
    assert board is not None
    image, labels = snapshot(fake, board)
    assert labels == before[1]  # the same prompt as before the move
    # the same board as before the move; only its "Last:" line changed: it names the undo
    after_view = await public_view(world)
    assert without_last(after_view) == without_last(before_view)
    assert [e["type"] for e in after_view["envelope"]["last"]] == ["host_undo"]
    # and the image is that board: the bot's drawing of the restored table
    rec = await world.bot.host.current(sid)
    assert image == await render.board_png(world.bot.host, rec, None)
    assert t("host.undo", name=mover.name) in board_status(board)
    assert undo_button(board) is None or undo_button(board)["custom_id"] != button["custom_id"]
    records = await world.bot.host.moves(sid)
    assert records[-1].source == "undo" and records[-1].move == {
        "type": "undo",
        "seq": int(button["custom_id"].rsplit(":", 1)[1]),
    }
    assert await world.bot.host.replay(sid) == (True, "")


@pytest.mark.asyncio
async def test_undo_in_majesty_restores_the_board_and_is_refused_when_it_may_not(world) -> None:
    await check_undo(world, "majesty", seed=3)
    # a take that turned the next card up is never offered for taking back
    fake, ch = world.fake, world.channel
    sid = table_id(board_message(fake, ch))
    rng = random.Random(9)
    for _ in range(200):
        player, _ = await board_move(world, rng)
        last = (await world.bot.host.moves(sid))[-1]
        if last.move.get("type") == "take" and last.source == "player":
            break
    else:
        raise AssertionError("no take")
    board = board_message(fake, ch)
    assert undo_button(board) is None  # nothing to take back: the next card was turned up
    assert last.seq not in [
        x.seq for x in await world.bot.host.undo_stack(await world.bot.host.get(sid))
    ]


@pytest.mark.asyncio
async def test_undo_in_tek_restores_the_board(world) -> None:
    await check_undo(world, "tek", seed=5)


@pytest.mark.asyncio
async def test_a_spectator_gets_the_public_board_by_one_dm(world) -> None:
    fake, ch, u = world.fake, world.channel, world.users
    alice, bob, cyril = u["alice"], u["bob"], u["cyril"]
    await world.start_bot(seed=11)
    lobby = await open_table(world, "empire_engine", join=("bob",))
    sid = table_id(lobby)
    board = board_message(fake, ch)
    assert board is not None and t("board.watch") in board.labels
    # a seated player is told they play here; nothing is sent to them
    dms_before = len(fake.dms(alice))
    text = await refusal(await fake.click(alice, board, t("board.watch")))
    assert text == t("error.watch_seated")
    result = await fake.click(cyril, board, t("board.watch"))
    assert await refusal(result) == t("watch.started", id=sid)
    await fake.idle()
    assert len(fake.dms(alice)) == dms_before
    spectator = fake.dms(cyril)
    assert len(spectator) == 1
    watch_title = t("watch.title", game="\0", id=sid).split("\0")[0]
    assert (spectator[0].embeds[0].get("title") or "").startswith(watch_title)
    # pressing it again: already watching, still one DM
    again = await fake.click(cyril, board_message(fake, ch), t("board.watch"))
    assert await refusal(again) == t("watch.already", id=sid)

    driver = Driver(fake, ch, [Player(alice), Player(bob)], seed=3)
    final = await driver.play()
    await fake.idle()
    dm = fake.dms(cyril)
    assert len(dm) == 1, "the spectator's board is one DM edited in place"
    versions = dm[0].versions
    assert len(versions) > 5, len(versions)
    assert all((v["embeds"][0].get("title") or "").startswith(watch_title) for v in versions)
    # the last version is the finished public board, the same image as the channel's board
    last_board = board_message(fake, ch)
    assert dm[0].attachment("board.png") == board_png(fake, last_board)
    assert dm[0].buttons() == []  # finished: no Stop watching any more
    assert final is not None
    # the leak scan over everything recorded, cyril's DMs included
    truth, _ = await private_truth(world, sid)
    players = {str(alice.id): alice, str(bob.id): bob, str(cyril.id): cyril}
    assert assert_no_leaks(world, "empire_engine", truth, players) > 10
    assert await world.bot.host.watchers(await world.bot.host.get(sid)) == []


@pytest.mark.asyncio
async def test_stop_watching_stops_the_edits(world) -> None:
    fake, ch, u = world.fake, world.channel, world.users
    cyril = u["cyril"]
    await world.start_bot(seed=3)
    lobby = await open_table(world, "majesty", join=("bob",))
    sid = table_id(lobby)
    await refusal(await fake.click(cyril, board_message(fake, ch), t("board.watch")))
    await fake.idle()
    rng = random.Random(1)
    await board_move(world, rng)
    dm = fake.dms(cyril)[0]
    assert len(dm.versions) >= 2  # the first board, then the board after the move
    result = await fake.click(cyril, dm, t("watch.stop"))
    assert result.type == 7  # the DM itself says it
    await fake.idle()
    assert dm.content == t("watch.stopped", id=sid) and dm.buttons() == []
    seen = len(dm.versions)
    for _ in range(3):
        await board_move(world, rng)
    assert len(dm.versions) == seen and len(fake.dms(cyril)) == 1
    assert await world.bot.host.watchers(await world.bot.host.get(sid)) == []


def expected_refusal(records: list[Any], stack: list[Any], seq: int, owner: str) -> str:
    """What the host answers an Undo of move ``seq`` by ``owner`` now (bot.core.takeback)."""
    later = records[seq + 1 :]
    if any(m.player_id != owner for m in later):
        return t("error.undo_too_late")
    if any(u.seq == seq for u in stack):
        return t("error.undo_newest_first")
    return t("error.undo_revealed")


@pytest.mark.asyncio
async def test_an_undo_left_on_a_lagging_board_is_refused(world) -> None:
    """King of the Elves is played in DMs, and the board waits for a private turn's end: an
    Undo it still shows after the next player moved (or after the mover went on and revealed
    something) is refused, and nothing changes."""
    fake, ch, u = world.fake, world.channel, world.users
    alice, bob = u["alice"], u["bob"]
    await world.start_bot(seed=11)
    lobby = await open_table(world, "elves", join=("bob",))
    sid = table_id(lobby)
    driver = Driver(fake, ch, [Player(alice), Player(bob)], seed=4)
    seen: list[str] = []
    for _ in range(800):
        if t("error.undo_too_late") in seen and t("error.undo_revealed") in seen:
            break
        button = undo_button(board_message(fake, ch))
        kind, player, msg = await fake.wait_for(driver.find_action, timeout=10, what="a prompt")
        if kind == "done":
            break
        await driver.act(kind, player, msg)
        await fake.idle()
        board = board_message(fake, ch)
        if button is None or undo_button(board) != button:
            continue
        owner = alice if alice.name in button["label"] else bob
        seq = int(button["custom_id"].rsplit(":", 1)[1])
        host = world.bot.host
        records = await host.moves(sid)
        expected = expected_refusal(
            records, await host.undo_stack(await host.get(sid)), seq, str(owner.id)
        )
        state = board_state(fake, ch)
        text = await refusal(await fake.click(owner, board, button["custom_id"]))
        assert text == expected
        await fake.idle()
        assert board_state(fake, ch) == state and await move_count(world, sid) == len(records)
        seen.append(text)
    assert t("error.undo_too_late") in seen, seen


@pytest.mark.asyncio
async def test_a_private_move_is_taken_back_from_its_dm(world) -> None:
    """King of the Elves is played by DM: the mover's prompt (or receipt) carries their Undo;
    it brings back the decision they took back, and the log on the board says so."""
    fake, ch, u = world.fake, world.channel, world.users
    alice, bob = u["alice"], u["bob"]
    await world.start_bot(seed=11)
    lobby = await open_table(world, "elves", join=("bob",))
    sid = table_id(lobby)
    driver = Driver(fake, ch, [Player(alice), Player(bob)], seed=6)
    for _ in range(400):
        found = [
            (user, m, undo_button(m))
            for user in (alice, bob)
            for m in fake.dms(user)
            if not m.deleted and undo_button(m) is not None
        ]
        if found:
            break
        kind, player, msg = await fake.wait_for(driver.find_action, timeout=10, what="a prompt")
        assert kind != "done", "no private move was ever undoable"
        await driver.act(kind, player, msg)
        await fake.idle()
    else:
        raise AssertionError("no Undo on a private prompt")
    user, dm, button = found[-1]
    seq = int(button["custom_id"].rsplit(":", 1)[1])
    host = world.bot.host
    records = await host.moves(sid)
    assert records[seq].player_id == str(user.id) and seq == len(records) - 1
    before = await host.get(sid)
    await fake.click(user, dm, button["custom_id"])
    await fake.idle()
    after = await host.get(sid)
    records = await host.moves(sid)
    assert records[-1].source == "undo" and records[-1].move["seq"] == seq
    assert after.version == before.version + 1
    assert await host.replay(sid) == (True, "")
    # the player decides again: a prompt of theirs offers moves at the new version
    assert str(user.id) in host.actors(after)
    prompts = [m for m in fake.dms(user) if not m.deleted and any(move_components(m))]
    assert (
        prompts
        and f":{after.version}:"
        in (move_components(prompts[-1])[1] or move_components(prompts[-1])[0])[0]["custom_id"]
    )
    board = board_message(fake, ch)
    assert t("host.undo", name=user.name) in board_status(board)


@pytest.mark.asyncio
async def test_an_undo_racing_the_next_players_move_is_one_or_the_other(world) -> None:
    """The mover's Undo and the next player's move clicked at the same instant on the same
    board: exactly one of them is stored; the other is refused (an Undo after the next player
    moved: "too late")."""
    fake, ch, u = world.fake, world.channel, world.users
    alice, bob = u["alice"], u["bob"]
    await world.start_bot(seed=3)
    lobby = await open_table(world, "majesty", join=("bob",))
    sid = table_id(lobby)
    rng = random.Random(5)
    for _ in range(100):
        mover, _, button = await until_undoable(world, rng)
        board = board_message(fake, ch)
        assert board is not None
        nxt = next(x for x in (alice, bob) if x.name in waiting_names(board))
        buttons = move_components(board)[1]
        if nxt is not mover and buttons:
            break
    else:
        raise AssertionError("no Undo beside the next player's move buttons")
    moves = await move_count(world, sid)
    played, undone = await fake.click_together(
        (nxt, board, buttons[0]["custom_id"]), (mover, board, button["custom_id"])
    )
    await fake.idle()
    records = await world.bot.host.moves(sid)
    assert len(records) == moves + 1
    if records[-1].source == "undo":  # the take-back came first: that prompt is gone
        assert await refusal(played)
    else:
        assert records[-1].player_id == str(nxt.id)
        assert await refusal(undone) == t("error.undo_too_late")
    assert await world.bot.host.replay(sid) == (True, "")
