"""AI thinking off the event loop (issue 15): a small process pool, timeouts, a fallback.

Every AI decision of the bot (an AI seat, the seat of a player who left, the turn clock's
move for an idle player) goes through :meth:`AiRunner.choose`: the search
(:func:`games.ai.worker.think`) runs in a worker of a
:class:`~concurrent.futures.ProcessPoolExecutor` awaited with ``loop.run_in_executor``, so the
event loop keeps acknowledging interactions while an AI thinks. The pool is sized to the
machine (:func:`default_workers`: one core is left to the bot); at most that many decisions
are in flight, so a decision's time limit (``budget_s`` + ``margin_s``) counts thinking, not
queueing. A decision that fails, times out or comes back illegal becomes a seeded random legal
move (:func:`games.ai.fallback_move`), logged as a warning: the game goes on. A timed-out or
broken pool is replaced (its processes stopped), so one stuck search never stalls the others.

``workers=0`` thinks in a thread of this process instead (the demo, host tests): the same
limits and fallback, no pool to start.

The module also names AI seats for people (:func:`seat_label`: "AI 1 · hard",
"Ann (AI · medium)").
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

import bot.text.catalog_en  # noqa: F401  (registers the English catalogue)
import games
from bot.core import metrics
from bot.core.errors import HostError
from bot.core.store.base import Seat, SessionRecord
from bot.text.i18n import t
from games.ai import DEFAULT_LEVEL, LEVELS, check_level, fallback_move
from games.ai.budget import DEADLINE_FACTOR
from games.ai.worker import think, warm
from games.base import Game, Move, State, is_listed

log = logging.getLogger(__name__)

DEFAULT_BUDGET_S = 0.5  # thinking time per AI decision (config AI_BUDGET)
MARGIN_S = 2.0  # beyond the budget before a decision counts as timed out
TAKEOVER_LEVEL = "medium"  # the turn clock's move for an idle player; a seat whose player left
MAX_WORKERS = 4
WARM_UP_S = 60.0  # a fresh pool's workers import the engines (not counted as thinking)


def default_workers(cpus: int | None = None) -> int:
    """Worker processes for this machine: one per core but one (the bot's), 1 to 4."""
    n = cpus if cpus is not None else (os.cpu_count() or 2)
    return max(1, min(MAX_WORKERS, n - 1))


def seat_level(seat: Seat) -> str:
    """The level playing an AI seat (a seat stored before levels existed plays the default)."""
    return seat.ai_level if seat.ai_level in LEVELS else DEFAULT_LEVEL


def level_label(level: str, locale: str | None = None) -> str:
    return t(f"ai.level.{level}", locale)


def seat_label(seat: Seat, locale: str | None = None) -> str:
    """A seat's name as shown: an added AI seat "AI 1 · hard", a seat the AI took over from a
    player "Ann (AI · medium)", a human's own name."""
    if not seat.is_ai:
        return seat.name
    key = "ai.seat" if seat.player_id.startswith("ai:") else "ai.seat_taken"
    return t(key, locale, name=seat.name, level=level_label(seat_level(seat), locale))


def valid_level(level: str | None) -> str:
    """``level`` (default: medium) when it exists; a ``HostError`` for the lobby otherwise."""
    chosen = DEFAULT_LEVEL if level is None else level
    try:
        return check_level(chosen)
    except ValueError:
        raise HostError("unknown_ai_level", level=chosen, levels=", ".join(LEVELS)) from None


def watch_parent(pid: int, every_s: float = 2.0) -> None:
    """In a worker: exit when the bot process ``pid`` is gone (killed without closing its
    pool, the workers would wait for work forever, and keep the forkserver alive too)."""

    def watch() -> None:
        while True:
            time.sleep(every_s)
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                os._exit(0)
            except PermissionError:  # pragma: no cover - the pid was reused by someone else
                os._exit(0)

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()


def resume_after(budget_s: float) -> float:
    """Seconds after which the turn clock resumes an AI seat that still owes a move (its
    reply was lost: a crash, a failed write). Long enough for a live reply to land first."""
    return 15.0 + 4 * (budget_s + MARGIN_S)


class AiRunner:
    """Chooses AI moves in worker processes (see the module docstring)."""

    def __init__(
        self,
        budget_s: float = DEFAULT_BUDGET_S,
        workers: int | None = None,
        margin_s: float = MARGIN_S,
    ) -> None:
        if budget_s < 0:
            raise ValueError(f"AI budget must be >= 0 seconds, not {budget_s}")
        self.budget_s = budget_s
        self.workers = default_workers() if workers is None else max(0, workers)
        self.margin_s = margin_s
        self._pool: ProcessPoolExecutor | None = None
        self._warmed = False  # the current pool's workers have imported the engines
        self._slots = asyncio.Semaphore(max(1, self.workers))
        self._starting = asyncio.Lock()  # one start at a time (the warm-up, a decision)
        self._warming: asyncio.Task[None] | None = None  # a start a decision asked for
        self.fallbacks = 0  # decisions replaced by a random move (failures and timeouts)

    @property
    def timeout_s(self) -> float:
        return self.budget_s * DEADLINE_FACTOR + self.margin_s

    def _executor(self) -> Executor | None:
        if self.workers == 0:
            return None
        if self._pool is None:
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(["games", "games.ai.worker"])
            self._pool = ProcessPoolExecutor(
                self.workers, mp_context=context, initializer=watch_parent, initargs=(os.getpid(),)
            )
            self._warmed = False
        return self._pool

    async def start(self) -> None:
        """Start the workers and let them import the engines (not timed). A pool that cannot
        start is logged; each decision then falls back until a fresh pool works. The workers
        are started from a thread: starting the forkserver (it imports the engines first) keeps
        the caller waiting a second or more, which on the event loop would stall the gateway,
        every interaction and the start-up catch-up (issue 31)."""
        async with self._starting:
            if self._warmed and self._pool is not None:
                return
            try:
                executor, warming = await asyncio.to_thread(self._spawn)
                if executor is not None:
                    await asyncio.wait_for(
                        asyncio.gather(*(asyncio.wrap_future(f) for f in warming)), WARM_UP_S
                    )
                    self._warmed = executor is self._pool
            except Exception as exc:  # noqa: BLE001 - the bot runs on; choose() falls back
                log.warning("AI workers did not start: %s: %s", type(exc).__name__, exc)
                self._recycle()

    def _spawn(self) -> tuple[Executor | None, list[Future[bool]]]:
        """In a thread: the pool, and one warm-up per worker submitted (which starts them)."""
        executor = self._executor()
        if executor is None:
            return None, []
        return executor, [executor.submit(warm) for _ in range(self.workers)]

    async def _run(self, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` in a worker; in a thread of this process while the workers are not
        ready yet (the first seconds after a start, or after a pool was replaced: an AI seat
        owing a move after a restart moves at once instead of waiting for them, issue 31)."""
        if self.workers and not self._warmed:
            if self._warming is None or self._warming.done():
                self._warming = asyncio.create_task(self.start(), name="ai-workers-start")
            return await asyncio.to_thread(fn, *args)
        executor = self._executor()
        if executor is None:
            return await asyncio.to_thread(fn, *args)
        return await asyncio.get_running_loop().run_in_executor(executor, fn, *args)

    async def choose(self, game: Game, state: State, player: str, level: str, seed: str) -> Move:
        """``level``'s move for ``player`` (always legal; a fallback when the AI failed)."""
        target: Game | str = game.id if games.REGISTRY.get(game.id) is game else game
        async with self._slots:
            started = time.perf_counter()
            try:
                move = await asyncio.wait_for(
                    self._run(think, target, state, player, level, seed, self.budget_s),
                    self.timeout_s,
                )
                metrics.AI_THINK_SECONDS.labels(game.id).observe(time.perf_counter() - started)
            except TimeoutError:
                log.warning(
                    "AI %s timed out after %.1f s in %s for %s; random legal move",
                    level,
                    self.timeout_s,
                    game.id,
                    player,
                )
                self._recycle()
            except Exception:  # noqa: BLE001 - a broken worker or pickling: the game goes on
                log.warning(
                    "AI %s failed in %s for %s; random legal move",
                    level,
                    game.id,
                    player,
                    exc_info=True,
                )
                self._recycle()
            else:
                if isinstance(move, dict) and is_listed(move, game.legal_moves(state, player)):
                    return move
                log.warning(
                    "AI %s answered %r in %s for %s, not a legal move; random one",
                    level,
                    move,
                    game.id,
                    player,
                )
        self.fallbacks += 1
        return fallback_move(game, state, player, seed)

    def _recycle(self) -> None:
        """Drop the pool (a stuck or dead worker) and stop its processes; the next decision
        starts a fresh one."""
        pool, self._pool = self._pool, None
        if pool is None:
            return
        workers = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for process in workers:
            if process.is_alive():
                process.terminate()

    async def close(self) -> None:
        """Let the workers finish what they think about (at most the time limit), then stop."""
        if self._warming is not None and not self._warming.done():
            self._warming.cancel()  # a start a decision asked for: not needed any more
        pool = self._pool
        if pool is None:
            return
        try:
            await asyncio.wait_for(
                asyncio.shield(asyncio.to_thread(pool.shutdown, True, cancel_futures=True)),
                self.timeout_s,
            )
            self._pool = None
        except TimeoutError:
            self._recycle()


class Stepper(Protocol):
    """What :class:`AiSeats` needs of :class:`~bot.core.host.SessionHost`."""

    def ai_to_move(self, rec: SessionRecord) -> str | None: ...

    async def ai_step(self, session_id: int) -> Any: ...


class AiSeats:
    """The bot's AI seats: after every publication of a table where an AI seat owes a move
    (:meth:`wake`, the host's ``after_publication``), one task per table plays them one
    :meth:`~bot.core.host.SessionHost.ai_step` at a time and ``show``\\ s each move before the
    next, as people would see it. ``working`` marks each step as work in progress (a
    graceful shutdown waits for it). A step that fails (a dead worker, a failed write) is
    logged and tried again after :attr:`RETRY_S` seconds (the first within 5 s, issue 31);
    after those the turn clock resumes the seat (its clock entry), so nothing is left owing
    for good."""

    #: the waits before the tries again of a failed step, one after another
    RETRY_S: tuple[float, ...] = (1.0, 3.0, 9.0)

    def __init__(
        self,
        host: Stepper,
        show: Callable[[Any], Awaitable[None]],
        working: Callable[[], AbstractAsyncContextManager[None]],
    ) -> None:
        self.host, self.show, self.working = host, show, working
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()
        self._failures: dict[int, int] = {}
        self.closing = False

    def wake(self, rec: SessionRecord) -> None:
        """Play ``rec``'s AI seats if one owes a move (cheap; never raises)."""
        try:
            owing = not self.closing and self.host.ai_to_move(rec) is not None
        except Exception:  # noqa: BLE001 - a damaged record: the clock's guards report it
            return
        if owing:
            self.wake_id(rec.id)

    def wake_id(self, session_id: int) -> None:
        if self.closing:
            return
        self._again.add(session_id)
        task = self._tasks.get(session_id)
        if task is None or task.done():
            self._tasks[session_id] = asyncio.create_task(
                self._drive(session_id), name=f"ai-seats-{session_id}"
            )

    async def _drive(self, session_id: int) -> None:
        try:
            while session_id in self._again and not self.closing:
                self._again.discard(session_id)
                while not self.closing and await self._step(session_id):
                    pass
        finally:
            if self._tasks.get(session_id) is asyncio.current_task():
                del self._tasks[session_id]

    async def _step(self, session_id: int) -> bool:
        """One AI move, shown; False when no AI seat owes a move (or the step failed)."""
        async with self.working():
            try:
                out = await self.host.ai_step(session_id)
            except Exception as exc:  # noqa: BLE001 - stored or not, it is tried again
                self._retry(session_id, exc)
                return False
            self._failures.pop(session_id, None)
            if out is None:
                return False
            try:
                await self.show(out)
            except Exception as exc:  # noqa: BLE001 - the move is stored; the board catches up
                log.warning(
                    "AI seats of session %s: showing a move failed (%s: %s)",
                    session_id,
                    type(exc).__name__,
                    exc,
                )
            return True

    def _retry(self, session_id: int, exc: Exception) -> None:
        """Try a failed step again soon; after :attr:`RETRY_S`, leave it to the turn clock."""
        tries = self._failures.get(session_id, 0)
        why = f"{type(exc).__name__}: {exc}"
        if tries >= len(self.RETRY_S) or self.closing:
            self._failures.pop(session_id, None)
            log.warning(
                "AI seats of session %s: the move failed (%s); the turn clock resumes them",
                session_id,
                why,
            )
            return
        self._failures[session_id] = tries + 1
        wait = self.RETRY_S[tries]
        log.warning(
            "AI seats of session %s: the move failed (%s); trying again in %.0f s",
            session_id,
            why,
            wait,
        )
        asyncio.get_running_loop().call_later(wait, self.wake_id, session_id)

    async def close(self) -> None:
        self.closing = True
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
