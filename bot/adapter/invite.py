"""Invitations (issue 27 item 2): ``/game new … invite1:@a invite2:@b`` and the lobby's
**Invite** (a member picker, only to the host). Each invitee gets one DM with the table, the
game, the options and a **Join** that works from the DM (its custom_id names the table); one
whose DMs are closed is mentioned once in the channel instead. The invitations are kept in the
table's bookkeeping (``invited``) and expire with the lobby: their DMs then say so."""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from typing import Any

import discord

from bot.adapter import book
from bot.adapter.boundary import edge
from bot.adapter.handlers.common import Interaction, can_manage, who
from bot.adapter.lobby_message import options_text, show_lobby, table_locale
from bot.adapter.prompts import make_view
from bot.adapter.respond import answer, update, within
from bot.core.errors import HostError
from bot.core.lobby import authorise_host
from bot.core.store import SessionRecord
from bot.text.i18n import game_title, t, using

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Invitee:
    """A user to invite, as Discord resolved them: whether they are a member of the server
    (a slash option or a user select resolves members) and whether they are a bot."""

    id: str
    member: bool
    bot: bool


def invitee(user: discord.abc.User) -> Invitee:
    return Invitee(str(user.id), isinstance(user, discord.Member), bool(user.bot))


def check_invitees(rec: SessionRecord, invitees: list[Invitee], max_players: int) -> list[str]:
    """The ids of ``invitees`` when each may be invited to ``rec``: a member of the server,
    not a bot, not the host, not seated, not invited already, no more than the free seats
    (so at most the game's maximum but one); else the first refusal."""
    free = max_players - len(rec.seats)
    ids = list(dict.fromkeys(i.id for i in invitees))  # each once, in order
    if len(ids) > free:
        raise HostError("invite_too_many", n=free, max=max_players)
    invited = book.of(rec).get("invited", {})
    for person in invitees:
        if person.id == rec.host_id:
            raise HostError("invite_self")
        if person.bot:
            raise HostError("invite_bot", who=f"<@{person.id}>")
        if not person.member:
            raise HostError("invite_not_member", who=f"<@{person.id}>")
        if rec.seat_of(person.id) or person.id in invited:
            raise HostError("invite_again", who=f"<@{person.id}>")
    return ids


def table_place(client: Any, rec: SessionRecord) -> str:
    """``[#herna · Deskovky](link to the lobby)`` from a DM (``<#channel>`` when unknown)."""
    get_guild = getattr(client, "get_guild", None)
    guild = get_guild(int(rec.guild_id)) if get_guild and rec.guild_id else None
    channel = guild.get_channel_or_thread(int(rec.channel_id)) if guild else None
    lobby = book.of(rec).get("lobby")
    if guild is None or channel is None or not lobby:
        return f"<#{rec.channel_id}>"
    link = f"https://discord.com/channels/{rec.guild_id}/{rec.channel_id}/{lobby}"
    return f"[#{channel.name} · {guild.name}]({link})"


def invitation_message(client: Any, rec: SessionRecord, inviter: str) -> dict[str, Any]:
    """The invitation DM: the table, the game, its options and seats, and **Join**."""
    game = client.host.game(rec.game)
    embed = discord.Embed(
        title=t("invite.title", game=game_title(rec.game, game.title), id=rec.id),
        description=t("invite.body", host=inviter, channel=table_place(client, rec)),
        colour=discord.Colour.blue(),
    )
    seats = ", ".join(s.name for s in rec.seats)
    embed.add_field(name=t("lobby.players", n=len(rec.seats), max=game.max_players), value=seats)
    embed.add_field(name=t("lobby.options"), value=options_text(game, rec), inline=False)
    button = InviteJoinButton(rec.id, label=t("lobby.join"))
    return {"embed": embed, "view": make_view([button])}


async def send_invitations(
    client: Any, rec: SessionRecord, ids: list[str], inviter: str
) -> SessionRecord:
    """One DM per invitee (in their language), one channel line for those with closed DMs;
    the invitations stored with the table."""
    sent: dict[str, list[int]] = {}
    closed: list[str] = []
    channel_lang = await table_locale(client, rec)
    for uid in ids:
        with using(await client.languages.user(uid, channel_lang)):
            payload = invitation_message(client, rec, inviter)
        message = await client.publisher.send_dm(uid, rec.created_at, **payload)
        sent[uid] = [message.channel.id, message.id] if message is not None else []
        if message is None:
            closed.append(uid)
    rec = await book.update(
        client.host, rec.id, lambda meta: meta.setdefault("invited", {}).update(sent)
    )
    if closed:
        with using(channel_lang):
            text = t("invite.ping", names=" ".join(f"<@{p}>" for p in closed), host=inviter)
        channel = client.get_partial_messageable(int(rec.channel_id))
        try:
            users = [discord.Object(int(p)) for p in closed]
            await channel.send(text, allowed_mentions=discord.AllowedMentions(users=users))
        except discord.HTTPException as exc:
            log.info("invitation line in %s not sent: %s", rec.channel_id, exc)
    return rec


async def expire(client: Any, rec: SessionRecord) -> None:
    """The table left the lobby: each invitation DM not yet used says so, without Join."""
    meta = book.of(rec)
    if rec.status == "lobby" or meta.get("invites_expired") or not meta.get("invited"):
        return
    await book.update(client.host, rec.id, lambda m: m.__setitem__("invites_expired", True))
    key = "error.invite_expired_started" if rec.status == "running" else "error.invite_closed"
    game = client.host.game(rec.game)
    for uid, ref in meta.get("invited", {}).items():
        if len(ref) != 2 or rec.seat_of(uid):
            continue
        with using(await client.languages.user(uid, await table_locale(client, rec))):
            embed = discord.Embed(
                title=t("invite.title", game=game_title(rec.game, game.title), id=rec.id),
                description=t(key),
            )
        try:
            dm = client.get_partial_messageable(ref[0])
            await dm.get_partial_message(ref[1]).edit(embed=embed, view=None)
        except discord.HTTPException as exc:
            log.info("invitation DM %s not updated: %s", ref, exc)


async def open_picker(interaction: Interaction, rec: SessionRecord) -> None:
    """The Invite button: a member picker, only to the host (or a manager)."""
    authorise_host(rec, who(interaction)[0], can_manage(interaction))
    game = interaction.client.host.game(rec.game)
    free = game.max_players - len(rec.seats)
    if free <= 0:
        raise HostError("lobby_full", max=game.max_players)
    picker = InviteSelect(rec.id, max_values=min(25, free), placeholder=t("invite.pick"))
    await answer(interaction, t("invite.pick_help", n=free), view=make_view([picker]))


@edge
async def invite_picked(interaction: Interaction, session: int, chosen: list[Invitee]) -> None:
    client = interaction.client
    user, name = who(interaction)
    rec = await client.host.get(session)
    if rec.status != "lobby":
        raise HostError("not_in_lobby")
    authorise_host(rec, user, can_manage(interaction))
    ids = check_invitees(rec, chosen, client.host.game(rec.game).max_players)
    names = " ".join(f"<@{p}>" for p in ids)
    await update(interaction, content=t("invite.sent", names=names), view=None)
    rec = await send_invitations(client, rec, ids, name)
    await show_lobby(client, rec)


@edge
async def join_from_dm(interaction: Interaction, session: int) -> None:
    """An invitation's Join, pressed in the DM: seated at that table, the lobby updated."""
    client = interaction.client
    user, name = who(interaction)
    rec = await client.host.get(session)
    if user not in book.of(rec).get("invited", {}):
        raise HostError("invite_not_yours")
    if rec.status != "lobby":
        raise HostError("invite_expired_started" if rec.status == "running" else "invite_closed")
    rec = await within(interaction, client.host.lobby.join_table(session, user, name), update=True)
    game = client.host.game(rec.game)
    embed = discord.Embed(
        title=t("invite.title", game=game_title(rec.game, game.title), id=rec.id),
        description=t("invite.seated", channel=table_place(client, rec)),
        colour=discord.Colour.green(),
    )
    await update(interaction, embed=embed, view=None)
    await show_lobby(client, rec)


class InviteSelect(
    discord.ui.DynamicItem[discord.ui.UserSelect[Any]], template=r"ct:iv:(?P<sid>\d+)"
):
    """The lobby's member picker: the members chosen are invited."""

    def __init__(self, session: int, *, max_values: int = 1, placeholder: str = "") -> None:
        self.session = session
        super().__init__(
            discord.ui.UserSelect(
                custom_id=f"ct:iv:{session}",
                placeholder=placeholder or None,
                min_values=1,
                max_values=max_values,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> InviteSelect:
        return cls(int(match["sid"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await invite_picked(interaction, self.session, [invitee(u) for u in self.item.values])


class InviteJoinButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"ct:ij:(?P<sid>\d+)"
):
    """An invitation's Join, in the invitee's DM."""

    def __init__(self, session: int, *, label: str = "") -> None:
        self.session = session
        super().__init__(
            discord.ui.Button(
                label=label or "Join",
                style=discord.ButtonStyle.primary,
                custom_id=f"ct:ij:{session}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> InviteJoinButton:
        return cls(int(match["sid"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await join_from_dm(interaction, self.session)


ITEMS = (InviteSelect, InviteJoinButton)
