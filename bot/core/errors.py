"""Errors the host raises for players; the bot turns each into one short ephemeral answer."""

from __future__ import annotations

from typing import Any

from bot.text.i18n import t


class HostError(Exception):
    """A refusal with a stable ``code``; ``str()`` is the player-facing text (``error.<code>``)."""

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(t(f"error.{code}", **params))
