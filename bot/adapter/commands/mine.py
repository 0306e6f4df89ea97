"""``/game mine`` and the top-level ``/mine`` (issue 27 item 3): a player's tables everywhere.

The ``game`` group is for server channels only (Discord offers a group's subcommands where
the group is offered), so the same list is also a top-level ``/mine`` allowed in servers and
in the DM with the bot: "where is it my turn?" is asked from anywhere.
"""

from __future__ import annotations

from typing import Any

from discord import app_commands

from bot.adapter.handlers import mine as mine_handlers
from bot.adapter.handlers.common import Interaction
from bot.text.i18n import t


def add_to(game_group: app_commands.Group) -> None:
    """``/game mine``."""

    @game_group.command(name="mine", description=t("cmd.mine"))
    async def mine(interaction: Interaction) -> None:
        await mine_handlers.mine(interaction)


def build() -> app_commands.Command[Any, Any, Any]:
    """``/mine``, in servers and in the DM with the bot."""

    @app_commands.command(name="mine", description=t("cmd.mine"))
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
    @app_commands.allowed_installs(guilds=True, users=False)
    async def mine(interaction: Interaction) -> None:
        await mine_handlers.mine(interaction)

    return mine
