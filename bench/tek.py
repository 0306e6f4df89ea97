"""Benchmark for Tiny Epic Kingdoms: random full games per second, render times and PNG sizes.

Run: ``python bench/tek.py`` (from the repository root). Aims: a whole random game at 5 players
under 150 ms; a render (draw + PNG encode) under 50 ms p50 on a 2-core machine.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import games_per_second, sample_views, time_renders  # noqa: E402
from games.tek import GAME  # noqa: E402
from renderers.tek import render  # noqa: E402

NAMES = {"p0": "Čeněk Řežábek", "p1": "Bob", "p2": "Žofie", "p3": "AI 4", "p4": "Ďábel"}


def render_times(viewer_seat: int | None, runs: int = 80) -> tuple[float, float, float, float, int]:
    """p50/p99 of draw + encode over views from several 5-player games; median PNG bytes."""
    players = [f"p{i}" for i in range(5)]
    views = sample_views(
        GAME,
        [(players, {"exploration": seed % 2 == 0}, seed) for seed in range(5)],
        lambda ps: None if viewer_seat is None else ps[viewer_seat],
        every=53,
        offset=40,
    )
    r = time_renders(render, views, NAMES, runs, stride=7)
    return r.p50, r.p99, r.cpu_p50, r.cpu_p99, r.png_bytes


def main() -> None:
    print("Tiny Epic Kingdoms benchmark")
    for n in range(GAME.min_players, GAME.max_players + 1):
        for options in ({}, {"exploration": True}):
            speed = games_per_second(GAME, n, options)
            gps, ms = speed.games_per_s, speed.ms_per_game
            cpu, moves = speed.cpu_ms_per_game, speed.moves_per_game
            tag = "exploration" if options else "default"
            print(
                f"  {n} players, {tag:11s}: {gps:6.1f} games/s ({ms:6.1f} ms/game wall, "
                f"{cpu:6.1f} ms CPU, {moves:.0f} moves/game)"
            )
    for label, seat in (("public", None), ("private", 0)):
        p50, p99, c50, c99, size = render_times(seat)
        print(
            f"  render {label:7s}: p50 {p50:5.1f} ms, p99 {p99:5.1f} ms wall "
            f"(CPU p50 {c50:5.1f}, p99 {c99:5.1f}), PNG {size} bytes"
        )


if __name__ == "__main__":
    main()
