"""The whole game as one animated image (issue 14 item 2): a frame per turn, as a GIF.

GIF rather than animated WebP: Discord plays both inline, but a GIF plays in every client and
image viewer, and the boards are flat colours on which a 256-colour palette per frame (the
same octree, no dithering, as :mod:`renderers.encode`) keeps text crisp. Pillow stores only the
part of a frame that changed from the one before, which suits a board where a turn changes
a few cards.

The file must fit Discord's upload limit (10 MiB on a server without boosts; the bot passes
the limit the interaction reports). Measured on random games: about 35 kB per frame at the
full 640 px width (TEK 2 players: 127 frames, 4.0 MB; Elves 6 players: 150 frames, 5.5 MB).
So the scale is chosen before drawing from the frame count and a measured sample of the game's
own frames (the file is about proportional to the area; TEK's detailed map costs more than a
Majesty row), a game of more than :data:`MAX_FRAMES` turns keeps evenly spaced turns (the
first and the last always), and if the file is still over the limit it is made again
smaller. Frames are at most 480 px wide (a phone shows a board about 400 px wide). Drawn
boards are kept only as palette images: about 130 MB for 200 frames of TEK for five.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

from renderers.text_en import Tr

DEFAULT_LIMIT = 10 * 1024 * 1024
MAX_FRAMES = 200
BYTES_PER_FRAME = 40_000  # a full-width (640 px) frame's share of the file (measured)
HEADROOM = 0.8  # aim at this share of the limit
MIN_SCALE = 0.3
MAX_SCALE = 0.75  # 480 px: a phone shows a board about 400 px wide anyway
SAMPLE = 8  # frames encoded first to measure this game's bytes per frame
FRAME_MS = 900
LAST_MS = 4000


@dataclass(frozen=True)
class Animation:
    data: bytes
    frames: int
    width: int
    height: int
    extension: str = "gif"
    mime: str = "image/gif"


def pick(count: int, limit: int = MAX_FRAMES) -> list[int]:
    """At most ``limit`` evenly spaced indexes of ``count`` frames, the first and last kept."""
    if count <= limit:
        return list(range(count))
    step = (count - 1) / (limit - 1)
    return sorted({round(i * step) for i in range(limit)})


def scale_for(frames: int, limit: int) -> float:
    """The drawing scale at which ``frames`` frames should fit ``limit`` bytes."""
    per_frame = limit * HEADROOM / max(1, frames)
    return max(MIN_SCALE, min(MAX_SCALE, math.sqrt(per_frame / BYTES_PER_FRAME)))


def _frame(image: Image.Image, scale: float) -> Image.Image:
    """``image`` scaled, in a 256-colour palette (drawn boards are dropped at once: a P image
    is a third of the RGB one)."""
    rgb = image.convert("RGB")
    if scale < 1.0:
        rgb = rgb.resize(
            (max(1, round(rgb.width * scale)), max(1, round(rgb.height * scale))),
            Image.Resampling.LANCZOS,
        )
    return rgb.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def _padded(frames: list[Image.Image]) -> list[Image.Image]:
    """Every frame on a canvas of the largest size (boards of one game may differ in
    height); the canvas takes the frame's own palette."""
    size = (max(f.width for f in frames), max(f.height for f in frames))
    out = []
    for f in frames:
        if f.size != size:
            canvas = Image.new("P", size, 0)
            canvas.putpalette(f.getpalette() or [])
            canvas.paste(f, (0, 0))
            f = canvas
        out.append(f)
    return out


def _encode(frames: list[Image.Image]) -> bytes:
    durations = [FRAME_MS] * (len(frames) - 1) + [LAST_MS]
    buf = io.BytesIO()
    frames[0].save(
        buf,
        format="GIF",
        save_all=True,
        append_images=frames[1:],
        duration=durations,
        loop=0,
        disposal=1,
    )
    return buf.getvalue()


def animate(
    game_id: str,
    views: Sequence[dict[str, Any]],
    names: dict[str, str] | None = None,
    limit: int = DEFAULT_LIMIT,
    max_frames: int = MAX_FRAMES,
    tr: Tr | None = None,
    lasts: Sequence[str | None] | None = None,
) -> Animation:
    """An animated GIF of ``views`` (one frame each, drawn by the game's renderer) of at
    most ``limit`` bytes, its words by ``tr``; ``lasts[i]`` is frame ``i``'s latest change in
    words (the board's "Last:" line). ``ValueError`` when even the smallest one does not fit."""
    if not views:
        raise ValueError("no frames")
    from renderers import renderer

    module = renderer(game_id)
    words = list(lasts) if lasts is not None else [None] * len(views)
    picked = pick(len(views), max_frames)

    def draw(i: int, scale: float) -> Image.Image:
        return _frame(module.render(views[i], names=names, tr=tr, last=words[i]), scale)

    scale = scale_for(len(picked), limit)
    if len(picked) > SAMPLE:  # measure a few spaced frames (they share less than neighbours)
        sample = [draw(picked[j], scale) for j in pick(len(picked), SAMPLE)]
        per_frame = len(_encode(_padded(sample))) / len(sample)
        wanted = limit * HEADROOM / len(picked)
        if per_frame > wanted:
            scale = max(MIN_SCALE, scale * math.sqrt(wanted / per_frame))
    while True:
        frames = _padded([draw(i, scale) for i in picked])
        data = _encode(frames)
        if len(data) <= limit:
            return Animation(data, len(frames), frames[0].width, frames[0].height)
        if scale > MIN_SCALE:  # smaller by the measured excess, a little more
            scale = max(MIN_SCALE, scale * math.sqrt(limit / len(data)) * 0.9)
        elif len(picked) > 2:
            picked = [picked[j] for j in pick(len(picked), max(2, len(picked) // 2))]
        else:
            raise ValueError(f"an animation of {game_id} does not fit {limit} bytes")
