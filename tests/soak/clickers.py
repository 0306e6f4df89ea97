"""A table played the way a server full of people plays it, pranksters included.

Each :class:`TableRun` owns a fresh channel and fresh members (so the checkers can tell the
tables apart): it opens a table of its game (``/game new``, Join, Add AI of a level, Start),
then its humans play random legal choices from wherever the bot put their prompt (the board,
a DM, the ephemeral fallback when their DMs are closed), and now and then double-click, click
an old prompt, press Undo, let someone Watch, leave (an AI takes the seat), and after the
final standings maybe press Rematch. Every move click is written down as an :class:`Intent`
with the bot's answer, for :mod:`tests.soak.checks`. Nothing here reads the database."""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bot.text.i18n import t
from tests.e2e.driver import (
    Driver,
    Player,
    board_message,
    final_messages,
    move_components,
    waiting_names,
)
from tests.e2e.helpers import TABLE_ID
from tests.fakediscord import FakeDiscord, InteractionResult
from tests.fakediscord.actions import UserCannot

if TYPE_CHECKING:
    from tests.soak.procs import Backend
    from tests.soak.run import Soak

#: seconds a clicker waits for the bot's answer to one click
ANSWER_S = 8.0


def checks_answers(intent: Intent) -> list[str]:
    from tests.soak.checks import answer_texts

    return answer_texts(intent)


AI_LEVELS = ("random", "easy", "medium")


class SoakDriver(Driver):
    """The e2e driver, reading a DM prompt as a person does: the latest DM that offers the
    decision, not an ephemeral answer to an earlier click shown below it ("That prompt is
    out of date", "The database is busy") - those are in the DM channel too; and a DM
    prompt that came before its player closed their DMs is still theirs to click."""

    def find_action(self) -> tuple[str, Player, Any] | None:
        if self.final():
            return ("done", self.players[0], None)
        board = board_message(self.fake, self.channel)
        if board is None:
            return None
        names = waiting_names(board)
        for player in self.players:
            if player.user.name not in names:
                continue
            if any(move_components(board)):
                return ("board", player, board)
            # DMs closed after the prompt came: it is still there to click (closing DMs
            # only stops new ones)
            dms = [m for m in self.fake.dms(player.user) if not m.deleted and not m.ephemeral]
            if dms and any(move_components(dms[-1])):
                return ("dm", player, dms[-1])
            if not player.dms_open:
                eph = [
                    m
                    for m in self.fake.ephemerals(player.user)
                    if not m.deleted and any(move_components(m))
                ]
                if eph:
                    return ("ephemeral", player, eph[-1])
                if t("board.open_prompt") in board.labels:
                    return ("open", player, board)
        return None


@dataclass(eq=False)
class Intent:
    """One move a player clicked (twice, for a double click): what the log must show."""

    sid: int
    player: str
    digest: str  # the move hash ("<first>.<second>" for a chained choice)
    results: list[InteractionResult]
    at: float  # monotonic time of the click
    backend: Backend
    stale: bool = False


@dataclass(eq=False)
class Table:
    """One game played in a TableRun's channel."""

    sid: int
    game: str
    backend: Backend
    channel: Any
    humans: list[Any]  # the users seated as humans (all of the group, some may have left)
    spectators: list[Any] = field(default_factory=list)
    finished: bool = False
    deleted: bool = False
    stuck: bool = False
    left: set[str] = field(default_factory=set)
    opened: float = field(default_factory=time.monotonic)


class TableRun:
    """One channel: a table of ``game``, then maybe rematches, until the soak drains."""

    def __init__(self, soak: Soak, backend: Backend, guild: Any, game: str, n: int) -> None:
        self.soak, self.backend, self.game = soak, backend, game
        self.fake: FakeDiscord = backend.fake
        self.rng = random.Random(soak.seed * 1000 + n)
        self.channel = self.fake.add_channel(guild, f"soak-{n}")
        seats = self.rng.choice((2, 2, 3)) if game != "tek" else 2
        humans = self.rng.choice((1, 1, 2)) if seats > 1 else 1
        self.users = [self.fake.add_user(f"p{n}x{i}", guilds=[guild]) for i in range(humans)]
        self.ai = [self.rng.choice(AI_LEVELS) for _ in range(seats - humans)]
        self.watcher = self.fake.add_user(f"w{n}", guilds=[guild])
        self.tables: list[Table] = []
        self.task: asyncio.Task[None] | None = None  # set by the soak
        self.answers: list[str] = []  # the bot's answers to /game new (for a report)
        self.stale_in_a_row: dict[int, int] = {}  # user id -> "out of date" answers in a row
        self.last_intent: Intent | None = None
        #: (user, message, custom_id, select value) clicked before
        self.stale: list[tuple[Any, Any, str, str | None]] = []

    @property
    def table(self) -> Table | None:
        return self.tables[-1] if self.tables else None

    async def run(self) -> None:
        lobby = None
        while not self.soak.draining and not (self.table and (self.table.deleted)):
            table = await self.open(lobby)
            if table is None:
                return
            await self.play(table)
            if table.finished:
                self.soak.finished(table)
            if not table.finished or self.soak.draining or self.rng.random() > 0.35:
                return
            lobby = await self.rematch(table)
            if lobby is None:
                return

    # --- opening a table ----------------------------------------------------------------
    async def interact(self, coro: Any) -> InteractionResult | None:
        """One interaction; None when the bot did not answer in time (it may be down)."""
        try:
            return await coro
        except (AssertionError, UserCannot, TimeoutError) as exc:
            self.soak.note("no answer", repr(exc)[:200])
            self.answers.append(repr(exc)[:200])
            return None

    def lobby_message(self) -> Any:
        for msg in reversed(self.fake.messages(self.channel)):
            if not msg.deleted and any(c.startswith("ct:l:") for c in msg.custom_ids):
                return msg
        return None

    async def open(self, lobby: Any = None) -> Table | None:
        fake, host = self.fake, self.users[0]
        finals = len(final_messages(fake, self.channel))
        sid: int | None = None
        give_up = time.monotonic() + self.soak.stuck_s * 2
        while time.monotonic() < give_up:
            if self.soak.draining:
                return None
            lobby = self.lobby_message()
            found = TABLE_ID.search(lobby.text(history=False)) if lobby is not None else None
            if found:
                sid = int(found.group(1))
            if sid is not None and self.board_of(sid):
                return self.seated(sid, finals)
            if lobby is None or not found:
                if sid is None:
                    res = await self.interact(
                        fake.slash(host, self.channel, f"game new {self.game}", turn_clock="5m")
                    )
                    self.answers.append(repr(res)[:200])
                    if res is not None and res.content == t("error.channel_busy"):
                        sid = await self.by_commands()  # as the answer says: /game status
                await asyncio.sleep(1.0)
                continue
            await self.fill(lobby, sid)
            await self.interact(fake.click(host, lobby, t("lobby.start"), timeout=ANSWER_S))
            with contextlib.suppress(AssertionError):
                await fake.wait_for(
                    lambda s=sid: self.board_of(s), timeout=10, what="the first board"
                )
        self.soak.violation(
            "lobby",
            f"table {sid} in #{self.channel.name} ({self.backend.name}) never started; "
            f"answers to /game new: {self.answers[-3:]}; channel: "
            f"{[m.text(history=False)[:100] for m in fake.messages(self.channel)[-3:]]}",
        )
        return None

    async def by_commands(self) -> int | None:
        """The channel has a table nobody sees a lobby of (it was stored, the answer to
        /game new was not): /game status shows it, /game join, /game ai and /game start
        work without the lobby message. The table's id, or None."""
        fake, host = self.fake, self.users[0]
        res = await self.interact(fake.slash(host, self.channel, "game status", _timeout=ANSWER_S))
        found = TABLE_ID.search(res.text()) if res is not None else None
        if found is None:
            return None
        self.soak.count("lobby by commands")
        text = res.text() if res is not None else ""
        for user in self.users[1:]:
            if user.name not in text:
                await self.interact(fake.slash(user, self.channel, "game join", _timeout=ANSWER_S))
        for level in self.ai[text.count("🤖") :]:
            await self.interact(
                fake.slash(host, self.channel, "game ai", level=level, _timeout=ANSWER_S)
            )
        await self.interact(fake.slash(host, self.channel, "game start", _timeout=ANSWER_S))
        return int(found.group(1))

    def board_of(self, sid: int) -> Any:
        board = board_message(self.fake, self.channel)
        if board is None:
            return None
        found = TABLE_ID.search(board.text(history=False))
        return board if found and int(found.group(1)) == sid else None

    async def fill(self, lobby: Any, sid: int) -> None:
        """Join the humans not in the lobby yet and add the AI seats still missing."""
        fields = (lobby.embeds[0].get("fields") or [{}]) if lobby.embeds else [{}]
        text = fields[0].get("value") or ""  # "1. p0 👑\n2. AI 1 · easy 🤖"
        for user in self.users[1:]:
            if user.name not in text:
                await self.interact(self.fake.click(user, lobby, t("lobby.join"), timeout=ANSWER_S))
        have = text.count("🤖")
        for level in self.ai[have:]:
            await self.interact(
                self.fake.select(self.users[0], lobby, f"ct:a:{sid}", [level], timeout=ANSWER_S)
            )

    def seated(self, sid: int, finals: int) -> Table:
        table = Table(sid, self.game, self.backend, self.channel, list(self.users))
        self.tables.append(table)
        self.soak.tables.append(table)
        self.driver = SoakDriver(self.fake, self.channel, [Player(u) for u in self.users])
        self.driver.rng = self.rng
        self.driver.finals_before = finals
        return table

    async def rematch(self, table: Table) -> Any:
        final = final_messages(self.fake, self.channel)[-1]
        presser = self.rng.choice(self.users)
        if f"ct:r:{table.sid}" not in final.custom_ids:
            return None
        res = await self.interact(
            self.fake.click(presser, final, f"ct:r:{table.sid}", timeout=ANSWER_S)
        )
        if res is None or res.ephemeral:
            return None
        self.users.remove(presser)
        self.users.insert(0, presser)  # the presser hosts the new lobby
        self.soak.count("rematch")
        return res.message

    # --- playing ------------------------------------------------------------------------
    async def play(self, table: Table) -> None:
        progress = (time.monotonic(), None)
        leave_at = self.rng.randrange(4, 60) if self.rng.random() < 0.15 else None
        clicks = 0
        while not table.deleted:
            if self.driver.final():
                table.finished = True
                return
            if self.soak.stopping:
                return
            seen = self.progress_mark()
            if seen != progress[1]:
                progress = (time.monotonic(), seen)
            elif time.monotonic() - progress[0] > self.soak.stuck_s:
                table.stuck = True
                await self.soak.stuck(
                    table, f"no change for {self.soak.stuck_s:.0f} s; {self.seen()}"
                )
                return
            for p in self.driver.players:
                p.dms_open = p.user.dms_open
            action = self.driver.find_action()
            if action is None or action[0] == "done":
                await asyncio.sleep(0.3)
                continue
            clicks += 1
            if leave_at is not None and clicks >= leave_at and len(self.driver.players) > 0:
                await self.leave(table)
                leave_at = None
                continue
            await self.prank(table)
            await self.act(table, *action)

    def seen(self) -> str:
        """What the players see now (for the report of a stuck table)."""
        board = board_message(self.fake, self.channel)
        out = [
            f"board {board.id} v{len(board.versions)} ids {board.custom_ids}"
            if board
            else "no board"
        ]
        if board is not None:
            out.append(f"waiting {waiting_names(board)}")
        for p in self.driver.players:
            dms = [m for m in self.fake.dms(p.user) if not m.deleted]
            eph = [m for m in self.fake.ephemerals(p.user) if not m.deleted]
            last = dms[-1] if dms else None
            out.append(
                f"{p.user.name} ({p.user.id}) dms_open={p.user.dms_open} "
                f"{len(dms)} DMs, last {last.text(history=False)[:150] if last else None!r} "
                f"v{len(last.versions) if last else 0} ids {last.custom_ids if last else None}; "
                f"last ephemeral {eph[-1].text(history=False)[:150] if eph else None!r} "
                f"ids {eph[-1].custom_ids if eph else None}"
            )
        return "; ".join(out)

    def progress_mark(self) -> tuple[Any, ...]:
        board = board_message(self.fake, self.channel)
        dms = tuple(len(m.versions) for u in self.users for m in self.fake.dms(u)[-1:])
        return (board.id, len(board.versions)) if board else (None,), dms

    async def leave(self, table: Table) -> None:
        player = self.rng.choice(self.driver.players)
        res = await self.interact(
            self.fake.slash(player.user, self.channel, "game leave", _timeout=ANSWER_S)
        )
        if res is not None and res.content == t("lobby.left_running"):
            self.driver.players.remove(player)
            table.left.add(str(player.user.id))
            self.soak.count("leave")

    async def prank(self, table: Table) -> None:
        """Now and then: an old prompt clicked, Undo pressed, a spectator."""
        roll = self.rng.random()
        if roll < 0.04 and self.stale:
            user, msg, cid, value = self.rng.choice(self.stale[-6:])
            await self.click_move(table, user, msg, cid, value, stale=True)
            self.soak.count("stale click")
        elif roll < 0.08:
            await self.undo(table)
        elif roll < 0.10 and not table.spectators:
            board = board_message(self.fake, self.channel)
            if board is not None and f"ct:w:{table.sid}:on" in board.custom_ids:
                res = await self.interact(
                    self.fake.click(self.watcher, board, f"ct:w:{table.sid}:on", timeout=ANSWER_S)
                )
                if res is not None:
                    table.spectators.append(self.watcher)
                    self.soak.count("watch")

    async def undo(self, table: Table) -> None:
        board = board_message(self.fake, self.channel)
        ids = [c for c in board.custom_ids if c.startswith("ct:u:")] if board else []
        if not ids or board is None:
            return
        label = next(
            (b.get("label") or "" for b in board.buttons() if b.get("custom_id") == ids[0]), ""
        )
        mover = next((p.user for p in self.driver.players if p.user.name in label), None)
        user = mover if mover is not None and self.rng.random() < 0.8 else self.watcher
        await self.interact(self.fake.click(user, board, ids[0], timeout=ANSWER_S))
        self.soak.count("undo" if user is mover else "undo by someone else")

    async def act(self, table: Table, kind: str, player: Player, msg: Any) -> None:
        if kind == "open":
            await self.interact(self.fake.click(player.user, msg, t("board.open_prompt")))
            await asyncio.sleep(0.3)
            return
        if self.stale_in_a_row.get(player.user.id, 0) >= 3:  # as a person would: /game hand
            self.stale_in_a_row[player.user.id] = 0
            res = await self.interact(
                self.fake.slash(player.user, self.channel, "game hand", _timeout=ANSWER_S)
            )
            if res is None or res.message is None or not any(move_components(res.message)):
                return
            self.soak.count("prompt by /game hand after stale ones")
            msg = res.message
        selects, buttons = move_components(msg)
        if selects:
            select = selects[0]
            value = self.rng.choice(select["options"])["value"]
            await self.click_move(table, player.user, msg, select["custom_id"], value=value)
        elif buttons:
            cid = self.rng.choice(buttons)["custom_id"]
            await self.click_move(table, player.user, msg, cid)
        else:
            return
        stale = t("error.stale_link", link="\0").split("\0")[0]
        last, self.last_intent = self.last_intent, None
        answers = checks_answers(last) if last is not None else []
        n = self.stale_in_a_row.get(player.user.id, 0)
        self.stale_in_a_row[player.user.id] = (
            n + 1 if any(a.startswith(stale) for a in answers) else 0
        )
        await self.settle(msg)

    async def settle(self, msg: Any) -> None:
        """Until the bot has shown what the click did (or a few seconds went by)."""
        versions = len(msg.versions)
        board = board_message(self.fake, self.channel)
        before = (board.id, len(board.versions)) if board else None

        def moved() -> bool:
            now = board_message(self.fake, self.channel)
            return len(msg.versions) != versions or (
                now is not None and (now.id, len(now.versions)) != before
            )

        with contextlib.suppress(AssertionError):
            await self.fake.wait_for(moved, timeout=5, what="the click to show")
        await asyncio.sleep(self.rng.choice((0.05, 0.05, 0.3)))

    async def click_move(
        self,
        table: Table,
        user: Any,
        msg: Any,
        cid: str,
        value: str | None = None,
        stale: bool = False,
    ) -> None:
        double = not stale and self.rng.random() < 0.05
        fake = self.fake

        def one() -> Any:
            if value is not None:
                return fake.select(user, msg, cid, [value], wait=False, stale=stale)
            return fake.click(user, msg, cid, wait=False, stale=stale)

        try:
            results = list(await asyncio.gather(*(one() for _ in range(2 if double else 1))))
        except (UserCannot, AssertionError) as exc:
            self.soak.note("cannot click", repr(exc)[:200])
            return
        if double:
            self.soak.count("double click")
        digest = value if value is not None else cid.split(":")[4]
        sid = int(cid.split(":")[2])  # an old prompt may be of the previous table
        intent = Intent(sid, str(user.id), digest, results, time.monotonic(), self.backend)
        intent.stale = stale
        self.soak.intents.append(intent)
        self.last_intent = intent
        if not stale:
            self.stale.append((user, msg, cid, value))
        with contextlib.suppress(AssertionError):
            await fake.wait_for(
                lambda: all(r.type is not None or r.interaction.late for r in results),
                timeout=ANSWER_S,
                what="an answer",
            )
