"""``/help`` and ``/teach on|off`` (issue 24): top-level commands anyone may use in a server
(teach mode is each player's own: ``/crowntable`` stays for the server's managers). Like every
command they are not offered in DMs; there, a message saying "help" gets the page."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.adapter.client import Crowntable
from bot.adapter.handlers import help as help_handlers
from bot.adapter.handlers import teach as teach_handlers
from bot.text.i18n import t

Interaction = discord.Interaction[Crowntable]


def build() -> list[app_commands.Command[Any, Any, Any] | app_commands.Group]:
    @app_commands.command(name="help", description=t("help.cmd"))
    @app_commands.guild_only()  # in a DM, a message saying "help" gets the same page
    async def help_command(interaction: Interaction) -> None:
        await help_handlers.help_command(interaction)

    teach = app_commands.Group(name="teach", description=t("teach.cmd"), guild_only=True)

    @teach.command(name="on", description=t("teach.cmd_on"))
    async def teach_on(interaction: Interaction) -> None:
        await teach_handlers.teach(interaction, True)

    @teach.command(name="off", description=t("teach.cmd_off"))
    async def teach_off(interaction: Interaction) -> None:
        await teach_handlers.teach(interaction, False)

    return [help_command, teach]
