"""``/standings`` and ``/stats``: long-term results per server (OpenSkill ratings)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.adapter.client import Crowntable
from bot.adapter.handlers import info
from bot.adapter.translator import choice
from bot.text.i18n import t
from games.base import Game

Interaction = discord.Interaction[Crowntable]


def build(registry: dict[str, Game]) -> list[app_commands.Command[Any, Any, Any]]:
    game_choices = [choice(f"game.{g.id}.title", g.id) for g in registry.values()]

    @app_commands.command(name="standings", description=t("cmd.standings"))
    @app_commands.describe(game=t("cmd.standings_game"))
    @app_commands.choices(game=game_choices)
    @app_commands.guild_only()
    async def standings(interaction: Interaction, game: str | None = None) -> None:
        await info.standings(interaction, game)

    @app_commands.command(name="stats", description=t("cmd.stats"))
    @app_commands.describe(member=t("cmd.stats_member"))
    @app_commands.guild_only()
    async def stats(interaction: Interaction, member: discord.User | None = None) -> None:
        await info.stats(interaction, member)

    return [standings, stats]
