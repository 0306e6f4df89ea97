"""SQLite's side of :class:`bot.core.store.prefs_base.PrefsStore` (a mixin of
:class:`bot.core.store.sqlite.SQLiteStore`)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from bot.core.store.prefs_base import (
    PREFS_COLUMNS,
    AwaySpell,
    Notify,
    UserPrefs,
    prefs_from_row,
)

T = TypeVar("T")


class SQLitePrefs:
    if TYPE_CHECKING:

        async def _run(self, fn: Callable[[sqlite3.Connection], T]) -> T: ...

        async def _rows(self, sql: str, args: tuple[Any, ...] = ()) -> list[dict[str, Any]]: ...

        async def _write(self, sql: str, args: tuple[Any, ...]) -> int: ...

    async def user_prefs(self, user_ids: list[str]) -> dict[str, UserPrefs]:
        if not user_ids:
            return {}
        marks = ",".join("?" * len(user_ids))
        rows = await self._rows(
            f"SELECT {PREFS_COLUMNS} FROM users WHERE user_id IN ({marks})", tuple(user_ids)
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
        await self._write(
            "INSERT INTO users (user_id, notify, digest_hour, utc_offset, digest_sent_at)"
            " VALUES (?, ?, ?, ?, ?) ON CONFLICT(user_id) DO UPDATE SET"
            " notify = excluded.notify, digest_hour = excluded.digest_hour,"
            " utc_offset = excluded.utc_offset, digest_sent_at = excluded.digest_sent_at",
            (user_id, notify, digest_hour, utc_offset, digest_sent_at),
        )

    async def start_away(self, user_id: str, started: float, until: float) -> None:
        def run(con: sqlite3.Connection) -> None:
            con.execute("BEGIN IMMEDIATE")
            try:
                con.execute(
                    "UPDATE away_log SET ended = ? WHERE user_id = ? AND ended IS NULL"
                    " AND until > ?",
                    (started, user_id, started),
                )
                con.execute(
                    "INSERT INTO away_log (user_id, started, until) VALUES (?, ?, ?)"
                    " ON CONFLICT(user_id, started) DO UPDATE SET until = excluded.until,"
                    " ended = NULL",
                    (user_id, started, until),
                )
                con.execute(
                    "INSERT INTO users (user_id, away_until) VALUES (?, ?)"
                    " ON CONFLICT(user_id) DO UPDATE SET away_until = excluded.away_until",
                    (user_id, until),
                )
                con.execute("COMMIT")
            except BaseException:
                if con.in_transaction:
                    con.execute("ROLLBACK")
                raise

        await self._run(run)

    async def end_away(self, user_id: str, now: float) -> bool:
        def run(con: sqlite3.Connection) -> bool:
            con.execute("BEGIN IMMEDIATE")
            try:
                claimed = con.execute(
                    "UPDATE users SET away_until = NULL WHERE user_id = ? AND away_until > ?",
                    (user_id, now),
                ).rowcount
                if claimed:
                    con.execute(
                        "UPDATE away_log SET ended = ? WHERE user_id = ? AND ended IS NULL"
                        " AND until > ?",
                        (now, user_id, now),
                    )
                con.execute("COMMIT")
            except BaseException:
                if con.in_transaction:
                    con.execute("ROLLBACK")
                raise
            return bool(claimed)

        return await self._run(run)

    async def away_spells(self, user_id: str, since: float) -> list[AwaySpell]:
        rows = await self._rows(
            "SELECT started, until, ended FROM away_log WHERE user_id = ?"
            " AND COALESCE(ended, until) > ? ORDER BY started",
            (user_id, since),
        )
        return [AwaySpell(float(r["started"]), float(r["until"]), r["ended"]) for r in rows]

    async def seated_sessions(self, user_id: str) -> list[int]:
        rows = await self._rows(
            "SELECT s.id FROM seats t JOIN sessions s ON s.id = t.session_id"
            " WHERE t.player_id = ? AND s.status = 'running' ORDER BY s.id",
            (user_id,),
        )
        return [int(r["id"]) for r in rows]

    async def digest_users(self) -> list[UserPrefs]:
        rows = await self._rows(f"SELECT {PREFS_COLUMNS} FROM users WHERE notify = 'digest'")
        return [prefs_from_row(r) for r in rows]

    async def claim_digest(self, user_id: str, due_at: float, now: float) -> bool:
        changed = await self._write(
            "UPDATE users SET digest_sent_at = ? WHERE user_id = ? AND notify = 'digest'"
            " AND (digest_sent_at IS NULL OR digest_sent_at < ?)",
            (now, user_id, due_at),
        )
        return changed == 1
