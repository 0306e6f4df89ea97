"""Shared drawing helpers: the bundled font, seat colours, text fitting and PNG encoding.

The font is DejaVu Sans (bundled in ``renderers/fonts``; Latin Extended, so Czech names such as
"Čeněk Řežábek" render). Seat colours are fixed by seat number so every image of a session,
public or private, shows a player in the same colour.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = Path(__file__).parent / "fonts"

# Seat colours: seat 0..7, chosen to stay apart for the common colour-vision deficiencies.
SEAT_COLOURS: tuple[tuple[int, int, int], ...] = (
    (0, 114, 178),  # blue
    (213, 94, 0),  # vermilion
    (0, 158, 115),  # bluish green
    (204, 121, 167),  # reddish purple
    (230, 159, 0),  # orange
    (86, 180, 233),  # sky blue
    (120, 94, 240),  # violet
    (140, 140, 140),  # grey
)

MAX_WIDTH = 1600
MAX_PNG_BYTES = 400_000


@dataclass(frozen=True)
class Theme:
    """Colours shared by every renderer; pass another instance for a different look."""

    background: tuple[int, int, int] = (245, 240, 228)
    panel: tuple[int, int, int] = (255, 252, 245)
    ink: tuple[int, int, int] = (34, 34, 34)
    muted: tuple[int, int, int] = (120, 115, 105)
    line: tuple[int, int, int] = (190, 180, 160)
    highlight: tuple[int, int, int] = (255, 215, 0)


DEFAULT_THEME = Theme()


def seat_colour(seat: int) -> tuple[int, int, int]:
    """The colour of seat ``seat`` (0-based), the same in every image."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The bundled DejaVu Sans at ``size`` px (cached)."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONT_DIR / name), size)


def text_width(draw: ImageDraw.ImageDraw, text: str, fnt: ImageFont.FreeTypeFont) -> int:
    left, _, right, _ = draw.textbbox((0, 0), text, font=fnt)
    return int(right - left)


def fit_text(draw: ImageDraw.ImageDraw, text: str, fnt: ImageFont.FreeTypeFont, width: int) -> str:
    """``text`` shortened with an ellipsis so that it fits in ``width`` pixels."""
    if text_width(draw, text, fnt) <= width:
        return text
    while text and text_width(draw, text + "…", fnt) > width:
        text = text[:-1]
    return text + "…"


def display_name(player: str, names: dict[str, str] | None) -> str:
    """The display name for ``player``; AI seats read "AI 1", unknown ids stay as they are."""
    if names and player in names:
        return names[player]
    if player.startswith("ai:"):
        return "AI " + player[3:]
    return player


def to_png(image: Image.Image) -> bytes:
    """PNG bytes, palette-quantised when that keeps the file small (boards are flat colour)."""
    if image.width > MAX_WIDTH:
        height = round(image.height * MAX_WIDTH / image.width)
        image = image.resize((MAX_WIDTH, height), Image.Resampling.LANCZOS)
    buf = io.BytesIO()
    image.convert("RGB").save(buf, format="PNG", optimize=False, compress_level=6)
    data = buf.getvalue()
    if len(data) > MAX_PNG_BYTES:
        buf = io.BytesIO()
        image.convert("RGB").quantize(colors=128, method=Image.Quantize.MEDIANCUT).save(
            buf, format="PNG", optimize=True
        )
        data = buf.getvalue()
    return data


def new_canvas(width: int, height: int, theme: Theme = DEFAULT_THEME) -> tuple[Image.Image, Any]:
    """A fresh RGB canvas and its ``ImageDraw``."""
    image = Image.new("RGB", (width, height), theme.background)
    return image, ImageDraw.Draw(image)
