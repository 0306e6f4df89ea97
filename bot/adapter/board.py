"""The board message of a table: a Components V2 container (:mod:`bot.adapter.layout`: the
title, the image with its alt text, the status in words, who is awaited, the board's own
prompt, the recent log, the action rows), edited while it is younger than an hour and posted
anew after (design.md), and the ways back to it (a link, the channel's name). A board posted
the old way (an embed) is replaced by a new message, once, when it next changes: Discord does
not turn a message into a components-v2 one. The embed stays for the board's copies (``/game
info``, history, spectators)."""

from __future__ import annotations

import logging
import time
from typing import Any, cast

import discord

from bot.adapter import layout, spectate, web_button
from bot.adapter.book import BoardRef, TableBook, of, who
from bot.adapter.click import Click
from bot.adapter.components import HandButton, OpenPromptButton
from bot.adapter.prompts import Prompt, clip_block, make_view
from bot.adapter.publishing import Publishing, introduced_once, name_fn, png_file
from bot.core.render import board_alt_text, board_png
from bot.core.store import SessionRecord
from bot.text import presenters
from bot.text.i18n import game_title, t

log = logging.getLogger(__name__)

BOARD_EDIT_WINDOW = 3600  # edit the board message while it is younger; repost after
LOG_SHOWN = 8  # log lines on the board; more when one change brought more (a reveal)
LOG_SHOWN_MAX = 25

#: the board's own prompt when already built (True: build it; None: no prompt)
Public = tuple[str, Prompt] | None | bool


class Board:
    def __init__(self, pub: Publishing) -> None:
        self.pub = pub

    def waiting_line(self, rec: SessionRecord, waiting: list[str]) -> str:
        """ "⏳ Waiting for **bob**." or, while everyone waited for chooses in secret,
        "⏳ Still choosing: **alice**, **bob**." (their picks are not log lines)."""
        name = name_fn(rec)
        names = ", ".join(f"**{name(p)}**" for p in waiting)
        secret = all(self.pub.host.is_secret_decision(rec, p) for p in waiting)
        line = t("board.choosing" if secret else "board.waiting", names=names)
        due = [
            c["due"] for p, c in rec.clock.items() if p in waiting and c["due"] is not None
        ]  # not an AI seat's
        if due:
            line += " " + t("board.deadline", when=f"<t:{int(min(due))}:R>")
        return line

    def _status(self, rec: SessionRecord, public: Public) -> list[str]:
        """The status, who is awaited and the board's own prompt (or how the game ended)."""
        parts = []
        if rec.state is not None:
            try:
                view = self.pub.host.view(rec, None)
                status = presenters.get(rec.game).status_text(view, name_fn(rec))
            except Exception:
                log.exception("status_text failed")
                status = ""
            if status:
                parts.append(status)
        if rec.status == "running":
            waiting = self.pub.human_actors(rec)
            if waiting:
                parts.append(self.waiting_line(rec, waiting))
            if public is True:
                public = self.pub.public_prompt(rec)
            if isinstance(public, tuple):
                parts.append(public[1].describe())
        elif rec.status == "finished":
            parts.append(t("board.finished"))
        elif rec.status == "abandoned":
            parts.append(t("board.abandoned"))
        return parts

    def embed(
        self, rec: SessionRecord, meta: TableBook, has_image: bool, public: Public = True
    ) -> discord.Embed:
        """``public``: the board's own prompt if already built (True: build it here)."""
        game = self.pub.host.game(rec.game)
        parts = self._status(rec, public)
        shown = min(LOG_SHOWN_MAX, max(LOG_SHOWN, meta.get("last_change_lines", 0)))
        log_lines = meta.get("log", [])[-shown:]
        if log_lines:
            parts.append("\n".join(f"• {line}" for line in log_lines))
        description = "\n\n".join(parts)
        while len(description) > 4000 and log_lines:  # drop the oldest log lines first
            log_lines = log_lines[1:]
            parts[-1] = "\n".join(f"• {line}" for line in log_lines)
            description = "\n\n".join(parts)
        embed = discord.Embed(
            title=t("board.title", game=game_title(rec.game, game.title), id=rec.id),
            description=clip_block(introduced_once(rec, description), 4000),
            colour=discord.Colour.gold(),
        )
        if has_image:
            embed.set_image(url="attachment://board.png")
        embed.set_footer(text=t("board.footer", id=rec.id))
        return embed

    @staticmethod
    def needs_open_button(rec: SessionRecord, meta: TableBook) -> bool:
        """**Open my prompt** is on the board only while a seated player needs it: their DMs
        are closed (or a DM to them failed) during this game."""
        closed = set(who(meta, "dm_closed"))
        return rec.status == "running" and any(
            s.player_id in closed for s in rec.seats if not s.is_ai
        )

    def view(
        self,
        rec: SessionRecord,
        public: Public = True,
        meta: TableBook | None = None,
        extra: list[discord.ui.Item[Any]] | None = None,
    ) -> discord.ui.View | None:
        if rec.status != "running":
            return None
        items: list[discord.ui.Item[Any]] = []
        if public is True:
            public = self.pub.public_prompt(rec)
        if isinstance(public, tuple):
            items.extend(public[1].items)
        if self.needs_open_button(rec, meta if meta is not None else of(rec)):
            items.append(OpenPromptButton(rec.id, label=t("board.open_prompt"), row=4))
        items.append(HandButton(rec.id, label=t("board.my_view"), row=4))
        items.extend(spectate.board_items(self.pub.host, rec) + list(extra or []))
        items.extend(web_button.board_items(getattr(self.pub, "bot", None), rec))
        return make_view(items)

    def layout(
        self, rec: SessionRecord, meta: TableBook, public: Public, alt: str | None, image: bool
    ) -> layout.BoardLayout:
        """What the board message shows (its action rows built from ``public``)."""
        game = self.pub.host.game(rec.game)
        shown = min(LOG_SHOWN_MAX, max(LOG_SHOWN, meta.get("last_change_lines", 0)))
        view = self.view(rec, public, meta)
        return layout.BoardLayout(
            game=rec.game,
            title=t("board.title", game=game_title(rec.game, game.title), id=rec.id),
            footer=t("board.footer", id=rec.id),
            status=self._status(rec, public),
            log=list(meta.get("log", [])[-shown:]),
            image=layout.IMAGE if image else None,
            alt=alt,
            items=list(view.children) if view is not None else [],
        )

    async def payload(self, rec: SessionRecord, meta: TableBook) -> dict[str, Any]:
        """The board message's layout and image (``edit`` keywords), and what it shows
        (``shown``, kept with the board to take its buttons away later)."""
        host = self.pub.host
        png = await board_png(host, rec, None)
        alt = board_alt_text(host, rec, None) if png else None
        public = self.pub.public_prompt(rec) if rec.status == "running" else None
        shown = self.layout(rec, meta, public, alt, png is not None)
        meta["board_open"] = self.needs_open_button(rec, meta)
        meta["board_actors"] = sorted(self.pub.human_actors(rec))
        return {
            "view": layout.build(shown),
            "attachments": [png_file(png, description=alt)] if png else [],
            "shown": shown,
        }

    async def answer(self, rec: SessionRecord, meta: TableBook, click: Click) -> bool:
        """The click's one callback carries the new board (UPDATE_MESSAGE); False when the
        clicked message is not the board, is an old (embed) board or Discord refused (then
        it only loses its buttons)."""
        board = meta.get("board")
        if (
            not board
            or board["id"] != click.message_id
            or not board.get("v2")
            or time.time() - board["at"] >= BOARD_EDIT_WINDOW
        ):
            await click.update(view=None)
            return False
        payload = await self.payload(rec, meta)
        shown = payload.pop("shown")
        if await click.update(**payload):
            board["shown"] = _kept(shown)
            return True
        return False

    async def update(self, rec: SessionRecord, meta: TableBook, repost: bool = False) -> None:
        """Edit the board message (while young and already a components-v2 one), else post
        it anew (the old one keeps its picture and words and loses its buttons)."""
        payload = await self.payload(rec, meta)
        shown = payload.pop("shown")
        channel = self.pub.bot.get_partial_messageable(int(rec.channel_id))
        board = meta.get("board")
        now = time.time()
        if board and board.get("v2") and not repost and now - board["at"] < BOARD_EDIT_WINDOW:
            try:
                await channel.get_partial_message(board["id"]).edit(**payload)
                board["shown"] = _kept(shown)
                return
            except discord.HTTPException as exc:  # deleted (404) or refused: a new board
                log.warning("board edit failed (%s); reposting", exc)
        if board:
            try:  # the old board keeps its picture but loses its buttons
                await _strip(channel, board)
            except discord.NotFound:
                pass
            except discord.HTTPException:  # tried again with the next board change
                meta["old_boards"] = (meta.get("old_boards", []) + [_old(board)])[-5:]
        kwargs: dict[str, Any] = {"view": payload["view"]}
        if payload["attachments"]:
            kwargs["file"] = payload["attachments"][0]
        message = await channel.send(**kwargs)
        meta["board"] = {"id": message.id, "at": now, "v2": True, "shown": _kept(shown)}

    async def strip_old_boards(self, rec: SessionRecord, meta: TableBook) -> None:
        """Old boards whose buttons Discord would not take away when the board was posted
        anew: try again (nothing to do, no request, in the normal case)."""
        channel = self.pub.bot.get_partial_messageable(int(rec.channel_id))
        left = []
        for old in meta.get("old_boards", []):
            board = cast(BoardRef, old) if isinstance(old, dict) else BoardRef(id=old, at=0.0)
            try:
                await _strip(channel, board)
            except discord.NotFound:
                continue
            except discord.HTTPException:
                left.append(old)
        if left:
            meta["old_boards"] = left
        else:
            meta.pop("old_boards", None)

    # -- the way back to the table -----------------------------------------------------------
    @staticmethod
    def link(rec: SessionRecord, meta: TableBook) -> str | None:
        board = meta.get("board")
        if not board or not rec.guild_id:
            return None
        return f"https://discord.com/channels/{rec.guild_id}/{rec.channel_id}/{board['id']}"

    def table_place(self, rec: SessionRecord, meta: TableBook) -> tuple[str, str, str] | None:
        """(channel name, server name, link to the board) of ``rec``'s table; None when one
        of them is unknown (no guild cached, the channel gone, no board yet)."""
        guild = self.pub.bot.get_guild(int(rec.guild_id)) if rec.guild_id else None
        channel = guild.get_channel_or_thread(int(rec.channel_id)) if guild else None
        link = self.link(rec, meta)
        if guild is None or channel is None or link is None:
            return None
        return channel.name, guild.name, link

    def place(self, rec: SessionRecord, meta: TableBook) -> str:
        """``[#herna · Deskovky](link to the board)`` (``<#channel>`` when unknown)."""
        found = self.table_place(rec, meta)
        if found is None:
            return f"<#{rec.channel_id}>"
        channel, server, link = found
        return f"[#{channel} · {server}]({link})"

    def where(self, rec: SessionRecord, meta: TableBook) -> str:
        """The way back to the table from a DM: server, channel, and a link to the board."""
        found = self.table_place(rec, meta)
        if found is None:
            return t("private.where", channel=f"<#{rec.channel_id}>")
        channel, server, link = found
        return t("private.where_link", channel=channel, server=server, link=link)


def _kept(shown: layout.BoardLayout) -> dict[str, Any]:
    """The words of a board message, kept with it to show them again without its buttons."""
    return {
        "game": shown.game,
        "title": shown.title,
        "footer": shown.footer,
        "status": list(shown.status),
        "log": list(shown.log),
        "image": shown.image,
        "alt": shown.alt,
    }


def _old(board: BoardRef) -> Any:
    if board.get("v2") and "shown" in board:
        return {"id": board["id"], "at": board["at"], "shown": board["shown"]}
    return board["id"]


async def _strip(channel: discord.PartialMessageable, board: BoardRef) -> None:
    """Take the buttons off an old board: an embed board loses its view; a components-v2 one
    is shown again without its action rows (its image stays attached)."""
    message = channel.get_partial_message(board["id"])
    shown = board.get("shown")
    if not shown:
        await message.edit(view=None)
        return
    still = layout.BoardLayout(**{**shown, "items": []})
    await message.edit(view=layout.build(still, interactive=False))
