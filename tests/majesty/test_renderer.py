"""The Majesty board image: golden images, size and byte limits, public vs private; the
latest change drawn as the bot words it (``last``), names from the game's terms."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from games.ai import RandomPlayer
from games.majesty import GAME
from renderers import kit, render_png
from renderers.common import MAX_PNG_BYTES, MAX_WIDTH
from renderers.kit import WIDTH
from renderers.majesty import last_marks, render
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
#: the latest change as the bot words it (the renderer draws it, it words no event itself)
LAST = {
    "midgame_4p_public": "Bob takes Miller/Knight (paid 2, picked up 1).",
    "final_3p_sideB_public": "Game over. 1. Žofie Dvořáková 191; 2. Bob 186; 3. Čeněk Řežábek 175",
    "castle_exchange_private": "Čeněk Řežábek places a Noble at the Castle.",
}


def mean_diff(a: Image.Image, b: Image.Image) -> float:
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    return sum(ImageStat.Stat(diff).mean) / 3


@pytest.mark.parametrize("case", sorted(CASES))
def test_golden_images(case: str) -> None:
    png = render_png("majesty", CASES[case](), NAMES, last=LAST[case])
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
        png = render_png("majesty", GAME.view(state, viewer), NAMES, last=LAST["midgame_4p_public"])
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


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every string drawn on a board (``renderers.kit.draw_text`` is the one way text goes on)."""
    texts: list[str] = []
    original = kit.draw_text

    def record(image, x, y, text, size, bold, fill, anchor):  # type: ignore[no-untyped-def]
        texts.append(text)
        return original(image, x, y, text, size, bold, fill, anchor)

    monkeypatch.setattr(kit, "draw_text", record)
    return texts


def test_the_last_line_is_what_the_bot_passed(drawn: list[str]) -> None:
    view = GAME.view(played(3, {}, 5, 7), None)
    render(view, names=NAMES, last="Bob takes Witch from the front.")
    assert "Last: Bob takes Witch from the front." in drawn
    drawn.clear()
    render(view, names=NAMES)  # no words passed: the line stays empty, nothing is made up
    assert "Last: " in drawn or "Last:" in [t.strip() for t in drawn]
    drawn.clear()
    render(GAME.view(GAME.setup(["a", "b"], {}, 1), None), names=NAMES)
    assert "Last: Nothing played yet." in drawn


def test_names_come_from_the_terms_in_the_readers_language(drawn: list[str]) -> None:
    from bot.core.render import image_tr

    s = build(["a", "b"], display=[1, 27, 20, 15, 18, 8])
    render(GAME.view(s, None), names=NAMES, tr=image_tr("cs"), last="")
    assert {"Mlynářka", "Mlynářka/Voják", "Hostinský", "Pivov.", "Špitál"} <= set(drawn)
    drawn.clear()
    render(GAME.view(s, None), names=NAMES, last="")
    assert {"Miller", "Miller/Knight", "Innkeeper", "Brew", "Infirm"} <= set(drawn)


def test_no_event_wording_and_no_name_registered_twice() -> None:
    from renderers.text_en import CATALOG

    keys = [k for k in CATALOG if k.startswith("majesty.")]
    assert not [k for k in keys if k.startswith(("majesty.last.", "majesty.ev.", "majesty.char."))]
    assert not [k for k in keys if k.startswith("majesty.loc.")]
    texts = [CATALOG[k] for k in keys]
    assert len(set(map(str, texts))) == len(texts)


def test_the_cells_of_the_latest_change_are_framed() -> None:
    """The envelope's ``last`` (filled by the host) marks what the move changed: the location a
    card went to, the Infirmary a wounded card entered."""
    s = build(
        ["a", "b"],
        realms={"a": {"barracks": [18]}, "b": {"mill": [1]}},
        display=[19, *[45, 46, 43, 44, 34]],
    )
    after, events = GAME.apply(s, "a", {"type": "take", "index": 0})
    assert any(e.get("result") == "wounded" for e in events)
    view = GAME.view(after, None)
    plain = render(view, names=NAMES, last="")
    view["envelope"]["last"] = events
    marked = render(view, names=NAMES, last="")
    assert mean_diff(plain, marked) > 0.05
    assert last_marks(events) == {("a", "barracks"): "new", ("b", "infirmary"): "wounded"}


def test_points_gained_get_a_badge_and_both_figures_are_labelled(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 25: "+N" where points changed (the sum of the move's point events for that
    player), the cell the card went to ringed, and the two figures named: the score now and
    the score if the game ended now."""
    marks: list[kit.Mark] = []
    texts: list[str] = []
    original_mark, original_text = kit.draw_mark, kit.draw_text
    monkeypatch.setattr(kit, "draw_mark", lambda b, m: (marks.append(m), original_mark(b, m)))
    monkeypatch.setattr(
        kit,
        "draw_text",
        lambda im, x, y, t, *a: (texts.append(t), original_text(im, x, y, t, *a))[1],
    )
    state = GAME.setup(["a", "b", "c"], {}, 4)
    ai = RandomPlayer(4)
    for k in range(200):
        p = GAME.actors(state)[0]
        state, events = GAME.apply(state, p, ai.choose(GAME, state, p, k))
        gains = [e for e in events if e.get("type") == "gain" and e.get("points")]
        if gains and any(e.get("type") == "place" for e in events):
            break
    else:
        raise AssertionError("no scoring placement in 200 moves")
    view = GAME.view(state, None)
    view["envelope"]["last"] = events
    render(view, names=NAMES, last="")
    who = gains[0]["player"]
    want = sum(int(e["points"]) for e in gains if e["player"] == who)
    badges = [m for m in marks if m.kind == "delta"]
    assert any(m.value == want and m.text == f"+{want}" for m in badges), (badges, want)
    assert any(m.kind == "halo" for m in marks)
    assert texts.count("score now") == 3 and texts.count("if the game ended now") == 3
    marks.clear()
    view["envelope"]["last"] = []
    render(view, names=NAMES, last="")
    assert not marks
