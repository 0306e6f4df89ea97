"""The seat palette under colour-vision simulation, its text contrast, and its distance from the
games' own colours (issue 13 item 2)."""

from __future__ import annotations

import itertools

import pytest

from renderers import elves, empire_engine, majesty, tek
from renderers.palette import DEFAULT_THEME, SEAT_COLOURS, WHITE, contrast
from tests.images.cvd import MACHADO, delta_e

#: CIE76 distance every two seat colours keep, for normal vision and each simulation
MIN_SEAT_DISTANCE = 20.0
#: distance every seat colour keeps from every colour a game draws of its own
MIN_GAME_DISTANCE = 20.0


@pytest.mark.parametrize("kind", [None, *MACHADO])
def test_seat_colours_stay_apart_under_simulation(kind: str | None) -> None:
    worst = min(delta_e(a, b, kind) for a, b in itertools.combinations(SEAT_COLOURS, 2))
    assert worst >= MIN_SEAT_DISTANCE, (kind, worst)


def test_simulation_collapses_red_and_green() -> None:
    """The simulation is real: a red/green pair far apart in normal vision falls together."""
    red, green = (200, 60, 40), (110, 120, 40)
    assert delta_e(red, green) > 30
    assert delta_e(red, green, "deuteranopia") < 12
    assert delta_e(red, green, "protanopia") < 20


@pytest.mark.parametrize("colour", SEAT_COLOURS)
def test_seat_text_contrast_on_panels(colour: tuple[int, int, int]) -> None:
    assert contrast(colour, DEFAULT_THEME.panel) >= 3.0
    assert contrast(colour, DEFAULT_THEME.background) >= 3.0
    assert contrast(WHITE, colour) >= 3.0  # the seat number printed on the colour


@pytest.mark.parametrize("module", [majesty, elves, tek, empire_engine], ids=lambda m: m.__name__)
def test_seat_colours_apart_from_game_colours(module: object) -> None:
    game = module.GAME_COLOURS
    for seat, own in itertools.product(SEAT_COLOURS, game):
        for kind in (None, *MACHADO):
            assert delta_e(seat, own, kind) >= MIN_GAME_DISTANCE, (seat, own, kind)


def test_the_check_rejects_the_v01_palette() -> None:
    """The v0.1 seat colours (issue 13: seats 3 and 4 grey under deuteranopia, orange names at
    2.2:1 on the panel) fail these checks, so the checks can fail."""
    v01 = (
        (0, 114, 178),
        (213, 94, 0),
        (0, 158, 115),
        (204, 121, 167),
        (230, 159, 0),
        (86, 180, 233),
        (120, 94, 240),
        (140, 140, 140),
    )
    worst = min(
        delta_e(a, b, k) for a, b in itertools.combinations(v01, 2) for k in (None, *MACHADO)
    )
    assert worst < MIN_SEAT_DISTANCE
    assert min(contrast(c, DEFAULT_THEME.panel) for c in v01) < 3.0
