"""The Majesty board image: golden images, size and byte limits, public vs private."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from games.ai import RandomPlayer
from games.majesty import GAME
from renderers import render_png
from renderers.common import MAX_PNG_BYTES, MAX_WIDTH
from renderers.kit import WIDTH
from renderers.majesty import render
from tests.majesty.helpers import build

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("CROWNTABLE_UPDATE_GOLDEN") == "1"
NAMES = {"a": "Čeněk Řežábek", "b": "Bob", "c": "Žofie Dvořáková", "d": "AI 4"}


def played(n: int, options: dict, seed: int, moves: int = 10_000):
    state = GAME.setup(["a", "b", "c", "d"][:n], options, seed)
    ai = RandomPlayer(seed)
    k = 0
    while not GAME.is_over(state) and k < moves:
        p = GAME.actors(state)[0]
        state, _ = GAME.apply(state, p, ai.choose(GAME, state, p, k))
        k += 1
    return state


def castle_state():
    s = build(
        ["a", "b", "c"],
        sides="B",
        realms={
            "a": {"castle": [22], "infirmary": [4, 5], "points": 15, "mill": [1, 2]},
            "b": {"infirmary": [52], "mill": [3]},
        },
        display=[1, (2, 1), 3, 23, 12, 13],
    )
    s2, _ = GAME.apply(s, "a", {"type": "take", "index": 3})
    return s2


CASES = {
    "midgame_4p_public": lambda: GAME.view(played(4, {}, 1, 40), None),
    "final_3p_sideB_public": lambda: GAME.view(played(3, {"sides": "B"}, 2), None),
    "castle_exchange_private": lambda: GAME.view(castle_state(), "a"),
}


def mean_diff(a: Image.Image, b: Image.Image) -> float:
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    return sum(ImageStat.Stat(diff).mean) / 3


@pytest.mark.parametrize("case", sorted(CASES))
def test_golden_images(case: str) -> None:
    png = render_png("majesty", CASES[case](), NAMES)
    path = GOLDEN / f"{case}.png"
    if UPDATE or not path.exists():
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(png)
    got = Image.open(io.BytesIO(png))
    want = Image.open(path)
    assert got.size == want.size
    assert mean_diff(got, want) < 1.5, case


@pytest.mark.parametrize(
    ("n", "options", "seed", "moves"),
    [
        (2, {}, 1, 3),
        (3, {"sides": "ABBAABAB"}, 2, 10_000),
        (4, {"mixed_deck": True}, 3, 10_000),
        (4, {"sides": "B", "tiebreak_meeples": True}, 4, 40),
    ],
)
def test_limits(n: int, options: dict, seed: int, moves: int) -> None:
    state = played(n, options, seed, moves)
    for viewer in [None, "a"]:
        png = render_png("majesty", GAME.view(state, viewer), NAMES)
        img = Image.open(io.BytesIO(png))
        assert img.format == "PNG"
        assert img.width == WIDTH <= MAX_WIDTH
        assert len(png) < MAX_PNG_BYTES


def test_private_image_marks_the_viewer() -> None:
    state = played(3, {}, 5, 20)
    public = render(GAME.view(state, None), names=NAMES)
    mine = render(GAME.view(state, "b"), names=NAMES)
    theirs = render(GAME.view(state, "c"), names=NAMES)
    assert public.size == mine.size
    assert mean_diff(public, mine) > 0.05
    assert mean_diff(mine, theirs) > 0.05
    assert mean_diff(public, render(GAME.view(state, None), names=NAMES)) == 0


def test_renders_every_step_without_error() -> None:
    state = GAME.setup(["a", "b", "c", "d"], {"sides": "B"}, 9)
    ai = RandomPlayer(9)
    k = 0
    steps = set()
    while not GAME.is_over(state):
        p = GAME.actors(state)[0]
        steps.add(state["step"])
        if k % 7 == 0 or state["step"] != "take":
            render(GAME.view(state, p), names=NAMES)
        state, _ = GAME.apply(state, p, ai.choose(GAME, state, p, k))
        k += 1
    render(GAME.view(state, None))
    assert {"take", "place"} <= steps
