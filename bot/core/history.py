"""Finished tables of a server: ``/game history``, and the table a ``/game log``, ``board``,
``replay`` or ``export`` is about (issue 14).

A table id is what every message shows (``table #12``): typed as ``12`` or ``#12``. A table is
found only within the server that asks; an id of another server answers exactly like an unknown
one, so nobody learns that it exists. Imports nothing from discord.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from bot.core.errors import HostError
from bot.core.host import SessionHost
from bot.core.store import SessionRecord
from bot.core.store.base import StoreError

HISTORY_LIMIT = 10
_TABLE = re.compile(r"^\s*(?:table\s*)?#?\s*(\d{1,12})\s*$", re.IGNORECASE)


def parse_table_id(text: str | int) -> int | None:
    """``12``, ``"12"``, ``"#12"``, ``"table #12"`` -> 12; anything else None."""
    if isinstance(text, int):
        return text if text > 0 else None
    found = _TABLE.match(text)
    return int(found.group(1)) if found else None


async def find_table(host: SessionHost, guild_id: str | None, table: str | int) -> SessionRecord:
    """The table ``table`` of this server; ``unknown_table`` for a malformed id, an unknown
    one, or one of another server (the same answer for all three)."""
    session_id = parse_table_id(table)
    shown = str(table).strip()[:20] or "?"
    if session_id is None or guild_id is None:
        raise HostError("unknown_table", table=shown)
    rec = await host.store.get_session(session_id)
    if rec is None or rec.guild_id != guild_id:
        raise HostError("unknown_table", table=shown)
    await host.warm(rec)  # its board shows its last change
    return rec


async def channel_table(host: SessionHost, guild_id: str | None, channel_id: str) -> SessionRecord:
    """This channel's table: the active one, else the game that ended here last."""
    rec = await host.store.active_session(channel_id)
    if rec is not None:
        await host.warm(rec)
        return rec
    if guild_id is not None:
        last = await host.store.last_finished_in(guild_id, channel_id)
        if last is not None:
            return await host.get(last)
    raise HostError("no_session")


def require_played(rec: SessionRecord) -> None:
    """A table that never started has no board, log or replay."""
    if rec.state is None or rec.status in ("lobby", "cancelled"):
        raise HostError("table_not_started", id=rec.id)


@dataclass
class PastGame:
    """One line of ``/game history``: every seat (AI seats too) with its rank and score."""

    table: int
    game: str
    title: str
    finished_at: float
    standings: list[dict[str, Any]]  # player, name, rank, score, ai; by rank


def _standings(
    host: SessionHost, rec: SessionRecord | None, row: dict[str, Any]
) -> list[dict[str, Any]]:
    """The whole final standings from the final state (AI seats included); the stored
    results of the rated seats when the game is no longer installed."""
    names = {s.player_id: s for s in rec.seats} if rec else {}
    rows: list[dict[str, Any]] = []
    if rec is not None and rec.state is not None and rec.game in host.registry:
        try:
            rows = [
                {"player": r["player"], "rank": r["rank"], "score": r.get("score")}
                for r in host.game(rec.game).outcome(host.state(rec))
            ]
        except Exception:  # a damaged snapshot: fall back to what was rated
            rows = []
    if not rows:
        rows = [
            {"player": r["player_id"], "rank": r["rank"], "score": r["score"]}
            for r in row["results"]
        ]
    out = []
    for r in sorted(rows, key=lambda r: (r["rank"], str(r["player"]))):
        seat = names.get(r["player"])
        out.append(
            {
                **r,
                "name": seat.name if seat else r["player"],
                "ai": bool(seat and seat.is_ai) or str(r["player"]).startswith("ai:"),
            }
        )
    return out


async def recent_games(
    host: SessionHost,
    guild_id: str,
    player_id: str | None = None,
    game_id: str | None = None,
    limit: int = HISTORY_LIMIT,
) -> list[PastGame]:
    """The server's newest finished games, newest first (one indexed query, then each
    game's own row by its id)."""
    if game_id is not None:
        host.game(game_id)
    out = []
    for row in await host.store.finished_games(guild_id, player_id, game_id, limit):
        try:
            rec = await host.store.get_session(row["session_id"])
        except StoreError:  # a damaged row: its rated results still show
            rec = None
        title = host.game(row["game"]).title if row["game"] in host.registry else row["game"]
        out.append(
            PastGame(
                row["session_id"],
                row["game"],
                title,
                row["finished_at"],
                _standings(host, rec, row),
            )
        )
    return out
