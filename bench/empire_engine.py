"""Benchmark for Empire Engine: random full games per second, render times and PNG sizes.

Run: ``python bench/empire_engine.py`` (from the repository root). Aims: a whole random game at
8 players under 20 ms; a render (draw + PNG encode) under 50 ms p50 on a 2-core machine.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.ai import play_out  # noqa: E402
from games.empire_engine import GAME  # noqa: E402
from renderers.common import to_png  # noqa: E402
from renderers.empire_engine import render  # noqa: E402

NAMES = {"p0": "Čeněk Řežábek", "p1": "Bob", "p2": "Žofie Dvořáková", "p3": "AI 4",
         "p4": "Eva", "p5": "Filip", "p6": "Gustav", "p7": "Hana"}


def games_per_second(n: int, options: dict, seconds: float = 1.5) -> tuple[float, float, float]:
    """Games per second (wall clock), ms per game (wall) and ms of CPU per game.

    The CPU figure stays meaningful when other processes share the machine.
    """
    players = [f"p{i}" for i in range(n)]
    count, start, cpu, seed = 0, time.perf_counter(), time.process_time(), 0
    while time.perf_counter() - start < seconds:
        play_out(GAME, GAME.setup(players, options, seed), seed)
        count += 1
        seed += 1
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu
    return count / elapsed, 1000 * elapsed / count, 1000 * cpu / count


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def render_times(n: int, viewer: str | None,
                 runs: int = 80) -> tuple[float, float, int, float, float]:
    """p50/p99 of draw + encode over views from several games and steps; median PNG bytes."""
    players = [f"p{i}" for i in range(n)]
    views = []
    for seed in range(5):
        state = GAME.setup(players, {"empire_powers": bool(seed % 2)}, seed)
        final, moves = play_out(GAME, state, seed)
        replay = state
        for k, (p, m) in enumerate(moves):
            replay, _ = GAME.apply(replay, p, m)
            if k % 9 == 4:
                views.append(GAME.view(replay, viewer))
        views.append(GAME.view(final, viewer))
    render(views[0], names=NAMES)  # warm the caches (fonts, card art)
    times, sizes, draw, cpu = [], [], [], []
    for i in range(runs):
        v = views[i % len(views)]
        c0 = time.process_time()
        t0 = time.perf_counter()
        img = render(v, names=NAMES)
        t1 = time.perf_counter()
        data = to_png(img)
        t2 = time.perf_counter()
        cpu.append(1000 * (time.process_time() - c0))
        times.append(1000 * (t2 - t0))
        draw.append(1000 * (t1 - t0))
        sizes.append(len(data))
    return (statistics.median(times), pct(times, 0.99), int(statistics.median(sizes)),
            statistics.median(draw), statistics.median(cpu))


def main() -> None:
    print("Empire Engine benchmark")
    for n in range(2, 9):
        gps, ms, cpu = games_per_second(n, {})
        print(f"  {n} players: {gps:7.1f} random games/s ({ms:5.2f} ms/game, "
              f"{cpu:5.2f} ms CPU/game)")
    team = {"teams": True, "team_joint_invent": True, "team_joint_export": True,
            "team_shared_defence": True, "team_joint_attack": True, "empire_powers": True}
    gps, ms, cpu = games_per_second(4, team)
    print(f"  4 players, teams + all team options + powers: {gps:7.1f} games/s "
          f"({ms:5.2f} ms/game, {cpu:5.2f} ms CPU/game)")
    for n in (4, 8):
        for name, viewer in (("public ", None), ("private", "p1")):
            p50, p99, size, draw, cpu = render_times(n, viewer)
            print(f"  render {name} ({n} players): p50 {p50:5.1f} ms, p99 {p99:5.1f} ms "
                  f"(draw p50 {draw:4.1f} ms, CPU p50 {cpu:4.1f} ms), PNG {size / 1000:.0f} KB")


if __name__ == "__main__":
    main()
