"""Benchmark for Empire Engine: random full games per second, render times and PNG sizes.

Run: ``python bench/empire_engine.py`` (from the repository root). Aims: a whole random game at
8 players under 20 ms; a render (draw + PNG encode) under 50 ms p50 on a 2-core machine.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import games_per_second, sample_views, time_renders  # noqa: E402
from games.empire_engine import GAME  # noqa: E402
from renderers.empire_engine import render  # noqa: E402

NAMES = {
    "p0": "Čeněk Řežábek",
    "p1": "Bob",
    "p2": "Žofie Dvořáková",
    "p3": "AI 4",
    "p4": "Eva",
    "p5": "Filip",
    "p6": "Gustav",
    "p7": "Hana",
}


def render_times(
    n: int, viewer: str | None, runs: int = 80
) -> tuple[float, float, int, float, float]:
    """p50/p99 of draw + encode over views from several games and steps; median PNG bytes."""
    players = [f"p{i}" for i in range(n)]
    views = sample_views(
        GAME,
        [(players, {"house_powers": bool(seed % 2)}, seed) for seed in range(5)],
        lambda _: viewer,
        every=9,
        offset=4,
    )
    r = time_renders(render, views, NAMES, runs)
    return r.p50, r.p99, r.png_bytes, r.draw_p50, r.cpu_p50


def main() -> None:
    print("Empire Engine benchmark")
    for n in range(2, 9):
        s = games_per_second(GAME, n, {}, seconds=1.5)
        gps, ms, cpu = s.games_per_s, s.ms_per_game, s.cpu_ms_per_game
        print(
            f"  {n} players: {gps:7.1f} random games/s ({ms:5.2f} ms/game, {cpu:5.2f} ms CPU/game)"
        )
    team = {
        "teams": True,
        "team_joint_invent": True,
        "team_joint_export": True,
        "team_shared_defence": True,
        "team_joint_attack": True,
        "house_powers": True,
    }
    s = games_per_second(GAME, 4, team, seconds=1.5)
    gps, ms, cpu = s.games_per_s, s.ms_per_game, s.cpu_ms_per_game
    print(
        f"  4 players, teams + all team options + powers: {gps:7.1f} games/s "
        f"({ms:5.2f} ms/game, {cpu:5.2f} ms CPU/game)"
    )
    for n in (4, 8):
        for name, viewer in (("public ", None), ("private", "p1")):
            p50, p99, size, draw, cpu = render_times(n, viewer)
            print(
                f"  render {name} ({n} players): p50 {p50:5.1f} ms, p99 {p99:5.1f} ms "
                f"(draw p50 {draw:4.1f} ms, CPU p50 {cpu:4.1f} ms), PNG {size / 1000:.0f} KB"
            )


if __name__ == "__main__":
    main()
