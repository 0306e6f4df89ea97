"""``GET /ws?table=<id>&session=<token>``: one socket, one user at one table (web-protocol.md).

A forged, expired or other table's token closes the socket (4401) before any frame; an unknown
table closes it (4404). Then ``hello`` and the first frame; then each client message in turn:
``move`` (the chat's one path: ``Bridge.play``; ``ack`` once stored and published, ``error``
with the chat's refusal otherwise), ``why``, ``card``, ``ping``. More than the flood limit of
messages closes the socket (4429), and so do repeated bad messages (4400)."""

from __future__ import annotations

import json
import logging
from typing import Any

from aiohttp import WSMsgType, web

from bot.core.errors import HostError
from bot.text.i18n import t, using
from bot.web import frames
from bot.web.hub import BAD_LIMIT, Hub, Socket, monotonic
from bot.web.tokens import TokenError, Tokens

log = logging.getLogger(__name__)

CLOSE_AUTH, CLOSE_TABLE, CLOSE_BAD, CLOSE_FLOOD = 4401, 4404, 4400, 4429
MAX_MESSAGE = 4096  # bytes of one client message


def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _ref(message: dict[str, Any]) -> int | None:
    return _int(message.get("ref"))


async def refuse(ws: web.WebSocketResponse, code: int, key: str) -> web.WebSocketResponse:
    await ws.send_json({"type": "error", "ref": None, "message": t(key)})
    await ws.close(code=code, message=key.encode())
    return ws


async def handle(request: web.Request, hub: Hub, tokens: Tokens) -> web.WebSocketResponse:
    ws = web.WebSocketResponse(heartbeat=30.0, max_msg_size=MAX_MESSAGE)
    await ws.prepare(request)
    table = request.query.get("table", "")
    if not (table.isdigit() and len(table) < 19):
        return await refuse(ws, CLOSE_TABLE, "web.error.no_table")
    try:
        session = tokens.check_session(request.query.get("session"), int(table))
    except TokenError as exc:
        return await refuse(ws, CLOSE_AUTH, f"web.error.{exc.code}")
    host = hub.bridge.host
    try:
        rec = await host.current(int(table))
    except HostError:
        return await refuse(ws, CLOSE_TABLE, "web.error.no_table")
    locale = await hub.bridge.locale(rec, session.user)
    sock = Socket(ws, rec.id, session.user, locale)
    with using(locale):
        await sock.send(frames.hello(rec, session.user, locale))
    hub.add(sock)
    try:
        await hub.send_frame(sock, rec, force=True)
        await serve(sock, hub)
    finally:
        hub.remove(sock)
    return ws


async def serve(sock: Socket, hub: Hub) -> None:
    async for msg in sock.ws:
        if msg.type != WSMsgType.TEXT:
            if msg.type in (WSMsgType.BINARY,):
                await bad(sock, None)
            continue
        if sock.flooding(monotonic()):
            with using(sock.locale):
                await sock.send({"type": "error", "ref": None, "message": t("web.error.flood")})
            await sock.ws.close(code=CLOSE_FLOOD, message=b"flood")
            return
        try:
            message = json.loads(msg.data)
        except ValueError:
            message = None
        if not isinstance(message, dict):
            await bad(sock, None)
            continue
        with using(sock.locale):
            await answer(sock, hub, message)
        if sock.bad >= BAD_LIMIT:
            await sock.ws.close(code=CLOSE_BAD, message=b"bad messages")
            return


async def bad(sock: Socket, ref: int | None) -> None:
    sock.bad += 1
    with using(sock.locale):
        await sock.send({"type": "error", "ref": ref, "message": t("web.error.bad_message")})
    if sock.bad >= BAD_LIMIT:
        await sock.ws.close(code=CLOSE_BAD, message=b"bad messages")


async def answer(sock: Socket, hub: Hub, message: dict[str, Any]) -> None:
    kind, ref = message.get("type"), _ref(message)
    if kind == "ping":
        await sock.send({"type": "pong"})
    elif kind == "move":
        await move(sock, hub, message, ref)
    elif kind == "why" and ref is not None:
        rec = await hub.bridge.host.current(sock.table)
        user = frames.viewer_of(rec, sock.user)
        mine = user is not None and user in hub.bridge.host.actors(rec)
        text = hub.bridge.why(rec, user) if mine and user is not None else t("why.not_yours")
        await sock.send({"type": "why", "ref": ref, "text": text})
    elif kind == "card" and ref is not None and isinstance(message.get("name"), str):
        rec = await hub.bridge.host.current(sock.table)
        text = hub.bridge.reference(rec, message["name"][:100])
        await sock.send({"type": "ref", "ref": ref, "text": text})
    else:
        await bad(sock, ref)


async def move(sock: Socket, hub: Hub, message: dict[str, Any], ref: int | None) -> None:
    digest, version = message.get("id"), _int(message.get("version"))
    if ref is None or version is None or not isinstance(digest, str) or len(digest) > 64:
        await bad(sock, ref)
        return
    if sock.user is None:
        await sock.send({"type": "error", "ref": ref, "message": t("error.not_seated")})
        return
    try:
        await hub.bridge.play(sock.table, sock.user, digest, version)
    except Exception as exc:  # noqa: BLE001 - refusals are said; anything else is logged
        rec = await hub.bridge.host.current(sock.table)
        text = hub.bridge.refusal(exc, rec.game)
        if text is None:
            log.exception("web move on table %s failed", sock.table)
            text = t("web.error.failed")
        await sock.send({"type": "error", "ref": ref, "message": text})
        return
    await sock.send({"type": "ack", "ref": ref})
