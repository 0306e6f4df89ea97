"""The lobby: open a table (inviting members), join, leave, add an AI seat, change the
options, invite, start, cancel; abandon and kick. The lobby message itself:
:mod:`bot.adapter.lobby_message`."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.adapter import book, invite, lobby_options
from bot.adapter.boundary import STORED, edge, note_game
from bot.adapter.handlers.common import (
    Interaction,
    can_manage,
    channel_key,
    guild_key,
    payload_kwargs,
    safe_name,
    who,
)
from bot.adapter.lobby_message import ai_level_select, lobby_message, show_lobby
from bot.adapter.respond import ack, answer, update, within
from bot.adapter.translator import channel_locale
from bot.core.ai_runner import level_label
from bot.core.errors import HostError
from bot.core.host import TURN_CLOCKS
from bot.core.options import bad_value
from bot.core.store import Seat, SessionRecord
from bot.text.i18n import t, using

log = logging.getLogger(__name__)
__all__ = ["ai_level_select", "lobby_message", "refresh_lobby"]


async def refresh_lobby(interaction: Interaction, rec: SessionRecord) -> None:
    """The lobby message edited to show ``rec``; once the table left the lobby, its
    invitations say so (:func:`bot.adapter.invite.expire`)."""
    await show_lobby(interaction.client, rec)
    await invite.expire(interaction.client, rec)


@edge
async def new_game(
    interaction: Interaction,
    game_id: str,
    options: dict[str, Any],
    turn_clock: str | None,
    teach: bool | None = None,
    invitees: list[invite.Invitee] | None = None,
) -> None:
    host = interaction.client.host
    user, name = who(interaction)
    note_game(interaction, game_id)
    if interaction.guild_id is None:  # a forged payload: /game is not offered in DMs
        raise HostError("guild_only")
    if turn_clock is not None and turn_clock not in TURN_CLOCKS:
        raise bad_value("turn_clock", turn_clock)
    locale = await channel_locale(interaction)
    rec, ids = await within(
        interaction,
        _create(interaction, game_id, options, TURN_CLOCKS[turn_clock or "24h"], invitees or []),
        ephemeral=False,
    )
    if teach:  # teach mode (issue 24): stored with the table, read by every prompt
        rec = await book.update(host, rec.id, lambda meta: meta.__setitem__("teach", True))
    await answer(interaction, ephemeral=False, **payload_kwargs(lobby_message(host, rec, locale)))
    message = await interaction.original_response()
    rec = await book.update(host, rec.id, lambda meta: meta.__setitem__("lobby", message.id))
    if ids:
        rec = await invite.send_invitations(interaction.client, rec, ids, name)
        await show_lobby(interaction.client, rec)


async def _create(
    interaction: Interaction,
    game_id: str,
    options: dict[str, Any],
    turn_secs: int | None,
    invitees: list[invite.Invitee],
) -> tuple[SessionRecord, list[str]]:
    """The new table and the ids to invite to it, checked first (a refusal opens nothing)."""
    host = interaction.client.host
    user, name = who(interaction)
    game = host.game(game_id)
    alone = SessionRecord(
        id=0,
        guild_id=guild_key(interaction),
        channel_id=channel_key(interaction),
        game=game_id,
        options={},
        seed=0,
        status="lobby",
        version=0,
        host_id=user,
        turn_secs=turn_secs,
        seats=[Seat(user, name)],
    )
    ids = invite.check_invitees(alone, invitees, game.max_players) if invitees else []
    rec = await host.create(
        guild_id=guild_key(interaction),
        channel_id=channel_key(interaction),
        game_id=game_id,
        options=options,
        user_id=user,
        user_name=name,
        turn_secs=turn_secs,
    )
    return rec, ids


# -- the lobby's actions: each returns the table after it and the text of a slash answer ------
Action = Callable[[Interaction, str, str], Awaitable[SessionRecord]]


async def _join(interaction: Interaction, user: str, name: str) -> SessionRecord:
    return await interaction.client.host.join(channel_key(interaction), user, name)


async def _add_ai(interaction: Interaction, user: str, name: str) -> SessionRecord:
    return await interaction.client.host.add_ai(
        channel_key(interaction), user, can_manage(interaction)
    )


async def _add_ai_level(interaction: Interaction, level: str, from_button: bool) -> None:
    """The level select (``ai:<level>``) or ``/game ai level``: an unknown level is refused
    before anything is written."""
    user, _ = who(interaction)
    rec = await interaction.client.host.add_ai(
        channel_key(interaction), user, can_manage(interaction), level=level
    )
    await _answer(
        interaction, rec, t("lobby.ai_added_level", level=level_label(level)), from_button, "ai"
    )


async def _cancel(interaction: Interaction, user: str, name: str) -> SessionRecord:
    return await interaction.client.host.cancel(
        channel_key(interaction), user, can_manage(interaction)
    )


ACTIONS: dict[str, tuple[Action, str]] = {
    "join": (_join, "lobby.joined"),
    "ai": (_add_ai, "lobby.ai_added"),
    "cancel": (_cancel, "lobby.cancelled_by"),
}


async def _start(interaction: Interaction, from_button: bool) -> None:
    """Acknowledged at once (drawing the first board takes a while), then started."""
    client = interaction.client
    await ack(interaction, ephemeral=True, update=from_button)
    out = await client.host.start(
        channel_key(interaction), who(interaction)[0], can_manage(interaction)
    )
    interaction.extras[STORED] = "error.start_not_shown"
    await refresh_lobby(interaction, out.record)
    await client.publisher.publish(out)
    if not from_button:
        await answer(interaction, t("lobby.started"))


async def _leave(interaction: Interaction, from_button: bool) -> None:
    client = interaction.client
    user, name = who(interaction)
    out = await within(
        interaction, client.host.leave(channel_key(interaction), user), update=from_button
    )
    if out.record.status == "running":  # an AI took the seat
        await ack(interaction, update=from_button)
        await client.publisher.publish(out)
        await answer(interaction, t("lobby.left_running"))
        return
    await _answer(interaction, out.record, t("lobby.left", name=name), from_button, "leave")


async def _answer(
    interaction: Interaction, rec: SessionRecord, text: str, from_button: bool, action: str
) -> None:
    """A button edits the lobby message; a slash command answers and then edits it."""
    if from_button:
        await update(
            interaction,
            **lobby_message(interaction.client.host, rec, await channel_locale(interaction)),
        )
    else:
        if action == "cancel":  # said in the channel
            with using(await channel_locale(interaction)):
                text = t("lobby.cancelled_by", name=who(interaction)[1])
        await answer(interaction, text, ephemeral=action != "cancel")
        await refresh_lobby(interaction, rec)
        return
    await invite.expire(interaction.client, rec)


async def _lobby_action(interaction: Interaction, action: str, from_button: bool) -> None:
    if action == "start":
        await _start(interaction, from_button)
    elif action == "leave":
        await _leave(interaction, from_button)
    elif action.startswith("ai:"):
        await _add_ai_level(interaction, action[3:], from_button)
    elif action in ("options", "invite"):
        rec = await interaction.client.host.active(channel_key(interaction))
        if rec.status != "lobby":
            raise HostError("not_in_lobby")
        opener = lobby_options.open_panel if action == "options" else invite.open_picker
        await opener(interaction, rec)
    elif action in ACTIONS:
        change, text_key = ACTIONS[action]
        user, name = who(interaction)
        rec = await within(
            interaction,
            change(interaction, user, name),
            ephemeral=action != "cancel",
            update=from_button,
        )
        await _answer(interaction, rec, t(text_key, name=name), from_button, action)
    else:
        raise HostError("stale")


@edge
async def lobby_button(interaction: Interaction, session: int, action: str) -> None:
    rec = await within(
        interaction, interaction.client.host.active(channel_key(interaction)), update=True
    )
    if rec.id != session:
        raise HostError("stale")
    note_game(interaction, rec.game)
    await _lobby_action(interaction, action, from_button=True)


@edge
async def lobby_command(interaction: Interaction, action: str) -> None:
    await _lobby_action(interaction, action, from_button=False)


@edge
async def abandon(interaction: Interaction) -> None:
    client = interaction.client
    user, name = who(interaction)
    rec = await within(
        interaction,
        client.host.abandon(channel_key(interaction), user, can_manage(interaction)),
        ephemeral=False,
    )
    with using(await channel_locale(interaction)):
        said = t("host.abandoned" if rec is not None else "host.abandoned_damaged", name=name)
    await answer(interaction, said, ephemeral=False)
    if rec is None:  # a damaged table, closed unread: nothing to show
        return
    if book.of(rec).get("board"):
        await client.publisher.refresh(rec.id)
    else:
        await refresh_lobby(interaction, rec)


@edge
async def kick(interaction: Interaction, member: discord.abc.User) -> None:
    client = interaction.client
    user, _ = who(interaction)
    try:
        out = await within(
            interaction,
            client.host.kick(
                channel_key(interaction), user, str(member.id), can_manage(interaction)
            ),
        )
    except HostError as exc:
        if exc.code == "nobody_to_kick":
            raise HostError("nobody_to_kick", name=safe_name(member.display_name)) from None
        raise
    await answer(interaction, t("kick.done", name=safe_name(member.display_name)))
    if out.record.status == "running":
        await client.publisher.publish(out)
    else:
        await refresh_lobby(interaction, out.record)
