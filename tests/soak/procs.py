"""The soak's bot processes and their databases.

Two backends, each with its own fake Discord (one bot application each):

* ``pg``: two ``crowntable run`` processes, shards 0 and 1 of 2, over one fresh PostgreSQL
  schema reached through :class:`tests.host.proxy.Proxy` (so the soak can cut it), a server
  on each shard;
* ``sqlite``: one ``crowntable run`` process on an SQLite file, one server.

A process can be SIGKILLed at any instant and started again; its AI workers (grandchildren:
the pool's processes are forked by the forkserver the bot starts) can be killed alone."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncpg

from tests.fakediscord import FakeDiscord
from tests.fakediscord.server import BotProcess
from tests.host import pg
from tests.host.proxy import Proxy

DISCORD_EPOCH_MS = 1420070400000
#: the bot's settings in the soak: a quick clock, quick AI, one worker per process
BASE_ENV = {
    "DISCORD_TOKEN": "fake-token",
    "CLOCK_INTERVAL": "0.3",
    "LOG_LEVEL": "WARNING",
    "DEV_GUILD_ID": "",
    "AI_BUDGET": "0.01",
    "AI_WORKERS": "1",
}
ERROR_LINE = re.compile(r"\b(ERROR|CRITICAL)\b")
STAMP = re.compile(r"^\d{4}-\d\d-\d\d ")  # a log line's start


@dataclass(eq=False)
class Proc:
    """One bot process slot (a shard of a backend, or the whole SQLite backend)."""

    backend: Backend
    shard: int | None
    proc: BotProcess | None = None
    starts: int = 0
    #: ERROR/CRITICAL/Traceback lines of the processes that ran in this slot
    error_lines: list[str] = field(default_factory=list)
    token_logged: bool = False

    @property
    def name(self) -> str:
        return self.backend.name if self.shard is None else f"{self.backend.name}{self.shard}"

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.running

    def _connected(self) -> bool:
        live = self.backend.fake.gateway.live_sessions
        if self.shard is None:
            return any(s.connection is not None for s in live)
        return any(s.shard == [self.shard, 2] and s.connection is not None for s in live)

    async def start(self, timeout: float = 60.0) -> None:
        env = dict(self.backend.env)
        if self.shard is not None:
            env |= {"SHARD_COUNT": "2", "SHARD_IDS": str(self.shard)}
        self.proc = await self.backend.fake.spawn("run", env=env)
        self.starts += 1
        proc = self.proc
        fake = self.backend.fake

        def up() -> bool:
            if not proc.running:
                raise AssertionError(f"{self.name} exited:\n{proc.output()[-2000:]}")
            return self._connected() and any(fake.commands.values())

        await fake.wait_for(up, timeout=timeout, what=f"{self.name} to connect")

    def harvest(self) -> None:
        """Keep what the finished process logged that matters (before its log is deleted)."""
        if self.proc is None:
            return
        with contextlib.suppress(OSError):
            out = self.proc.output()
            self.token_logged |= "fake-token" in out
            lines = out.splitlines()
            for i, line in enumerate(lines):
                if ERROR_LINE.search(line) and not line.startswith("Traceback"):
                    block = [line]
                    for more in lines[i + 1 : i + 60]:
                        if STAMP.match(more):
                            break
                        block.append(more)
                    self.error_lines.append(f"{self.name}: " + "\n".join(block))

    async def kill(self) -> None:
        """SIGKILL: a crash at whatever instant this is."""
        if self.proc is not None:
            self.backend.kills.append(time.monotonic())
            await self.proc.kill()
            self.harvest()

    async def stop(self) -> int | None:
        if self.proc is None:
            return None
        code = await self.proc.stop()
        self.harvest()
        return code

    def ai_workers(self) -> list[int]:
        """The pids of this process's AI workers (its grandchildren)."""
        if not self.running or self.proc is None:
            return []
        kids = children(self.proc.pid)
        return [g for k in kids for g in children(k)]

    def kill_ai_worker(self) -> bool:
        workers = self.ai_workers()
        if not workers:
            return False
        with contextlib.suppress(ProcessLookupError):
            os.kill(workers[0], signal.SIGKILL)
        return True


def children(pid: int) -> list[int]:
    out = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        if ppid == pid:
            out.append(int(entry))
    return out


@dataclass(eq=False)
class Backend:
    name: str
    fake: FakeDiscord
    url: str  # what the bot processes use
    direct_url: str  # what the checkers use (never cut)
    env: dict[str, str]
    guilds: list[Any]
    procs: list[Proc] = field(default_factory=list)
    kills: list[float] = field(default_factory=list)  # monotonic instants of SIGKILLs
    proxy: Proxy | None = None
    schema: str | None = None
    db_path: Path | None = None

    def killed_between(self, start: float, end: float) -> bool:
        return any(start <= k <= end for k in self.kills)

    async def start(self) -> None:
        for proc in self.procs:  # one after the other: the first one creates the schema
            await proc.start()

    async def stop(self) -> list[int | None]:
        return [await p.stop() for p in self.procs]


def shard_guild_id(shard: int) -> int:
    ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
    return (((ms & ~1) | shard) << 22) + 1


async def pg_backend(fake: FakeDiscord) -> Backend:
    proxy = await Proxy().start()
    schema = pg.new_schema()
    await pg.create_schema(schema)
    sep = "&" if "?" in pg.PG_URL else "?"
    direct = pg.PG_URL + sep + f"search_path={schema}"
    url = proxy.url(pg.PG_URL) + sep + f"search_path={schema}"
    guilds = [fake.add_guild(f"pg-shard{s}", id=shard_guild_id(s)) for s in (0, 1)]
    backend = Backend("pg", fake, url, direct, BASE_ENV | {"DATABASE_URL": url}, guilds)
    backend.proxy, backend.schema = proxy, schema
    backend.procs = [Proc(backend, 0), Proc(backend, 1)]
    return backend


def sqlite_backend(fake: FakeDiscord, folder: Path) -> Backend:
    path = folder / "soak.db"
    url = f"sqlite:///{path}"
    guilds = [fake.add_guild("sqlite")]
    backend = Backend("sqlite", fake, url, url, BASE_ENV | {"DATABASE_URL": url}, guilds)
    backend.db_path = path
    backend.procs = [Proc(backend, None)]
    return backend


def upstream_ports(proxy: Proxy) -> set[int]:
    """The local ports of the proxy's connections to the server (how PostgreSQL sees them)."""
    ports = set()
    for writer in list(proxy._writers):
        peer = writer.get_extra_info("peername")
        if peer and tuple(peer[:2]) == proxy.target:
            ports.add(writer.get_extra_info("sockname")[1])
    return ports


async def pg_terminate(backend: Backend) -> int:
    """What a PostgreSQL restart does to the bot's connections: every backend serving the
    soak's schema is terminated (``57P01 admin_shutdown``); the proxy meanwhile refuses new
    connections (the caller's part). The shared server itself keeps running."""
    assert backend.proxy is not None
    ports = upstream_ports(backend.proxy)
    if not ports:
        return 0
    con = await asyncpg.connect(pg.PG_URL)
    try:
        rows = await con.fetch(
            "SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity"
            " WHERE client_port = ANY($1::int[]) AND pid <> pg_backend_pid()",
            sorted(ports),
        )
    finally:
        await con.close()
    return sum(1 for r in rows if r["ok"])
