"""``crowntable backup --to FILE`` and ``crowntable restore --from FILE`` (issue 28 item 6).

A backup is an SQLite file: of an SQLite database, made with SQLite's online backup API from
a read-only connection (the bot may keep running: the backup is one consistent snapshot); of
PostgreSQL, the same format through ``crowntable copy``. Either way the backup is then
verified by replaying every table in it. ``restore`` copies a backup into an empty database
(``DATABASE_URL`` by default) and verifies that too. Each creates only the file or database it
names; every failure is one line and exit 2.
"""

from __future__ import annotations

import asyncio
import sqlite3
import sys
from pathlib import Path

from bot.core.config import SCHEME
from bot.core.copy import run_copy
from bot.core.store import StoreError
from bot.core.store.readonly import connect_read_only, folder_problem, url_problem
from bot.core.store.sqlite import path_from_url
from bot.core.verify import run_verify


def backup_problem(to: Path) -> str | None:
    """Why a backup cannot be written to ``to`` (None: it can): it must be a new file in a
    folder that exists."""
    if to.exists():
        return f"{to} already exists: a backup never overwrites; give a new file name"
    return folder_problem(to)


def _snapshot(path: str, to: Path) -> None:
    source = connect_read_only(path)
    try:
        target = sqlite3.connect(to)
        try:
            source.backup(target)
        finally:
            target.close()
    finally:
        source.close()


async def run_backup(db: str, to: Path) -> int:
    """0: written and every table in it replays; 1: written but some differ; 2: refused."""
    problem = url_problem(db) or backup_problem(to)
    if problem:
        print(f"crowntable: {problem}", file=sys.stderr)
        return 2
    if db.startswith(("postgres://", "postgresql://")):
        return await run_copy(db, f"sqlite:///{to}")
    try:
        await asyncio.to_thread(_snapshot, path_from_url(db), to)
    except (StoreError, sqlite3.Error, OSError) as exc:
        to.unlink(missing_ok=True)
        print(f"crowntable: {exc}", file=sys.stderr)
        return 2
    print(f"backup written to {to}")
    return await run_verify(str(to))


async def run_restore(backup: str, to_url: str) -> int:
    """Copy ``backup`` into the empty database ``to_url`` and verify it (``copy``'s codes)."""
    if SCHEME.match(backup) and not backup.startswith("sqlite:"):
        print(
            f"crowntable: restore --from takes a backup file (made by crowntable backup), "
            f"not {backup.split('://', 1)[0]}://",
            file=sys.stderr,
        )
        return 2
    source = backup if backup.startswith("sqlite:") else f"sqlite:///{backup}"
    return await run_copy(source, to_url)
