"""The adapter's wiring: a :class:`~bot.adapter.client.Crowntable` with its slash commands,
its persistent components and their routes, and the error boundary; and ``crowntable run``."""

from __future__ import annotations

import asyncio
import logging

import discord

import bot.text.catalog_en  # noqa: F401  (registers the English catalogue)
import games
from bot.adapter import boundary, handlers
from bot.adapter.client import Crowntable
from bot.adapter.commands import crowntable as crowntable_commands
from bot.adapter.commands import game as game_commands
from bot.adapter.commands import help as help_commands
from bot.adapter.commands import standings as standings_commands
from bot.adapter.components import ITEMS
from bot.core.config import Config
from bot.core.store import StoreError

log = logging.getLogger("crowntable")


def make_client(config: Config) -> Crowntable:
    """The bot, ready to ``start``: commands in its tree, components routed to handlers."""
    client = Crowntable(config, handlers.ROUTES)
    client.add_dynamic_items(*ITEMS)
    client.tree.add_command(game_commands.build(games.REGISTRY))
    client.tree.add_command(crowntable_commands.build())
    for command in standings_commands.build(games.REGISTRY):
        client.tree.add_command(command)
    for top in help_commands.build():  # /help, /teach (issue 24)
        client.tree.add_command(top)
    client.tree.error(boundary.on_command_error)
    # refuses forged autocomplete requests (the tree's documented hook)
    setattr(client.tree, "interaction_check", boundary.check_command)  # noqa: B010
    return client


#: discord.py's debug logs carry whole gateway payloads (other players' hands in the bot's DM
#: events, interaction tokens) and REST bodies and webhook URLs (tokens): capped at INFO
#: whatever LOG_LEVEL says; LOG_LEVEL=DEBUG applies to Crowntable's own loggers
QUIET_LOGGERS = (
    "discord",
    "discord.gateway",
    "discord.http",
    "discord.webhook",
    "discord.state",
    "discord.client",
)


def setup_logging(level: str) -> None:
    number = getattr(logging, level, logging.INFO)
    logging.basicConfig(level=number, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    for name in QUIET_LOGGERS:
        logging.getLogger(name).setLevel(max(number, logging.INFO))
    logging.getLogger("discord.http").setLevel(logging.WARNING)


async def serve(client: Crowntable) -> None:
    """Log in and stay connected until ``client.close()`` (what ``crowntable run`` does; the
    end-to-end tests call it too, against a fake Discord)."""
    async with client:
        await client.start(client.config.token or "", reconnect=True)


def run_bot(config: Config) -> int:
    setup_logging(config.log_level)
    try:
        asyncio.run(serve(make_client(config)))
    except discord.LoginFailure:
        log.error("Discord refused the token: check DISCORD_TOKEN in .env")
        return 2
    except StoreError as exc:  # the database went bad between the start-up check and now
        log.error("%s", exc)
        return 2
    except KeyboardInterrupt:
        pass
    return 0
