"""Shared measuring helpers for the game benchmarks: views sampled from random games, and the
time to draw and encode them."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.ai import play_out
from games.base import Game
from renderers.common import to_png


@dataclass
class PlayoutSpeed:
    games_per_s: float  # wall clock
    ms_per_game: float  # wall clock
    cpu_ms_per_game: float  # process CPU: what one uncontended core gives
    moves_per_game: float


def games_per_second(
    game: Game, n: int, options: dict[str, Any], seconds: float = 2.0
) -> PlayoutSpeed:
    """Whole random games (seeds 0, 1, 2, ...) played for ``seconds``."""
    players = [f"p{i}" for i in range(n)]
    count, seed, moves = 0, 0, 0
    start, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        _, made = play_out(game, game.setup(players, options, seed), seed)
        moves += len(made)
        count += 1
        seed += 1
    elapsed = time.perf_counter() - start
    used = time.process_time() - cpu
    return PlayoutSpeed(count / elapsed, 1000 * elapsed / count, 1000 * used / count, moves / count)


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def sample_views(
    game: Game,
    games: list[tuple[list[str], dict[str, Any], int]],
    viewer: Callable[[list[str]], str | None],
    every: int,
    offset: int,
) -> list[dict[str, Any]]:
    """Views of ``viewer(players)`` after every ``every``-th move (from ``offset``) and at the
    end of each random game ``(players, options, seed)``."""
    views = []
    for players, options, seed in games:
        state = game.setup(players, options, seed)
        final, moves = play_out(game, state, seed)
        who = viewer(players)
        replay = state
        for k, (p, m) in enumerate(moves):
            replay, _ = game.apply(replay, p, m)
            if k % every == offset:
                views.append(game.view(replay, who))
        views.append(game.view(final, who))
    return views


@dataclass
class RenderTimes:
    p50: float  # ms, draw + PNG encode
    p99: float
    draw_p50: float  # ms, draw only
    cpu_p50: float  # ms of CPU, draw + encode
    cpu_p99: float
    png_bytes: int  # median


def time_renders(
    render: Callable[..., Any],
    views: list[dict[str, Any]],
    names: dict[str, str],
    runs: int,
    stride: int = 1,
) -> RenderTimes:
    render(views[0], names=names)  # warm the caches (fonts, static art)
    total, draw, cpu, sizes = [], [], [], []
    for i in range(runs):
        view = views[(i * stride) % len(views)]
        c0, t0 = time.process_time(), time.perf_counter()
        image = render(view, names=names)
        t1 = time.perf_counter()
        data = to_png(image)
        t2 = time.perf_counter()
        cpu.append(1000 * (time.process_time() - c0))
        total.append(1000 * (t2 - t0))
        draw.append(1000 * (t1 - t0))
        sizes.append(len(data))
    return RenderTimes(
        statistics.median(total),
        pct(total, 0.99),
        statistics.median(draw),
        statistics.median(cpu),
        pct(cpu, 0.99),
        int(statistics.median(sizes)),
    )
