"""Every board through a whole seeded game, at the minimum and maximum seat count, public and
private, with the drawing calls instrumented (issue 13 "Done when").

``renderers.kit.draw_text`` (the one function that puts text on a board) is wrapped for the
whole test, and ``ImageDraw.text`` may only draw the cached glyph masks: every string drawn on
a board is recorded with its font size, box, colour and the colour under it before it was
drawn. Checked:

- text size at a 400 px display width: every text >= 8 px, every figure (a text with a digit)
  and every player name >= 11 px;
- contrast of every text (seat-coloured names included) against what it is drawn on >= 3:1;
- the image size never changes within a game for one seat count and viewer;
- no text runs into the side margins or off the image, and a final board shortens no text
  ("…").
"""

from __future__ import annotations

import importlib
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from PIL import ImageDraw

from games import REGISTRY
from games.ai import play_out
from renderers import kit
from renderers.palette import contrast

NAMES = {
    "p0": "Čeněk Řežábek",
    "p1": "Bob",
    "p2": "Žofie Dvořáková",
    "p3": "AI 4",
    "p4": "Ďábel Šťastný",
    "p5": "Fanda",
    "p6": "Gustav",
    "p7": "Hana Nováková",
}
DISPLAY = 400
GAMES = ["majesty", "empire_engine", "elves", "tek"]
SAMPLES = 14


@dataclass
class Drawn:
    text: str
    size: int
    box: tuple[int, int, int, int]
    fill: tuple[int, int, int]
    under: tuple[int, int, int]


class Recorder:
    def __init__(self) -> None:
        self.calls: list[Drawn] = []


def _under(image: Any, box: tuple[int, int, int, int]) -> tuple[int, int, int]:
    x0, y0, x1, y1 = box
    pts = [((x0 + x1) // 2, (y0 + y1) // 2), (x0, y0), (x1 - 1, y0), (x0, y1 - 1), (x1 - 1, y1 - 1)]
    seen = [
        image.getpixel((min(max(x, 0), image.width - 1), min(max(y, 0), image.height - 1)))
        for x, y in pts
    ]
    return Counter(seen).most_common(1)[0][0]  # type: ignore[no-any-return]


@pytest.fixture
def recorder(monkeypatch: pytest.MonkeyPatch) -> Iterator[Recorder]:
    """Records every string drawn on a board; fails when text bypasses ``kit.draw_text``."""
    rec = Recorder()
    original = kit.draw_text

    def draw_text(
        image: Any, x: float, y: float, text: str, size: int, bold: bool, fill: Any, anchor: str
    ) -> tuple[int, int, int, int]:
        mask, left, top = kit.text_mask(text, size, bold, anchor)
        ox, oy = round(x) + left, round(y) + top
        box = (ox, oy, ox + mask.width, oy + mask.height)
        rec.calls.append(Drawn(text, size, box, tuple(fill), _under(image, box)))
        return original(image, x, y, text, size, bold, fill, anchor)

    plain = ImageDraw.ImageDraw.text

    def only_masks(self: Any, *args: Any, **kwargs: Any) -> None:
        assert self._image.mode == "L", "text drawn on a board outside kit.draw_text"
        plain(self, *args, **kwargs)

    monkeypatch.setattr(kit, "draw_text", draw_text)
    monkeypatch.setattr(ImageDraw.ImageDraw, "text", only_masks)
    yield rec


def _states(game_id: str, seats: int, seed: int) -> tuple[list[Any], Any]:
    game = REGISTRY[game_id]
    state = game.setup([f"p{i}" for i in range(seats)], {}, seed)
    final, moves = play_out(game, state, seed)
    step = max(1, len(moves) // SAMPLES)
    states, s = [state], state
    for k, (p, m) in enumerate(moves):
        s, _ = game.apply(s, p, m)
        if k % step == step - 1:
            states.append(s)
    return states, final


def _check_texts(
    calls: list[Drawn], width: int, height: int, names: set[str], final: bool, where: str
) -> None:
    scale = DISPLAY / width
    for c in calls:
        shown = c.size * scale
        assert shown >= 8, (where, c.text, shown)
        critical = any(ch.isdigit() for ch in c.text) or any(n in c.text for n in names)
        if critical:
            assert shown >= 11, (where, c.text, shown)
        assert contrast(c.fill, c.under) >= 3.0, (where, c.text, c.fill, c.under)
        x0, y0, x1, y1 = c.box
        assert y0 >= 0 and y1 <= height, (where, c.text, c.box)
        assert kit.MARGIN - 2 <= x0 and x1 <= width - kit.MARGIN + 2, (where, c.text, c.box)
        if final:
            assert "…" not in c.text, (where, c.text)


def _seat_counts(game_id: str) -> list[int]:
    game = REGISTRY[game_id]
    return sorted({game.min_players, game.max_players})


CASES = [(g, n) for g in GAMES for n in _seat_counts(g)]


@pytest.mark.parametrize(("game_id", "seats"), CASES, ids=[f"{g}-{n}" for g, n in CASES])
def test_whole_game_boards(game_id: str, seats: int, recorder: Recorder) -> None:
    game = REGISTRY[game_id]
    module = importlib.import_module(f"renderers.{game_id}")
    states, final = _states(game_id, seats, seed=seats)
    names = {NAMES[f"p{i}"] for i in range(seats)}
    sizes: dict[str | None, set[tuple[int, int]]] = {None: set(), "p0": set()}
    for k, state in enumerate([*states, final]):
        is_final = k == len(states)
        for viewer in (None, "p0"):
            recorder.calls.clear()
            image = module.render(game.view(state, viewer), names=NAMES)
            sizes[viewer].add(image.size)
            where = f"{game_id} {seats}p state {k} viewer {viewer}"
            assert recorder.calls, where
            _check_texts(recorder.calls, image.width, image.height, names, is_final, where)
    for viewer, seen in sizes.items():
        assert len(seen) == 1, (game_id, seats, viewer, seen)


@pytest.mark.parametrize("game_id", GAMES)
def test_final_board_ranks_in_order_with_ties(game_id: str, recorder: Recorder) -> None:
    """The final table lists players by rank (the winner first) and marks shared ranks."""
    game = REGISTRY[game_id]
    module = importlib.import_module(f"renderers.{game_id}")
    seats = REGISTRY[game_id].max_players
    _, final = _states(game_id, seats, seed=seats)
    outcome = sorted(game.outcome(final), key=lambda r: r["rank"])
    recorder.calls.clear()
    module.render(game.view(final, None), names=NAMES)
    texts = [c.text for c in recorder.calls]
    order = [
        next(i for i, t in enumerate(texts) if t == NAMES[r["player"]] and i > 3) for r in outcome
    ]
    ranks = [r["rank"] for r in outcome]
    assert order == sorted(order), (game_id, ranks)
    for r in outcome:
        if ranks.count(r["rank"]) > 1:
            assert f"{r['rank']}. (tie)" in texts
