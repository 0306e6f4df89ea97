"""Small readings of an interaction shared by the handlers."""

from __future__ import annotations

from typing import Any

import discord

from bot.adapter.client import Crowntable

Interaction = discord.Interaction[Crowntable]


def who(interaction: discord.Interaction[Any]) -> tuple[str, str]:
    return str(interaction.user.id), interaction.user.display_name


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
