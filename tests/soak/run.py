"""The whole soak: start the fakes and the processes, keep ``parallel`` tables playing (new
ones as tables end, every game in turn, the PostgreSQL servers and the SQLite one in turn),
inject faults, check, drain, check everything once more, print the figures.

    report = await soak(Settings(seconds=60, parallel=6))
    assert report.violations == []
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import games
from tests.fakediscord import FakeDiscord
from tests.host import pg
from tests.soak import checks
from tests.soak.clickers import Intent, Table, TableRun
from tests.soak.procs import Backend, pg_backend, sqlite_backend
from tests.soak.schedule import Schedule

#: the short games come round more often (a TEK game has ~10 times Majesty's moves)
SHORT_GAMES = ("majesty", "empire_engine")
#: seconds of play a long game needs at the soak's pace: none is opened later than this
#: before the end of the play phase plus the drain (so every game can end)
LONG_GAMES = {"tek": 1500.0, "elves": 1000.0}


def mix() -> tuple[str, ...]:
    """Every registered game once, the short ones three times."""
    every = sorted(games.REGISTRY)
    extra = [g for g in SHORT_GAMES if g in games.REGISTRY] * 2
    return tuple(every[:1] + extra[:2] + every[1:] + extra[2:])


@dataclass
class Settings:
    seconds: float = 60.0  # of play under faults; then the drain
    parallel: int = 6  # tables playing at once
    seed: int = 1
    fault_every: float = 4.0  # seconds between faults (jittered)
    long_run: bool = False  # PostgreSQL restarts too
    drain_s: float = 30.0  # the longest the running tables get to finish at the end
    stuck_s: float = 60.0  # a table with no change for this long is stuck
    check_every: float = 5.0
    #: a table still running after the drain is a violation (long runs: their drain lets
    #: every game end); short runs only report it
    must_finish: bool = False
    min_finished: int = 10**9  # a short run's drain ends once this many games finished
    games: tuple[str, ...] = field(default_factory=lambda: mix())
    log: Any = print  # where progress lines go


@dataclass
class Report:
    seconds: float = 0.0
    opened: int = 0
    finished: Counter[str] = field(default_factory=Counter)
    moves: int = 0
    clicks: Counter[str] = field(default_factory=Counter)
    faults: Counter[str] = field(default_factory=Counter)
    pranks: Counter[str] = field(default_factory=Counter)
    violations: list[str] = field(default_factory=list)
    notes: Counter[str] = field(default_factory=Counter)
    unfinished: list[str] = field(default_factory=list)
    slowest_ack: float = 0.0
    late_acks: int = 0
    error_lines: list[str] = field(default_factory=list)
    secrets_checked: int = 0
    durations: dict[str, list[float]] = field(default_factory=dict)  # game -> seconds
    #: what a known, recorded bug explains (notes/soak.md findings 3 and 4): not violations
    known: list[str] = field(default_factory=list)

    @property
    def total_finished(self) -> int:
        return sum(self.finished.values())

    def tracebacks(self) -> list[str]:
        """Each distinct logged error in full (by its last line: the exception)."""
        seen: dict[str, str] = {}
        for block in self.error_lines:
            seen.setdefault(block.splitlines()[-1], block)
        return list(seen.values())

    def lines(self) -> list[str]:
        per_min = self.total_finished / max(self.seconds, 1) * 60
        out = [
            f"soak: {self.seconds:.0f} s, {self.opened} tables opened, "
            f"{self.total_finished} finished ({per_min:.1f}/min), {self.moves} moves stored",
            "finished by game and backend: " + _counts(self.finished),
            "minutes a finished game took (median by game): "
            + ", ".join(
                f"{g} {sorted(d)[len(d) // 2] / 60:.1f}" for g, d in sorted(self.durations.items())
            ),
            "move clicks by answer: " + _counts(self.clicks),
            "pranks: " + _counts(self.pranks),
            "faults injected: " + _counts(self.faults),
            f"secret texts checked: {self.secrets_checked}",
            f"slowest acknowledgement {self.slowest_ack:.2f} s, {self.late_acks} after 3 s",
            "notes: " + _counts(self.notes),
            f"unfinished at the end: {len(self.unfinished)}",
            *(f"  {u}" for u in self.unfinished),
            f"ERROR lines in the bots' logs: {len(self.error_lines)}",
            *(f"  {x.splitlines()[0][:300]}" for x in self.error_lines),
            f"known bugs seen (a stored click answered 'nothing was changed'): {len(self.known)}",
            *(f"  KNOWN {k}" for k in self.known),
            f"violations: {len(self.violations)}",
            *(f"  VIOLATION {v}" for v in self.violations),
        ]
        return out


def _counts(counter: Counter[str]) -> str:
    return ", ".join(f"{k} {v}" for k, v in sorted(counter.items())) or "none"


class Soak:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.seed = settings.seed
        self.stuck_s = settings.stuck_s
        self.draining = False  # no new tables, no new faults
        self.stopping = False  # clickers stop
        self.backends: list[Backend] = []
        self.tables: list[Table] = []
        self.runs: list[TableRun] = []
        self.intents: list[Intent] = []
        self.faults: Counter[str] = Counter()
        self.fault_log: list[tuple[float, str, str]] = []  # (monotonic, kind, detail)
        self.report = Report(faults=self.faults)
        self.readers: dict[str, checks.Reader] = {}
        self.checked: set[int] = set()  # channel ids whose tables were checked
        self.started = time.monotonic()

    # --- what the parts tell the soak -------------------------------------------------
    def note(self, kind: str, detail: str) -> None:
        self.report.notes[kind] += 1

    def count(self, prank: str) -> None:
        self.report.pranks[prank] += 1

    def violation(self, kind: str, detail: str) -> None:
        line = f"[{time.monotonic() - self.started:.0f}s] {kind}: {detail}"
        self.report.violations.append(line)
        self.settings.log(f"VIOLATION {line}")

    def finished(self, table: Table) -> None:
        self.report.finished[f"{table.game}/{table.backend.name}"] += 1
        self.report.durations.setdefault(table.game, []).append(time.monotonic() - table.opened)

    async def stuck(self, table: Table, why: str) -> None:
        try:
            detail = await checks.stuck_detail(self.readers[table.backend.name], table.sid)
        except Exception as exc:  # noqa: BLE001 - the report says what it could read
            detail = f"({type(exc).__name__}: {exc})"
        recent = [
            f"{k} {d} {time.monotonic() - at:.0f}s ago"
            for at, k, d in self.fault_log
            if time.monotonic() - at < self.stuck_s * 2
        ]
        self.violation(
            "stuck",
            f"table #{table.sid} {table.game}/{table.backend.name}: {why}; {detail}; "
            f"faults before: {recent}",
        )

    # --- the run ----------------------------------------------------------------------
    async def run(self) -> Report:
        with tempfile.TemporaryDirectory(prefix="soak-") as folder:
            fakes = [await FakeDiscord.start(), await FakeDiscord.start()]
            try:
                await self._run(fakes, Path(folder))
            finally:
                self.stopping = self.draining = True
                await self._shutdown(fakes)
        return self.report

    async def _run(self, fakes: list[FakeDiscord], folder: Path) -> None:
        s = self.settings
        await pg.require_pg()
        self.backends = [await pg_backend(fakes[0]), sqlite_backend(fakes[1], folder)]
        await asyncio.gather(*(b.start() for b in self.backends))
        for backend in self.backends:
            self.readers[backend.name] = await checks.Reader.open(backend)
        s.log(
            f"soak: {len(self.backends)} backends up after {time.monotonic() - self.started:.0f} s"
        )
        self.started = time.monotonic()
        schedule = Schedule(self, s.fault_every, s.long_run)
        tasks = [asyncio.create_task(schedule.run()), asyncio.create_task(self.checker())]
        await self.keep_playing(s.seconds)
        self.draining = True
        await schedule.settle()
        s.log(f"soak: draining after {time.monotonic() - self.started:.0f} s")
        await self.drain(s.drain_s)
        self.stopping = True
        await asyncio.gather(*(r.task for r in self.runs), return_exceptions=True)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.report.seconds = time.monotonic() - self.started
        await self.final_checks()

    async def keep_playing(self, seconds: float) -> None:
        s = self.settings
        places = itertools.cycle(
            [(b, g) for b in self.backends for g in b.guilds] if len(self.backends) else []
        )
        order = itertools.cycle(s.games)
        n = 0
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            live = [r for r in self.runs if not r.task.done()]
            left = end - time.monotonic() + s.drain_s
            for _ in range(s.parallel - len(live)):
                backend, guild = next(places)
                game = next(order)
                while s.must_finish and LONG_GAMES.get(game, 0) > left:
                    game = next(order)
                run = TableRun(self, backend, guild, game, n)
                run.task = asyncio.create_task(run.run())
                self.runs.append(run)
                n += 1
            await asyncio.sleep(0.5)

    async def drain(self, seconds: float) -> None:
        """Until every table ended, or ``seconds`` passed; a short run (not ``must_finish``)
        stops as soon as ``min_finished`` games have finished."""
        s = self.settings
        end = time.monotonic() + seconds
        while time.monotonic() < end and any(not r.task.done() for r in self.runs):
            if not s.must_finish and self.report.total_finished >= s.min_finished:
                return
            await asyncio.sleep(0.5)

    async def checker(self) -> None:
        """Every few seconds: the processes are up (or being restarted by a fault), and the
        tables of channels that are done are checked once."""
        while True:
            await asyncio.sleep(self.settings.check_every)
            for run in self.runs:
                if run.task.done() and run.channel.id not in self.checked:
                    self.checked.add(run.channel.id)
                    await self.check_channel(run)
            self.prune()
            elapsed = time.monotonic() - self.started
            self.settings.log(
                f"soak: {elapsed:.0f} s, {self.report.total_finished} finished, "
                f"{len(self.report.violations)} violations, faults {dict(self.faults)}"
            )

    def prune(self) -> None:
        """Forget the uploaded bytes of checked channels (a long soak would fill the memory)."""
        for backend in self.backends:
            for record in backend.fake.requests:
                if record.files:
                    record.files = [(name, b"") for name, _ in record.files]

    async def check_channel(self, run: TableRun) -> None:
        tables = [tb for tb in run.tables if not tb.deleted]
        if not tables:
            return
        reader = self.readers[run.backend.name]
        fake = run.backend.fake
        try:
            logs = {tb.sid: await reader.moves(tb.sid) for tb in tables}
            sids = set(logs)
            intents = [i for i in self.intents if i.sid in sids and i.backend is run.backend]
            for line in checks.exactly_once(intents, logs, self.report.known):
                self.violation("move log", line)
            for line in await checks.pings_at_most_once(reader, fake, tables):
                self.violation("turn notice", line)
            found, checked = await checks.secrets_kept(reader, fake, tables)
            self.report.secrets_checked += checked
            for line in found:
                self.violation("secret", line)
        except Exception as exc:  # noqa: BLE001 - a checker that broke is reported
            self.violation("checker", f"#{run.channel.name}: {type(exc).__name__}: {exc}")

    async def final_checks(self) -> None:
        for run in self.runs:
            if run.channel.id not in self.checked:
                self.checked.add(run.channel.id)
                await self.check_channel(run)
        for table in self.tables:
            if not (table.finished or table.deleted or table.stuck):
                self.report.unfinished.append(
                    f"table #{table.sid} {table.game}/{table.backend.name}"
                )
                detail = await checks.stuck_detail(self.readers[table.backend.name], table.sid)
                self.report.unfinished[-1] += f": {detail[:300]}"
                if self.settings.must_finish:
                    self.violation("unfinished", self.report.unfinished[-1])
        self.report.opened = len(self.tables)
        for backend in self.backends:
            code, out = await checks.verify(backend.direct_url)
            if code != 0:
                self.violation("verify", f"{backend.name}: exit {code}: {out[-1500:]}")
            reader = self.readers[backend.name]
            for table in self.tables:
                if table.backend is backend:
                    self.report.moves += len(await reader.moves(table.sid))
        for intent in self.intents:
            self.report.clicks[checks.outcome(intent)] += 1
        for backend in self.backends:
            acks = [lat for _, lat in backend.fake.ack_latencies()]
            self.report.slowest_ack = max([self.report.slowest_ack, *acks])
            self.report.late_acks += sum(1 for lat in acks if lat > 3.0)

    async def _shutdown(self, fakes: list[FakeDiscord]) -> None:
        for backend in self.backends:
            for proc in backend.procs:
                with contextlib.suppress(Exception):
                    if await proc.stop() not in (0, None):
                        self.note("unclean exit", proc.name)
                self.report.error_lines += proc.error_lines
                if proc.token_logged:
                    self.violation("token", f"{proc.name} logged the token")
        for reader in self.readers.values():
            with contextlib.suppress(Exception):
                await reader.close()
        for backend in self.backends:
            if backend.proxy is not None:
                await backend.proxy.close()
            if backend.schema is not None:
                with contextlib.suppress(Exception):
                    await pg.drop_schema(backend.schema)
        for fake in fakes:
            await fake.stop()


async def soak(settings: Settings) -> Report:
    return await Soak(settings).run()
