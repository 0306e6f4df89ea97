"""The board message's Components V2 layout (issue 25 item 5): what the container holds, its
limits, how the prompt's items become action rows, and the one-time replacement of a board
posted the old way (an embed)."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import discord
import pytest

from bot.adapter import layout
from bot.adapter.board import Board


def _button(i: int, row: int | None = None) -> discord.ui.Button[Any]:
    return discord.ui.Button(label=f"b{i}", custom_id=f"ct:m:1:{i}", row=row)


def _layout(**extra: Any) -> layout.BoardLayout:
    base: dict[str, Any] = {
        "game": "tek",
        "title": "Tiny Epic Kingdoms · table #7",
        "footer": "Crowntable · table #7",
        "status": ["Turn 3. Bob selects an action.", "⏳ Waiting for **Bob**."],
        "log": ["Ann expands into 2A-c.", "Bob collects 2 mana."],
        "image": "board.png",
        "alt": "Tiny Epic Kingdoms, Turn 3. Bob to act. Scores: Ann 4 VP, Bob 3 VP.",
    }
    return layout.BoardLayout(**{**base, **extra})


def test_one_container_in_the_games_colour_with_image_status_and_rows() -> None:
    view = layout.build(_layout(items=[_button(0), _button(1)]))
    (container,) = view.to_components()
    assert container["type"] == 17 and container["accent_color"] == layout.ACCENT["tek"]
    kinds = [c["type"] for c in container["components"]]
    assert kinds == [10, 12, 10, 14, 1, 10]  # title, gallery, status, separator, row, footer
    title, gallery, status = container["components"][:3]
    assert title["content"] == "## Tiny Epic Kingdoms · table #7"
    assert gallery["items"][0]["media"]["url"] == "attachment://board.png"
    assert gallery["items"][0]["description"].startswith("Tiny Epic Kingdoms, Turn 3.")
    assert "Bob selects an action." in status["content"]
    assert "• Bob collects 2 mana." in status["content"]
    assert container["components"][-1]["content"] == "-# Crowntable · table #7"
    assert layout.accent("another") == layout.DEFAULT_ACCENT


def test_rows_keep_the_prompts_placement_and_a_select_alone() -> None:
    select = discord.ui.Select(custom_id="ct:s:1:0", options=[discord.SelectOption(label="x")])
    items = [_button(0, row=4), select, _button(1), _button(2, row=4)]
    rows = layout.rows(items)
    assert [[i.custom_id for i in r] for r in rows] == [
        ["ct:s:1:0"],
        ["ct:m:1:1"],
        ["ct:m:1:0", "ct:m:1:2"],
    ]
    too_many = [_button(i) for i in range(26)]
    with pytest.raises(ValueError):
        layout.rows(too_many)


def test_a_full_board_stays_within_discords_limits() -> None:
    """Five full rows of buttons and a long log: at most 40 components, 4,000 characters."""
    log = [f"Line {i}: " + "word " * 40 for i in range(25)]
    view = layout.build(_layout(items=[_button(i) for i in range(25)], log=log))
    assert layout.count_components(view) <= layout.MAX_COMPONENTS
    texts = [c["content"] for c in view.to_components()[0]["components"] if c["type"] == 10]
    assert sum(map(len, texts)) <= layout.MAX_TEXT
    assert "Line 24" in texts[1] and "Line 0:" not in texts[1]  # the oldest lines went first
    huge = layout.build(_layout(status=["x" * 5000], log=[]))
    texts = [c["content"] for c in huge.to_components()[0]["components"] if c["type"] == 10]
    assert sum(map(len, texts)) == layout.MAX_TEXT and texts[1].endswith("…")


def test_without_the_rows_for_an_old_board() -> None:
    view = layout.build(_layout(items=[_button(0)]), interactive=False)
    kinds = [c["type"] for c in view.to_components()[0]["components"]]
    assert kinds == [10, 12, 10, 10]


class Partial:
    """A channel's message as discord.py's partial message: records its edits."""

    def __init__(self, log: list[tuple[str, int, dict[str, Any]]], mid: int) -> None:
        self.log, self.id = log, mid

    async def edit(self, **kwargs: Any) -> None:
        self.log.append(("edit", self.id, kwargs))


class Channel:
    def __init__(self) -> None:
        self.log: list[tuple[str, int, dict[str, Any]]] = []
        self.next_id = 100

    def get_partial_message(self, mid: int) -> Partial:
        return Partial(self.log, mid)

    async def send(self, **kwargs: Any) -> Any:
        self.next_id += 1
        self.log.append(("send", self.next_id, kwargs))
        return type("Sent", (), {"id": self.next_id})()


class Pub:
    def __init__(self, channel: Channel) -> None:
        self.bot = type("Bot", (), {"get_partial_messageable": lambda _s, _id: channel})()


def _board(monkeypatch: pytest.MonkeyPatch, channel: Channel) -> Board:
    board = Board(Pub(channel))  # type: ignore[arg-type]

    async def payload(rec: Any, meta: Any) -> dict[str, Any]:
        shown = _layout(items=[_button(0)])
        return {"view": layout.build(shown), "attachments": [], "shown": shown}

    monkeypatch.setattr(board, "payload", payload)
    return board


def test_an_embed_board_is_replaced_once_then_edited(monkeypatch: pytest.MonkeyPatch) -> None:
    channel = Channel()
    board = _board(monkeypatch, channel)
    rec = type("Rec", (), {"channel_id": "5"})()
    meta: dict[str, Any] = {"board": {"id": 42, "at": time.time()}}  # posted the old way
    asyncio.run(board.update(rec, meta))  # type: ignore[arg-type]
    (strip, send) = channel.log
    assert strip == ("edit", 42, {"view": None})  # the old board only loses its buttons
    assert send[0] == "send" and isinstance(send[2]["view"], discord.ui.LayoutView)
    assert "embed" not in send[2]
    assert meta["board"]["id"] == send[1] and meta["board"]["v2"] is True
    channel.log.clear()
    asyncio.run(board.update(rec, meta))  # type: ignore[arg-type]
    assert [(k, mid) for k, mid, _ in channel.log] == [("edit", send[1])]  # edited in place
    channel.log.clear()
    asyncio.run(board.update(rec, meta, repost=True))  # type: ignore[arg-type]
    (strip, again) = channel.log
    assert strip[:2] == ("edit", send[1]) and again[0] == "send"
    kept = strip[2]["view"].to_components()[0]["components"]
    assert [c["type"] for c in kept] == [10, 12, 10, 10]  # picture and words, no rows
