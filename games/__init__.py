"""Pure rules engines. Each sub-package ``games/<id>/`` exposes ``GAME``, registered here.

Nothing in ``games/`` imports from ``bot/`` or ``renderers/``; nothing here does I/O.
"""

from __future__ import annotations

import importlib
import pkgutil

from games.base import Game, IllegalMove

__all__ = ["REGISTRY", "Game", "IllegalMove", "get"]


def _discover() -> dict[str, Game]:
    found: dict[str, Game] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        game = getattr(module, "GAME", None)
        if game is not None:
            found[game.id] = game
    return found


REGISTRY: dict[str, Game] = _discover()


def get(game_id: str) -> Game:
    """The registered game ``game_id``; ``KeyError`` with the known ids when there is none."""
    try:
        return REGISTRY[game_id]
    except KeyError:
        known = ", ".join(sorted(REGISTRY)) or "none"
        raise KeyError(f"unknown game {game_id!r} (known: {known})") from None
