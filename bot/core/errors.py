"""Errors the host raises for players; the bot turns each into one short ephemeral answer."""

from __future__ import annotations

from typing import Any

from bot.text.i18n import has, t

#: how much of a value a player typed (or a forged payload carried) a refusal repeats
VALUE_LIMIT = 100


def quoted(value: object, limit: int = VALUE_LIMIT) -> str:
    """``value`` as a refusal repeats it: at most ``limit`` characters, "…" where cut (a
    forged 5,000-character option must not make the refusal itself too long to send)."""
    text = str(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


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
