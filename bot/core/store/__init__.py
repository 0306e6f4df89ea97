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


async def open_store(url: str, exclusive: bool = False) -> Store:
    """An open store for ``url``: ``postgresql://...`` (or ``postgres://``) opens the shared
    PostgreSQL store; ``sqlite:///path.db`` (or a bare path) the embedded SQLite file, which
    ``exclusive`` (the bot) takes for this process alone (:class:`StoreLocked` if taken).
    :class:`StoreUnavailable` when the server cannot be reached or refuses the login."""
    store: Store
    if url.startswith(("postgres://", "postgresql://")):
        from bot.core.store.postgres import PostgresStore

        store = PostgresStore(url)
    else:
        store = SQLiteStore(path_from_url(url), exclusive=exclusive)
    await store.open()
    return store
