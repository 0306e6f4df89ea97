"""Replays (issue 14 item 2): frames per turn and the animated GIF for every game.

Run: ``python bench/replay.py`` (from the repository root; ``--seeds N`` games per table size,
default 2). For every game at its minimum and maximum seat count, seeded random games are
played to the end; printed per game and size: moves, frames (a frame per turn, see
``bot/core/replay.py``), the seconds to rebuild the frames from the move log, and the GIF's
frames, size, bytes and seconds to draw and encode (``renderers/animate.py``, Discord's
10 MiB limit). Nothing is asserted: figures only.
"""

from __future__ import annotations

import argparse
import time

import games
from bot.core.replay import build_frames
from bot.core.store import MoveRecord
from games.ai import RandomPlayer
from renderers.animate import DEFAULT_LIMIT, animate


def play(game_id: str, players: list[str], seed: int) -> list[MoveRecord]:
    game = games.get(game_id)
    state, ai, moves = game.setup(players, {}, seed), RandomPlayer(seed), []
    while game.actors(state):
        p = game.actors(state)[0]
        move = ai.choose(game, state, p, len(moves))
        moves.append(MoveRecord(len(moves), p, move, "player", 0.0))
        state, _ = game.apply(state, p, move)
    return moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=2)
    args = parser.parse_args()
    print(
        f"{'game':<14} {'seats':>5} {'moves':>6} {'frames':>6} {'build s':>8} "
        f"{'gif frames':>10} {'size':>9} {'MB':>6} {'gif s':>6}"
    )
    for game_id in sorted(games.REGISTRY):
        game = games.get(game_id)
        for n in sorted({game.min_players, game.max_players}):
            players = [f"p{i}" for i in range(n)]
            for seed in range(1, args.seeds + 1):
                moves = play(game_id, players, seed)
                t0 = time.perf_counter()
                frames = build_frames(game, players, {}, seed, moves)
                t1 = time.perf_counter()
                anim = animate(game_id, [f.view for f in frames], None, DEFAULT_LIMIT)
                t2 = time.perf_counter()
                print(
                    f"{game_id:<14} {n:>5} {len(moves):>6} {len(frames):>6} {t1 - t0:>8.2f} "
                    f"{anim.frames:>10} {anim.width:>4}x{anim.height:<4} "
                    f"{len(anim.data) / 1e6:>6.2f} {t2 - t1:>6.1f}"
                )


if __name__ == "__main__":
    main()
