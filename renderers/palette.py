"""Colours every renderer shares: the seat palette, the theme, contrast and tints.

Seat colours (issue 13 item 2) are dark enough for 3:1 text contrast on the light panels
(:func:`contrast`), stay far apart from each other under protanopia, deuteranopia and
tritanopia (chosen by a max-min search over CIELAB distances of the Machado 2009 simulations;
``tests/images/test_palette.py`` checks it), and stay apart from the games' own colours, which
the renderers draw as light tints (:func:`tint`). A seat is never told by colour alone: every
seat mark also carries the seat number (:func:`renderers.kit.Board.seat_disc`).
"""

from __future__ import annotations

from dataclasses import dataclass

Colour = tuple[int, int, int]

#: seat 0..7 (shown as seats 1..8)
SEAT_COLOURS: tuple[Colour, ...] = (
    (0, 102, 204),  # 1 blue
    (204, 78, 0),  # 2 orange
    (102, 51, 68),  # 3 plum
    (140, 100, 160),  # 4 lilac
    (170, 85, 68),  # 5 brick
    (119, 0, 255),  # 6 violet
    (136, 0, 0),  # 7 dark red
    (51, 51, 119),  # 8 indigo
)
WHITE: Colour = (255, 255, 255)


@dataclass(frozen=True)
class Theme:
    """Colours shared by every renderer; pass another instance for a different look."""

    background: Colour = (245, 240, 228)
    panel: Colour = (255, 252, 245)
    ink: Colour = (34, 34, 34)
    muted: Colour = (95, 90, 82)
    line: Colour = (190, 180, 160)
    highlight: Colour = (255, 200, 0)
    band: Colour = (52, 44, 38)
    band_ink: Colour = (255, 240, 200)


DEFAULT_THEME = Theme()


def seat_colour(seat: int) -> Colour:
    """The colour of seat ``seat`` (0-based), the same in every image of every game."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def _linear(c: int) -> float:
    v = c / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def luminance(c: Colour) -> float:
    """WCAG relative luminance of an sRGB colour."""
    r, g, b = (_linear(x) for x in c)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: Colour, b: Colour) -> float:
    """WCAG contrast ratio of ``a`` against ``b`` (1..21)."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def ink_on(fill: Colour, theme: Theme = DEFAULT_THEME) -> Colour:
    """Dark or white text, whichever reads better on ``fill``."""
    return theme.ink if contrast(theme.ink, fill) >= contrast(WHITE, fill) else WHITE


def tint(c: Colour, f: float = 0.6) -> Colour:
    """``c`` mixed with white by ``f`` (game colours are drawn light, seats dark)."""
    return (
        round(c[0] + (255 - c[0]) * f),
        round(c[1] + (255 - c[1]) * f),
        round(c[2] + (255 - c[2]) * f),
    )
