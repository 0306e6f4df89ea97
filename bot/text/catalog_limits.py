# ruff: noqa: E501  (a catalogue of sentences: one line per text reads best)
"""The English texts of issue 31's limits: "slow down" (bot.adapter.throttle) and ``/game end``
(bot.adapter.handlers.ending). Registered beside :mod:`bot.text.catalog_en`."""

from __future__ import annotations

from bot.text.i18n import register

LIMITS: dict[str, str | tuple[str, ...]] = {
    "error.slow_down": "Slow down: that was too many clicks or commands at once, so nothing was done. Wait a few seconds, then try again.",
    "error.end_not_manager": "Only members with Manage Channels can end tables with `/game end`. The player who opened a table can stop it with `/game abandon`.",
    "error.end_not_open": "Table #{id} is already over; there is nothing to end.",
    "end.done": "Table #{id} in {channel} is ended. It will not count in the standings.",
    "cmd.end": "End any open table of this server without a result (Manage Channels)",
    "command.game.end.name": "end",
}

register(LIMITS)
