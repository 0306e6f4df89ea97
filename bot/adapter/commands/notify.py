"""``/crowntable notify <choice> [hour] [utc_offset]`` (issue 27 #5): how a player is told
that it is their turn: a mention in the channel (the default), one DM, a daily digest DM at
an hour of their own time, or nothing. Each player's own, in a server or in a DM with the
bot; an unknown choice, a digest without an hour 0-23 or a bad offset is refused and changes
nothing."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.adapter.boundary import edge, say
from bot.adapter.client import Crowntable
from bot.adapter.translator import choice as choice_of
from bot.core.prefs import offset_text
from bot.core.store.prefs_base import NOTIFY_CHOICES
from bot.text.i18n import t

Interaction = discord.Interaction[Crowntable]


@edge
async def set_notify(
    interaction: Interaction, choice: str, hour: int | None, utc_offset: str | None
) -> None:
    host = interaction.client.host
    prefs = await host.prefs.set_notify(str(interaction.user.id), choice, hour, utc_offset)
    text = t(
        f"notify.set.{prefs.notify}",
        hour=f"{prefs.digest_hour or 0:02d}",
        offset=offset_text(prefs.utc_offset),
    )
    await say(interaction, text)


def add(group: app_commands.Group) -> None:
    """Register ``notify`` into the ``crowntable`` group."""

    @group.command(name="notify", description=t("cmd.crowntable_notify", "en"))
    @app_commands.describe(
        choice=t("cmd.crowntable_notify_choice", "en"),
        hour=t("cmd.crowntable_notify_hour", "en"),
        utc_offset=t("cmd.crowntable_notify_offset", "en"),
    )
    @app_commands.choices(choice=[choice_of(f"notify.choice.{c}", c) for c in NOTIFY_CHOICES])
    async def notify(
        interaction: Interaction,
        choice: str,
        hour: int | None = None,
        utc_offset: str | None = None,
    ) -> None:
        await set_notify(interaction, choice, hour, utc_offset)
