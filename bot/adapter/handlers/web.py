"""A click on **Open board** (issue 32 item 3): it launches the Activity
(``InteractionResponse.launch_activity``, callback type 12) where the application has
Activities (its ``EMBEDDED`` flag) and the click came from a server channel; anywhere else it
answers, ephemerally, a link to the same page with a one-time login token (good once, for 15
minutes, for this table and this user only)."""

from __future__ import annotations

from typing import Any

import discord

from bot.adapter.boundary import edge, note_game, say
from bot.text.i18n import t


def activities(interaction: discord.Interaction[Any]) -> bool:
    """Whether Discord can launch this app's Activity for ``interaction``."""
    flags = getattr(interaction.client, "application_flags", None)
    return bool(flags is not None and flags.embedded and interaction.guild_id is not None)


@edge
async def open_board(interaction: discord.Interaction[Any], session: int) -> None:
    client = interaction.client
    rec = await client.host.current(session)
    note_game(interaction, rec.game)
    web = getattr(client, "web", None)
    if web is None:  # a button left from a run with WEB_PORT set
        await say(interaction, t("web.off"))
        return
    if activities(interaction):
        await interaction.response.launch_activity()
        return
    token = web.tokens.login(str(interaction.user.id), rec.id)
    await say(interaction, t("web.open_link", url=web.link(f"/play/{rec.id}?t={token}")))
