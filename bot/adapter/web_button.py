"""**Open board** on the chat board (issue 32 item 3), only when ``WEB_PORT`` is set. A click
is answered by :mod:`bot.adapter.handlers.web`."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.core.store import SessionRecord
from bot.text.i18n import t

ROW = 4
TEMPLATE = r"ct:wb:(?P<sid>\d+)"


def open_board_id(session: int) -> str:
    return f"ct:wb:{session}"


#: what a click does (``bot.adapter.handlers.web.open_board``, set by ``app.make_client``:
#: the button cannot import the handler, which imports the client that draws the board)
Handler = Callable[[discord.Interaction[Any], int], Awaitable[None]]
on_click: Handler | None = None


class OpenBoardButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=TEMPLATE):
    def __init__(self, session: int, *, label: str = "", row: int | None = ROW) -> None:
        self.session = session
        super().__init__(
            discord.ui.Button(
                label=label or "Open board",
                style=discord.ButtonStyle.primary,
                row=row,
                custom_id=open_board_id(session),
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> OpenBoardButton:
        return cls(int(match["sid"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if on_click is None:
            raise RuntimeError("the Open board button has no handler (app.make_client sets it)")
        await on_click(interaction, self.session)


def board_items(client: Any, rec: SessionRecord) -> list[discord.ui.Item[Any]]:
    """[Open board] on a running table's board while the web surface is on, else []."""
    config = getattr(getattr(client, "config", None), "web", None)
    if config is None or rec.status != "running":
        return []
    return [OpenBoardButton(rec.id, label=t("web.open_board"))]
