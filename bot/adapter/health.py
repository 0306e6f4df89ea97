"""The operator's HTTP listener (issue 28 item 5), on when ``HTTP_PORT`` is set: ``/healthz``
answers 200 only while the gateway is connected and the database answers (503 and the reason
otherwise: what a container's healthcheck and a load balancer read), ``/metrics`` the
Prometheus text format of :mod:`bot.core.metrics`. Bound to ``HTTP_HOST`` (127.0.0.1 unless
told otherwise): nothing here is meant for the internet."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any

import aiohttp
from aiohttp import web

from bot.core import metrics

if TYPE_CHECKING:
    from bot.adapter.client import Crowntable

log = logging.getLogger(__name__)
STORE_TIMEOUT = 2.0  # seconds the database has to answer a health check
CLIENT: web.AppKey[Crowntable] = web.AppKey("client")


async def store_answers(client: Crowntable) -> str | None:
    """Why the database does not answer (None: it does): one indexed read."""
    try:
        await asyncio.wait_for(client.host.store.session_head(0), STORE_TIMEOUT)
    except Exception as exc:  # noqa: BLE001 - any failure is "not healthy", said in words
        return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    return None


async def healthz(request: web.Request) -> web.Response:
    client = request.app[CLIENT]
    problems: dict[str, str] = {}
    if client.is_closed() or not client.is_ready() or not client.synced.is_set():
        problems["gateway"] = "not connected"
    else:
        problem = await store_answers(client)
        if problem:
            problems["store"] = problem
    body: dict[str, Any] = {"status": "ok" if not problems else "unhealthy", **problems}
    return web.json_response(body, status=200 if not problems else 503)


async def metrics_page(request: web.Request) -> web.Response:
    client = request.app[CLIENT]
    with contextlib.suppress(Exception):  # the counters still answer without the database
        store = client.host.store
        for status in ("lobby", "running"):
            metrics.OPEN_TABLES.labels(status).set(len(await store.session_ids((status,))))
    return web.Response(body=metrics.exposition(), headers={"Content-Type": metrics.CONTENT_TYPE})


@contextlib.asynccontextmanager
async def listening(client: Crowntable) -> AsyncIterator[int | None]:
    """Serve ``/healthz`` and ``/metrics`` while the block runs (when ``HTTP_PORT`` is set);
    yields the port listened on (None: off)."""
    port = client.config.http_port
    if port is None:
        yield None
        return
    app = web.Application()
    app[CLIENT] = client
    app.router.add_get("/healthz", healthz)
    app.router.add_get("/metrics", metrics_page)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, client.config.http_host, port)
    await site.start()
    log.info("health and metrics on http://%s:%d/", client.config.http_host, port)
    try:
        yield port
    finally:
        await runner.cleanup()


def discord_trace() -> aiohttp.TraceConfig:
    """Counts every request to Discord by method, route template and status (429s apart)."""
    trace = aiohttp.TraceConfig()

    async def on_end(_s: object, _c: object, params: aiohttp.TraceRequestEndParams) -> None:
        route = metrics.route_of(params.url.path)
        status = params.response.status
        metrics.DISCORD_REQUESTS.labels(params.method, route, str(status)).inc()
        if status == 429:
            metrics.DISCORD_RATE_LIMITED.labels(params.method, route).inc()

    async def on_error(_s: object, _c: object, params: aiohttp.TraceRequestExceptionParams) -> None:
        route = metrics.route_of(params.url.path)
        metrics.DISCORD_REQUESTS.labels(params.method, route, "error").inc()

    trace.on_request_end.append(on_end)
    trace.on_request_exception.append(on_error)
    return trace
