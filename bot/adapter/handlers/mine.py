"""``/game mine`` and ``/mine`` (issue 27 item 3): every table the player sits at, in every
server the bot shares with them, their turns first, with whose turn it is, since when, the
deadline and a jump link; only to them (and in a DM, where ``/mine`` also works).

Times are Discord timestamps (``<t:…:R>``): each reader's client writes "3 hours ago" in
their own language and time zone. A server is shared when this process knows it, or when it
belongs to a shard another process serves (several processes over one PostgreSQL: the store
has every table, each process only its shards' servers).
"""

from __future__ import annotations

from typing import Any

from bot.adapter import book
from bot.adapter.boundary import edge, say
from bot.adapter.handlers.common import Interaction, who
from bot.adapter.respond import CONTENT_LIMIT, within
from bot.core.host import SessionHost
from bot.core.userdata import MyTable, my_tables
from bot.text.i18n import game_title, t, tn

HEADS = ("mine.head_turn", "mine.head_waiting", "mine.head_lobby")


def shares(client: Any, guild_id: str | None) -> bool:
    """Whether the bot is (as far as this process can tell) in server ``guild_id``."""
    if guild_id is None or client.get_guild(int(guild_id)) is not None:
        return True
    ids = client.shard_ids
    count = client.shard_count or 1
    return ids is not None and (int(guild_id) >> 22) % count not in ids


def link(m: MyTable) -> str:
    """The board (a running table), the lobby message, or else the channel."""
    rec = m.rec
    base = f"https://discord.com/channels/{rec.guild_id or '@me'}/{rec.channel_id}"
    kept = book.of(rec)
    board = kept.get("board")
    message = board["id"] if board else kept.get("lobby")
    return f"{base}/{message}" if message else base


def stamp(when: float) -> str:
    return f"<t:{int(when)}:R>"


def line(client: Any, host: SessionHost, m: MyTable) -> str:
    rec = m.rec
    game = host.registry.get(rec.game)  # a game no longer installed: its id
    title = game_title(rec.game, game.title if game is not None else rec.game)
    table = t("mine.table", game=title, id=rec.id, link=link(m))
    guild = client.get_guild(int(rec.guild_id)) if rec.guild_id else None
    server = guild.name if guild is not None else t("mine.dm_server")
    where = t("mine.where", server=server, channel=f"<#{rec.channel_id}>")
    if rec.status == "lobby":
        return tn("mine.lobby", len(rec.seats), table=table, where=where)
    deadline = t("mine.deadline", due=stamp(m.due)) if m.due is not None else ""
    if m.my_turn:
        return t("mine.turn", table=table, where=where, since=stamp(m.since)) + deadline
    names = host.names(rec)
    waiting = ", ".join(names.get(p, p) for p in m.waiting)
    said = t("mine.other", table=table, where=where, names=waiting, since=stamp(m.since))
    return said + deadline


def group(m: MyTable) -> str:
    if m.my_turn:
        return HEADS[0]
    return HEADS[1] if m.rec.status == "running" else HEADS[2]


def listing(client: Any, host: SessionHost, tables: list[MyTable]) -> str:
    """The answer, within one message: the tables that do not fit are counted at the end."""
    if not tables:
        return t("mine.none")
    out: list[str] = []
    head = None
    for i, m in enumerate(tables):
        shown = [t(group(m))] if group(m) != head else []
        shown.append("• " + line(client, host, m))
        more = tn("mine.more", len(tables) - i)
        if len("\n".join([*out, *shown, more])) > CONTENT_LIMIT:
            out.append(more)
            break
        out.extend(shown)
        head = group(m)
    return "\n".join(out)


@edge
async def mine(interaction: Interaction) -> None:
    user, _ = who(interaction)
    client = interaction.client
    host = client.host
    tables = await within(interaction, my_tables(host, user, lambda g: shares(client, g)))
    await say(interaction, listing(client, host, tables))
