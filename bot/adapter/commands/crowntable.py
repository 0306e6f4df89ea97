"""``/crowntable language``: the language of this server's channel messages (issue 12 item 3);
the group also holds each player's own settings, registered from their modules (``away``,
``back``: :mod:`bot.adapter.commands.away`; ``notify``: :mod:`bot.adapter.commands.notify`).

The board, pings, lobby and final results are written in the server's language: Discord's
``guild_locale`` unless someone with Manage Server chose another here (stored per server;
"server default" forgets the choice). Ephemeral answers and DMs stay in each reader's own
language whatever is chosen.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.adapter.boundary import edge
from bot.adapter.client import Crowntable
from bot.adapter.commands import away, notify
from bot.adapter.commands import mydata as mydata_commands
from bot.adapter.translator import choice
from bot.core.errors import HostError
from bot.core.options import bad_value
from bot.text.i18n import LOCALES, t

Interaction = discord.Interaction[Crowntable]
DEFAULT = "default"  # the server's own guild_locale again


def can_manage_server(interaction: discord.Interaction[Any]) -> bool:
    perms = interaction.permissions
    return bool(perms and (perms.manage_guild or perms.administrator))


@edge
async def set_language(interaction: Interaction, language: str) -> None:
    if interaction.guild_id is None:
        raise HostError("guild_only_language")
    if not can_manage_server(interaction):
        raise HostError("not_server_manager")
    if language != DEFAULT and language not in LOCALES:
        raise bad_value("language", language)
    guild = str(interaction.guild_id)
    chosen = None if language == DEFAULT else language
    await interaction.client.host.set_guild_locale(guild, chosen)
    interaction.client.languages.chose(guild, chosen)
    now = await interaction.client.languages.channel(guild)
    name = t(f"language.{now}")  # named in the reader's language
    key = "crowntable.language_default" if chosen is None else "crowntable.language_set"
    await interaction.response.send_message(t(key, language=name), ephemeral=True)


def build() -> app_commands.Group:
    # everyone's group, in servers and in DMs (issue 27: each player's own vacation and
    # notifications); the server's settings check a server and Manage Server themselves
    # (``set_language``): Discord sets permissions and contexts per top-level command only
    group = app_commands.Group(name="crowntable", description=t("cmd.crowntable", "en"))
    away.add(group)
    notify.add(group)
    mydata_commands.add_to(group)  # /crowntable mydata, forget-me (issue 31)

    @group.command(name="language", description=t("cmd.crowntable_language", "en"))
    @app_commands.describe(language=t("cmd.crowntable_language_option", "en"))
    @app_commands.choices(
        language=[choice(f"language.{code}", code) for code in LOCALES]
        + [choice("language.default", DEFAULT)]
    )
    async def language(interaction: Interaction, language: str) -> None:
        await set_language(interaction, language)

    return group
