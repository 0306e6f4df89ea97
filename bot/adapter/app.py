"""The adapter's wiring: a :class:`~bot.adapter.client.Crowntable` with its slash commands,
its persistent components and their routes, and the error boundary; and ``crowntable run``."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable

import aiohttp
import discord

import bot.text.catalog_en  # noqa: F401  (registers the English catalogue)
import games
from bot.adapter import boundary, handlers, health, web_button, web_surface
from bot.adapter.client import Crowntable
from bot.adapter.commands import crowntable as crowntable_commands
from bot.adapter.commands import game as game_commands
from bot.adapter.commands import help as help_commands
from bot.adapter.commands import standings as standings_commands
from bot.adapter.components import ITEMS
from bot.adapter.handlers import web as web_handlers
from bot.adapter.web_button import OpenBoardButton
from bot.core.config import Config
from bot.core.store import StoreError

log = logging.getLogger("crowntable")


def make_client(config: Config) -> Crowntable:
    """The bot, ready to ``start``: commands in its tree, components routed to handlers."""
    # no voice here: nobody needs discord.py's warnings that voice libraries are missing
    discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
    client = Crowntable(config, handlers.ROUTES)
    client.http.http_trace = health.discord_trace()  # read when the HTTP session is made
    client.add_dynamic_items(*ITEMS, OpenBoardButton)
    web_button.on_click = web_handlers.open_board
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


class JsonLines(logging.Formatter):
    """``LOG_FORMAT=json``: one JSON object per line (time, level, logger, message, and the
    error's traceback when there is one). The messages are the same as in text: no token, no
    secret is ever logged."""

    def format(self, record: logging.LogRecord) -> str:
        entry = {
            "time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S%z"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info:
            entry["error"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False)


def setup_logging(level: str, fmt: str = "text") -> None:
    number = getattr(logging, level, logging.INFO)
    logging.basicConfig(level=number, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if fmt == "json":
        for handler in logging.getLogger().handlers:
            handler.setFormatter(JsonLines())
    for name in QUIET_LOGGERS:
        logging.getLogger(name).setLevel(max(number, logging.INFO))
    logging.getLogger("discord.http").setLevel(logging.WARNING)


async def serve(client: Crowntable) -> None:
    """Log in and stay connected until ``client.close()`` (what ``crowntable run`` does; the
    end-to-end tests call it too, against a fake Discord), with the health and metrics
    listener when ``HTTP_PORT`` is set and the web surface when ``WEB_PORT`` is."""
    async with client, health.listening(client), web_surface.running(client):
        await client.start(client.config.token or "", reconnect=True)


#: what Discord being out of reach looks like at login (the network, DNS, a 5xx, no gateway)
UNREACHABLE = (
    aiohttp.ClientError,
    OSError,
    TimeoutError,
    discord.GatewayNotFound,
    discord.DiscordServerError,
)
#: seconds before the first retry when Discord cannot be reached, doubling up to the cap
RETRY_FIRST_S, RETRY_MAX_S = 5.0, 300.0


def run_bot(config: Config, sleep: Callable[[float], None] = time.sleep) -> int:
    """``crowntable run``: 0 when stopped, 2 when Discord refuses the token or the database
    goes bad. Discord out of reach is one log line and a retry after 5 s, 10 s, 20 s ... at
    most 5 minutes apart, until it answers."""
    setup_logging(config.log_level, config.log_format)
    delay = RETRY_FIRST_S
    while True:
        try:
            asyncio.run(serve(make_client(config)))
        except discord.LoginFailure:
            log.error("Discord refused the token: check DISCORD_TOKEN in .env")
            return 2
        except StoreError as exc:  # the database went bad between the start-up check and now
            log.error("%s", exc)
            return 2
        except KeyboardInterrupt:
            return 0
        except UNREACHABLE as exc:
            reason = str(exc) or type(exc).__name__
            log.error("cannot reach Discord (%s); trying again in %.0f s", reason, delay)
            sleep(delay)
            delay = min(delay * 2, RETRY_MAX_S)
            continue
        return 0
