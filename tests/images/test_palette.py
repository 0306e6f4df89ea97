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


@pytest.mark.parametrize("module", [majesty, elves, tek, empire_engine],
                         ids=lambda m: m.__name__)
def test_seat_colours_apart_from_game_colours(module: object) -> None:
    game = module.GAME_COLOURS
    for seat, own in itertools.product(SEAT_COLOURS, game):
        for kind in (None, *MACHADO):
            assert delta_e(seat, own, kind) >= MIN_GAME_DISTANCE, (seat, own, kind)
