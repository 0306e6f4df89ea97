"""``/help`` (issue 24 item 1): one short page in the reader's language (what the bot does, a
table, secret choices by DM or the fallback button, the turn clock, undo, watching, history,
learning, languages) with a button to each game's rules. A message that mentions the bot, or
a DM saying "help", gets the same page.

The bot has no message-content intent: Discord still gives it the text of DMs and of the
messages that mention it, which is all this needs."""

from __future__ import annotations

import logging
import re
from typing import Any

import discord

from bot.adapter.boundary import edge, say
from bot.adapter.components_teach import HelpRulesButton
from bot.adapter.handlers.common import Interaction
from bot.adapter.handlers.rules import fold
from bot.adapter.prompts import clip, clip_block, make_view
from bot.text.i18n import game_title, t, using

log = logging.getLogger(__name__)

ROW_MAX = 5
#: what a DM may say to get the page (accents and case aside; a leading "/" or "!" too)
ASKS = frozenset({"help", "?", "pomoc", "napoveda", "hilfe", "aide", "ayuda"})
CZECH_ASKS = frozenset({"pomoc", "napoveda"})


def help_payload(games: dict[str, Any]) -> dict[str, Any]:
    """The page (an embed) and a button per game to its rules, in the current language."""
    titles = [game_title(g.id, g.title) for g in games.values()]
    embed = discord.Embed(
        title=t("help.title"),
        description=clip_block(t("help.text", games=", ".join(titles)), 4000),
        colour=discord.Colour.dark_teal(),
    )
    embed.set_footer(text=t("help.footer"))
    buttons: list[discord.ui.Item[Any]] = []
    buttons += [
        HelpRulesButton(
            gid, label=clip(t("help.rules_button", game=title), 80), row=min(i // ROW_MAX, 4)
        )
        for i, (gid, title) in enumerate(zip(games, titles, strict=True))
    ][: ROW_MAX * 5]
    return {"embed": embed, "view": make_view(buttons) if buttons else None}


@edge
async def help_command(interaction: Interaction) -> None:
    payload = help_payload(interaction.client.host.registry)
    await say(interaction, **{k: v for k, v in payload.items() if v is not None})


def asks_for_help(message: discord.Message, me: discord.abc.User) -> bool:
    """A DM saying "help" (or "pomoc"...), or any message that mentions the bot itself."""
    if message.guild is None:
        words = fold(re.sub(r"<@!?\d+>", " ", message.content)).strip(" /!.")
        return words in ASKS
    return any(u.id == me.id for u in message.mentions)


async def help_message(client: discord.Client, message: discord.Message) -> None:
    """Answer a mention (a reply in the channel, in the server's language) or a DM (in the
    user's language; Czech when asked in Czech) with the /help page."""
    me = client.user
    if me is None or message.author.bot or not asks_for_help(message, me):
        return
    languages: Any = getattr(client, "languages", None)
    host: Any = getattr(client, "host", None)
    if message.guild is not None:
        code = await languages.channel(str(message.guild.id)) if languages else "en"
    elif fold(message.content).strip(" /!.") in CZECH_ASKS:
        code = "cs"
    else:
        code = await languages.user(str(message.author.id)) if languages else "en"
    with using(code):
        payload = help_payload(host.registry if host is not None else {})
    kwargs = {k: v for k, v in payload.items() if v is not None}
    try:
        if message.guild is not None:
            await message.reply(mention_author=False, **kwargs)
        else:
            await message.channel.send(**kwargs)
    except discord.HTTPException as exc:
        log.info("help for %s not sent: %s", message.author.id, exc)
