"""Every board through a whole seeded game, at the minimum and maximum seat count, public and
every private view, with the drawing calls instrumented (issues 13 and 25, "Done when").

``renderers.kit.draw_text`` (the one function that puts text on a board) is wrapped for the
whole test, and ``ImageDraw.text`` may only draw the cached glyph masks: every string drawn on
a board is recorded with its font size, box, colour and the colour under it before it was
drawn; ``renderers.kit.draw_mark`` (every mark of the last change) is wrapped too. Checked:

- text size at a 400 px display width (``kit.shown``): every text >= 11 px, every figure (a
  text with a digit) and every player name >= 14 px;
- contrast of every text (seat-coloured names included) against what it is drawn on >= 3:1;
- the image size never changes within a game for one seat count and viewer, and no board is
  taller than 2.2 times its width;
- no clipping: no text runs into the side margins or off the image, no two texts overlap,
  and a final board shortens no text ("…");
- the last change is marked on the image (a halo, an arrow or a "+N" badge) after every move
  that changed something on the board, in every game.
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
GAMES = ["majesty", "empire_engine", "elves", "tek"]
#: games whose boards are redrawn for issue 25 on another branch (boardsB): their cases are
#: expected to fail here until that branch is merged; empty this set when it is
PENDING_REDRAW: set[str] = set()
SAMPLES = 10
#: overlap (px, both ways) two text boxes may share: glyph boxes include the line's slack
OVERLAP = 3


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
        self.marks: list[kit.Mark] = []

    def clear(self) -> None:
        self.calls.clear()
        self.marks.clear()


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
    """Records every string and every mark drawn on a board; fails when text bypasses
    ``kit.draw_text``."""
    rec = Recorder()
    original, original_mark = kit.draw_text, kit.draw_mark

    def draw_text(
        image: Any, x: float, y: float, text: str, size: int, bold: bool, fill: Any, anchor: str
    ) -> tuple[int, int, int, int]:
        mask, left, top = kit.text_mask(text, size, bold, anchor)
        ox, oy = round(x) + left, round(y) + top
        box = (ox, oy, ox + mask.width, oy + mask.height)
        rec.calls.append(Drawn(text, size, box, tuple(fill), _under(image, box)))
        return original(image, x, y, text, size, bold, fill, anchor)

    def draw_mark(board: kit.Board, mark: kit.Mark) -> None:
        rec.marks.append(mark)
        original_mark(board, mark)

    plain = ImageDraw.ImageDraw.text

    def only_masks(self: Any, *args: Any, **kwargs: Any) -> None:
        assert self._image.mode == "L", "text drawn on a board outside kit.draw_text"
        plain(self, *args, **kwargs)

    monkeypatch.setattr(kit, "draw_text", draw_text)
    monkeypatch.setattr(kit, "draw_mark", draw_mark)
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


def _is_critical(text: str, names: set[str]) -> bool:
    return any(ch.isdigit() for ch in text) or any(n in text for n in names)


def _check_texts(
    calls: list[Drawn], width: int, height: int, names: set[str], final: bool, where: str
) -> None:
    for c in calls:
        shown = kit.shown(c.size, width)
        assert shown >= kit.MIN_TEXT, (where, c.text, shown)
        if _is_critical(c.text, names):
            assert shown >= kit.MIN_KEY, (where, c.text, shown)
        assert contrast(c.fill, c.under) >= 3.0, (where, c.text, c.fill, c.under)
        x0, y0, x1, y1 = c.box
        assert y0 >= 0 and y1 <= height, (where, c.text, c.box)
        assert kit.MARGIN - 2 <= x0 and x1 <= width - kit.MARGIN + 2, (where, c.text, c.box)
        if final:
            assert "…" not in c.text, (where, c.text)
    _check_overlaps(calls, where)


def _check_overlaps(calls: list[Drawn], where: str) -> None:
    """No two texts run into each other (each drawn text's glyph box, a few px of slack)."""
    boxes = [(c.box, c.text) for c in calls if c.text.strip()]
    boxes.sort()
    for i, (a, ta) in enumerate(boxes):
        for b, tb in boxes[i + 1 :]:
            if b[0] >= a[2] - OVERLAP:
                break
            dx = min(a[2], b[2]) - max(a[0], b[0])
            dy = min(a[3], b[3]) - max(a[1], b[1])
            assert dx <= OVERLAP or dy <= OVERLAP, (where, "overlap", ta, a, tb, b)


def _seat_counts(game_id: str) -> list[int]:
    game = REGISTRY[game_id]
    return sorted({game.min_players, game.max_players})


def _param(game_id: str, *rest: Any) -> Any:
    marks = (
        [pytest.mark.xfail(reason="redrawn on branch boardsB (issue 25)", strict=False)]
        if game_id in PENDING_REDRAW
        else []
    )
    return pytest.param(game_id, *rest, marks=marks, id="-".join(map(str, (game_id, *rest))))


CASES = [_param(g, n) for g in GAMES for n in _seat_counts(g)]


def _viewers(seats: int, every: bool) -> list[str | None]:
    return [None, *[f"p{i}" for i in range(seats)]] if every else [None, "p0"]


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_whole_game_boards(game_id: str, seats: int, recorder: Recorder) -> None:
    game = REGISTRY[game_id]
    module = importlib.import_module(f"renderers.{game_id}")
    states, final = _states(game_id, seats, seed=seats)
    names = {NAMES[f"p{i}"] for i in range(seats)}
    sizes: dict[str | None, set[tuple[int, int]]] = {}
    every = {0, len(states) // 2, len(states)}  # start, mid-game, final: every private view
    for k, state in enumerate([*states, final]):
        is_final = k == len(states)
        for viewer in _viewers(seats, k in every):
            recorder.clear()
            image = module.render(game.view(state, viewer), names=NAMES)
            sizes.setdefault(viewer, set()).add(image.size)
            where = f"{game_id} {seats}p state {k} viewer {viewer}"
            assert recorder.calls, where
            assert image.height <= kit.MAX_ASPECT * image.width, (where, image.size)
            _check_texts(recorder.calls, image.width, image.height, names, is_final, where)
    for viewer, seen in sizes.items():
        assert len(seen) == 1, (game_id, seats, viewer, seen)


def _board_moves(game_id: str, seats: int) -> Iterator[tuple[dict[str, Any], list[Any]]]:
    """(public view with the envelope's ``last`` filled as the host does, the events) after
    sampled moves of a seeded game."""
    game = REGISTRY[game_id]
    state = game.setup([f"p{i}" for i in range(seats)], {}, 11)
    final, moves = play_out(game, state, 11)
    step = max(1, len(moves) // 12)
    for k, (p, m) in enumerate(moves[:-1]):
        state, events = game.apply(state, p, m)
        if k % step == step // 2 and events:
            view = game.view(state, None)
            view["envelope"] = {**view["envelope"], "last": list(events)}
            yield view, events


LAST_CASES = [_param(g, n) for g in GAMES for n in _seat_counts(g)]


@pytest.mark.parametrize(("game_id", "seats"), LAST_CASES)
def test_the_last_change_is_marked(game_id: str, seats: int, recorder: Recorder) -> None:
    """Every sampled move leaves a mark on the image: a halo or an arrow on what it changed, a
    "+N" badge where points changed; nothing is marked when the envelope names no change."""
    module = importlib.import_module(f"renderers.{game_id}")
    checked = 0
    for view, events in _board_moves(game_id, seats):
        recorder.clear()
        image = module.render(view, names=NAMES)
        kinds = {m.kind for m in recorder.marks}
        assert kinds, (game_id, [e.get("type") for e in events])
        assert kinds <= {"halo", "arrow", "delta"}
        for m in recorder.marks:
            x0, y0, x1, y1 = m.box
            assert 0 <= x0 <= x1 <= image.width and 0 <= y0 <= y1 <= image.height, m
        recorder.clear()
        view["envelope"] = {**view["envelope"], "last": []}
        module.render(view, names=NAMES)
        assert not recorder.marks, game_id
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize("game_id", GAMES)
def test_final_board_ranks_in_order_with_ties(game_id: str, recorder: Recorder) -> None:
    """The final table lists players by rank (the winner first) and marks shared ranks."""
    game = REGISTRY[game_id]
    module = importlib.import_module(f"renderers.{game_id}")
    seats = REGISTRY[game_id].max_players
    _, final = _states(game_id, seats, seed=seats)
    outcome = sorted(game.outcome(final), key=lambda r: r["rank"])
    recorder.clear()
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


def test_the_overlap_check_catches_texts_running_into_each_other() -> None:
    """The clipping check can fail: Majesty's v0.1 display card wrote "free" into "+1 meeple"."""
    fill, under = (0, 0, 0), (255, 255, 255)
    touching = [Drawn("free", 17, (20, 40, 58, 54), fill, under)]
    touching.append(Drawn("+1 meeple", 17, (50, 41, 140, 55), fill, under))
    with pytest.raises(AssertionError):
        _check_overlaps(touching, "v0.1")
    apart = [touching[0], Drawn("+1 meeple", 17, (20, 60, 110, 74), fill, under)]
    _check_overlaps(apart, "now")
