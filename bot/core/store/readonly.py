"""Opening a database only to read it (``crowntable verify``, ``replay``, ``copy --from``,
``backup``; issue 28 item 1): nothing is created, migrated or written.

An SQLite file must exist and be a file; it is opened with SQLite's read-only URI mode. A file
of an older schema is copied into memory (SQLite's online backup) and migrated there, so an
old backup can be checked without being changed. A URL of another scheme is refused. Every
refusal is a :class:`~bot.core.store.base.StoreUnusable` with one line.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from urllib.parse import quote

from bot.core.config import SCHEME
from bot.core.store.base import SchemaTooNew, StoreUnusable
from bot.core.store.migrations import MIGRATIONS

#: the schemes a database URL may have
SCHEMES = ("sqlite", "postgres", "postgresql")


def url_problem(url: str) -> str | None:
    """Why ``url`` names no database Crowntable can open (None: it may): a scheme other than
    sqlite/postgresql."""
    match = SCHEME.match(url)
    if match and match.group(1).lower() not in SCHEMES:
        return (
            f"{match.group(1)}:// is not a database Crowntable can use: give an SQLite path "
            "(sqlite:///crowntable.db) or a postgresql:// URL"
        )
    return None


def folder_problem(path: Path) -> str | None:
    """Why a new database file cannot be made at ``path`` without making folders (None: its
    folder exists): a command creates only the file it names."""
    if not path.parent.is_dir():
        return f"there is no folder {path.parent} for {path.name}: create it first"
    return None


def existing_file(path: str) -> Path:
    """``path`` when it is an existing file; :class:`StoreUnusable` otherwise."""
    if path in ("", ":memory:"):
        raise StoreUnusable("give the database file to read (an in-memory database is empty)")
    found = Path(path)
    if not found.exists():
        raise StoreUnusable(f"there is no database at {path}")
    if not found.is_file():
        raise StoreUnusable(f"{path} is a folder, not a database file")
    return found


def connect_read_only(path: str) -> sqlite3.Connection:
    """A connection that reads ``path`` at the current schema and can write nothing to it.
    Runs in the connection's own thread (``check_same_thread`` off for aiosqlite)."""
    found = existing_file(path)
    uri = f"file:{quote(str(found.resolve()))}?mode=ro"
    try:
        con = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
        version = int(con.execute("PRAGMA user_version").fetchone()[0])
        con.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.DatabaseError as exc:
        raise StoreUnusable(f"cannot read the database {path}: {exc}") from None
    if version > len(MIGRATIONS):
        con.close()
        raise SchemaTooNew(
            f"database schema {version} is newer than this Crowntable knows ({len(MIGRATIONS)})"
        )
    if version == 0:
        con.close()
        raise StoreUnusable(f"{path} is not a Crowntable database (it has no tables of ours)")
    if version < len(MIGRATIONS):
        con = _migrated_copy(con, version)
    con.row_factory = sqlite3.Row
    con.execute("PRAGMA query_only=ON")
    return con


def _migrated_copy(con: sqlite3.Connection, version: int) -> sqlite3.Connection:
    """An in-memory copy of ``con``'s database brought from ``version`` to the current schema
    (the file itself is left as it was)."""
    memory = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
    try:
        con.backup(memory)
    finally:
        con.close()
    for script in MIGRATIONS[version:]:
        memory.executescript(script)
    memory.execute(f"PRAGMA user_version = {len(MIGRATIONS)}")
    return memory
