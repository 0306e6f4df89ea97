"""The ``crowntable`` command: ``run`` the bot, play a ``demo`` game, ``verify``, ``replay``,
``copy``, ``backup`` and ``restore`` the database.

The commands that read a database (``verify``, ``replay``, ``copy --from``, ``backup``) only
read it: a missing file, a folder or a URL of another scheme is refused in one line with exit
2 and nothing is created (``bot.core.store.readonly``). Every failure is one line."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import games
from bot.text.i18n import LOCALES
from games.ai import DEFAULT_LEVEL, LEVELS

if TYPE_CHECKING:
    from bot.core.config import Config

NO_TOKEN = (
    "DISCORD_TOKEN is not set. Create a bot at https://discord.com/developers/applications "
    "(New Application -> Bot -> Reset Token) and invite it with the README's link.\n"
    "Then put the token in a file named .env beside where you run crowntable: "
    "DISCORD_TOKEN=your-token (see .env.example)."
)


def _config(env: str | None) -> Config | None:
    """The checked configuration, or None after printing one line per mistake."""
    from bot.core.config import ConfigError, load_config

    try:
        return load_config(env)
    except ConfigError as exc:
        for line in exc.problems:
            print(f"crowntable: {line}", file=sys.stderr)
        return None


def store_problem(url: str) -> str | None:
    """Why the database cannot serve the bot (None: it can): opened, migrated, probed for
    writing and closed again before Discord is contacted."""
    from bot.core.store import StoreError, open_store

    async def check() -> None:
        store = await open_store(url, exclusive=True)
        await store.close()

    try:
        asyncio.run(check())
    except StoreError as exc:
        return str(exc)
    return None


def cmd_run(args: argparse.Namespace) -> int:
    config = _config(args.env)
    if config is None:
        return 2
    if not config.token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    problem = store_problem(config.database_url)
    if problem:
        print(f"crowntable: {problem}", file=sys.stderr)
        return 2
    from bot.adapter.app import run_bot

    return run_bot(config)


def option_pair(text: str) -> tuple[str, Any]:
    """``name=value`` of ``--option``: the value as JSON when it reads as JSON (``true``,
    ``3``), else as text (``ABBAABAB``)."""
    name, sep, raw = text.partition("=")
    if not sep or not name.strip():
        raise argparse.ArgumentTypeError(f"{text!r}: write NAME=VALUE")
    try:
        value: Any = json.loads(raw)
    except ValueError:
        value = raw
    return name.strip(), value


def cmd_demo(args: argparse.Namespace) -> int:
    from bot.core.demo import run_demo

    return asyncio.run(
        run_demo(
            args.game,
            args.players,
            args.seed,
            Path(args.out),
            level=args.ai,
            locale=args.locale,
            force=args.force,
            options=dict(args.option),
        )
    )


def _database(args: argparse.Namespace, given: str | None) -> str | None:
    """The database a command works on: ``given`` (``--db``), else ``DATABASE_URL`` (None
    after printing why the configuration is wrong)."""
    if given is not None:
        return given
    config = _config(args.env)
    return None if config is None else config.database_url


def cmd_verify(args: argparse.Namespace) -> int:
    if args.export is not None:  # a player's check of one export: no database, no .env
        from bot.core.fairplay import run_check

        return run_check(Path(args.export), games.REGISTRY)
    from bot.core.verify import run_verify

    db = _database(args, args.db)
    return 2 if db is None else asyncio.run(run_verify(db))


def cmd_copy(args: argparse.Namespace) -> int:
    from bot.core.copy import run_copy

    return asyncio.run(run_copy(args.from_url, args.to_url))


def cmd_replay(args: argparse.Namespace) -> int:
    from bot.core.replay import run_replay

    db = _database(args, args.db)
    return 2 if db is None else asyncio.run(run_replay(db, args.table, Path(args.out), args.force))


def cmd_backup(args: argparse.Namespace) -> int:
    from bot.core.backup import run_backup

    db = _database(args, args.db)
    return 2 if db is None else asyncio.run(run_backup(db, Path(args.to)))


def cmd_restore(args: argparse.Namespace) -> int:
    from bot.core.backup import run_restore

    target = _database(args, args.to_url)
    return 2 if target is None else asyncio.run(run_restore(args.from_file, target))


DB_HELP = "database URL or SQLite path (default: DATABASE_URL)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="crowntable", description=__doc__)
    parser.add_argument("--env", default=".env", help="the .env file to read (default .env)")
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="start the Discord bot (needs DISCORD_TOKEN)")
    run.set_defaults(func=cmd_run)
    _add_demo(sub)
    _add_readers(sub)
    _add_copies(sub)
    args = parser.parse_args(argv)
    return int(args.func(args))


def _add_demo(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    demo = sub.add_parser("demo", help="play one whole game with AI seats and draw every turn")
    demo.add_argument("game", help="game id: " + ", ".join(games.REGISTRY))
    demo.add_argument("--players", type=int, default=None, help="seats (default: the minimum)")
    demo.add_argument("--seed", type=int, default=1)
    demo.add_argument("--out", default="demo-out", help="folder for the PNGs and the database")
    demo.add_argument(
        "--locale",
        default="en",
        choices=LOCALES,
        help="language of the printed summary and the images (default en)",
    )
    demo.add_argument(
        "--ai",
        default=DEFAULT_LEVEL,
        choices=LEVELS,
        help=f"the AI level every seat plays (default {DEFAULT_LEVEL})",
    )
    demo.add_argument(
        "--force", action="store_true", help="empty --out of an earlier demo's files first"
    )
    demo.add_argument(
        "--option",
        action="append",
        type=option_pair,
        default=[],
        metavar="NAME=VALUE",
        help="a game option, as in /game new (e.g. --option teleport_anywhere=true); repeatable",
    )
    demo.set_defaults(func=cmd_demo)


def _add_readers(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    verify = sub.add_parser(
        "verify",
        help="replay every stored session and compare snapshots; with --export, check one "
        "game's export: its commitment and its final scores",
    )
    which = verify.add_mutually_exclusive_group()
    which.add_argument("--db", default=None, help=DB_HELP)
    which.add_argument(
        "--export",
        default=None,
        metavar="FILE",
        help="a /game export file: recompute the commitment from the revealed seed and salt "
        "and replay the moves to the exported scores (exit 0 fair, 1 not)",
    )
    verify.set_defaults(func=cmd_verify)
    replay = sub.add_parser(
        "replay",
        help="draw a stored game turn by turn: a PNG per turn, "
        "the animation and the turns in words",
    )
    replay.add_argument("table", type=int, help="the table id (#12 on its board: 12)")
    replay.add_argument("--db", default=None, help=DB_HELP)
    replay.add_argument("--out", default="replay-out", help="a new or empty folder for the files")
    replay.add_argument(
        "--force", action="store_true", help="empty --out of an earlier replay's files first"
    )
    replay.set_defaults(func=cmd_replay)


def _add_copies(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    copy = sub.add_parser(
        "copy",
        help="copy every table to another database (SQLite to "
        "PostgreSQL or back) and verify the copy by replay",
    )
    copy.add_argument(
        "--from",
        dest="from_url",
        required=True,
        help="the database to copy, e.g. sqlite:///crowntable.db",
    )
    copy.add_argument(
        "--to",
        dest="to_url",
        required=True,
        help="an empty database, e.g. postgresql://user@host/crowntable",
    )
    copy.set_defaults(func=cmd_copy)
    backup = sub.add_parser(
        "backup", help="write a verified SQLite backup of the database (the bot may run)"
    )
    backup.add_argument("--to", required=True, help="the backup file to create (must be new)")
    backup.add_argument("--db", default=None, help=DB_HELP)
    backup.set_defaults(func=cmd_backup)
    restore = sub.add_parser(
        "restore", help="copy a backup into an empty database and verify it by replay"
    )
    restore.add_argument("--from", dest="from_file", required=True, help="the backup file")
    restore.add_argument(
        "--to",
        dest="to_url",
        default=None,
        help="an empty database (default: DATABASE_URL)",
    )
    restore.set_defaults(func=cmd_restore)


if __name__ == "__main__":
    raise SystemExit(main())
