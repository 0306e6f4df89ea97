"""Benchmark for Majesty: random full games per second, render times and PNG sizes.

Run: ``python bench/majesty.py`` (from the repository root). Aims: a whole random game at 4
players under 20 ms; a render (draw + PNG encode) under 50 ms p50 on a 2-core machine.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import games_per_second, sample_views, time_renders  # noqa: E402
from games.majesty import GAME  # noqa: E402
from renderers.majesty import render  # noqa: E402

NAMES = {"p0": "Čeněk Řežábek", "p1": "Bob", "p2": "Žofie", "p3": "AI 4"}


def render_times(viewer: str | None, runs: int = 60) -> tuple[float, float, int, float]:
    """p50/p99 of draw + encode over views from several games and turns; median PNG bytes."""
    players = ["p0", "p1", "p2", "p3"]
    views = sample_views(
        GAME,
        [(players, {"sides": "AB"[seed % 2] * 8}, seed) for seed in range(6)],
        lambda _: viewer,
        every=17,
        offset=5,
    )
    r = time_renders(render, views, NAMES, runs)
    return r.p50, r.p99, r.png_bytes, r.draw_p50


def main() -> None:
    print("Majesty benchmark")
    for n in (2, 3, 4):
        for label, options in (
            ("side A", {}),
            ("side B, mixed deck", {"sides": "B", "mixed_deck": True}),
        ):
            speed = games_per_second(GAME, n, options)
            gps, ms = speed.games_per_s, speed.ms_per_game
            print(f"  {n} players, {label:<19}: {gps:7.1f} random games/s ({ms:5.2f} ms/game)")
    for name, viewer in (("public ", None), ("private", "p1")):
        p50, p99, size, draw = render_times(viewer)
        print(
            f"  render {name} (4 players): p50 {p50:5.1f} ms, p99 {p99:5.1f} ms "
            f"(draw p50 {draw:4.1f} ms), PNG {size / 1000:.0f} KB"
        )


if __name__ == "__main__":
    main()
