"""Board images for the bot: views go to the game's renderer in a worker thread."""

from __future__ import annotations

import asyncio
import importlib.util
import logging

from bot.core.host import SessionHost
from bot.core.store import SessionRecord
from renderers import render_png

log = logging.getLogger(__name__)


def has_renderer(game_id: str) -> bool:
    return importlib.util.find_spec(f"renderers.{game_id}") is not None


async def board_png(host: SessionHost, rec: SessionRecord, viewer: str | None) -> bytes | None:
    """PNG of ``viewer``'s view (None = public), or None when it cannot be drawn."""
    if rec.state is None or not has_renderer(rec.game):
        return None
    view = host.view(rec, viewer)
    try:
        return await asyncio.to_thread(render_png, rec.game, view, host.names(rec))
    except Exception:
        log.exception("render failed: session %s game %s viewer %s", rec.id, rec.game, viewer)
        return None
