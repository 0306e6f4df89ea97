"""The board message in Discord's Components V2 layout (issue 25 item 5).

One :class:`discord.ui.Container` per table, in the game's accent colour, holding: the title
(game and table number), the board image in a media gallery with its alt text, the status in
words (whose turn, what they decide, the last change, the recent log), the action rows the
prompt built (and the board's own buttons), and the footer. Discord's limits for such a message
(40 components in all, nested ones counted; 4,000 characters of text display in all) are kept
here: the status gives way first (oldest log lines, then the text is clipped), and action rows
beyond what fits are never built (a prompt has at most five rows anyway).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import discord

#: Discord's limits for a components-v2 message (developer docs, Components > Reference)
MAX_COMPONENTS = 40
MAX_TEXT = 4000
MAX_ROWS = 5
ROW_WIDTH = 5
#: the container's accent colour per game (the board band's colour family); others: gold
ACCENT: dict[str, int] = {
    "majesty": 0x7A3E9D,
    "empire_engine": 0xB5651D,
    "elves": 0x2E7D32,
    "tek": 0x1565C0,
}
DEFAULT_ACCENT = 0xC9A227
IMAGE = "board.png"


@dataclass
class BoardLayout:
    """What the board message shows, in the order it shows it."""

    game: str
    title: str
    footer: str
    status: list[str] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    image: str | None = None  # the attachment's file name, when there is an image
    alt: str | None = None
    items: list[discord.ui.Item[Any]] = field(default_factory=list)


def accent(game: str) -> int:
    return ACCENT.get(game, DEFAULT_ACCENT)


def text_budget(layout: BoardLayout) -> int:
    """Characters left for the status and log once the title and footer are counted."""
    return MAX_TEXT - len(heading(layout)) - len(small(layout.footer))


def heading(layout: BoardLayout) -> str:
    return f"## {layout.title}"


def small(text: str) -> str:
    return f"-# {text}"


def status_text(layout: BoardLayout) -> str:
    """The status parts and the log (bulleted), the oldest log lines dropped first, then the
    whole clipped, to fit the message's text budget."""
    budget = text_budget(layout)
    log = list(layout.log)

    def joined() -> str:
        parts = list(layout.status)
        if log:
            parts.append("\n".join(f"• {line}" for line in log))
        return "\n\n".join(parts)

    text = joined()
    while len(text) > budget and log:
        log = log[1:]
        text = joined()
    if len(text) > budget:
        text = text[: budget - 1].rstrip() + "…"
    return text or "…"


def rows(items: Sequence[discord.ui.Item[Any]]) -> list[list[discord.ui.Item[Any]]]:
    """``items`` in action rows: an item's own ``row`` first (as a legacy view places it),
    the others where they fit; a select fills a row alone; at most :data:`MAX_ROWS` rows."""
    placed: dict[int, list[discord.ui.Item[Any]]] = {}

    def room(row: list[discord.ui.Item[Any]], item: discord.ui.Item[Any]) -> bool:
        return sum(i.width for i in row) + item.width <= ROW_WIDTH

    for item in items:
        wanted = item.row
        if wanted is not None and room(placed.setdefault(wanted, []), item):
            placed[wanted].append(item)
            continue
        target = next(
            (k for k in range(MAX_ROWS) if room(placed.get(k, []), item) and k not in (wanted,)),
            None,
        )
        if target is None:
            raise ValueError(f"no room on the board for {item!r}")
        placed.setdefault(target, []).append(item)
    return [placed[k] for k in sorted(placed) if placed[k]]


def build(layout: BoardLayout, *, interactive: bool = True) -> discord.ui.LayoutView:
    """The message's :class:`discord.ui.LayoutView` (``interactive=False``: without the action
    rows, for a board that was posted anew and keeps its picture and words)."""
    children: list[discord.ui.Item[Any]] = [discord.ui.TextDisplay(heading(layout))]
    if layout.image:
        item = discord.MediaGalleryItem(f"attachment://{layout.image}", description=layout.alt)
        children.append(discord.ui.MediaGallery(item))
    children.append(discord.ui.TextDisplay(status_text(layout)))
    action_rows = rows(layout.items) if interactive else []
    if action_rows:
        children.append(discord.ui.Separator())
        children.extend(discord.ui.ActionRow(*row) for row in action_rows)
    children.append(discord.ui.TextDisplay(small(layout.footer)))
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(discord.ui.Container(*children, accent_colour=accent(layout.game)))
    count = count_components(view)
    if count > MAX_COMPONENTS:
        raise ValueError(f"board message has {count} components (Discord allows 40)")
    return view


def count_components(view: discord.ui.LayoutView) -> int:
    """Every component of the message, nested ones included (Discord's count)."""

    def walk(comps: list[dict[str, Any]]) -> int:
        n = 0
        for c in comps:
            n += 1 + walk(list(c.get("components") or []))
            n += sum(walk([c[k]]) for k in ("accessory", "component") if isinstance(c.get(k), dict))
        return n

    return walk(view.to_components())  # type: ignore[no-untyped-call]
