"""The seat palette under colour-vision simulation, its text contrast, and its distance from the
games' own colours (issue 13 item 2)."""

from __future__ import annotations

import itertools

import pytest

from renderers import elves, empire_engine, majesty, tek
from renderers.kit import PATTERNS, Board, fill_pattern
from renderers.palette import DEFAULT_THEME, SEAT_COLOURS, WHITE, contrast, tint
from tests.images.cvd import MACHADO, delta_e, lab, simulate

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


# -- issue 25 item 4: terrain is told by colour AND pattern ----------------------------------


def test_tek_terrain_colours_stay_apart_under_simulation() -> None:
    """ΔE >= 20 between any two terrains, for normal vision and each simulation (the v0.1
    forest and mountain fell to 8 under deuteranopia)."""
    for kind in (None, *MACHADO):
        worst = min(delta_e(a, b, kind) for a, b in itertools.combinations(tek.GAME_COLOURS, 2))
        assert worst >= MIN_SEAT_DISTANCE, (kind, worst)
    v01 = ((86, 150, 80), (150, 134, 118))  # forest, mountain as v0.1 drew them (tinted 0.5)
    assert delta_e(*(tint(c, 0.5) for c in v01), "deuteranopia") < MIN_SEAT_DISTANCE


def _swatch(kind: str, sim: str | None) -> list[float]:
    """A 48 px terrain cell as the map draws it, seen through ``sim`` (None: greyscale), as
    grey levels 0..255 (CIE L* scaled) per pixel."""
    board = Board.new(48, [], None, width=48)
    tek.terrain_cell(board, (0, 0, 47, 47), kind)
    pixels = list(board.image.get_flattened_data())
    cache: dict[tuple[int, int, int], float] = {}
    out = []
    for px in pixels:
        if px not in cache:
            seen = tuple(x / 255 for x in px) if sim is None else simulate(px, sim)
            cache[px] = lab(seen)[0] * 2.55  # type: ignore[arg-type]
        out.append(cache[px])
    return out


@pytest.mark.parametrize("sim", [None, *MACHADO])
def test_tek_terrain_cells_differ_without_colour(sim: str | None) -> None:
    """In greyscale (lightness only) and under each simulation's lightness, every two terrain
    cells differ pixel by pixel by at least 20 levels of 255 on average: the patterns carry it."""
    cells = {k: _swatch(k, sim) for k in tek.PATTERN}
    for a, b in itertools.combinations(cells, 2):
        diff = sum(abs(p - q) for p, q in zip(cells[a], cells[b], strict=True)) / len(cells[a])
        assert diff >= 20, (sim, a, b, round(diff, 1))


def test_the_pattern_check_fails_for_flat_colours() -> None:
    """Two flat cells of near lightness (v0.1's forest and mountain tints) fail it."""
    a, b = (tint(c, 0.5) for c in ((86, 150, 80), (150, 134, 118)))
    la, lb = (lab(tuple(x / 255 for x in c))[0] * 2.55 for c in (a, b))  # type: ignore[arg-type]
    assert abs(la - lb) < 20  # flat cells: the mean difference is the lightness difference


def test_every_pattern_differs_from_every_other() -> None:
    """The kit's patterns on one fill: each pair differs in at least a tenth of the pixels."""
    tiles = {}
    for kind in PATTERNS:
        board = Board.new(48, [], None, width=48)
        fill_pattern(board, (0, 0, 47, 47), (200, 200, 200), kind)
        tiles[kind] = list(board.image.get_flattened_data())
    for a, b in itertools.combinations(tiles, 2):
        changed = sum(p != q for p, q in zip(tiles[a], tiles[b], strict=True))
        assert changed >= 48 * 48 // 10, (a, b, changed)
