"""PostgreSQL's side of :class:`bot.core.store.prefs_base.PrefsStore` (a mixin of
:class:`bot.core.store.postgres.PostgresStore`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, TypeVar

import asyncpg

from bot.core.store.prefs_base import (
    PREFS_COLUMNS,
    AwaySpell,
    Notify,
    UserPrefs,
    prefs_from_row,
)

T = TypeVar("T")


class PgPrefs:
    if TYPE_CHECKING:

        async def _tx(self, fn: Callable[[asyncpg.Connection], Awaitable[T]]) -> T: ...

        async def _rows(self, sql: str, *args: Any) -> list[dict[str, Any]]: ...

        async def _execute(self, sql: str, *args: Any) -> int: ...

    async def user_prefs(self, user_ids: list[str]) -> dict[str, UserPrefs]:
        if not user_ids:
            return {}
        rows = await self._rows(
            f"SELECT {PREFS_COLUMNS} FROM users WHERE user_id = ANY($1::text[])", user_ids
        )
        return {str(r["user_id"]): prefs_from_row(r) for r in rows}

    async def set_notify(
        self,
        user_id: str,
        notify: Notify | None,
        digest_hour: int | None,
        utc_offset: int | None,
        digest_sent_at: float | None,
    ) -> None:
        await self._execute(
            "INSERT INTO users (user_id, notify, digest_hour, utc_offset, digest_sent_at)"
            " VALUES ($1, $2, $3, $4, $5) ON CONFLICT(user_id) DO UPDATE SET"
            " notify = excluded.notify, digest_hour = excluded.digest_hour,"
            " utc_offset = excluded.utc_offset, digest_sent_at = excluded.digest_sent_at",
            user_id,
            notify,
            digest_hour,
            utc_offset,
            digest_sent_at,
        )

    async def start_away(self, user_id: str, started: float, until: float) -> None:
        async def run(con: asyncpg.Connection) -> None:
            await con.execute(
                "UPDATE away_log SET ended = $1 WHERE user_id = $2 AND ended IS NULL"
                " AND until > $1",
                started,
                user_id,
            )
            await con.execute(
                "INSERT INTO away_log (user_id, started, until) VALUES ($1, $2, $3)"
                " ON CONFLICT(user_id, started) DO UPDATE SET until = excluded.until,"
                " ended = NULL",
                user_id,
                started,
                until,
            )
            await con.execute(
                "INSERT INTO users (user_id, away_until) VALUES ($1, $2)"
                " ON CONFLICT(user_id) DO UPDATE SET away_until = excluded.away_until",
                user_id,
                until,
            )

        await self._tx(run)

    async def end_away(self, user_id: str, now: float) -> bool:
        async def run(con: asyncpg.Connection) -> bool:
            status: str = await con.execute(
                "UPDATE users SET away_until = NULL WHERE user_id = $1 AND away_until > $2",
                user_id,
                now,
            )
            if status != "UPDATE 1":
                return False
            await con.execute(
                "UPDATE away_log SET ended = $1 WHERE user_id = $2 AND ended IS NULL"
                " AND until > $1",
                now,
                user_id,
            )
            return True

        return await self._tx(run)

    async def away_spells(self, user_id: str, since: float) -> list[AwaySpell]:
        rows = await self._rows(
            "SELECT started, until, ended FROM away_log WHERE user_id = $1"
            " AND COALESCE(ended, until) > $2 ORDER BY started",
            user_id,
            since,
        )
        return [AwaySpell(float(r["started"]), float(r["until"]), r["ended"]) for r in rows]

    async def seated_sessions(self, user_id: str) -> list[int]:
        rows = await self._rows(
            "SELECT s.id FROM seats t JOIN sessions s ON s.id = t.session_id"
            " WHERE t.player_id = $1 AND s.status = 'running' ORDER BY s.id",
            user_id,
        )
        return [int(r["id"]) for r in rows]

    async def digest_users(self) -> list[UserPrefs]:
        rows = await self._rows(f"SELECT {PREFS_COLUMNS} FROM users WHERE notify = 'digest'")
        return [prefs_from_row(r) for r in rows]

    async def claim_digest(self, user_id: str, due_at: float, now: float) -> bool:
        changed = await self._execute(
            "UPDATE users SET digest_sent_at = $1 WHERE user_id = $2 AND notify = 'digest'"
            " AND (digest_sent_at IS NULL OR digest_sent_at < $3)",
            now,
            user_id,
            due_at,
        )
        return changed == 1
