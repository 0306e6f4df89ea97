"""The ``crowntable`` command: ``run`` the bot, play a ``demo`` game, ``verify`` the database."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

import games

NO_TOKEN = (
    "DISCORD_TOKEN is not set. Create a bot at https://discord.com/developers/applications "
    "(New Application -> Bot -> Reset Token) and invite it with the README's link.\n"
    "Then put the token in a file named .env beside where you run crowntable: "
    "DISCORD_TOKEN=your-token (see .env.example)."
)


def cmd_run(args: argparse.Namespace) -> int:
    from bot.core.config import load_config

    config = load_config(args.env)
    if not config.token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    from bot.adapter.app import run_bot

    return run_bot(config)


def cmd_demo(args: argparse.Namespace) -> int:
    from bot.core.demo import run_demo

    return asyncio.run(run_demo(args.game, args.players, args.seed, Path(args.out)))


def cmd_verify(args: argparse.Namespace) -> int:
    from bot.core.verify import run_verify

    db = args.db
    if db is None:
        from bot.core.config import load_config

        db = load_config(args.env).database_url
    return asyncio.run(run_verify(db))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="crowntable", description=__doc__)
    parser.add_argument("--env", default=".env", help="the .env file to read (default .env)")
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="start the Discord bot (needs DISCORD_TOKEN)")
    run.set_defaults(func=cmd_run)
    demo = sub.add_parser("demo", help="play one whole game with AI seats and draw every turn")
    demo.add_argument("game", help="game id: " + ", ".join(games.REGISTRY))
    demo.add_argument("--players", type=int, default=None, help="seats (default: the minimum)")
    demo.add_argument("--seed", type=int, default=1)
    demo.add_argument("--out", default="demo-out", help="folder for the PNGs and the database")
    demo.set_defaults(func=cmd_demo)
    verify = sub.add_parser("verify", help="replay every stored session and compare snapshots")
    verify.add_argument("--db", default=None, help="database URL or SQLite path "
                        "(default: DATABASE_URL)")
    verify.set_defaults(func=cmd_verify)
    args = parser.parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    raise SystemExit(main())
