"""What the bot remembers about people, and spectators: refused DMs, languages (users and
servers), who watches which table (issue 14). Store reads and writes, nothing more."""

from __future__ import annotations

from bot.core.errors import HostError
from bot.core.sessions import Sessions
from bot.core.store.base import SessionRecord


class People:
    def __init__(self, sessions: Sessions) -> None:
        self.sessions = sessions

    async def dm_refused_at(self, user_id: str) -> float | None:
        """When a DM to ``user_id`` was last refused (None: the last one went through)."""
        return await self.sessions.store.dms_closed_at(user_id)

    async def remember_dm(self, user_id: str, refused: bool) -> None:
        await self.sessions.store.set_dms_closed(user_id, refused)

    async def user_locale(self, user_id: str) -> str | None:
        """The language ``user_id``'s client last used (for DMs sent unprompted)."""
        return await self.sessions.store.user_locale(user_id)

    async def remember_locale(self, user_id: str, locale: str | None) -> None:
        await self.sessions.store.set_user_locale(user_id, locale)

    async def guild_locale(self, guild_id: str) -> str | None:
        """The language a server chose for its channels (None: Discord's guild_locale)."""
        return await self.sessions.store.guild_locale(guild_id)

    async def set_guild_locale(self, guild_id: str, locale: str | None) -> None:
        await self.sessions.store.set_guild_locale(guild_id, locale)

    async def watch(self, session_id: int, user_id: str) -> tuple[SessionRecord, bool]:
        """``user_id`` watches a running table they are not seated at (its public board by
        DM, issue 14); the record and False when they already did."""
        rec = await self.sessions.current(session_id)
        if rec.status != "running":
            raise HostError("not_running")
        if rec.seat_of(user_id):
            raise HostError("watch_seated")
        return rec, await self.sessions.store.add_watcher(session_id, user_id)

    async def unwatch(self, session_id: int, user_id: str) -> bool:
        return await self.sessions.store.remove_watcher(session_id, user_id)

    async def watchers(self, rec: SessionRecord) -> list[str]:
        """Who watches ``rec``: never a seated player (the board is theirs anyway)."""
        return [u for u in await self.sessions.store.watchers(rec.id) if not rec.seat_of(u)]
