"""Empire Engine renderer: golden images of known states, size and byte limits, privacy."""

from __future__ import annotations

import io
import os
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from PIL import Image, ImageChops, ImageStat

from bot.core.render import image_tr
from games.ai import RandomPlayer
from games.empire_engine import GAME
from renderers import kit, render_png
from renderers.common import MAX_PNG_BYTES, MAX_WIDTH
from renderers.empire_engine import render
from tests.empire_engine.helpers import SC, R, build, execute

GOLDEN = Path(__file__).parent / "golden"
NAMES = {"A": "Čeněk Řežábek", "B": "Bob", "C": "Žofie Dvořáková", "D": "Dana"}
TOLERANCE = 2.0  # mean absolute difference per channel, 0-255


#: the public events of each case's latest change (the host's ``envelope["last"]``)
EVENTS: dict[str, list[dict[str, Any]]] = {}


def with_last(view: dict[str, Any], events: list[dict[str, Any]]) -> dict[str, Any]:
    """``view`` with its envelope's ``last`` filled as the host fills it."""
    return {**view, "envelope": {**view["envelope"], "last": events}}


def state_planning() -> dict[str, Any]:
    """4 players in round 3 planning, empires on, two have chosen."""
    s = build(
        ["A", "B", "C", "D"],
        start="C",
        round_=3,
        ready={"A": R(2, 1), "B": R(0, 3), "C": R(1, 1), "D": R(4, 0)},
        tops={
            "A": ("Attack", "Export"),
            "B": ("Produce", "Defend"),
            "C": ("Salvage", "Invent"),
            "D": ("Arm", "Attack"),
        },
        empires={
            "A": "Grail Prelacy",
            "B": "Nova Centralis",
            "C": "Kestrel Dominion",
            "D": "Sylphian Commonwealth",
        },
    )
    s["score"] = {"A": SC(1, 2, 1), "B": SC(0, 4, 0), "C": SC(2, 0, 2), "D": SC(3, 0, 0)}
    for _ in range(3):  # C lays and gears a card, then D lays one (planning is in turn, §5)
        p = GAME.actors(s)[0]
        s, events = GAME.apply(s, p, GAME.legal_moves(s, p)[-1])
    EVENTS["planning"] = events
    return s


def state_block() -> dict[str, Any]:
    """Example 4 at B's block step."""
    tops = {
        "A": ("Attack", "Invent"),
        "B": ("Salvage", "Defend"),
        "C": ("Produce", "Attack"),
        "D": ("Arm", "Export"),
    }
    s, events = execute(
        ["A", "B", "C", "D"],
        tops,
        start="C",
        ready={"A": R(1, 0), "B": R(2, 1), "C": R(1, 3), "D": R(0, 1)},
    )
    EVENTS["block"] = events
    return s


def state_over() -> dict[str, Any]:
    s = build(["A", "B", "C"], start="B")
    s["top"] = {"A": {"L": 0, "R": 3}, "B": {"L": 1, "R": 1}, "C": {"L": 2, "R": 0}}
    s["score"] = {"A": SC(4, 6, 2), "B": SC(4, 3, 5), "C": SC(1, 6, 5)}
    s["ready"] = {"A": R(1, 2), "B": R(1, 0), "C": R(0, 3)}
    s["step"] = "over"
    s["round"] = 10
    EVENTS["over"] = [{"type": "game_over", "results": []}]
    return s


#: the "Last:" line: the latest change as the bot words it (the board words no events)
LAST = {
    "planning": "Dana lays a gear face down under R with a soldier on it (alternate).",
    "block": "Žofie Dvořáková attacks Bob with the R card.",
    "over": "Game over. 1. Čeněk Řežábek 18; 1. Žofie Dvořáková 18; 3. Bob 18",
}
CASES = {
    "planning_public": (state_planning, None, LAST["planning"]),
    "planning_private_A": (state_planning, "A", LAST["planning"]),
    "block_public": (state_block, None, LAST["block"]),
    "over_public": (state_over, None, LAST["over"]),
}


@pytest.mark.parametrize("case", list(CASES))
def test_golden(case: str) -> None:
    make, viewer, last = CASES[case]
    view = GAME.view(make(), viewer)
    view = with_last(view, EVENTS[case.split("_")[0]])
    png = render_png("empire_engine", view, NAMES, last=last)
    path = GOLDEN / f"{case}.png"
    if os.environ.get("CROWNTABLE_UPDATE_GOLDEN"):
        path.write_bytes(png)
    got = Image.open(io.BytesIO(png)).convert("RGB")
    want = Image.open(path).convert("RGB")
    assert got.size == want.size
    diff = ImageStat.Stat(ImageChops.difference(got, want)).mean
    assert sum(diff) / 3 <= TOLERANCE, f"{case} differs from its golden image: {diff}"


class Drawn(NamedTuple):
    text: str
    size: int
    box: tuple[int, int, int, int]


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> tuple[list[Drawn], list[kit.Mark]]:
    """Every string the board draws (through ``kit.draw_text``) and every last-change mark
    (through ``kit.draw_mark``)."""
    texts: list[Drawn] = []
    marks: list[kit.Mark] = []
    text, mark = kit.draw_text, kit.draw_mark

    def draw_text(image: Any, x: float, y: float, s: str, size: int, *rest: Any) -> Any:
        box = text(image, x, y, s, size, *rest)
        texts.append(Drawn(s, size, box))
        return box

    def draw_mark(board: Any, m: kit.Mark) -> None:
        marks.append(m)
        mark(board, m)

    monkeypatch.setattr(kit, "draw_text", draw_text)
    monkeypatch.setattr(kit, "draw_mark", draw_mark)
    return texts, marks


def check_phone_sizes(
    texts: list[Drawn], image: Image.Image, names: set[str], where: str, final: bool = False
) -> None:
    """Issue 25 item 3: at a 400 px display width every text reads at least 11 px, names and
    figures at least 14 px; nothing is clipped by the frame or the margins; a final board
    shortens nothing."""
    assert texts, where
    for t in texts:
        size = kit.shown(t.size, image.width)
        assert size >= kit.MIN_TEXT, (where, t.text, size)
        if any(ch.isdigit() for ch in t.text) or any(n in t.text for n in names):
            assert size >= kit.MIN_KEY, (where, t.text, size)
        x0, y0, x1, y1 = t.box
        assert 0 <= y0 and y1 <= image.height, (where, t.text, t.box)
        assert kit.MARGIN - 2 <= x0 and x1 <= image.width - kit.MARGIN + 2, (where, t.text, t.box)
        assert not (final and "…" in t.text), (where, t.text)


def sampled(n: int) -> list[tuple[str, dict[str, Any], list[dict[str, Any]]]]:
    """(label, state, events of the move that led to it): a seeded random game at ``n`` seats,
    at its start, in the middle and at its end."""
    players = [f"p{i}" for i in range(n)]
    s = GAME.setup(players, {}, n)
    ai, history = RandomPlayer(n), [("start", s, [])]
    step = 0
    while not GAME.is_over(s):
        p = GAME.actors(s)[0]
        s, events = GAME.apply(s, p, ai.choose(GAME, s, p, step))
        history.append((f"move {step}", s, events))
        step += 1
    return [history[0], history[len(history) // 2], history[-1]]


PHONE_NAMES = {f"p{i}": name for i, name in enumerate([*NAMES.values(), "Ďábel", "Fanda"] * 2)}


@pytest.mark.parametrize(("n", "lang"), [(2, "en"), (8, "en"), (8, "cs")])
def test_phone_sizes_and_fixed_frame_at_min_and_max_seats(
    n: int, lang: str, drawn: tuple[list[Drawn], list[kit.Mark]]
) -> None:
    """Public start, middle and final boards and every player's private view: the frame is
    :data:`kit.WIDTH` wide, at most 2.2 times as tall, the same all game for each view, and
    every text is phone-sized."""
    texts, _ = drawn
    names = {PHONE_NAMES[f"p{i}"] for i in range(n)}
    sizes: dict[bool, set[tuple[int, int]]] = {False: set(), True: set()}
    for label, state, events in sampled(n):
        for viewer in (None, *state["players"]):
            texts.clear()
            view = with_last(GAME.view(state, viewer), events)
            image = render(view, names=PHONE_NAMES, tr=image_tr(lang), last="Bob lays a gear.")
            sizes[viewer is not None].add(image.size)
            over = GAME.is_over(state)
            check_phone_sizes(
                texts, image, names, f"{lang} {n} seats, {label}, viewer {viewer}", over
            )
            assert image.width == kit.WIDTH
            assert image.height <= kit.MAX_ASPECT * image.width
            png = render_png("empire_engine", view, PHONE_NAMES)
            assert len(png) < MAX_PNG_BYTES and image.width <= MAX_WIDTH
    assert len(sizes[False]) == 1 and len(sizes[True]) == 1, sizes


def test_the_last_change_is_marked(drawn: tuple[list[Drawn], list[kit.Mark]]) -> None:
    """Issue 25 item 2: the reveal halos every engine that turned, and the Invent's invention
    (Example 4: A's R card) shows as "+1" on A's score pile; without a last change, no mark."""
    _, marks = drawn
    s = state_block()
    render(with_last(GAME.view(s, None), EVENTS["block"]), names=NAMES)
    halos = [m for m in marks if m.kind == "halo"]
    assert len(halos) >= 2 * 4  # the 8 engine cards, and the seats on the ring
    assert [m.value for m in marks if m.kind == "delta"] == [1]
    marks.clear()
    render(GAME.view(s, None), names=NAMES)
    assert marks == []


def test_a_placement_marks_the_seat_that_laid_it(drawn: tuple[list[Drawn], list[kit.Mark]]) -> None:
    """A public placement (Dana lays a gear) halos Dana's row and her seat on the ring."""
    _, marks = drawn
    s = state_planning()
    assert {str(e.get("player")) for e in EVENTS["planning"]} == {"D"}
    render(with_last(GAME.view(s, None), EVENTS["planning"]), names=NAMES)
    assert len([m for m in marks if m.kind == "halo"]) == 2


def test_private_differs_from_public_and_between_players() -> None:
    s = state_planning()
    pub = render(GAME.view(s, None), names=NAMES)
    a = render(GAME.view(s, "A"), names=NAMES)
    d = render(GAME.view(s, "D"), names=NAMES)
    assert pub.tobytes() != a.tobytes() and a.tobytes() != d.tobytes()


def test_public_image_identical_whatever_the_secret_pick() -> None:
    """The gear (the secret part of a placement) changes only the picker's own image."""
    s = build(
        ["A", "B", "C"],
        start="A",
        round_=2,
        ready={"A": R(2, 2)},
        tops={"A": ("Attack", "Export"), "B": ("Arm", "Invent"), "C": ("Arm", "Invent")},
    )
    s, _ = GAME.apply(s, "A", GAME.legal_moves(s, "A")[0])
    gears = GAME.legal_moves(s, "A")
    assert len(gears) > 1 and all(GAME.is_secret(s, "A", m) for m in gears)
    s1, _ = GAME.apply(s, "A", gears[0])
    s2, _ = GAME.apply(s, "A", gears[-1])
    for viewer in (None, "B"):
        i1 = render(GAME.view(s1, viewer), names=NAMES)
        i2 = render(GAME.view(s2, viewer), names=NAMES)
        assert i1.tobytes() == i2.tobytes()
    assert (
        render(GAME.view(s1, "A"), names=NAMES).tobytes()
        != render(GAME.view(s2, "A"), names=NAMES).tobytes()
    )


def test_the_last_line_is_the_bots_and_nothing_without_it() -> None:
    """The board words no events: ``last`` is drawn as given; without it, the shared
    "nothing played yet" (the engine keeps no events in the view)."""
    from renderers.kit import Board

    v = GAME.view(state_block(), None)
    assert "last_events" not in v
    drawn: list[str] = []
    original = Board.header

    def header(self: Board, title: str, right: str, now: str, last: str) -> int:
        drawn.append(last)
        return original(self, title, right, now, last)

    Board.header = header  # type: ignore[method-assign]
    try:
        render(v, names=NAMES, last="Bob blocks it.")
        render(v, names=NAMES)
    finally:
        Board.header = original  # type: ignore[method-assign]
    assert drawn == ["Bob blocks it.", "Nothing played yet."]


def test_render_is_deterministic() -> None:
    s = state_block()
    v = GAME.view(s, None)
    assert render(v, names=NAMES).tobytes() == render(v, names=NAMES).tobytes()
