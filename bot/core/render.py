"""Board images for the bot: views go to the game's renderer in a worker thread.

A small cache keyed by the game, the exact view (canonical JSON) and the names skips drawing a
board whose view did not change since it was last drawn (issue 13 item 7): a retry, a second
publish of the same state, a private image asked for twice. The cache is bounded (LRU).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from typing import Any

from bot.core.cache import LRU
from bot.core.host import SessionHost
from bot.core.store import SessionRecord
from bot.text import i18n
from bot.text.host_events import event_lines
from games.base import envelope
from renderers import alt_text, has_renderer, render_png, text_en
from renderers.text_en import Tr

__all__ = ["BoardCache", "board_alt_text", "board_png", "has_renderer"]

log = logging.getLogger(__name__)


class BoardCache:
    """PNG bytes by (game, view, names); the oldest entry goes first when full."""

    def __init__(self, size: int = 64) -> None:
        self.size = size
        self.hits = 0
        self.misses = 0
        self._items: LRU[str, bytes] = LRU(size)

    @staticmethod
    def key(game_id: str, view: dict[str, Any], names: dict[str, str]) -> str:
        blob = json.dumps(
            [game_id, view, names],
            sort_keys=True,
            separators=(",", ":"),
            ensure_ascii=False,
            default=str,
        )
        return hashlib.blake2b(blob.encode(), digest_size=16).hexdigest()

    def get(self, key: str) -> bytes | None:
        data = self._items.get(key)
        if data is None:
            self.misses += 1
            return None
        self.hits += 1
        return data

    def put(self, key: str, data: bytes) -> None:
        self._items[key] = data


CACHE = BoardCache()
IMAGE_PREFIX = "img."
#: words the renderers draw that the bot's catalogue already has under its own key (one key
#: per text: the final standings' units are the images' too); looked up there, not as img.*
SHARED_WORDS: dict[str, str] = {
    "unit.gold": "final.gold",
    "unit.vp": "final.vp",
    "board.and": "word.and",
    "board.game_over": "status.game_over",
}


def register_image_words() -> None:
    """Every word the renderers draw goes into the gettext catalogue as ``img.<key>`` (each
    game's renderer registers its words with :mod:`renderers.text_en` when imported)."""
    import importlib

    import games

    for game_id in games.REGISTRY:
        if has_renderer(game_id):
            importlib.import_module(f"renderers.{game_id}")
    i18n.register(
        {
            IMAGE_PREFIX + key: text
            for key, text in text_en.CATALOG.items()
            if key not in SHARED_WORDS
        }
    )


def image_tr(locale: str | None = None) -> Tr:
    """The renderers' ``tr`` in ``locale`` (default: the current language)."""
    code = i18n.normalise(locale) if locale is not None else i18n.current()

    def tr(key: str, /, **params: Any) -> str:
        full = SHARED_WORDS.get(key) or IMAGE_PREFIX + key
        entry = i18n.CATALOGS["en"].get(full)
        if not entry:  # unknown (the key shows), or a blank on purpose
            return text_en.english(key, **params)
        if isinstance(entry, tuple) and "n" in params:
            return i18n.tn(full, int(params.pop("n")), code, **params)
        return i18n.t(full, code, **params)

    return tr


register_image_words()


async def board_png(
    host: SessionHost,
    rec: SessionRecord,
    viewer: str | None,
    cache: BoardCache = CACHE,
    last: str | None = None,
) -> bytes | None:
    """PNG of ``viewer``'s view (None = public), or None when it cannot be drawn.

    ``last`` is what the board's "Last:" line says; without it, the latest change in words:
    the view envelope's ``last`` events worded like the board's log (``bot.text.host_events``,
    "has chosen" left out), in the reader's language."""
    if rec.state is None or not has_renderer(rec.game):
        return None
    view = host.view(rec, viewer)  # a record read through the host: its last change known
    names = host.names(rec)
    if last is None:
        last = last_words(host, rec, view)
    locale = i18n.current()  # the reader's language: the channel's, or the player's
    key = cache.key(rec.game, view, {**names, "\x00last": last or "", "\x00locale": locale})
    cached = cache.get(key)
    if cached is not None:
        return cached
    try:
        data = await asyncio.to_thread(render_png, rec.game, view, names, image_tr(locale), last)
    except Exception:
        log.exception("render failed: session %s game %s viewer %s", rec.id, rec.game, viewer)
        return None
    cache.put(key, data)
    return data


def last_words(host: SessionHost, rec: SessionRecord, view: dict[str, Any]) -> str | None:
    """The envelope's ``last`` events of ``view`` in words, joined (None: nothing to say, or
    a view without an envelope)."""
    env = envelope(view)
    if env is None or not env["last"]:
        return None
    names = host.names(rec)
    lines = event_lines(
        rec.game, env["last"], lambda p: names.get(p, p), game=host.game(rec.game), picks=False
    )
    return "; ".join(lines) or None


def board_alt_text(host: SessionHost, rec: SessionRecord, viewer: str | None) -> str | None:
    """The one-line description of the same board for the attachment (issue 13 item 6)."""
    if rec.state is None or not has_renderer(rec.game):
        return None
    try:
        view = host.view(rec, viewer)
        return alt_text(rec.game, view, host.names(rec), image_tr(), seats=rec.player_ids)
    except Exception:
        log.exception("alt text failed: session %s game %s", rec.id, rec.game)
        return None
