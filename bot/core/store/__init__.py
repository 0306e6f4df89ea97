"""Persistence behind a small interface: ``open_store(url)`` picks the implementation."""

from __future__ import annotations

from bot.core.store.base import (
    Bookkeeping,
    ChannelBusy,
    ClockEntry,
    CorruptSession,
    MoveRecord,
    MoveSource,
    Rating,
    SchemaTooNew,
    Seat,
    SessionRecord,
    Status,
    Store,
    StoreBusy,
    StoreError,
    StoreLocked,
    StoreUnavailable,
    StoreUnusable,
    VersionConflict,
)
from bot.core.store.readonly import url_problem
from bot.core.store.sqlite import SQLiteStore, path_from_url

__all__ = [
    "Bookkeeping",
    "ChannelBusy",
    "ClockEntry",
    "CorruptSession",
    "MoveRecord",
    "MoveSource",
    "Rating",
    "SQLiteStore",
    "SchemaTooNew",
    "Seat",
    "SessionRecord",
    "Status",
    "Store",
    "StoreBusy",
    "StoreError",
    "StoreLocked",
    "StoreUnavailable",
    "StoreUnusable",
    "VersionConflict",
    "open_store",
]


async def open_store(url: str, exclusive: bool = False, read_only: bool = False) -> Store:
    """An open store for ``url``: ``postgresql://...`` (or ``postgres://``) opens the shared
    PostgreSQL store; ``sqlite:///path.db`` (or a bare path) the embedded SQLite file, which
    ``exclusive`` (the bot) takes for this process alone (:class:`StoreLocked` if taken).
    :class:`StoreUnavailable` when the server cannot be reached or refuses the login.
    ``read_only``: only read what is there (``bot.core.store.readonly``): a missing file, a
    folder or a URL of another scheme is :class:`StoreUnusable`, and nothing is created."""
    store: Store
    if read_only and (problem := url_problem(url)):
        raise StoreUnusable(problem)
    if url.startswith(("postgres://", "postgresql://")):
        from bot.core.store.postgres import PostgresStore

        store = PostgresStore(url, read_only=read_only)
    else:
        store = SQLiteStore(path_from_url(url), exclusive=exclusive, read_only=read_only)
    await store.open()
    return store
