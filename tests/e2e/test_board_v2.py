"""The board message is a Components V2 container in every game, end to end through the fake
Discord (which validates it against Discord's OpenAPI description and its limits): the game's
accent colour, the board image in a media gallery with its alt text, the status in words,
the action rows; a move edits it in place; the image is the bot's drawing, 480 px wide."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.adapter import layout
from bot.text.i18n import t
from tests.e2e.driver import Driver, Player, board_message, board_status, board_title
from tests.e2e.helpers import board_png, open_table
from tests.fakediscord.models import IS_COMPONENTS_V2

GAMES = ["majesty", "empire_engine", "elves", "tek"]


@pytest.mark.asyncio
@pytest.mark.parametrize("game", GAMES)
async def test_the_board_is_one_container(world, game: str) -> None:
    fake, ch = world.fake, world.channel
    await world.start_bot()
    await open_table(world, game, join=("bob",))
    board = board_message(fake, ch)
    assert board is not None and board.flags & IS_COMPONENTS_V2
    assert not board.content and not board.embeds
    (container,) = board.components
    assert container["type"] == 17 and container["accent_color"] == layout.accent(game)
    kinds = [c["type"] for c in container["components"]]
    assert kinds[:3] == [10, 12, 10] and kinds[-1] == 10 and 1 in kinds
    (item,) = container["components"][1]["items"]
    assert item["media"]["url"] == "attachment://board.png"
    alt = item["description"]
    assert alt and board.attachments[0].description == alt and "\n" not in alt
    image = Image.open(io.BytesIO(board_png(fake, board)))
    assert image.width == 480 and image.height <= 2.2 * image.width
    assert "table #" in board_title(board)
    status = board_status(board)
    assert "⏳" in status and ("**alice**" in status or "**bob**" in status)
    assert t("board.my_view") in board.labels
    assert not fake.problems() and not fake.rejections


@pytest.mark.asyncio
async def test_a_move_edits_the_board_in_place(world) -> None:
    fake, ch, u = world.fake, world.channel, world.users
    await world.start_bot()
    await open_table(world, "majesty", join=("bob",))
    board = board_message(fake, ch)
    assert board is not None
    versions = len(board.versions)
    driver = Driver(fake, ch, [Player(u["alice"]), Player(u["bob"])], seed=3)
    found = await fake.wait_for(driver.find_action, what="a prompt")
    kind, player, msg = found
    assert kind == "board" and msg is board  # Majesty's take is chosen on the board
    await driver.act(kind, player, msg)
    await fake.wait_for(lambda: len(board.versions) > versions, what="the board to change")
    await fake.idle()
    assert board_message(fake, ch) is board and len(board.versions) > versions
    assert all(v["flags"] & IS_COMPONENTS_V2 for v in board.versions)
    assert "•" in board_status(board)  # the log: the last change in words
    assert not fake.rejections
