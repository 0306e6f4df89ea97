"""Empire Engine images: the public board and each player's private sheet.

``render(view)`` draws the public board when ``view["viewer"]`` is None: every player's two
engine cards with the active action on top (after the round-1 reveal), ready piles, score
totals (by type only where the view shows them), who has chosen this step (never what), the
round track, the start player and this round's attacks. With a viewer it draws that player's
private sheet: their own score pile by type, ready pile, pending pick, partner's pile, empire
power and, while planning, the action each gear choice brings to the top of each engine and
what it costs. It reads only the view (never a state); static card art is cached.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.empire_engine.data import EMPIRE_BY_NAME, ENGINE_ORDER, SCORE_TYPES
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

RESOURCE_COLOURS: dict[str, tuple[int, int, int]] = {
    "soldier": (196, 48, 43),
    "good": (235, 178, 20),
    "invention": (40, 96, 190),
}
RESOURCE_LABEL = {"soldier": "S", "good": "G", "invention": "I"}
ACTION_COLOURS: dict[str, tuple[int, int, int]] = {
    "Arm": (176, 58, 46),
    "Produce": (196, 140, 10),
    "Invent": (41, 98, 180),
    "Attack": (120, 30, 30),
    "Defend": (70, 90, 110),
    "Export": (150, 95, 40),
    "Salvage": (20, 120, 110),
}
STEP_TEXT = {
    "orient": "Round 1: everyone sets the engines (secret)",
    "plan": "Planning: everyone places gears (secret)",
    "block": "{who} chooses which attack to block",
    "steal": "{who} chooses what to take",
    "salvage": "Salvage: {who} choosing (secret)",
    "over": "Game over",
}


@dataclass(frozen=True)
class Layout:
    """Geometry of the public board and the private sheet (pixels)."""

    width: int = 1000
    margin: int = 16
    header: int = 92
    panel_w: int = 476
    panel_h: int = 206
    gap: int = 16
    card: int = 118
    footer_line: int = 24
    sheet_width: int = 900
    sheet_card: int = 150
    cards_top: int = 60  # from the panel top to the cards (44 without empire lines)


def board_layout(view: dict[str, Any]) -> Layout:
    """The public board geometry: smaller cards from 5 players, no empire line without powers."""
    seats = view["seats"]
    card = LAYOUT.card if len(seats) <= 4 else 100
    top = 60 if any(seat.get("empire") for seat in seats) else 44
    return replace(LAYOUT, card=card, cards_top=top, panel_h=top + card + 18)


LAYOUT = Layout()


# ------------------------------------------------------------------ static art (cached)


@lru_cache(maxsize=32)
def _card_art(card: str, top_index: int | None, size: int) -> Image.Image:
    """An engine card: the active action in a band on top, the other three round the edges.

    Edge labels are rotated so that they read as on the physical card: the left edge is what
    one clockwise quarter turn brings up, the bottom two turns, the right edge three.
    """
    img = Image.new("RGB", (size, size), (252, 248, 238))
    d = ImageDraw.Draw(img)
    d.rectangle([0, 0, size - 1, size - 1], outline=(90, 80, 70), width=2)
    order = ENGINE_ORDER[card]
    band = max(26, size // 4)
    if top_index is None:
        d.rectangle([2, 2, size - 3, size - 3], fill=(215, 208, 195))
        f = font(size // 5, True)
        w = text_width(d, card, f)
        d.text(((size - w) // 2, size // 2 - size // 8), card, font=f, fill=(110, 100, 90))
        return img
    act = order[top_index]
    d.rectangle([2, 2, size - 3, band], fill=ACTION_COLOURS[act])
    ft = font(max(12, size // 7), True)
    label = fit_text(d, act, ft, size - 8)
    w = text_width(d, label, ft)
    d.text(((size - w) // 2, 2 + (band - ft.size) // 2 - 1), label, font=ft, fill=(255, 255, 255))
    small = max(11, size // 10)
    fs = font(small)
    # k turns bring ENGINE_ORDER[(t - k) % 4] up: k=1 left edge, k=2 bottom, k=3 right edge.
    for k, angle in ((1, 90), (2, 180), (3, 270)):
        other = order[(top_index - k) % 4]
        tw = text_width(d, other, fs) + 6
        strip = Image.new("RGB", (tw, small + 6), (252, 248, 238))
        sd = ImageDraw.Draw(strip)
        sd.text((3, 1), other, font=fs, fill=ACTION_COLOURS[other])
        rot = strip.rotate(angle, expand=True)
        if k == 1:
            pos = (4, band + (size - band - rot.height) // 2)
        elif k == 2:
            pos = ((size - rot.width) // 2, size - rot.height - 4)
        else:
            pos = (size - rot.width - 4, band + (size - band - rot.height) // 2)
        img.paste(rot, pos)
    fc = font(max(14, size // 5), True)
    w = text_width(d, card, fc)
    d.text(((size - w) // 2, band + (size - band) // 2 - fc.size // 2 - 4), card, font=fc,
           fill=(200, 190, 175))
    return img


def _cube(d: ImageDraw.ImageDraw, x: int, y: int, kind: str, s: int = 16) -> None:
    c = RESOURCE_COLOURS[kind]
    d.rectangle([x, y, x + s, y + s], fill=c, outline=(60, 50, 40))
    d.line([x + 2, y + 2, x + s - 3, y + 2], fill=tuple(min(255, v + 60) for v in c))


def _pile(d: ImageDraw.ImageDraw, x: int, y: int, pile: dict[str, int], kinds: tuple[str, ...],
          theme: Theme, size: int = 18) -> int:
    """Cube icon + count for each kind; returns the x after the last."""
    f = font(size, True)
    for kind in kinds:
        _cube(d, x, y + 2, kind, size - 2)
        txt = str(int(pile.get(kind, 0)))
        d.text((x + size + 4, y), txt, font=f, fill=theme.ink)
        x += size + 10 + text_width(d, txt, f) + 8
    return x


def _pill(d: ImageDraw.ImageDraw, x: int, y: int, text: str, fill: tuple[int, int, int],
          ink: tuple[int, int, int] = (255, 255, 255), size: int = 14, right: bool = False
          ) -> int:
    f = font(size, True)
    w = text_width(d, text, f) + 14
    if right:
        x -= w
    d.rounded_rectangle([x, y, x + w, y + size + 8], radius=(size + 8) // 2, fill=fill)
    d.text((x + 7, y + 3), text, font=f, fill=ink)
    return x if right else x + w


# ------------------------------------------------------------------ public board


def _seat_of(view: dict[str, Any], player: str) -> dict[str, Any]:
    for seat in view["seats"]:
        if seat["player"] == player:
            return dict(seat)
    return {}


def _header(d: ImageDraw.ImageDraw, view: dict[str, Any], names: dict[str, str] | None,
            width: int, theme: Theme, title: str) -> None:
    lay = LAYOUT
    d.rectangle([0, 0, width, lay.header - 8], fill=(60, 52, 44))
    d.text((lay.margin, 10), title, font=font(24, True), fill=(250, 240, 220))
    rounds, rnd = int(view["rounds"]), int(view["round"])
    step = str(view["step"])
    actors = view.get("actors") or []
    who = ", ".join(display_name(p, names) for p in actors[:3]) or "-"
    if step == "salvage":
        who = f"{len(actors)} player{'s' if len(actors) != 1 else ''}"
    info = STEP_TEXT.get(step, step).format(who=who)
    start = display_name(str(view["start_player"]), names)
    sub = f"{info}  ·  start player: {start}" if step != "over" else \
        f"{info} after {rounds} rounds"
    legend_w = 300
    d.text((lay.margin, 44), fit_text(d, sub, font(16), width - 2 * lay.margin - legend_w),
           font=font(16), fill=(235, 225, 205))
    lx = width - lay.margin - legend_w + 20
    for kind in SCORE_TYPES:
        _cube(d, lx, 48, kind, 14)
        d.text((lx + 19, 45), kind, font=font(14), fill=(235, 225, 205))
        lx += 26 + text_width(d, kind, font(14)) + 10
    # round track (right of the title)
    f = font(12, True)
    r = 11 if rounds <= 16 else 8
    step_x = 2 * r + 5
    x0 = width - lay.margin - rounds * step_x
    tx = text_width(d, title, font(24, True)) + lay.margin + 24
    if x0 < tx:
        x0 = tx
        step_x = max(2 * r + 1, (width - lay.margin - tx) // max(1, rounds))
    for i in range(1, rounds + 1):
        cx = x0 + (i - 1) * step_x + r
        cy = 24
        done = i < rnd or step == "over"
        current = i == rnd and step != "over"
        fill = (250, 215, 90) if current else (150, 135, 115) if done else (90, 80, 70)
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=fill,
                  outline=(250, 240, 220) if current else None)
        if r >= 10:
            s = str(i)
            d.text((cx - text_width(d, s, f) // 2, cy - 8), s, font=f,
                   fill=(40, 30, 20) if current else (235, 225, 205))


def _panel(img: Image.Image, d: ImageDraw.ImageDraw, view: dict[str, Any], seat: dict[str, Any],
           x: int, y: int, names: dict[str, str] | None, theme: Theme, lay: Layout) -> None:
    p = seat["player"]
    colour = seat_colour(int(seat["seat"]))
    step = view["step"]
    acting = p in (view.get("actors") or [])
    d.rounded_rectangle([x, y, x + lay.panel_w, y + lay.panel_h], radius=10, fill=theme.panel,
                        outline=colour if acting else theme.line, width=3 if acting else 1)
    d.rounded_rectangle([x, y, x + 12, y + lay.panel_h], radius=6, fill=colour)
    name = display_name(p, names)
    right_edge = x + lay.panel_w - 10
    if p == view.get("start_player") and step != "over":
        right_edge = _pill(d, right_edge, y + 10, "START", (60, 52, 44), right=True) - 6
    if seat.get("team") is not None:
        right_edge = _pill(d, right_edge, y + 10, f"Team {int(seat['team']) + 1}",
                           (120, 110, 95), right=True) - 6
    d.text((x + 24, y + 8), fit_text(d, name, font(22, True), right_edge - x - 30),
           font=font(22, True), fill=colour)
    sub_y = y + 36
    if seat.get("empire"):
        e = EMPIRE_BY_NAME.get(seat["empire"], {})
        txt = f"{seat['empire']}: {e.get('power', '')}"
        d.text((x + 24, sub_y), fit_text(d, txt, font(13), lay.panel_w - 40), font=font(13),
               fill=theme.muted)
    cy = y + lay.cards_top
    for i, card in enumerate(("L", "R")):
        action = seat.get(f"top_{card}")
        idx = None if action is None else ENGINE_ORDER[card].index(action)
        img.paste(_card_art(card, idx, lay.card), (x + 24 + i * (lay.card + 12), cy))
    # right column: ready pile, score
    rx = x + 24 + 2 * (lay.card + 12) + 6
    d.text((rx, cy - 2), "Ready", font=font(14, True), fill=theme.muted)
    _pile(d, rx, cy + 16, seat["ready"], ("soldier", "good"), theme)
    d.text((rx, cy + 44), f"Score pile: {seat['score_total']}", font=font(14, True),
           fill=theme.muted)
    score = seat.get("score")
    if score:
        _pile(d, rx, cy + 62, score, SCORE_TYPES, theme, size=16)
    else:
        d.text((rx, cy + 62), "types hidden", font=font(13), fill=theme.line)
    # status line
    sy = cy + 92
    chosen = (view.get("chosen") or {}).get(p)
    in_step = p in (view.get("participants") or [])
    px = rx
    if step in ("orient", "plan", "salvage") and in_step:
        if chosen:
            px = _pill(d, rx, sy, "✓ chosen", (40, 140, 70)) + 6
        else:
            px = _pill(d, rx, sy, "… choosing", (170, 120, 30)) + 6
    elif acting:
        px = _pill(d, rx, sy, "to act", colour) + 6
    if seat.get("attacked"):
        _pill(d, px, sy, "attacked", (150, 40, 40))


def _footer_lines(view: dict[str, Any], names: dict[str, str] | None) -> list[str]:
    lines: list[str] = []
    for a in view.get("attacks") or []:
        status = {"pending": "not yet resolved", "blocked": "blocked",
                  "resolved": "theft done"}.get(a["status"], a["status"])
        lines.append(f"{display_name(a['attacker'], names)} ({a['card']}) → "
                     f"{display_name(a['target'], names)}: {status}")
    return lines


def _results(d: ImageDraw.ImageDraw, view: dict[str, Any], x: int, y: int, width: int,
             names: dict[str, str] | None, theme: Theme) -> int:
    rows = sorted(view.get("results") or [], key=lambda r: (r["rank"], r["player"]))
    d.text((x, y), "Final scores", font=font(18, True), fill=theme.ink)
    y += 28
    for r in rows:
        seat = _seat_of(view, r["player"])
        colour = seat_colour(int(seat.get("seat", 0)))
        pile = r["score_pile"]
        maj = ", ".join(r["majorities"]) or "no majority"
        line = (f"{r['rank']}.  {display_name(r['player'], names)}  {r['score']} pts  "
                f"({r['resources']} + {r['bonus']} bonus: {maj}; ready {r['ready_total']})")
        d.rectangle([x, y + 3, x + 12, y + 15], fill=colour)
        d.text((x + 20, y), fit_text(d, line, font(15), width - 240), font=font(15),
               fill=theme.ink)
        _pile(d, x + width - 200, y - 1, pile, SCORE_TYPES, theme, size=16)
        y += 24
    return y


def render_public(view: dict[str, Any], names: dict[str, str] | None,
                  theme: Theme) -> Image.Image:
    lay = board_layout(view)
    seats = view["seats"]
    rows = (len(seats) + 1) // 2
    footer = _footer_lines(view, names)
    results = view.get("results") or []
    height = lay.header + rows * (lay.panel_h + lay.gap) + lay.margin
    if footer:
        height += 30 + lay.footer_line * ((len(footer) + 1) // 2)
    if results:
        height += 40 + 24 * len(results)
    img, d = new_canvas(lay.width, height, theme)
    _header(d, view, names, lay.width, theme, "Empire Engine")
    for i, seat in enumerate(seats):
        col, row = i % 2, i // 2
        x = lay.margin + col * (lay.panel_w + lay.gap)
        y = lay.header + row * (lay.panel_h + lay.gap)
        _panel(img, d, view, seat, x, y, names, theme, lay)
    y = lay.header + rows * (lay.panel_h + lay.gap)
    if footer:
        d.text((lay.margin, y), f"Attacks in round {view['round']}", font=font(16, True),
               fill=theme.ink)
        y += 26
        for i, line in enumerate(footer):
            col = i % 2
            d.text((lay.margin + col * (lay.panel_w + lay.gap), y + (i // 2) * lay.footer_line),
                   fit_text(d, line, font(15), lay.panel_w), font=font(15), fill=theme.ink)
        y += lay.footer_line * ((len(footer) + 1) // 2) + 4
    if results:
        _results(d, view, lay.margin, y + 6, lay.width - 2 * lay.margin, names, theme)
    return img


# ------------------------------------------------------------------ private sheet

GEAR_NAME = {0: 'gear "1" alternate', 1: 'gear "1"', 2: 'gear "2"', 3: 'gear "2" alternate'}


def render_private(view: dict[str, Any], names: dict[str, str] | None,
                   theme: Theme) -> Image.Image:
    lay = LAYOUT
    me = str(view["viewer"])
    you = view.get("you") or {}
    seat = _seat_of(view, me)
    planning = view["step"] == "plan" and "rotations" in you and you.get("pending") is None
    orienting = view["step"] == "orient" and you.get("pending") is None
    height = (lay.header + 64 + (36 if seat.get("empire") else 0) + lay.sheet_card + 70
              + (150 if planning else 0) + (70 if orienting else 0))
    width = lay.sheet_width
    img, d = new_canvas(width, height, theme)
    _header(d, view, names, width, theme, "Your engine")
    colour = seat_colour(int(seat.get("seat", 0)))
    x, y = lay.margin, lay.header
    d.rounded_rectangle([x, y, width - lay.margin, height - lay.margin], radius=10,
                        fill=theme.panel, outline=colour, width=3)
    d.rounded_rectangle([x, y, x + 12, height - lay.margin], radius=6, fill=colour)
    d.text((x + 24, y + 8), fit_text(d, display_name(me, names), font(24, True), 560),
           font=font(24, True), fill=colour)
    cy = y + 48
    if seat.get("empire"):
        e = EMPIRE_BY_NAME.get(seat["empire"], {})
        text = f"{seat['empire']} · {e.get('power', '')}: {e.get('text', '')}"
        for line in _wrap(d, text, font(14), width - 80)[:2]:
            d.text((x + 24, cy - 8), line, font=font(14), fill=theme.muted)
            cy += 18
    cy += 16
    size = lay.sheet_card
    for i, card in enumerate(("L", "R")):
        action = seat.get(f"top_{card}")
        idx = None if action is None else ENGINE_ORDER[card].index(action)
        img.paste(_card_art(card, idx, size), (x + 24 + i * (size + 16), cy))
    rx = x + 24 + 2 * (size + 16) + 10
    d.text((rx, cy), "Ready pile (public, can be stolen)", font=font(15, True), fill=theme.muted)
    _pile(d, rx, cy + 22, seat.get("ready") or {}, ("soldier", "good"), theme, size=22)
    score = you.get("score") or seat.get("score") or {}
    total = sum(int(v) for v in score.values())
    d.text((rx, cy + 60), f"Your score pile: {total} (others see only the total)",
           font=font(15, True), fill=theme.muted)
    _pile(d, rx, cy + 82, score, SCORE_TYPES, theme, size=22)
    if you.get("partner") and you.get("partner_score"):
        d.text((rx, cy + 118), f"Partner {display_name(str(you['partner']), names)}:",
               font=font(15, True), fill=theme.muted)
        _pile(d, rx + 10 + text_width(d, f"Partner {display_name(str(you['partner']), names)}:",
                                      font(15, True)), cy + 116, you["partner_score"],
              SCORE_TYPES, theme, size=18)
    py = cy + size + 18
    pending = you.get("pending")
    d.text((x + 24, py), _pick_text(view, you), font=font(17, True),
           fill=(40, 140, 70) if pending else theme.ink)
    py += 30
    if planning:
        _rotation_table(d, view, you, x + 24, py, width - 2 * lay.margin - 40, theme)
    elif view["step"] == "orient" and pending is None:
        d.text((x + 24, py), "Choose any top action for each engine:", font=font(15),
               fill=theme.ink)
        for i, card in enumerate(("L", "R")):
            d.text((x + 24, py + 24 + 22 * i), f"{card}: " + " · ".join(ENGINE_ORDER[card]),
                   font=font(15, True), fill=theme.ink)
    return img


def _wrap(d: ImageDraw.ImageDraw, text: str, fnt: Any, width: int) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(d, lines[-1] + " " + word, fnt) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _pick_text(view: dict[str, Any], you: dict[str, Any]) -> str:
    pending = you.get("pending")
    step = view["step"]
    if pending:
        if "take" in pending:
            return "Your salvage: " + " + ".join(pending["take"]) + " (hidden until resolved)"
        pay = int(pending.get("pay_soldier", 0)), int(pending.get("pay_good", 0))
        parts = [f"{n} {kind}{'s' if n > 1 else ''}"
                 for n, kind in zip(pay, ("soldier", "good"), strict=True) if n]
        cost = "free" if not parts else "pay " + " + ".join(parts) + " at the reveal"
        return f"Your pick: L {pending['L']}, R {pending['R']} ({cost}); hidden until the reveal"
    if step in ("orient", "plan", "salvage") and view["viewer"] in (view.get("actors") or []):
        return "You have not chosen yet."
    if step == "over":
        return "The game is over."
    if view["viewer"] in (view.get("actors") or []):
        return "Your decision: see the prompt."
    return "Nothing to choose right now."


def _rotation_table(d: ImageDraw.ImageDraw, view: dict[str, Any], you: dict[str, Any], x: int,
                    y: int, width: int, theme: Theme) -> None:
    paid = set(you.get("paid_turns") or [])
    rot = you["rotations"]
    d.text((x, y), "What each gear brings to the top (one engine gets gear 1, the other gear 2):",
           font=font(15), fill=theme.ink)
    y += 26
    col = width // 4
    for k in range(4):
        cx = x + k * col
        cost = "costs 1 S or G" if k in paid else "free"
        d.text((cx, y), f"turn {k}", font=font(15, True), fill=theme.ink)
        d.text((cx, y + 18), f"{GEAR_NAME[k]}, {cost}", font=font(12), fill=theme.muted)
        for i, card in enumerate(("L", "R")):
            act = rot[card][k]
            by = y + 40 + i * 34
            d.rounded_rectangle([cx, by, cx + col - 12, by + 28], radius=6,
                                fill=ACTION_COLOURS[act])
            d.text((cx + 8, by + 4), f"{card}: {act}", font=font(16, True), fill=(255, 255, 255))


# ------------------------------------------------------------------ entry point


def render(view: dict[str, Any], *, names: dict[str, str] | None = None,
           theme: Theme | None = None) -> Image.Image:
    """The public board (``viewer`` None) or the viewer's private sheet."""
    theme = theme or DEFAULT_THEME
    if view.get("viewer") is None:
        return render_public(view, names, theme)
    return render_private(view, names, theme)
