"""``/teach on|off`` (issue 24 item 5): a player's own teach mode, for every table from now on
(:mod:`bot.adapter.teaching`); anyone may set their own, in a server or in a DM."""

from __future__ import annotations

from bot.adapter.boundary import edge, say
from bot.adapter.handlers.common import Interaction, who
from bot.adapter.respond import within
from bot.text.i18n import t


@edge
async def teach(interaction: Interaction, on: bool) -> None:
    user, _ = who(interaction)
    await within(interaction, interaction.client.publisher.teaching.choose(user, on))
    await say(interaction, t("teach.on" if on else "teach.off"))
