"""How much the bot says to Discord and to the players while whole games are played (issue 11).

    python bench/traffic.py [--game G] [--players 3] [--seed S] [--dms-closed] [--away]
                            [--json] [--transcript DIR]

Plays whole games of every game in ``games.REGISTRY`` (or ``--game``), humans only, seeded,
through the local fake Discord (tests/fakediscord) with the real bot (the e2e harness,
tests/e2e), one action at a time, and prints per game: moves, turn changes (somebody who was not
acting now acts), requests per move on average and by route, the moves-per-second bounds of one
bot under Discord's global 50 requests/s (interaction endpoints are exempt from it; the naive
bound counts every request) and of one table under the per-channel limits, channel messages
created, notifying mentions per player, per player-turn and per turn change, DMs per player
(hand DMs, and those caused by the player's own move), "(s)"-style plurals, and with
``--dms-closed`` (every player's DMs closed) the channel notices about DMs per player.
It asserts nothing. ``--transcript DIR`` writes every channel message, ping, DM and ephemeral
message per game, in order, for reading.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: the repository this file is in comes first
    sys.path.insert(0, str(ROOT))

import games  # noqa: E402
from bench.traffic_measure import Figures, figures  # noqa: E402
from bench.traffic_play import PlayedGame, play_game  # noqa: E402
from bench.traffic_report import game_block, summary_table, write_transcript  # noqa: E402


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--game",
        action="append",
        choices=sorted(games.REGISTRY),
        help="only this game (repeatable; default every game)",
    )
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--dms-closed", action="store_true", help="every player's DMs closed")
    ap.add_argument(
        "--away",
        action="store_true",
        help="slow play: every player away between their actions (the bot's clock "
        "jumps past ACTIVE_WINDOW before each one), so every turn notifies",
    )
    ap.add_argument("--json", action="store_true", help="print JSON instead of tables")
    ap.add_argument("--transcript", type=Path, help="write one transcript per game here")
    return ap.parse_args(argv)


async def run(args: argparse.Namespace) -> list[Figures]:
    out = []
    for game in args.game or sorted(games.REGISTRY):

        def keep(played: PlayedGame, game: str = game) -> Figures:
            if args.transcript:
                write_transcript(played, args.transcript / f"{game}.txt")
            return figures(played, args.seed, args.dms_closed)

        fig = await play_game(game, args.players, args.seed, args.dms_closed, keep, args.away)
        out.append(fig)
        if not args.json:
            print(game_block(fig), flush=True)
    return out


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    began = time.monotonic()
    results = asyncio.run(run(args))
    if args.json:
        print(json.dumps([f.as_dict() for f in results], indent=1))
    else:
        print(summary_table(results))
        import bot

        print(
            f"\n(bot from {Path(bot.__file__).parent}, tests from "
            f"{Path(sys.modules['tests'].__file__ or '').parent}; "
            f"{time.monotonic() - began:.0f} s wall clock)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
