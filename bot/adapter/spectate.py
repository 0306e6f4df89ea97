"""The board's take-back and spectator parts (issue 14 items 4, 5), kept out of ``publish.py``.

* :func:`board_items`: the **Undo** button for the last move's player (while the host says it
  may be taken back) and **Watch**, on row 4 of the board beside "My view".
* :func:`update_watchers`: every spectator of a table gets its PUBLIC board (``view(state,
  None)`` only, the image and the text of the channel's board without its prompt) by DM: one
  message per spectator and table, edited in place as the game goes on, with **Stop
  watching**. A seated player is never among them (``SessionHost.watchers``), so nobody is
  ever sent a view but the spectator's.
"""

from __future__ import annotations

import contextlib
import io
import logging
import time
from typing import Any, Protocol

import discord

from bot.adapter.book import TableBook
from bot.adapter.components import UndoButton, WatchButton
from bot.core.host import SessionHost
from bot.core.render import board_alt_text, board_png
from bot.core.store import SessionRecord
from bot.text.i18n import game_title, t


class Publisher(Protocol):
    """What this module uses of :class:`bot.adapter.publish.Publisher` (which imports it)."""

    host: SessionHost
    bot: discord.Client

    def board_embed(
        self, rec: SessionRecord, meta: TableBook, has_image: bool, public: Any = True
    ) -> discord.Embed: ...

    def dm_language(
        self, rec: SessionRecord, user_id: str
    ) -> contextlib.AbstractAsyncContextManager[str]: ...

    async def send_dm(
        self, user_id: str, since: float = 0.0, **kwargs: Any
    ) -> discord.Message | None: ...


log = logging.getLogger(__name__)
ROW = 4


def board_items(host: SessionHost, rec: SessionRecord) -> list[discord.ui.Item[Any]]:
    """Undo (when the last move may be taken back: the host's cached answer) and Watch."""
    if rec.status != "running":
        return []
    items: list[discord.ui.Item[Any]] = []
    hint = host.undo_hint(rec)
    if hint is not None:
        names = host.names(rec)
        items.append(
            UndoButton(
                rec.id,
                hint[1],
                row=ROW,
                label=t("board.undo", name=names.get(hint[0], hint[0]))[:80],
            )
        )
    items.append(WatchButton(rec.id, True, label=t("board.watch"), row=ROW))
    return items


def add_undo(host: SessionHost, rec: SessionRecord, user: str, edit: dict[str, Any]) -> None:
    """A private move's prompt or receipt (``edit``'s ``view``) gets the mover's Undo too, when
    the move they just made there may be taken back."""
    hint = host.undo_hint(rec)
    if hint is None or hint[0] != user:
        return
    name = host.names(rec).get(user, user)
    button = UndoButton(rec.id, hint[1], row=ROW, label=t("board.undo", name=name)[:80])
    view = edit.get("view")
    if not isinstance(view, discord.ui.View):
        view = discord.ui.View(timeout=None)
    view.add_item(button)
    edit["view"] = view


def _file(png: bytes, alt: str | None) -> discord.File:
    return discord.File(
        io.BytesIO(png), filename="board.png", description=alt[:1024] if alt else None
    )


def spectator_payload(
    pub: Publisher, rec: SessionRecord, meta: TableBook, png: bytes | None
) -> dict[str, Any]:
    """The spectator's DM: the public board (no prompt) and, while it runs, Stop watching."""
    game = pub.host.game(rec.game)
    embed = pub.board_embed(rec, meta, png is not None, None)
    embed.title = t("watch.title", game=game_title(rec.game, game.title), id=rec.id)
    embed.description = (
        (embed.description or "")[:3800] + "\n\n" + t("watch.where", channel=f"<#{rec.channel_id}>")
    )
    view = None
    if rec.status == "running":
        view = discord.ui.View(timeout=None)
        view.add_item(WatchButton(rec.id, False, label=t("watch.stop")))
    alt = board_alt_text(pub.host, rec, None) if png else None
    return {"embed": embed, "png": png, "alt": alt, "view": view}


async def show_to(
    pub: Publisher,
    rec: SessionRecord,
    meta: TableBook,
    user: str,
    png: bytes | None,
    first: bool = False,
) -> bool:
    """Edit ``user``'s spectator DM of ``rec`` (or send it); False when no DM went through.
    ``first``: they just pressed Watch, so a DM refused earlier is tried again."""
    async with pub.dm_language(rec, user):
        payload = spectator_payload(pub, rec, meta, png)
    watching = meta.setdefault("watching", {})
    where = watching.get(user)
    files = [_file(png, payload["alt"])] if png else []
    if where:
        message = pub.bot.get_partial_messageable(where[0]).get_partial_message(where[1])
        try:
            await message.edit(embed=payload["embed"], attachments=files, view=payload["view"])
            return True
        except discord.HTTPException as exc:  # deleted by the user: a new one
            log.info("spectator DM of %s for table %s not edited (%s)", user, rec.id, exc)
    kwargs: dict[str, Any] = {"embed": payload["embed"]}
    if files:
        kwargs["file"] = files[0]
    if payload["view"] is not None:
        kwargs["view"] = payload["view"]
    sent = await pub.send_dm(user, time.time() + 1 if first else rec.created_at, **kwargs)
    if sent is None:
        return False
    watching[user] = [sent.channel.id, sent.id]
    return True


async def update_watchers(pub: Publisher, rec: SessionRecord, meta: TableBook) -> None:
    """After a change: every spectator's DM shows the new public board. At the game's end it
    shows the final board without buttons, and the table has no spectators any more."""
    watchers = await pub.host.watchers(rec)
    if not watchers:
        return
    png = await board_png(pub.host, rec, None)
    for user in watchers:
        try:
            await show_to(pub, rec, meta, user, png)
        except discord.HTTPException as exc:  # one spectator never stops the table
            log.warning("spectator DM of %s for table %s failed: %s", user, rec.id, exc)
    if rec.status != "running":
        for user in watchers:
            await pub.host.unwatch(rec.id, user)
            meta.get("watching", {}).pop(user, None)
