"""The Discord client: wires the store, the host, the commands and the persistent components."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any

import discord
from discord import app_commands

import bot.text.catalog_en  # noqa: F401  (registers the English catalogue)
from bot.adapter import handlers as actions
from bot.adapter.commands import game as game_cmds
from bot.adapter.commands import standings as standings_cmds
from bot.adapter.components import ITEMS
from bot.adapter.publish import Publisher
from bot.core.config import Config
from bot.core.errors import HostError
from bot.core.host import SessionHost
from bot.core.store import Store, open_store
from bot.text.i18n import t
from games.base import IllegalMove

log = logging.getLogger("crowntable")
SHUTDOWN_GRACE = 5.0


class Crowntable(discord.Client):
    """Default intents only: slash commands need no message content."""

    def __init__(self, config: Config, **kwargs: Any) -> None:
        options: dict[str, Any] = {}
        if config.shard_count:
            options["shard_count"] = config.shard_count
        super().__init__(intents=discord.Intents.default(), **options, **kwargs)
        self.config = config
        self.tree = app_commands.CommandTree(self)
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]
        self.store: Store = None  # type: ignore[assignment]
        self.host: SessionHost = None  # type: ignore[assignment]
        self.publisher = Publisher(self)
        self._clock_task: asyncio.Task[None] | None = None
        self._catch_up_task: asyncio.Task[None] | None = None
        self.synced = asyncio.Event()
        self.closing = False
        self._busy = 0
        self._idle = asyncio.Event()
        self._idle.set()

    @contextlib.asynccontextmanager
    async def working(self) -> AsyncIterator[None]:
        """Marks an interaction in progress: ``close`` waits for these before it lets go of
        Discord and the database."""
        self._busy += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._busy -= 1
            if self._busy == 0:
                self._idle.set()

    async def setup_hook(self) -> None:
        self.store = await open_store(self.config.database_url)
        self.host = SessionHost(self.store)
        self.add_dynamic_items(*ITEMS)
        self.tree.add_command(game_cmds.build(self.host.registry))
        for command in standings_cmds.build(self.host.registry):
            self.tree.add_command(command)
        if self.config.dev_guild_id:
            guild = discord.Object(self.config.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        self.synced.set()
        self._clock_task = asyncio.create_task(self.clock_loop(), name="turn-clock")
        self._catch_up_task = asyncio.create_task(self.catch_up(), name="catch-up")

    async def catch_up(self) -> None:
        """After a crash or restart, show every change that was stored but not yet published
        (board, prompts, DMs, final standings)."""
        for session_id in await self.store.unpublished_sessions():
            if self.closing:
                return
            try:
                async with self.working():
                    await self.publisher.refresh(session_id)
            except Exception:
                log.exception("catch-up of session %s failed", session_id)

    async def on_ready(self) -> None:
        log.info("ready as %s in %d guilds", self.user, len(self.guilds))

    async def clock_loop(self) -> None:
        """Reminders at half time and moves for idle players at the deadline (restart-safe:
        the deadlines live in the database)."""
        while not self.closing:
            try:
                async with self.working():
                    await actions.publish_clock(self, await self.host.run_clock())
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("turn clock tick failed")
            await asyncio.sleep(self.config.clock_interval)

    async def on_app_command_error(self, interaction: discord.Interaction[Any],
                                   error: app_commands.AppCommandError) -> None:
        original = getattr(error, "original", error)
        if isinstance(original, (HostError, IllegalMove)):
            text = str(original)
        elif isinstance(error, app_commands.NoPrivateMessage):
            text = t("error.guild_only")
        elif isinstance(error, app_commands.TransformerError):
            text = t("error.bad_input")
        else:
            log.error("command %s failed", interaction.command and interaction.command.name,
                      exc_info=original)
            text = t("error.internal")
        try:
            await actions.say(interaction, text)
        except discord.HTTPException:
            pass

    async def close(self) -> None:
        """Stop taking new work, let interactions in progress finish (at most
        ``SHUTDOWN_GRACE`` seconds), then leave Discord and close the database."""
        self.closing = True
        try:
            await asyncio.wait_for(self._idle.wait(), SHUTDOWN_GRACE)
        except TimeoutError:
            log.warning("closing with %d interactions still running", self._busy)
        for task in (self._clock_task, self._catch_up_task):
            if task is not None and not task.done():
                task.cancel()
                try:
                    await task
                except (asyncio.CancelledError, Exception):
                    pass
        await super().close()
        if self.store is not None:
            await self.store.close()


def setup_logging(level: str) -> None:
    logging.basicConfig(level=getattr(logging, level, logging.INFO),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("discord.http").setLevel(logging.WARNING)


async def serve(client: Crowntable) -> None:
    """Log in and stay connected until ``client.close()`` (what ``crowntable run`` does; the
    end-to-end tests call it too, against a fake Discord)."""
    async with client:
        await client.start(client.config.token or "", reconnect=True)


def run_bot(config: Config) -> int:
    setup_logging(config.log_level)
    try:
        asyncio.run(serve(Crowntable(config)))
    except discord.LoginFailure:
        log.error("Discord refused the token: check DISCORD_TOKEN in .env")
        return 2
    except KeyboardInterrupt:
        pass
    return 0
