"""A full disk (issue 31): SQLite ends the transaction itself; the store says "the disk is
full, nothing was saved" as a busy database (players: not saved, try again), never the
"cannot rollback - no transaction is active" that hid the cause, and the file stays intact."""

from __future__ import annotations

import sqlite3

import pytest

from bot.core.store import MoveRecord, SessionRecord, SQLiteStore, StoreBusy
from bot.core.store.sqlite import refusal, rollback
from tests.host.test_store import record


async def fill_the_disk(store: SQLiteStore) -> None:
    """No page may be added to the file from now on (SQLite's own page cap: SQLITE_FULL)."""

    def cap(con: sqlite3.Connection) -> None:
        pages = int(con.execute("PRAGMA page_count").fetchone()[0])
        con.execute(f"PRAGMA max_page_count = {pages}")

    await store._run(cap)


@pytest.mark.asyncio
async def test_a_full_disk_refuses_a_move_as_not_saved_and_keeps_the_file(tmp_path) -> None:
    store = SQLiteStore(tmp_path / "full.db")
    await store.open()
    try:
        rec = await store.create_session(record())
        await fill_the_disk(store)
        rec.status, rec.state = "running", {"x": "y" * 200_000}
        with pytest.raises(StoreBusy, match="disk holding .* is full: nothing was saved"):
            await store.save(rec, 0, MoveRecord(0, "u1", {"type": "m"}, "player", 1.0))
        with pytest.raises(StoreBusy, match="is full"):
            await store.create_session(_big(record("c2")))
        stored = await store.get_session(rec.id)
        assert stored is not None and stored.version == 0 and stored.state is None
        assert await store.moves(rec.id) == []
    finally:
        await store.close()
    con = sqlite3.connect(tmp_path / "full.db")
    assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    con.close()


def _big(rec: SessionRecord) -> SessionRecord:
    rec.meta = {"note": "z" * 200_000}
    return rec


def test_rollback_after_sqlite_ended_the_transaction_is_quiet() -> None:
    con = sqlite3.connect(":memory:", isolation_level=None)
    con.execute("BEGIN IMMEDIATE")
    con.execute("ROLLBACK")  # what SQLite does by itself on a full disk
    rollback(con)  # no "cannot rollback - no transaction is active"
    full = sqlite3.OperationalError("database or disk is full")
    said = refusal(full, "x.db")
    assert isinstance(said, StoreBusy) and "x.db is full" in str(said)
    assert refusal(sqlite3.OperationalError("no such table: x"), "x.db") is None
