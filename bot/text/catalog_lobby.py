# ruff: noqa: E501  (a catalogue of sentences: one line per text reads best)
"""The English texts of the editable lobby and of invitations (issue 27 items 1 and 2).
Registered beside :mod:`bot.text.catalog_en`."""

from __future__ import annotations

from bot.text.i18n import register

LOBBY: dict[str, str | tuple[str, ...]] = {
    # the lobby message
    "lobby.invite_button": "Invite",
    "lobby.invited": "Invited",
    "lobby.cannot_start": "⏳ Not ready to start: {reason}",
    "lobby.wait_players": "{game} needs at least {n} players.",
    # the options panel (the host's only) and its modal
    "options.title": "Options of table #{id}: {game}",
    "options.help": "Every option of the game with its value now, what it can be and its default. Pick one below to change it; the seated players stay seated.",
    "options.pick": "Change an option…",
    "options.now": "Now: {value}",
    "options.allowed": "Can be: {values}",
    "options.default": "Default: {value}",
    "options.allowed_int": "a whole number from {min} to {max}, or empty for the rulebook's length",
    "options.allowed_text": "as described above; empty for the default",
    "options.auto": "as the rulebook says",
    "options.modal_title": "Change: {name}",
    "options.changed": "✅ {name}: {value}. The lobby shows it now.",
    # invitations
    "invite.option": "A member to invite: they get a DM with the table and a Join button",
    "invite.pick": "Choose the members to invite…",
    "invite.pick_help": "Free seats at the table: {n}. Choose whom to invite; each gets a DM with a **Join** button.",
    "invite.sent": "📨 Invited: {names}.",
    "invite.title": "Invitation to table #{id}: {game}",
    "invite.body": "{host} invites you to play at a table in {channel}. Press **Join** to take a seat; the game is played in that channel.",
    "invite.ping": "📨 {names}: {host} invites you to this table. Press **Join** on the lobby to take a seat.",
    "invite.seated": "✅ You are seated. The game will be played in {channel}.",
    "error.invite_too_many": "Free seats at the table: {n} (it has {max}). Invite fewer members.",
    "error.invite_self": "You are the host of this table; invite other members.",
    "error.invite_again": "{who} is already seated or invited at this table.",
    "error.invite_not_member": "{who} is not a member of this server, so they cannot be invited.",
    "error.invite_bot": "{who} is a bot; add an AI seat with **Add AI** instead.",
    "error.invite_not_yours": "This invitation is for someone else.",
    "error.invite_expired_started": "This table has started without you; the invitation has expired.",
    "error.invite_closed": "This table was closed; the invitation has expired.",
}
#: the slash options' names (``invite1`` .. ``invite7``: a member picker per seat but one)
LOBBY.update({f"option.invite{i}.name": f"invite{i}" for i in range(1, 8)})
register(LOBBY)
