"""``/crowntable away <days>`` and ``/crowntable back`` (issue 27 #4): a player's vacation.

Each player's own (anyone may use them, in a server or in a DM with the bot): the answer is
ephemeral, the boards of the tables whose clock paused or went on are shown again at once.
Bad input (0 or 99 days, past the 14-days-per-60 allowance) is refused and changes nothing.
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from bot.adapter.boundary import edge, say
from bot.adapter.client import Crowntable
from bot.core.errors import HostError
from bot.core.store import SessionRecord
from bot.text.i18n import t, tn

log = logging.getLogger(__name__)
Interaction = discord.Interaction[Crowntable]


async def show_boards(client: Crowntable, changed: list[SessionRecord]) -> None:
    """The boards of ``changed`` again (their waiting line says who is on vacation)."""
    for session_id in [r.id for r in changed] + client.host.vacations.take_touched():
        try:
            await client.publisher.refresh(session_id)
        except Exception as exc:  # the next clock tick's catch-up shows it
            log.info("session %s: board not refreshed after a vacation: %s", session_id, exc)


@edge
async def go_away(interaction: Interaction, days: int) -> None:
    host = interaction.client.host
    until, changed = await host.vacations.go_away(str(interaction.user.id), days)
    text = t("away.set", when=f"<t:{int(until)}:f>", tables=tn("prefs.at_tables", len(changed)))
    await say(interaction, text)
    await show_boards(interaction.client, changed)


@edge
async def come_back(interaction: Interaction) -> None:
    changed = await interaction.client.host.vacations.come_back(str(interaction.user.id))
    if changed is None:
        raise HostError("not_away")
    await say(interaction, t("away.back", tables=tn("prefs.at_tables", len(changed))))
    await show_boards(interaction.client, changed)


def add(group: app_commands.Group) -> None:
    """Register ``away`` and ``back`` into the ``crowntable`` group."""

    @group.command(name="away", description=t("cmd.crowntable_away", "en"))
    @app_commands.describe(days=t("cmd.crowntable_away_days", "en"))
    async def away(interaction: Interaction, days: int) -> None:
        await go_away(interaction, days)

    @group.command(name="back", description=t("cmd.crowntable_back", "en"))
    async def back(interaction: Interaction) -> None:
        await come_back(interaction)
