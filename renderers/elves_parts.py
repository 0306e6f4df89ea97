"""King of the Elves' own things drawn with Pillow primitives (issue 25 item 1).

The ring of villages in travel order (realms in seat order, slots in order, clockwise from the
top; rules §7.1) with a fixed place for every village a realm can hold, each village a tile in
its terrain's colour and pattern with its name and value, and the Gold card, Thief and
obstacle on it as icons over their owners' seat numbers; the journey in progress drawn as a
path with the traveller on it and the next village marked; icons for coins, coats of arms,
the dragon (the start player's figure) and a hand of cards. :func:`changes` reads the
envelope's ``last`` events: which villages, players and hands the latest change touched.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from games.elves.views import ElvesView, VillageView
from games.elves.vocab import CARDS, TERRAIN_FILL
from renderers.kit import MARGIN, Board, fill_pattern, shorten
from renderers.palette import WHITE, Colour, tint
from renderers.shapes import INK, KEY, SMALL, arrow, polygon, regular

TILE_H = 72
#: terrain -> a pattern of the kit's, so that no terrain is told by colour alone
PATTERN = {
    "plains": "grid",  # fields
    "forest": "dots",  # treetops
    "mountain": "backhatch",  # slopes
    "desert": "plain",
    "river": "waves",
    "lake": "cross",
}
PATTERN_STEP = 16
TILE_FILL: dict[str, Colour] = {k: tint(c, 0.5) for k, c in TERRAIN_FILL.items()}
GOLD: Colour = (240, 200, 60)
THIEF: Colour = (160, 160, 170)
WOOD: Colour = (210, 170, 120)
SEA: Colour = (110, 170, 240)
DRAGON: Colour = (130, 200, 130)
SHIELD: Colour = (200, 200, 205)
BACK: Colour = (222, 214, 236)
EMPTY: Colour = (234, 228, 214)
COLOURS: tuple[Colour, ...] = (*TILE_FILL.values(), GOLD, THIEF, WOOD, SEA, DRAGON, SHIELD, BACK)

Place = tuple[str, int]
Point = tuple[float, float]


# ---------------------------------------------------------------- icons


def coin(board: Board, cx: float, cy: float, r: float) -> None:
    board.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=GOLD, outline=INK, width=2)
    board.draw.ellipse(
        (cx - r * 0.45, cy - r * 0.45, cx + r * 0.45, cy + r * 0.45), outline=INK, width=1
    )


def thief(board: Board, cx: float, cy: float, r: float) -> None:
    """A hooded figure: a hood (triangle) over a face with a mask band."""
    polygon(board, ((cx, cy - r), (cx + r, cy + r), (cx - r, cy + r)), THIEF)
    board.draw.rectangle((cx - r * 0.5, cy + r * 0.1, cx + r * 0.5, cy + r * 0.4), fill=INK)


def wood(board: Board, cx: float, cy: float, r: float) -> None:
    """Two crossed logs: the wooden obstacle."""
    w = max(3, round(r * 0.45))
    board.draw.line((cx - r, cy + r * 0.7, cx + r, cy - r * 0.7), fill=WOOD, width=w + 2)
    board.draw.line((cx - r, cy - r * 0.7, cx + r, cy + r * 0.7), fill=INK, width=2)


def sea_monster(board: Board, cx: float, cy: float, r: float) -> None:
    """Humps of a serpent over a wave."""
    for k in (-1, 0, 1):
        x = cx + k * r * 0.7
        board.draw.chord(
            (x - r * 0.4, cy - r * 0.6, x + r * 0.4, cy + r * 0.2), 180, 360, fill=SEA, outline=INK
        )
    board.draw.line((cx - r, cy + r * 0.5, cx + r, cy + r * 0.5), fill=INK, width=2)


def dragon(board: Board, cx: float, cy: float, r: float) -> None:
    """The dragon figure: a head with a horn and a wing."""
    polygon(
        board,
        (
            (cx - r, cy + r * 0.6),
            (cx - r * 0.2, cy - r * 0.1),
            (cx, cy - r),
            (cx + r * 0.2, cy - r * 0.2),
            (cx + r, cy - r * 0.3),
            (cx + r * 0.5, cy + r * 0.3),
            (cx + r * 0.1, cy + r * 0.6),
        ),
        DRAGON,
    )
    board.draw.ellipse((cx + r * 0.3, cy - r * 0.3, cx + r * 0.5, cy - r * 0.1), fill=INK)


def shield(board: Board, cx: float, cy: float, r: float, filled: bool = True) -> None:
    """A coat of arms (a player's token): filled when free, an outline when on the table."""
    pts = (
        (cx - r * 0.8, cy - r),
        (cx + r * 0.8, cy - r),
        (cx + r * 0.8, cy),
        (cx, cy + r),
        (cx - r * 0.8, cy),
    )
    if filled:
        polygon(board, pts, SHIELD)
    else:
        board.draw.polygon([(round(x), round(y)) for x, y in pts], outline=board.theme.muted)


ICONS = {"gold": coin, "thief": thief, "wood": wood, "seamonster": sea_monster}


def hand_fan(board: Board, x: int, cy: int, n: int) -> int:
    """A hand as a small fan of card backs with its size; returns the width."""
    shown = min(max(n, 0), 4)
    for i in range(shown):
        x0 = x + i * 6
        board.draw.rounded_rectangle(
            (x0, cy - 12 + (i % 2), x0 + 15, cy + 10 + (i % 2)), radius=3, fill=BACK, outline=INK
        )
    w = (shown - 1) * 6 + 20 if shown else 4
    return w + board.text(x + w, cy, str(n), KEY, True, anchor="lm")


def coins(board: Board, x: int, cy: int, n: int) -> int:
    """Coins as a small stack with their count (their gold value is secret); returns width."""
    for i in range(min(n, 3)):
        coin(board, x + 9 + i * 5, cy - i * 2, 8)
    w = 20 + min(max(n, 1), 3) * 5
    return w + board.text(x + w, cy, str(n), KEY, True, anchor="lm")


# ---------------------------------------------------------------- the ring

ROW_GAP = 16  # between the ring's rows: room for the journey's arrows
Box = tuple[int, int, int, int]


@dataclass(frozen=True)
class Spot:
    """A village's place on the ring: its tile, and the point on the tile's inner edge where
    the journey's path and the traveller's figure go."""

    box: Box
    inner: Point


def ring_sides(slots: int) -> int:
    """Tiles on each side of the ring between its top and bottom rows."""
    return 1 if slots <= 10 else 2


def ring_columns(slots: int) -> int:
    """Tiles in the top (and the bottom) row."""
    return max(1, (slots - 2 * ring_sides(slots) + 1) // 2)


def ring_height(slots: int) -> int:
    rows = ring_sides(slots) + 2
    return rows * TILE_H + (rows - 1) * ROW_GAP + 14


def tile_width(width: int, slots: int) -> int:
    cols = ring_columns(slots)
    return min(96, (width - 2 * MARGIN - (cols - 1) * 6) // cols)


def ring_places(order: list[str], capacity: int, width: int, y: int) -> dict[Place, Spot]:
    """Every village place, realm by realm in seat order, slot by slot, clockwise round a track
    from the top left: the top row left to right, down the right side, the bottom row right to
    left, up the left side (the travel order; an empty place is skipped on a journey)."""
    n = len(order) * capacity
    cols, sides, w = ring_columns(n), ring_sides(n), tile_width(width, n)
    gap = (width - 2 * MARGIN - cols * w) // max(cols - 1, 1) if cols > 1 else 0
    left = MARGIN if cols > 1 else (width - w) // 2
    rows = [y + 4 + r * (TILE_H + ROW_GAP) for r in range(sides + 2)]
    xs = [left + i * (w + gap) for i in range(cols)]
    cells = [(xs[i], rows[0], "down") for i in range(cols)]
    cells += [(xs[-1], rows[1 + r], "left") for r in range(sides)]
    cells += [(xs[i], rows[-1], "up") for i in reversed(range(cols))]
    cells += [(xs[0], rows[sides - r], "right") for r in range(sides)]
    out: dict[Place, Spot] = {}
    for k, (x, top, side) in enumerate(cells[:n]):
        box = (x, top, x + w, top + TILE_H)
        out[(order[k // capacity], k % capacity)] = Spot(box, _inner(box, side))
    return out


def _inner(box: Box, side: str) -> Point:
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    return {
        "down": (cx, y1 + ROW_GAP / 2),
        "up": (cx, y0 - ROW_GAP / 2),
        "left": (x0 - 8, cy),
        "right": (x1 + 8, cy),
    }[side]


def village_tile(board: Board, v: VillageView, box: Box) -> None:
    """A village: a band in its realm owner's colour with the owner's seat number and the
    terrain's name; the terrain's colour and pattern below with the value; the Gold card, Thief
    and obstacle (each in a fixed place) as icons over their owners' seat numbers."""
    x0, y0, x1, y1 = box
    kind, owner = str(v["card"]), str(v["realm"])
    fill = TILE_FILL.get(kind, (200, 200, 200))
    fill_pattern(board, box, fill, PATTERN.get(kind, "plain"), step=PATTERN_STEP)
    band = board.colour(owner)
    board.draw.rectangle((x0, y0, x1, y0 + 21), fill=band)
    number = str(board.seats.get(owner, -1) + 1)
    nw = board.text(x0 + 4, y0 + 11, number, KEY, True, WHITE, "lm")
    name = shorten(
        board.tr("elves.village_name", card=CARDS[kind]), SMALL, False, x1 - x0 - nw - 12
    )
    board.text(x0 + nw + 9, y0 + 11, name, SMALL, False, WHITE, "lm")
    board.draw.rectangle(box, outline=INK, width=2)
    value = str(v["value"])
    board.draw.rounded_rectangle(
        (x0 + 4, y0 + 25, x0 + 30, y0 + 47), radius=4, fill=WHITE, outline=INK
    )
    board.text(x0 + 17, y0 + 36, value, KEY, True, INK, "mm")
    things: list[tuple[str, str | None]] = [("gold", v["gold"]), ("thief", v["thief"])]
    ob = v["obstacle"]
    things.append((ob["card"], ob["owner"]) if ob else ("wood", None))
    step = (x1 - x0 - 36) // 3
    for i, (what, who) in enumerate(things):
        if who is None:
            continue
        cx = x0 + 34 + step * i + step // 2
        board.draw.ellipse((cx - 10, y0 + 26, cx + 10, y0 + 46), fill=WHITE, outline=INK)
        ICONS[what](board, cx, y0 + 36, 7)
        board.seat_disc(cx - 10, y1 - 22, who, 20)


def empty_place(board: Board, box: Box) -> None:
    """A place where a village can still be laid: a dot at its centre (the ring keeps its
    shape; nothing there is skipped on a journey)."""
    cx, cy = (box[0] + box[2]) // 2, (box[1] + box[3]) // 2
    board.draw.ellipse((cx - 3, cy - 3, cx + 3, cy + 3), fill=board.theme.line)


def journey_path(
    board: Board, spots: dict[Place, Spot], visits: list[Place], colour: Colour
) -> None:
    """The journey so far: a thick arrow in the traveller's colour from each visited village to
    the next, along the inside of the ring; a dot where it began."""
    inner = [spots[v].inner for v in visits if v in spots]
    for a, b in zip(inner, inner[1:], strict=False):
        if a != b:
            arrow(board, a, b, colour, 5, 13)
    if inner:
        x, y = inner[0]
        board.draw.ellipse((x - 6, y - 6, x + 6, y + 6), fill=colour, outline=INK)


def traveller(board: Board, spot: Spot, player: str) -> None:
    """The traveller's figure at the village they are at: a pawn in their colour carrying
    their seat number, on the tile's inner edge."""
    x, y = spot.inner
    polygon(board, regular(x, y + 1, 18, 3), board.colour(player), INK)
    board.seat_disc(round(x) - 11, round(y) - 14, player, 22)


def next_mark(board: Board, start: Point | None, spot: Spot) -> None:
    """The journey's next village: a dashed ink arrow to it (from where the traveller is)."""
    x0, y0, x1, y1 = spot.box
    for k in range(x0 + 2, x1 - 2, 8):
        board.draw.line((k, y0 - 4, k + 4, y0 - 4), fill=INK, width=3)
    end = spot.inner
    begin = start if start is not None else (end[0], end[1] - 20)
    if begin != end:
        arrow(board, begin, end, INK, 2, 10)


# ---------------------------------------------------------------- the latest change


@dataclass
class Changes:
    """What the latest change touched, from the envelope's ``last`` events (all public)."""

    places: set[Place] = field(default_factory=set)
    players: set[str] = field(default_factory=set)
    hands: set[str] = field(default_factory=set)
    bought: set[str] = field(default_factory=set)
    income: dict[Place, int] = field(default_factory=dict)
    gold: dict[str, int] = field(default_factory=dict)  # a journey's income, a thief's fee


_HAND = {"drew", "discarded", "village_taken", "no_village_declared", "dealt"}


def changes(view: ElvesView) -> Changes:
    out = Changes()
    for e in view["envelope"]["last"]:
        kind = str(e.get("type"))
        who = e.get("player")
        if isinstance(who, str):
            out.players.add(who)
        if isinstance(e.get("realm"), str) and isinstance(e.get("slot"), int):
            place = (str(e["realm"]), int(e["slot"]))
            out.places.add(place)
            if kind == "visited":
                out.income[place] = out.income.get(place, 0) + int(e.get("value", 0))
        if kind in _HAND and isinstance(who, str):
            out.hands.add(who)
        if kind == "bought" and isinstance(who, str):
            out.bought.add(who)
        gain = _gold_gain(e)
        if gain is not None:
            out.gold[gain[0]] = out.gold.get(gain[0], 0) + gain[1]
    return out


def _gold_gain(e: Mapping[str, Any]) -> tuple[str, int] | None:
    """Public gold a player just earned: a finished journey's income and bonus, a thief's
    fee (rules §7.3, §7.4)."""
    if e.get("type") == "journey_ended" and isinstance(e.get("player"), str):
        return str(e["player"]), int(e.get("income", 0)) + int(e.get("bonus", 0))
    if e.get("type") == "thief_paid" and isinstance(e.get("to"), str):
        return str(e["to"]), int(e.get("amount", 0))
    return None


def at_place(view: ElvesView) -> Place | None:
    j = view["journey"]
    at = j["at"] if j else None
    return (at["realm"], at["slot"]) if at else None


def village_map(view: ElvesView) -> dict[Place, VillageView]:
    return {(v["realm"], v["slot"]): v for realm in view["realms"] for v in realm}


def legend_items() -> list[tuple[str, Any]]:
    """The icons the board uses and the keys of their names (drawn by the board's legend)."""
    return [
        ("elves.key.gold", coin),
        ("elves.key.thief", thief),
        ("elves.key.wood", wood),
        ("elves.key.seamonster", sea_monster),
        ("elves.key.dragon", dragon),
        ("elves.key.arms", shield),
        ("elves.key.bought", None),
    ]


def terms_of(what: str) -> Mapping[str, Any]:
    return {"card": CARDS[what]} if what in CARDS else {}
