"""The statements of :mod:`bot.core.store.userdata`, written once with ``?`` placeholders
(SQLite's); the PostgreSQL mixin numbers them (:func:`numbered`). Both dialects accept them
as they are otherwise: plain joins, ``IN`` lists, ``instr`` replaced by ``strpos`` there."""

from __future__ import annotations

import json
from typing import Any

#: the open tables (literals, as the partial index's terms)
OPEN = "('lobby', 'running')"

USER_TABLES = (
    "SELECT s.id FROM sessions s JOIN seats t ON t.session_id = s.id"
    f" WHERE t.player_id = ? AND NOT t.is_ai AND s.status IN {OPEN} ORDER BY s.id"
)
#: SQLite's planner would scan every session: through the open tables' partial index instead
#: (about 0.6 ms instead of 36 ms with 100,000 sessions)
USER_TABLES_SQLITE = USER_TABLES.replace(
    "FROM sessions s", "FROM sessions s INDEXED BY sessions_one_active_per_channel"
)
USER_SESSIONS = (
    "SELECT id, status FROM sessions WHERE host_id = ?"
    " OR id IN (SELECT session_id FROM seats WHERE player_id = ?) ORDER BY id"
)
#: the open tables the player sits at (their own seat, or one the AI plays for them) or hosts
STILL_OPEN = (
    f"SELECT id FROM sessions WHERE status IN {OPEN} AND (host_id = ?"
    " OR id IN (SELECT session_id FROM seats WHERE player_id = ?)) ORDER BY id"
)

SEATED = "SELECT session_id FROM seats WHERE player_id = ?"
#: table -> the query of its rows about one player (each ``?`` is the player's id)
EXPORT: dict[str, str] = {
    "users": "SELECT * FROM users WHERE user_id = ?",
    "seats": (
        "SELECT t.session_id, t.seat, t.name, t.is_ai, t.ai_level, s.game, s.guild_id,"
        " s.channel_id, s.status, s.created_at, s.updated_at FROM seats t"
        " JOIN sessions s ON s.id = t.session_id WHERE t.player_id = ? ORDER BY t.session_id"
    ),
    "hosted": "SELECT id AS session_id, game, status FROM sessions WHERE host_id = ? ORDER BY id",
    # by the sessions of their seats: the moves' and the results' primary keys, not a scan
    "moves": (
        "SELECT session_id, seq, move, source, at FROM moves WHERE player_id = ?"
        f" AND session_id IN ({SEATED}) ORDER BY session_id, seq"
    ),
    "results": (
        "SELECT session_id, guild_id, game, rank, score, players, finished_at FROM results"
        f" WHERE player_id = ? AND session_id IN ({SEATED}) ORDER BY finished_at, session_id"
    ),
    "ratings": (
        "SELECT guild_id, game, mu, sigma, games, wins, updated_at FROM ratings"
        " WHERE player_id = ? ORDER BY guild_id, game"
    ),
    "teach_seen": "SELECT game, step, at FROM teach_seen WHERE user_id = ? ORDER BY game, step",
    "watching": "SELECT session_id, since FROM watchers WHERE user_id = ? ORDER BY session_id",
}
AWAY_EXPORT = "SELECT * FROM away_log WHERE user_id = ?"

#: what forgetting deletes: table -> its column holding the player
DELETED: dict[str, str] = {
    "ratings": "player_id",
    "users": "user_id",
    "teach_seen": "user_id",
    "watchers": "user_id",
}


def session_rows(marks: str) -> str:
    return f"SELECT id, state, clock, meta, host_id, options FROM sessions WHERE id IN ({marks})"


#: a rewritten session: a new version (other processes' caches see it changed), the shown
#: version moved along with it when it was shown (nothing is posted again for it)
UPDATE_SESSION = (
    "UPDATE sessions SET state = ?, clock = ?, meta = ?, host_id = ?, options = ?,"
    " version = version + 1, shown_version = CASE WHEN shown_version = version"
    " THEN version + 1 ELSE shown_version END WHERE id = ?"
)


def renamed(table: str, marks: str) -> str:
    """The player's id (and, in ``seats``, their name) replaced in ``table``'s rows of the
    sessions ``marks`` only: a seat taken meanwhile at a new table keeps it."""
    name = ", name = ?" if table == "seats" else ""
    return f"UPDATE {table} SET player_id = ?{name} WHERE player_id = ? AND session_id IN ({marks})"


#: the tables whose rows of a forgotten player's past sessions carry the anonymous id instead
RENAMED = ("seats", "moves", "results")
UPDATE_MOVE = "UPDATE moves SET move = ? WHERE session_id = ? AND seq = ?"


def moves_naming(marks: str, find: str = "instr") -> str:
    """The moves of the sessions ``marks`` whose JSON names the player (``find``: SQLite's
    ``instr``, PostgreSQL's ``strpos``)."""
    return (
        f"SELECT session_id, seq, move FROM moves WHERE session_id IN ({marks})"
        f" AND {find}(move, ?) > 0"
    )


KEY_READ = "SELECT locale FROM guild_settings WHERE guild_id = ?"
KEY_WRITE = (
    "INSERT INTO guild_settings (guild_id, locale, updated_at) VALUES (?, ?, ?)"
    " ON CONFLICT (guild_id) DO NOTHING"
)


def numbered(sql: str) -> str:
    """``?`` placeholders as PostgreSQL's ``$1, $2, ...`` (none of these statements has a
    ``?`` inside a literal)."""
    parts = sql.split("?")
    return "".join(p + (f"${i}" if i < len(parts) else "") for i, p in enumerate(parts, 1))


def exported(table: str, row: dict[str, Any]) -> dict[str, Any]:
    """One exported row: JSON columns decoded, SQLite's 0/1 flags as booleans."""
    out = dict(row)
    if table == "moves":
        out["move"] = json.loads(out["move"])
    if "is_ai" in out:
        out["is_ai"] = bool(out["is_ai"])
    return out
