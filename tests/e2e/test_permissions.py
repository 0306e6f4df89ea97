"""A channel where the bot may not post: the move still counts, the player is told what to ask
an admin for, and `/game board` recovers once the permission is back."""

from __future__ import annotations

import pytest

from bot.text.i18n import t
from tests.e2e.driver import board_message, board_status
from tests.e2e.helpers import open_table


@pytest.mark.asyncio
async def test_missing_send_permission_is_explained_and_recoverable(world) -> None:
    fake, ch, u = world.fake, world.channel, world.users
    await world.start_bot()
    lobby = await open_table(world, "majesty", join=("bob",), start=False)
    fake.fail("POST /channels/*/messages", status=403, code=50013, message="Missing Permissions")
    res = await fake.click(u["alice"], lobby, t("lobby.start"))
    await fake.wait_for(lambda: res.followups, what="the explanation")
    answer = res.followups[-1]
    assert answer.ephemeral and "may not post" in answer.content
    assert board_message(fake, ch) is None
    # the game did start: the lobby says so, and /game board brings the board once allowed
    assert "running" in (fake.messages(ch)[0].embeds[0].get("description") or "")
    fake.clear_faults()
    again = await fake.slash(u["bob"], ch, "game board")
    assert again.ephemeral
    await fake.wait_for(lambda: board_message(fake, ch), what="the board after /game board")
    board = board_message(fake, ch)
    assert "Waiting for" in board_status(board)
