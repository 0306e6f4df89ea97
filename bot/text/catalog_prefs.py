# ruff: noqa: E501  (a catalogue of sentences: one line per text reads best)
"""The English texts of vacations and notification preferences (issue 27 items 4 and 5):
``/crowntable away``, ``back`` and ``notify``, their refusals, the board's "on vacation"
line, the turn DM and the daily digest. Registered beside :mod:`bot.text.catalog_en`."""

from __future__ import annotations

from bot.text.i18n import register

PREFS: dict[str, str | tuple[str, ...]] = {
    # commands (names: the translator's keys; descriptions: found by their English)
    "command.crowntable.away.name": "away",
    "command.crowntable.back.name": "back",
    "command.crowntable.notify.name": "notify",
    "option.days.name": "days",
    "option.choice.name": "choice",
    "option.hour.name": "hour",
    "option.utc_offset.name": "utc_offset",
    "cmd.crowntable_away": "Go on vacation: your turn clocks pause in every table you sit at",
    "cmd.crowntable_away_days": "How many days (1–14; at most 14 days in any 60)",
    "cmd.crowntable_back": "End your vacation now: your turn clocks go on",
    "cmd.crowntable_notify": "How you are told that it is your turn",
    "cmd.crowntable_notify_choice": "Mention in the channel, a DM, a daily digest, or nothing",
    "cmd.crowntable_notify_hour": "The digest's hour in your own time (0–23)",
    "cmd.crowntable_notify_offset": "Your time zone as an offset from UTC, e.g. +1, -5 or +5:30",
    "notify.choice.mention": "Mention me in the channel",
    "notify.choice.dm": "DM me when it is my turn",
    "notify.choice.digest": "A daily digest by DM",
    "notify.choice.off": "Off",
    # counts
    "prefs.days": ("{n} day", "{n} days"),
    "prefs.window": ("any {n}-day period", "any {n}-day period"),
    # refusals
    "error.away_days": "Choose from 1 to {most} days of vacation, e.g. `/crowntable away days:3`.",
    "error.away_budget": "A vacation can be at most {most} in {window}; you have {left} left now. Choose fewer days.",
    "error.not_away": "You are not on vacation: your turn clocks run as usual.",
    "error.notify_choice": "There is no notification choice “{choice}”. Pick one from the list of the `choice` option.",
    "error.digest_hour": "The digest needs an hour from 0 to 23 in your own time, e.g. `hour:8`.",
    "error.utc_offset": "Give your offset from UTC in hours, e.g. `+1`, `-5` or `+5:30` (from -12 to +14).",
    # answers (only you see them)
    "prefs.at_tables": ("at {n} table", "at {n} tables"),
    "away.set": "🏖 You are on vacation until {when}. Your turn clocks are paused {tables}; the other players' clocks run as usual. A move of yours, or `/crowntable back`, ends it.",
    "away.back": "Welcome back! Your turn clocks go on {tables}, each with the time it had left.",
    "notify.set.mention": "When it is your turn, you will be mentioned in the table's channel (the default).",
    "notify.set.dm": "When it is your turn, you will get one DM (a mention in the channel if your DMs are closed).",
    "notify.set.digest": "Nothing per turn: every day at {hour}:00 your time (UTC{offset}) you will get one DM listing the tables waiting for you.",
    "notify.set.off": "You will not be told when it is your turn. Secret choices still come by DM, silently.",
    # what others see, and the DMs
    "board.away": "🏖 **{name}** is on vacation until {when}: their clock is paused.",
    "ping.turn_dm": "🎲 It's your turn in {game} at {place}.",
    "digest.head": ("☀️ {n} table is waiting for you:", "☀️ {n} tables are waiting for you:"),
    "digest.line": "• {game} #{table} at {place}",
}

register(PREFS)
