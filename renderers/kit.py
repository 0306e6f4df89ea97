"""The phone-first drawing kit every board is built from (issues 13 and 25).

Every board is :data:`WIDTH` px wide. Discord shows it about :data:`DISPLAY` (400) px wide on a
phone, so a font of ``s`` px reads as ``s * 400 / WIDTH`` px there (:func:`shown`): :data:`FINE`
(legends, labels) reads as 11.7 px (at least :data:`MIN_TEXT`, 11), :data:`BODY` and larger
(names, scores, resources, costs, whose turn, every figure) as at least 14.2 px
(:data:`MIN_KEY`, 14). No board is taller than :data:`MAX_ASPECT` (2.2) times its width.

All text goes through :meth:`Board.text` and :func:`draw_text` (antialiased masks rendered
once by ``ImageDraw.text`` and cached) so the image tests can instrument it; all words go
through the board's ``tr``. Every mark of the last change (a halo or an arrow on what moved, a
"+N" where points changed) goes through :meth:`Board.halo`, :meth:`Board.arrow` and
:meth:`Board.delta`, which all call :func:`draw_mark` (the tests wrap it). Terrain and other
game colours carry a pattern as well (:func:`fill_pattern`), so colour is never the only cue.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from renderers.palette import DEFAULT_THEME, WHITE, Colour, Theme, seat_colour
from renderers.text_en import Tr, english

FONT_DIR = Path(__file__).parent / "fonts"
WIDTH = 480
#: the width Discord shows an image at on a phone, and the smallest text sizes read there
DISPLAY = 400
MIN_TEXT = 11
MIN_KEY = 14
#: no board is taller than this many times its width
MAX_ASPECT = 2.2
MARGIN = 12
FINE = 14  # 11.7 px at 400 px display width: legends, labels
BODY = 17  # 14.2 px: names, figures, every line a player reads
BIG = 20  # 16.7 px: scores
TITLE = 22
BAND_H = 36
HEADER_LINES = 4  # "Now" (at most 2 lines) and "Last" (the rest)


def line_h(size: int) -> int:
    return round(size * 1.3)


HEADER_H = BAND_H + 6 + HEADER_LINES * line_h(BODY) + 6


def shown(size: float, width: int = WIDTH) -> float:
    """The size a ``size`` px text reads at on a phone, for an image ``width`` px wide."""
    return size * DISPLAY / width


def min_size(display_px: float, width: int = WIDTH) -> int:
    """The smallest font size that reads at least ``display_px`` on a phone."""
    return math.ceil(display_px * width / DISPLAY - 1e-9)


@lru_cache(maxsize=32)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The bundled DejaVu Sans (Latin Extended: Czech "ěščřžýáíéůú" included), cached."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONT_DIR / name), size)


@lru_cache(maxsize=8192)
def width_of(text: str, size: int, bold: bool = False) -> int:
    return int(font(size, bold).getlength(text))


@lru_cache(maxsize=8192)
def text_mask(text: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image, int, int]:
    """``text`` rendered once as an alpha mask, with its offset from the anchor point."""
    fnt = font(size, bold)
    left, top, right, bottom = (int(v) for v in fnt.getbbox(text, anchor=anchor))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=fnt, fill=255, anchor=anchor)
    return mask, left, top


def draw_text(
    image: Image.Image,
    x: float,
    y: float,
    text: str,
    size: int,
    bold: bool,
    fill: Colour,
    anchor: str,
) -> tuple[int, int, int, int]:
    """Paste ``text`` in ``fill`` at the anchor point (x, y) from the mask cache; returns its
    box. Every string on every board is drawn here (the image tests wrap this function)."""
    mask, left, top = text_mask(text, size, bold, anchor)
    ox, oy = round(x) + left, round(y) + top
    image.paste(fill, (ox, oy, ox + mask.width, oy + mask.height), mask)
    return ox, oy, ox + mask.width, oy + mask.height


def wrap(text: str, size: int, bold: bool, width: int) -> list[str]:
    """``text`` broken into lines no wider than ``width`` px (words, then characters)."""
    lines: list[str] = []
    width = max(width, 2 * size)
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}" if line else word
            if width_of(trial, size, bold) <= width:
                line = trial
                continue
            if line:
                lines.append(line)
            while len(word) > 1 and width_of(word, size, bold) > width:
                cut = max(
                    1,
                    next(
                        (
                            k
                            for k in range(len(word), 0, -1)
                            if width_of(word[:k], size, bold) <= width
                        ),
                        1,
                    ),
                )
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines


def shorten(text: str, size: int, bold: bool, width: int) -> str:
    """``text`` cut with an ellipsis to ``width`` px (play boards only, never on finals)."""
    if width_of(text, size, bold) <= width:
        return text
    while text and width_of(text + "…", size, bold) > width:
        text = text[:-1]
    return text + "…"


def display_name(player: str, names: dict[str, str] | None) -> str:
    """The display name for ``player``; AI seats read "AI 1", unknown ids stay as they are."""
    if names and player in names:
        return names[player]
    if player.startswith("ai:"):
        return "AI " + player[3:]
    return player


@dataclass
class Board:
    """One image being drawn: canvas, theme, translator, seat numbers and display names."""

    image: Image.Image
    draw: ImageDraw.ImageDraw
    theme: Theme
    tr: Tr
    seats: dict[str, int]
    names: dict[str, str]
    marks: list[Mark] = field(default_factory=list)

    @classmethod
    def new(
        cls,
        height: int,
        seats: Sequence[str],
        names: dict[str, str] | None,
        theme: Theme | None = None,
        tr: Tr | None = None,
        width: int = WIDTH,
    ) -> Board:
        theme = theme or DEFAULT_THEME
        image = Image.new("RGB", (width, height), theme.background)
        who = {p: display_name(p, names) for p in seats}
        return cls(
            image,
            ImageDraw.Draw(image),
            theme,
            tr or english,
            {p: i for i, p in enumerate(seats)},
            who,
        )

    @property
    def width(self) -> int:
        return self.image.width

    def name(self, player: str | None) -> str:
        return self.names.get(player or "", display_name(player or "?", None))

    def colour(self, player: str | None) -> Colour:
        return (
            seat_colour(self.seats.get(player or "", 0))
            if player in self.seats
            else self.theme.muted
        )

    def text(
        self,
        x: float,
        y: float,
        s: str,
        size: int = BODY,
        bold: bool = False,
        fill: Colour | None = None,
        anchor: str = "la",
    ) -> int:
        """Draw ``s``; returns its width. The only way text reaches a board."""
        if s:
            draw_text(self.image, x, y, s, size, bold, fill or self.theme.ink, anchor)
        return width_of(s, size, bold)

    def lines(
        self,
        x: int,
        y: int,
        s: str,
        width: int,
        size: int = BODY,
        bold: bool = False,
        fill: Colour | None = None,
        max_lines: int = 99,
    ) -> int:
        """``s`` wrapped into at most ``max_lines`` lines (the last shortened); returns new y."""
        rows = wrap(s, size, bold, width)
        if len(rows) > max_lines:
            rows = rows[: max_lines - 1] + [
                shorten(" ".join(rows[max_lines - 1 :]), size, bold, width)
            ]
        for row in rows:
            self.text(x, y, row, size, bold, fill)
            y += line_h(size)
        return y

    def seat_disc(self, x: int, y: int, player: str, size: int = 22) -> int:
        """A rounded square in the seat colour with the seat number in white; returns width.
        The number is a key figure (:data:`BODY`), so the square is at least 20 px."""
        size = max(size, 20)
        fill = self.colour(player)
        self.draw.rounded_rectangle((x, y, x + size, y + size), radius=5, fill=fill)
        number = str(self.seats.get(player, -1) + 1)
        self.text(x + size / 2, y + size / 2 + 1, number, BODY, True, WHITE, "mm")
        return size

    def name_tag(
        self,
        x: int,
        y: int,
        player: str,
        width: int,
        size: int = BODY,
        bold: bool = True,
        clip: bool = True,
    ) -> int:
        """Seat disc plus the name in the seat colour, top-left at (x, y); returns the width."""
        disc = self.seat_disc(x, y, player)
        label = self.name(player)
        if clip:
            label = shorten(label, size, bold, width - disc - 6)
        return (
            disc
            + 6
            + self.text(
                x + disc + 6, y + disc / 2 + 1, label, size, bold, self.colour(player), "lm"
            )
        )

    def header(self, title: str, right: str, now: str, last: str) -> int:
        """The fixed header: title band, whose turn (at most two lines), what just happened
        (the rest of :data:`HEADER_LINES`, in ink, never muted); returns its height."""
        t, m = self.theme, MARGIN
        self.draw.rectangle((0, 0, self.width, BAND_H), fill=t.band)
        right_w = width_of(right, BODY, True)
        title = shorten(title, TITLE, True, self.width - 3 * m - right_w)
        self.text(m, BAND_H / 2, title, TITLE, True, t.band_ink, "lm")
        self.text(self.width - m, BAND_H / 2, right, BODY, True, WHITE, "rm")
        y = BAND_H + 6
        y2 = self.lines(
            m, y, self.tr("board.now", text=now), self.width - 2 * m, BODY, True, max_lines=2
        )
        used = (y2 - y) // line_h(BODY)
        self.lines(
            m,
            y2,
            self.tr("board.last", text=last),
            self.width - 2 * m,
            BODY,
            False,
            t.ink,
            max_lines=HEADER_LINES - used,
        )
        self.draw.line((0, HEADER_H - 2, self.width, HEADER_H - 2), fill=t.line, width=2)
        return HEADER_H

    def panel(
        self, box: tuple[int, int, int, int], player: str | None = None, mine: bool = False
    ) -> None:
        """A light panel; a seat's panel has a seat-coloured edge, the viewer's a thick frame."""
        t = self.theme
        self.draw.rectangle(box, fill=t.panel, outline=t.line)
        if player is not None:
            self.draw.rectangle((box[0], box[1], box[0] + 5, box[3]), fill=self.colour(player))
        if mine:
            self.draw.rectangle(
                (box[0] - 2, box[1] - 2, box[2] + 2, box[3] + 2), outline=t.highlight, width=3
            )

    def legend(self, y: int, s: str, max_lines: int = 99) -> int:
        """A legend in :data:`FINE` (11.7 px on a phone), muted ink; returns the new y."""
        return self.lines(
            MARGIN, y, s, self.width - 2 * MARGIN, FINE, False, self.theme.muted, max_lines
        )

    # -- the last change (issue 25 item 2) --------------------------------------------------

    def halo(self, box: Box) -> None:
        """Mark ``box`` as changed by the last move: a thick highlight ring outlined in ink."""
        draw_mark(self, Mark("halo", box))

    def arrow(self, start: tuple[int, int], end: tuple[int, int]) -> None:
        """Mark a move from ``start`` to ``end`` with an arrow (head at ``end``)."""
        box = (
            min(start[0], end[0]),
            min(start[1], end[1]),
            max(start[0], end[0]),
            max(start[1], end[1]),
        )
        draw_mark(self, Mark("arrow", box, start=start, end=end))

    def delta(self, x: int, y: int, n: int, anchor: str = "rm") -> int:
        """A "+N" (or "−N") badge where points changed, anchored at (x, y); returns its width."""
        label = f"+{n}" if n >= 0 else f"\u2212{-n}"
        w, h = width_of(label, BODY, True) + 10, line_h(BODY) + 2
        x0 = x - w if anchor[0] == "r" else (x - w // 2 if anchor[0] == "m" else x)
        y0 = y - h // 2 if anchor[1] == "m" else (y - h if anchor[1] in "bd" else y)
        draw_mark(self, Mark("delta", (x0, y0, x0 + w, y0 + h), text=label, value=n))
        return w

    def marked(self) -> list[Mark]:
        return list(self.marks)


Box = tuple[int, int, int, int]
#: the fill of a "+N" badge (white text on it at 5:1 or more), and of a "−N" one
GAIN: Colour = (0, 100, 50)
LOSS: Colour = (160, 20, 20)


@dataclass(frozen=True)
class Mark:
    """One mark of the last change: ``kind`` "halo" (around ``box``), "arrow" (``start`` to
    ``end``) or "delta" (a badge in ``box`` reading ``text``, ``value`` points)."""

    kind: str
    box: Box
    start: tuple[int, int] | None = None
    end: tuple[int, int] | None = None
    text: str = ""
    value: int = 0


def draw_mark(board: Board, mark: Mark) -> None:
    """Draw ``mark`` on ``board`` and record it (every last-change mark is drawn here)."""
    board.marks.append(mark)
    t, d = board.theme, board.draw
    x0, y0, x1, y1 = mark.box
    if mark.kind == "halo":
        d.rounded_rectangle((x0 - 4, y0 - 4, x1 + 4, y1 + 4), radius=6, outline=t.ink, width=2)
        d.rounded_rectangle(
            (x0 - 2, y0 - 2, x1 + 2, y1 + 2), radius=5, outline=t.highlight, width=3
        )
    elif mark.kind == "arrow" and mark.start and mark.end:
        _arrow(d, mark.start, mark.end, t.highlight, 7)
        _arrow(d, mark.start, mark.end, t.ink, 3)
    elif mark.kind == "delta":
        d.rounded_rectangle(mark.box, radius=6, fill=GAIN if mark.value >= 0 else LOSS)
        board.text((x0 + x1) / 2, (y0 + y1) / 2 + 1, mark.text, BODY, True, WHITE, "mm")


def _arrow(
    d: ImageDraw.ImageDraw, a: tuple[int, int], b: tuple[int, int], fill: Colour, width: int
) -> None:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = max(1.0, math.hypot(dx, dy))
    ux, uy = dx / length, dy / length
    head = 8 + 2 * width
    base = (b[0] - ux * head, b[1] - uy * head)
    d.line((a[0], a[1], base[0], base[1]), fill=fill, width=width)
    half = head * 0.6
    d.polygon(
        [
            (b[0] + ux * (width - 3), b[1] + uy * (width - 3)),
            (base[0] - uy * half, base[1] + ux * half),
            (base[0] + uy * half, base[1] - ux * half),
        ],
        fill=fill,
    )


# -- patterns: colour is never the only cue (issue 25 item 4) --------------------------------

#: the patterns :func:`fill_pattern` draws, each telling its area apart without colour
PATTERNS = ("plain", "dots", "hatch", "backhatch", "cross", "waves", "peaks", "bricks", "grid")


def shade(c: Colour, f: float = 0.6) -> Colour:
    """``c`` darkened to ``f`` of its value (the ink of a pattern on a fill of ``c``)."""
    return (round(c[0] * f), round(c[1] * f), round(c[2] * f))


def fill_pattern(
    board: Board, box: Box, fill: Colour, pattern: str, ink: Colour | None = None, step: int = 12
) -> None:
    """Fill ``box`` with ``fill`` and draw ``pattern`` (one of :data:`PATTERNS`) over it in
    ``ink`` (default: ``fill`` darkened), clipped to the box."""
    x0, y0, x1, y1 = box
    tile = Image.new("RGB", (x1 - x0 + 1, y1 - y0 + 1), fill)
    _pattern(ImageDraw.Draw(tile), tile.width, tile.height, pattern, ink or shade(fill), step)
    board.image.paste(tile, (x0, y0))


def _pattern(d: ImageDraw.ImageDraw, w: int, h: int, kind: str, ink: Colour, step: int) -> None:
    if kind == "dots":
        for yy in range(step // 2, h, step):
            for xx in range(step // 2 + (yy // step % 2) * step // 2, w, step):
                d.ellipse((xx - 3, yy - 3, xx + 3, yy + 3), fill=ink)
    elif kind in ("hatch", "backhatch", "cross"):
        for k in range(-h, w + h, step):
            if kind != "backhatch":
                d.line((k, h, k + h, 0), fill=ink, width=3)
            if kind != "hatch":
                d.line((k, 0, k + h, h), fill=ink, width=3)
    elif kind == "waves":
        for yy in range(step // 2, h, step):
            pts = [(xx, yy + round(3 * math.sin(xx * math.pi / step))) for xx in range(0, w + 1, 2)]
            d.line(pts, fill=ink, width=3)
    elif kind == "peaks":
        s = step + 4
        for yy in range(s, h + s, s):
            for xx in range(0, w + s, s):
                d.line((xx - s // 2, yy, xx, yy - s + 4, xx + s // 2, yy), fill=ink, width=3)
    elif kind == "bricks":
        for row, yy in enumerate(range(0, h, step)):
            d.line((0, yy, w, yy), fill=ink, width=3)
            for xx in range((row % 2) * step, w, 2 * step):
                d.line((xx, yy, xx, yy + step), fill=ink, width=3)
    elif kind == "grid":
        for xx in range(step // 2, w, step * 2 // 3):
            d.line((xx, 0, xx, h), fill=ink, width=1)
        for yy in range(step // 2, h, step * 2 // 3):
            d.line((0, yy, w, yy), fill=ink, width=1)


@dataclass(frozen=True)
class FinalRow:
    """One player's line of a final table: rank, total and the breakdown (words with units)."""

    player: str
    rank: int
    total: str
    parts: tuple[str, ...]


def sort_final(rows: list[FinalRow], seats: dict[str, int]) -> list[FinalRow]:
    """Rows by rank, then seat (issue 13 item 5: the winner is first)."""
    return sorted(rows, key=lambda r: (r.rank, seats.get(r.player, 99)))


def final_row_height(parts: int) -> int:
    return 30 + parts * line_h(BODY) + 8


def draw_final(board: Board, y: int, rows: list[FinalRow], you: str | None = None) -> int:
    """The final table: rank (ties marked), name, total, then one line per breakdown part."""
    tr, m = board.tr, MARGIN
    y = board.lines(m, y, tr("board.final"), board.width - 2 * m, BIG, True)
    ranks = [r.rank for r in rows]
    for row in sort_final(rows, board.seats):
        h = final_row_height(len(row.parts))
        board.panel((m, y, board.width - m, y + h - 4), row.player, row.player == you)
        tie = ranks.count(row.rank) > 1
        label = tr("board.rank_tie" if tie else "board.rank", rank=row.rank)
        x = m + 12
        x += board.text(x, y + 16, label, BODY, True, anchor="lm") + 8
        total_w = width_of(row.total, BIG, True)
        board.name_tag(x, y + 4, row.player, board.width - m - 16 - total_w - x, clip=False)
        board.text(board.width - m - 10, y + 16, row.total, BIG, True, anchor="rm")
        ty = y + 30
        for part in row.parts:
            board.text(m + 16, ty, part, BODY)
            ty += line_h(BODY)
        y += h
    return y


def ranks_line(board: Board, rows: Sequence[FinalRow]) -> str:
    """ "Game over: X won with 12 VP." (or tied first) for the header of a final board."""
    first = [r for r in rows if r.rank == 1] or list(rows[:1])
    if not first:
        return board.tr("board.game_over")
    names = board.tr("board.and").join(board.name(r.player) for r in first)
    key = "board.winners" if len(first) > 1 else "board.winner"
    return board.tr(key, names=names, score=first[0].total)


def grid_positions(
    count: int, columns: int, x0: int, y0: int, w: int, h: int, gap: int
) -> list[tuple[int, int]]:
    """Top-left corners of ``count`` cells of ``w`` x ``h`` laid out in ``columns``."""
    return [(x0 + (i % columns) * (w + gap), y0 + (i // columns) * (h + gap)) for i in range(count)]


def any_key(d: dict[str, Any], *keys: str) -> Any:
    """The first present, non-None value of ``keys`` in ``d``."""
    return next((d[k] for k in keys if d.get(k) is not None), None)
