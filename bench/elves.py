"""Benchmark for King of the Elves: random full games per second, render times and PNG sizes.

Run: ``python bench/elves.py`` (from the repository root). Aims: a whole random game at 6
players under 40 ms; a render (draw + PNG encode) under 50 ms p50 on a 2-core machine.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.ai import play_out  # noqa: E402
from games.elves import GAME  # noqa: E402
from renderers.common import to_png  # noqa: E402
from renderers.elves import render  # noqa: E402

NAMES = {"p0": "Čeněk Řežábek", "p1": "Bob", "p2": "Žofie", "p3": "AI 4", "p4": "Ďábel",
         "p5": "Eva"}


def games_per_second(n: int, options: dict[str, Any],
                     seconds: float = 2.0) -> tuple[float, float, float]:
    players = [f"p{i}" for i in range(n)]
    count, start, seed, moves = 0, time.perf_counter(), 0, 0
    while time.perf_counter() - start < seconds:
        _, made = play_out(GAME, GAME.setup(players, options, seed), seed)
        moves += len(made)
        count += 1
        seed += 1
    elapsed = time.perf_counter() - start
    return count / elapsed, 1000 * elapsed / count, moves / count


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def render_times(viewer: str | None, runs: int = 80) -> tuple[float, float, int, float]:
    """p50/p99 of draw + encode over views from several 6-player games; median PNG bytes."""
    views = []
    for seed in range(6):
        state = GAME.setup([f"p{i}" for i in range(6)], {"teleport": seed % 2 == 1}, seed)
        final, moves = play_out(GAME, state, seed)
        replay = state
        for k, (p, m) in enumerate(moves):
            replay, _ = GAME.apply(replay, p, m)
            if k % 37 == 5:
                views.append(GAME.view(replay, viewer))
        views.append(GAME.view(final, viewer))
    render(views[0], names=NAMES)  # warm the caches (fonts, static art)
    times, sizes, draw = [], [], []
    for i in range(runs):
        v = views[(i * 7) % len(views)]
        t0 = time.perf_counter()
        img = render(v, names=NAMES)
        t1 = time.perf_counter()
        data = to_png(img)
        t2 = time.perf_counter()
        times.append(1000 * (t2 - t0))
        draw.append(1000 * (t1 - t0))
        sizes.append(len(data))
    return (statistics.median(times), pct(times, 0.99), int(statistics.median(sizes)),
            statistics.median(draw))


def main() -> None:
    print("King of the Elves benchmark")
    for n in range(2, 7):
        for label, options in (("basic", {}), ("teleport", {"teleport": True})):
            gps, ms, moves = games_per_second(n, options)
            print(f"  {n} players, {label:<8}: {gps:7.1f} random games/s "
                  f"({ms:5.2f} ms/game, {moves:.0f} moves)")
    for name, viewer in (("public ", None), ("private", "p1")):
        p50, p99, size, draw = render_times(viewer)
        print(f"  render {name} (6 players): p50 {p50:5.1f} ms, p99 {p99:5.1f} ms "
              f"(draw p50 {draw:4.1f} ms), PNG {size / 1000:.0f} KB")


if __name__ == "__main__":
    main()
