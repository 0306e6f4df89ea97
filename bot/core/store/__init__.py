"""Persistence behind a small interface: ``open_store(url)`` picks the implementation."""

from __future__ import annotations

from bot.core.store.base import (
    BoardRef,
    ChannelBusy,
    ClockEntry,
    Meta,
    MoveRecord,
    MoveSource,
    Rating,
    SchemaTooNew,
    Seat,
    SessionRecord,
    Status,
    Store,
    StoreError,
    VersionConflict,
)
from bot.core.store.sqlite import SQLiteStore, path_from_url

__all__ = ["BoardRef", "ChannelBusy", "ClockEntry", "Meta", "MoveRecord", "MoveSource", "Rating",
           "SQLiteStore", "SchemaTooNew", "Seat", "SessionRecord", "Status", "Store", "StoreError",
           "VersionConflict", "open_store"]


async def open_store(url: str) -> Store:
    """An open store for ``url``: ``postgresql://...`` (or ``postgres://``) opens the shared
    PostgreSQL store; ``sqlite:///path.db`` (or a bare path) the embedded SQLite file."""
    store: Store
    if url.startswith(("postgres://", "postgresql://")):
        from bot.core.store.postgres import PostgresStore

        store = PostgresStore(url)
    else:
        store = SQLiteStore(path_from_url(url))
    await store.open()
    return store
