"""The sockets of every table (web-protocol.md): each socket is one signed-in user (or a
spectator) at one table; after every publication of a table (the host's
``after_publication`` hook: a chat move, a web move, an AI move, the clock, an undo) each of
its sockets gets a frame of the latest record for its own viewer, in its own language, in
order (one lock per socket), never twice for one version."""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from bot.core.store import SessionRecord
from bot.text.i18n import using
from bot.web import frames
from bot.web.bridge import Bridge

log = logging.getLogger(__name__)

#: client messages allowed per :data:`FLOOD_WINDOW` seconds; more closes the socket (4429)
FLOOD_LIMIT, FLOOD_WINDOW = 20, 2.0
#: bad messages (not JSON, unknown type, wrong fields) before the socket is closed (4400)
BAD_LIMIT = 5
SEND_TIMEOUT = 5.0  # seconds a slow client may take to take a frame before it is dropped


@dataclass(eq=False)
class Socket:
    ws: web.WebSocketResponse
    table: int
    user: str | None
    locale: str
    seq: int = 0
    version: int = -1  # the version of the last frame sent
    status: str = ""
    bad: int = 0
    stamps: list[float] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    def flooding(self, now: float) -> bool:
        """Count one client message; True when the socket sent too many lately."""
        self.stamps = [s for s in self.stamps if now - s < FLOOD_WINDOW]
        self.stamps.append(now)
        return len(self.stamps) > FLOOD_LIMIT

    async def send(self, message: dict[str, Any]) -> None:
        if not self.ws.closed:
            await asyncio.wait_for(self.ws.send_json(message), SEND_TIMEOUT)


class Hub:
    def __init__(self, bridge: Bridge) -> None:
        self.bridge = bridge
        self.tables: dict[int, set[Socket]] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    def add(self, sock: Socket) -> None:
        self.tables.setdefault(sock.table, set()).add(sock)

    def remove(self, sock: Socket) -> None:
        socks = self.tables.get(sock.table)
        if socks is not None:
            socks.discard(sock)
            if not socks:
                del self.tables[sock.table]

    def published(self, rec: SessionRecord) -> None:
        """The host's hook: a publication of ``rec``'s table ended (push, do not wait)."""
        if rec.id not in self.tables:
            return
        task = asyncio.ensure_future(self.push(rec.id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def push(self, table: int) -> None:
        """A frame of the latest record to each socket of ``table`` that has not seen it."""
        try:
            rec = await self.bridge.host.current(table)
        except Exception as exc:  # noqa: BLE001 - a table gone bad: its sockets wait
            log.warning("web: table %s not read for its sockets: %s", table, exc)
            return
        for sock in list(self.tables.get(table, ())):
            await self.send_frame(sock, rec)

    async def send_frame(self, sock: Socket, rec: SessionRecord, force: bool = False) -> None:
        async with sock.lock:
            if not force and (rec.version, rec.status) == (sock.version, sock.status):
                return
            if rec.version < sock.version:
                return  # an older record read before a newer one was sent
            sock.seq += 1
            try:
                with using(sock.locale):
                    message = frames.frame(self.bridge, rec, sock.user, sock.seq)
                await sock.send(message)
            except (ConnectionError, TimeoutError, RuntimeError) as exc:
                log.info("web: socket of table %s dropped: %s", sock.table, exc)
                await sock.ws.close()
                return
            sock.version, sock.status = rec.version, rec.status

    async def close(self) -> None:
        for socks in list(self.tables.values()):
            for sock in list(socks):
                await sock.ws.close(code=1001, message=b"server shutting down")
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)


def monotonic() -> float:
    return time.monotonic()
