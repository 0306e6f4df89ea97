"""Two ``crowntable run`` processes, shards 0 and 1 of 2, over one PostgreSQL database (a fresh
schema) and the fake Discord: a server on each shard, two games in each (one with DM
decisions, one on the board). DMs
arrive on shard 0 whatever server the table is in, so process 0 also serves the table of
process 1's server. Process 1 is SIGKILLed mid-game and restarted while process 0 keeps
serving (the DM decisions of process 1's table go on meanwhile); a deadline that passed is
timed out exactly once although both processes run the turn clock; every table's final
standings are posted once, no board is posted twice, ``crowntable verify`` is clean."""

from __future__ import annotations

import asyncio
import json
import re
import sys
import time
from types import SimpleNamespace
from typing import Any

import asyncpg
import pytest

from bot.text.i18n import t
from tests.e2e.driver import (
    Driver,
    Player,
    board_message,
    final_messages,
    is_board,
    move_components,
    waiting_names,
)
from tests.e2e.helpers import has_private_prompts, open_table, table_id
from tests.fakediscord import FakeDiscord
from tests.host import pg

pytestmark = pytest.mark.slow
#: the game of both tables: secret picks, decided by DM (the DMs of table 1 reach process 0,
#: also while process 1 is down)
GAME = "empire_engine"
SECOND_GAME = "majesty"  # decided on the board
DISCORD_EPOCH_MS = 1420070400000


class RemindedDriver(Driver):
    """A driver that reads a player's prompt from their latest DM with buttons (the turn
    clock's reminder DM, plain text, may have come after it)."""

    def find_action(self) -> tuple[str, Player, Any] | None:
        action = super().find_action()
        if action is not None:
            return action
        board = board_message(self.fake, self.channel)
        names = waiting_names(board) if board is not None else []
        for player in self.players:
            dms = [m for m in self.fake.dms(player.user) if not m.deleted and m.custom_ids]
            if player.user.name in names and dms and any(move_components(dms[-1])):
                return ("dm", player, dms[-1])
        return None


def boards(fake: FakeDiscord, channel: Any) -> list[Any]:
    return [m for m in fake.messages(channel) if is_board(m)]


async def act_once(fake: FakeDiscord, driver: Driver, dm_only: bool = False) -> None:
    """One decision of ``driver``'s game, from the board or a DM (``dm_only``: a DM)."""

    def found() -> Any:
        action = driver.find_action()
        if action is None or action[0] == "done" or (dm_only and action[0] != "dm"):
            return None
        return action

    kind, player, msg = await fake.wait_for(found, timeout=20, what="a prompt")
    result = await driver.act(kind, player, msg)
    assert result.type in (4, 5, 6, 7), result
    await fake.idle(timeout=20)


async def stored(url_schema: str, sql: str, *args: Any) -> list[asyncpg.Record]:
    con = await asyncpg.connect(pg.PG_URL, server_settings={"search_path": url_schema})
    try:
        return list(await con.fetch(sql, *args))
    finally:
        await con.close()


async def expire_clock(schema: str, session_id: int, deadline: bool = True) -> list[str]:
    """Make the waiting players' reminders (or deadlines) due, as if hours had passed: the
    shared database is changed, both processes' clocks see it. Returns those players."""
    row = (await stored(schema, "SELECT clock FROM sessions WHERE id = $1", session_id))[0]
    clock = json.loads(row["clock"])
    past = time.time() - 1
    for entry in clock.values():
        if deadline:
            entry.update(due=past, remind=past - 1, reminded=True)
        else:
            entry.update(remind=past, reminded=False)
    await stored(
        schema,
        "UPDATE sessions SET clock = $1, next_alarm = $2 WHERE id = $3",
        json.dumps(clock),
        past,
        session_id,
    )
    return sorted(clock)


@pytest.mark.asyncio
async def test_two_sharded_processes_over_one_postgres_database(tmp_path) -> None:
    await pg.require_pg()
    schema = pg.new_schema()
    await stored("public", f'CREATE SCHEMA "{schema}"')
    url = pg.PG_URL + ("&" if "?" in pg.PG_URL else "?") + f"search_path={schema}"
    try:
        async with FakeDiscord.running() as fake:
            await play_on_two_shards(fake, url, schema)
    finally:
        await pg.drop_schema(schema)


async def play_on_two_shards(fake: FakeDiscord, url: str, schema: str) -> None:
    ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
    guilds = [
        fake.add_guild("even", id=((ms & ~1) << 22) + 1),  # shard 0
        fake.add_guild("odd", id=((ms | 1) << 22) + 1),
    ]  # shard 1
    worlds = []
    for i, guild in enumerate(guilds):
        users = {n: fake.add_user(f"{n}{i}", guilds=[guild]) for n in ("alice", "bob")}
        worlds.append(
            SimpleNamespace(fake=fake, channel=fake.add_channel(guild, "herna"), users=users)
        )
    env = {
        "DISCORD_TOKEN": "fake-token",
        "DATABASE_URL": url,
        "SHARD_COUNT": "2",
        "CLOCK_INTERVAL": "0.3",
        "LOG_LEVEL": "INFO",
        "DEV_GUILD_ID": "",
        "AI_BUDGET": "0.01",
    }
    procs: list[Any] = []

    async def start(shard: int) -> Any:
        proc = await fake.spawn("run", env=env | {"SHARD_IDS": str(shard)})
        procs.append(proc)
        await fake.wait_for(
            lambda: any(
                s.shard == [shard, 2] and s.connection is not None
                for s in fake.gateway.live_sessions
            ),
            timeout=30,
            what=f"shard {shard}",
        )
        await fake.wait_ready(task=proc, timeout=30)
        return proc

    try:
        await play_with_processes(fake, schema, url, worlds, start, procs)
    except BaseException:  # what the processes said goes with the failure
        for i, proc in enumerate(procs):
            print(f"--- process {i}, the last of its output:\n" + proc.output()[-6000:])
        board_states = [board_message(fake, w.channel) for w in worlds]
        print(
            "--- the boards:",
            [(b.id, b.content, b.custom_ids) if b else None for b in board_states],
        )
        raise


async def play_with_processes(
    fake: FakeDiscord, schema: str, url: str, worlds: list[Any], start: Any, procs: list[Any]
) -> None:
    p0, p1 = await start(0), await start(1)
    lobbies = [await open_table(w, GAME, join=("bob",), clock="1h") for w in worlds]
    sids = [table_id(lobby) for lobby in lobbies]
    drivers = [
        RemindedDriver(fake, w.channel, [Player(w.users["alice"]), Player(w.users["bob"])], seed=i)
        for i, w in enumerate(worlds)
    ]
    for _ in range(4):
        for d in drivers:
            await act_once(fake, d)

    await p1.kill()  # a crash of the process of shard 1, mid-game
    await fake.wait_for(
        lambda: (
            not any(
                s.shard == [1, 2] and s.connection is not None for s in fake.gateway.live_sessions
            )
        ),
        timeout=10,
        what="shard 1 to drop",
    )
    for _ in range(3):  # process 0 keeps serving: its own table, and the DMs of table 1
        await act_once(fake, drivers[0])
        if has_private_prompts(GAME):
            await act_once(fake, drivers[1], dm_only=True)
    p1 = await start(1)

    # the half-time reminders, then the deadlines, of table 0: both clocks race for them
    reminded = await expire_clock(schema, sids[0], deadline=False)
    users = [next(u for u in fake._users.values() if str(u.id) == name) for name in reminded]
    prefix = t("reminder.dm", channel="\0", when="\0").split("\0")[0]

    def notes(user: Any) -> list[Any]:
        return [m for m in fake.dms(user) if (m.content or "").startswith(prefix)]

    await fake.wait_for(lambda: all(notes(u) for u in users), timeout=20, what="reminders")
    await asyncio.sleep(1.5)  # several more ticks of both clocks
    await fake.idle(timeout=20)
    for user in users:  # one reminder each, not one from each process
        assert len(notes(user)) == 1, [m.content for m in notes(user)]
    expired = await expire_clock(schema, sids[0])
    timeouts = await wait_for_timeouts(fake, schema, sids[0], 1)
    await asyncio.sleep(1.5)
    assert await count_timeouts(schema, sids[0]) == timeouts  # nothing fired twice
    assert 1 <= timeouts <= len(expired)

    # 30 s a step: two processes and the rest of the suite share two cores (once, in a full run,
    # a step waited past 10 s; the processes' output and the boards are printed if it recurs)
    finals = await asyncio.gather(*(d.play(step_timeout=30) for d in drivers))
    for d, final, sid in zip(drivers, finals, sids, strict=True):
        assert d.stats.refusals == []
        assert d.stats.via["dm"] > 0, d.stats.via  # decided by DM, on shard 0
        assert f"table #{sid}" in final.embeds[0]["title"]
    # a second game in each server, on the board this time, both processes up
    lobbies = [await open_table(w, SECOND_GAME, join=("bob",), clock="1h") for w in worlds]
    sids += [table_id(lobby) for lobby in lobbies]
    seconds = [
        RemindedDriver(
            fake, w.channel, [Player(w.users["alice"]), Player(w.users["bob"])], seed=10 + i
        )
        for i, w in enumerate(worlds)
    ]
    await asyncio.gather(*(d.play(step_timeout=30) for d in seconds))
    assert [d.stats.refusals for d in seconds] == [[], []]
    await fake.idle(timeout=20)
    for i, w in enumerate(worlds):
        finals_here = final_messages(fake, w.channel)  # each posted once, by one process
        assert sorted(table_id(m) for m in finals_here) == sorted([sids[i], sids[i + 2]])
        for sid in (sids[i], sids[i + 2]):
            posted = [m for m in boards(fake, w.channel) if table_id(m) == sid]
            # the first board, and at most one repost by the catch-up after the crash
            assert 1 <= len(posted) <= 2, [m.id for m in posted]
            assert all(not m.custom_ids for m in posted[:-1]), "an old board has buttons"
    assert not fake.problems(ack_limit=3.0), fake.problems(ack_limit=3.0)
    await check_verify(url)
    for proc in (p0, p1):
        assert await proc.stop() == 0
    for proc in procs:
        out = proc.output()
        assert "fake-token" not in out
        errors = [line for line in out.splitlines() if re.search(r"\b(ERROR|CRITICAL)\b", line)]
        assert not errors, errors


async def count_timeouts(schema: str, session_id: int) -> int:
    rows = await stored(
        schema,
        "SELECT COUNT(*) AS n FROM moves WHERE session_id = $1 AND source = 'timeout'",
        session_id,
    )
    return int(rows[0]["n"])


async def wait_for_timeouts(fake: FakeDiscord, schema: str, session_id: int, n: int) -> int:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        count = await count_timeouts(schema, session_id)
        if count >= n:
            await fake.idle(timeout=20)
            return count
        await asyncio.sleep(0.2)
    raise AssertionError(f"no timeout moves in session {session_id}")


async def check_verify(url: str) -> None:
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot.cli",
        "--env",
        "",
        "verify",
        "--db",
        url,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    out, _ = await proc.communicate()
    assert proc.returncode == 0, out.decode()


@pytest.mark.asyncio
async def test_a_second_process_on_one_sqlite_file_is_refused(world) -> None:
    """SQLite: one bot process per file; the second one says so in one line and exits 2,
    the first one goes on."""
    fake = world.fake
    env = {
        "DISCORD_TOKEN": "fake-token",
        "DATABASE_URL": f"sqlite:///{world.db}",
        "LOG_LEVEL": "INFO",
        "DEV_GUILD_ID": "",
    }
    first = await fake.spawn("run", env=env)
    await fake.wait_ready(task=first, timeout=30)
    second = await fake.spawn("run", env=env)
    assert await second.wait(timeout=30) == 2
    refusal = [line for line in second.output().splitlines() if "another Crowntable" in line]
    assert len(refusal) == 1 and "one bot process per database file" in refusal[0], second.output()
    assert "Traceback" not in second.output()
    assert first.running
    await open_table(world, "majesty", join=("bob",))  # the first one still serves
    assert await first.stop() == 0


@pytest.mark.asyncio
async def test_without_shard_settings_the_bot_runs_discords_recommended_shards(world) -> None:
    world.fake.gateway.recommended_shards = 2
    client = await world.start_bot()
    await world.fake.wait_for(
        lambda: (
            sorted(s.shard for s in world.fake.gateway.live_sessions if s.connection is not None)
            == [[0, 2], [1, 2]]
        ),
        timeout=30,
        what="two shards",
    )
    assert client.shard_count == 2 and sorted(client.shards) == [0, 1]
    await open_table(world, "majesty", join=("bob",))  # served on the guild's shard


@pytest.mark.asyncio
async def test_shard_ids_start_only_those_shards(world) -> None:
    world.fake.gateway.recommended_shards = 4  # not used: SHARD_COUNT says 2
    guild_shard = (world.guild.id >> 22) % 2
    client = await world.start_bot(shard_count=2, shard_ids=(guild_shard,))
    live = [s.shard for s in world.fake.gateway.live_sessions if s.connection is not None]
    assert live == [[guild_shard, 2]] and client.shard_count == 2
    await open_table(world, "majesty", join=("bob",))
