"""The chaos soak (issue 31 item 1), for as long as you like: two ``crowntable run`` processes
on one PostgreSQL schema (shards 0 and 1 of 2) and one on an SQLite file, each against a fake
Discord, ``--parallel`` tables of every game played by scripted clickers and AI seats while
faults are injected (SIGKILLed and restarted processes, PostgreSQL cut off and restarted,
Discord 5xx and 429 bursts, gateway drops, closed DMs, a deleted channel, a busy SQLite file,
killed AI workers). Checks as tables end and at the end; prints the figures and exits 1 when
there was a violation. The parts are in ``tests/soak/``; the suite runs a one-minute version
(``tests/e2e/test_soak.py``, marked ``slow``).

    python bench/soak.py [--minutes 30] [--parallel 10] [--seed 1] [--fault-every 6]

Needs the PostgreSQL server of the tests (``CROWNTABLE_TEST_PG``, default 127.0.0.1:5432).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.soak.run import Settings, soak  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=30.0, help="of play under faults")
    parser.add_argument("--parallel", type=int, default=10, help="tables playing at once")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--fault-every", type=float, default=6.0, help="seconds between faults")
    parser.add_argument("--drain", type=float, default=240.0, help="seconds to finish at the end")
    parser.add_argument("--stuck", type=float, default=90.0, help="seconds without change = stuck")
    parser.add_argument("--short", action="store_true", help="no PostgreSQL restarts")
    args = parser.parse_args(argv)
    os.environ.setdefault("DISCORD_OPENAPI", "/work/shared/discord/openapi.json")
    started = time.time()

    def log(line: str) -> None:
        print(f"{time.time() - started:7.1f}  {line}", flush=True)

    settings = Settings(
        seconds=args.minutes * 60,
        parallel=args.parallel,
        seed=args.seed,
        fault_every=args.fault_every,
        long_run=not args.short,
        drain_s=args.drain,
        stuck_s=args.stuck,
        check_every=10.0,
        must_finish=not args.short,
        log=log,
    )
    report = asyncio.run(soak(settings))
    for line in report.lines():
        print(line, flush=True)
    print("\nthe errors the bots logged, each distinct one in full:")
    for block in report.tracebacks():
        print(block + "\n", flush=True)
    return 1 if report.violations else 0


if __name__ == "__main__":
    raise SystemExit(main())
