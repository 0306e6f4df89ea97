"""PostgreSQL's side of :class:`bot.core.store.userdata.UserDataStore` (a mixin of
:class:`bot.core.store.postgres.PostgresStore`), the statements of
:mod:`bot.core.store.userdata_sql` numbered for asyncpg."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from contextlib import AbstractAsyncContextManager
from typing import TYPE_CHECKING, Any, TypeVar

import asyncpg

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
N = q.numbered


def _marks(n: int, first: int = 1) -> str:
    return ",".join(f"${i}" for i in range(first, first + n))


async def _has_table(con: asyncpg.Connection, name: str) -> bool:
    """Whether ``name`` is a table of the store's schema (its ``search_path``)."""
    return bool(await con.fetchval("SELECT to_regclass($1) IS NOT NULL", name))


async def _count(con: asyncpg.Connection, sql: str, *args: Any) -> int:
    status: str = await con.execute(sql, *args)
    return int(status.rsplit(" ", 1)[-1]) if status[-1:].isdigit() else 0


class PostgresUserData:
    if TYPE_CHECKING:
        _now: Callable[[], float]

        def _con(self) -> AbstractAsyncContextManager[asyncpg.Connection]: ...

        async def _tx(self, fn: Callable[[asyncpg.Connection], Awaitable[T]]) -> T: ...

        async def _rows(self, sql: str, *args: Any) -> list[dict[str, Any]]: ...

        async def _read_retrying(self, fn: Callable[[asyncpg.Connection], Awaitable[T]]) -> T: ...

    async def user_tables(self, user_id: str) -> list[int]:
        return [int(r["id"]) for r in await self._rows(N(q.USER_TABLES), user_id)]

    async def user_sessions(self, user_id: str) -> dict[int, str]:
        rows = await self._rows(N(q.USER_SESSIONS), user_id, user_id)
        return {int(r["id"]): str(r["status"]) for r in rows}

    async def user_rows(self, user_id: str) -> dict[str, Any]:
        async def run(con: asyncpg.Connection) -> dict[str, Any]:
            out: dict[str, Any] = {}
            for table, sql in q.EXPORT.items():
                rows = await con.fetch(N(sql), *[user_id] * sql.count("?"))
                out[table] = [q.exported(table, dict(r)) for r in rows]
            out["users"] = out["users"][0] if out["users"] else None
            if await _has_table(con, AWAY_LOG):
                out[AWAY_LOG] = [dict(r) for r in await con.fetch(N(q.AWAY_EXPORT), user_id)]
            return out

        return await self._read_retrying(run)

    async def anon_key(self) -> str:
        async def run(con: asyncpg.Connection) -> str:
            await con.execute(N(q.KEY_WRITE), ANON_KEY_ROW, new_key(), self._now())
            return str(await con.fetchval(N(q.KEY_READ), ANON_KEY_ROW))

        return await self._tx(run)

    async def forget_user(self, user_id: str, anon: str) -> Forgotten:
        return await self._tx(lambda con: _forget(con, user_id, anon))


async def _forget(con: asyncpg.Connection, user_id: str, anon: str) -> Forgotten:
    rows = await con.fetch(N(q.USER_SESSIONS), user_id, user_id)
    sessions = {int(r["id"]): str(r["status"]) for r in rows}
    still = [sid for sid, status in sessions.items() if status in ACTIVE]
    if still:
        raise StillPlaying(still)
    done, ids = Forgotten(anon), list(sessions)
    if ids:
        rows = await con.fetch(q.session_rows(_marks(len(ids))), *ids)
        changed = [(c, r["id"]) for r in rows if (c := session_update(dict(r), user_id, anon))]
        await con.executemany(N(q.UPDATE_SESSION), [(*c, sid) for c, sid in changed])
        done.sessions = len(changed)
        named = N(q.moves_naming(",".join("?" * len(ids)), "strpos"))
        moves = await con.fetch(named, *ids, user_id)
        await con.executemany(
            N(q.UPDATE_MOVE),
            [(swap_json(m["move"], user_id, anon), m["session_id"], m["seq"]) for m in moves],
        )
        for table in q.RENAMED:
            names = (anon,) if table == "seats" else ()
            sql = N(q.renamed(table, ",".join("?" * len(ids))))
            done.renamed[table] = await _count(con, sql, anon, *names, user_id, *ids)
    deleted = dict(q.DELETED)
    if await _has_table(con, AWAY_LOG):
        deleted[AWAY_LOG] = "user_id"
    for table, column in deleted.items():
        done.deleted[table] = await _count(con, f"DELETE FROM {table} WHERE {column} = $1", user_id)
    return done
