"""Pillow renderers: a game's view dict -> an image. Pure functions, no Discord, no bot.

Each game has ``renderers/<game id>.py`` exposing::

    def render(view: dict, *, names: dict[str, str] | None = None,
               theme: Theme | None = None) -> PIL.Image.Image

``view`` is exactly what ``Game.view(state, viewer)`` returned (``view.get("viewer")`` tells a
private image from the public one); ``names`` maps player ids to display names. Call
:func:`render_png` from the bot (off the event loop) to get PNG bytes.
"""

from __future__ import annotations

import importlib
from typing import Any

from renderers.common import to_png


def render_png(game_id: str, view: dict[str, Any], names: dict[str, str] | None = None) -> bytes:
    """PNG bytes of ``view`` drawn by ``renderers/<game_id>.py``."""
    module = importlib.import_module(f"renderers.{game_id}")
    return to_png(module.render(view, names=names))
