"""What the parts of a publication share: the :class:`Publishing` protocol (what the board,
the notifications, the DMs and the private prompts ask of :class:`bot.adapter.publish.Publisher`,
which owns them) and small helpers about names and attachments."""

from __future__ import annotations

import contextlib
import io
from collections.abc import Callable
from typing import Any, Literal, Protocol

import discord

from bot.adapter.book import TableBook
from bot.adapter.prompts import Follow, PreviewFn, Prompt
from bot.adapter.teaching import Teaching
from bot.adapter.translator import Languages
from bot.core.ai_runner import seat_label
from bot.core.host import SessionHost
from bot.core.store import SessionRecord
from bot.text.host_events import name_once

#: a player who acted less than this many seconds ago is at the table: their next prompt is
#: edited into their standing DM (or shown on the board) without a notification; one follows
#: if it waits this long unanswered (``Publisher.nudge``)
ACTIVE_WINDOW = 120.0


def name_fn(rec: SessionRecord) -> Callable[[str], str]:
    names = {s.player_id: seat_label(s) for s in rec.seats}  # "AI 1 · hard"
    return lambda pid: names.get(pid, pid)


def introduced_once(rec: SessionRecord, text: str) -> str:
    """One message's ``text`` naming each AI seat in full ("AI 1 · medium") once, then by its
    own name ("AI 1"): :func:`bot.text.host_events.name_once`."""
    return name_once(text, {seat_label(s): s.name for s in rec.seats if s.is_ai})


def mention(pid: str, rec: SessionRecord) -> str:
    return f"<@{pid}>" if pid.isdigit() else name_fn(rec)(pid)


def png_file(
    png: bytes, filename: str = "board.png", description: str | None = None
) -> discord.File:
    """An image attachment; ``description`` is its alt text (Discord allows 1024 characters)."""
    alt = description[:1024] if description else None
    return discord.File(io.BytesIO(png), filename=filename, description=alt)


class NotShown(Exception):
    """A change was stored but Discord did not take its publication; it is retried by the
    turn clock (``Publisher.retry_behind``). The user is told exactly that."""

    def __init__(self, session_id: int) -> None:
        super().__init__(f"session {session_id}: stored, not shown yet")
        self.session_id = session_id


class Publishing(Protocol):
    """What the parts of a publication use of ``Publisher``."""

    bot: discord.Client
    host: SessionHost
    languages: Languages
    teaching: Teaching

    def human_actors(self, rec: SessionRecord) -> list[str]: ...

    def is_private(self, rec: SessionRecord, player: str) -> bool: ...

    def follow(self, rec: SessionRecord, player: str) -> Follow: ...

    def previews(self, rec: SessionRecord, player: str) -> PreviewFn: ...

    def public_prompt(self, rec: SessionRecord) -> tuple[str, Prompt] | None: ...

    def active(
        self, meta: TableBook, player: str, where: Literal["acted", "dm_acted"] = "acted"
    ) -> bool: ...

    def channel_language(
        self, rec: SessionRecord
    ) -> contextlib.AbstractAsyncContextManager[str]: ...

    def dm_language(
        self, rec: SessionRecord, user_id: str
    ) -> contextlib.AbstractAsyncContextManager[str]: ...

    def waiting_line(self, rec: SessionRecord, waiting: list[str]) -> str: ...

    def where(self, rec: SessionRecord, meta: TableBook) -> str: ...

    def place(self, rec: SessionRecord, meta: TableBook) -> str: ...

    def board_embed(
        self, rec: SessionRecord, meta: TableBook, has_image: bool, public: Any = True
    ) -> discord.Embed: ...

    async def send_dm(
        self, user_id: str, since: float = 0.0, **kwargs: Any
    ) -> discord.Message | None: ...

    async def place_dm(
        self, rec: SessionRecord, meta: TableBook, p: str, payload: dict[str, Any], quiet: bool
    ) -> bool: ...

    async def private_prompt_payload(
        self, rec: SessionRecord, player: str, meta: TableBook | None = None
    ) -> dict[str, Any]: ...

    def hand_signature(self, rec: SessionRecord, player: str) -> str | None: ...

    def mark_silent(
        self, rec: SessionRecord, meta: TableBook, p: str, since: int | None
    ) -> None: ...

    async def channel_lines(
        self, rec: SessionRecord, meta: TableBook, lines: list[str]
    ) -> None: ...
