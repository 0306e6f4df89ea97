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
    Seat,
    SessionRecord,
    Status,
    Store,
    StoreError,
    VersionConflict,
)
from bot.core.store.sqlite import SQLiteStore, path_from_url

__all__ = ["BoardRef", "ChannelBusy", "ClockEntry", "Meta", "MoveRecord", "MoveSource", "Rating",
           "SQLiteStore", "Seat", "SessionRecord", "Status", "Store", "StoreError",
           "VersionConflict", "open_store"]


async def open_store(url: str) -> Store:
    """An open store for ``url`` (``sqlite:///path.db``; a bare path is SQLite too)."""
    if url.startswith(("postgres://", "postgresql://")):
        raise ValueError("PostgreSQL is not bundled yet: use sqlite:///crowntable.db")
    store = SQLiteStore(path_from_url(url))
    await store.open()
    return store
