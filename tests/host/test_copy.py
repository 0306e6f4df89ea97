"""``crowntable copy``: SQLite to PostgreSQL and back, everything kept, verified by replay; a
target in use is refused; a copy that does not replay is reported."""

from __future__ import annotations

import asyncio
import sqlite3

import asyncpg
import pytest

import games
from bot.cli import main
from bot.core.copy import run_copy
from bot.core.host import SessionHost
from bot.core.store import SQLiteStore, open_store
from tests.host import pg
from tests.host.test_host import PICK
from tests.toygame import TOY


async def fill(path) -> None:  # type: ignore[no-untyped-def]
    """Finished, running and lobby tables, ratings, DM refusals, a server's language."""
    store = SQLiteStore(path)
    await store.open()
    seeds = iter(range(1, 100))
    host = SessionHost(store, registry={"toy": TOY}, seed_source=lambda: next(seeds))
    for channel in ("c1", "c2"):
        await host.create(
            guild_id="g",
            channel_id=channel,
            game_id="toy",
            options={"rounds": 1},
            user_id="u1",
            user_name="Ann",
        )
        await host.join(channel, "u2", "Bob")
        rec = (await host.start(channel, "u1")).record
        await host.apply(rec.id, "u1", PICK)
        await host.apply(rec.id, "u2", {"type": "pick", "value": 1})
        if channel == "c1":
            rec = await host.current(rec.id)
            for actor in host.actors(rec):
                await host.apply(rec.id, actor, {"type": "bank"})
    await host.create(
        guild_id="g", channel_id="c3", game_id="toy", options={}, user_id="u3", user_name="Cyril"
    )
    await host.remember_dm("u2", refused=True)
    if hasattr(store, "set_guild_locale"):
        await store.set_guild_locale("g", "cs")
    await store.close()


def counts(path) -> dict[str, int]:  # type: ignore[no-untyped-def]
    con = sqlite3.connect(path)
    tables = [
        r[0]
        for r in con.execute(
            "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%'"
        )
    ]
    out = {t: con.execute(f'SELECT COUNT(*) FROM "{t}"').fetchone()[0] for t in tables}
    con.close()
    return out


@pytest.mark.asyncio
async def test_copy_sqlite_to_postgres_and_back(tmp_path, capsys, monkeypatch) -> None:
    await pg.require_pg()
    monkeypatch.setitem(games.REGISTRY, "toy", TOY)  # the replay knows the test game
    src = tmp_path / "src.db"
    await fill(src)
    schema = pg.new_schema()
    con = await asyncpg.connect(pg.PG_URL)
    await con.execute(f'CREATE SCHEMA "{schema}"')
    await con.close()
    url = pg.PG_URL + ("&" if "?" in pg.PG_URL else "?") + f"search_path={schema}"
    try:
        assert await run_copy(f"sqlite:///{src}", url) == 0
        out = capsys.readouterr().out
        assert "3 sessions" in out and "verified" in out, out
        assert await run_copy(f"sqlite:///{src}", url) == 2  # the target is in use now
        assert "already has sessions" in capsys.readouterr().err
        store = await open_store(url)
        try:
            host = SessionHost(store, registry={"toy": TOY}, seed_source=lambda: 5)
            assert [r["player_id"] for r in await host.standings("g", "toy")]
            assert await host.dm_refused_at("u2") is not None
            new = await host.create(
                guild_id="g",
                channel_id="c9",
                game_id="toy",
                options={},
                user_id="u1",
                user_name="Ann",
            )
            assert new.id == 4  # after the copied ids
            await host.cancel("c9", "u1", can_manage=False)
        finally:
            await store.close()
        back = tmp_path / "back.db"
        assert (
            await asyncio.to_thread(  # the command line, as run by hand
                main, ["--env", "", "copy", "--from", url, "--to", f"sqlite:///{back}"]
            )
            == 0
        )
        expected = counts(src)
        expected["sessions"] += 1  # the table opened on PostgreSQL
        expected["seats"] += 1
        assert counts(back) == expected
    finally:
        await pg.drop_schema(schema)


@pytest.mark.asyncio
async def test_a_copy_that_does_not_replay_is_reported(tmp_path, capsys, monkeypatch) -> None:
    monkeypatch.setitem(games.REGISTRY, "toy", TOY)
    src = tmp_path / "src.db"
    await fill(src)
    con = sqlite3.connect(src)  # a move log that no longer gives the snapshot
    con.execute(
        "UPDATE sessions SET state = REPLACE(state, '\"round\":1', '\"round\":2') WHERE id = 2"
    )
    con.commit()
    con.close()
    assert await run_copy(f"sqlite:///{src}", f"sqlite:///{tmp_path / 'dst.db'}") == 1
    out = capsys.readouterr().out
    assert "session 2 (toy)" in out and "differences: 1" in out, out
