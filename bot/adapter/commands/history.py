"""``/game history``, ``/game replay`` and ``/game export`` (issue 14), added to the ``/game``
group by :func:`bot.adapter.commands.game.build`; ``/game board`` and ``/game log`` take the same
``table`` option there (:func:`table_option`)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.adapter.client import Crowntable
from bot.adapter.handlers import history
from bot.text.i18n import t
from games.base import Game

Interaction = discord.Interaction[Crowntable]


def add_to(group: app_commands.Group, registry: dict[str, Game]) -> None:
    game_choices = [app_commands.Choice(name=g.title, value=g.id) for g in registry.values()]

    @group.command(name="history", description=t("cmd.history"))
    @app_commands.describe(member=t("cmd.history_member"), game=t("cmd.history_game"))
    @app_commands.choices(game=game_choices)
    async def history_command(
        interaction: Interaction, member: discord.User | None = None, game: str | None = None
    ) -> None:
        await history.history(interaction, member, game)

    @group.command(name="replay", description=t("cmd.replay"))
    @app_commands.describe(table=t("cmd.replay_table"))
    @app_commands.autocomplete(table=history.suggest_table)
    async def replay(interaction: Interaction, table: str) -> None:
        await history.replay(interaction, table)

    @group.command(name="export", description=t("cmd.export"))
    @app_commands.describe(table=t("cmd.export_table"))
    @app_commands.autocomplete(table=history.suggest_table)
    async def export(interaction: Interaction, table: str) -> None:
        await history.export(interaction, table)


def table_option(command: Any) -> Any:
    """The optional ``table`` option of ``/game board`` and ``/game log``: described, with the
    server's recent games suggested while typing."""
    described = app_commands.describe(table=t("cmd.table"))(command)
    return app_commands.autocomplete(table=history.suggest_table)(described)
