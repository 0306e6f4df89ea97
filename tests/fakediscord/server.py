"""FakeDiscord: the aiohttp server (REST + gateway on 127.0.0.1), the world it holds, what it
recorded, and the knobs for faults. The user-side actions (slash, click, ...) live in
``actions.py`` and are mixed in here."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from . import models as m
from . import oauth, openapi, strict
from .actions import Actions
from .faults import Fault, rate_limited_response, ratelimit_headers
from .gateway import INVALID_SESSION, RECONNECT, Gateway
from .messages import parse_body
from .permissions import MEMBER, ROLE, set_overwrite
from .ratelimits import DEFAULT_SCALE, RateLimiter, too_many_requests
from .rest import BODY, CANNOT_MESSAGE_USER, RECEIVED_AT, ApiError, Rest

log = logging.getLogger("fakediscord")


class FakeTimeout(AssertionError):
    """The bot did not do what a test waited for in time."""


@dataclass(eq=False)
class RequestRecord:
    """One REST request the bot made (after the fake answered it)."""

    method: str
    path: str  # relative to /api/v10, e.g. "/channels/123/messages"
    query: dict[str, str]
    json: Any
    files: list[tuple[str, bytes]] = field(default_factory=list)
    status: int | None = None
    fault: str | None = None  # "429", "500", "slow" ... when a fault answered it
    error_code: int | None = None  # Discord's JSON error code on a 4xx/5xx (50007, 10062, ...)
    note: str = ""  # why the fake refused (for the test's eyes only)
    at: float = 0.0
    rejected: str | None = None  # the strict check that refused it ("schema", "files", ...)
    rate_limited: bool = False  # a 429 from the fake's own rate limits (not an injected fault)
    limit_headers: dict[str, str] = field(default_factory=dict)  # X-RateLimit-* it was given

    def __repr__(self) -> str:
        return (
            f"<{self.method} {self.path} -> {self.status}{' ' + self.fault if self.fault else ''}>"
        )


class BotProcess:
    """A bot process started by ``FakeDiscord.spawn``."""

    def __init__(self, proc: asyncio.subprocess.Process, log_path: str) -> None:
        self.proc = proc
        self.log_path = log_path

    @property
    def pid(self) -> int:
        return self.proc.pid

    @property
    def running(self) -> bool:
        return self.proc.returncode is None

    def output(self) -> str:
        with open(self.log_path, encoding="utf-8", errors="replace") as fh:
            return fh.read()

    async def wait(self, timeout: float = 30.0) -> int:
        """Until the process exits by itself; its return code."""
        return await asyncio.wait_for(self.proc.wait(), timeout)

    async def stop(self, timeout: float = 15.0) -> int:
        """SIGINT (Ctrl-C: discord.py closes the client), then wait; SIGKILL if it hangs."""
        import signal

        if self.running:
            self.proc.send_signal(signal.SIGINT)
            try:
                return await asyncio.wait_for(self.proc.wait(), timeout)
            except TimeoutError:
                self.proc.kill()
        return await self.proc.wait()

    async def kill(self) -> int:
        """SIGKILL: the process dies at once, like a crash (no clean gateway close)."""
        if self.running:
            self.proc.kill()
        return await self.proc.wait()


class FakeDiscord(Actions):
    """A local Discord for one bot. Build the world, start the bot against it, act as users.

    >>> fake = await FakeDiscord.start()
    >>> guild = fake.add_guild("Table"); general = fake.add_channel(guild, "general")
    >>> alice = fake.add_user("alice"); bob = fake.add_user("bob", dms_open=False)
    >>> with fake.patch_discord():          # Route.BASE and DEFAULT_GATEWAY point here
    ...     ...start the bot, await fake.wait_ready(), drive it with fake.slash/click...
    >>> await fake.stop()
    """

    def __init__(
        self,
        *,
        token: str | None = None,
        bot_name: str = "Crowntable",
        ack_deadline: float | None = 3.0,
        disabled_checks: set[str] | None = None,
        spec: openapi.Spec | None = None,
        rate_limit_scale: float = DEFAULT_SCALE,
    ) -> None:
        self.token = token  # None: accept any token
        #: the strict checks in force (strict.CHECKS minus `disabled_checks`, by default minus
        #: strict.KNOWN_BOT_FAULTS); tests may change the set while the fake runs
        self.checks = strict.enabled_checks(disabled_checks)
        #: Discord's OpenAPI description; None when there is none (a plain clone): the
        #: "schema" check is then out of `checks` and every other check still runs
        self.spec = spec if spec is not None else openapi.load()
        if self.spec is None:
            self.checks.discard("schema")
        if "ack_deadline" not in self.checks:
            ack_deadline = None
        self.ack_deadline = ack_deadline  # interaction callbacks later than this get 404 10062
        self.token_lifetime = 15 * 60.0  # interaction tokens: follow-ups after this get 401
        self.clock_offset = 0.0  # seconds added by advance_clock()
        #: per-route rate-limit windows run `rate_limit_scale` times Discord's (see ratelimits.py)
        self.ratelimiter = RateLimiter(self.clock, rate_limit_scale)
        self.application_id = m.snowflake()
        self.application_flags = 0
        self.bot_user = m.User(id=self.application_id, name=bot_name, bot=True)
        self.owner = m.User(id=m.snowflake(), name="app-owner")
        self._users: dict[int, m.User] = {u.id: u for u in (self.bot_user, self.owner)}
        self.guilds: list[m.Guild] = []
        self._channels: dict[int, m.Channel] = {}
        self.commands: dict[int | None, list[dict]] = {}  # scope (None = global, else guild id)
        self.command_syncs: list[tuple[int | None, list[str]]] = []
        self._all_messages: list[m.Message] = []  # every message, in creation order
        self._interactions: dict[int, m.Interaction] = {}
        self._interactions_by_token: dict[str, m.Interaction] = {}
        self.requests: list[RequestRecord] = []
        self.gateway_log: list[tuple[int, Any]] = []  # (op, d) frames the bot sent (token redacted)
        self.unhandled: list[str] = []  # REST routes the fake does not implement
        self.warnings: list[str] = []  # things Discord would accept but render badly
        #: uses of paths Discord documents as deprecated (a follow-up filling in a deferred
        #: "thinking" message); problems while the "deprecated_paths" check is on
        self.deprecated: list[str] = []
        self.blocked_dms: list[tuple[m.User, Any]] = []  # DM sends refused with 50007
        self.faults: list[Fault] = []
        self.gateway = Gateway(self)
        self.rest = Rest(self)
        self._inflight = 0
        self._last_activity = 0.0
        self._changed = asyncio.Event()
        self._tasks: set[asyncio.Task] = set()
        self._processes: list[BotProcess] = []
        self._runner: web.AppRunner | None = None
        self.port = 0
        #: issue 32: OAuth2 codes and tokens, the Activity proxy and its launches (oauth.py)
        self.oauth = oauth.OAuth()
        self.activity_target = ""  # where the proxy forwards (the bot's WEB_PUBLIC_URL)
        self.activity_port = 0
        self.proxied: list[str] = []
        self.launched: list[m.Interaction] = []
        self.proxy_http: Any = None
        self._proxy_runner: web.AppRunner | None = None

    # --- lifecycle --------------------------------------------------------------------
    @classmethod
    async def start(cls, **kwargs: Any) -> FakeDiscord:
        fake = cls(**kwargs)
        await fake._start()
        return fake

    async def _start(self) -> None:
        app = web.Application(middlewares=[self._middleware], client_max_size=64 * 1024 * 1024)
        for method, path, handler in self.rest.routes():
            app.router.add_route(method, r"/api/v{version:\d+}" + path, handler)
        app.router.add_post(r"/api/v{version:\d+}/oauth2/token", self._oauth_token)
        app.router.add_route("OPTIONS", r"/api/v{version:\d+}/users/@me", self._oauth_preflight)
        app.router.add_route("*", "/api/{tail:.*}", self._unhandled)
        for method, path, handler in oauth.routes(self):
            app.router.add_route(method, path, handler)
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_get("/gateway/resume", self.gateway.handle)
        app.router.add_get(
            "/attachments/{channel_id}/{attachment_id}/{filename}", self._serve_attachment
        )
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self._last_activity = asyncio.get_running_loop().time()
        self._proxy_runner = await oauth.start_proxy(self)

    async def _oauth_token(self, request: web.Request) -> web.Response:
        return await oauth.token_exchange(self, request)

    async def _oauth_preflight(self, request: web.Request) -> web.Response:
        return await oauth.me_preflight(self, request)

    @property
    def activity_url(self) -> str:
        """The Activity's origin (Discord's ``<app id>.discordsays.com``): the proxy."""
        return f"http://127.0.0.1:{self.activity_port}"

    @property
    def client_secret(self) -> str:
        """The application's OAuth2 client secret (the bot's ``DISCORD_CLIENT_SECRET``)."""
        return self.oauth.client_secret

    def enable_activities(self) -> None:
        """Give the application the ``EMBEDDED`` flag: LAUNCH_ACTIVITY callbacks work."""
        self.application_flags |= oauth.EMBEDDED

    def oauth_code(self, user: m.User) -> str:
        """An authorization code for ``user`` (what the SDK's AUTHORIZE returns)."""
        return oauth.make_code(self, user)

    def activity_host_url(self, user: m.User, channel: m.Channel) -> str:
        """The fake Discord client's page hosting the Activity for ``user`` in ``channel``."""
        guild = getattr(channel, "guild", None)
        gid = guild.id if guild is not None else ""
        return (
            f"{self.http_base}/activity-host?user={user.id}&channel_id={channel.id}&guild_id={gid}"
        )

    async def stop(self) -> None:
        """Close every connection, kill bot processes it spawned that still run, delete
        their logs, and shut the server down."""
        for proc in self._processes:
            await proc.kill()
            with contextlib.suppress(OSError):
                os.unlink(proc.log_path)
        await self.gateway.close_all()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        if self._proxy_runner is not None:
            await self._proxy_runner.cleanup()
            self._proxy_runner = None
        if self.proxy_http is not None:
            await self.proxy_http.close()
            self.proxy_http = None

    @property
    def http_base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        """What ``discord.http.Route.BASE`` must be."""
        return f"{self.http_base}/api/v10"

    @property
    def gateway_url(self) -> str:
        """What ``DiscordWebSocket.DEFAULT_GATEWAY`` must be (as a yarl.URL)."""
        return f"ws://127.0.0.1:{self.port}/gateway"

    @property
    def resume_gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway/resume"

    @contextlib.contextmanager
    def patch_discord(self) -> Iterator[None]:
        """Point discord.py at this fake: the only two attributes we touch."""
        import discord.gateway
        import discord.http
        import yarl

        old = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
        discord.http.Route.BASE = self.api_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)
        try:
            yield
        finally:
            discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = old

    @classmethod
    @contextlib.asynccontextmanager
    async def running(cls, **kwargs: Any):
        """``async with FakeDiscord.running() as fake:`` start + patch_discord + stop."""
        fake = await cls.start(**kwargs)
        try:
            with fake.patch_discord():
                yield fake
        finally:
            await fake.stop()

    def clock(self) -> float:
        """The fake's notion of now (loop time plus ``advance_clock``): interaction windows,
        token lifetimes and rate-limit buckets run on it."""
        return asyncio.get_running_loop().time() + self.clock_offset

    def advance_clock(self, seconds: float) -> None:
        """Jump the fake's clock forward, e.g. 16 minutes to expire every interaction token."""
        self.clock_offset += seconds

    def env(self) -> dict[str, str]:
        """Environment for a bot process started with ``python -m tests.fakediscord.launch``."""
        return {"FAKEDISCORD_API_BASE": self.api_base, "FAKEDISCORD_GATEWAY": self.gateway_url}

    async def spawn(
        self,
        *args: str,
        target: str | None = None,
        env: dict[str, str] | None = None,
        cwd: str | None = None,
    ) -> BotProcess:
        """Start a bot in a separate process pointed at this fake: ``target`` (default
        ``bot.cli:main``) is called with `args`, e.g. ``await fake.spawn("run", env={
        "DISCORD_TOKEN": "x", "DATABASE_URL": "sqlite:///..."})``. Its output goes to
        ``proc.log_path``. Stop it with ``await proc.stop()`` (SIGINT: graceful) or
        ``await proc.kill()`` (SIGKILL: a crash)."""
        import tempfile
        from pathlib import Path

        root = str(Path(__file__).resolve().parents[2])
        full_env = {**os.environ, **self.env(), **(env or {})}
        full_env["PYTHONPATH"] = os.pathsep.join(filter(None, [root, full_env.get("PYTHONPATH")]))
        argv = [
            sys.executable,
            "-m",
            "tests.fakediscord.launch",
            *([target] if target else []),
            *args,
        ]
        log_file = tempfile.NamedTemporaryFile(
            prefix="fakediscord-bot-", suffix=".log", delete=False
        )
        proc = await asyncio.create_subprocess_exec(
            *argv, env=full_env, cwd=cwd or root, stdout=log_file, stderr=asyncio.subprocess.STDOUT
        )
        log_file.close()
        bot = BotProcess(proc, log_file.name)
        self._processes.append(bot)
        return bot

    def _dispatch_soon(self, event: str, data: dict, guild: m.Guild) -> None:
        """From synchronous world building: numbered now (so it precedes anything dispatched
        later, e.g. an interaction in a channel just created), written by a task."""
        session = self.gateway.session_for(guild)
        if session is not None:
            self.gateway.enqueue(event, data, session=session)
            self._spawn(self.gateway.flush(session))

    def _spawn(self, coro) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # --- world building ---------------------------------------------------------------
    def add_guild(
        self, name: str = "Test Guild", *, owner: m.User | None = None, id: int | None = None
    ) -> m.Guild:
        """A guild the bot is in (the bot is a member with ordinary bot permissions).
        Its owner (default: the application owner, not a player) has every permission.
        `id` picks the snowflake (its shard is ``(id >> 22) % shard_count``)."""
        guild = m.Guild(id=id or m.snowflake(), name=name, owner_id=(owner or self.owner).id)
        self.guilds.append(guild)
        self._join(guild, self.bot_user, m.BOT_PERMISSIONS & ~m.EVERYONE_PERMISSIONS)
        self._join(guild, owner or self.owner, 0)
        session = self.gateway.session_for(guild)
        if self.gateway.connected and session is not None:
            self._dispatch_soon("GUILD_CREATE", self.gateway.guild_create(guild, session), guild)
        return guild

    def add_channel(self, guild: m.Guild, name: str = "general") -> m.Channel:
        channel = m.Channel(id=m.snowflake(), type=m.TEXT, name=name, guild=guild)
        guild.channels.append(channel)
        self._channels[channel.id] = channel
        if self.gateway.connected:
            self._dispatch_soon("CHANNEL_CREATE", channel.payload(), guild)
        return channel

    def set_permissions(
        self,
        channel: m.Channel,
        target: m.User | m.Role | None = None,
        *,
        allow: int = 0,
        deny: int = 0,
    ) -> None:
        """A permission overwrite on `channel` for a member (a User), a role, or @everyone
        (None); allow=deny=0 removes it. E.g. ``fake.set_permissions(general, fake.bot_user,
        deny=P_SEND_MESSAGES)``: the bot may no longer post there (its follow-ups still work).
        The bot hears CHANNEL_UPDATE, as from Discord."""
        assert channel.guild is not None and not channel.is_thread, "overwrite a guild channel"
        if target is None:
            tid, kind = channel.guild.everyone.id, ROLE
        elif isinstance(target, m.Role):
            tid, kind = target.id, ROLE
        else:
            tid, kind = target.id, MEMBER
        set_overwrite(channel, tid, kind, allow, deny)
        if self.gateway.connected:
            self._dispatch_soon("CHANNEL_UPDATE", channel.payload(), channel.guild)

    def add_thread(self, parent: m.Channel, name: str, *, owner: m.User | None = None) -> m.Channel:
        """A public thread under a text channel (a session can live in a thread)."""
        assert parent.guild is not None and not parent.is_thread
        thread = m.Channel(
            id=m.snowflake(),
            type=m.PUBLIC_THREAD,
            name=name,
            guild=parent.guild,
            parent=parent,
            owner_id=(owner or self.owner).id,
        )
        parent.guild.channels.append(thread)
        self._channels[thread.id] = thread
        if self.gateway.connected:
            self._dispatch_soon(
                "THREAD_CREATE", thread.payload() | {"newly_created": True}, parent.guild
            )
        return thread

    def add_user(
        self,
        name: str,
        *,
        dms_open: bool = True,
        guilds: list[m.Guild] | None = None,
        manage_channels: bool = False,
        permissions: int = 0,
    ) -> m.User:
        """A human user, a member of `guilds` (default: every guild added so far).
        `manage_channels=True` gives them the Manage Channels permission; `permissions` adds
        any other bits (see models.P_*). `dms_open=False`: every DM to them fails with 403/50007."""
        user = m.User(id=m.snowflake(), name=name, dms_open=dms_open)
        self._users[user.id] = user
        extra = permissions | (m.P_MANAGE_CHANNELS if manage_channels else 0)
        for guild in self.guilds if guilds is None else guilds:
            self._join(guild, user, extra)
        return user

    def add_member(self, guild: m.Guild, user: m.User, *, permissions: int = 0) -> m.Member:
        return self._join(guild, user, permissions)

    def _join(self, guild: m.Guild, user: m.User, extra: int) -> m.Member:
        member = guild.members.get(user.id) or m.Member(user=user, guild=guild)
        if extra:
            member.roles.append(guild.role_for(extra))
        new = user.id not in guild.members
        guild.members[user.id] = member
        if new and self.gateway.connected and user is not self.bot_user:
            session = self.gateway.session_for(guild)
            from .gateway import INTENT_GUILD_MEMBERS

            if session and session.wants(INTENT_GUILD_MEMBERS):
                self._dispatch_soon(
                    "GUILD_MEMBER_ADD", member.payload() | {"guild_id": str(guild.id)}, guild
                )
        return member

    def set_dms_open(self, user: m.User, open: bool) -> None:
        user.dms_open = open

    def user(self, name: str) -> m.User:
        for u in self._users.values():
            if u.name == name:
                return u
        raise KeyError(name)

    def _guild(self, guild_id: int) -> m.Guild:
        for g in self.guilds:
            if g.id == guild_id:
                return g
        raise KeyError(guild_id)

    def _channel(self, channel_id: int) -> m.Channel:
        return self._channels[channel_id]

    def _store(self, msg: m.Message) -> None:
        msg.channel.messages.append(msg)
        self._all_messages.append(msg)

    def _dm_channel(self, user: m.User) -> m.Channel:
        if user.dm_channel is None:
            user.dm_channel = m.Channel(id=m.snowflake(), type=m.DM, recipient=user)
            self._channels[user.dm_channel.id] = user.dm_channel
        return user.dm_channel

    def _new_attachment(
        self,
        channel: m.Channel,
        filename: str,
        data: bytes,
        description: str | None,
        content_type: str | None,
    ) -> m.Attachment:
        aid = m.snowflake()
        url = f"{self.http_base}/attachments/{channel.id}/{aid}/{filename}"
        return m.Attachment(
            id=aid,
            filename=filename,
            data=data,
            url=url,
            description=description,
            content_type=content_type
            if content_type not in (None, "application/octet-stream")
            else None,
        )

    # --- faults -----------------------------------------------------------------------
    def rate_limit(
        self, route: str, *, times: int = 1, retry_after: float = 0.3, is_global: bool = False
    ) -> Fault:
        """The next `times` requests matching `route` (e.g. ``"POST /channels/*/messages"``)
        get 429 with ``retry_after``, Retry-After and X-RateLimit-* headers."""
        return self._add_fault(
            Fault(route, "429", times, status=429, retry_after=retry_after, is_global=is_global)
        )

    def server_error(self, route: str, *, times: int = 1, status: int = 500) -> Fault:
        """The next `times` matching requests get a 5xx. discord.py retries 500/502/504/524
        after 1 s, 3 s, 5 s ... (REST) so keep `times` small."""
        return self._add_fault(Fault(route, "5xx", times, status=status))

    def fail(
        self,
        route: str,
        *,
        status: int,
        code: int = 0,
        message: str = "fake failure",
        times: int = 1,
    ) -> Fault:
        """Any error answer, e.g. ``fail("POST /channels/*/messages", status=403, code=50013)``."""
        return self._add_fault(
            Fault(route, "status", times, status=status, body={"message": message, "code": code})
        )

    def slow(self, route: str, delay: float, *, times: int | None = 1) -> Fault:
        """Matching requests are answered only after `delay` seconds."""
        return self._add_fault(Fault(route, "slow", times, delay=delay))

    def _add_fault(self, fault: Fault) -> Fault:
        self.faults.append(fault)
        return fault

    def clear_faults(self) -> None:
        self.faults.clear()

    async def drop_gateway(
        self,
        *,
        abrupt: bool = False,
        code: int = 4000,
        wait_resumed: bool = True,
        timeout: float = 15.0,
    ) -> None:
        """Close the bot's websocket (close code 4000, or a TCP abort with `abrupt`). The client
        reconnects to resume_gateway_url and RESUMEs; events dispatched meanwhile are replayed.
        With `wait_resumed`, returns once the session is resumed."""
        session = self.gateway.session
        assert session is not None and self.gateway.connected, "no bot connected"
        before = session.resumes
        await self.gateway.close_connection(code=code, abrupt=abrupt)
        if wait_resumed:
            await self.wait_for(
                lambda: session.resumes > before and self.gateway.connected,
                timeout=timeout,
                what="the bot to RESUME the gateway session",
            )

    async def request_reconnect(self, *, wait_resumed: bool = True, timeout: float = 15.0) -> None:
        """Send op 7 RECONNECT (Discord asks the client to reconnect and resume)."""
        session = self.gateway.session
        assert session is not None
        before = session.resumes
        await self.gateway.send_op(RECONNECT)
        if wait_resumed:
            await self.wait_for(
                lambda: session.resumes > before and self.gateway.connected,
                timeout=timeout,
                what="the bot to RESUME after RECONNECT",
            )

    async def invalidate_session(
        self, *, wait_identified: bool = True, timeout: float = 15.0
    ) -> None:
        """Send op 9 INVALID_SESSION (not resumable): the client closes, reconnects to the
        default gateway and IDENTIFYs afresh (a new session, READY and GUILD_CREATEs again)."""
        old = self.gateway.session
        assert old is not None and self.gateway.connected, "no bot connected"
        old.closed = True
        await self.gateway.send_op_to(old, INVALID_SESSION, False)
        if wait_identified:
            await self.wait_for(
                lambda: self.gateway.session not in (None, old) and self.gateway.connected,
                timeout=timeout,
                what="the bot to IDENTIFY after INVALID_SESSION",
            )

    # --- the HTTP plumbing ------------------------------------------------------------
    @web.middleware
    async def _middleware(self, request: web.Request, handler: Callable) -> web.StreamResponse:
        if not request.path.startswith("/api/"):
            return await handler(request)
        loop = asyncio.get_running_loop()
        request[RECEIVED_AT] = self.clock()
        parts = request.path.split("/", 3)  # ['', 'api', 'v10', 'rest...']
        api_path = "/" + (parts[3] if len(parts) > 3 else "")
        body = await parse_body(request)
        request[BODY] = body
        record = RequestRecord(
            method=request.method,
            path=api_path,
            query=dict(request.query),
            json=body.json,
            files=[(f.filename, f.data) for f in body.files or []],
            at=request[RECEIVED_AT],
        )
        self.requests.append(record)
        self._inflight += 1
        try:
            resp: web.StreamResponse | None = None
            if not self._authorized(request, api_path):
                resp = web.json_response({"message": "401: Unauthorized", "code": 0}, status=401)
                record.note = "wrong or missing bot token"
            if resp is None:
                resp = await self._fault_response(request.method, api_path, record)
            if resp is None:
                resp = self._strict(request.method, api_path, body, record)
            if resp is None:
                try:
                    resp = await handler(request)
                except ApiError as exc:
                    resp = exc.response()
                    record.note = exc.note
                    record.rejected = exc.check or None
            self._finish(resp, request.method, api_path, record)
            return resp
        finally:
            self._inflight -= 1
            self._last_activity = loop.time()
            self._notify()

    async def _fault_response(
        self, method: str, api_path: str, record: RequestRecord
    ) -> web.Response | None:
        """The answer of the first injected fault matching the request (slow ones only delay)."""
        for fault in self.faults:
            if not fault.matches(method, api_path):
                continue
            fault.hits += 1
            record.fault = fault.kind
            if fault.kind == "slow":
                await asyncio.sleep(fault.delay)
                continue
            if fault.kind == "429":
                return rate_limited_response(fault, bucket=_bucket(method, api_path))
            if fault.kind == "5xx":
                return web.json_response(
                    {"message": f"{fault.status}: Internal Server Error", "code": 0},
                    status=fault.status,
                )
            return web.json_response(fault.body, status=fault.status)
        return None

    def _finish(
        self, resp: web.StreamResponse, method: str, api_path: str, record: RequestRecord
    ) -> None:
        """Headers discord.py relies on, and the outcome in the request log."""
        if resp.content_type == "application/json":
            # discord.py parses JSON only when Content-Type is exactly this (no charset)
            resp.headers["Content-Type"] = "application/json"
        if resp.status != 429 and "rate_limits" not in self.checks:
            for k, v in ratelimit_headers(_bucket(method, api_path)).items():
                resp.headers.setdefault(k, v)
        for k, v in record.limit_headers.items():
            resp.headers.setdefault(k, v)
        record.status = resp.status
        if resp.status >= 400 and isinstance(resp, web.Response) and resp.body:
            with contextlib.suppress(ValueError, TypeError, AttributeError):
                record.error_code = json.loads(resp.body).get("code")  # type: ignore[arg-type]

    def _strict(
        self, method: str, api_path: str, body: Any, record: RequestRecord
    ) -> web.Response | None:
        """Rate limits, then the body checks (strict.py): an answer if Discord would refuse."""
        if "rate_limits" in self.checks:
            verdict = self.ratelimiter.check(method, api_path)
            record.limit_headers = verdict.headers
            if verdict.retry_after is not None:
                limited, headers = too_many_requests(verdict)
                record.rate_limited = True
                record.note = f"{verdict.scope} rate limit: retry after {verdict.retry_after:.2f}s"
                return web.json_response(limited, status=429, headers=headers)
        sizes = [len(f.data) for f in body.files or []]
        rejection = strict.check_body(self.spec, self.checks, method, api_path, body.json, sizes)
        if rejection is None:
            return None
        record.rejected = rejection.check
        record.note = f"{rejection.check}: " + "; ".join(rejection.lines[:5])
        payload: dict[str, Any] = {"message": rejection.message, "code": rejection.code}
        if rejection.errors:
            payload["errors"] = rejection.errors
        return web.json_response(payload, status=rejection.status)

    @property
    def rejections(self) -> list[RequestRecord]:
        """Requests a strict check refused (invalid body, limits, permissions, expired token,
        late or second callback): each is a bug in the bot. ``problems()`` lists them too."""
        return [r for r in self.requests if r.rejected]

    def rate_limited(self) -> list[RequestRecord]:
        """Requests answered 429 by the fake's own rate limits (the bot then waits and retries)."""
        return [r for r in self.requests if r.rate_limited]

    def _authorized(self, request: web.Request, api_path: str) -> bool:
        """With ``FakeDiscord(token=...)``, bot routes need ``Authorization: Bot <token>``
        (interaction callbacks and webhooks are authorised by their token in the URL)."""
        if self.token is None or api_path.startswith(("/interactions/", "/webhooks/")):
            return True
        if oauth.is_oauth_request(request, api_path):  # authorised by OAuth2 (oauth.py)
            return True
        return request.headers.get("Authorization") == f"Bot {self.token}"

    async def _unhandled(self, request: web.Request) -> web.Response:
        route = f"{request.method} {request.path}"
        self.unhandled.append(route)
        log.warning("fake discord: unhandled route %s", route)
        return web.json_response({"message": "404: Not Found", "code": 0}, status=404)

    async def _serve_attachment(self, request: web.Request) -> web.Response:
        aid = int(request.match_info["attachment_id"])
        for msg in self.all_messages(include_deleted=True):
            for att in msg.attachments:
                if att.id == aid:
                    return web.Response(body=att.data, content_type=att.payload()["content_type"])
        return web.Response(status=404)

    def _record_gateway(self, op: int, d: Any) -> None:
        if isinstance(d, dict) and "token" in d:
            d = {**d, "token": "<redacted>"}
        self.gateway_log.append((op, d))

    # --- waiting ----------------------------------------------------------------------
    def _notify(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    async def wait_for(
        self, predicate: Callable[[], Any], timeout: float = 5.0, what: str | None = None
    ) -> Any:
        """Wait until `predicate()` is truthy (re-checked whenever the fake's state changes);
        return its value. Raises FakeTimeout (an AssertionError) after `timeout` seconds."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            value = predicate()
            if value:
                return value
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise FakeTimeout(
                    f"timed out after {timeout}s waiting for "
                    f"{what or getattr(predicate, '__name__', 'a condition')}; "
                    f"last requests: {self.requests[-5:]}"
                )
            event = self._changed
            try:
                await asyncio.wait_for(event.wait(), min(remaining, 0.25))
            except TimeoutError:
                pass

    async def wait_ready(
        self,
        timeout: float = 15.0,
        *,
        commands: bool = True,
        task: asyncio.Task | BotProcess | None = None,
    ) -> None:
        """Until the bot is connected and identified (READY + GUILD_CREATEs sent) and, with
        `commands`, has registered application commands. Pass the bot's task (e.g. of
        ``bot.start(token)``) or BotProcess to fail at once if it dies while starting."""

        def ready():
            if isinstance(task, BotProcess) and not task.running:
                raise AssertionError(
                    f"the bot process exited with {task.proc.returncode}:\n{task.output()[-3000:]}"
                )
            if isinstance(task, asyncio.Task) and task.done():
                exc = task.exception() if not task.cancelled() else None
                raise AssertionError(f"the bot stopped while starting: {exc!r}") from exc
            return self.gateway.connected and (not commands or any(self.commands.values()))

        await self.wait_for(
            ready,
            timeout=timeout,
            what="the bot to identify" + (" and sync commands" if commands else ""),
        )

    async def wait_disconnected(self, timeout: float = 10.0) -> None:
        await self.wait_for(
            lambda: not self.gateway.connected, timeout=timeout, what="the bot to disconnect"
        )

    async def idle(self, quiet: float = 0.15, timeout: float = 10.0) -> None:
        """Until the bot has no REST request in flight, made none for `quiet` seconds and has no
        exhausted rate-limit bucket it may be waiting out: the way to wait for "everything the
        bot does after this click" (DMs, edits...)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            now = loop.time()
            # a bot waiting out an exhausted rate-limit bucket is not idle
            waiting = self.clock() < self.ratelimiter.exhausted_until()
            if self._inflight == 0 and now - self._last_activity >= quiet and not waiting:
                return
            if now > deadline:
                raise FakeTimeout(f"bot still busy after {timeout}s (in flight: {self._inflight})")
            await asyncio.sleep(min(quiet / 3, 0.05))

    async def wait_for_message(
        self,
        where: m.Channel | m.User,
        predicate: Callable[[m.Message], Any] | None = None,
        *,
        timeout: float = 5.0,
        new: bool = True,
    ) -> m.Message:
        """The first message in a channel (or in a user's DMs, for a User) matching
        `predicate`; with `new`, only messages created after this call."""
        seen = {msg.id for msg in self._messages_in(where)} if new else set()

        def find():
            for msg in self._messages_in(where):
                if msg.id not in seen and (predicate is None or predicate(msg)):
                    return msg
            return None

        return await self.wait_for(find, timeout=timeout, what=f"a message in {where!r}")

    # --- what the bot sent ------------------------------------------------------------
    def _messages_in(self, where: m.Channel | m.User) -> list[m.Message]:
        if isinstance(where, m.User):
            return self.dms(where)
        return self.messages(where)

    def messages(self, channel: m.Channel) -> list[m.Message]:
        """Messages everyone in the channel sees (not ephemeral, not deleted), oldest first."""
        return [x for x in channel.messages if not x.deleted and not x.ephemeral]

    def dms(self, user: m.User) -> list[m.Message]:
        """Messages the bot delivered to `user`'s DMs (refused sends are in `blocked_dms`)."""
        if user.dm_channel is None:
            return []
        return [x for x in user.dm_channel.messages if not x.deleted]

    def ephemerals(self, user: m.User) -> list[m.Message]:
        """Ephemeral responses and follow-ups only `user` saw, oldest first."""
        return [x for x in self.all_messages() if x.visible_to is user]

    def everything_sent_to(self, user: m.User) -> list[m.Message]:
        """Everything only `user` saw: DMs and ephemeral messages."""
        return sorted(self.dms(user) + self.ephemerals(user), key=lambda x: x.id)

    def visible_to(self, user: m.User) -> list[m.Message]:
        """Every message `user` can see anywhere (channels, DMs, own ephemerals)."""
        return [x for x in self.all_messages() if x.can_see(user)]

    def all_messages(self, *, include_deleted: bool = False) -> list[m.Message]:
        """Every message the bot sent anywhere, oldest first."""
        return [x for x in self._all_messages if include_deleted or not x.deleted]

    def public_messages(self) -> list[m.Message]:
        """Every non-ephemeral message in a guild channel (what any member may see),
        including deleted ones (someone may have seen them)."""
        return [
            x
            for x in self.all_messages(include_deleted=True)
            if not x.channel.is_dm and not x.ephemeral
        ]

    def attachments(self, message: m.Message | Any) -> list[bytes]:
        """The bytes of each attachment on a message (PNG bytes for a board image)."""
        return [a.data for a in _as_message(message).attachments]

    def interactions(self) -> list[m.Interaction]:
        return list(self._interactions.values())

    def ack_latencies(self) -> list[tuple[m.Interaction, float]]:
        return [
            (i, i.ack_latency) for i in self._interactions.values() if i.ack_latency is not None
        ]

    def slowest_ack(self) -> float:
        """The longest time from dispatching an interaction to the bot's first callback."""
        return max((lat for _, lat in self.ack_latencies()), default=0.0)

    def unanswered(self, older_than: float = 3.0) -> list[m.Interaction]:
        """Interactions dispatched more than `older_than` seconds ago that got no valid callback."""
        now = self.clock()
        return [
            i
            for i in self._interactions.values()
            if not i.acknowledged
            and i.dispatched_at is not None
            and now - i.dispatched_at > older_than
        ]

    def who_saw(self, text: str) -> set[m.User]:
        """Every user who could see `text` in any message the bot sent, in any version of it
        (edited away or deleted later still counts): channel messages count for every member
        of the guild, DMs for the recipient, ephemerals for their one user."""
        seen: set[m.User] = set()
        for msg in self.all_messages(include_deleted=True):
            if text not in msg.text():
                continue
            if msg.visible_to is not None:
                seen.add(msg.visible_to)
            elif msg.channel.is_dm:
                seen.add(msg.channel.recipient)
            elif msg.channel.guild is not None:
                seen.update(member.user for member in msg.channel.guild.members.values())
        seen.discard(self.bot_user)
        return seen

    def error_responses(
        self, *, ignore_codes: tuple[int, ...] = (CANNOT_MESSAGE_USER,)
    ) -> list[RequestRecord]:
        """Requests the fake answered with an error that no injected fault caused (a 404 for
        editing an ephemeral message through the channel, a 400 for an invalid body...).
        DMs refused because a user closed them (50007) are expected and ignored by default."""
        return [
            r
            for r in self.requests
            if r.status is not None
            and r.status >= 400
            and r.fault is None
            and not r.rate_limited
            and r.error_code not in ignore_codes
        ]

    def problems(self, *, ack_limit: float = 3.0) -> list[str]:
        """Everything Discord would have shown as broken, as readable lines; an e2e test ends
        with ``assert not fake.problems()``: interactions answered late, twice or never,
        error answers, unimplemented routes, embeds pointing at missing attachments."""
        out: list[str] = []
        for inter in self._interactions.values():
            if inter.late or (inter.ack_latency is not None and inter.ack_latency > ack_limit):
                out.append(f"{inter!r} answered after {inter.ack_latency:.2f}s")
            out.extend(f"{inter!r}: {e}" for e in inter.errors if "after dispatch" not in e)
        out.extend(f"{inter!r} never answered" for inter in self.unanswered(older_than=ack_limit))
        out.extend(
            f"error answer {r!r} code={r.error_code}: {r.note or 'see fake.requests'}"
            + (f" (body {r.json!r:.150})" if r.json else "")
            for r in self.error_responses()
        )
        out.extend(f"unhandled route {u}" for u in self.unhandled)
        out.extend(self.warnings)
        if "deprecated_paths" in self.checks:
            out.extend(self.deprecated)
        return out

    def command_paths(self, guild: m.Guild | None = None) -> list[str]:
        """Registered slash commands as invocation paths: ["game new", "game join", "stats"]."""
        out: list[str] = []

        def walk(prefix: str, options: list[dict]) -> bool:
            subs = [o for o in options if o.get("type") in (1, 2)]
            for o in subs:
                if o["type"] == 2:
                    walk(f"{prefix} {o['name']}", o.get("options") or [])
                else:
                    out.append(f"{prefix} {o['name']}")
            return bool(subs)

        for cmd in self.commands.get(guild.id if guild else None, []):
            if cmd.get("type", 1) == 1 and not walk(cmd["name"], cmd.get("options") or []):
                out.append(cmd["name"])
        return out


def _bucket(method: str, path: str) -> str:
    import hashlib
    import re

    generic = re.sub(r"/\d{5,}", "/:id", path)
    generic = re.sub(r"/(webhooks|interactions)/:id/[^/]+", r"/\1/:id/:token", generic)
    return hashlib.sha1(f"{method} {generic}".encode()).hexdigest()[:16]


def _as_message(obj: Any) -> m.Message:
    if isinstance(obj, m.Message):
        return obj
    msg = getattr(obj, "message", None)
    if isinstance(msg, m.Message):
        return msg
    raise TypeError(f"not a message: {obj!r}")
