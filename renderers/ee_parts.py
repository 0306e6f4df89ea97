"""Empire Engine's own things drawn with Pillow primitives (issue 25 item 1).

An engine card with its four actions as icons (the active one on top, large, named), the gear
under it showing its quarter turns, a cube on it when the alternate is paid, the seating ring
with the round's attack arrows, and what the latest change did (:func:`changes`, read from the
envelope's ``last`` events: who moved, whose score pile grew by how much, the revealed gears).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from games.empire_engine.data import ENGINE_ORDER
from games.empire_engine.views import EmpireView
from games.empire_engine.vocab import action
from renderers.kit import Board, line_h, shorten, width_of
from renderers.palette import WHITE, Colour
from renderers.shapes import INK, KEY, SMALL, arrow, cube, gear, polygon, regular

#: rulebook colours (red soldiers, yellow goods, blue inventions), light enough to stay apart
#: from the seat colours under the colour-vision simulations; each also has its own shape
RESOURCE: dict[str, Colour] = {
    "soldier": (250, 140, 140),
    "good": (240, 200, 60),
    "invention": (110, 170, 240),
}
CARD: Colour = (250, 236, 205)
GEAR: Colour = (200, 200, 205)
GEAR_BACK: Colour = (160, 160, 170)
COLOURS: tuple[Colour, ...] = (*RESOURCE.values(), CARD, GEAR, GEAR_BACK)

Box = tuple[int, int, int, int]


def _sword(board: Board, cx: float, cy: float, r: float) -> None:
    w = r * 0.22
    polygon(
        board,
        (
            (cx, cy - r),
            (cx + w, cy - r + w * 2),
            (cx + w, cy + r * 0.4),
            (cx - w, cy + r * 0.4),
            (cx - w, cy - r + w * 2),
        ),
        RESOURCE["soldier"],
    )
    board.draw.rectangle((cx - r * 0.6, cy + r * 0.4, cx + r * 0.6, cy + r * 0.55), fill=INK)
    board.draw.rectangle((cx - w * 0.7, cy + r * 0.55, cx + w * 0.7, cy + r), fill=INK)


def _attack(board: Board, cx: float, cy: float, r: float) -> None:
    arrow(board, (cx - r, cy + r * 0.7), (cx + r, cy - r * 0.7), INK, max(3, round(r / 4)), r)


def _shield(board: Board, cx: float, cy: float, r: float) -> None:
    pts = (
        (cx - r * 0.8, cy - r * 0.8),
        (cx + r * 0.8, cy - r * 0.8),
        (cx + r * 0.8, cy),
        (cx, cy + r),
        (cx - r * 0.8, cy),
    )
    polygon(board, pts, GEAR)
    board.draw.line((cx, cy - r * 0.8, cx, cy + r * 0.9), fill=INK, width=2)


def _factory(board: Board, cx: float, cy: float, r: float) -> None:
    base = cy + r * 0.8
    pts = (
        (cx - r, base),
        (cx - r, cy - r * 0.1),
        (cx - r * 0.33, cy - r * 0.5),
        (cx - r * 0.33, cy - r * 0.1),
        (cx + r * 0.33, cy - r * 0.5),
        (cx + r * 0.33, cy - r * 0.1),
        (cx + r * 0.5, cy - r * 0.1),
        (cx + r * 0.5, cy - r),
        (cx + r, cy - r),
        (cx + r, base),
    )
    polygon(board, pts, RESOURCE["good"])


def _bulb(board: Board, cx: float, cy: float, r: float) -> None:
    board.draw.ellipse(
        (cx - r * 0.7, cy - r, cx + r * 0.7, cy + r * 0.4),
        fill=RESOURCE["invention"],
        outline=INK,
        width=2,
    )
    board.draw.rectangle((cx - r * 0.35, cy + r * 0.4, cx + r * 0.35, cy + r), fill=INK)


def _ship(board: Board, cx: float, cy: float, r: float) -> None:
    polygon(
        board,
        (
            (cx - r, cy + r * 0.3),
            (cx + r, cy + r * 0.3),
            (cx + r * 0.6, cy + r),
            (cx - r * 0.6, cy + r),
        ),
        (170, 120, 80),
    )
    board.draw.line((cx, cy - r, cx, cy + r * 0.3), fill=INK, width=2)
    polygon(
        board,
        ((cx + 2, cy - r), (cx + r * 0.8, cy + r * 0.15), (cx + 2, cy + r * 0.15)),
        RESOURCE["good"],
    )


def _hook(board: Board, cx: float, cy: float, r: float) -> None:
    width = max(3, round(r / 4))
    board.draw.line((cx + r * 0.3, cy - r, cx + r * 0.3, cy + r * 0.2), fill=INK, width=width)
    board.draw.arc(
        (cx - r * 0.7, cy - r * 0.3, cx + r * 0.3 + width / 2, cy + r),
        0,
        200,
        fill=INK,
        width=width,
    )
    polygon(board, regular(cx - r * 0.6, cy - r * 0.55, r * 0.35, 6), RESOURCE["invention"])


ICONS = {
    "Arm": _sword,
    "Attack": _attack,
    "Defend": _shield,
    "Produce": _factory,
    "Invent": _bulb,
    "Export": _ship,
    "Salvage": _hook,
}


def icon(board: Board, name: str | None, cx: float, cy: float, r: float) -> None:
    """The icon of action ``name``; an unknown top (not set yet) is a question mark."""
    draw = ICONS.get(str(name))
    if draw is None:
        board.text(cx, cy, "?", SMALL if r < 14 else 26, True, INK, "mm")
        return
    draw(board, cx, cy, r)


def edges(card: str, top: str | None) -> list[str] | None:
    """The four actions of ``card`` as they lie now: top, right, bottom, left (rules §4)."""
    order = ENGINE_ORDER[card]
    if top not in order:
        return None
    t = order.index(str(top))
    return [order[(t + k) % 4] for k in range(4)]


@dataclass(frozen=True)
class GearMark:
    """What shows of the gear under an engine card: laid (face down), its quarter turns when
    known to this reader, and the cube paid for the alternate."""

    laid: bool = False
    turns: int | None = None
    cube: str | None = None


def engine_card(
    board: Board, box: Box, card: str, top: str | None, mark: GearMark, name: str
) -> None:
    """An engine card: the active action (the one on top) as its icon with its name, the card's
    letter, and the gear under it (drawn first, so that it shows from under the card's lower
    right corner) with its quarter turns once known."""
    x0, y0, x1, y1 = box
    _gear_mark(board, x1 + 6, y1 - 14, mark)
    board.draw.rounded_rectangle(box, radius=8, fill=CARD, outline=INK, width=2)
    board.draw.line((x0 + 6, y0 + 21, x1 - 6, y0 + 21), fill=board.theme.line, width=1)
    label = shorten(name, SMALL, False, x1 - x0 - 10)
    board.text((x0 + x1) / 2, y0 + 11, label, SMALL, False, INK, "mm")
    cx, cy = (x0 + x1) / 2, y0 + 40
    icon(board, top, cx, cy, 13)
    board.text(x0 + 7, y1 - 10, card, SMALL, True, INK, "lm")


def _gear_mark(board: Board, cx: float, cy: float, mark: GearMark) -> None:
    if not mark.laid:
        return
    known = mark.turns is not None
    gear(board, cx, cy, 16, GEAR if known else GEAR_BACK)
    if known or not mark.cube:
        board.text(cx, cy + 1, str(mark.turns) if known else "?", KEY, True, INK, "mm")
    if known and mark.turns:
        _quarter_arc(board, cx, cy, int(mark.turns))
    if mark.cube:
        cube(
            board,
            mark.cube,
            cx + (13 if known else 0),
            cy + (13 if known else 0),
            7,
            RESOURCE[mark.cube],
        )


def _quarter_arc(board: Board, cx: float, cy: float, turns: int) -> None:
    """The quarter turns as a clockwise arc round the gear, one quarter per turn."""
    r = 19
    board.draw.arc((cx - r, cy - r, cx + r, cy + r), -90, -90 + 90 * turns, fill=INK, width=3)
    end = math.radians(-90 + 90 * turns)
    tip = (cx + r * math.cos(end), cy + r * math.sin(end))
    back = math.radians(-90 + 90 * turns - 20)
    tail = (cx + r * math.cos(back), cy + r * math.sin(back))
    arrow(board, tail, tip, INK, 2, 8)


# ---------------------------------------------------------------- the seating ring


def ring_points(n: int, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """Seats clockwise from the top (rules §2: clockwise is to the left)."""
    return [
        (cx + r * math.sin(2 * math.pi * i / n), cy - r * math.cos(2 * math.pi * i / n))
        for i in range(n)
    ]


def seating_ring(board: Board, view: EmpireView, cx: int, cy: int, r: int, fresh: set[str]) -> None:
    """The seats round a table, clockwise, and this round's attacks as arrows from attacker to
    target in the attacker's colour (a blocked one ends on a shield, a pending one is thin)."""
    order = [str(p) for p in view["seat_order"]]
    pts = dict(zip(order, ring_points(len(order), cx, cy, r), strict=True))
    board.draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=board.theme.line, width=3)
    _clockwise_mark(board, cx, cy, r, len(order))
    for attack in view["attacks"]:
        a, b = pts.get(attack["attacker"]), pts.get(attack["target"])
        if a is None or b is None:
            continue
        _attack_arrow(board, a, b, attack, board.colour(attack["attacker"]), cx, cy)
    for p, (x, y) in pts.items():
        if p in fresh:
            board.halo((round(x) - 11, round(y) - 11, round(x) + 11, round(y) + 11))
        board.seat_disc(round(x) - 11, round(y) - 11, p, 22)


def _clockwise_mark(board: Board, cx: int, cy: int, r: int, n: int) -> None:
    """Chevrons on the ring between neighbouring seats, pointing clockwise."""
    for i in range(n):
        a = 2 * math.pi * (i + 0.5) / n
        x, y = cx + r * math.sin(a), cy - r * math.cos(a)
        tx, ty = math.cos(a), math.sin(a)  # the clockwise tangent
        nx, ny = math.sin(a), -math.cos(a)
        tip = (x + tx * 7, y + ty * 7)
        polygon(
            board,
            (
                tip,
                (x - tx * 5 + nx * 6, y - ty * 5 + ny * 6),
                (x - tx * 5 - nx * 6, y - ty * 5 - ny * 6),
            ),
            board.theme.muted,
            board.theme.muted,
        )


def _attack_arrow(
    board: Board,
    a: tuple[float, float],
    b: tuple[float, float],
    attack: Mapping[str, Any],
    colour: Colour,
    cx: int,
    cy: int,
) -> None:
    # bend each arrow inward a little so A->B and B->A (two players) do not overlap
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    side = 1 if attack["card"] == "L" else -1
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length * 14 * side, dx / length * 14 * side
    mid = (mx + nx, my + ny)
    start = (a[0] + (mid[0] - a[0]) * 0.25, a[1] + (mid[1] - a[1]) * 0.25)
    end = (b[0] + (mid[0] - b[0]) * 0.3, b[1] + (mid[1] - b[1]) * 0.3)
    width = 2 if attack["status"] == "pending" else 5
    board.draw.line((start, mid), fill=colour, width=width)
    arrow(board, mid, end, colour, width, 13)
    if attack["status"] == "blocked":
        _shield(board, mid[0], mid[1], 10)
    lx, ly = round(mid[0]), round(mid[1] - 14)
    board.draw.rounded_rectangle(
        (lx - 8, ly - 9, lx + 8, ly + 9), radius=4, fill=WHITE, outline=colour
    )
    board.text(lx, ly, attack["card"], SMALL, True, INK, "mm")


# ---------------------------------------------------------------- the latest change


@dataclass
class Changes:
    """What the latest change did, from the envelope's ``last`` events (all public)."""

    movers: set[str] = field(default_factory=set)
    score: dict[str, int] = field(default_factory=dict)
    ready: set[str] = field(default_factory=set)
    turns: dict[str, dict[str, int]] = field(default_factory=dict)


_SCORE = {
    "gained": lambda e: int(e.get("amount", 0)) if e.get("pile") == "score" else 0,
    "exported": lambda e: int(e.get("goods", 0)) + int(e.get("bonus_good", 0)),
    "salvaged": lambda e: int(e.get("count", 0)),
    "cubes_scored": lambda e: int(e.get("soldier", 0)) + int(e.get("good", 0)),
}
_WHO = ("player", "attacker", "defender", "target")


def changes(view: EmpireView) -> Changes:
    """Who moved, the score piles' gains and the revealed gears of the latest change."""
    out = Changes()
    for e in view["envelope"]["last"]:
        kind = str(e.get("type"))
        out.movers.update(str(e[k]) for k in _WHO if isinstance(e.get(k), str))
        gain = 0
        if kind in _SCORE:
            gain = _SCORE[kind](e)
            who = str(e.get("player"))
        elif kind == "blocked":
            gain, who = int(e.get("reward_soldiers", 0)), str(e.get("defender"))
        elif kind == "theft":
            gain = int(e["soldier"]) + int(e["good"]) + int(e.get("supply_soldier", 0))
            who = str(e.get("attacker"))
            out.ready.add(str(e.get("target")))
        if gain:
            out.score[who] = out.score.get(who, 0) + gain
        if kind == "gained" and e.get("pile") == "ready":
            out.ready.add(str(e.get("player")))
        if kind == "revealed":
            _revealed(out, e)
    return out


def _revealed(out: Changes, event: Mapping[str, Any]) -> None:
    for p, pick in (event.get("picks") or {}).items():
        out.movers.add(str(p))
        turns = {c: pick.get(f"turn_{c}") for c in ("L", "R")}
        out.turns[str(p)] = {c: int(k) for c, k in turns.items() if k is not None}


def action_name(board: Board, name: str | None) -> str:
    return board.tr("ee.term", term=action(str(name))) if name else "?"


def cube_legend(board: Board, x: int, cy: int, width: int) -> int:
    """Soldier, good and invention icons with their names (the shapes' key), wrapped to
    ``width``; returns the centre line below it."""
    from games.empire_engine.vocab import resource

    x0, step = x, line_h(SMALL)
    for kind in ("soldier", "good", "invention"):
        label = board.tr("ee.kinds", kind=resource(kind))
        w = 20 + width_of(label, SMALL) + 12
        if x + w > x0 + width:
            x, cy = x0, cy + step
        cube(board, kind, x + 7, cy, 7, RESOURCE[kind])
        board.text(x + 19, cy, label, SMALL, False, INK, "lm")
        x += w
    return cy + step


def score_pile(board: Board, cx: float, cy: float) -> None:
    """The score pile's icon: a crate with a soldier, a good and an invention in it."""
    board.draw.rectangle((cx - 12, cy - 11, cx + 12, cy + 11), fill=CARD, outline=INK, width=2)
    cube(board, "soldier", cx - 5, cy + 4, 4, RESOURCE["soldier"])
    cube(board, "good", cx + 5, cy + 4, 4, RESOURCE["good"])
    cube(board, "invention", cx, cy - 4, 4, RESOURCE["invention"])
