"""Board images side by side: the v0.1 PNG encoder against the current one, on the same pixels.

Run: ``python bench/render.py`` (from the repository root; ``--quick`` for fewer boards,
``--candidates`` to also time the encoder settings the current one was chosen from).

For every game at its minimum and maximum seat count, views are sampled through seeded random
games (public and seat 0's private view, early, mid and final). Each board is drawn once by the
current renderer; the same pixels are then encoded by :func:`to_png_v01` (the v0.1 encoder,
copied here verbatim as the baseline) and by :func:`renderers.encode.to_png`. Printed per game
and in total: median bytes per board, median draw and encode CPU milliseconds (process time,
so other load on the machine matters less), and the ratios the issue sets as targets (issue
13, "Cheaper pixels": bytes <= 1/2, draw + encode <= 1/2).
"""

from __future__ import annotations

import importlib.util
import io
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image  # noqa: E402

from bench.common import sample_views  # noqa: E402
from games import REGISTRY  # noqa: E402
from renderers.common import to_png  # noqa: E402

NAMES = {
    "p0": "Čeněk Řežábek",
    "p1": "Bob",
    "p2": "Žofie Dvořáková",
    "p3": "AI 4",
    "p4": "Ďábel",
    "p5": "Fanda",
    "p6": "Gustav",
    "p7": "Hana",
}
V01_MAX_WIDTH = 1600
V01_MAX_PNG_BYTES = 400_000


def to_png_v01(image: Image.Image) -> bytes:
    """The v0.1 ``renderers.common.to_png``, unchanged: the baseline of this benchmark."""
    if image.width > V01_MAX_WIDTH:
        height = round(image.height * V01_MAX_WIDTH / image.width)
        image = image.resize((V01_MAX_WIDTH, height), Image.Resampling.LANCZOS)
    buf = io.BytesIO()
    image.convert("RGB").save(buf, format="PNG", optimize=False, compress_level=6)
    data = buf.getvalue()
    if len(data) > V01_MAX_PNG_BYTES:
        buf = io.BytesIO()
        image.convert("RGB").quantize(colors=128, method=Image.Quantize.MEDIANCUT).save(
            buf, format="PNG", optimize=True
        )
        data = buf.getvalue()
    return data


def _rgb_png(level: int, filtered: bool) -> Callable[[Image.Image], bytes]:
    def encode(image: Image.Image) -> bytes:
        buf = io.BytesIO()
        kwargs: dict[str, Any] = {} if filtered else {"filter": 0}
        image.save(buf, format="PNG", compress_level=level, **kwargs)
        return buf.getvalue()

    return encode


def _palette_png(
    colours: int, method: Image.Quantize, level: int
) -> Callable[[Image.Image], bytes]:
    def encode(image: Image.Image) -> bytes:
        buf = io.BytesIO()
        image.quantize(colours, method=method, dither=Image.Dither.NONE).save(
            buf, format="PNG", compress_level=level
        )
        return buf.getvalue()

    return encode


CANDIDATES: dict[str, Callable[[Image.Image], bytes]] = {
    "rgb z1 filtered": _rgb_png(1, True),
    "rgb z3 no filter": _rgb_png(3, False),
    "P256 octree z1": _palette_png(256, Image.Quantize.FASTOCTREE, 1),
    "P256 octree z3": _palette_png(256, Image.Quantize.FASTOCTREE, 3),
    "P256 octree z6": _palette_png(256, Image.Quantize.FASTOCTREE, 6),
    "P256 octree z9": _palette_png(256, Image.Quantize.FASTOCTREE, 9),
    "P128 octree z6": _palette_png(128, Image.Quantize.FASTOCTREE, 6),
    "P256 mediancut z6": _palette_png(256, Image.Quantize.MEDIANCUT, 6),
}


def boards(game_id: str, quick: bool) -> list[dict[str, Any]]:
    """Public and seat-0 views sampled through seeded games at min and max seats."""
    game = REGISTRY[game_id]
    views: list[dict[str, Any]] = []
    seeds = range(1) if quick else range(2)
    for n in (game.min_players, game.max_players):
        players = [f"p{i}" for i in range(n)]
        for viewer in (None, 0):
            views += sample_views(
                game,
                [(players, {}, seed) for seed in seeds],
                lambda ps, v=viewer: None if v is None else ps[v],
                every=40 if quick else 15,
                offset=3,
            )
    return views


def _ms(fn: Callable[[], Any]) -> tuple[float, Any]:
    """CPU milliseconds of ``fn()`` (process time: what one core gives, whatever the load)."""
    t0 = time.process_time()
    out = fn()
    return 1000 * (time.process_time() - t0), out


def measure(
    game_id: str, views: list[dict[str, Any]], encoders: dict[str, Callable[[Image.Image], bytes]]
) -> dict[str, Any]:
    module = __import__(f"renderers.{game_id}", fromlist=["render"])
    module.render(views[0], names=NAMES)  # warm the caches (fonts, static art)
    draw: list[float] = []
    enc: dict[str, list[float]] = {k: [] for k in encoders}
    size: dict[str, list[int]] = {k: [] for k in encoders}
    dims: set[tuple[int, int]] = set()
    for view in views:
        ms, image = _ms(lambda v=view: module.render(v, names=NAMES))
        draw.append(ms)
        dims.add(image.size)
        for name, encode in encoders.items():
            ms, data = _ms(lambda e=encode, i=image: e(i))
            enc[name].append(ms)
            size[name].append(len(data))
    return {
        "boards": len(views),
        "draw": statistics.median(draw),
        "dims": sorted(dims),
        "enc": {k: statistics.median(v) for k, v in enc.items()},
        "bytes": {k: statistics.median(v) for k, v in size.items()},
    }


def main() -> None:
    quick = "--quick" in sys.argv
    encoders: dict[str, Callable[[Image.Image], bytes]] = {"v0.1": to_png_v01, "now": to_png}
    if "--candidates" in sys.argv:
        encoders.update(CANDIDATES)
    print("Board images: v0.1 encoder vs current encoder, same pixels (median per board)")
    totals: dict[str, list[float]] = {
        "draw": [],
        "bytes_v01": [],
        "bytes_now": [],
        "enc_v01": [],
        "enc_now": [],
    }
    for game_id in sorted(REGISTRY):
        if importlib.util.find_spec(f"renderers.{game_id}") is None:
            continue
        r = measure(game_id, boards(game_id, quick), encoders)
        print(f"{game_id}: {r['boards']} boards, sizes {r['dims']}, draw {r['draw']:.1f} ms")
        for name in encoders:
            kb = r["bytes"][name] / 1000
            print(
                f"    {name:18s} encode {r['enc'][name]:6.1f} ms  {kb:7.1f} KB"
                f"  draw+encode {r['draw'] + r['enc'][name]:6.1f} ms"
            )
        totals["draw"].append(r["draw"])
        for key in ("v0.1", "now"):
            tag = "v01" if key == "v0.1" else "now"
            totals[f"bytes_{tag}"].append(r["bytes"][key])
            totals[f"enc_{tag}"].append(r["enc"][key])
    draw = statistics.mean(totals["draw"])
    b01, bnow = statistics.mean(totals["bytes_v01"]), statistics.mean(totals["bytes_now"])
    t01 = draw + statistics.mean(totals["enc_v01"])
    tnow = draw + statistics.mean(totals["enc_now"])
    print(
        f"mean over games: bytes v0.1 {b01 / 1000:.1f} KB -> now {bnow / 1000:.1f} KB "
        f"({bnow / b01:.2f}x); draw+encode v0.1 encoder {t01:.1f} ms -> now {tnow:.1f} ms "
        f"({tnow / t01:.2f}x)"
    )


if __name__ == "__main__":
    main()
