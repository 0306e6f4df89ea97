"""The **Rematch** button under a finished game's final standings (issue 14, part 3).

A player of the finished game presses it: a new lobby opens in the same channel with the same
game, options and turn clock, the AI seats back as AI, the presser seated and the other humans
invited by mention (each presses **Join**); the seed is drawn when the game starts. A second
press, a press after another game was opened in the channel, or one by someone who did not
play gets one short ephemeral answer (the host's refusal) and changes nothing.
"""

from __future__ import annotations

import discord

from bot.adapter import book
from bot.adapter.boundary import edge, note_game
from bot.adapter.handlers.common import Interaction, payload_kwargs, who
from bot.adapter.handlers.lobby import lobby_message
from bot.text.i18n import t


def invitation(opener: str, invited: list[str]) -> str:
    """The line above the new lobby: who asked, whom it waits for."""
    names = [f"<@{p}>" for p in invited if p.isdigit()]
    if not names:
        return t("rematch.opened", who=opener)
    return t("rematch.invite", who=opener, names=", ".join(names))


@edge
async def rematch(interaction: Interaction, session: int) -> None:
    host = interaction.client.host
    user, name = who(interaction)
    rec, invited = await host.rematch(session, user, name)
    note_game(interaction, rec.game)
    if book.of(await host.current(session)).get("teach"):  # the rematch teaches too
        rec = await book.update(host, rec.id, lambda meta: meta.__setitem__("teach", True))
    await interaction.response.send_message(
        invitation(name, invited),
        allowed_mentions=discord.AllowedMentions(users=True),
        **payload_kwargs(lobby_message(host, rec)),
    )
    message = await interaction.original_response()
    await book.update(host, rec.id, lambda meta: meta.__setitem__("lobby", message.id))
