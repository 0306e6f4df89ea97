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
from renderers import kit, render_png
from renderers.common import MAX_PNG_BYTES, MAX_WIDTH
from renderers.kit import MAX_ASPECT, WIDTH
from renderers.tek import render, scored_parts
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
    assert img.width == WIDTH and img.height <= MAX_ASPECT * WIDTH


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


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[Any]]:
    """The strings and last-change marks drawn on a board."""
    seen: dict[str, list[Any]] = {"texts": [], "marks": []}
    text, mark = kit.draw_text, kit.draw_mark

    def record_text(image, x, y, s, size, bold, fill, anchor):  # type: ignore[no-untyped-def]
        seen["texts"].append(s)
        return text(image, x, y, s, size, bold, fill, anchor)

    def record_mark(board, m):  # type: ignore[no-untyped-def]
        seen["marks"].append(m)
        mark(board, m)

    monkeypatch.setattr(kit, "draw_text", record_text)
    monkeypatch.setattr(kit, "draw_mark", record_mark)
    return seen


def test_the_final_board_keeps_the_map(drawn: dict[str, list[Any]]) -> None:
    """Issue 25: the final image adds the results and never removes the map: every card's
    title and every region letter are drawn on it, as on the play board."""
    view = GAME.view(state_over(), None)
    render(view, names=NAMES, last="")
    letters = [str(r["letter"]) for side in view["map"] for r in side["regions"]]
    titles = [str(side["side"]) for side in view["map"]]
    assert "Final scores" in drawn["texts"]
    for s in [*titles, *letters]:
        assert drawn["texts"].count(s) >= [*titles, *letters].count(s), s


def test_lines_of_a_variant_that_is_off_are_not_drawn(drawn: dict[str, list[Any]]) -> None:
    """Without exploration tokens no crown or towns line; without the Lost Kingdom (more than
    two players) none of its lines; with them on, they are drawn."""
    over = GAME.view(state_over(), None)  # two players, the Lost Kingdom, no exploration
    assert scored_parts(over) == (
        "meeples", "tower", "magic", "faction", "capitals", "lost_kingdom", "neutrals"
    )  # fmt: skip
    render(over, names=NAMES, last="")
    text = " ".join(drawn["texts"])
    assert "Lost Kingdom 1" in text and "neutrals 2" in text
    assert "crown" not in text and "towns" not in text
    war = GAME.view(state_war(), None)  # four players, exploration tokens
    assert scored_parts(war) == (
        "meeples", "tower", "magic", "faction", "capitals", "crown", "towns"
    )  # fmt: skip


def test_a_move_is_arrowed_and_its_regions_ringed(drawn: dict[str, list[Any]]) -> None:
    """The last change on the map: a move draws an arrow from the region left to the region
    entered and rings both; a player's change without a region rings that player's name."""
    view = GAME.view(state_war(), None)
    view["envelope"]["last"] = [
        {"type": "moved", "player": "bara", "from": "2A-c", "to": "2A-d", "via": "land"}
    ]
    render(view, names=NAMES, last="")
    kinds = sorted(m.kind for m in drawn["marks"])
    assert kinds == ["arrow", "halo", "halo"]
    arrow = next(m for m in drawn["marks"] if m.kind == "arrow")
    assert arrow.start != arrow.end
    drawn["marks"].clear()
    view["envelope"]["last"] = [{"type": "researched", "player": "c3", "magic": 3}]
    render(view, names=NAMES, last="")
    assert [m.kind for m in drawn["marks"]] == ["halo"]
