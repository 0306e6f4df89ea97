"""Shapes of our own for the game boards (issue 25 items 1-3): Pillow primitives only.

Icons for resources, a gear, card fans, arrows, the final table, and the phone-first text
sizes (the last-change marks are the kit's ``Board.halo`` and ``Board.delta``). A board is
:data:`renderers.kit.WIDTH` px wide and shown about 400 px wide on a phone, so
:data:`SMALL` reads as at least 11 px there and :data:`KEY` (names, scores, counts, costs) as
at least 14 px. Every shape that carries meaning has a form of its own as well as a colour (a
soldier is a square, a good a disc, an invention a hexagon), so no colour is the only cue.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from renderers.kit import MARGIN, WIDTH, Board, FinalRow, line_h, sort_final, width_of, wrap
from renderers.palette import WHITE, Colour

DISPLAY = 400
SMALL = math.ceil(11 * WIDTH / DISPLAY)  # 11 px on a phone
KEY = math.ceil(14 * WIDTH / DISPLAY)  # 14 px on a phone: names, scores, counts

INK: Colour = (34, 34, 34)

Point = tuple[float, float]


def polygon(board: Board, points: Sequence[Point], fill: Colour, outline: Colour = INK) -> None:
    board.draw.polygon([(round(x), round(y)) for x, y in points], fill=fill, outline=outline)


def regular(cx: float, cy: float, r: float, sides: int, turn: float = 0.0) -> list[Point]:
    """The corners of a regular polygon centred on (cx, cy), the first one up (``turn`` rad)."""
    return [
        (
            cx + r * math.sin(turn + 2 * math.pi * k / sides),
            cy - r * math.cos(turn + 2 * math.pi * k / sides),
        )
        for k in range(sides)
    ]


def cube(board: Board, kind: str, cx: float, cy: float, r: float, fill: Colour) -> None:
    """A resource: soldier a square, good a disc, invention a hexagon (shape and colour)."""
    box = (round(cx - r), round(cy - r), round(cx + r), round(cy + r))
    if kind == "soldier":
        board.draw.rectangle(box, fill=fill, outline=INK, width=2)
    elif kind == "good":
        board.draw.ellipse(box, fill=fill, outline=INK, width=2)
    else:
        polygon(board, regular(cx, cy, r * 1.1, 6), fill)


def outline(board: Board, kind: str, cx: float, cy: float, r: float) -> None:
    """An empty place for a resource: its shape in outline (none of that kind)."""
    box = (round(cx - r), round(cy - r), round(cx + r), round(cy + r))
    muted = board.theme.muted
    if kind == "soldier":
        board.draw.rectangle(box, outline=muted, width=2)
    elif kind == "good":
        board.draw.ellipse(box, outline=muted, width=2)
    else:
        board.draw.polygon(
            [(round(x), round(y)) for x, y in regular(cx, cy, r * 1.1, 6)], outline=muted
        )


def counted(board: Board, x: int, cy: int, kind: str, n: int, fill: Colour, most: int = 5) -> int:
    """``n`` resources as up to ``most`` icons side by side plus the number; returns width."""
    r, step = 8, 13
    shown = min(n, most)
    for i in range(shown):
        cube(board, kind, x + r + i * step, cy, r, fill)
    w = (shown - 1) * step + 2 * r + 6 if shown else 0
    if not shown:
        outline(board, kind, x + r, cy, r)
        w = 2 * r + 6
    return w + board.text(x + w, cy, str(n), KEY, True, anchor="lm")


def gear(board: Board, cx: float, cy: float, r: float, fill: Colour, teeth: int = 8) -> None:
    """A cog: ``teeth`` teeth round a disc, with a hub."""
    outer, inner = r, r * 0.78
    points: list[Point] = []
    for k in range(teeth * 4):
        a = 2 * math.pi * k / (teeth * 4)
        rad = outer if k % 4 in (1, 2) else inner
        points.append((cx + rad * math.sin(a), cy - rad * math.cos(a)))
    polygon(board, points, fill)
    hub = r * 0.5
    board.draw.ellipse((cx - hub, cy - hub, cx + hub, cy + hub), fill=WHITE, outline=INK)


def arrow(board: Board, a: Point, b: Point, fill: Colour, width: int = 4, head: float = 12) -> None:
    """A straight arrow from ``a`` to ``b`` with a filled head at ``b``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    base = (b[0] - ux * head, b[1] - uy * head)
    board.draw.line((a, base), fill=fill, width=width)
    left = (base[0] - uy * head * 0.6, base[1] + ux * head * 0.6)
    right = (base[0] + uy * head * 0.6, base[1] - ux * head * 0.6)
    polygon(board, (b, left, right), fill, fill)


def card_fan(board: Board, x: int, cy: int, n: int, back: Colour) -> int:
    """A hand as a small fan of card backs with the count; returns its width."""
    shown = min(max(n, 0), 4)
    for i in range(shown):
        x0 = x + i * 7
        board.draw.rounded_rectangle(
            (x0, cy - 14 + (i % 2), x0 + 18, cy + 14 + (i % 2)), radius=3, fill=back, outline=INK
        )
    w = (shown - 1) * 7 + 24 if shown else 4
    return w + board.text(x + w, cy, str(n), KEY, True, anchor="lm")


@dataclass(frozen=True)
class FinalStyle:
    """The final table at phone sizes: names, totals and the parts (they carry figures)
    :data:`KEY`."""

    head: int = 36
    part: int = line_h(KEY)


def final_height(parts: int, style: FinalStyle = FinalStyle()) -> int:
    return style.head + parts * style.part + 10


def part_lines(board: Board, parts: Sequence[str]) -> list[str]:
    """The breakdown of a final row wrapped to the row (never shortened: finals say all)."""
    width = board.width - 2 * MARGIN - 28
    return [line for part in parts for line in wrap(part, KEY, False, width)]


def final_table(board: Board, y: int, rows: list[FinalRow], you: str | None = None) -> int:
    """The final table: rank (a shared rank says so), name, total, the breakdown in words."""
    tr, m, style = board.tr, MARGIN, FinalStyle()
    y = board.lines(m, y, tr("board.final"), board.width - 2 * m, KEY, True)
    ranks = [r.rank for r in rows]
    for row in sort_final(rows, board.seats):
        lines = part_lines(board, row.parts)
        h = final_height(len(lines))
        board.panel((m, y, board.width - m, y + h - 4), row.player, row.player == you)
        tie = ranks.count(row.rank) > 1
        label = tr("board.rank_tie" if tie else "board.rank", rank=row.rank)
        x = m + 12
        x += board.text(x, y + 18, label, KEY, True, anchor="lm") + 8
        total_w = width_of(row.total, KEY, True)
        board.name_tag(x, y + 6, row.player, board.width - m - 20 - total_w - x, KEY, clip=False)
        board.text(board.width - m - 10, y + 18, row.total, KEY, True, anchor="rm")
        ty = y + style.head
        for line in lines:
            board.text(m + 16, ty, line, KEY)
            ty += style.part
        y += h
    return y
