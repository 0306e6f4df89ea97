"""The web surface's tests (issue 32): the e2e harness (``tests/e2e/conftest.py``: the real
bot against the fake Discord) with ``WEB_PORT`` on, the fake's OAuth2 and Activity proxy
pointed at it; :class:`Web` is a small client of the HTTP API and the sockets."""

from __future__ import annotations

import asyncio
import json
import socket
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import pytest_asyncio

from bot.adapter.client import Crowntable
from bot.core.config import WebConfig
from tests.e2e.conftest import World, _no_error_logs, world  # noqa: F401  (fixtures)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Socket:
    """One browser's socket: every message it received, in order."""

    ws: aiohttp.ClientWebSocketResponse
    got: list[dict[str, Any]] = field(default_factory=list)
    unread: list[dict[str, Any]] = field(default_factory=list)
    ref: int = 0

    async def recv(
        self, kind: str | tuple[str, ...] | None = None, timeout: float = 10.0
    ) -> dict[str, Any]:
        """The next message not read yet (of ``kind``, or one of the kinds; others stay
        unread)."""
        kinds = (kind,) if isinstance(kind, str) else kind
        for i, data in enumerate(self.unread):
            if kinds is None or data.get("type") in kinds:
                return self.unread.pop(i)
        deadline = time.monotonic() + timeout
        while True:
            msg = await self.ws.receive(timeout=max(0.01, deadline - time.monotonic()))
            if msg.type != aiohttp.WSMsgType.TEXT:
                raise ConnectionError(f"socket closed: {msg.type} {self.ws.close_code}")
            data = json.loads(msg.data)
            self.got.append(data)
            if kinds is None or data.get("type") in kinds:
                return data
            self.unread.append(data)

    async def frame_after(self, version: int, timeout: float = 10.0) -> dict[str, Any]:
        while True:
            frame = await self.recv("frame", timeout)
            if frame["version"] > version:
                return frame

    async def send(self, message: dict[str, Any]) -> int:
        self.ref += 1
        await self.ws.send_json({"ref": self.ref, **message})
        return self.ref

    async def move(self, move_id: str, version: int) -> int:
        return await self.send({"type": "move", "id": move_id, "version": version})

    async def closed(self, timeout: float = 5.0) -> int | None:
        """Read until the server closes; its close code."""
        deadline = time.monotonic() + timeout
        while not self.ws.closed:
            msg = await self.ws.receive(timeout=max(0.01, deadline - time.monotonic()))
            if msg.type == aiohttp.WSMsgType.TEXT:
                self.got.append(json.loads(msg.data))
            elif msg.type in (
                aiohttp.WSMsgType.CLOSE,
                aiohttp.WSMsgType.CLOSED,
                aiohttp.WSMsgType.CLOSING,
            ):
                break
        return self.ws.close_code


@dataclass
class Web:
    world: World
    base: str  # the bot's web surface, directly
    http: aiohttp.ClientSession

    @property
    def bot(self) -> Crowntable:
        return self.world.bot

    @property
    def proxy(self) -> str:
        """The Activity's origin through the fake Discord's proxy."""
        return self.world.fake.activity_url

    def session_for(self, user: Any, table: int = 0) -> str:
        return self.bot.web.tokens.session(str(user.id), table)  # type: ignore[attr-defined]

    async def sign_in(self, user: Any, via: str | None = None) -> dict[str, Any]:
        """The Activity's sign-in: an OAuth2 code from the fake, exchanged by the bot."""
        code = self.world.fake.oauth_code(user)
        async with self.http.post(f"{via or self.base}/api/token", json={"code": code}) as r:
            assert r.status == 200, await r.text()
            return dict(await r.json())

    async def socket(self, table: int, session: str, via: str | None = None) -> Socket:
        url = f"{(via or self.base).replace('http', 'ws', 1)}/ws?table={table}&session={session}"
        return Socket(await self.http.ws_connect(url))


async def start_web_bot(w: World, **config: Any) -> Web:
    port = free_port()
    fake = w.fake
    web_config = WebConfig(
        port=port,
        public_url=f"http://127.0.0.1:{port}",
        client_id=str(fake.application_id),
        client_secret=fake.client_secret,
        secret="a-test-secret-of-some-length",
        api_base=fake.api_base,
    )
    await w.start_bot(web=web_config, **config)
    fake.activity_target = web_config.public_url
    base = web_config.public_url
    http = aiohttp.ClientSession()
    for _ in range(100):  # the listener starts beside the gateway login
        try:
            async with http.get(f"{base}/api/tables") as r:
                if r.status == 401:
                    break
        except aiohttp.ClientError:
            await asyncio.sleep(0.05)
    return Web(w, base, http)


@pytest_asyncio.fixture
async def web(world: World) -> AsyncIterator[Web]:  # noqa: F811
    w = await start_web_bot(world)
    try:
        yield w
    finally:
        await w.http.close()
