"""PNG encoding of the boards (issue 13 item 7, settings chosen by ``bench/render.py``).

The boards are flat colours plus antialiased text, so a 256-colour palette found by Pillow's
fast octree (no dithering) keeps text edges visually intact (mean error < 1/255 per channel,
``tests/images/test_api.py``) while the file is about 0.4 of the v0.1 truecolour PNG. zlib
level 1 was chosen by ``bench/render.py --candidates`` (CPU time, medians over 680 boards):
level 3 takes 3-8 % longer for 8-10 % fewer bytes, level 6 40-55 % longer for 22 % fewer,
level 9 five times as long; median cut is 4-6 times slower than the octree; truecolour at
level 1 is 1.5 times slower and 2.4 times bigger.
"""

from __future__ import annotations

import io

from PIL import Image

MAX_WIDTH = 1600
MAX_PNG_BYTES = 400_000
PALETTE_COLOURS = 256
ZLIB_LEVEL = 3


def to_png(image: Image.Image) -> bytes:
    """Palette PNG bytes of ``image`` (RGB), no resampling, no dithering."""
    if image.width > MAX_WIDTH:
        height = round(image.height * MAX_WIDTH / image.width)
        image = image.resize((MAX_WIDTH, height), Image.Resampling.LANCZOS)
    if image.mode != "RGB":
        image = image.convert("RGB")
    quantized = image.quantize(
        PALETTE_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
    )
    buf = io.BytesIO()
    quantized.save(buf, format="PNG", compress_level=ZLIB_LEVEL)
    return buf.getvalue()
