"""The running Discord client: opens the store and the host, shows what changed, runs the turn
clock, and shuts down gracefully. The wiring of commands, components and the error boundary
is :mod:`bot.adapter.app`; handlers reach this client as ``interaction.client``."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator
from typing import Any

import discord
from discord import app_commands

from bot.adapter import digest
from bot.adapter.publish import NotShown, Publisher
from bot.adapter.routes import RoutedClient, Routes
from bot.adapter.translator import CatalogTranslator, Languages
from bot.core import metrics
from bot.core.ai_runner import AiRunner, AiSeats
from bot.core.config import Config
from bot.core.host import Outcome, SessionHost
from bot.core.ratelimit import Limiter
from bot.core.store import StoreUnavailable, open_store

log = logging.getLogger("crowntable")
SHUTDOWN_GRACE = 5.0
#: boards the start-up catch-up reposts at the same time (each waits on Discord and on its
#: drawing, off the event loop: one at a time, four tables took 2.5 s and more)
CATCH_UP_AT_ONCE = 4


class Crowntable(discord.AutoShardedClient, RoutedClient):
    """Default intents only: slash commands need no message content (a DM, or a message that
    mentions the bot, still arrives with its text: the "help" answer needs no more).

    Sharded: ``SHARD_COUNT`` and ``SHARD_IDS`` choose the shards this process runs (several
    processes split the shards between them, over one PostgreSQL database); without them one
    process runs every shard of Discord's recommended count (``/gateway/bot``)."""

    def __init__(self, config: Config, routes: Routes, **kwargs: Any) -> None:
        options: dict[str, Any] = {}
        if config.shard_count:
            options["shard_count"] = config.shard_count
            if config.shard_ids is not None:
                options["shard_ids"] = list(config.shard_ids)
        # nothing a message says pings anyone unless it asks (the turn pings name users=True):
        # a nickname like "@everyone" echoed in a message stays text
        options.setdefault("allowed_mentions", discord.AllowedMentions.none())
        super().__init__(intents=discord.Intents.default(), **options, **kwargs)
        self.config = config
        self.routes = routes
        #: the token buckets of every user and table (issue 31; bot.adapter.throttle)
        self.limiter: Limiter | None = Limiter()
        self.tree: app_commands.CommandTree[Crowntable] = app_commands.CommandTree(self)
        self._host: SessionHost | None = None
        self._publisher: Publisher | None = None
        self._clock_task: asyncio.Task[None] | None = None
        self._catch_up_task: asyncio.Task[None] | None = None
        self.synced = asyncio.Event()
        self.closing = False
        #: the database was away somewhere (a handler, the catch-up): a write may have landed
        #: unseen (its commit in flight when the connection died), so the clock's next good
        #: tick looks for stored changes nobody showed (issue 31, the soak)
        self.recheck = False
        self._busy = 0
        self._idle = asyncio.Event()
        self._idle.set()
        #: tables whose next publication posts the board anew (the start-up catch-up's)
        self.repost_due: set[int] = set()

    @property
    def host(self) -> SessionHost:
        if self._host is None:
            raise RuntimeError("the client is not set up yet (setup_hook opens the host)")
        return self._host

    @property
    def languages(self) -> Languages:
        """Who reads in which language (:mod:`bot.adapter.translator`)."""
        return self.publisher.languages

    @property
    def publisher(self) -> Publisher:
        if self._publisher is None:
            raise RuntimeError("the client is not set up yet (setup_hook opens the host)")
        return self._publisher

    @property
    def is_idle(self) -> bool:
        """No interaction, catch-up or clock tick in progress."""
        return self._busy == 0

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
        self._host = SessionHost(
            await open_store(self.config.database_url, exclusive=True),
            ai=AiRunner(self.config.ai_budget, self.config.ai_workers),
            inline_ai=False,
        )
        self._publisher = Publisher(self, self._host)
        #: AI seats move one at a time, each shown before the next (issue 15)
        self.ai_seats = AiSeats(self._host, self.show_ai, self.working)
        self._host.after_publication = self.ai_seats.wake
        self._ai_warm = asyncio.create_task(self._host.ai.start(), name="ai-workers")
        await self.tree.set_translator(CatalogTranslator())
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
        """After a crash or restart: first wake every AI seat that owes a move (its table has
        someone acting at once, however many boards wait to be reposted: issue 31), then show
        every change that was stored but not yet published (board, prompts, DMs, final
        standings), :data:`CATCH_UP_AT_ONCE` tables at a time. The board is posted anew: an
        edit the previous run sent may still land late (Discord was slow when it stopped) and
        would put an old prompt back on the old message, never on the new one; so an AI
        move's publication reposts too when it comes first (:meth:`show_ai`)."""
        try:
            unpublished = await self.host.unpublished()
            running = await self.host.running_records()
        except StoreUnavailable as exc:  # the database is away at the start: the clock
            log.warning("catch-up: %s; the turn clock tries again", exc)  # tries again
            self.recheck = True
            return
        self.repost_due.update(unpublished)
        for session_id in await self.host.ai_owing(running):  # an AI reply lost in a crash
            self.ai_seats.wake_id(session_id)
        self.publisher.restore_silent(running)  # prompts placed without a notification
        at_once = asyncio.Semaphore(CATCH_UP_AT_ONCE)
        await asyncio.gather(*(self._catch_up_one(s, at_once) for s in unpublished))

    async def _catch_up_one(self, session_id: int, at_once: asyncio.Semaphore) -> None:
        async with at_once:
            if self.closing:
                return
            try:
                async with self.working():
                    await self.publisher.refresh(session_id, repost=True, catch_up=True)
            except NotShown:
                return  # Discord did not take it: the clock tick retries it
            except Exception as exc:  # one damaged table never stops the others' catch-up
                log.warning(
                    "catch-up of session %s failed: %s: %s", session_id, type(exc).__name__, exc
                )
            self.repost_due.discard(session_id)

    async def show_ai(self, outcome: Outcome) -> None:
        """Show an AI seat's move (its board reposted if the catch-up has not yet)."""
        session_id = outcome.record.id
        await self.publisher.publish(outcome, repost=session_id in self.repost_due)
        self.repost_due.discard(session_id)

    async def on_message(self, message: discord.Message) -> None:
        """A message that mentions the bot, or a DM: "help" gets the /help page (issue 24).
        Default intents: Discord gives a bot the text of these two kinds of message only."""
        if self.closing or message.author.bot or self._host is None:
            return
        if message.guild is not None and not any(u == self.user for u in message.mentions):
            return
        try:
            async with self.working():
                await self.routes.help_message(self, message)
        except Exception:
            log.exception("answering message %s failed", message.id)

    async def on_ready(self) -> None:
        shards = sorted(self.shards)
        log.info(
            "ready as %s in %d guild%s, shard%s %s of %s",
            self.user,
            len(self.guilds),
            "" if len(self.guilds) == 1 else "s",
            "" if len(shards) == 1 else "s",
            ",".join(map(str, shards)),
            self.shard_count,
        )

    async def clock_loop(self) -> None:
        """Reminders at half time and moves for idle players at the deadline (restart-safe:
        the deadlines live in the database)."""
        away: StoreUnavailable | None = None
        while not self.closing:
            try:
                async with self.working():
                    await self.host.run_clock(on_fired=self.show_clock)
                    if self.recheck or away is not None:  # the database was away
                        self.recheck = False
                        self.publisher.behind.update(await self.host.unpublished())
                    await self.publisher.retry_behind()  # stored changes Discord refused
                    await digest.tick(self.publisher)  # vacations' boards, digests (issue 27)
            except asyncio.CancelledError:
                raise
            except StoreUnavailable as exc:  # the database is away: the next tick tries again
                metrics.STORE_ERRORS.labels("StoreUnavailable").inc()
                if not self.closing and away is None:  # said once per outage
                    log.warning("turn clock: %s; trying every tick", exc)
                away = exc
            except Exception:
                if not self.closing:
                    log.exception("turn clock tick failed")
            else:
                if away is not None:
                    log.warning("turn clock: the database is back")
                    away = None
            planned = time.monotonic() + self.config.clock_interval
            await asyncio.sleep(self.config.clock_interval)
            metrics.CLOCK_LAG_SECONDS.observe(max(0.0, time.monotonic() - planned))

    async def show_clock(self, outcome: Outcome) -> None:
        """Publish one clock outcome as soon as it is resolved."""
        try:
            await self.publisher.clock([outcome])
        except NotShown:
            pass  # stored; the next tick shows it (retry_behind)
        except Exception:
            log.exception("showing the turn clock of session %s failed", outcome.record.id)

    async def close(self) -> None:
        """Stop taking new work, let interactions in progress finish (at most
        ``SHUTDOWN_GRACE`` seconds), then leave Discord and close the database."""
        self.closing = True
        seats: AiSeats | None = getattr(self, "ai_seats", None)
        if seats is not None:
            seats.closing = True  # the AI move in progress ends; no next one starts
        try:
            await asyncio.wait_for(self._idle.wait(), SHUTDOWN_GRACE)
        except TimeoutError:
            log.warning(
                "closing with %d interaction%s still running",
                self._busy,
                "" if self._busy == 1 else "s",
            )
        if seats is not None:
            await seats.close()
        for task in (self._clock_task, self._catch_up_task):
            if task is not None and not task.done():
                task.cancel()
                try:
                    await task
                except (asyncio.CancelledError, Exception):
                    pass
        await super().close()
        if self._host is not None:
            await self._host.ai.close()
            await self._host.close()
