"""Benchmark for Tiny Epic Kingdoms: random full games per second, render times and PNG sizes.

Run: ``python bench/tek.py`` (from the repository root). Aims: a whole random game at 5 players
under 150 ms; a render (draw + PNG encode) under 50 ms p50 on a 2-core machine.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import sample_views, time_renders  # noqa: E402
from games.ai import play_out  # noqa: E402
from games.tek import GAME  # noqa: E402
from renderers.tek import render  # noqa: E402

NAMES = {"p0": "Čeněk Řežábek", "p1": "Bob", "p2": "Žofie", "p3": "AI 4", "p4": "Ďábel"}


def games_per_second(n: int, options: dict[str, Any],
                     seconds: float = 2.0) -> tuple[float, float, float, float]:
    """Games per second (wall clock), ms per game (wall and process CPU), moves per game.

    The CPU figure is what one uncontended core gives; the wall figure includes whatever else
    the machine is running."""
    players = [f"p{i}" for i in range(n)]
    count, start, cpu, seed, moves = 0, time.perf_counter(), time.process_time(), 0, 0
    while time.perf_counter() - start < seconds:
        _, made = play_out(GAME, GAME.setup(players, options, seed), seed)
        moves += len(made)
        count += 1
        seed += 1
    elapsed = time.perf_counter() - start
    used = time.process_time() - cpu
    return count / elapsed, 1000 * elapsed / count, 1000 * used / count, moves / count


def render_times(viewer_seat: int | None,
                 runs: int = 80) -> tuple[float, float, float, float, int]:
    """p50/p99 of draw + encode over views from several 5-player games; median PNG bytes."""
    players = [f"p{i}" for i in range(5)]
    views = sample_views(GAME, [(players, {"exploration": seed % 2 == 0}, seed)
                                for seed in range(5)],
                         lambda ps: None if viewer_seat is None else ps[viewer_seat],
                         every=53, offset=40)
    r = time_renders(render, views, NAMES, runs, stride=7)
    return r.p50, r.p99, r.cpu_p50, r.cpu_p99, r.png_bytes


def main() -> None:
    print("Tiny Epic Kingdoms benchmark")
    for n in range(GAME.min_players, GAME.max_players + 1):
        for options in ({}, {"exploration": True}):
            gps, ms, cpu, moves = games_per_second(n, options)
            tag = "exploration" if options else "default"
            print(f"  {n} players, {tag:11s}: {gps:6.1f} games/s ({ms:6.1f} ms/game wall, "
                  f"{cpu:6.1f} ms CPU, {moves:.0f} moves/game)")
    for label, seat in (("public", None), ("private", 0)):
        p50, p99, c50, c99, size = render_times(seat)
        print(f"  render {label:7s}: p50 {p50:5.1f} ms, p99 {p99:5.1f} ms wall "
              f"(CPU p50 {c50:5.1f}, p99 {c99:5.1f}), PNG {size} bytes")


if __name__ == "__main__":
    main()
