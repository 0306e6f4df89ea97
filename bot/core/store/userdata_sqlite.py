"""SQLite's side of :class:`bot.core.store.userdata.UserDataStore` (a mixin of
:class:`bot.core.store.sqlite.SQLiteStore`): ``/game mine``, ``/crowntable mydata`` and
``forget-me`` (issue 27 item 3, issue 31 item 4)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from bot.core.store import userdata_sql as q
from bot.core.store.base import ACTIVE
from bot.core.store.userdata import (
    ANON_KEY_ROW,
    AWAY_LOG,
    Forgotten,
    StillPlaying,
    new_key,
    session_update,
    swap_json,
)

T = TypeVar("T")


def _marks(n: int) -> str:
    return ",".join("?" * n)


def _has_table(con: sqlite3.Connection, name: str) -> bool:
    row = con.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,)
    ).fetchone()
    return row is not None


class SQLiteUserData:
    if TYPE_CHECKING:
        _now: Callable[[], float]

        async def _run(self, fn: Callable[[sqlite3.Connection], T]) -> T: ...

        async def _rows(self, sql: str, args: tuple[Any, ...] = ()) -> list[dict[str, Any]]: ...

    async def user_tables(self, user_id: str) -> list[int]:
        return [int(r["id"]) for r in await self._rows(q.USER_TABLES_SQLITE, (user_id,))]

    async def user_sessions(self, user_id: str) -> dict[int, str]:
        rows = await self._rows(q.USER_SESSIONS, (user_id, user_id))
        return {int(r["id"]): str(r["status"]) for r in rows}

    async def user_rows(self, user_id: str) -> dict[str, Any]:
        def run(con: sqlite3.Connection) -> dict[str, Any]:
            out: dict[str, Any] = {
                table: [
                    q.exported(table, dict(r))
                    for r in con.execute(sql, (user_id,) * sql.count("?"))
                ]
                for table, sql in q.EXPORT.items()
            }
            out["users"] = out["users"][0] if out["users"] else None
            if _has_table(con, AWAY_LOG):
                out[AWAY_LOG] = [dict(r) for r in con.execute(q.AWAY_EXPORT, (user_id,))]
            return out

        return await self._run(run)

    async def anon_key(self) -> str:
        def run(con: sqlite3.Connection) -> str:
            con.execute(q.KEY_WRITE, (ANON_KEY_ROW, new_key(), self._now()))
            return str(con.execute(q.KEY_READ, (ANON_KEY_ROW,)).fetchone()[0])

        return await self._run(run)

    async def forget_user(self, user_id: str, anon: str) -> Forgotten:
        def run(con: sqlite3.Connection) -> Forgotten:
            con.execute("BEGIN IMMEDIATE")
            try:
                done = self._forget(con, user_id, anon)
                con.execute("COMMIT")
                return done
            except BaseException:
                if con.in_transaction:
                    con.execute("ROLLBACK")
                raise

        return await self._run(run)

    @staticmethod
    def _forget(con: sqlite3.Connection, user_id: str, anon: str) -> Forgotten:
        rows = con.execute(q.USER_SESSIONS, (user_id, user_id)).fetchall()
        sessions = {int(r[0]): str(r[1]) for r in rows}
        still = [sid for sid, status in sessions.items() if status in ACTIVE]
        if still:
            raise StillPlaying(still)
        done, ids = Forgotten(anon), list(sessions)
        if ids:
            marks = _marks(len(ids))
            rows = con.execute(q.session_rows(marks), ids).fetchall()
            changed = [(*c, r["id"]) for r in rows if (c := session_update(dict(r), user_id, anon))]
            con.executemany(q.UPDATE_SESSION, changed)
            done.sessions = len(changed)
            moves = con.execute(q.moves_naming(marks), (*ids, user_id)).fetchall()
            con.executemany(
                q.UPDATE_MOVE,
                [(swap_json(m["move"], user_id, anon), m["session_id"], m["seq"]) for m in moves],
            )
            for table in q.RENAMED:
                names = (anon,) if table == "seats" else ()
                args = (anon, *names, user_id, *ids)
                done.renamed[table] = con.execute(q.renamed(table, marks), args).rowcount
        deleted = dict(q.DELETED)
        if _has_table(con, AWAY_LOG):
            deleted[AWAY_LOG] = "user_id"
        for table, column in deleted.items():
            sql = f"DELETE FROM {table} WHERE {column} = ?"
            done.deleted[table] = con.execute(sql, (user_id,)).rowcount
        return done
