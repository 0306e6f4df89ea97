"""Moves through the web surface run the chat's path (issue 32 item 2): the move is stored,
the chat board is edited, every socket of the table gets the new frame, and a mixed chat and
web game ends with the log replaying bit-identically."""

from __future__ import annotations

import pytest

from bot.adapter.web_bridge import options
from bot.text.i18n import t
from tests.e2e.driver import board_message, board_status
from tests.e2e.helpers import open_table, table_id


@pytest.mark.asyncio
async def test_hello_then_a_frame_then_a_web_move_edits_the_chat_board(web) -> None:
    world, fake = web.world, web.world.fake
    lobby = await open_table(world, "majesty", join=("bob",))
    table = table_id(lobby)
    rec = await world.bot.host.current(table)
    by_id = {str(u.id): u for u in world.users.values()}
    first = by_id[world.bot.host.actors(rec)[0]]
    other = next(by_id[s.player_id] for s in rec.seats if s.player_id != str(first.id))
    signed = await web.sign_in(first)
    assert signed["user"]["id"] == str(first.id)
    sock = await web.socket(table, signed["session"])
    hello = await sock.recv()
    assert hello["type"] == "hello" and hello["table"] == table and hello["game"] == "majesty"
    assert hello["viewer"] == str(first.id)
    assert hello["seat"] == [s.player_id for s in rec.seats].index(str(first.id))
    frame = await sock.recv()
    assert frame["type"] == "frame" and frame["seq"] == 1 and frame["status"] == "running"
    assert frame["version"] == rec.version
    assert frame["view"] == world.bot.host.view(rec, str(first.id))
    assert frame["moves"], frame  # the first player opens Majesty
    spectator = await web.socket(table, web.session_for(world.users["cyril"]))
    await spectator.recv("hello")
    public = await spectator.recv("frame")
    assert public["view"] == world.bot.host.view(rec, None) and public["moves"] == []
    board_before = board_message(fake, world.channel)
    versions = len(board_before.versions)
    choice = frame["moves"][0]
    ref = await sock.move(choice["id"], frame["version"])
    after = await sock.frame_after(frame["version"])
    assert after["seq"] == 2 and after["moves"] == []  # bob's turn now
    ack = await sock.recv("ack")
    assert ack["ref"] == ref
    assert (await spectator.frame_after(frame["version"]))["version"] == after["version"]
    stored = await world.bot.host.store.moves(table)
    assert [m.player_id for m in stored][-1] == str(first.id)
    await fake.idle()
    board = board_message(fake, world.channel)
    assert len(board.versions) > versions  # the chat board was edited after the web move
    assert other.name in board_status(board)
    # the other player answers in the chat: the web sockets get that frame too
    rec = await world.bot.host.current(table)
    offered = options(world.bot.host, rec, str(other.id))[0]
    assert offered["label"] in board.text()  # worded as the chat's button or select option
    if offered["label"] in board.labels:
        res = await fake.click(other, board, offered["label"])
    else:
        res = await fake.select(other, board, f"ct:s:{table}:{rec.version}:0", [offered["id"]])
    assert res.type == 7, res
    chat = await sock.frame_after(after["version"])
    assert chat["moves"], chat  # back to the first player
    assert [m.player_id for m in await world.bot.host.store.moves(table)][-1] == str(other.id)


@pytest.mark.asyncio
async def test_a_socket_opened_in_the_lobby_follows_the_start(web) -> None:
    world, fake = web.world, web.world.fake
    alice = world.users["alice"]
    lobby = await open_table(world, "majesty", join=("bob",), start=False)
    table = table_id(lobby)
    sock = await web.socket(table, (await web.sign_in(alice))["session"])
    hello = await sock.recv("hello")
    assert hello["seat"] == 0 and set(hello["names"]) == {str(alice.id), str(world.users["bob"].id)}
    first = await sock.recv("frame")
    assert first["status"] == "lobby" and first["view"] is None and first["moves"] == []
    assert first["text"] == {"status": "", "last": [], "prompt": None}
    await fake.click(alice, lobby, t("lobby.start"))
    running = await sock.frame_after(first["version"])
    assert running["status"] == "running" and running["view"]["envelope"]["actors"]
    rec = await world.bot.host.current(table)
    assert running["version"] <= rec.version
