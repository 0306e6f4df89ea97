"""``/game end [table]`` (issue 31 item 5): a member who may manage channels ends any open table
of their server, this channel's by default, another channel's by its id; nobody else may.

The permission is the interaction's own: Discord resolves the member's permissions in the
channel where the command is used (roles, administrator, that channel's overwrites) and sends
them with the interaction (``member.permissions``, discord.py's ``interaction.permissions``).
The bot's own permissions (``app_permissions``) and the member's roles as listed are never
read. A refusal is answered before anything is read from the store.
"""

from __future__ import annotations

import logging

import discord

from bot.adapter import book
from bot.adapter.boundary import edge, note_game
from bot.adapter.handlers.common import Interaction, can_manage, channel_key, guild_key, who
from bot.adapter.handlers.lobby import refresh_lobby
from bot.adapter.respond import answer, within
from bot.adapter.translator import channel_locale
from bot.core.errors import HostError
from bot.core.history import find_table
from bot.core.store import SessionRecord
from bot.text.i18n import t, using

log = logging.getLogger(__name__)


async def _chosen(interaction: Interaction, guild: str, table: str | None) -> SessionRecord:
    """The table the manager named (this server's only), else this channel's open one."""
    host = interaction.client.host
    if table is not None:
        return await find_table(host, guild, table)
    rec = await host.store.active_session(channel_key(interaction))
    if rec is None:
        raise HostError("no_session")
    return rec


@edge
async def end(interaction: Interaction, table: str | None) -> None:
    client = interaction.client
    _, name = who(interaction)
    guild = guild_key(interaction)
    if guild is None:  # a forged payload: /game is not offered in DMs
        raise HostError("guild_only")
    if not can_manage(interaction):
        raise HostError("end_not_manager")
    rec = await _chosen(interaction, guild, table)
    note_game(interaction, rec.game)
    here = rec.channel_id == channel_key(interaction)
    rec = await within(interaction, client.host.end_table(rec.id, guild), ephemeral=not here)
    with using(await channel_locale(interaction)):
        notice = t("host.abandoned", name=name)
    if here:
        await answer(interaction, notice, ephemeral=False)
    else:
        await answer(interaction, t("end.done", id=rec.id, channel=f"<#{rec.channel_id}>"))
        try:
            await client.get_partial_messageable(int(rec.channel_id)).send(notice)
        except discord.HTTPException as exc:  # the board below still says it
            log.info("no notice of the end of table %s in its channel: %s", rec.id, exc)
    if book.of(rec).get("board"):
        await client.publisher.refresh(rec.id)
    else:
        await refresh_lobby(interaction, rec)
