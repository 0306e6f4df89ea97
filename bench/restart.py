"""How soon every table has someone to act after a crash (issue 31: AI seats woken first).

    python bench/restart.py [--cycles 20] [--ai-budget 0.05] [--json]

Four running tables in four channels of the local fake Discord (tests/fakediscord), served by a
real ``crowntable run`` process on an SQLite file: Majesty and Tiny Epic Kingdoms between two
people, Empire Engine and King of the Elves between a person and an AI seat. Each cycle:
SIGKILL the process; store one move of a waiting person at every table behind its back (what a
crash between storing a move and showing it leaves: the move stored, the board not shown; at
an AI table the AI now owes a move; a step several players take at once is left alone: the
prompts sent before are still valid); start ``crowntable run`` again; from the moment it is ready
(connected to the gateway), time until every table has someone prompted: an AI seat's move
stored, or a message with that table's move components (a board with buttons, a DM prompt, an
"Open my prompt" button) sent after the restart. Prints each cycle and p50/p95/max.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import re
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: the repository this file is in comes first
    sys.path.insert(0, str(ROOT))

from bot.core.host import SessionHost  # noqa: E402
from bot.core.store import open_store  # noqa: E402
from tests.e2e.helpers import open_table, table_id  # noqa: E402
from tests.fakediscord import FakeDiscord  # noqa: E402

#: (game, host, the other human or None for an AI seat)
TABLES = (
    ("majesty", "alice", "bob"),
    ("empire_engine", "cyril", None),
    ("elves", "dana", None),
    ("tek", "emil", "filip"),
)


def custom_ids(value: Any) -> list[str]:
    """Every ``custom_id`` anywhere in a request body."""
    if isinstance(value, dict):
        found = [str(value["custom_id"])] if "custom_id" in value else []
        return found + [c for v in value.values() for c in custom_ids(v)]
    if isinstance(value, list):
        return [c for v in value for c in custom_ids(v)]
    return []


def prompted_at(requests: list[Any]) -> dict[int, float]:
    """Per table, when the fake received the first message posted or edited with its move
    components (``ct:m``, ``ct:s``, ``ct:o``) among these requests (the fake's clock)."""
    seen: dict[int, float] = {}
    for r in requests:
        if r.method not in ("POST", "PATCH") or "/messages" not in r.path or (r.status or 0) >= 300:
            continue
        for cid in custom_ids(r.json):
            found = re.match(r"ct:[mso]:(\d+)", cid)
            if found:
                seen.setdefault(int(found.group(1)), r.at)
    return seen


def ai_moves(db: Path, sid: int) -> list[float]:
    """When each AI move of table ``sid`` was stored (wall clock), oldest first."""
    with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5)) as con:
        rows = con.execute(
            "SELECT at FROM moves WHERE session_id = ? AND source = 'ai' ORDER BY seq", (sid,)
        ).fetchall()
    return [float(at) for (at,) in rows]


async def store_behind_its_back(db: Path, sids: list[int]) -> dict[int, str]:
    """One move of a waiting person at each table, stored and not shown; per table what
    prompts someone next: "ai" (an AI seat owes a move), "human", "over", or "kept" (a step
    several players take at once: nothing stored, the prompts sent before the kill are still
    the ones to answer)."""
    host = SessionHost(await open_store(f"sqlite:///{db}", exclusive=True), inline_ai=False)
    owed: dict[int, str] = {}
    try:
        for sid in sids:
            rec = await host.get(sid)
            state = host.state(rec)
            game = host.game(rec.game)
            humans = {s.player_id for s in rec.seats if not s.is_ai}
            actors = game.actors(state)
            if rec.status == "running" and len(actors) > 1:
                owed[sid] = "kept"  # a simultaneous step: its prompts from before stay valid
                continue
            if rec.status == "running" and actors[0] in humans:
                await host.apply(sid, actors[0], game.legal_moves(state, actors[0])[0], rec.version)
                rec = await host.get(sid)
            if rec.status != "running":
                owed[sid] = "over"
            else:
                owed[sid] = "ai" if host.ai_to_move(rec) is not None else "human"
    finally:
        await host.close()
    return owed


async def one_restart(
    fake: Any, start: Any, db: Path, owed: dict[int, str]
) -> tuple[float, dict[str, float]]:
    """Start the bot; seconds from ready until every table has someone prompted, and the
    slowest table of each kind ("ai", "human"). Times are read from the fake's record of
    requests and the moves' stored times, not from when this loop happens to look."""
    ai_before = {sid: len(ai_moves(db, sid)) for sid, kind in owed.items() if kind == "ai"}
    first = len(fake.requests)
    await start()
    ready, ready_wall = fake.clock(), time.time()
    waiting = {sid for sid, kind in owed.items() if kind in ("ai", "human")}
    at: dict[int, float] = {}
    while waiting - set(at):
        if fake.clock() > ready + 30:
            late = sorted(waiting - set(at))
            raise TimeoutError(f"tables {late} still without anyone prompted after 30 s")
        await asyncio.sleep(0.05)
        for sid, when in prompted_at(fake.requests[first:]).items():
            if sid in waiting:
                at[sid] = min(at.get(sid, when - ready), when - ready)
        for sid, before in ai_before.items():
            # read in a thread: the fake Discord runs on this event loop and must not wait
            moved = (await asyncio.to_thread(ai_moves, db, sid))[before:]
            if moved:
                at[sid] = min(at.get(sid, moved[0] - ready_wall), moved[0] - ready_wall)
    slowest = {
        kind: max((at[s] for s in at if owed[s] == kind), default=0.0) for kind in ("ai", "human")
    }
    return max(0.0, *at.values()), slowest


async def run(cycles: int, ai_budget: float) -> dict[str, Any]:
    async with FakeDiscord.running(disabled_checks={"rate_limits"}) as fake:
        guild = fake.add_guild("Deskovky")
        channels = [fake.add_channel(guild, f"stul-{i}") for i in range(len(TABLES))]
        names = ("alice", "bob", "cyril", "dana", "emil", "filip")
        users = {n: fake.add_user(n, guilds=[guild]) for n in names}
        with tempfile.TemporaryDirectory(prefix="restart-") as tmp:
            db = Path(tmp) / "crowntable.db"
            env = {
                "DISCORD_TOKEN": "fake-token",
                "DATABASE_URL": f"sqlite:///{db}",
                "CLOCK_INTERVAL": "1",
                "LOG_LEVEL": "WARNING",
                "DEV_GUILD_ID": "",
                "AI_BUDGET": str(ai_budget),
            }
            procs: list[Any] = []

            async def start() -> None:
                proc = await fake.spawn("run", env=env)
                procs.append(proc)
                await fake.wait_ready(task=proc, timeout=60)

            await start()
            sids = []
            for (game, host, other), channel in zip(TABLES, channels, strict=True):
                world = SimpleNamespace(fake=fake, channel=channel, users=users)
                join = (other,) if other else ()
                lobby = await open_table(world, game, host, join=join, ai=0 if other else 1)
                sids.append(table_id(lobby))
            await fake.idle(quiet=0.5, timeout=30)
            figures: list[dict[str, Any]] = []
            for cycle in range(cycles):
                await fake.idle(quiet=0.3, timeout=30)
                await procs[-1].kill()
                await fake.wait_disconnected()
                owed = await store_behind_its_back(db, sids)
                seconds, slowest = await one_restart(fake, start, db, owed)
                figures.append({"cycle": cycle + 1, "seconds": seconds, "owed": owed, **slowest})
                kinds = ",".join(owed[s] for s in sids)
                print(
                    f"cycle {cycle + 1:2d}: {seconds * 1000:5.0f} ms  (slowest AI table "
                    f"{slowest['ai'] * 1000:5.0f} ms, slowest human {slowest['human'] * 1000:5.0f}"
                    f" ms; {kinds})",
                    flush=True,
                )
            await procs[-1].stop()
            return summary(figures)


def summary(figures: list[dict[str, Any]]) -> dict[str, Any]:
    times = sorted(f["seconds"] for f in figures)
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    return {
        "cycles": figures,
        "p50_ms": statistics.median(times) * 1000,
        "p95_ms": p95 * 1000,
        "max_ms": times[-1] * 1000,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cycles", type=int, default=20)
    ap.add_argument("--ai-budget", type=float, default=0.05, help="AI thinking seconds")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    out = asyncio.run(run(args.cycles, args.ai_budget))
    if args.json:
        print(json.dumps(out, indent=1, default=str))
    print(
        f"ready -> every table has someone prompted, {len(out['cycles'])} kill/restart cycles: "
        f"p50 {out['p50_ms']:.0f} ms, p95 {out['p95_ms']:.0f} ms, max {out['max_ms']:.0f} ms"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
