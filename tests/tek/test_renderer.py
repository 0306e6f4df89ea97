"""Tiny Epic Kingdoms renderer: golden images of known states, size and byte limits, privacy.
The board draws the latest change the bot words for it (``last``), as the bot passes it."""

from __future__ import annotations

import io
import os
import random
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageStat

from games.tek import GAME
from games.tek import game as G
from renderers import render_png
from renderers.common import MAX_PNG_BYTES, MAX_WIDTH
from renderers.tek import render
from tests.tek.helpers import build, play, turn

GOLDEN = Path(__file__).parent / "golden"
NAMES = {
    "bara": "Bára Řežábková",
    "jarmil": "Čeněk Jarmil",
    "c3": "Žofie",
    "c4": "Dana",
    "red": "Ludmila Ňůžková",
    "blue": "Bob",
}
TOLERANCE = 2.0


def state_war() -> dict[str, Any]:
    """E1 with exploration tokens: Bára attacks Jarmil and has set her die."""
    s = build(
        {"bara": "1A", "jarmil": "2A", "c3": "3B", "c4": "5B"},
        exploration=True,
        factions={"bara": "orcs", "jarmil": "humans", "c3": "elves", "c4": "undead"},
        magic={"bara": 1, "c3": 2, "c4": 3},
        tower={"c3": 2, "c4": 1},
        res={"bara": (1, 2, 3), "jarmil": (2, 0, 5), "c3": (4, 1, 0), "c4": (0, 3, 9)},
        meeples={
            "2A-c": ["bara"],
            "1A-a": ["bara", "bara"],
            "1A-b": ["bara"],
            "2A-d": ["jarmil"],
            "2A-a": ["jarmil"],
            "2A-b": ["jarmil", "jarmil"],
            "3B-c": [("c3", True)],
            "3B-a": ["c3", "c4"],
            "5B-c": ["c4"],
            "5B-e": [("c4", True), ("c4", True)],
        },
        tokens={
            "1A-d": ("fort", True),
            "1A-e": ("face_down", False),
            "3B-e": ("camp", True),
            "5B-a": ("face_down", False),
            "5B-d": ("dragons_lair", True),
        },
    )
    s["tokens"]["1A-e"]["id"] = "treasure"
    s["tokens"]["5B-a"]["id"] = "bandits"
    s["turn"] = 9
    s = turn(s, "patrol", ["bara", "jarmil", "c3", "c4"], shields=["build", "trade"])
    s, _ = play(
        s,
        ("bara", {"type": "perform", "action": "patrol"}),
        ("bara", {"type": "move_from", "region": "2A-c"}),
        ("bara", {"type": "move_to", "region": "2A-d"}),
        ("bara", {"type": "war_die", "value": 5}),
    )
    return s


def state_over() -> dict[str, Any]:
    """A finished 2-player game with the Lost Kingdom."""
    s = build(
        {"red": "4A", "blue": "8B"},
        lost_kingdom="6B",
        factions={"red": "centaurs", "blue": "giants"},
        magic={"red": 5, "blue": 3},
        tower={"red": 2, "blue": 4},
        res={"red": (1, 0, 4), "blue": (0, 2, 2)},
        meeples={
            "4A-a": ["red", "red"],
            "4A-d": ["red"],
            "6B-a": ["red"],
            "6B-c": ["neutral"],
            "6B-d": ["neutral"],
            "8B-a": ["blue", "blue"],
            "8B-c": [("blue", True)],
            "8B-e": ["blue"],
            "6B-e": ["blue"],
        },
    )
    s["pl"]["red"]["captured"] = 2
    s["pl"]["blue"]["captured"] = 1
    s["shields"] = ["patrol", "quest", "build", "research", "expand"]
    s["end"] = {"cause": "magic", "player": "red", "turn": 30}
    s["turn"] = 31
    G.a_end_check(s, {}, [])
    assert s["over"]
    return s


CASES = {
    "war_public": (state_war, None),
    "war_private_bara": (state_war, "bara"),
    "over_public": (state_over, None),
}
#: the latest change as the bot words it (the presenter's event lines)
LAST = {
    "war_public": "Bára Řežábková has set a war die.",
    "war_private_bara": "Bára Řežábková has set a war die.",
    "over_public": "Game over: 1. Ludmila Ňůžková 17 VP; 2. Bob 15 VP",
}


def rendered(case: str) -> Image.Image:
    make, viewer = CASES[case]
    view = GAME.view(make(), viewer)
    data = render_png("tek", view, NAMES, last=LAST[case])
    return Image.open(io.BytesIO(data)).convert("RGB")


@pytest.mark.parametrize("case", sorted(CASES))
def test_golden(case: str) -> None:
    img = rendered(case)
    path = GOLDEN / f"{case}.png"
    if os.environ.get("CROWNTABLE_UPDATE_GOLDEN") or not path.exists():
        GOLDEN.mkdir(exist_ok=True)
        img.save(path)
    golden = Image.open(path).convert("RGB")
    assert golden.size == img.size
    diff = ImageStat.Stat(ImageChops.difference(golden, img)).mean
    assert sum(diff) / 3 <= TOLERANCE, diff


@pytest.mark.parametrize("case", sorted(CASES))
def test_limits(case: str) -> None:
    make, viewer = CASES[case]
    data = render_png("tek", GAME.view(make(), viewer), NAMES, last=LAST[case])
    img = Image.open(io.BytesIO(data))
    assert img.width <= MAX_WIDTH and len(data) <= MAX_PNG_BYTES
    assert img.width == 640


def test_private_differs_from_public_and_between_players() -> None:
    s = state_war()
    pub = render(GAME.view(s, None), names=NAMES)
    bara = render(GAME.view(s, "bara"), names=NAMES)
    jarmil = render(GAME.view(s, "jarmil"), names=NAMES)
    assert pub.size != bara.size or pub.tobytes() != bara.tobytes()
    assert bara.tobytes() != jarmil.tobytes()
    # a spectator's picture does not change with Bára's secret value
    s2 = state_war()
    s2["war"]["values"]["bara"] = "flag"
    assert render(GAME.view(s2, None), names=NAMES).tobytes() == pub.tobytes()
    assert render(GAME.view(s2, "jarmil"), names=NAMES).tobytes() == jarmil.tobytes()


@pytest.mark.parametrize(
    ("n", "options"), [(2, {}), (3, {"factions": "draft"}), (5, {"exploration": True})]
)
def test_random_states_render_within_limits(n: int, options: dict) -> None:
    s = GAME.setup([str(100 + i) for i in range(n)], options, n)
    rng = random.Random(n)
    for i in range(400):
        if GAME.is_over(s):
            break
        if i % 50 == 0:
            for viewer in (None, s["players"][0]):
                data = render_png("tek", GAME.view(s, viewer), {"100": "Čeněk Řežábek"})
                assert len(data) <= MAX_PNG_BYTES
        a = GAME.actors(s)[0]
        mv = GAME.legal_moves(s, a)
        s, _ = GAME.apply(s, a, mv[rng.randrange(len(mv))])
