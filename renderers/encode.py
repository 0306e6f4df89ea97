"""PNG encoding of the boards (issue 13 item 7, settings chosen by ``bench/render.py``).

The boards are flat colours plus antialiased text, so a 256-colour palette found by Pillow's
fast octree (no dithering) keeps text edges visually intact while the file is a third of the
truecolour PNG; zlib level 3 is the knee of the size/time curve measured on the boards (level 1
is only slightly faster and bigger, level 6 twice as slow for ~15 % fewer bytes).
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
    quantized = image.quantize(PALETTE_COLOURS, method=Image.Quantize.FASTOCTREE,
                               dither=Image.Dither.NONE)
    buf = io.BytesIO()
    quantized.save(buf, format="PNG", compress_level=ZLIB_LEVEL)
    return buf.getvalue()
