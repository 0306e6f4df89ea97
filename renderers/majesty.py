"""Majesty board image: the display with its meeples, the deck, every realm, turn and scores.

Public image (``view["viewer"]`` is None): everything a spectator may see. Private image: the
same board (Majesty has no secrets) with the viewer's realm framed and marked "you".
Only the view is read; the draw deck's contents never reach this module.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.majesty.tables import card_characters
from renderers.common import (
    DEFAULT_THEME,
    Theme,
    display_name,
    fit_text,
    font,
    new_canvas,
    seat_colour,
)

CHARACTERS = ("miller", "brewer", "witch", "guard", "knight", "innkeeper", "noble")
LOCATIONS = ("mill", "brewery", "cottage", "guardhouse", "barracks", "inn", "castle", "infirmary")
HOME = dict(zip(CHARACTERS, LOCATIONS[:7], strict=True))
CHARACTER_NAMES = {"miller": "Miller", "brewer": "Brewer", "witch": "Witch", "guard": "Guard",
                   "knight": "Knight", "innkeeper": "Innkeeper", "noble": "Noble"}
LOCATION_NAMES = {"mill": "Mill", "brewery": "Brewery", "cottage": "Cottage",
                  "guardhouse": "Guardhouse", "barracks": "Barracks", "inn": "Inn",
                  "castle": "Castle", "infirmary": "Infirmary"}
ABILITY = {"cottage": "heal", "guardhouse": "defend", "barracks": "attack"}
#: card colours by character (location crest colours, approximated)
CHAR_COLOUR: dict[str, tuple[int, int, int]] = {
    "miller": (214, 172, 52), "brewer": (176, 104, 44), "witch": (76, 150, 72),
    "guard": (196, 62, 52), "knight": (62, 92, 160), "innkeeper": (136, 84, 156),
    "noble": (208, 108, 160),
}
INFIRMARY_COLOUR = (110, 110, 118)
TIER_COLOUR = {1: (70, 140, 80), 2: (170, 60, 60)}
MEEPLE = (250, 250, 250)
GOLD = (212, 160, 20)


@dataclass(frozen=True)
class Layout:
    width: int = 1120
    margin: int = 16
    header_h: int = 58
    card_w: int = 150
    card_h: int = 128
    card_gap: int = 12
    deck_w: int = 110
    display_label_h: int = 26
    loc_head_h: int = 54
    name_w: int = 208
    row_h: int = 116
    chip_w: int = 14
    chip_h: int = 22
    chip_gap: int = 3
    final_row_h: int = 30

    @property
    def col_w(self) -> int:
        return (self.width - 2 * self.margin - self.name_w) // 8


LAYOUT = Layout()


def _text_on(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    r, g, b = colour
    return (20, 20, 20) if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else (255, 255, 255)


def _lighten(c: tuple[int, int, int], f: float) -> tuple[int, int, int]:
    return (int(c[0] + (255 - c[0]) * f), int(c[1] + (255 - c[1]) * f),
            int(c[2] + (255 - c[2]) * f))


# ---------------------------------------------------------------------------------------------
# Static art (cached)


STRIP_H = 26  # bottom strip of a display card: the meeples lying on it


@lru_cache(maxsize=64)
def card_face(characters: tuple[str, ...], w: int, h: int) -> Image.Image:
    """A character card: its colour (two halves for a split card) above a light meeple strip."""
    body = h - STRIP_H
    colours = [CHAR_COLOUR.get(x, (150, 150, 150)) for x in characters[:2]] or [(150, 150, 150)]
    fill = Image.new("RGBA", (w, h), (250, 244, 230, 255))
    fd = ImageDraw.Draw(fill)
    half = body // len(colours)
    for i, c in enumerate(colours):
        fd.rectangle((0, i * half, w, body if i == len(colours) - 1 else (i + 1) * half),
                     fill=c + (255,))
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, w - 1, h - 1), radius=10, fill=255)
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    img.paste(fill, (0, 0), mask)
    d = ImageDraw.Draw(img)
    d.line((1, body, w - 2, body), fill=(60, 50, 40), width=1)
    if len(colours) == 2:
        d.line((6, half, w - 7, half), fill=(255, 255, 255), width=2)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=10, outline=(60, 50, 40), width=2)
    f = font(20 if len(colours) == 1 else 17, True)
    for i, (ch, c) in enumerate(zip(characters, colours, strict=False)):
        y = i * half + half // 2 + (4 if i == 0 and len(colours) == 2 else 0)
        d.text((w // 2, y), fit_text(d, CHARACTER_NAMES.get(ch, ch), f, w - 12), font=f,
               fill=_text_on(c), anchor="mm")
    return img


@lru_cache(maxsize=64)
def chip(characters: tuple[str, ...], as_: str | None, w: int, h: int,
         wounded: bool = False) -> Image.Image:
    """A small card in a realm cell: its colour (split cards show the other half as a stripe)."""
    img = Image.new("RGB", (w, h), INFIRMARY_COLOUR if wounded else (255, 255, 255))
    d = ImageDraw.Draw(img)
    if wounded:
        for i, ch in enumerate(characters[:2]):
            x0 = 3 + i * (w - 6) // max(1, len(characters))
            x1 = 3 + (i + 1) * (w - 6) // max(1, len(characters)) - 1
            d.rectangle((x0, h - 7, x1, h - 4), fill=CHAR_COLOUR.get(ch, (150, 150, 150)))
        d.rectangle((0, 0, w - 1, h - 1), outline=(50, 50, 50))
        return img
    main = CHAR_COLOUR.get(as_ or characters[0], (150, 150, 150))
    d.rectangle((0, 0, w - 1, h - 1), fill=main)
    others = [c for c in characters if c != as_]
    if len(characters) > 1 and others:
        d.rectangle((0, h - 6, w - 1, h - 1), fill=CHAR_COLOUR.get(others[0], (150, 150, 150)))
        d.line((0, h - 7, w - 1, h - 7), fill=(255, 255, 255))
    d.rectangle((0, 0, w - 1, h - 1), outline=(50, 40, 30))
    return img


@lru_cache(maxsize=16)
def location_header(sides: str, values: tuple[int, ...], layout: Layout,
                    theme: Theme) -> Image.Image:
    """The row of location titles with side letter, ability and majority value."""
    w = layout.width - 2 * layout.margin
    img = Image.new("RGB", (w, layout.loc_head_h), theme.background)
    d = ImageDraw.Draw(img)
    d.text((6, layout.loc_head_h // 2), "Realms", font=font(20, True), fill=theme.ink,
           anchor="lm")
    f1, f2 = font(15, True), font(13)
    for i, loc in enumerate(LOCATIONS):
        x = layout.name_w + i * layout.col_w
        colour = CHAR_COLOUR.get(CHARACTERS[i]) if i < 7 else INFIRMARY_COLOUR
        assert colour is not None
        d.rectangle((x + 2, 0, x + layout.col_w - 3, 7), fill=colour)
        d.text((x + layout.col_w // 2, 20), fit_text(d, LOCATION_NAMES[loc], f1, layout.col_w - 6),
               font=f1, fill=theme.ink, anchor="mm")
        side = sides[i] if i < len(sides) else "A"
        extra = ABILITY.get(loc, "")
        if loc == "castle" and side == "B":
            extra = "trade"
        value = f"{values[i]:+d}" if i < len(values) and values[i] else ""
        sub = " · ".join(x for x in (side, value, extra) if x)
        d.text((x + layout.col_w // 2, 38), fit_text(d, sub, f2, layout.col_w - 6), font=f2,
               fill=theme.muted, anchor="mm")
    return img


# ---------------------------------------------------------------------------------------------
# Pieces

@lru_cache(maxsize=4096)
def _width(text: str, fnt: Any) -> int:
    return int(fnt.getlength(text))


@lru_cache(maxsize=2048)
def _fit(text: str, fnt: Any, width: int) -> str:
    """``text`` shortened with an ellipsis to fit ``width`` pixels (cached)."""
    if _width(text, fnt) <= width:
        return text
    while text and _width(text + "…", fnt) > width:
        text = text[:-1]
    return text + "…"


@lru_cache(maxsize=4096)
def _text_mask(text: str, fnt: Any, anchor: str) -> tuple[Image.Image, int, int]:
    """``text`` rendered once as an alpha mask, with its offset from the anchor point."""
    left, top, right, bottom = fnt.getbbox(text, anchor=anchor)
    mask = Image.new("L", (max(1, int(right - left)), max(1, int(bottom - top))), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=fnt, fill=255, anchor=anchor)
    return mask, int(left), int(top)


def _text(img: Image.Image, xy: tuple[float, float], text: str, font: Any,
          fill: tuple[int, int, int], anchor: str = "la") -> None:
    """Draw ``text`` like ``ImageDraw.text`` but from a cache of rendered strings."""
    if not text:
        return
    mask, left, top = _text_mask(text, font, anchor)
    img.paste(fill, (int(xy[0]) + left, int(xy[1]) + top), mask)




def _meeple(d: ImageDraw.ImageDraw, x: int, y: int, r: int, fill: tuple[int, int, int] = MEEPLE,
            outline: tuple[int, int, int] = (40, 40, 40)) -> None:
    """A small meeple: head and body, centred on (x, y), about 2r wide."""
    d.ellipse((x - r * 0.45, y - r, x + r * 0.45, y - r * 0.1), fill=fill, outline=outline)
    d.polygon([(x - r, y + r), (x - r * 0.5, y - r * 0.05), (x + r * 0.5, y - r * 0.05),
               (x + r, y + r)], fill=fill, outline=outline)


def _meeple_count(img: Image.Image, d: ImageDraw.ImageDraw, x: int, y: int, n: int,
                  colour: tuple[int, int, int], size: int = 18) -> int:
    """A meeple icon followed by "×n"; returns the width used."""
    _meeple(d, x + 9, y, 9)
    f = font(size, True)
    label = f"×{n}"
    _text(img, (x + 21, y), label, font=f, fill=colour, anchor="lm")
    return 21 + _width(label, f)


def _names(view: dict[str, Any], names: dict[str, str] | None) -> dict[str, str]:
    return {p: display_name(p, names) for p in view.get("players", [])}


def _seat(view: dict[str, Any], player: str) -> tuple[int, int, int]:
    players = list(view.get("players", []))
    return seat_colour(players.index(player) if player in players else 0)


def _draw_header(img: Image.Image, d: ImageDraw.ImageDraw, view: dict[str, Any],
                 who: dict[str, str], lay: Layout, theme: Theme) -> None:
    m = lay.margin
    d.rectangle((0, 0, lay.width, lay.header_h), fill=(60, 46, 36))
    _text(img, (m, lay.header_h // 2), "Majesty", font=font(28, True), fill=(250, 228, 160),
           anchor="lm")
    x = m + 150
    over = view.get("step") == "over"
    if over:
        status = f"Game over after {view.get('rounds', 12)} rounds"
    else:
        status = f"Round {view.get('round')}/{view.get('rounds', 12)}  ·  turn {view.get('turn')}"
    _text(img, (x, lay.header_h // 2), status, font=font(20, True), fill=(255, 255, 255),
          anchor="lm")
    active = view.get("active")
    if active and not over:
        step = {"take": "takes a card", "place": "places a split card",
                "heal_place": "places a healed card",
                "castle_exchange": "Castle exchange"}.get(str(view.get("step")), "")
        label = f"{who.get(active, active)} to play: {step}"
        f = font(20, True)
        right = lay.width - m
        label = _fit(label, f, right - (x + 330) - 30)
        tw = _width(label, f)
        col = _seat(view, active)
        d.rounded_rectangle((right - tw - 34, 11, right, lay.header_h - 11), radius=8, fill=col)
        d.polygon([(right - tw - 26, 22), (right - tw - 26, lay.header_h - 22),
                   (right - tw - 16, lay.header_h // 2)], fill=_text_on(col))
        _text(img, (right - 8, lay.header_h // 2), label, font=f, fill=_text_on(col), anchor="rm")


def last_move_text(view: dict[str, Any], who: dict[str, str]) -> str:
    """A one-line summary of the latest move, from ``view["last_events"]``."""
    events = view.get("last_events") or []
    actor = next((e["player"] for e in events if isinstance(e.get("player"), str)
                  and e["type"] in ("take", "place", "heal_place", "heal", "castle_exchange")),
                 None)
    if actor is None:
        return ""
    parts: list[str] = []
    for e in events:
        et = e["type"]
        if et == "take":
            names = "/".join(CHARACTER_NAMES.get(c, c) for c in card_characters(int(e["card"])))
            cost = int(e.get("cost", 0))
            parts.append(f"took {names}" + (f" for {cost} meeple{'s' if cost != 1 else ''}"
                                             if cost else " for free"))
        elif et == "place" and len(card_characters(int(e["card"]))) > 1:
            parts.append(f"as {CHARACTER_NAMES.get(e['character'], e['character'])}")
        elif et == "heal":
            parts.append(f"healed a {CHARACTER_NAMES.get(e['character'], e['character'])}")
        elif et == "castle_exchange" and e.get("meeples"):
            k = int(e["meeples"])
            verb, plural = ("bought" if k > 0 else "sold"), ("s" if abs(k) != 1 else "")
            parts.append(f"{verb} {abs(k)} meeple{plural}")
    gained = sum(int(e.get("points", 0)) for e in events
                 if e["type"] in ("gain", "meeples_returned") and e.get("player") == actor)
    if gained:
        parts.append(f"+{gained} points")
    wounded = sum(1 for e in events if e["type"] == "attack" and e.get("result") == "wounded")
    if wounded:
        parts.append(f"wounded {wounded}")
    if not parts:
        return ""
    return f"Last: {who.get(actor, actor)} " + ", ".join(parts)


def _draw_display(img: Image.Image, d: ImageDraw.ImageDraw, view: dict[str, Any], y: int,
                  lay: Layout, theme: Theme, who: dict[str, str]) -> int:
    m = lay.margin
    intro = "Display: front card free, +1 meeple per card further back"
    _text(img, (m, y + lay.display_label_h // 2), intro, font=font(16), fill=theme.muted,
          anchor="lm")
    last = last_move_text(view, who)
    if last:
        f = font(16, True)
        room = lay.width - 2 * m - _width(intro, font(16)) - 30
        _text(img, (lay.width - m, y + lay.display_label_h // 2), _fit(last, f, room), font=f,
              fill=theme.ink, anchor="rm")
    y += lay.display_label_h
    # deck
    count = int(view.get("deck_count", 0))
    tier = view.get("deck_top_tier")
    dx, dh = m, lay.card_h
    if count:
        col = TIER_COLOUR.get(int(tier) if tier else 1, (120, 120, 120))
        for k in range(min(3, count) - 1, -1, -1):
            d.rounded_rectangle((dx + 4 * k, y + 4 * k, dx + lay.deck_w - 8 + 4 * k,
                                 y + dh - 12 + 4 * k), radius=10, fill=col, outline=(40, 40, 40),
                                width=2)
        _text(img, (dx + lay.deck_w // 2, y + dh // 2 - 12), str(count), font=font(30, True),
               fill=(255, 255, 255), anchor="mm")
        _text(img, (dx + lay.deck_w // 2, y + dh // 2 + 16), "in deck", font=font(15, True),
               fill=(255, 255, 255), anchor="mm")
    else:
        d.rounded_rectangle((dx, y, dx + lay.deck_w - 8, y + dh - 12), radius=10,
                            outline=theme.line, width=2)
        d.text((dx + lay.deck_w // 2 - 4, y + dh // 2 - 6), "deck\nempty", font=font(15),
               fill=theme.muted, anchor="mm", align="center")
    x0 = m + lay.deck_w + lay.card_gap
    slots = list(view.get("display", []))
    for slot in slots:
        i = int(slot.get("index", 0))
        x = x0 + i * (lay.card_w + lay.card_gap)
        face = card_face(tuple(slot["card"]["characters"]), lay.card_w, lay.card_h - 28)
        img.paste(face, (x, y), face)
        # meeples lying on the card
        n = int(slot.get("meeples", 0))
        by = y + lay.card_h - 28 - STRIP_H // 2
        if n:
            _meeple_count(img, d, x + lay.card_w // 2 - 24, by, n, (40, 40, 40), 17)
        _text(img, (x + 7, y + 4), f"#{slot['card']['id']}", font=font(11),
               fill=_text_on(CHAR_COLOUR.get(slot["card"]["characters"][0], (150, 150, 150))))
        # cost under the card
        cost = int(slot.get("cost", i))
        label = "free" if cost == 0 else f"cost {cost}"
        cy = y + lay.card_h - 12
        f = font(17, True)
        if cost == 0:
            _text(img, (x + lay.card_w // 2, cy), label, font=f, fill=theme.ink, anchor="mm")
        else:
            tw = _width(label, f) + 24
            sx = x + (lay.card_w - tw) // 2
            _text(img, (sx, cy), label, font=f, fill=theme.ink, anchor="lm")
            _meeple(d, sx + tw - 8, cy, 8, fill=(120, 110, 100), outline=(40, 40, 40))
    pending = view.get("pending")
    if pending:
        x = x0 + 5 * (lay.card_w + lay.card_gap)
        fh = lay.card_h - 28
        d.rounded_rectangle((x - 5, y - 5, x + lay.card_w + 4, y + fh + 4), radius=12,
                            outline=theme.highlight, width=4)
        seat_col = _seat(view, str(view.get("active"))) if view.get("active") else theme.ink
        if pending.get("card"):
            face = card_face(tuple(pending["card"]["characters"]), lay.card_w, fh)
            img.paste(face, (x, y), face)
            cy = y + fh - STRIP_H // 2
            label = "choose a half" if pending.get("kind") == "place" else "healed: choose"
            _text(img, (x + lay.card_w // 2, cy), label, font=font(14, True), fill=theme.ink,
                  anchor="mm")
            under = "just taken" if pending.get("kind") == "place" else "from the Infirmary"
        else:
            d.rounded_rectangle((x, y, x + lay.card_w - 1, y + fh - 1), radius=10,
                                fill=CHAR_COLOUR["noble"], outline=(60, 50, 40), width=2)
            _text(img, (x + lay.card_w // 2, y + 26), "Castle", font=font(20, True),
                  fill=(255, 255, 255), anchor="mm")
            _text(img, (x + lay.card_w // 2, y + 50), "exchange", font=font(18, True),
                  fill=(255, 255, 255), anchor="mm")
            _meeple_count(img, d, x + lay.card_w // 2 - 24, y + 78, int(pending.get("held", 0)),
                          (255, 255, 255), 17)
            under = "1 point = 1 meeple"
        _text(img, (x + lay.card_w // 2, y + lay.card_h - 12), under, font=font(15, True),
              fill=seat_col, anchor="mm")
    return y + lay.card_h + 8


def _draw_realm_row(img: Image.Image, d: ImageDraw.ImageDraw, view: dict[str, Any], p: str,
                    y: int, who: dict[str, str], lay: Layout, theme: Theme,
                    marks: dict[tuple[str, str], str]) -> None:
    m = lay.margin
    realm = view["realms"][p]
    col = _seat(view, p)
    viewer = view.get("viewer")
    active = view.get("active")
    x_end = lay.width - m
    bg = _lighten(col, 0.88) if p == active else theme.panel
    d.rectangle((m, y, x_end, y + lay.row_h - 4), fill=bg, outline=theme.line)
    d.rectangle((m, y, m + 8, y + lay.row_h - 4), fill=col)
    if p == viewer:
        d.rectangle((m - 3, y - 3, x_end + 3, y + lay.row_h - 1), outline=theme.highlight,
                    width=4)
    # name block
    nx = m + 16
    f_name = font(20, True)
    name = _fit(who.get(p, p), f_name, lay.name_w - 24)
    _text(img, (nx, y + 16), name, font=f_name, fill=col, anchor="lm")
    if p == viewer:
        d.rounded_rectangle((nx + 118, y + 58, nx + 172, y + 78), radius=6, fill=theme.highlight)
        _text(img, (nx + 145, y + 68), "you", font=font(14, True), fill=theme.ink, anchor="mm")
    if p == active:
        d.polygon([(m + 10, y + 8), (m + 10, y + 24), (m + 15, y + 16)], fill=(255, 255, 255))
    f = font(17, True)
    _text(img, (nx, y + 43), f"{realm['points']} pts", font=f, fill=theme.ink, anchor="lm")
    _meeple_count(img, d, nx + 92, y + 43, int(realm["meeples"]), theme.ink, 17)
    fs = font(15)
    proj = (view.get("projection") or {}).get(p)
    _text(img, (nx, y + 68), f"cards {realm['taken']}/12", font=fs, fill=theme.muted, anchor="lm")
    if proj is not None:
        label = "final" if view.get("step") == "over" else "if it ended now"
        _text(img, (nx, y + 90), f"{label}: {proj}", font=font(15, True), fill=theme.ink,
               anchor="lm")
    # location cells
    majority = view.get("majority") or {}
    for i, loc in enumerate(LOCATIONS):
        cx = m + lay.name_w + i * lay.col_w
        d.line((cx, y + 4, cx, y + lay.row_h - 8), fill=theme.line)
        if loc == "infirmary":
            cards = [dict(c, as_=None) for c in realm.get("infirmary", [])]
        else:
            cards = [dict(c, as_=c.get("as")) for c in realm["locations"].get(loc, [])]
        n = len(cards)
        maj = majority.get(loc) or {}
        leader = p in (maj.get("leaders") or [])
        count_col = theme.muted if n == 0 else theme.ink
        _text(img, (cx + 10, y + 20), str(n), font=font(26, True), fill=count_col, anchor="lm")
        if leader:
            value = int(maj.get("value", 0))
            badge = f"{value:+d}"
            fb = font(14, True)
            bw = _width(badge, fb) + 26
            bx = cx + lay.col_w - bw - 6
            fill = GOLD if value > 0 else (170, 50, 50)
            d.rounded_rectangle((bx, y + 9, bx + bw, y + 31), radius=6, fill=fill)
            _text(img, (bx + 5, y + 20), "♛" if value > 0 else "✚", font=font(15, True),
                   fill=(255, 255, 255), anchor="lm")
            _text(img, (bx + bw - 5, y + 20), badge, font=fb, fill=(255, 255, 255), anchor="rm")
        per_row = max(1, (lay.col_w - 16) // (lay.chip_w + lay.chip_gap))
        shown = cards[: per_row * 3]
        for k, c in enumerate(shown):
            r, q = divmod(k, per_row)
            px = cx + 8 + q * (lay.chip_w + lay.chip_gap)
            py = y + 40 + r * (lay.chip_h + lay.chip_gap)
            if k == len(shown) - 1 and n > len(shown):
                more = f"+{n - len(shown) + 1}"
                _text(img, (px, py + lay.chip_h // 2), more, font=font(13, True),
                       fill=theme.ink, anchor="lm")
                break
            im = chip(tuple(c["characters"]), c["as_"], lay.chip_w, lay.chip_h,
                      loc == "infirmary")
            img.paste(im, (px, py))
        mark = marks.get((p, loc))
        if mark:
            colour = {"new": (30, 150, 60), "healed": (30, 120, 200),
                      "wounded": (200, 40, 40)}.get(mark, theme.ink)
            d.rectangle((cx + 2, y + 2, cx + lay.col_w - 2, y + lay.row_h - 6), outline=colour,
                        width=3)
            _text(img, (cx + lay.col_w - 6, y + lay.row_h - 16), mark, font=font(12, True),
                   fill=colour, anchor="rm")


def _last_marks(view: dict[str, Any]) -> dict[tuple[str, str], str]:
    marks: dict[tuple[str, str], str] = {}
    for e in view.get("last_events") or []:
        et = e.get("type")
        if et == "place":
            marks[(e["player"], e["location"])] = "new"
        elif et == "heal":
            marks[(e["player"], e["location"])] = "healed"
            marks[(e["player"], "infirmary")] = "healed"
        elif et == "attack" and e.get("result") == "wounded":
            marks[(e["target"], e["location"])] = "wounded"
            marks[(e["target"], "infirmary")] = "wounded"
    return marks


def _draw_final(img: Image.Image, d: ImageDraw.ImageDraw, view: dict[str, Any], y: int,
                who: dict[str, str], lay: Layout, theme: Theme) -> int:
    m = lay.margin
    _text(img, (m, y + 14), "Final scoring", font=font(20, True), fill=theme.ink, anchor="lm")
    y += 30
    cols = [("", 40), ("Player", 250), ("Play", 80), ("Infirmary", 100), ("Variety", 90),
            ("Majorities", 420), ("Total", 90)]
    x = m
    fh = font(15, True)
    for title, w in cols:
        _text(img, (x + 6, y + 12), title, font=fh, fill=theme.muted, anchor="lm")
        x += w
    y += 24
    short = {"mill": "Mill", "brewery": "Brew", "cottage": "Cott", "guardhouse": "Guard",
             "barracks": "Barr", "inn": "Inn", "castle": "Castle", "infirmary": "Inf"}
    for row in view.get("final") or []:
        p = row["player"]
        b = row.get("breakdown", {})
        col = _seat(view, p)
        d.rectangle((m, y, lay.width - m, y + lay.final_row_h - 3),
                    fill=_lighten(col, 0.85) if row["rank"] == 1 else theme.panel,
                    outline=theme.line)
        d.rectangle((m, y, m + 6, y + lay.final_row_h - 3), fill=col)
        cells = [
            f"{row['rank']}.",
            who.get(p, p),
            str(b.get("play", "")),
            str(b.get("infirmary", "")),
            f"+{b.get('variety', 0)}",
            " ".join(f"{short.get(k, k)} {v:+d}" for k, v in (b.get("majority") or {}).items())
            or "-",
            str(row["score"]),
        ]
        x = m
        cy = y + (lay.final_row_h - 3) // 2
        for (title, w), text in zip(cols, cells, strict=True):
            bold = title in ("", "Player", "Total")
            f = font(16, bold)
            _text(img, (x + 10, cy), _fit(text, f, w - 14), font=f,
                   fill=col if title == "Player" else theme.ink, anchor="lm")
            x += w
        if view.get("options", {}).get("tiebreak_meeples"):
            _text(img, (lay.width - m - 8, cy), f"{row.get('meeples', 0)} meeples", font=font(13),
                   fill=theme.muted, anchor="rm")
        y += lay.final_row_h
    return y


def render(view: dict[str, Any], *, names: dict[str, str] | None = None,
           theme: Theme | None = None) -> Image.Image:
    """The board image for ``view`` (public when ``view["viewer"]`` is None)."""
    theme = theme or DEFAULT_THEME
    lay = LAYOUT
    who = _names(view, names)
    order = list(view.get("order") or view.get("players") or [])
    over = view.get("step") == "over" and view.get("final")
    height = (lay.header_h + 10 + lay.display_label_h + lay.card_h + 8 + lay.loc_head_h
              + len(order) * lay.row_h + 34)
    if over:
        height += 30 + 24 + len(view["final"]) * lay.final_row_h + 12
    img, d = new_canvas(lay.width, height, theme)
    _draw_header(img, d, view, who, lay, theme)
    y = _draw_display(img, d, view, lay.header_h + 10, lay, theme, who)
    sides = str((view.get("options") or {}).get("sides", "AAAAAAAA"))
    maj = view.get("majority") or {}
    values = tuple(int((maj.get(loc) or {}).get("value", 0)) for loc in LOCATIONS)
    head = location_header(sides, values, lay, theme)
    img.paste(head, (lay.margin, y))
    y += lay.loc_head_h
    marks = _last_marks(view)
    for p in order:
        _draw_realm_row(img, d, view, p, y, who, lay, theme, marks)
        y += lay.row_h
    # legend line
    legend = ("♛ +n: majority there now (scored at game end)  ·  small cards in placement "
              "order; a lower stripe shows a split card's unused half")
    _text(img, (lay.margin, y + 12), _fit(legend, font(14), lay.width - 2 * lay.margin),
           font=font(14), fill=theme.muted, anchor="lm")
    y += 30
    if over:
        _draw_final(img, d, view, y, who, lay, theme)
    return img
