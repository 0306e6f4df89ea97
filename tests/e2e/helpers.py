"""Small helpers the e2e tests share: open a table, find its id, read the board, check images,
look at what the bot stored (only to check outcomes, never to drive a game)."""

from __future__ import annotations

import asyncio
import functools
import re
from typing import Any

import games
from bot.text import presenters
from bot.text.i18n import t
from games.ai import RandomPlayer
from tests.e2e.driver import SLOW_DOWN, board_message, board_title, final_message
from tests.fakediscord import EPHEMERAL, InteractionResult, Message, png_size

TABLE_ID = re.compile(r"(?:table #|stůl č\. )(\d+)")  # English or Czech titles


def table_id(msg: Message) -> int:
    """The session id shown in a lobby/board title."""
    title = (msg.embeds[0].get("title") or "") if msg.embeds else board_title(msg)
    found = TABLE_ID.search(title)
    assert found, f"no table id in {title!r}"
    return int(found.group(1))


async def patiently(act: Any) -> InteractionResult:
    """``await act()`` (a click or a command) and, while it is answered "slow down" (the bot's
    token bucket, issue 31, kept on in ``crowntable run`` processes), wait as a person would and
    do it again."""
    for _ in range(10):
        r = await act()
        if not (r.ephemeral and r.message is not None and r.message.content in SLOW_DOWN):
            return r
        await asyncio.sleep(1.0)
    return r


async def patient_click(fake: Any, user: Any, msg: Message, label: str) -> InteractionResult:
    """A click that waits and clicks again when answered "slow down" (see :func:`patiently`)."""
    return await patiently(lambda: fake.click(user, msg, label))


async def open_table(
    world: Any,
    game: str,
    host: str = "alice",
    *,
    join: tuple[str, ...] = (),
    join_cmd: tuple[str, ...] = (),
    ai: int = 0,
    clock: str = "off",
    start: bool = True,
    channel: Any = None,
    **options: Any,
) -> Message:
    """``/game new <game>``, Join buttons (or ``/game join``), Add AI, Start. Returns the
    lobby message. ``channel``: another channel or a thread (default: #herna)."""
    fake, ch, u = world.fake, channel or world.channel, world.users
    res = await patiently(
        lambda: fake.slash(u[host], ch, f"game new {game}", turn_clock=clock, **options)
    )
    assert not res.ephemeral, res
    lobby = res.message
    assert lobby is not None and t("lobby.join") in lobby.labels, lobby
    for name in join:
        r = await patient_click(fake, u[name], lobby, t("lobby.join"))
        assert r.type == 7, r  # the lobby message itself is updated
    for name in join_cmd:
        r = await fake.slash(u[name], ch, "game join")
        assert r.ephemeral and name in r.content, r
    for _ in range(ai):
        await patient_click(fake, u[host], lobby, t("lobby.ai"))
    if start:
        await patient_click(fake, u[host], lobby, t("lobby.start"))
        await fake.wait_for(lambda: board_message(fake, ch), timeout=10, what="the first board")
        await fake.idle()
    return lobby


def is_png(data: bytes) -> bool:
    size = png_size(data)
    return size is not None and size[0] > 50 and size[1] > 50


def board_png(fake: Any, msg: Message) -> bytes:
    """The board image of a board message (its media gallery -> attachment://board.png; the
    embed image of a board's copy)."""
    if msg.embeds:
        embed = msg.embeds[0]
        assert (embed.get("image") or {}).get("url", "").endswith("/board.png"), embed
        return msg.attachment("board.png")
    media = [
        item.get("media") or {}
        for c in msg.all_components()
        if c.get("type") == 12
        for item in c.get("items") or []
    ]
    assert [m.get("url") for m in media] == ["attachment://board.png"], media
    assert media[0].get("attachment") == "board.png", media
    return msg.attachment("board.png")


def _ephemeral_answers(result: InteractionResult) -> list[Message]:
    own = [result.message] if result.type in (4, 5) and result.message is not None else []
    return [m for m in own + result.followups if m.flags & EPHEMERAL and not m.loading]


async def refusal(result: InteractionResult, timeout: float = 5.0) -> str:
    """The ephemeral answer to an interaction the bot refused (response or follow-up; waits
    for the follow-up after a defer)."""
    msgs = await result.fake.wait_for(
        lambda: _ephemeral_answers(result),
        timeout=timeout,
        what=f"an ephemeral refusal to {result!r}",
    )
    return "\n".join(m.content for m in msgs)


def is_stale(text: str, fake: Any = None, channel: Any = None) -> bool:
    """Whether ``text`` is the stale-prompt refusal (plain, or pointing at the current board;
    with ``fake``/``channel``, a link must point at the latest board message)."""
    if text == t("refusal.stale"):
        return True
    head = t("error.stale_link", link="\0").split("\0")[0]
    if not head.strip() or not text.startswith(head):
        return False
    if fake is not None:
        board = board_message(fake, channel)
        return board is not None and text.rstrip().endswith(f"/{board.id}")
    return True


def _receipt(content: str | None, embeds: list[dict]) -> str | None:
    done = t("private.chosen", move="\0").split("\0")[0]
    texts = [content or ""] + [(e.get("description") or "") for e in embeds[:1]]
    for text in texts:
        if text.startswith(done):
            return text.split("\n\n")[0]
    return None


def receipt(msg: Message) -> str | None:
    """The "✅ Chosen: ..." line a private prompt shows now (in its content while the next
    prompt follows, or as the whole embed once answered), or None."""
    return _receipt(msg.content, msg.embeds)


def receipts(msg: Message) -> list[str]:
    """Every receipt a private prompt message showed over its versions, in order."""
    out: list[str] = []
    last = None
    for v in msg.versions:
        r = _receipt(v["content"], v["embeds"])
        if r and r != last:
            out.append(r)
        last = r
    return out


def prompt_versions(msg: Message) -> list[dict]:
    """The versions of a message that offered move components (it was a prompt then)."""

    def ids(v: dict) -> list[str]:
        out, stack = [], list(v["components"])
        while stack:
            c = stack.pop()
            stack.extend(c.get("components") or [])
            if c.get("custom_id", "").startswith(("ct:m:", "ct:s:")):
                out.append(c["custom_id"])
        return out

    return [v for v in msg.versions if ids(v)]


def files_sent_to(fake: Any, channel_id: int) -> list[tuple[str, bytes]]:
    """Every file the bot uploaded with a message to that channel (DM channels included)."""
    prefix = f"/channels/{channel_id}/messages"
    return [f for r in fake.requests if r.path.startswith(prefix) for f in r.files]


def refused_now(result: InteractionResult) -> bool:
    """Whether the bot has answered ``result`` with an ephemeral message (no waiting)."""
    return bool(_ephemeral_answers(result))


def board_state(fake: Any, channel: Any) -> tuple[int, int, str]:
    """(message id, number of versions, text) of the current board: unchanged = nothing moved."""
    b = board_message(fake, channel)
    assert b is not None
    return b.id, len(b.versions), b.text(history=False)


@functools.cache
def has_secret_decisions(game_id: str, seeds: int = 3, moves: int = 600) -> bool:
    """Whether the game has secret decisions (a hand, a pick, a die): seen in a few seeded
    random games. The e2e tests learn it from the engine instead of listing the games."""
    game = games.get(game_id)
    players = [f"p{i}" for i in range(game.min_players)]
    for seed in range(seeds):
        state, player = game.setup(players, {}, seed), RandomPlayer(seed)
        for n in range(moves):
            actors = game.actors(state)
            if not actors:
                break
            if any(game.is_secret(state, p, m) for p in actors for m in game.legal_moves(state, p)):
                return True
            state, _ = game.apply(state, actors[0], player.choose(game, state, actors[0], n))
    return False


def has_private_prompts(game_id: str) -> bool:
    """Whether some decisions of the game are prompted privately (by DM): its presenter says
    every prompt is private (it shows a hand), or the game has secret decisions."""
    return presenters.get(game_id).private_prompts or has_secret_decisions(game_id)


async def move_count(world: Any, session: int) -> int:
    return len(await world.bot.host.moves(session))


__all__ = [
    "board_message",
    "final_message",
    "open_table",
    "table_id",
    "is_png",
    "board_png",
    "refusal",
    "refused_now",
    "is_stale",
    "board_state",
    "move_count",
]
