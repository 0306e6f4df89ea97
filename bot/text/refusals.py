"""Refusals in the player's words: by code, through :func:`bot.text.i18n.t`.

An engine's :class:`~games.base.IllegalMove` is looked up by its precise ``code`` (the game's
own text ``<game>.refusal.<code>`` first, then a shared ``refusal.<code>``), then by its shared
``kind`` (``refusal.<kind>``); the engine's own English is the last fallback, never the first.
A host refusal (``HostError``) is ``error.<code>`` with its parameters.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.text.i18n import has, t
from games.base import IllegalMove


def refusal_keys(exc: IllegalMove, game_id: str | None = None) -> list[str]:
    """The catalogue keys tried for ``exc``, in order."""
    keys = [f"{game_id}.refusal.{exc.code}"] if game_id else []
    keys.append(f"refusal.{exc.code}")
    if exc.kind != exc.code:
        keys.append(f"refusal.{exc.kind}")
    return keys


def refusal_text(exc: IllegalMove, game_id: str | None = None) -> str:
    for key in refusal_keys(exc, game_id):
        if has(key):
            return t(key, **exc.params)
    return str(exc)


def host_error_text(code: str, params: Mapping[str, Any]) -> str:
    return t(f"error.{code}", **params)
