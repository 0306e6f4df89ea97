"""The embedded default store: aiosqlite, WAL mode, numbered migrations, CAS on the version.

One connection per process; every statement runs under one asyncio lock, so a transaction is
never interleaved with another coroutine's statements. ``BEGIN IMMEDIATE`` takes SQLite's write
lock up front, so two processes over one file serialise their writes, and the
``UPDATE ... WHERE version = :expected`` compare-and-swap decides which of two racing moves wins.
``synchronous=FULL``: a commit is on disk before the move is acknowledged.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import aiosqlite

from bot.store.base import (
    ACTIVE,
    ChannelBusy,
    MoveRecord,
    RateFn,
    Rating,
    Seat,
    SessionRecord,
    VersionConflict,
)
from bot.store.migrations import MIGRATIONS

GUILDLESS = ""  # ratings key for sessions outside a guild (group DMs)


def _json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def path_from_url(url: str) -> str:
    """``sqlite:///crowntable.db`` -> ``crowntable.db``; ``sqlite:////abs/x.db`` -> ``/abs/x.db``."""
    if url.startswith("sqlite:///"):
        return url[len("sqlite:///"):] or ":memory:"
    if url.startswith("sqlite://"):
        return url[len("sqlite://"):] or ":memory:"
    return url


class SQLiteStore:
    def __init__(self, path: str | Path, clock: Callable[[], float] = time.time) -> None:
        self.path = str(path)
        self._db: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()
        self._now = clock
        #: test hook: called inside ``save`` after the writes, before COMMIT
        self.before_commit: Callable[[], None] | None = None

    # -- lifecycle ---------------------------------------------------------------------------
    async def open(self) -> None:
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._db = await aiosqlite.connect(self.path, isolation_level=None)
        self._db.row_factory = aiosqlite.Row
        await self._db.execute("PRAGMA journal_mode=WAL")
        await self._db.execute("PRAGMA synchronous=FULL")
        await self._db.execute("PRAGMA foreign_keys=ON")
        await self._db.execute("PRAGMA busy_timeout=5000")
        await self.migrate()

    async def close(self) -> None:
        if self._db is not None:
            await self._db.close()
            self._db = None

    @property
    def db(self) -> aiosqlite.Connection:
        if self._db is None:
            raise RuntimeError("store is not open")
        return self._db

    async def migrate(self) -> int:
        """Apply the migrations the file has not seen; returns the schema version."""
        async with self._lock:
            cur = await self.db.execute("PRAGMA user_version")
            row = await cur.fetchone()
            current = int(row[0]) if row else 0
            for number, script in enumerate(MIGRATIONS, start=1):
                if number <= current:
                    continue
                await self.db.execute("BEGIN IMMEDIATE")
                try:
                    for statement in script.split(";"):
                        if statement.strip():
                            await self.db.execute(statement)
                    await self.db.execute(f"PRAGMA user_version = {number}")
                    await self.db.execute("COMMIT")
                except BaseException:
                    await self.db.execute("ROLLBACK")
                    raise
                current = number
            return current

    # -- sessions ----------------------------------------------------------------------------
    async def create_session(self, record: SessionRecord) -> SessionRecord:
        now = self._now()
        async with self._lock:
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                cur = await self.db.execute(
                    "INSERT INTO sessions (guild_id, channel_id, game, options, seed, status,"
                    " version, host_id, turn_secs, state, clock, next_alarm, meta, created_at,"
                    " updated_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                    (record.guild_id, record.channel_id, record.game, _json(record.options),
                     record.seed, record.status, 0, record.host_id, record.turn_secs,
                     None if record.state is None else _json(record.state),
                     _json(record.clock), record.next_alarm, _json(record.meta), now, now),
                )
                session_id = int(cur.lastrowid or 0)
                await self._write_seats(session_id, record.seats)
                await self.db.execute("COMMIT")
            except sqlite3.IntegrityError as exc:
                await self.db.execute("ROLLBACK")
                raise ChannelBusy(record.channel_id) from exc
            except BaseException:
                await self.db.execute("ROLLBACK")
                raise
        record.id, record.version, record.created_at, record.updated_at = session_id, 0, now, now
        return record

    async def _write_seats(self, session_id: int, seats: list[Seat]) -> None:
        await self.db.execute("DELETE FROM seats WHERE session_id = ?", (session_id,))
        await self.db.executemany(
            "INSERT INTO seats (session_id, seat, player_id, name, is_ai) VALUES (?,?,?,?,?)",
            [(session_id, i, s.player_id, s.name, int(s.is_ai)) for i, s in enumerate(seats)],
        )

    async def _read(self, where: str, args: tuple[Any, ...]) -> SessionRecord | None:
        cur = await self.db.execute(f"SELECT * FROM sessions WHERE {where}", args)
        row = await cur.fetchone()
        if row is None:
            return None
        cur = await self.db.execute(
            "SELECT player_id, name, is_ai FROM seats WHERE session_id = ? ORDER BY seat",
            (row["id"],),
        )
        seats = [Seat(r["player_id"], r["name"], bool(r["is_ai"])) for r in await cur.fetchall()]
        return SessionRecord(
            id=row["id"], guild_id=row["guild_id"], channel_id=row["channel_id"],
            game=row["game"], options=json.loads(row["options"]), seed=row["seed"],
            status=row["status"], version=row["version"], host_id=row["host_id"],
            turn_secs=row["turn_secs"],
            state=None if row["state"] is None else json.loads(row["state"]),
            move_count=row["move_count"], seats=seats, clock=json.loads(row["clock"]), meta=json.loads(row["meta"]),
            created_at=row["created_at"], updated_at=row["updated_at"],
        )

    async def get_session(self, session_id: int) -> SessionRecord | None:
        async with self._lock:
            return await self._read("id = ?", (session_id,))

    async def active_session(self, channel_id: str) -> SessionRecord | None:
        async with self._lock:
            return await self._read(
                "channel_id = ? AND status IN (?, ?)", (channel_id, *ACTIVE)
            )

    async def save(
        self,
        record: SessionRecord,
        expected_version: int,
        move: MoveRecord | None = None,
        results: list[dict[str, Any]] | None = None,
        rate: RateFn | None = None,
    ) -> SessionRecord:
        now = self._now()
        async with self._lock:
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                cur = await self.db.execute(
                    "UPDATE sessions SET status=?, version=?, state=?, move_count=?, clock=?,"
                    " next_alarm=?, options=?, seed=?, turn_secs=?, host_id=?, updated_at=?"
                    " WHERE id=? AND version=?",
                    (record.status, expected_version + 1,
                     None if record.state is None else _json(record.state), record.move_count,
                     _json(record.clock), record.next_alarm, _json(record.options), record.seed,
                     record.turn_secs, record.host_id, now, record.id, expected_version),
                )
                if cur.rowcount != 1:
                    raise VersionConflict(f"session {record.id} is past version {expected_version}")
                await self._write_seats(record.id, record.seats)
                if move is not None:
                    await self.db.execute(
                        "INSERT INTO moves (session_id, seq, player_id, move, source, at)"
                        " VALUES (?,?,?,?,?,?)",
                        (record.id, move.seq, move.player_id, _json(move.move), move.source,
                         move.at),
                    )
                if results is not None:
                    await self._write_results(record, results, rate, now)
                if self.before_commit is not None:
                    self.before_commit()
                await self.db.execute("COMMIT")
            except BaseException:
                await self.db.execute("ROLLBACK")
                raise
        record.version = expected_version + 1
        record.updated_at = now
        return record

    async def _write_results(self, record: SessionRecord, results: list[dict[str, Any]],
                             rate: RateFn | None, now: float) -> None:
        await self.db.executemany(
            "INSERT INTO results (session_id, guild_id, game, player_id, rank, score, players,"
            " finished_at) VALUES (?,?,?,?,?,?,?,?)",
            [(record.id, record.guild_id, record.game, r["player"], r["rank"], r.get("score"),
              len(results), now) for r in results],
        )
        if rate is None:
            return
        guild = record.guild_id or GUILDLESS
        ids = [r["player"] for r in results]
        marks = ",".join("?" * len(ids))
        cur = await self.db.execute(
            f"SELECT player_id, mu, sigma, games, wins FROM ratings WHERE guild_id=? AND game=?"
            f" AND player_id IN ({marks})", (guild, record.game, *ids),
        )
        current = {
            r["player_id"]: Rating(r["player_id"], r["mu"], r["sigma"], r["games"], r["wins"])
            for r in await cur.fetchall()
        }
        for new in rate(current).values():
            await self.db.execute(
                "INSERT INTO ratings (guild_id, game, player_id, mu, sigma, games, wins,"
                " updated_at) VALUES (?,?,?,?,?,?,?,?) ON CONFLICT(guild_id, game, player_id)"
                " DO UPDATE SET mu=excluded.mu, sigma=excluded.sigma, games=excluded.games,"
                " wins=excluded.wins, updated_at=excluded.updated_at",
                (guild, record.game, new.player_id, new.mu, new.sigma, new.games, new.wins, now),
            )

    async def set_meta(self, session_id: int, meta: dict[str, Any]) -> None:
        async with self._lock:
            await self.db.execute(
                "UPDATE sessions SET meta=? WHERE id=?", (_json(meta), session_id)
            )

    async def set_clock(self, record: SessionRecord) -> bool:
        async with self._lock:
            cur = await self.db.execute(
                "UPDATE sessions SET clock=?, next_alarm=? WHERE id=? AND version=?",
                (_json(record.clock), record.next_alarm, record.id, record.version),
            )
            return cur.rowcount == 1

    async def overwrite_state(self, session_id: int, state: dict[str, Any]) -> None:
        async with self._lock:
            await self.db.execute(
                "UPDATE sessions SET state=? WHERE id=?", (_json(state), session_id)
            )

    async def moves(self, session_id: int) -> list[MoveRecord]:
        async with self._lock:
            cur = await self.db.execute(
                "SELECT seq, player_id, move, source, at FROM moves WHERE session_id=?"
                " ORDER BY seq", (session_id,),
            )
            return [MoveRecord(r["seq"], r["player_id"], json.loads(r["move"]), r["source"],
                               r["at"]) for r in await cur.fetchall()]

    async def session_ids(self, statuses: tuple[str, ...] | None = None) -> list[int]:
        async with self._lock:
            if statuses:
                marks = ",".join("?" * len(statuses))
                cur = await self.db.execute(
                    f"SELECT id FROM sessions WHERE status IN ({marks}) ORDER BY id", statuses
                )
            else:
                cur = await self.db.execute("SELECT id FROM sessions ORDER BY id")
            return [int(r[0]) for r in await cur.fetchall()]

    async def due_sessions(self, now: float) -> list[int]:
        async with self._lock:
            cur = await self.db.execute(
                "SELECT id FROM sessions WHERE next_alarm IS NOT NULL AND next_alarm <= ?"
                " AND status = 'running' ORDER BY next_alarm", (now,),
            )
            return [int(r[0]) for r in await cur.fetchall()]

    # -- standings ---------------------------------------------------------------------------
    async def standings(self, guild_id: str | None, game: str | None) -> list[dict[str, Any]]:
        guild = guild_id or GUILDLESS
        async with self._lock:
            args: tuple[Any, ...] = (guild,)
            where = "guild_id = ?"
            if game:
                where += " AND game = ?"
                args += (game,)
            cur = await self.db.execute(
                f"SELECT game, player_id, mu, sigma, games, wins FROM ratings WHERE {where}",
                args,
            )
            return [dict(r) for r in await cur.fetchall()]

    async def player_stats(self, guild_id: str | None, player_id: str) -> dict[str, Any]:
        async with self._lock:
            cur = await self.db.execute(
                "SELECT game, COUNT(*) AS games, SUM(rank = 1) AS wins, AVG(rank) AS avg_rank"
                " FROM results WHERE guild_id IS ? AND player_id = ? GROUP BY game ORDER BY game",
                (guild_id, player_id),
            )
            per_game = [dict(r) for r in await cur.fetchall()]
            cur = await self.db.execute(
                "SELECT game, mu, sigma FROM ratings WHERE guild_id = ? AND player_id = ?",
                (guild_id or GUILDLESS, player_id),
            )
            ratings = {r["game"]: dict(r) for r in await cur.fetchall()}
        for row in per_game:
            rating = ratings.get(row["game"])
            row["mu"] = rating["mu"] if rating else None
            row["sigma"] = rating["sigma"] if rating else None
        return {"player": player_id, "games": per_game}

    async def recent_results(
        self, guild_id: str | None, player_id: str | None, limit: int
    ) -> list[dict[str, Any]]:
        async with self._lock:
            if player_id is None:
                cur = await self.db.execute(
                    "SELECT * FROM results WHERE guild_id IS ? ORDER BY finished_at DESC,"
                    " session_id DESC, rank LIMIT ?", (guild_id, limit),
                )
            else:
                cur = await self.db.execute(
                    "SELECT * FROM results WHERE guild_id IS ? AND player_id = ?"
                    " ORDER BY finished_at DESC, session_id DESC LIMIT ?",
                    (guild_id, player_id, limit),
                )
            return [dict(r) for r in await cur.fetchall()]

    # -- users -------------------------------------------------------------------------------
    async def set_dms_closed(self, user_id: str, closed: bool) -> None:
        async with self._lock:
            await self.db.execute(
                "INSERT INTO users (user_id, dms_closed) VALUES (?, ?) ON CONFLICT(user_id)"
                " DO UPDATE SET dms_closed = excluded.dms_closed", (user_id, int(closed)),
            )

    async def dms_closed(self, user_id: str) -> bool:
        async with self._lock:
            cur = await self.db.execute("SELECT dms_closed FROM users WHERE user_id=?", (user_id,))
            row = await cur.fetchone()
            return bool(row and row[0])
