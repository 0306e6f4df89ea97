"""The host's plain readers and writers, passed through to their services: the move log and
its events, standings, refused DMs, languages, spectators (a mixin of
:class:`bot.core.host.SessionHost`, which keeps their names for the adapter, the CLI and the
tests)."""

from __future__ import annotations

from typing import Any

from bot.core.gamelog import GameLog
from bot.core.people import People
from bot.core.ratings import Standings
from bot.core.sessions import Sessions
from bot.core.store.base import MoveRecord, SessionRecord
from games.base import Event


class PassThroughs:
    sessions: Sessions
    log: GameLog
    standing: Standings
    people: People

    async def moves(self, session_id: int) -> list[MoveRecord]:
        return await self.sessions.store.moves(session_id)

    async def log_events(self, rec: SessionRecord) -> list[Event]:
        """Every public event of the game so far, in order, replayed from seed + move log
        (a move made by the turn clock is preceded by its ``host_timeout``)."""
        return await self.log.events(rec)

    async def standings(self, guild_id: str | None, game_id: str | None) -> list[dict[str, Any]]:
        """Rated players of a guild (one game or all), best displayed skill first."""
        return await self.standing.standings(guild_id, game_id)

    async def player_stats(self, guild_id: str | None, player_id: str) -> dict[str, Any]:
        return await self.standing.player_stats(guild_id, player_id)

    async def recent_results(
        self, guild_id: str | None, player_id: str | None, limit: int
    ) -> list[dict[str, Any]]:
        return await self.standing.recent_results(guild_id, player_id, limit)

    async def dm_refused_at(self, user_id: str) -> float | None:
        """When a DM to ``user_id`` was last refused (None: the last one went through)."""
        return await self.people.dm_refused_at(user_id)

    async def remember_dm(self, user_id: str, refused: bool) -> None:
        await self.people.remember_dm(user_id, refused)

    async def watch(self, session_id: int, user_id: str) -> tuple[SessionRecord, bool]:
        """``user_id`` watches a running table they are not seated at (False: already)."""
        return await self.people.watch(session_id, user_id)

    async def unwatch(self, session_id: int, user_id: str) -> bool:
        return await self.people.unwatch(session_id, user_id)

    async def watchers(self, rec: SessionRecord) -> list[str]:
        """Who watches ``rec``: never a seated player (the board is theirs anyway)."""
        return await self.people.watchers(rec)

    async def user_locale(self, user_id: str) -> str | None:
        """The language ``user_id``'s client last used (for DMs sent unprompted)."""
        return await self.people.user_locale(user_id)

    async def remember_locale(self, user_id: str, locale: str | None) -> None:
        await self.people.remember_locale(user_id, locale)

    async def guild_locale(self, guild_id: str) -> str | None:
        """The language a server chose for its channels (None: Discord's guild_locale)."""
        return await self.people.guild_locale(guild_id)

    async def set_guild_locale(self, guild_id: str, locale: str | None) -> None:
        await self.people.set_guild_locale(guild_id, locale)

    async def close(self) -> None:
        await self.sessions.store.close()
