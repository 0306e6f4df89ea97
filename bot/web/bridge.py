"""What the web surface asks of the bot (``bot.adapter.web_bridge`` answers it): the web
package never imports discord.py nor the adapter, so the adapter hands it this object."""

from __future__ import annotations

from typing import Any, Protocol

from bot.core.host import SessionHost
from bot.core.store import SessionRecord


class Bridge(Protocol):
    @property
    def host(self) -> SessionHost: ...

    def options(self, rec: SessionRecord, viewer: str) -> list[dict[str, Any]]:
        """``viewer``'s legal moves as the chat offers them, in the current language:
        ``{"id", "label", "move"}`` (and ``"then"``: the secret follow-ups of a move offered
        with it in one choice, each ``{"id", "label", "move"}``)."""
        ...

    async def play(self, session: int, user: str, digest: str, version: int) -> None:
        """The chat's one path for a move (``bot.adapter.moves.play_move``), published to
        the chat; raises the refusal worded as the chat words it (``str(exc)``)."""
        ...

    def why(self, rec: SessionRecord, user: str) -> str:
        """The chat's **Why?** answer for ``user``'s current decision (current language)."""
        ...

    def reference(self, rec: SessionRecord, term: str) -> str:
        """The card reference page of ``term`` (the chat's ``/game card``), or its refusal."""
        ...

    def refusal(self, exc: Exception, game: str | None) -> str | None:
        """``exc`` in the reader's words (None: not a refusal, a bug)."""
        ...

    async def locale(self, rec: SessionRecord | None, user: str | None) -> str:
        """The language ``user`` reads (their own, else their server's)."""
        ...

    async def user_name(self, user: str) -> str:
        """A member's display name (the standings page)."""
        ...
