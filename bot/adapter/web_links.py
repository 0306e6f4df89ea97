"""The signed read-only links the bot posts while the web surface is on (issue 32 item 4):
under a finished game's final standings, its replay in the browser and the server's
standings, in the channel's language (``lang=``); good for 30 days (``bot.web.tokens``)."""

from __future__ import annotations

from typing import Any

import discord

from bot.core.store import SessionRecord
from bot.text.i18n import current, t


def links(client: Any, rec: SessionRecord) -> tuple[str, str | None] | None:
    """(replay URL, standings URL or None) of ``rec``; None while the web surface is off."""
    web = getattr(client, "web", None)
    if web is None:
        return None
    lang = current()
    replay = web.link(f"/replay/{rec.id}?t={web.tokens.read('replay', rec.id)}&lang={lang}")
    standings = (
        web.link(
            f"/standings/{rec.guild_id}?t={web.tokens.read('standings', rec.guild_id)}&lang={lang}"
        )
        if rec.guild_id
        else None
    )
    return replay, standings


def add_to_final(client: Any, rec: SessionRecord, embed: discord.Embed) -> None:
    """The final standings' field of browser links (nothing while the web surface is off)."""
    found = links(client, rec)
    if found is None:
        return
    replay, standings = found
    parts = [t("web.link.replay", url=replay)]
    if standings:
        parts.append(t("web.link.standings", url=standings))
    embed.add_field(name=t("web.link.title"), value="\n".join(parts)[:1024], inline=False)
