"""Plays whole games through Discord the way people do: read the board in the channel, find
your prompt (the board's own components, your DM, or the ephemeral fallback when your DMs are
closed), pick a random option. No peeking into the bot's database."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any

from bot.text.i18n import t
from tests.fakediscord import FakeDiscord, InteractionResult, Message
from tests.fakediscord.models import IS_COMPONENTS_V2

#: the non-move buttons, in every language (a Czech table is played too: tests/e2e/test_czech.py)
UTILITY = {
    t(key, locale)
    for key in (
        "board.my_view",
        "board.open_prompt",
        "prompt.prev",
        "prompt.next",
        "web.open_board",
    )
    for locale in ("en", "cs")
}
WAITING = re.compile(r"^⏳ (.+)$", re.MULTILINE)  # the names are bold, the deadline is not


def board_texts(msg: Message) -> list[str]:
    """The text displays of a components-v2 board message, in order: the title ("## ..."),
    the status, the footer ("-# ...")."""
    return [c.get("content") or "" for c in msg.all_components() if c.get("type") == 10]


def board_title(msg: Message) -> str:
    texts = board_texts(msg)
    return texts[0].removeprefix("## ") if texts else ""


def board_footer(msg: Message) -> str:
    texts = board_texts(msg)
    return texts[-1].removeprefix("-# ") if texts else ""


def board_status(msg: Message) -> str:
    """The board's status in words: every text display between the title and the footer."""
    return "\n\n".join(board_texts(msg)[1:-1])


def is_board(msg: Message) -> bool:
    """A table's board message: a components-v2 container whose footer names the table."""
    return (
        not msg.deleted
        and bool(msg.flags & IS_COMPONENTS_V2)
        and board_footer(msg).startswith(("Crowntable · table", "Crowntable · stůl"))
    )


def board_message(fake: FakeDiscord, channel: Any) -> Message | None:
    for msg in reversed(fake.messages(channel)):
        if is_board(msg):
            return msg
    return None


def final_messages(fake: FakeDiscord, channel: Any) -> list[Message]:
    return [
        msg
        for msg in fake.messages(channel)
        if msg.embeds
        and any(
            word in (msg.embeds[0].get("title") or "")
            for word in ("final standings", "konečné pořadí")
        )
    ]


def final_message(fake: FakeDiscord, channel: Any) -> Message | None:
    """The latest final standings message in the channel."""
    finals = final_messages(fake, channel)
    return finals[-1] if finals else None


def waiting_names(board: Message) -> list[str]:
    text = board_status(board)
    found = WAITING.search(text)
    return re.findall(r"\*\*(.+?)\*\*", found.group(1)) if found else []


def move_components(msg: Message) -> tuple[list[dict], list[dict]]:
    selects = [s for s in msg.selects() if (s.get("custom_id") or "").startswith("ct:s:")]
    buttons = [
        b
        for b in msg.buttons()
        if (b.get("custom_id") or "").startswith("ct:m:") and not b.get("disabled")
    ]
    return selects, buttons


@dataclass
class Player:
    user: Any
    dms_open: bool = True


@dataclass
class Stats:
    actions: int = 0
    refusals: list[str] = field(default_factory=list)
    via: dict[str, int] = field(default_factory=lambda: {"board": 0, "dm": 0, "ephemeral": 0})


class Driver:
    def __init__(self, fake: FakeDiscord, channel: Any, players: list[Player], seed: int = 0):
        self.fake, self.channel, self.players = fake, channel, players
        self.rng = random.Random(seed)
        self.stats = Stats()
        self.finals_before = len(final_messages(fake, channel))  # earlier games' results

    def final(self) -> Message | None:
        """The final standings of this driver's game, once posted."""
        finals = final_messages(self.fake, self.channel)
        return finals[self.finals_before] if len(finals) > self.finals_before else None

    def find_action(self) -> tuple[str, Player, Message | None] | None:
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
            if player.dms_open:
                dms = [m for m in self.fake.dms(player.user) if not m.deleted]
                if dms and any(move_components(dms[-1])):
                    return ("dm", player, dms[-1])
            else:
                eph = [m for m in self.fake.ephemerals(player.user) if not m.deleted]
                if eph and any(move_components(eph[-1])):
                    return ("ephemeral", player, eph[-1])
                if t("board.open_prompt") in board.labels:
                    return ("open", player, board)
        return None

    async def act(self, kind: str, player: Player, msg: Message) -> InteractionResult:
        if kind == "open":
            return await self.fake.click(player.user, msg, t("board.open_prompt"))
        selects, buttons = move_components(msg)
        self.stats.actions += 1
        self.stats.via[kind] += 1
        if selects:
            select = selects[0]
            option = self.rng.choice(select["options"])
            return await self.fake.select(player.user, msg, select["custom_id"], [option["value"]])
        button = self.rng.choice(buttons)
        return await self.fake.click(player.user, msg, button["custom_id"])

    async def play(self, max_actions: int = 4000, step_timeout: float = 10.0) -> Message:
        """Play until the final standings are posted; returns that message."""
        for _ in range(max_actions):
            kind, player, msg = await self.fake.wait_for(
                self.find_action, timeout=step_timeout, what="a prompt for a waiting player"
            )
            if kind == "done":
                return self.final()  # type: ignore[return-value]
            board = board_message(self.fake, self.channel)
            before = (board.id, len(board.versions)) if board else None
            ephemerals = len(self.fake.ephemerals(player.user))
            clicked = len(msg.versions)
            result = await self.act(kind, player, msg)
            if kind == "open":
                await self.fake.wait_for(
                    lambda p=player, n=ephemerals: len(self.fake.ephemerals(p.user)) > n,
                    timeout=10,
                    what="the ephemeral prompt",
                )
                continue

            def refused(result: InteractionResult = result) -> list[Message]:
                direct = (
                    [result.message]
                    if result.type == 4 and result.ephemeral and result.message is not None
                    else []
                )
                return direct + [m for m in result.followups if m.ephemeral]

            def board_moved(
                before: tuple[int, int] | None = before, msg: Message = msg, clicked: int = clicked
            ) -> bool:
                # the board, or (a private sub-step: the board waits for the turn's end) the
                # clicked prompt itself
                now = board_message(self.fake, self.channel)
                return (
                    bool(self.final())
                    or len(msg.versions) != clicked
                    or (now is not None and (now.id, len(now.versions)) != before)
                )

            await self.fake.wait_for(
                lambda: board_moved() or refused(), timeout=10, what="the board to update"
            )
            if kind != "board":  # the prompt answers first, the board follows: wait for it
                await self.fake.idle(quiet=0.01)
            if refused() and not board_moved():
                self.stats.refusals.append(refused()[0].content)
                assert len(self.stats.refusals) < 20, self.stats.refusals
        raise AssertionError(f"no final standings after {max_actions} actions")
