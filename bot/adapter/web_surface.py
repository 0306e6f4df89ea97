"""The web surface in the bot process (issue 32): started by ``serve`` when ``WEB_PORT`` is
set, after the client's host is open; every publication then also pushes frames to the
table's sockets (the host's ``after_publication`` hook, beside the AI seats' wake-up), and
the board carries **Open board** (:mod:`bot.adapter.web_button`)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING

from bot.adapter.web_bridge import WebBridge
from bot.core.store import SessionRecord
from bot.web.secret import web_secret
from bot.web.server import listening
from bot.web.state import Web

if TYPE_CHECKING:
    from bot.adapter.client import Crowntable

log = logging.getLogger(__name__)


def hook(client: Crowntable, state: Web) -> None:
    """Chain the sockets' push after the host's existing publication hook."""
    before = client.host.after_publication

    def published(rec: SessionRecord) -> None:
        if before is not None:
            before(rec)
        state.hub.published(rec)

    client.host.after_publication = published


@contextlib.asynccontextmanager
async def running(client: Crowntable) -> AsyncIterator[Web | None]:
    """Serve the web surface while the block runs (None when ``WEB_PORT`` is unset)."""
    config = client.config.web
    if config is None:
        yield None
        return
    bridge = WebBridge(client)
    state = Web(config, bridge, web_secret(config.secret, client.config.database_url))
    bridge.on_stored = state.hub.published  # a web move's frames: as soon as it is stored
    client.web = state  # type: ignore[attr-defined]  # read by the board's Open board button

    async def hook_when_ready() -> None:
        await client.synced.wait()  # setup_hook opened the host and set its hook
        hook(client, state)

    hooked = asyncio.create_task(hook_when_ready(), name="web-hook")
    try:
        async with listening(state):
            yield state
    finally:
        hooked.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await hooked
