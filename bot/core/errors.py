"""Errors the host raises for players; the bot turns each into one short ephemeral answer."""

from __future__ import annotations

from typing import Any

from bot.text.i18n import has, t


class HostError(Exception):
    """A refusal with a stable ``code``; ``str()`` is the player-facing text (``error.<code>``)
    in the language current when it was raised, :meth:`text` the same in the current one."""

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(self.text())

    def text(self) -> str:
        """The refusal in the reader's words (the current language): ``error.<code>``, or
        for a refusal that is also one of the engine refusals' shared kinds (``stale``,
        ``not_your_turn``) that kind's text, ``refusal.<code>`` (one text for both)."""
        key = f"error.{self.code}"
        if not has(key) and has(f"refusal.{self.code}"):
            key = f"refusal.{self.code}"
        return t(key, **self.params)
