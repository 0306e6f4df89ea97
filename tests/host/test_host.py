"""SessionHost over the SQLite store with the test-only toy game."""

from __future__ import annotations

import json

import pytest

from bot.core.errors import HostError
from bot.core.host import SessionHost
from bot.core.store import SQLiteStore
from games.base import IllegalMove
from tests.host import pg
from tests.toygame import TOY

PICK = {"type": "pick", "value": 3}


async def running(host, players=("u1", "u2"), turn_secs=None, **options):
    await host.create(
        guild_id="g",
        channel_id="c",
        game_id="toy",
        options=options,
        user_id=players[0],
        user_name=players[0].upper(),
        turn_secs=turn_secs,
    )
    for p in players[1:]:
        await host.join("c", p, p.upper())
    return (await host.start("c", players[0])).record


async def code_of(coro) -> str:
    try:
        await coro
    except (HostError, IllegalMove) as exc:
        return exc.code
    raise AssertionError("no refusal")


@pytest.mark.asyncio
async def test_lobby_rules(host) -> None:
    rec = await host.create(
        guild_id="g", channel_id="c", game_id="toy", options={}, user_id="u1", user_name="Ann"
    )
    assert rec.status == "lobby" and rec.player_ids == ["u1"]
    assert (
        await code_of(
            host.create(
                guild_id="g",
                channel_id="c",
                game_id="toy",
                options={},
                user_id="u2",
                user_name="Bob",
            )
        )
        == "channel_busy"
    )
    assert await code_of(host.join("c", "u1", "Ann")) == "already_joined"
    assert await code_of(host.start("c", "u1")) == "too_few_players"
    await host.join("c", "u2", "Bob")
    assert await code_of(host.add_ai("c", "u2")) == "not_host"
    await host.add_ai("c", "u1")
    rec = await host.add_ai("c", "u2", can_manage=True)
    assert rec.player_ids == ["u1", "u2", "ai:1", "ai:2"]
    assert await code_of(host.join("c", "u5", "Eve")) == "lobby_full"
    rec = (await host.leave("c", "u1")).record
    assert rec.host_id == "u2" and rec.player_ids == ["u2", "ai:1", "ai:2"]
    assert await code_of(host.start("c", "u9")) == "join_first"
    out = await host.start("c", "u2")
    assert out.record.status == "running"
    assert await code_of(host.join("c", "u7", "Gil")) == "not_in_lobby"


@pytest.mark.asyncio
async def test_unknown_game_and_options_are_refused(host) -> None:
    assert (
        await code_of(
            host.create(
                guild_id="g",
                channel_id="c",
                game_id="chess",
                options={},
                user_id="u1",
                user_name="Ann",
            )
        )
        == "unknown_game"
    )
    assert (
        await code_of(
            host.create(
                guild_id="g",
                channel_id="c",
                game_id="toy",
                options={"rounds": 9},
                user_id="u1",
                user_name="Ann",
            )
        )
        == "bad_option"
    )
    assert (
        await code_of(
            host.create(
                guild_id="g",
                channel_id="c",
                game_id="toy",
                options={"speed": 1},
                user_id="u1",
                user_name="Ann",
            )
        )
        == "unknown_option"
    )
    assert await host.store.active_session("c") is None


@pytest.mark.asyncio
async def test_the_last_human_leaving_cancels_the_lobby(host) -> None:
    await host.create(
        guild_id="g", channel_id="c", game_id="toy", options={}, user_id="u1", user_name="Ann"
    )
    await host.add_ai("c", "u1")
    out = await host.leave("c", "u1")
    assert out.record.status == "cancelled"
    assert await host.store.active_session("c") is None


@pytest.mark.asyncio
async def test_illegal_and_stale_moves_change_nothing(host, store) -> None:
    rec = await running(host)
    snapshot = (await store.get_session(rec.id)).state
    assert await code_of(host.apply(rec.id, "u9", PICK)) == "not_seated"
    assert await code_of(host.apply(rec.id, "u1", {"type": "pick", "value": 9})) == "not_legal"
    assert await code_of(host.apply(rec.id, "u1", {"type": "bank"})) == "not_legal"
    assert (
        await code_of(host.apply(rec.id, "u1", PICK, expected_version=rec.version - 1)) == "stale"
    )
    after = await store.get_session(rec.id)
    assert after.version == rec.version and after.state == snapshot
    assert await store.moves(rec.id) == []


@pytest.mark.asyncio
async def test_simultaneous_picks_keep_the_other_prompt_fresh_but_refuse_a_double_click(
    host,
) -> None:
    rec = await running(host)
    v = rec.version
    await host.apply(rec.id, "u1", PICK, expected_version=v)
    # a double click on the same prompt
    assert await code_of(host.apply(rec.id, "u1", PICK, expected_version=v)) == "stale"
    # u2's prompt was made at v too, and is still good
    out = await host.apply(rec.id, "u2", {"type": "pick", "value": 1}, expected_version=v)
    assert [e["type"] for e in out.events] == ["picked", "revealed"]
    assert out.events[-1]["winner"] == "u1"


@pytest.mark.asyncio
async def test_ai_seats_move_by_themselves_and_the_game_rates_at_the_end(host, store) -> None:
    await host.create(
        guild_id="g",
        channel_id="c",
        game_id="toy",
        options={"rounds": 1},
        user_id="u1",
        user_name="Ann",
    )
    await host.join("c", "u2", "Bob")
    await host.add_ai("c", "u1")
    rec = (await host.start("c", "u1")).record
    await host.apply(rec.id, "u1", PICK)
    out = await host.apply(rec.id, "u2", PICK)
    # u1 and u2 tie on 3, so the AI's pick decides the round; then u1 (round 1 start) banks
    if not out.finished:
        out = await host.apply(rec.id, "u1", {"type": "bank"})
    assert out.finished
    results = await store.recent_results("g", None, 10)
    assert sorted(r["player_id"] for r in results) == ["u1", "u2"]  # AI seats do not rate
    table = await store.standings("g", "toy")
    assert {r["player_id"] for r in table} == {"u1", "u2"}
    assert all(r["games"] == 1 for r in table)
    ok, detail = await host.replay(rec.id)
    assert ok, detail
    sources = [m.source for m in await store.moves(rec.id)]
    assert "ai" in sources


@pytest.mark.asyncio
async def test_abandoned_games_do_not_rate(host, store) -> None:
    rec = await running(host)
    assert await code_of(host.abandon("c", "u2", can_manage=False)) == "not_host"
    rec = await host.abandon("c", "u2", can_manage=True)
    assert rec.status == "abandoned"
    assert await store.standings("g", None) == []
    assert await store.recent_results("g", None, 5) == []
    assert await code_of(host.apply(rec.id, "u1", PICK)) == "not_running"


@pytest.mark.asyncio
async def test_turn_clock_reminds_at_half_time_then_moves_for_the_idle_player(host, clock) -> None:
    rec = await running(host, turn_secs=300)
    await host.apply(rec.id, "u1", PICK)
    assert await host.run_clock() == []
    clock.t += 151
    fired = await host.run_clock()
    assert fired[0].reminders == ["u2"] and not fired[0].moved
    assert await host.run_clock() == []  # reminded once
    clock.t += 150
    fired = await host.run_clock()
    assert fired[0].moved[0] == ("u2", "timeout")
    assert fired[0].events[0] == {"type": "host_timeout", "player": "u2"}
    sources = [m.source for m in await host.store.moves(rec.id)]
    assert sources == ["player", "timeout"]


@pytest.mark.asyncio
async def test_a_second_host_over_the_same_database_continues_game_and_clock(
    tmp_path, clock
) -> None:
    path = tmp_path / "shared.db"
    s1 = SQLiteStore(path, clock=clock)
    await s1.open()
    h1 = SessionHost(s1, registry={"toy": TOY}, now=clock, seed_source=lambda: 42)
    rec = await running(h1, turn_secs=3600)
    v = rec.version
    await h1.apply(rec.id, "u1", PICK, expected_version=v)
    await s1.close()  # "crash"

    s2 = SQLiteStore(path, clock=clock)
    await s2.open()
    h2 = SessionHost(s2, registry={"toy": TOY}, now=clock)
    again = await h2.get(rec.id)
    assert again.version == v + 1 and again.clock["u2"]["since"] == v
    out = await h2.apply(rec.id, "u2", {"type": "pick", "value": 2}, expected_version=v)
    assert out.events[-1]["type"] == "revealed"
    clock.t += 3601  # the bank decision of u1 expires on the new host
    fired = await h2.run_clock()
    assert fired and fired[0].moved == [("u1", "timeout")]
    ok, detail = await h2.replay(rec.id)
    assert ok, detail
    await s2.close()


@pytest.mark.asyncio
async def test_leaving_a_running_game_hands_the_seat_to_the_ai(host) -> None:
    await running(host)
    out = await host.leave("c", "u2")
    assert out.events[0] == {"type": "host_left", "player": "u2"}
    assert ("u2", "ai") in out.moved
    assert out.record.seat_of("u2").is_ai


@pytest.mark.asyncio
async def test_verify_detects_a_corrupt_snapshot(host, store) -> None:
    rec = await running(host)
    await host.apply(rec.id, "u1", PICK)
    assert (await host.replay(rec.id))[0]
    corrupt = {**(await store.get_session(rec.id)).state, "score": {"u1": 99, "u2": 0}}
    await pg.write_behind_the_hosts_back(  # a snapshot changed behind the host's back
        store,
        "UPDATE sessions SET state=? WHERE id=?",
        "UPDATE sessions SET state=$1 WHERE id=$2",
        json.dumps(corrupt),
        rec.id,
    )
    ok, detail = await host.replay(rec.id)
    assert not ok and "differs" in detail


@pytest.mark.asyncio
async def test_a_lost_race_with_another_process_rereads_and_revalidates(tmp_path, clock) -> None:
    path = tmp_path / "two.db"
    s1, s2 = SQLiteStore(path, clock=clock), SQLiteStore(path, clock=clock)
    await s1.open()
    await s2.open()
    h1 = SessionHost(s1, registry={"toy": TOY}, now=clock, seed_source=lambda: 1)
    h2 = SessionHost(s2, registry={"toy": TOY}, now=clock)
    rec = await running(h1)  # h1 remembers the session at this version
    await h2.apply(rec.id, "u1", PICK)  # the other process moves first
    # h1's copy is stale: its save loses the CAS, re-reads, and u2's pick is still legal
    out = await h1.apply(rec.id, "u2", {"type": "pick", "value": 1})
    assert out.events[-1]["type"] == "revealed" and out.events[-1]["picks"]["u1"] == 3
    # u1 already picked in the other process: re-validated and refused, nothing written
    assert await code_of(h2.apply(rec.id, "u1", PICK)) == "not_legal"
    moves = await s1.moves(rec.id)
    assert [(m.player_id, m.move["value"]) for m in moves] == [("u1", 3), ("u2", 1)]
    assert (await h2.replay(rec.id))[0]
    await s1.close()
    await s2.close()
