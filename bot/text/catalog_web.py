"""The English texts of the web surface (issue 32: ``bot.web``, **Open board**), registered
beside :mod:`bot.text.catalog_en`."""

# ruff: noqa: E501  (a catalogue of sentences: one line per text reads best)

from __future__ import annotations

from bot.text.i18n import register

WEB: dict[str, str | tuple[str, ...]] = {
    "web.open_board": "Open board",
    "web.open_link": "Your board for this table, in the browser (the link works once, for 15 minutes, and only for you): {url}",
    "web.off": "The board page is switched off on this bot. Play on the board here.",
    "web.error.forged": "This sign-in is not valid. Open the board again from Discord.",
    "web.error.expired": "This sign-in has expired. Open the board again from Discord.",
    "web.error.other_table": "This sign-in is for another table. Open this table's board from Discord.",
    "web.error.used": "This link has already been used. Press **Open board** in Discord for a new one.",
    "web.error.no_table": "There is no such table. Open the board again from Discord.",
    "web.error.no_channel_table": "There is no game in this channel. Start one with /game new.",
    "web.error.bad_message": "That message was not understood.",
    "web.error.flood": "Too many messages at once. Wait a moment, then open the board again.",
    "web.error.failed": "That did not work. Try again in a moment.",
    "web.error.starting": "The bot is starting. Try again in a few seconds.",
    "web.error.signin_failed": "Discord did not confirm who you are. Close the board and open it again.",
    "web.error.signin_off": "Signing in with Discord is not set up on this bot. Use **Open board** in the chat.",
    "web.error.not_built": "The board page is not installed on this bot.",
    "web.error.not_found": "There is nothing here.",
    "web.error.bad_request": "The request was not understood.",
    "web.replay.frame": "Turn {n} of {total}",
    "web.replay.first": "⏮ First",
    "web.replay.last": "Last ⏭",
    "web.replay.alt": "The board after this turn",
    "web.standings.title": "Standings of this server",
    "web.link.title": "In the browser",
    "web.link.replay": "Replay, turn by turn: {url}",
    "web.link.standings": "This server's standings: {url}",
}

register(WEB)
