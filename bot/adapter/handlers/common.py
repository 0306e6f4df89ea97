"""Small readings of an interaction shared by the handlers."""

from __future__ import annotations

from typing import Any

import discord

from bot.adapter import book
from bot.adapter.boundary import note_game
from bot.adapter.client import Crowntable
from bot.core.errors import HostError
from bot.core.store import SessionRecord

Interaction = discord.Interaction[Crowntable]


def safe_name(name: str) -> str:
    """A display name that can be echoed in public text: its mentions (``@everyone``,
    ``@here``, ``<@id>``, ``<@&role>``) neutralised, so a nickname never pings anyone even
    where mentions are allowed (the client's default ``allowed_mentions`` parses none)."""
    return name.replace("@", "@\u200b")  # a zero-width space after every @: no mention parses


def who(interaction: discord.Interaction[Any]) -> tuple[str, str]:
    """The user's id and their display name, made safe to show (:func:`safe_name`)."""
    return str(interaction.user.id), safe_name(interaction.user.display_name)


def plays(rec: SessionRecord, user: str) -> bool:
    """Whether ``user`` holds a seat of ``rec`` themselves (a player who left or was kicked
    does not: the AI plays that seat now, and its private view is no longer theirs)."""
    seat = rec.seat_of(user)
    return seat is not None and not seat.is_ai


async def seated_at_running(interaction: Interaction, session: int, user: str) -> SessionRecord:
    """Table ``session`` as stored, for a click that needs it running with ``user`` seated
    (``not_running`` / ``not_seated`` otherwise); its game is noted for the error boundary."""
    rec = await interaction.client.host.current(session)
    note_game(interaction, rec.game)
    if rec.status != "running":
        raise HostError("not_running")
    if not plays(rec, user):
        raise HostError("not_seated")
    return rec


def can_manage(interaction: discord.Interaction[Any]) -> bool:
    perms = interaction.permissions
    return bool(perms and (perms.manage_channels or perms.administrator))


def channel_key(interaction: discord.Interaction[Any]) -> str:
    return str(interaction.channel_id)


def guild_key(interaction: discord.Interaction[Any]) -> str | None:
    return str(interaction.guild_id) if interaction.guild_id else None


def in_private(interaction: discord.Interaction[Any]) -> bool:
    """Whether the interaction came from a DM or an ephemeral message."""
    message = interaction.message
    return interaction.guild_id is None or bool(message and message.flags.ephemeral)


def payload_kwargs(payload: dict[str, Any]) -> dict[str, Any]:
    """A message payload without its unset parts (Discord rejects explicit Nones)."""
    return {k: v for k, v in payload.items() if v is not None}


def on_its_board(interaction: discord.Interaction[Any], rec: SessionRecord) -> bool:
    """Whether a click on a channel message came from ``rec``'s own board (a component of
    another table pasted onto it must not replace this board's components). Private
    prompts (DMs, ephemeral messages) belong to their player and always pass."""
    if in_private(interaction) or interaction.message is None:
        return True
    board = book.of(rec).get("board")
    return board is not None and board["id"] == interaction.message.id
