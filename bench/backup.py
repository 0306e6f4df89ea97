"""``python bench/backup.py [--finished 1000] [--running 50]``: backup -> restore -> verify of
a database of toy tables (issue 28 item 6), with the time each step takes."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import io
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import games  # noqa: E402
from bot.cli import main  # noqa: E402
from bot.core.host import SessionHost  # noqa: E402
from bot.core.store import SQLiteStore  # noqa: E402
from tests.test_cli_admin import play_toy  # noqa: E402
from tests.toygame import TOY  # noqa: E402


async def build(path: Path, finished: int, running: int) -> None:
    store = SQLiteStore(path)
    await store.open()
    try:
        host = SessionHost(store)
        for i in range(finished + running):
            await play_toy(host, f"c{i}", until_over=i < finished)
    finally:
        await store.close()


def timed(argv: list[str]) -> tuple[int, float, str]:
    out = io.StringIO()
    began = time.perf_counter()
    with contextlib.redirect_stdout(out):
        code = main(argv)
    return code, time.perf_counter() - began, out.getvalue().strip().splitlines()[-1]


def run(finished: int, running: int) -> None:
    games.REGISTRY[TOY.id] = TOY
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        began = time.perf_counter()
        asyncio.run(build(root / "live.db", finished, running))
        print(
            f"built {finished} finished + {running} running tables in "
            f"{time.perf_counter() - began:.1f} s"
        )
        for argv in (
            ["backup", "--db", str(root / "live.db"), "--to", str(root / "b.db")],
            ["restore", "--from", str(root / "b.db"), "--to", f"sqlite:///{root / 'r.db'}"],
            ["verify", "--db", str(root / "r.db")],
        ):
            code, secs, last = timed(argv)
            print(f"{argv[0]:<8} exit {code}  {secs:6.1f} s  {last}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--finished", type=int, default=1000)
    parser.add_argument("--running", type=int, default=50)
    args = parser.parse_args()
    run(args.finished, args.running)
