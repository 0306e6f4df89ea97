"""The fault schedule: every ``every`` seconds (jittered) one fault, each kind in turn first
(so a short run injects every kind), then at random. A fault that needs undoing (a killed
process, a cut database, closed DMs) is undone by its own task after a few seconds.

Kinds: ``kill`` (SIGKILL of a bot process at a random instant, restarted), ``pg_cut`` (the
proxy drops every PostgreSQL connection and refuses new ones), ``pg_restart`` (long runs
only: the server terminates the soak's backends, as a restart does, and the proxy refuses
connections meanwhile), ``discord_5xx`` and ``discord_429`` (bursts on the routes the bot
uses), ``gateway`` (a websocket dropped, abruptly or with a close code, or op 7 RECONNECT:
the bot resumes), ``dms_closed`` (a player closes their DMs, opens them later),
``channel_deleted`` (a table's channel answers 404 Unknown Channel from now on),
``db_busy`` (another program holds SQLite's write lock for 3.5 s, or 6 s: past the busy
timeout), ``ai_worker`` (an AI worker process SIGKILLed)."""

from __future__ import annotations

import asyncio
import contextlib
import random
import sqlite3
import time
from typing import TYPE_CHECKING, Any

from tests.soak.procs import Proc, pg_terminate

if TYPE_CHECKING:
    from tests.soak.run import Soak

KINDS = (
    "kill",
    "pg_cut",
    "discord_5xx",
    "discord_429",
    "gateway",
    "dms_closed",
    "db_busy",
    "ai_worker",
    "channel_deleted",
    "pg_restart",
)
ROUTES = (
    "POST /channels/*/messages",
    "PATCH /channels/*/messages/*",
    "PATCH /webhooks/*/*/messages/*",
    "POST /webhooks/*/*",
)


class Schedule:
    def __init__(self, soak: Soak, every: float, long_run: bool) -> None:
        self.soak, self.every = soak, every
        self.rng = random.Random(soak.seed)
        self.kinds = [k for k in KINDS if long_run or k != "pg_restart"]
        self.busy: set[str] = set()  # kinds whose previous fault is still on
        self.tasks: set[asyncio.Task[Any]] = set()
        self.deleted = 0
        self.details: dict[Any, str] = {}

    async def run(self) -> None:
        order = list(self.kinds)
        self.rng.shuffle(order)
        order.remove("kill")
        order.insert(0, "kill")
        while not self.soak.draining:
            await asyncio.sleep(self.every * self.rng.uniform(0.5, 1.5))
            if self.soak.draining:
                break
            kind = order.pop(0) if order else self.rng.choice(self.kinds)
            if kind in self.busy:
                continue
            self.busy.add(kind)
            task = asyncio.create_task(self.inject(kind))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    async def inject(self, kind: str) -> None:
        try:
            if await getattr(self, kind)():
                self.soak.faults[kind] = self.soak.faults.get(kind, 0) + 1
                detail = self.details.pop(asyncio.current_task(), "")
                self.soak.fault_log.append((time.monotonic(), kind, detail))
        except Exception as exc:  # noqa: BLE001 - a fault that could not be injected
            self.soak.note("fault failed", f"{kind}: {type(exc).__name__}: {exc}")
        finally:
            self.busy.discard(kind)

    def say(self, detail: str) -> None:
        """What the fault being injected (by this task) did, for the fault log."""
        self.details[asyncio.current_task()] = detail

    async def settle(self) -> None:
        """Wait for the faults still on to be undone (processes up again, DMs open)."""
        await asyncio.gather(*self.tasks, return_exceptions=True)
        for backend in self.soak.backends:
            if backend.proxy is not None:
                backend.proxy.restore()
            for proc in backend.procs:
                if not proc.running:
                    await self.restart(proc)

    # --- the kinds ------------------------------------------------------------------------
    def procs(self) -> list[Proc]:
        return [p for b in self.soak.backends for p in b.procs if p.running]

    async def restart(self, proc: Proc) -> None:
        for attempt in range(3):
            try:
                await proc.start()
                return
            except AssertionError as exc:
                self.soak.note("restart failed", f"{proc.name} attempt {attempt}: {exc}"[:300])
                await proc.kill()
        self.soak.violation("restart", f"{proc.name} did not start again")

    async def kill(self) -> bool:
        procs = self.procs()
        if not procs:
            return False
        proc = self.rng.choice(procs)
        self.say(proc.name)
        await proc.kill()
        await asyncio.sleep(self.rng.uniform(0.2, 3.0))
        await self.restart(proc)
        return True

    def pg(self) -> Any:
        return next(b for b in self.soak.backends if b.proxy is not None)

    async def pg_cut(self) -> bool:
        proxy = self.pg().proxy
        proxy.cut()
        await asyncio.sleep(self.rng.uniform(1.0, 4.0))
        proxy.restore()
        return True

    async def pg_restart(self) -> bool:
        backend = self.pg()
        backend.proxy.up = False
        ended = await pg_terminate(backend)
        await asyncio.sleep(self.rng.uniform(2.0, 5.0))
        backend.proxy.restore()
        return ended > 0

    def fake(self) -> Any:
        return self.rng.choice(self.soak.backends).fake

    async def discord_5xx(self) -> bool:
        status, route, times = (
            self.rng.choice((500, 502, 503)),
            self.rng.choice(ROUTES),
            self.rng.randint(1, 3),
        )
        fake = self.fake()
        fake.server_error(route, times=times, status=status)
        self.say(f"{self.name_of(fake)} {status} x{times} {route}")
        return True

    def name_of(self, fake: Any) -> str:
        return next(b.name for b in self.soak.backends if b.fake is fake)

    async def discord_429(self) -> bool:
        fake, route = self.fake(), self.rng.choice(ROUTES)
        self.say(f"{self.name_of(fake)} {route}")
        fake.rate_limit(
            route,
            times=self.rng.randint(1, 4),
            retry_after=round(self.rng.uniform(0.2, 1.0), 2),
            is_global=self.rng.random() < 0.2,
        )
        return True

    async def gateway(self) -> bool:
        fake = self.fake()
        live = [s for s in fake.gateway.live_sessions if s.connection is not None]
        if not live:
            return False
        session = self.rng.choice(live)
        conn = session.connection
        how = self.rng.choice(("close", "abrupt", "reconnect"))
        self.say(f"{self.name_of(fake)} shard {session.shard} {how}")
        if how == "reconnect":
            await fake.gateway.send_op_to(session, 7)
        elif how == "abrupt":
            conn.closed_by_fake = True
            transport = conn.ws._req.transport if conn.ws._req else None
            if transport is not None:
                transport.abort()
        else:
            conn.closed_by_fake = True
            await conn.ws.close(code=4000, message=b"soak: dropped")
        return True

    def running_tables(self) -> list[Any]:
        return [tb for tb in self.soak.tables if not (tb.finished or tb.deleted or tb.stuck)]

    async def dms_closed(self) -> bool:
        tables = self.running_tables()
        if not tables:
            return False
        user = self.rng.choice(self.rng.choice(tables).humans)
        fake = next(tb.backend.fake for tb in tables if user in tb.humans)
        fake.set_dms_open(user, False)
        self.say(f"{user.name} ({user.id})")
        await asyncio.sleep(self.rng.uniform(5.0, 30.0))
        fake.set_dms_open(user, True)
        return True

    async def channel_deleted(self) -> bool:
        tables = self.running_tables()
        if len(tables) < 3 or self.deleted >= max(1, len(self.soak.tables) // 40):
            return False
        table = self.rng.choice(tables)
        table.deleted = True
        self.say(f"table #{table.sid} {table.backend.name}")
        self.deleted += 1
        ch = table.channel.id
        for route in (
            f"POST /channels/{ch}/messages",
            f"PATCH /channels/{ch}/messages/*",
            f"DELETE /channels/{ch}/messages/*",
            f"GET /channels/{ch}/messages/*",
        ):
            table.backend.fake.fail(
                route, status=404, code=10003, message="Unknown Channel", times=10**9
            )
        return True

    async def db_busy(self) -> bool:
        backend = next(b for b in self.soak.backends if b.db_path is not None)
        hold = self.rng.choice((3.5, 3.5, 6.0))
        self.say(f"{hold} s")
        con = sqlite3.connect(backend.db_path, isolation_level=None, timeout=0)
        try:
            for _ in range(20):
                try:
                    con.execute("BEGIN IMMEDIATE")
                    break
                except sqlite3.OperationalError:
                    await asyncio.sleep(0.05)
            else:
                return False
            await asyncio.sleep(hold)
            con.execute("COMMIT")
        finally:
            with contextlib.suppress(sqlite3.Error):
                con.close()
        return True

    async def ai_worker(self) -> bool:
        procs = [p for p in self.procs() if p.ai_workers()]
        return bool(procs) and self.rng.choice(procs).kill_ai_worker()
