"""The gateway: one websocket per bot connection, JSON encoding, optional zlib-stream.

What discord.py 2.7 does, and what this fake answers:

* connects to ``DEFAULT_GATEWAY?v=10&encoding=json&compress=zlib-stream`` (zstd-stream if the
  ``zstandard`` package is installed; we then fall back to plain text frames, which the client
  also accepts);
* receives HELLO, sends a heartbeat at once and every ``heartbeat_interval`` ms;
* sends IDENTIFY (token, intents) -> READY (bot user, application, unavailable guilds,
  ``session_id``, ``resume_gateway_url``), then one GUILD_CREATE per guild;
* on a dropped connection reconnects to ``resume_gateway_url`` and sends RESUME (session_id,
  last seq) -> we replay every dispatch it missed, then RESUMED;
* ``bot.close()`` closes the socket; because discord.py's reader task races the close, the code
  Discord sees is usually 4000, not 1000, so the session stays resumable until the next
  IDENTIFY (a restarted bot identifies afresh; interactions sent while no bot is connected are
  never answered, like on Discord).
"""

from __future__ import annotations

import asyncio
import json
import logging
import uuid
import zlib
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

if TYPE_CHECKING:
    from .server import FakeDiscord

log = logging.getLogger("fakediscord.gateway")

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, VOICE_STATE = 0, 1, 2, 3, 4
RESUME, RECONNECT, REQUEST_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 6, 7, 8, 9, 10, 11

HEARTBEAT_INTERVAL_MS = 41250

INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DIRECT_MESSAGES = 1 << 12


@dataclass(eq=False)
class Connection:
    """One websocket. `compress` is the query's compress value (zlib-stream or None)."""

    ws: web.WebSocketResponse
    query: dict[str, str]
    compressor: Any = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    session: GatewaySession | None = None
    heartbeats: int = 0
    closed_by_fake: bool = False  # we dropped it (the bot should RESUME)

    async def send(self, payload: dict) -> None:
        async with self.lock:
            await self.write(payload)

    async def write(self, payload: dict) -> None:
        """One frame; the caller holds `lock` (frames must not interleave: zlib-stream state)."""
        if self.ws.closed:
            raise ConnectionResetError("websocket closed")
        text = json.dumps(payload, separators=(",", ":"))
        if self.compressor is not None:
            data = self.compressor.compress(text.encode()) + self.compressor.flush(
                zlib.Z_SYNC_FLUSH
            )
            await self.ws.send_bytes(data)
        else:
            await self.ws.send_str(text)


@dataclass(eq=False)
class GatewaySession:
    """A gateway session survives dropped connections: dispatches are numbered and kept
    so a RESUME can replay what the bot missed."""

    id: str
    token: str
    intents: int
    shard: list[int] | None
    seq: int = 0
    sent: list[dict] = field(
        default_factory=list
    )  # every dispatch: {"frame", "on_sent", "written"}
    pending: deque = field(default_factory=deque)  # numbered but not yet written, in order
    connection: Connection | None = None
    closed: bool = False  # ended by the bot (close code 1000) or INVALID_SESSION
    resumes: int = 0

    def wants(self, intent: int) -> bool:
        return bool(self.intents & intent)


class Gateway:
    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.sessions: list[GatewaySession] = []
        self.connections: list[Connection] = []  # every connection ever made, in order
        self.identified = asyncio.Event()
        self._tasks: set[asyncio.Task] = set()
        #: what ``GET /gateway/bot`` recommends (a bot without SHARD_COUNT runs this many)
        self.recommended_shards = 1

    # --- state ------------------------------------------------------------------------
    @property
    def session(self) -> GatewaySession | None:
        """The current bot session (the latest IDENTIFY not ended by the bot)."""
        for session in reversed(self.sessions):
            if not session.closed:
                return session
        return None

    @property
    def live_sessions(self) -> list[GatewaySession]:
        return [s for s in self.sessions if not s.closed]

    @property
    def connected(self) -> bool:
        """Every live session (one per shard) has a connection."""
        live = self.live_sessions
        return bool(live) and all(s.connection is not None for s in live)

    def session_for(self, guild: Any = None) -> GatewaySession | None:
        """The session that receives events of `guild` (None: DMs, which go to shard 0):
        shard = (guild_id >> 22) % shard_count, as Discord routes them."""
        for session in reversed(self.live_sessions):
            if session.shard is None:
                return session
            shard_id, count = session.shard
            if shard_id == (0 if guild is None else (guild.id >> 22) % count):
                return session
        return None

    # --- sending ----------------------------------------------------------------------
    def enqueue(
        self,
        event: str,
        data: dict,
        *,
        guild: Any = None,
        session: GatewaySession | None = None,
        on_sent: Any = None,
    ) -> dict:
        """Number a DISPATCH now (synchronously, so events keep the order in which the fake
        produced them) for `session`, or the session of `guild`'s shard; `flush` writes it."""
        session = session or self.session_for(guild)
        if session is None:
            raise RuntimeError(f"no bot is connected to the fake gateway (cannot send {event})")
        session.seq += 1
        entry = {
            "frame": {"op": DISPATCH, "t": event, "s": session.seq, "d": data},
            "on_sent": on_sent,
            "written": False,
        }
        session.sent.append(entry)
        session.pending.append(entry)
        entry["session"] = session
        return entry

    async def flush(self, session: GatewaySession | None = None) -> None:
        """Write the session's pending dispatches in order. If the connection is down they
        stay recorded and a RESUME replays them (`on_sent` runs when a frame goes out)."""
        session = session or self.session
        conn = session.connection if session else None
        if conn is None:
            return
        async with conn.lock:
            while session.pending and session.connection is conn:
                entry = session.pending[0]
                try:
                    await conn.write(entry["frame"])
                except (ConnectionResetError, RuntimeError):
                    return
                session.pending.popleft()
                self._written(entry)

    @staticmethod
    def _written(entry: dict) -> None:
        entry["written"] = True
        if entry["on_sent"]:
            entry["on_sent"]()

    async def dispatch(
        self,
        event: str,
        data: dict,
        *,
        guild: Any = None,
        session: GatewaySession | None = None,
        on_sent: Any = None,
    ) -> bool:
        """Send a DISPATCH (to `session`, or to the shard of `guild`; DMs: shard 0); returns
        whether it went out now (else a RESUME delivers it, or nothing if the bot identifies
        afresh)."""
        entry = self.enqueue(event, data, guild=guild, session=session, on_sent=on_sent)
        await self.flush(entry["session"])
        return entry["written"]

    async def close_connection(self, *, code: int = 4000, abrupt: bool = False) -> None:
        session = self.session
        conn = session.connection if session else None
        if conn is None or conn.ws.closed:
            return
        conn.closed_by_fake = True
        if abrupt:
            # no close frame: like a network failure
            transport = conn.ws._req.transport if conn.ws._req else None  # type: ignore[attr-defined]
            if transport is not None:
                transport.abort()
            return
        await conn.ws.close(code=code, message=b"fake: dropped")

    async def send_op(self, op: int, d: Any = None) -> None:
        await self.send_op_to(self.session, op, d)

    async def send_op_to(self, session: GatewaySession | None, op: int, d: Any = None) -> None:
        if session and session.connection and not session.connection.ws.closed:
            await session.connection.send({"op": op, "d": d})

    async def close_all(self) -> None:
        for conn in self.connections:
            conn.closed_by_fake = True
            if not conn.ws.closed:
                await conn.ws.close(code=1001, message=b"fake stopping")

    # --- the websocket handler --------------------------------------------------------
    async def handle(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(autoping=True, max_msg_size=0)
        await ws.prepare(request)
        query = dict(request.query)
        conn = Connection(ws=ws, query=query)
        if query.get("compress") == "zlib-stream":
            conn.compressor = zlib.compressobj()
        if query.get("encoding", "json") != "json":
            await ws.close(code=4002, message=b"fake supports encoding=json only")
            return ws
        self.connections.append(conn)
        self.fake._notify()
        await conn.send(
            {"op": HELLO, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS, "_trace": ["fake"]}}
        )
        try:
            async for msg in ws:
                if msg.type == WSMsgType.TEXT:
                    await self._received(conn, json.loads(msg.data))
                elif msg.type == WSMsgType.BINARY:
                    await self._received(conn, json.loads(msg.data.decode()))
                elif msg.type == WSMsgType.ERROR:
                    break
        except (ConnectionResetError, asyncio.CancelledError):
            pass
        finally:
            log.debug("gateway connection closed: %s", ws.close_code)
            if conn.session is not None and conn.session.connection is conn:
                if ws.close_code == 1000 and not conn.closed_by_fake:
                    conn.session.closed = True  # the bot ended its session on purpose
                conn.session.connection = None  # "connected" ends here, not at ws.closed
            self.fake._notify()
        return ws

    async def _received(self, conn: Connection, msg: dict) -> None:
        op, d = msg.get("op"), msg.get("d")
        self.fake._record_gateway(op, d)
        if op == HEARTBEAT:
            conn.heartbeats += 1
            await conn.send({"op": HEARTBEAT_ACK})
        elif op == IDENTIFY:
            await self._identify(conn, d)
        elif op == RESUME:
            await self._resume(conn, d)
        elif op == REQUEST_MEMBERS:
            await self._request_members(conn, d)
        elif op in (PRESENCE, VOICE_STATE):
            pass
        else:
            log.warning("fake gateway: unknown op %s", op)

    async def _identify(self, conn: Connection, d: dict) -> None:
        fake = self.fake
        if fake.token is not None and d.get("token") != fake.token:
            await conn.ws.close(code=4004, message=b"Authentication failed.")
            return
        session = GatewaySession(
            id=uuid.uuid4().hex,
            token=d.get("token", ""),
            intents=int(d.get("intents", 0)),
            shard=d.get("shard"),
        )
        for old in self.sessions:  # a new IDENTIFY replaces the session of the same shard
            if old.shard is None or session.shard is None or old.shard[0] == session.shard[0]:
                old.closed = True
        self.sessions.append(session)
        session.connection = conn
        conn.session = session
        guilds = [g for g in fake.guilds if self.session_for(g) is session]
        ready = {
            "v": 10,
            "user": fake.bot_user.payload()
            | {"verified": True, "mfa_enabled": False, "email": None},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": fake.resume_gateway_url,
            "application": {"id": str(fake.application_id), "flags": fake.application_flags},
            "private_channels": [],
            "presences": [],
            "relationships": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "auth_session_id_hash": "",
            "_trace": ["fake"],
        }
        if session.shard is not None:
            ready["shard"] = session.shard
        await self.dispatch("READY", ready, session=session)
        for guild in guilds:
            await self.dispatch("GUILD_CREATE", self.guild_create(guild, session), session=session)
        self.identified.set()
        fake._notify()

    def guild_create(self, guild, session: GatewaySession) -> dict:
        """Without the privileged GUILD_MEMBERS intent Discord sends only the bot's own member:
        players are known to the bot only through interactions (``member``) and fetches."""
        data = guild.payload()
        if not session.wants(INTENT_GUILD_MEMBERS):
            data["members"] = [
                m for m in data["members"] if m["user"]["id"] == str(self.fake.bot_user.id)
            ]
        return data

    async def _resume(self, conn: Connection, d: dict) -> None:
        session = next((s for s in self.sessions if s.id == d.get("session_id")), None)
        if session is None or session.closed:
            await conn.send({"op": INVALID_SESSION, "d": False})
            return
        last = int(d.get("seq") or 0)
        async with conn.lock:
            session.connection = conn
            conn.session = session
            session.resumes += 1
            for entry in session.sent:
                if entry["frame"]["s"] > last:
                    await conn.write(entry["frame"])
                    self._written(entry)
            session.pending.clear()
            session.seq += 1
            resumed = {"op": DISPATCH, "t": "RESUMED", "s": session.seq, "d": {"_trace": ["fake"]}}
            session.sent.append({"frame": resumed, "on_sent": None, "written": True})
            await conn.write(resumed)
        self.fake._notify()

    async def _request_members(self, conn: Connection, d: dict) -> None:
        guild = self.fake._guild(int(d["guild_id"]))
        members = list(guild.members.values())
        if d.get("user_ids"):
            wanted = {
                int(u)
                for u in (d["user_ids"] if isinstance(d["user_ids"], list) else [d["user_ids"]])
            }
            members = [m for m in members if m.user.id in wanted]
        elif d.get("query"):
            members = [m for m in members if m.user.name.lower().startswith(d["query"].lower())]
        chunk = {
            "guild_id": str(guild.id),
            "members": [m.payload() for m in members],
            "chunk_index": 0,
            "chunk_count": 1,
        }
        if d.get("nonce"):
            chunk["nonce"] = d["nonce"]
        await self.dispatch("GUILD_MEMBERS_CHUNK", chunk, session=conn.session)
