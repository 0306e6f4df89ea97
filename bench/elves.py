"""Benchmark for King of the Elves: random full games per second, render times and PNG sizes.

Run: ``python bench/elves.py`` (from the repository root). Aims: a whole random game at 6
players under 40 ms; a render (draw + PNG encode) under 50 ms p50 on a 2-core machine; a
``determinize`` (what an AI seat's search pays per sample) well under a millisecond.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import games_per_second, sample_views, time_renders  # noqa: E402
from games.ai import play_out  # noqa: E402
from games.elves import GAME  # noqa: E402
from renderers.elves import render  # noqa: E402

NAMES = {
    "p0": "Čeněk Řežábek",
    "p1": "Bob",
    "p2": "Žofie",
    "p3": "AI 4",
    "p4": "Ďábel",
    "p5": "Eva",
}


def render_times(viewer: str | None, runs: int = 80) -> tuple[float, float, int, float]:
    """p50/p99 of draw + encode over views from several 6-player games; median PNG bytes."""
    players = [f"p{i}" for i in range(6)]
    views = sample_views(
        GAME,
        [(players, {"teleport": seed % 2 == 1}, seed) for seed in range(6)],
        lambda _: viewer,
        every=37,
        offset=5,
    )
    r = time_renders(render, views, NAMES, runs, stride=7)
    return r.p50, r.p99, r.png_bytes, r.draw_p50


def determinize_us(runs: int = 2000) -> float:
    """Mean microseconds per ``determinize`` over states of a 6-player game, for seat p1."""
    state = GAME.setup([f"p{i}" for i in range(6)], {}, 3)
    states = [state]
    for player, move in play_out(GAME, state, 3)[1][:200]:
        state, _ = GAME.apply(state, player, move)
        states.append(state)
    rng = random.Random(1)
    start = time.perf_counter()
    for i in range(runs):
        GAME.determinize(states[i % len(states)], "p1", rng)
    return 1e6 * (time.perf_counter() - start) / runs


def main() -> None:
    print("King of the Elves benchmark")
    for n in range(2, 7):
        for label, options in (("basic", {}), ("teleport", {"teleport": True})):
            speed = games_per_second(GAME, n, options)
            gps, ms, moves = speed.games_per_s, speed.ms_per_game, speed.moves_per_game
            print(
                f"  {n} players, {label:<8}: {gps:7.1f} random games/s "
                f"({ms:5.2f} ms/game, {moves:.0f} moves)"
            )
    print(f"  determinize (6 players, seat p1): {determinize_us():6.1f} us per call")
    for name, viewer in (("public ", None), ("private", "p1")):
        p50, p99, size, draw = render_times(viewer)
        print(
            f"  render {name} (6 players): p50 {p50:5.1f} ms, p99 {p99:5.1f} ms "
            f"(draw p50 {draw:4.1f} ms), PNG {size / 1000:.0f} KB"
        )


if __name__ == "__main__":
    main()
