# ruff: noqa: E501  (a catalogue of sentences: one line per text reads best)
"""The English texts of ``/game mine`` (issue 27 item 3) and of ``/crowntable mydata`` and
``forget-me`` (issue 31 item 4). Registered beside :mod:`bot.text.catalog_en`."""

from __future__ import annotations

from bot.text.i18n import register

USERDATA: dict[str, str | tuple[str, ...]] = {
    # command names (bot.text.catalog_commands explains the keys) and descriptions
    "command.game.mine.name": "mine",
    "command.mine.name": "mine",
    "command.crowntable.mydata.name": "mydata",
    "command.crowntable.forget-me.name": "forget-me",
    "cmd.mine": "Your tables in every server, the ones where it is your turn first",
    "cmd.mydata": "Get everything Crowntable stores about you, as a file",
    "cmd.forget_me": "Delete your ratings and settings; your past games keep an anonymous player",
    # /game mine
    "mine.none": "You are not seated at any table. Open one with `/game new`, or press **Join** on a lobby.",
    "mine.head_turn": "**Your turn**",
    "mine.head_waiting": "**Waiting for the others**",
    "mine.head_lobby": "**Not started yet**",
    "mine.table": "[{game} #{id}]({link})",
    "mine.where": "{server}, {channel}",
    "mine.turn": "{table} · {where} · your turn began {since}",
    "mine.other": "{table} · {where} · waiting for {names} · the turn began {since}",
    "mine.lobby": (
        "{table} · {where} · {n} player seated",
        "{table} · {where} · {n} players seated",
    ),
    "mine.deadline": " · deadline {due}",
    "mine.more": ("… and {n} more table.", "… and {n} more tables."),
    "mine.dm_server": "another server",
    # /crowntable mydata
    "mydata.done": "Everything Crowntable stores about you, as JSON: your settings, {tables}, {moves} and {ratings}. Only you see this.",
    "mydata.done_gz": "Everything Crowntable stores about you, as JSON compressed with gzip (it is large): your settings, {tables}, {moves} and {ratings}. Only you see this.",
    "mydata.tables": ("{n} table", "{n} tables"),
    "mydata.ratings": ("{n} rating", "{n} ratings"),
    "error.mydata_too_big": "Your data is too large to send here even compressed ({size} MiB). Please ask the bot's operator for it.",
    # /crowntable forget-me
    "forget.ask": (
        "Forget you? This deletes your ratings, your settings and what you were taught, stops what you watch, and puts an anonymous player in your place at the {n} table you sat at (its game still replays). It cannot be undone. What was already posted in the channels stays as it is.",
        "Forget you? This deletes your ratings, your settings and what you were taught, stops what you watch, and puts an anonymous player in your place at the {n} tables you sat at (their games still replay). It cannot be undone. What was already posted in the channels stays as it is.",
    ),
    "forget.ask_none": "Forget you? This deletes your ratings, your settings and what you were taught, and stops what you watch; you have not played at any table yet. It cannot be undone.",
    "forget.confirm": "Forget me",
    "forget.cancelled": "Nothing was changed.",
    "forget.done": (
        "Done: your ratings and settings are deleted, and {anon} takes your place at {n} table.",
        "Done: your ratings and settings are deleted, and {anon} takes your place at {n} tables.",
    ),
    "error.still_playing": "Tables you are still at: {ids}. You can be forgotten once every game you sit at (or left to the AI) has ended: leave the lobbies, finish the games or ask their host to abandon them.",
    "error.forget_unsafe": "Table #{id} could not be anonymised without breaking its replay, so nothing was changed. Please tell the bot's operator.",
    "error.forget_not_yours": "Only the player who asked can answer this.",
    "error.forget_expired": "This question has expired and nothing was changed. Use `/crowntable forget-me` again.",
}

register(USERDATA)
