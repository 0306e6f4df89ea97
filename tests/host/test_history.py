"""Finished games by server (issue 14): the store's history queries on both backends, the
indexes they use, and table ids found only within their own server."""

from __future__ import annotations

import pytest

from bot.core import history
from bot.core.errors import HostError
from bot.core.store import SQLiteStore
from bot.core.store.postgres import PostgresStore

PICK3 = {"type": "pick", "value": 3}
PICK1 = {"type": "pick", "value": 1}


async def finished(
    host, clock, channel: str, players=("u1", "u2"), guild: str = "g", ai: bool = False
) -> int:
    """A one-round toy game won by the first player (3 against 1), finished at clock.t."""
    await host.create(
        guild_id=guild,
        channel_id=channel,
        game_id="toy",
        options={"rounds": 1},
        user_id=players[0],
        user_name=players[0].upper(),
    )
    for p in players[1:]:
        await host.join(channel, p, p.upper())
    if ai:
        await host.add_ai(channel, players[0])
    rec = (await host.start(channel, players[0])).record
    await host.apply(rec.id, players[0], PICK3)
    for p in players[1:]:
        out = await host.apply(rec.id, p, PICK1)
    if not out.finished:
        out = await host.apply(rec.id, players[0], {"type": "bank"})
    assert out.finished
    clock.t += 60
    return rec.id


@pytest.mark.asyncio
async def test_finished_games_newest_first_with_every_rated_seat(host, store, clock) -> None:
    first = await finished(host, clock, "c1")
    second = await finished(host, clock, "c2", players=("u2", "u3", "u1"))
    await finished(host, clock, "c3", guild="other")
    rows = await store.finished_games("g", None, None, 10)
    assert [r["session_id"] for r in rows] == [second, first]
    assert [r["player_id"] for r in rows[0]["results"]] == ["u2", "u1", "u3"]
    best = rows[0]["results"][0]
    assert best["rank"] == 1 and best["score"] == 4  # a unique 3, and the bank
    assert rows[1]["finished_at"] < rows[0]["finished_at"]
    assert [r["session_id"] for r in await store.finished_games("g", None, None, 1)] == [second]
    # one player's games, one game's
    assert [r["session_id"] for r in await store.finished_games("g", "u3", None, 10)] == [second]
    assert [r["session_id"] for r in await store.finished_games("g", "u1", "toy", 10)] == [
        second,
        first,
    ]
    assert await store.finished_games("g", None, "majesty", 10) == []
    assert await store.finished_games("nowhere", None, None, 10) == []


@pytest.mark.asyncio
async def test_the_last_finished_game_of_a_channel(host, store, clock) -> None:
    assert await store.last_finished_in("g", "c1") is None
    first = await finished(host, clock, "c1")
    await finished(host, clock, "c2")
    assert await store.last_finished_in("g", "c1") == first
    again = await finished(host, clock, "c1")
    assert await store.last_finished_in("g", "c1") == again
    assert await store.last_finished_in("other", "c1") is None
    # a lobby opened since: the channel's table is the lobby
    await host.create(
        guild_id="g", channel_id="c1", game_id="toy", options={}, user_id="u1", user_name="U1"
    )
    assert (await history.channel_table(host, "g", "c1")).status == "lobby"
    assert (await history.channel_table(host, "g", "c2")).status == "finished"
    with pytest.raises(HostError) as exc:
        await history.channel_table(host, "g", "c9")
    assert exc.value.code == "no_session"


@pytest.mark.asyncio
async def test_table_ids_only_within_their_server(host, clock) -> None:
    mine = await finished(host, clock, "c1")
    theirs = await finished(host, clock, "c2", guild="other")
    for typed in (str(mine), f"#{mine}", f"table #{mine}", mine):
        assert (await history.find_table(host, "g", typed)).id == mine
    for typed in (str(theirs), "999", "abc", "#", "-3", "1.5"):
        with pytest.raises(HostError) as exc:
            await history.find_table(host, "g", typed)
        assert exc.value.code == "unknown_table"
    with pytest.raises(HostError):
        await history.find_table(host, None, str(mine))


@pytest.mark.asyncio
async def test_history_lists_ai_seats_from_the_final_standings(host, clock) -> None:
    table = await finished(host, clock, "c1", ai=True)
    [game] = await history.recent_games(host, "g")
    assert game.table == table and game.title == "High card (test)"
    assert len(game.standings) == 3 and [s["ai"] for s in game.standings].count(True) == 1
    assert game.standings[0]["rank"] == 1
    assert {s["name"] for s in game.standings} >= {"U1", "U2"}
    with pytest.raises(HostError):
        await history.recent_games(host, "g", game_id="nope")


async def _plan_sqlite(real, sql: str, args: tuple) -> str:
    return " | ".join(str(r["detail"]) for r in await real("EXPLAIN QUERY PLAN " + sql, args))


@pytest.mark.asyncio
async def test_history_queries_use_the_results_index(host, store, clock) -> None:
    await finished(host, clock, "c1")
    captured: list[tuple[str, tuple]] = []
    real = store._rows

    async def spy(sql, *args):
        captured.append((sql, args[0] if isinstance(store, SQLiteStore) and args else args))
        return await real(sql, *args)

    store._rows = spy
    await store.finished_games("g", None, None, 10)
    await store.finished_games("g", "u1", None, 10)
    await store.last_finished_in("g", "c1")
    heads = [captured[0], captured[2], captured[4]]
    if isinstance(store, SQLiteStore):
        plans = [await _plan_sqlite(real, sql, tuple(args)) for sql, args in heads]
        assert "results_by_guild_time" in plans[0], plans[0]
        assert "INDEX" in plans[1], plans[1]
        assert "results_by_guild_time" in plans[2], plans[2]
        assert not [p for p in plans if "SCAN r " in p + " " and "INDEX" not in p], plans
        return
    assert isinstance(store, PostgresStore)
    async with store._con() as con:
        await con.execute("SET enable_seqscan = off")
        for sql, args in heads:
            plan = "\n".join(r[0] for r in await con.fetch("EXPLAIN " + sql, *args))
            assert "Index" in plan and "Seq Scan on results" not in plan, plan
        await con.execute("RESET enable_seqscan")
