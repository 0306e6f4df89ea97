"""Does one spammer slow down everybody else? (issue 31 item 3: bounded work per user)

    python bench/spam.py [--tables 4] [--actions 24] [--think 0.3] [--spam-rate 40] [--json]

The local fake Discord (tests/fakediscord) and the real bot in this process (the e2e harness,
with the bot's token buckets on), ``--tables`` Majesty tables in their own channels, each
played by two scripted clickers (the e2e driver's choices) who think ``--think`` seconds
before each action, ``--actions`` actions per table (or to the end of the game). Run twice
on fresh databases: once alone, once with a spammer who, from the first move on, sends
``--spam-rate`` interactions a second at the first table: clicks on its board's "?" button,
``/game status`` and the ``/game board`` table autocomplete, in turn, never waiting for an
answer. Prints the other tables' move latency (click -> the bot's answer) and turn latency
(click -> the next prompt findable on the board or in a DM) at p50/p99 in both runs, the
ratio of the p99s, and what the spammer got (answered, "slow down").
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: the repository this file is in comes first
    sys.path.insert(0, str(ROOT))

from bench.traffic_play import fake_world  # noqa: E402
from bench.traffic_probes import PROBE_USER  # noqa: E402
from tests.e2e.driver import Driver, Player, board_message  # noqa: E402
from tests.e2e.helpers import open_table  # noqa: E402

SPAMMER = PROBE_USER  # the member fake_world adds beside the players: not seated
PAIRS = (("alice", "bob"), ("cyril", "dana"), ("emil", "filip"))


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] if ordered else 0.0


def moved_on(driver: Driver, clicked: Any, versions: int) -> bool:
    """A prompt other than the one just clicked (or the same message edited since) can be
    found, or the game is over."""
    found = driver.find_action()
    if found is None:
        return False
    kind, _, msg = found
    return kind == "done" or msg is not clicked or len(msg.versions) > versions


async def play_table(driver: Driver, actions: int, think: float, out: dict[str, list[float]]):
    """The driver's actions at one table, ``think`` seconds apart; latencies into ``out``."""
    fake = driver.fake
    for _ in range(actions):
        kind, player, msg = await fake.wait_for(driver.find_action, timeout=30, what="a prompt")
        if kind == "done":
            return
        await asyncio.sleep(think)
        clicked, versions = time.monotonic(), len(msg.versions)
        result = await driver.act(kind, player, msg)
        if result.latency is not None:
            out["move"].append(result.latency)
        await fake.wait_for(
            lambda m=msg, v=versions: moved_on(driver, m, v), timeout=30, what="the next prompt"
        )
        out["turn"].append(time.monotonic() - clicked)


async def spam(world: Any, channel: Any, rate: float, stop: asyncio.Event) -> dict[str, int]:
    """Interactions at ``rate`` a second at ``channel``'s table until ``stop``."""
    fake, user = world.fake, world.users[SPAMMER]
    sent: list[Any] = []
    tasks: list[asyncio.Task[Any]] = []
    board = board_message(fake, channel)
    button = next(
        b["custom_id"] for b in board.buttons() if str(b.get("custom_id", "")).startswith("ct:q:")
    )
    n = 0
    while not stop.is_set():
        kind = n % 3
        if kind == 0:
            sent.append(await fake.click(user, board, button, wait=False, stale=True))
        elif kind == 1:
            sent.append(await fake.slash(user, channel, "game status", _wait=False))
        else:
            tasks.append(
                asyncio.create_task(fake.autocomplete(user, channel, "game board", "table", "1"))
            )
        n += 1
        await asyncio.sleep(1 / rate)
    await fake.idle(timeout=30)
    await asyncio.gather(*tasks, return_exceptions=True)
    limiter = world.bot.limiter
    refused = limiter.refused if limiter is not None else 0  # nobody else is refused
    return {"sent": n, "slowed_down": refused, "did_work": n - refused}


async def one_run(
    tables: int, actions: int, think: float, spam_rate: float | None
) -> dict[str, Any]:
    async with fake_world(2 * min(tables, len(PAIRS)), dms_closed=False) as world:
        await world.start_bot(seed=5, limits=True)
        fake = world.fake
        channels = [world.channel] + [
            fake.add_channel(world.guild, f"stul-{i}") for i in range(1, tables)
        ]
        drivers = []
        for i, channel in enumerate(channels):
            host, other = PAIRS[i % len(PAIRS)]
            await open_table(world, "majesty", host=host, join=(other,), channel=channel)
            players = [Player(world.users[host]), Player(world.users[other])]
            drivers.append(Driver(fake, channel, players, seed=10 + i))
        outs = [{"move": [], "turn": []} for _ in drivers]
        stop = asyncio.Event()
        spammer = (
            asyncio.create_task(spam(world, channels[0], spam_rate, stop)) if spam_rate else None
        )
        await asyncio.gather(
            *(play_table(d, actions, think, o) for d, o in zip(drivers, outs, strict=True))
        )
        stop.set()
        spammed = await spammer if spammer is not None else None
        others = outs[1:]  # the first table is the spammed one
        moves = [x for o in others for x in o["move"]]
        turns = [x for o in others for x in o["turn"]]
        return {
            "moves": len(moves),
            "move_p50_ms": pct(moves, 0.5) * 1000,
            "move_p99_ms": pct(moves, 0.99) * 1000,
            "turn_p50_ms": pct(turns, 0.5) * 1000,
            "turn_p99_ms": pct(turns, 0.99) * 1000,
            "spammed_table_turn_p50_ms": pct(outs[0]["turn"], 0.5) * 1000,
            "spammer": spammed,
            "refused_by_limiter": world.bot.limiter.refused if world.bot.limiter else 0,
        }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=4)
    ap.add_argument("--actions", type=int, default=24, help="actions per table")
    ap.add_argument("--think", type=float, default=0.3, help="seconds before each action")
    ap.add_argument("--spam-rate", type=float, default=40.0, help="spam interactions a second")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if args.tables < 2:
        ap.error("--tables must be at least 2 (one spammed, the others measured)")
    quiet = asyncio.run(one_run(args.tables, args.actions, args.think, None))
    noisy = asyncio.run(one_run(args.tables, args.actions, args.think, args.spam_rate))
    ratio = noisy["move_p99_ms"] / quiet["move_p99_ms"] if quiet["move_p99_ms"] else float("nan")
    turn_ratio = (
        noisy["turn_p99_ms"] / quiet["turn_p99_ms"] if quiet["turn_p99_ms"] else float("nan")
    )
    if args.json:
        print(json.dumps({"without": quiet, "with": noisy, "p99_ratio": ratio}, indent=1))
    for name, run in (("without spammer", quiet), ("with spammer   ", noisy)):
        print(
            f"{name}: other tables' moves {run['moves']}: move latency p50 "
            f"{run['move_p50_ms']:.0f} ms p99 {run['move_p99_ms']:.0f} ms; turn latency p50 "
            f"{run['turn_p50_ms']:.0f} ms p99 {run['turn_p99_ms']:.0f} ms"
        )
    spammed = noisy["spammed_table_turn_p50_ms"]
    print(f"spammer: {noisy['spammer']}; the spammed table's turn latency p50 {spammed:.0f} ms")
    print(
        f"p99 move latency ratio (with / without): {ratio:.2f}; p99 turn latency {turn_ratio:.2f}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
