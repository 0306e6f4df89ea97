"""Compatibility names for code written against v0.1 (the kit, palette and encoder modules
hold the implementations)."""

from __future__ import annotations

from renderers.encode import MAX_PNG_BYTES, MAX_WIDTH, to_png
from renderers.kit import display_name, font
from renderers.palette import DEFAULT_THEME, SEAT_COLOURS, Theme, seat_colour

__all__ = [
    "DEFAULT_THEME",
    "MAX_PNG_BYTES",
    "MAX_WIDTH",
    "SEAT_COLOURS",
    "Theme",
    "display_name",
    "font",
    "seat_colour",
    "to_png",
]
