"""The web surface's HTTP server (web-protocol.md): the Activity's page and assets, sign-in
(Discord's OAuth2 code, or a one-time login link), the table of a channel, the sockets
(:mod:`bot.web.sockets`) and the read-only replay and standings pages (:mod:`bot.web.pages`).
Errors are JSON ``{"error": "<short text in the reader's language>"}``; nothing a request
sends is stored unless it signs someone in (a used login nonce)."""

from __future__ import annotations

import contextlib
import html
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
from aiohttp import web

from bot.core.errors import HostError
from bot.text.i18n import t, using
from bot.web import auth, pages, sockets
from bot.web.state import WEB, Web, reader, refused
from bot.web.tokens import TokenError

log = logging.getLogger(__name__)
STATIC = Path(__file__).with_name("static")
MAX_BODY = 16 * 1024


def page(request: web.Request, name: str = "index.html") -> web.StreamResponse:
    """A built page, its placeholders filled: ``__DISCORD_CLIENT_ID__`` (the application id the
    Embedded App SDK signs in with; "" when unset) and ``__BASE__`` (the path it is served
    under: "/")."""
    path = STATIC / name
    if not path.is_file():
        return web.json_response({"error": t("web.error.not_built")}, status=503)
    client_id = request.app[WEB].config.client_id or ""
    text = (
        path.read_text(encoding="utf-8")
        .replace("__DISCORD_CLIENT_ID__", html.escape(client_id, quote=True))
        .replace("__BASE__", "/")
    )
    return web.Response(
        text=text, content_type="text/html", charset="utf-8", headers={"Cache-Control": "no-cache"}
    )


async def activity(request: web.Request) -> web.StreamResponse:
    with using(reader(request)):
        return page(request)


async def static(request: web.Request) -> web.StreamResponse:
    name = request.match_info["file"]
    if "/" in name or "\\" in name or name.startswith(".") or not (STATIC / name).is_file():
        return refused(request, 404, "web.error.not_found")
    return web.FileResponse(STATIC / name, headers={"Cache-Control": "public, max-age=86400"})


async def play_page(request: web.Request) -> web.StreamResponse:
    if not request.match_info["table"].isdigit():
        return refused(request, 404, "web.error.no_table")
    with using(reader(request)):
        return page(request)


async def body_of(request: web.Request) -> dict[str, Any] | None:
    if request.content_length is not None and request.content_length > MAX_BODY:
        return None
    try:
        body = await request.json()
    except ValueError:
        return None
    return body if isinstance(body, dict) else None


async def token(request: web.Request) -> web.Response:
    """``POST /api/token {"code"}``: Discord's OAuth2 code for our session token."""
    app = request.app[WEB]
    body = await body_of(request)
    code = body.get("code") if body else None
    if not isinstance(code, str) or not 0 < len(code) <= 200:
        return refused(request, 400, "web.error.bad_request")
    if app.http is None:
        app.http = aiohttp.ClientSession(timeout=auth.TIMEOUT)
    try:
        who = await auth.exchange(app.config, app.http, code)
    except auth.SignInFailed as exc:
        return refused(
            request, 401 if exc.code == "signin_failed" else 403, f"web.error.{exc.code}"
        )
    return web.json_response(
        {
            "access_token": who.access_token,
            "session": app.tokens.session(who.id),
            "user": {"id": who.id, "name": who.name},
        }
    )


async def login(request: web.Request) -> web.Response:
    """``POST /api/login {"token"}``: a one-time login link's token for a session token."""
    app = request.app[WEB]
    body = await body_of(request)
    try:
        once = app.tokens.check_login(body.get("token") if body else None)
        rec = await app.bridge.host.current(once.table)
        await app.nonces.spend(once)
    except TokenError as exc:
        return refused(request, 401, f"web.error.{exc.code}")
    except HostError:
        return refused(request, 404, "web.error.no_table")
    seat = rec.seat_of(once.user)
    return web.json_response(
        {
            "session": app.tokens.session(once.user, once.table),
            "user": {"id": once.user, "name": seat.name if seat else once.user},
            "table": once.table,
        }
    )


def bearer(request: web.Request) -> str | None:
    header = request.headers.get("Authorization", "")
    return header[len("Bearer ") :] if header.startswith("Bearer ") else None


async def tables(request: web.Request) -> web.Response:
    """``GET /api/tables?channel_id=``: the channel's lobby or running table."""
    app = request.app[WEB]
    try:
        who = app.tokens.check_session(bearer(request))
    except TokenError as exc:
        return refused(request, 401, f"web.error.{exc.code}")
    channel = request.query.get("channel_id", "")
    if not channel.isdigit():
        return refused(request, 400, "web.error.bad_request")
    try:
        rec = await app.bridge.host.active(channel)
    except HostError:
        return refused(request, 404, "web.error.no_channel_table")
    return web.json_response({"table": rec.id, "session": app.tokens.session(who.user, rec.id)})


async def ws(request: web.Request) -> web.WebSocketResponse:
    app = request.app[WEB]
    with using(reader(request)):
        return await sockets.handle(request, app.hub, app.tokens)


@web.middleware
async def answered(request: web.Request, handler: Any) -> web.StreamResponse:
    """Every failure is a short JSON answer: 503 while the bot is still starting (its host not
    open yet), 500 (logged) for a bug; HTTP errors (404 of an unknown route) as they are."""
    try:
        response: web.StreamResponse = await handler(request)
        return response
    except web.HTTPException:
        raise
    except RuntimeError as exc:
        if "not set up yet" not in str(exc):
            raise
        return refused(request, 503, "web.error.starting")
    except Exception:
        log.exception("web: %s %s failed", request.method, request.path)
        return refused(request, 500, "web.error.failed")


def make_app(state: Web) -> web.Application:
    app = web.Application(client_max_size=MAX_BODY, middlewares=[answered])
    app[WEB] = state
    app.router.add_get("/activity", activity)
    app.router.add_get("/static/{file}", static)
    app.router.add_get("/play/{table}", play_page)
    app.router.add_post("/api/token", token)
    app.router.add_post("/api/login", login)
    app.router.add_get("/api/tables", tables)
    app.router.add_get("/ws", ws)
    pages.add_routes(app)
    return app


@contextlib.asynccontextmanager
async def listening(state: Web) -> AsyncIterator[int]:
    """Serve the web surface while the block runs; yields the port listened on."""
    runner = web.AppRunner(make_app(state), access_log=None, handle_signals=False)
    await runner.setup()
    site = web.TCPSite(runner, state.config.host, state.config.port)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    log.info("web surface on http://%s:%d/ (%s)", state.config.host, port, state.config.public_url)
    try:
        yield port
    finally:
        await state.hub.close()
        if state.http is not None:
            await state.http.close()
        await runner.cleanup()
