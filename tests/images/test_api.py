"""alt_text, the translation parameter, Czech glyphs, the palette encoder and the render cache
(issue 13 items 6-7, issue 12's hook)."""

from __future__ import annotations

import asyncio
import io
from types import SimpleNamespace
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageStat

import renderers
from bot.core.render import BoardCache, board_png
from games import REGISTRY
from games.ai import play_out
from renderers import kit
from renderers.kit import font

GAMES = ["majesty", "empire_engine", "elves", "tek"]
NAMES = {"p0": "Čeněk Řežábek", "p1": "Bob", "p2": "Žofie"}
TITLES = {
    "majesty": "Majesty",
    "empire_engine": "Empire Engine",
    "elves": "King of the Elves",
    "tek": "Tiny Epic Kingdoms",
}


def _mid_and_final(game_id: str) -> tuple[dict[str, Any], dict[str, Any]]:
    game = REGISTRY[game_id]
    state = game.setup(["p0", "p1", "p2"], {}, 7)
    final, moves = play_out(game, state, 7)
    for p, m in moves[: len(moves) // 2]:
        state, _ = game.apply(state, p, m)
    return game.view(state, None), game.view(final, None)


@pytest.mark.parametrize("game_id", GAMES)
def test_alt_text_is_one_line_with_game_round_turn_scores(game_id: str) -> None:
    mid, final = _mid_and_final(game_id)
    for view in (mid, final):
        text = renderers.alt_text(game_id, view, NAMES)
        assert "\n" not in text and len(text) < 1024  # Discord's description limit
        assert text.startswith(TITLES[game_id] + ", ")
        assert "Scores:" in text and all(n in text for n in NAMES.values())
        assert any(w in text for w in ("Round", "Turn", "Setup"))
    assert "Game over" in renderers.alt_text(game_id, final, NAMES)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_word_goes_through_tr(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """With a translator that returns one marker word, no English word reaches the image."""
    drawn: list[str] = []
    original = kit.draw_text

    def spy(image: Any, x: float, y: float, text: str, *args: Any) -> Any:
        drawn.append(text)
        return original(image, x, y, text, *args)

    monkeypatch.setattr(kit, "draw_text", spy)
    mid, final = _mid_and_final(game_id)
    module = __import__(f"renderers.{game_id}", fromlist=["render"])
    english = ("the ", " and ", "Round", "Turn", "cards", "pts", "VP", "gold", "Now", "Last")
    for view in (mid, final):
        drawn.clear()
        module.render(view, names=NAMES, tr=lambda key, **_: "ŘŘ")
        leaked = [s for s in drawn if any(w in s for w in english)]
        assert not leaked, leaked


def test_bundled_font_covers_czech() -> None:
    """Every Czech letter has a real glyph (not the .notdef box) in both bundled faces."""
    letters = "áčďéěíňóřšťúůýžÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ"

    def glyph(ch: str, bold: bool) -> bytes:
        image = Image.new("L", (40, 40))
        ImageDraw.Draw(image).text((6, 4), ch, font=font(24, bold), fill=255)
        return image.tobytes()

    for bold in (False, True):
        missing = glyph("\U000f0000", bold)  # a private-use code point: the .notdef box
        assert glyph("A", bold) != missing
        for ch in letters:
            assert glyph(ch, bold) != missing, (ch, bold)


@pytest.mark.parametrize("game_id", GAMES)
def test_palette_png_looks_like_the_truecolour_pixels(game_id: str) -> None:
    mid, _ = _mid_and_final(game_id)
    module = __import__(f"renderers.{game_id}", fromlist=["render"])
    image = module.render(mid, names=NAMES)
    data = renderers.to_png(image)
    decoded = Image.open(io.BytesIO(data))
    assert decoded.mode == "P" and decoded.size == image.size
    diff = ImageChops.difference(image, decoded.convert("RGB"))
    assert max(ImageStat.Stat(diff).mean) < 1.0  # antialiased edges, not flat colours, move
    truecolour = io.BytesIO()
    image.save(truecolour, format="PNG", compress_level=6)
    assert len(data) <= truecolour.tell() / 2


def test_board_cache_skips_an_unchanged_view() -> None:
    game = REGISTRY["majesty"]
    state = game.setup(["p0", "p1"], {}, 3)
    calls: list[Any] = []

    def view(rec: Any, viewer: str | None) -> dict[str, Any]:
        calls.append(viewer)
        return game.view(rec.state, viewer)

    host = SimpleNamespace(view=view, names=lambda rec: dict(NAMES))
    rec = SimpleNamespace(state=state, game="majesty", id=1)
    cache = BoardCache(size=2)
    first = asyncio.run(board_png(host, rec, None, cache))  # type: ignore[arg-type]
    again = asyncio.run(board_png(host, rec, None, cache))  # type: ignore[arg-type]
    assert first is not None and again == first and (cache.hits, cache.misses) == (1, 1)
    actor = game.actors(state)[0]
    moved, _ = game.apply(state, actor, game.legal_moves(state, actor)[0])
    rec.state = moved
    changed = asyncio.run(board_png(host, rec, None, cache))  # type: ignore[arg-type]
    assert changed != first and cache.misses == 2
    asyncio.run(board_png(host, rec, "p0", cache))  # type: ignore[arg-type]
    asyncio.run(board_png(host, rec, "p1", cache))  # type: ignore[arg-type]
    assert len(cache._items) == 2  # bounded
