"""Killing the process at any point loses nothing acknowledged and never leaves half a move.

A child process plays Majesty through SessionHost with the SQLite store and prints ``ACK n``
after each move the host has returned (what the bot would then acknowledge to a player). The
parent kills it with SIGKILL mid-game, several times, at different moments; after each kill
the database must hold at least every acknowledged move, and the snapshot must equal the replay
of seed + move log.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from bot.core.host import SessionHost
from bot.core.store import SQLiteStore

CHILD = textwrap.dedent("""
    import asyncio, sys
    from bot.core.host import SessionHost
    from bot.core.store import SQLiteStore
    from games.ai import RandomPlayer

    async def main(path, channel):
        store = SQLiteStore(path)
        await store.open()
        host = SessionHost(store, seed_source=lambda: 11)
        rec = await store.active_session(channel)
        if rec is None:
            await host.create(guild_id="g", channel_id=channel, game_id="majesty", options={},
                              user_id="1", user_name="A", turn_secs=60)
            for p in ("2", "3"):
                await host.join(channel, p, p)
            rec = (await host.start(channel, "1")).record
        ai = RandomPlayer(rec.id)
        n = rec.move_count
        while rec.status == "running":
            actor = host.actors(rec)[0]
            move = ai.choose(host.game(rec.game), host.state(rec), actor, n)
            rec = (await host.apply(rec.id, actor, move, expected_version=rec.version)).record
            n = rec.move_count
            print("ACK", n, flush=True)
        print("DONE", flush=True)

    asyncio.run(main(sys.argv[1], sys.argv[2]))
""")


def run_and_kill(db: Path, after_acks: int) -> tuple[int, bool]:
    root = Path(__file__).resolve().parents[2]
    proc = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(db), "c1"],
        cwd=root,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(root)},
    )
    acked, done = 0, False
    assert proc.stdout is not None
    deadline = time.monotonic() + 60
    for line in proc.stdout:
        if line.startswith("ACK"):
            acked = int(line.split()[1])
        if line.startswith("DONE"):
            done = True
            break
        if acked >= after_acks or time.monotonic() > deadline:
            break
    proc.send_signal(signal.SIGKILL)
    proc.wait(10)
    return acked, done


async def check(db: Path) -> int:
    store = SQLiteStore(db)
    await store.open()
    try:
        host = SessionHost(store)
        (session_id,) = await store.session_ids()
        ok, detail = await host.replay(session_id)
        assert ok, detail
        rec = await store.get_session(session_id)
        moves = await store.moves(session_id)
        assert rec.move_count == len(moves) == [m.seq for m in moves][-1] + 1
        return len(moves)
    finally:
        await store.close()


@pytest.mark.slow
@pytest.mark.parametrize("kills", [(3, 9, 17, 30)])
def test_sigkill_mid_game_loses_no_acknowledged_move(tmp_path: Path, kills) -> None:
    db = tmp_path / "crash.db"
    stored = 0
    for after in kills:
        acked, done = run_and_kill(db, after)
        stored = asyncio.run(check(db))
        assert stored >= acked, f"acknowledged {acked} moves but only {stored} are stored"
        if done:
            break
    assert stored > 0
