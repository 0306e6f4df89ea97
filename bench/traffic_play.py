"""Plays one whole game through the local fake Discord with the real bot, the way the e2e suite
does (tests/e2e: the ``World`` harness, ``open_table``, the ``Driver`` that reads the board and
each player's prompt), but waits until the bot is quiet after every action so that every request
is attributed to the action that caused it (real players are slower than the bot, so nothing is
coalesced that would not be in a real game)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import tempfile
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from bench.traffic_probes import PROBE_USER, board_probe, lobby_probe
from bot.adapter.publish import ACTIVE_WINDOW
from bot.text.i18n import t
from tests.e2e.conftest import World, settle_with_the_bot
from tests.e2e.driver import Driver, Player, board_message, waiting_names
from tests.e2e.helpers import open_table, table_id
from tests.fakediscord import FakeDiscord

NAMES = ("alice", "bob", "cyril", "dana", "emil", "filip")
T = TypeVar("T")
QUIET = 0.02  # seconds without a request (and the bot idle) = the action is fully answered


@dataclass
class Step:
    """One thing a player did and the requests it caused: ``fake.requests[first:last]``."""

    kind: str  # "start", "board", "dm", "ephemeral", "open" (the Open my prompt button)
    player: str
    first: int
    last: int
    moves_after: int  # moves in the log once the bot went quiet


@dataclass
class PlayedGame:
    game: str
    fake: FakeDiscord
    world: World
    session: int
    humans: list[str]
    lobby_requests: tuple[int, int]
    steps: list[Step] = field(default_factory=list)
    record: Any = None
    moves: list[Any] = field(default_factory=list)
    refusals: list[str] = field(default_factory=list)
    seconds: float = 0.0
    probes: dict[str, str] = field(default_factory=dict)


class MeasuredDriver(Driver):
    """The e2e driver's choices (``find_action``/``act``), one action at a time."""

    async def measured_play(self, game: PlayedGame, max_actions: int = 6000) -> None:
        host = game.world.bot.host
        for _ in range(max_actions):
            kind, player, msg = await self.fake.wait_for(
                self.find_action, timeout=20, what="a prompt for a waiting player"
            )
            if kind == "done":
                return
            if self.away:  # slow play: every player has been away since their last action
                game.world.skew += ACTIVE_WINDOW + 1
            first = len(self.fake.requests)
            result = await self.act(kind, player, msg)
            await self.fake.idle(quiet=QUIET, timeout=30)
            refused = [m.content for m in result.followups if m.ephemeral and m.content]
            moves = len(await host.moves(game.session))
            if kind != "open" and refused and moves == (game.steps[-1].moves_after):
                self.refusals_seen.append(refused[0])
            game.steps.append(Step(kind, player.user.name, first, len(self.fake.requests), moves))
        raise AssertionError(f"no final standings after {max_actions} actions")

    refusals_seen: list[str]
    away: bool = False

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.refusals_seen = []


async def start_table(
    world: World, game: str, humans: list[str], probes: dict[str, str]
) -> tuple[int, Step, tuple[int, int]]:
    """``/game new``, the others press Join, the host presses Start: the first board (with the
    refusal probes, outside the measured windows, written into ``probes``)."""
    fake, ch, users = world.fake, world.channel, users_of(world)
    lobby_first = len(fake.requests)
    lobby = await open_table(world, game, host=humans[0], join=tuple(humans[1:]), start=False)
    await fake.idle(quiet=QUIET)
    lobby_last = len(fake.requests)
    probes.update(await lobby_probe(fake, users, lobby))
    first = len(fake.requests)
    await fake.click(users[humans[0]], lobby, t("lobby.start"))
    await fake.wait_for(lambda: board_message(fake, ch), timeout=20, what="the first board")
    await fake.idle(quiet=QUIET, timeout=30)
    moves = len(await world.bot.host.moves(table_id(lobby)))
    step = Step("start", humans[0], first, len(fake.requests), moves)
    board = board_message(fake, ch)
    waiting = waiting_names(board) if board else []
    probes.update(await board_probe(fake, ch, users, humans, waiting))
    return table_id(lobby), step, (lobby_first, lobby_last)


@contextlib.asynccontextmanager
async def fake_world(players: int, dms_closed: bool) -> AsyncIterator[World]:
    """The fake Discord with a guild "Deskovky", #herna and the players (rate limits off: the
    bench counts requests, it does not wait them out; the limits are applied arithmetically)."""
    async with FakeDiscord.running(disabled_checks={"rate_limits"}) as fake:
        guild = fake.add_guild("Deskovky")
        channel = fake.add_channel(guild, "herna")
        users = {
            n: fake.add_user(n, guilds=[guild], dms_open=not dms_closed) for n in NAMES[:players]
        }
        users[PROBE_USER] = fake.add_user(PROBE_USER, guilds=[guild])
        with tempfile.TemporaryDirectory(prefix="traffic-") as tmp:
            world = World(fake, Path(tmp) / "crowntable.db", guild, channel, users)
            settle_with_the_bot(fake, world)
            try:
                yield world
            finally:
                for client, task in zip(world.bots, world.tasks, strict=True):
                    if not client.is_closed():
                        await client.close()
                    with contextlib.suppress(Exception):
                        await asyncio.wait_for(task, 10)


def users_of(world: World) -> dict[str, Any]:
    """The fake's users by name (the harness types them as plain objects)."""
    return dict(world.users)


async def play_game(
    game: str,
    players: int,
    seed: int,
    dms_closed: bool,
    keep: Callable[[PlayedGame], T],
    away: bool = False,
) -> T:
    """A whole game of ``game`` by ``players`` humans; ``keep(played)`` is called while the fake
    still runs (the analysis reads the recorded requests and messages). ``away``: before every
    action the bot's clock jumps past ACTIVE_WINDOW (slow play: nobody is at the table, so
    every turn is notified)."""
    logging.getLogger("discord").setLevel(logging.ERROR)
    async with fake_world(players, dms_closed) as world:
        loop = asyncio.get_running_loop()
        began = loop.time()
        await world.start_bot(seed=seed)
        humans = list(NAMES[:players])
        probes: dict[str, str] = {}
        session, start, lobby = await start_table(world, game, humans, probes)
        played = PlayedGame(game, world.fake, world, session, humans, lobby, [start])
        played.probes = probes
        driver = MeasuredDriver(
            world.fake,
            world.channel,
            [Player(users_of(world)[n], dms_open=not dms_closed) for n in humans],
            seed=seed,
        )
        driver.away = away
        await driver.measured_play(played)
        await world.fake.idle(quiet=QUIET, timeout=30)
        played.steps[-1].last = len(world.fake.requests)
        played.refusals = driver.refusals_seen
        played.record = await world.bot.host.get(session)
        played.moves = await world.bot.host.moves(session)
        played.seconds = loop.time() - began
        return keep(played)
