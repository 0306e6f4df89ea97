"""King of the Elves images: the public table and each player's private hand.

``render(view)`` draws the public table when ``view["viewer"]`` is None: one row per realm in
seating order (clockwise = top to bottom, villages left to right in ring order), with hand
sizes, coin counts (never values), coats of arms left, purchases, the start player's dragon,
every village with its Gold, Thief and obstacle cards (badge colour = owner's seat colour), the
discard pile's top, and the journey in progress (route taken as numbered dots, current and next
village, direction, escort, pending income). With a viewer it draws that player's hand grouped
by card type (transport cards with the terrains they reach and at what cost) and their gold.
Only the view is read, never a state.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.elves.data import COST, VALUE
from renderers.common import (
    DEFAULT_THEME,
    Theme,
    display_name,
    fit_text,
    font,
    new_canvas,
    seat_colour,
    text_width,
)

Colour = tuple[int, int, int]

VILLAGES = ("plains", "forest", "mountain", "desert", "river", "lake")
TRANSPORTS = ("pig", "cycle", "cloud", "unicorn", "troll", "dragon", "raft")
ACTIONS = ("gold", "thief", "wood", "seamonster", "escort", "reverse")

NAMES: dict[str, str] = {
    "plains": "Plains", "forest": "Forest", "mountain": "Mountain", "desert": "Desert",
    "river": "River", "lake": "Lake", "pig": "Giant pig", "cycle": "Elf cycle",
    "cloud": "Magic cloud", "unicorn": "Unicorn", "troll": "Troll wagon", "dragon": "Dragon",
    "raft": "Raft", "gold": "Gold card", "thief": "Thief", "wood": "Wooden obstacle",
    "seamonster": "Sea monster", "escort": "Escort", "reverse": "Change of direction",
}
EFFECTS: dict[str, str] = {
    "gold": "double income for you there",
    "thief": "visitors pay you 2 gold",
    "wood": "+1 card on land for others",
    "seamonster": "+1 raft on water for others",
    "escort": "no thief/obstacle in one realm",
    "reverse": "turn round while travelling",
}
BADGE: dict[str, str] = {"gold": "GOLD", "thief": "THIEF", "wood": "WOOD", "seamonster": "SEA"}

TERRAIN_FILL: dict[str, Colour] = {
    "plains": (196, 214, 120), "forest": (58, 122, 68), "mountain": (142, 132, 122),
    "desert": (228, 196, 122), "river": (118, 178, 226), "lake": (40, 92, 168),
}
TERRAIN_INK: dict[str, Colour] = {
    "plains": (30, 40, 10), "forest": (255, 255, 255), "mountain": (255, 255, 255),
    "desert": (60, 40, 10), "river": (10, 30, 60), "lake": (255, 255, 255),
}
TRAVEL_FILL: Colour = (236, 226, 206)
ACTION_FILL: Colour = (222, 214, 236)
#: village values and transport costs come from the engine's data table (rules §2.1)
VALUE_FALLBACK: dict[str, int] = VALUE
COSTS: dict[str, dict[str, int]] = COST


@dataclass(frozen=True)
class Layout:
    """Geometry of both images (px)."""

    width: int = 1000
    margin: int = 14
    header_h: int = 92
    row_h: int = 124
    info_w: int = 372
    tile_w: int = 188
    tile_h: int = 104
    tile_gap: int = 12
    footer_h: int = 64
    hand_tile_w: int = 152
    hand_tile_h: int = 70


LAYOUT = Layout()


def _names(player: str, names: dict[str, str] | None) -> str:
    return display_name(player, names)


# ---------------------------------------------------------------------------------------------
# Static art (cached)
# ---------------------------------------------------------------------------------------------

@lru_cache(maxsize=16)
def village_tile(terrain: str, value: int, w: int, h: int) -> Image.Image:
    """The face of a village card: terrain colour, name and value (drawn once per size)."""
    img = Image.new("RGB", (w, h), (255, 255, 255))
    d = ImageDraw.Draw(img)
    fill = TERRAIN_FILL.get(terrain, (200, 200, 200))
    ink = TERRAIN_INK.get(terrain, (0, 0, 0))
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=10, fill=fill, outline=(60, 50, 40), width=2)
    # a faint pattern so terrains differ by more than hue
    for i in range(0, w, 14):
        if terrain in ("river", "lake"):
            d.arc((i - 7, h - 44, i + 7, h - 36), 0, 180, fill=_mix(fill, ink, 0.25), width=2)
        elif terrain in ("forest", "mountain"):
            d.polygon([(i, h - 34), (i + 6, h - 46), (i + 12, h - 34)], fill=_mix(fill, ink, 0.2))
        else:
            d.point([(i + 3, h - 40), (i + 9, h - 37)], fill=_mix(fill, ink, 0.35))
    d.text((10, 6), NAMES.get(terrain, terrain), font=font(19, True), fill=ink)
    cx, cy, r = w - 22, 20, 15
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(255, 248, 220), outline=(120, 90, 20),
              width=2)
    d.text((cx, cy), str(value), font=font(17, True), fill=(90, 60, 0), anchor="mm")
    return img


@lru_cache(maxsize=64)
def _coin(value: int, r: int) -> Image.Image:
    size = 2 * r + 2
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    fill = {10: (232, 190, 60), 5: (200, 200, 210), 1: (196, 130, 80)}.get(value, (220, 180, 60))
    d.ellipse((0, 0, size - 1, size - 1), fill=fill, outline=(90, 70, 30), width=2)
    d.text((r + 1, r + 1), str(value), font=font(max(10, r), True), fill=(50, 40, 20), anchor="mm")
    return img


def _mix(a: Colour, b: Colour, t: float) -> Colour:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


# ---------------------------------------------------------------------------------------------
# Small drawing helpers
# ---------------------------------------------------------------------------------------------

def _shield(d: ImageDraw.ImageDraw, x: int, y: int, colour: Colour, filled: bool = True) -> None:
    """A coat-of-arms token, 16x19 px."""
    pts = [(x, y), (x + 16, y), (x + 16, y + 9), (x + 8, y + 18), (x, y + 9)]
    if filled:
        d.polygon(pts, fill=colour, outline=(40, 40, 40))
    else:
        d.polygon(pts, fill=None, outline=(170, 160, 150))


def _card_back(d: ImageDraw.ImageDraw, x: int, y: int) -> None:
    d.rounded_rectangle((x, y, x + 14, y + 20), radius=3, fill=(90, 70, 140), outline=(40, 30, 70))
    d.rounded_rectangle((x + 3, y + 3, x + 11, y + 17), radius=2, outline=(200, 190, 230))


def _coin_icon(d: ImageDraw.ImageDraw, x: int, y: int) -> None:
    d.ellipse((x, y, x + 18, y + 18), fill=(232, 190, 60), outline=(120, 90, 20), width=2)


def _dragon(d: ImageDraw.ImageDraw, x: int, y: int) -> None:
    """The start-player marker: a small red dragon tag."""
    d.rounded_rectangle((x, y, x + 74, y + 22), radius=11, fill=(178, 34, 34))
    d.text((x + 37, y + 11), "DRAGON", font=font(12, True), fill=(255, 240, 200), anchor="mm")


@lru_cache(maxsize=64)
def _badge_image(kind: str, owner: Colour, w: int) -> Image.Image:
    """An action-card badge in its owner's colour (drawn once per kind and colour)."""
    img = Image.new("RGBA", (w + 1, 25), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, w, 24), radius=6, fill=owner, outline=(30, 30, 30), width=2)
    label = BADGE.get(kind, kind.upper())
    d.text((w // 2, 12), label, font=font(13, True), fill=(255, 255, 255), anchor="mm")
    return img


def _badge(img: Image.Image, x: int, y: int, w: int, kind: str, owner: Colour) -> None:
    badge = _badge_image(kind, owner, w)
    img.paste(badge, (x, y), badge)


@lru_cache(maxsize=8)
def _empty_slot(w: int, h: int, line: Colour, muted: Colour, bg: Colour) -> Image.Image:
    img = Image.new("RGB", (w - 12, h - 12), bg)
    d = ImageDraw.Draw(img)
    _dashed_rect(d, (0, 0, w - 13, h - 13), line, width=2, dash=6)
    d.text(((w - 12) // 2, (h - 12) // 2), "empty slot", font=font(14), fill=muted, anchor="mm")
    return img


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _text(d: ImageDraw.ImageDraw, xy: tuple[int, int], text: str, size: int,
          fill: Colour, bold: bool = False, width: int | None = None, anchor: str = "la") -> int:
    f = font(size, bold)
    if width is not None:
        text = fit_text(d, text, f, width)
    d.text(xy, text, font=f, fill=fill, anchor=anchor)
    return text_width(d, text, f)


def _arrow(d: ImageDraw.ImageDraw, x: int, y: int, direction: int, colour: Colour) -> None:
    """A small horizontal arrow centred at (x, y): +1 right, -1 left."""
    d.line((x - 6, y, x + 6, y), fill=colour, width=3)
    tip = x + 7 * direction
    d.polygon([(tip, y), (tip - 7 * direction, y - 6), (tip - 7 * direction, y + 6)], fill=colour)


def _dashed_rect(d: ImageDraw.ImageDraw, box: tuple[int, int, int, int], colour: Colour,
                 width: int = 4, dash: int = 10) -> None:
    x0, y0, x1, y1 = box
    for x in range(x0, x1, dash * 2):
        d.line((x, y0, min(x + dash, x1), y0), fill=colour, width=width)
        d.line((x, y1, min(x + dash, x1), y1), fill=colour, width=width)
    for y in range(y0, y1, dash * 2):
        d.line((x0, y, x0, min(y + dash, y1)), fill=colour, width=width)
        d.line((x1, y, x1, min(y + dash, y1)), fill=colour, width=width)


# ---------------------------------------------------------------------------------------------
# Public table
# ---------------------------------------------------------------------------------------------

STEP_TEXT = {
    "turn": "choosing an action", "place_village": "placing a village",
    "place_special": "placing an action card", "discard": "discarding",
    "take_village": "taking a village card", "journey": "travelling",
    "teleport_cards": "paying for a teleport", "over": "",
}


def _seat_of(view: dict[str, Any], player: str | None) -> int:
    for p in view.get("players", []):
        if p["id"] == player:
            return int(p["seat"])
    return 0


def _header(d: ImageDraw.ImageDraw, view: dict[str, Any], names: dict[str, str] | None,
            theme: Theme, lay: Layout, title: str) -> None:
    w = lay.width
    d.rectangle((0, 0, w, lay.header_h - 6), fill=(64, 48, 88))
    _text(d, (lay.margin, 10), title, 24, (255, 240, 200), bold=True)
    phase = view.get("phase", "")
    right = f"Round {view.get('round')}/{view.get('rounds')}"
    if view.get("options", {}).get("teleport"):
        right += " · teleport variant"
    rw = text_width(d, right, font(18, True))
    d.text((w - lay.margin - rw, 14), right, font=font(18, True), fill=(255, 240, 200))
    step = (view.get("step") or {}).get("kind", "")
    if phase == "over":
        line = "Game over: final gold below"
    else:
        actor = view.get("actor")
        who = _names(actor, names) if actor else "?"
        step_text = STEP_TEXT.get(step, step)
        extra = ""
        st = view.get("step") or {}
        if st.get("card"):
            extra = f" ({NAMES.get(st['card'], st['card'])})"
        if st.get("left"):
            extra += f", {st['left']} to go"
        line = f"{phase.capitalize()}: {who} is {step_text}{extra}"
    colour = seat_colour(_seat_of(view, view.get("actor"))) if phase != "over" else (255, 255, 255)
    d.ellipse((lay.margin, 50, lay.margin + 18, 68), fill=colour, outline=(255, 255, 255), width=2)
    _text(d, (lay.margin + 26, 48), line, 19, (255, 255, 255), width=w - 2 * lay.margin - 30)


def _journey_line(view: dict[str, Any], names: dict[str, str] | None) -> str:
    j = view.get("journey")
    if not j:
        return ""
    total = sum(len(r) for r in view.get("realms", []))
    seen = {(v["realm"], v["slot"]) for v in j.get("visits", [])}
    parts = [f"Journey of {_short(_names(j['traveller'], names))}",
             f"pending income {j.get('income', 0)}",
             "clockwise ↓→" if j.get("direction") == "cw" else "anticlockwise ←↑",
             f"visited {len(seen)} of {total}"]
    if j.get("escort"):
        parts.append(f"escort: {_short(_names(j['escort'], names))}")
    return " · ".join(parts)


def _short(name: str, limit: int = 16) -> str:
    return name if len(name) <= limit else name[: limit - 1] + "…"


def _draw_village(img: Image.Image, d: ImageDraw.ImageDraw, x: int, y: int, vil: dict[str, Any],
                  view: dict[str, Any], names: dict[str, str] | None, lay: Layout) -> None:
    terrain = vil["card"]
    value = int(vil.get("value", VALUE_FALLBACK.get(terrain, 0)))
    img.paste(village_tile(terrain, value, lay.tile_w, lay.tile_h), (x, y))
    ink = TERRAIN_INK.get(terrain, (0, 0, 0))
    d.text((lay.tile_w + x - 44, y + 10), f"#{vil['slot'] + 1}", font=font(14, True), fill=ink,
           anchor="ra")
    specials = []
    for key in ("gold", "thief"):
        if vil.get(key):
            specials.append((key, vil[key]))
    if vil.get("obstacle"):
        specials.append((vil["obstacle"]["card"], vil["obstacle"]["owner"]))
    bx = x + 8
    bw = 56
    for kind, owner in specials:
        _badge(img, bx, y + lay.tile_h - 32, bw, kind, seat_colour(_seat_of(view, owner)))
        bx += bw + 4


def _draw_journey_marks(d: ImageDraw.ImageDraw, view: dict[str, Any],
                        boxes: dict[tuple[str, int], tuple[int, int]], lay: Layout,
                        theme: Theme) -> None:
    j = view.get("journey")
    if not j:
        return
    colour = seat_colour(_seat_of(view, j["traveller"]))
    nxt = j.get("next")
    if nxt and (nxt["realm"], nxt["slot"]) in boxes:
        x, y = boxes[(nxt["realm"], nxt["slot"])]
        _dashed_rect(d, (x - 5, y - 5, x + lay.tile_w + 4, y + lay.tile_h + 4), colour)
        d.rounded_rectangle((x + lay.tile_w - 56, y + lay.tile_h - 8, x + lay.tile_w + 2,
                             y + lay.tile_h + 12), radius=6, fill=colour)
        d.text((x + lay.tile_w - 27, y + lay.tile_h + 2), "NEXT", font=font(12, True),
               fill=(255, 255, 255), anchor="mm")
    at = j.get("at")
    if at and (at["realm"], at["slot"]) in boxes:
        x, y = boxes[(at["realm"], at["slot"])]
        d.rounded_rectangle((x - 5, y - 5, x + lay.tile_w + 4, y + lay.tile_h + 4), radius=12,
                            outline=theme.highlight, width=5)
        d.rounded_rectangle((x - 5, y - 5, x + lay.tile_w + 4, y + lay.tile_h + 4), radius=12,
                            outline=(60, 40, 0), width=1)
    # the route taken: numbered dots in the traveller's colour
    per: dict[tuple[str, int], list[int]] = {}
    for i, v in enumerate(j.get("visits", []), start=1):
        per.setdefault((v["realm"], v["slot"]), []).append(i)
    for key, nums in per.items():
        if key not in boxes:
            continue
        x, y = boxes[key]
        cx = x + 24
        for n in nums[-5:]:
            d.ellipse((cx - 11, y + lay.tile_h - 62, cx + 11, y + lay.tile_h - 40), fill=colour,
                      outline=(255, 255, 255), width=2)
            d.text((cx, y + lay.tile_h - 51), str(n), font=font(13, True), fill=(255, 255, 255),
                   anchor="mm")
            cx += 25


def render_public(view: dict[str, Any], names: dict[str, str] | None, theme: Theme,
                  lay: Layout = LAYOUT) -> Image.Image:
    players = view.get("players", [])
    n = len(players)
    cap = int(view.get("capacity", 2))
    avail = lay.width - lay.info_w - 10 - lay.margin - 6
    lay = replace(lay, tile_w=min(262, (avail - lay.tile_gap * (cap - 1)) // cap))
    journey = view.get("journey")
    extra = 30 if journey else 0
    height = lay.header_h + extra + n * lay.row_h + lay.footer_h
    img, d = new_canvas(lay.width, height, theme)
    _header(d, view, names, theme, lay, "King of the Elves")
    y = lay.header_h
    if journey:
        _text(d, (lay.margin, y - 2), _journey_line(view, names), 17, theme.ink, bold=True,
              width=lay.width - 2 * lay.margin)
        y += extra
    over = view.get("phase") == "over"
    final = view.get("final") or {}
    boxes: dict[tuple[str, int], tuple[int, int]] = {}
    actor = view.get("actor")
    planning = view.get("phase") == "planning"
    for p in players:
        seat = int(p["seat"])
        pid = p["id"]
        colour = seat_colour(seat)
        top = y + seat * lay.row_h
        panel_fill = theme.panel if pid != actor or over else (255, 246, 200)
        d.rounded_rectangle((lay.margin - 4, top + 4, lay.width - lay.margin + 4,
                             top + lay.row_h - 6), radius=12, fill=panel_fill,
                            outline=theme.line, width=2)
        d.rounded_rectangle((lay.margin - 4, top + 4, lay.margin + 6, top + lay.row_h - 6),
                            radius=4, fill=colour)
        x0 = lay.margin + 16
        name_w = lay.info_w - 30 - (80 if pid == view.get("start_player") and not over else 0)
        prefix = "▶ " if pid == actor and not over else ""
        _text(d, (x0, top + 12), prefix + _names(pid, names), 21, colour, bold=True, width=name_w)
        if pid == view.get("start_player") and not over:
            _dragon(d, lay.info_w - 72, top + 13)
        # hand size, coins, tokens
        ly = top + 46
        _card_back(d, x0, ly)
        cx = x0 + 20 + _text(d, (x0 + 20, ly), _plural(p["hand_size"], "card"), 17, theme.ink)
        _coin_icon(d, cx + 14, ly + 1)
        cx += 38 + _text(d, (cx + 38, ly), _plural(p["coins"], "coin"), 17, theme.ink)
        sx = cx + 14
        for k in range(4):
            _shield(d, sx + k * 20, ly, colour, filled=k < p["tokens_free"])
        ly += 30
        if over:
            rank = final.get("ranks", {}).get(pid)
            gold = final.get("gold", {}).get(pid)
            _text(d, (x0, ly), f"Rank {rank} · {gold} gold" + ("  WINNER" if rank == 1 else ""),
                  18, (140, 20, 20) if rank == 1 else theme.ink, bold=True)
        else:
            bits = []
            if planning and p.get("purchases"):
                bits.append(f"bought {p['purchases']} ({p['set_aside']} gold set aside)")
            if journey and journey.get("escort") == pid:
                bits.append("ESCORT active in this realm")
            if journey and journey.get("traveller") == pid:
                bits.append(f"travelling, +{journey.get('income', 0)} pending")
            if bits:
                _text(d, (x0, ly), " · ".join(bits), 15, theme.muted, width=lay.info_w - 20)
        # villages in ring order, left to right
        vx = lay.info_w + 10
        villages = view.get("realms", [[]] * n)[seat]
        for slot in range(len(villages) if over else cap):
            bx = vx + slot * (lay.tile_w + lay.tile_gap)
            by = top + (lay.row_h - lay.tile_h) // 2 - 1
            if slot < len(villages):
                _draw_village(img, d, bx, by, villages[slot], view, names, lay)
                boxes[(pid, slot)] = (bx, by)
            else:
                img.paste(_empty_slot(lay.tile_w, lay.tile_h, theme.line, theme.muted,
                                      panel_fill), (bx + 6, by + 6))
        if len(villages) > 0:
            # ring direction hint between consecutive villages
            for slot in range(len(villages) - 1):
                ax = vx + (slot + 1) * (lay.tile_w + lay.tile_gap) - lay.tile_gap // 2
                _arrow(d, ax, top + lay.row_h // 2, 1, theme.muted)
    _draw_journey_marks(d, view, boxes, lay, theme)
    # footer: piles and legend
    fy = height - lay.footer_h + 4
    top_card = view.get("discard_top")
    discards = sum((view.get("discard_pile") or {}).values())
    pile = (f"Draw pile: {_plural(view.get('draw_pile', 0), 'card')}   "
            f"Discard pile: {_plural(discards, 'card')}")
    if top_card:
        pile += f", top: {NAMES.get(top_card, top_card)}"
    if planning:
        pile += f"   Passes in a row: {view.get('passes', 0)}"
    _text(d, (lay.margin, fy), pile, 17, theme.ink, bold=True, width=lay.width - 2 * lay.margin)
    legend = ("Badges (colour = owner): GOLD card, THIEF, WOOD obstacle, SEA monster. "
              "Shields: coats of arms left. Ring: top to bottom, left to right.")
    _text(d, (lay.margin, fy + 28), legend, 14, theme.muted, width=lay.width - 2 * lay.margin)
    return img


# ---------------------------------------------------------------------------------------------
# Private hand
# ---------------------------------------------------------------------------------------------

def _hand_tile(d: ImageDraw.ImageDraw, x: int, y: int, w: int, h: int, kind: str, count: int,
               fill: Colour, ink: Colour) -> None:
    d.rounded_rectangle((x, y, x + w, y + h), radius=9, fill=fill, outline=(60, 50, 40), width=2)
    _text(d, (x + 9, y + 8), NAMES.get(kind, kind), 17, ink, bold=True, width=w - 52)
    d.rounded_rectangle((x + w - 40, y + 6, x + w - 5, y + 32), radius=8, fill=(255, 255, 255),
                        outline=(60, 50, 40))
    d.text((x + w - 22, y + 19), f"×{count}", font=font(16, True), fill=(30, 30, 30), anchor="mm")


def render_private(view: dict[str, Any], names: dict[str, str] | None, theme: Theme,
                   lay: Layout = LAYOUT) -> Image.Image:
    hand: dict[str, int] = view.get("hand") or {}
    viewer = str(view.get("viewer"))
    seat = _seat_of(view, viewer)
    colour = seat_colour(seat)
    villages = [k for k in VILLAGES if hand.get(k)]
    transports = [k for k in TRANSPORTS if hand.get(k)]
    actions = [k for k in ACTIONS if hand.get(k)]
    m = lay.margin
    per_row = (lay.width - 2 * m + 12) // (lay.hand_tile_w + 12)
    rows_v = max(1, -(-len(villages) // per_row)) if villages else 0
    rows_a = len(actions)
    my_turn = view.get("actor") == viewer and view.get("phase") != "over"
    height = (lay.header_h + 86 + (40 + rows_v * (lay.hand_tile_h + 10) if villages else 0)
              + (40 + len(transports) * 52 if transports else 0)
              + (40 + rows_a * 52 if actions else 0) + (40 if not hand else 0) + 20
              - (0 if my_turn else 30))
    img, d = new_canvas(lay.width, height, theme)
    _header(d, view, names, theme, lay, f"Your hand: {_names(viewer, names)}")
    d.rectangle((0, lay.header_h - 6, lay.width, lay.header_h - 2), fill=colour)
    # gold and coins
    y = lay.header_h + 8
    gold = int(view.get("gold", 0))
    b = view.get("coin_breakdown") or {}
    w = _text(d, (m, y + 6), f"Gold: {gold}", 26, theme.ink, bold=True)
    cx = m + w + 20
    for value in (10, 5, 1):
        for _ in range(int(b.get(str(value), 0))):
            img.paste(_coin(value, 17), (cx, y + 2), _coin(value, 17))
            cx += 40
    me: dict[str, Any] = next((p for p in view.get("players", []) if p["id"] == viewer), {})
    info = (f"{_plural(sum(hand.values()), 'card')} · "
            f"{_plural(me.get('tokens_free', 0), 'coat')} of arms left"
            + (f" · next purchase {me['next_buy_cost']} gold"
               if view.get("phase") == "planning" and me.get("next_buy_cost") else ""))
    _text(d, (max(cx + 16, 480), y + 10), info, 17, theme.muted,
          width=lay.width - max(cx + 16, 480) - m)
    y += 56
    if my_turn:
        _text(d, (m, y), "Your turn: see your prompt for the moves you can make.", 16,
              (140, 20, 20), bold=True)
        y += 30
    if not hand:
        _text(d, (m, y), "Your hand is empty.", 20, theme.muted)
        return img
    if villages:
        _text(d, (m, y), "Village cards (value)", 19, theme.ink, bold=True)
        y += 32
        for i, k in enumerate(villages):
            r, c = divmod(i, per_row)
            x = m + c * (lay.hand_tile_w + 12)
            ty = y + r * (lay.hand_tile_h + 10)
            _hand_tile(d, x, ty, lay.hand_tile_w, lay.hand_tile_h, k, hand[k],
                       TERRAIN_FILL[k], TERRAIN_INK[k])
            d.text((x + 12, ty + 40), f"worth {view_value(k)}", font=font(16), fill=TERRAIN_INK[k])
        y += rows_v * (lay.hand_tile_h + 10) + 8
    if transports:
        _text(d, (m, y), "Transport cards: terrains reached (cards needed per visit)", 19,
              theme.ink, bold=True)
        y += 32
        for k in transports:
            _hand_tile(d, m, y, 260, 44, k, hand[k], TRAVEL_FILL, theme.ink)
            x = m + 274
            for terrain, cost in COSTS[k].items():
                label = f"{NAMES[terrain]} {cost}"
                tw = text_width(d, label, font(16, True)) + 20
                d.rounded_rectangle((x, y + 6, x + tw, y + 38), radius=8,
                                    fill=TERRAIN_FILL[terrain], outline=(60, 50, 40))
                d.text((x + tw // 2, y + 22), label, font=font(16, True),
                       fill=TERRAIN_INK[terrain], anchor="mm")
                x += tw + 8
            y += 52
        y += 8
    if actions:
        _text(d, (m, y), "Action cards", 19, theme.ink, bold=True)
        y += 32
        for i, k in enumerate(actions):
            ty = y + i * 52
            _hand_tile(d, m, ty, 260, 44, k, hand[k], ACTION_FILL, theme.ink)
            _text(d, (m + 274, ty + 12), EFFECTS.get(k, ""), 17, theme.muted,
                  width=lay.width - 2 * m - 280)
    return img


def view_value(terrain: str) -> int:
    return VALUE_FALLBACK.get(terrain, 0)


def render(view: dict[str, Any], *, names: dict[str, str] | None = None,
           theme: Theme | None = None) -> Image.Image:
    """The public table (``view["viewer"]`` None) or the viewer's private hand image."""
    theme = theme or DEFAULT_THEME
    if view.get("viewer") is None:
        return render_public(view, names, theme)
    return render_private(view, names, theme)
