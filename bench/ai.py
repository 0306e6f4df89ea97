"""Benchmark of the AI levels (issue 15, "Measured, not asserted").

Seeded 2-player matches per game, seats alternated (each deal is played twice, once from each
seat), win rates with 95 % Wilson intervals and the think time per decision (p50/p95, over the
decisions with two or more legal moves): hard vs random, hard vs medium, medium vs random, hard
vs flat Monte Carlo (same budget); then 3- and 4-player games with hard among random seats.
A shared first place counts half a win.

Run (from the repository root):

    python bench/ai.py --games 20 --budget 0.5                 # everything
    python bench/ai.py --games 10 --budget 0.1 --game majesty --match hard-random
    python bench/ai.py --calibrate                             # steps/s for games/*/ai_hints.py

Targets at ``--budget 0.5`` on the 2-core machine: hard beats random in >= 95 % of the games of
every game, beats flat MC in >= 60 %; p95 think time <= budget + 10 %. The machine load
(``uptime``) is printed beside the figures: on a shared machine think times reflect it.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games  # noqa: E402
from bench.common import pct  # noqa: E402
from games import ai  # noqa: E402
from games.ai.budget import Budget  # noqa: E402
from games.ai.hints import hints_for  # noqa: E402
from games.ai.ismcts import Search  # noqa: E402
from games.ai.playout import seeded_rng  # noqa: E402
from games.base import Game  # noqa: E402

MATCHES = {  # name: (bot under test, opponent)
    "hard-random": ("hard", "random"),
    "hard-medium": ("hard", "medium"),
    "medium-random": ("medium", "random"),
    "hard-flat_mc": ("hard", "flat_mc"),
}
EXTRA = {"easy-random": ("easy", "random"), "medium-easy": ("medium", "easy")}  # on request
MAX_PLIES = 20_000


def make(level: str, seed: int, budget: float) -> Any:
    if level == "flat_mc":
        return ai.FlatMonteCarlo(seed, budget)
    return ai.get(level, seed=seed, budget_s=budget)


@dataclass
class Tally:
    wins: float = 0.0
    games: int = 0
    think: list[float] = field(default_factory=list)  # seconds, bot under test

    def line(self, budget: float) -> str:
        lo, hi = wilson(self.wins, self.games)
        p50 = 1000 * statistics.median(self.think) if self.think else 0.0
        p95 = 1000 * pct(self.think, 0.95) if self.think else 0.0
        return (
            f"{self.games:3d} games  win {100 * self.wins / max(self.games, 1):5.1f} % "
            f"[{100 * lo:5.1f}, {100 * hi:5.1f}]  think p50 {p50:6.0f} ms  p95 {p95:6.0f} ms"
            f"  (p95 / budget {p95 / (1000 * budget):4.2f})"
        )


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def play(game: Game, bots: dict[str, Any], seed: int, test_seat: str, think: list[float]) -> float:
    """One game; the share of first place of ``test_seat`` (1, 1/k when shared, or 0)."""
    players = list(bots)
    state = game.setup(players, {}, seed)
    for _ in range(MAX_PLIES):
        if game.is_over(state):
            break
        for player in game.actors(state):
            if player not in game.actors(state):
                continue  # the step changed under an earlier actor's move
            t0 = time.perf_counter()
            move = bots[player].choose(game, state, player)
            if player == test_seat and len(game.legal_moves(state, player)) > 1:
                think.append(time.perf_counter() - t0)
            state, _ = game.apply(state, player, move)
    rows = game.outcome(state)
    firsts = [r["player"] for r in rows if r["rank"] == 1]
    return 1.0 / len(firsts) if test_seat in firsts else 0.0


def match(
    game: Game,
    test: str,
    other: str,
    n_games: int,
    budget: float,
    n_players: int = 2,
    first: int = 0,
) -> Tally:
    """``n_games`` seeded games from game number ``first`` (several processes can share a
    long match: ``--first``); the test bot's seat rotates (deal ``i // n_players``)."""
    tally = Tally()
    for i in range(first, first + n_games):
        seat = i % n_players
        players = [f"p{k}" for k in range(n_players)]
        bots = {
            p: make(test if k == seat else other, 1000 * i + k, budget)
            for k, p in enumerate(players)
        }
        tally.wins += play(game, bots, i // n_players, players[seat], tally.think)
        tally.games += 1
    return tally


def calibrate(game: Game, positions: int = 6, steps: int = 20_000) -> float:
    """Engine steps per second of the hard search over a few positions of random games."""
    used, seconds = 0, 0.0
    for seed in range(positions):
        state = game.setup(["p0", "p1"], {}, seed)
        rp = ai.RandomPlayer(seed)
        for i in range(5 + 9 * seed):
            if game.is_over(state):
                break
            p = game.actors(state)[0]
            state, _ = game.apply(state, p, rp.choose(game, state, p, i))
        if game.is_over(state):
            continue
        p = game.actors(state)[0]
        hints, budget = hints_for(game), Budget(steps)
        t0 = time.perf_counter()
        rng = seeded_rng(1, game, state, p)
        Search(game, hints, rng, budget, p, hints.rollout_depth).run(state)
        seconds += time.perf_counter() - t0
        used += budget.used()
    return used / seconds


def load() -> str:
    return f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} (cpus {os.cpu_count()})"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=10, help="games per match (even: both seats)")
    ap.add_argument("--budget", type=float, default=0.5, help="budget_s per decision")
    ap.add_argument("--game", action="append", help="only these game ids")
    ap.add_argument(
        "--match", action="append", help=f"only these of {', '.join([*MATCHES, *EXTRA])}, multi"
    )
    ap.add_argument(
        "--first",
        type=int,
        default=0,
        help="number of the first game (split a match over processes; even)",
    )
    ap.add_argument("--calibrate", action="store_true")
    args = ap.parse_args()
    ids = args.game or sorted(games.REGISTRY)
    print("command: python bench/ai.py " + " ".join(sys.argv[1:]))
    print(f"start: {load()}")
    for gid in ids:
        game = games.get(gid)
        if args.calibrate:
            print(f"{gid:14s} {calibrate(game):8.0f} steps/s  ({load()})", flush=True)
            continue
        for name in args.match or [*MATCHES, "multi"]:
            if name == "multi":
                for n in (3, 4):
                    if game.min_players <= n <= game.max_players:
                        t = match(game, "hard", "random", args.games, args.budget, n, args.first)
                        print(
                            f"{gid:14s} hard among {n - 1} random   {t.line(args.budget)}"
                            f"  (1/n = {100 / n:.0f} %)  {load()}",
                            flush=True,
                        )
                continue
            test, other = {**MATCHES, **EXTRA}[name]
            t = match(game, test, other, args.games, args.budget, first=args.first)
            print(f"{gid:14s} {name:18s} {t.line(args.budget)}  {load()}", flush=True)
            print(
                f"{'':14s} wins {t.wins:g} of {t.games} (games {args.first}.."
                f"{args.first + t.games - 1})",
                flush=True,
            )
    print(f"end: {load()}")


if __name__ == "__main__":
    main()
