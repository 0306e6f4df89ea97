"""Small helpers the e2e tests share: open a table, find its id, read the board, check images,
look at what the bot stored (only to check outcomes, never to drive a game)."""

from __future__ import annotations

import re
from typing import Any

from bot.i18n import t
from tests.e2e.driver import board_message, final_message
from tests.fakediscord import EPHEMERAL, InteractionResult, Message, png_size

TABLE_ID = re.compile(r"table #(\d+)")


def table_id(msg: Message) -> int:
    """The session id shown in a lobby/board title."""
    title = msg.embeds[0].get("title") or ""
    found = TABLE_ID.search(title)
    assert found, f"no table id in {title!r}"
    return int(found.group(1))


async def open_table(world: Any, game: str, host: str = "alice", *, join: tuple[str, ...] = (),
                     join_cmd: tuple[str, ...] = (), ai: int = 0, clock: str = "off",
                     start: bool = True, **options: Any) -> Message:
    """``/game new <game>``, Join buttons (or ``/game join``), Add AI, Start. Returns the
    lobby message."""
    fake, ch, u = world.fake, world.channel, world.users
    res = await fake.slash(u[host], ch, f"game new {game}", turn_clock=clock, **options)
    assert not res.ephemeral, res
    lobby = res.message
    assert lobby is not None and t("lobby.join") in lobby.labels, lobby
    for name in join:
        r = await fake.click(u[name], lobby, t("lobby.join"))
        assert r.type == 7, r  # the lobby message itself is updated
    for name in join_cmd:
        r = await fake.slash(u[name], ch, "game join")
        assert r.ephemeral and name in r.content, r
    for _ in range(ai):
        await fake.click(u[host], lobby, t("lobby.ai"))
    if start:
        await fake.click(u[host], lobby, t("lobby.start"))
        await fake.wait_for(lambda: board_message(fake, ch), timeout=10, what="the first board")
        await fake.idle()
    return lobby


def is_png(data: bytes) -> bool:
    size = png_size(data)
    return size is not None and size[0] > 50 and size[1] > 50


def board_png(fake: Any, msg: Message) -> bytes:
    """The board image of a board message (embed image -> attachment://board.png)."""
    embed = msg.embeds[0]
    assert (embed.get("image") or {}).get("url", "").endswith("/board.png"), embed
    return msg.attachment("board.png")


def _ephemeral_answers(result: InteractionResult) -> list[Message]:
    own = [result.message] if result.type in (4, 5) and result.message is not None else []
    return [m for m in own + result.followups if m.flags & EPHEMERAL and not m.loading]


async def refusal(result: InteractionResult, timeout: float = 5.0) -> str:
    """The ephemeral answer to an interaction the bot refused (response or follow-up; waits
    for the follow-up after a defer)."""
    msgs = await result.fake.wait_for(lambda: _ephemeral_answers(result), timeout=timeout,
                                      what=f"an ephemeral refusal to {result!r}")
    return "\n".join(m.content for m in msgs)


def is_stale(text: str, fake: Any = None, channel: Any = None) -> bool:
    """Whether ``text`` is the stale-prompt refusal (plain, or pointing at the current board;
    with ``fake``/``channel``, a link must point at the latest board message)."""
    if text == t("error.stale"):
        return True
    head = t("error.stale_link", link="\0").split("\0")[0]
    if not head.strip() or not text.startswith(head):
        return False
    if fake is not None:
        board = board_message(fake, channel)
        return board is not None and text.rstrip().endswith(f"/{board.id}")
    return True


def refused_now(result: InteractionResult) -> bool:
    """Whether the bot has answered ``result`` with an ephemeral message (no waiting)."""
    return bool(_ephemeral_answers(result))


def board_state(fake: Any, channel: Any) -> tuple[int, int, str]:
    """(message id, number of versions, text) of the current board: unchanged = nothing moved."""
    b = board_message(fake, channel)
    assert b is not None
    return b.id, len(b.versions), b.text(history=False)


async def move_count(world: Any, session: int) -> int:
    return len(await world.bot.store.moves(session))


__all__ = ["board_message", "final_message", "open_table", "table_id", "is_png", "board_png",
           "refusal", "refused_now", "is_stale", "board_state", "move_count"]
