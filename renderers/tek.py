"""Tiny Epic Kingdoms renderer: a view dict -> a Pillow image.

Public image (``view["viewer"]`` is None): the header (turn, active player, the step, a war in
progress and who has set a die, the end trigger), the action card with its shields, every
territory card in play drawn from the map data (terrain per cell, water, crags, rivers as thick
blue borders, capitals, ruins, tokens face down or revealed, meeples in seat colours, knocked-over
meeples for searchers, neutrals in white) and a row per player (faction, magic, tower,
resources, meeples, crown, allies, live score).

Private image (a viewer is set): the viewer's faction card with the abilities unlocked and still
to come, their resources and costs, and during a war their own die and the values they can
afford. It shows only what the viewer's own view holds.

The static art of each territory side is drawn once and cached; each render gets its own canvas.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from renderers.common import (
    DEFAULT_THEME,
    Theme,
    display_name,
    fit_text,
    font,
    new_canvas,
    seat_colour,
)

TERRAIN_COLOURS: dict[str, tuple[int, int, int]] = {
    "forest": (86, 150, 80),
    "mountain": (150, 134, 118),
    "plains": (232, 208, 120),
    "capital": (196, 120, 140),
    "ruins": (120, 110, 130),
    "water": (96, 160, 220),
    "crag": (72, 68, 64),
}
TYPE_SHORT = {"forest": "forest", "mountain": "mount.", "plains": "plains", "capital": "CAPITAL",
              "ruins": "RUINS"}
RIVER = (30, 90, 200)
NEUTRAL = (250, 250, 250)
TOKEN_SHORT = {"crown": "Crown", "treasure": "Treas.", "bandits": "Band.", "dragons_lair": "Dragon",
               "camp": "Camp", "fort": "Fort", "town": "Town", "church": "Church", "blank": "—",
               "face_down": "?"}
ACTIONS = ("patrol", "quest", "build", "research", "expand", "trade")
RES = (("mana", (70, 110, 220)), ("ore", (110, 110, 110)), ("food", (200, 140, 30)))


@dataclass(frozen=True)
class Layout:
    width: int = 1000
    margin: int = 14
    header: int = 104
    cell: int = 88
    card_gap: int = 16
    card_title: int = 26
    row: int = 48
    private_width: int = 820


LAYOUT = Layout()


def _cells(grid: list[str]) -> list[str]:
    return [grid[i // 3][i % 3] for i in range(9)]


@lru_cache(maxsize=32)
def side_art(side: str, grid: tuple[str, ...], rivers: tuple[tuple[int, int], ...],
             types: tuple[tuple[str, str], ...], cell: int) -> Image.Image:
    """The static picture of one territory side (terrain, region borders, rivers, labels)."""
    size = cell * 3
    img = Image.new("RGB", (size, size), (255, 255, 255))
    d = ImageDraw.Draw(img)
    cells = _cells(list(grid))
    kinds = dict(types)
    for i, sym in enumerate(cells):
        x, y = (i % 3) * cell, (i // 3) * cell
        if sym == "~":
            colour = TERRAIN_COLOURS["water"]
        elif sym == "^":
            colour = TERRAIN_COLOURS["crag"]
        else:
            colour = TERRAIN_COLOURS[kinds[sym]]
        d.rectangle([x, y, x + cell - 1, y + cell - 1], fill=colour)
        if sym == "~":
            for k in range(3):
                yy = y + cell // 4 + k * cell // 4
                d.arc([x + 10, yy - 6, x + cell // 2, yy + 6], 200, 340, fill=(220, 240, 255),
                      width=2)
                d.arc([x + cell // 2, yy - 6, x + cell - 10, yy + 6], 200, 340,
                      fill=(220, 240, 255), width=2)
        elif sym == "^":
            for k in range(2):
                bx = x + 10 + k * (cell // 2 - 4)
                d.polygon([(bx, y + cell - 16), (bx + 14, y + 18), (bx + 28, y + cell - 16)],
                          fill=(110, 104, 98), outline=(40, 38, 36))
    # region borders: between cells of different symbols
    for i in range(9):
        r, c = divmod(i, 3)
        for j, (dr, dc) in ((i + 1, (0, 1)), (i + 3, (1, 0))):
            if r + dr > 2 or c + dc > 2:
                continue
            if cells[i] == cells[j]:
                continue
            if dc:
                x = (c + 1) * cell
                d.line([x, r * cell, x, (r + 1) * cell], fill=(40, 40, 40), width=2)
            else:
                y = (r + 1) * cell
                d.line([c * cell, y, (c + 1) * cell, y], fill=(40, 40, 40), width=2)
    for a, b in rivers:
        a, b = min(a, b), max(a, b)
        r, c = divmod(a, 3)
        if b == a + 1:
            x = (c + 1) * cell
            d.line([x, r * cell, x, (r + 1) * cell], fill=RIVER, width=8)
        else:
            y = (r + 1) * cell
            d.line([c * cell, y, (c + 1) * cell, y], fill=RIVER, width=8)
    # labels in each region's first cell
    small = font(12, bold=True)
    seen: set[str] = set()
    for i, sym in enumerate(cells):
        if not sym.isalpha() or sym in seen:
            continue
        seen.add(sym)
        x, y = (i % 3) * cell, (i // 3) * cell
        kind = kinds[sym]
        dark = kind in ("forest", "ruins", "capital", "mountain")
        ink = (255, 255, 255) if dark else (40, 40, 40)
        d.text((x + 4, y + 2), sym, font=font(15, bold=True), fill=ink)
        d.text((x + 4, y + cell - 17), TYPE_SHORT[kind], font=small, fill=ink)
        if kind == "capital":
            _castle(d, x + cell - 22, y + cell - 22)
        if kind == "ruins":
            _ruins(d, x + cell - 20, y + cell - 20)
    d.rectangle([0, 0, size - 1, size - 1], outline=(30, 30, 30), width=2)
    return img


def _castle(d: ImageDraw.ImageDraw, x: int, y: int) -> None:
    d.rectangle([x, y + 6, x + 16, y + 16], fill=(250, 230, 120), outline=(60, 40, 20))
    for k in range(3):
        d.rectangle([x + k * 6, y + 2, x + k * 6 + 4, y + 6], fill=(250, 230, 120),
                    outline=(60, 40, 20))


def _ruins(d: ImageDraw.ImageDraw, x: int, y: int) -> None:
    d.rectangle([x, y + 4, x + 5, y + 14], fill=(210, 200, 190), outline=(40, 40, 40))
    d.rectangle([x + 8, y + 8, x + 13, y + 14], fill=(210, 200, 190), outline=(40, 40, 40))


def _meeple(d: ImageDraw.ImageDraw, x: int, y: int, colour: tuple[int, int, int],
            lying: bool) -> None:
    """A meeple at (x, y) (its top-left); lying = knocked over (searching in ruins)."""
    outline = (20, 20, 20)
    if not lying:
        d.ellipse([x + 6, y, x + 16, y + 10], fill=colour, outline=outline, width=2)
        d.polygon([(x + 2, y + 26), (x + 6, y + 10), (x + 16, y + 10), (x + 20, y + 26)],
                  fill=colour, outline=outline)
        d.line([(x + 2, y + 26), (x + 20, y + 26)], fill=outline, width=2)
    else:
        d.ellipse([x, y + 12, x + 10, y + 22], fill=colour, outline=outline, width=2)
        d.polygon([(x + 10, y + 10), (x + 26, y + 13), (x + 26, y + 22), (x + 10, y + 24)],
                  fill=colour, outline=outline)


def _names(view: dict[str, Any], names: dict[str, str] | None) -> dict[str, str]:
    return {p["id"]: display_name(p["id"], names) for p in view.get("players", [])}


def _seats(view: dict[str, Any]) -> dict[str, int]:
    return {p["id"]: int(p["seat"]) for p in view.get("players", [])}


def _colour(owner: str, seats: dict[str, int]) -> tuple[int, int, int]:
    if owner == "neutral" or owner not in seats:
        return NEUTRAL
    return seat_colour(seats[owner])


def draw_card(img: Image.Image, d: ImageDraw.ImageDraw, side: dict[str, Any], x: int, y: int,
              seats: dict[str, int], nm: dict[str, str], war_region: str | None,
              theme: Theme) -> None:
    lay = LAYOUT
    owner = side.get("owner")
    title = f"{side['side']} {side.get('name_cs', side.get('name', ''))}"
    colour = _colour(str(owner), seats) if owner != "lost_kingdom" else (90, 90, 90)
    width = lay.cell * 3
    d.rectangle([x, y, x + width, y + lay.card_title - 2], fill=colour)
    who = nm.get(str(owner), "") if owner != "lost_kingdom" else "Lost Kingdom"
    label = fit_text(d, f"{title} · {who}", font(13, bold=True), width - 8)
    ink = (255, 255, 255) if owner != "neutral" else theme.ink
    d.text((x + 4, y + 4), label, font=font(13, bold=True), fill=ink)
    top = y + lay.card_title
    art = side_art(side["side"], tuple(side["grid"]),
                   tuple(tuple(r) for r in side.get("rivers", [])),
                   tuple((r["letter"], r["type"]) for r in side["regions"]), lay.cell)
    img.paste(art, (x, top))
    cell = lay.cell
    for region in side["regions"]:
        cells = region["cells"]
        first = min(cells)
        cx, cy = x + (first % 3) * cell, top + (first // 3) * cell
        if region["id"] == war_region:
            d.rectangle([cx + 2, cy + 2, cx + cell - 3, cy + cell - 3], outline=(220, 0, 0),
                        width=4)
        tok = region.get("token")
        if tok:
            last = max(cells)
            text = TOKEN_SHORT.get(tok, tok[:6])
            tw = max(26, int(d.textlength(text, font=font(11, bold=True))) + 6)
            tx = x + (last % 3) * cell + cell - 5 - tw
            ty = top + (last // 3) * cell + 4
            fill = (60, 50, 40) if tok == "face_down" else (255, 245, 200)
            d.rounded_rectangle([tx, ty, tx + tw, ty + 16], radius=4, fill=fill,
                                outline=(30, 30, 30))
            d.text((tx + 3, ty + 1), text, font=font(11, bold=True),
                   fill=(255, 255, 255) if tok == "face_down" else (60, 30, 0))
        for k, m in enumerate(region.get("meeples", [])):
            mx = cx + 16 + k * 28
            my = cy + 26
            _meeple(d, mx, my, _colour(m["owner"], seats), bool(m.get("searching")))


def _header(d: ImageDraw.ImageDraw, view: dict[str, Any], nm: dict[str, str],
            seats: dict[str, int], theme: Theme, width: int) -> None:
    lay = LAYOUT
    m = lay.margin
    d.rectangle([0, 0, width, lay.header], fill=theme.panel)
    d.line([0, lay.header, width, lay.header], fill=theme.line, width=2)
    box, step_w = 90, 94
    x0, y0 = width - m - 6 * step_w + 4, 8
    left_w = x0 - 2 * m
    d.text((m, 6), "Tiny Epic Kingdoms", font=font(22, bold=True), fill=theme.ink)
    if view.get("over"):
        status = "Game over"
    elif not view.get("turn"):
        first = str(view.get("first_player", ""))
        status = f"Setup · first player: {nm.get(first, first)}"
    else:
        active = str(view.get("active", ""))
        status = f"Turn {view.get('turn')} · {nm.get(active, active)} is active"
    d.text((m, 36), fit_text(d, status, font(17, bold=True), left_w), font=font(17, bold=True),
           fill=theme.ink)
    line = _step_line(view, nm)
    war = "War" in line
    for k, part in enumerate(_wrap(d, line, font(14, bold=war), left_w)[:2]):
        d.text((m, 62 + k * 19), part, font=font(14, bold=war),
               fill=(190, 0, 0) if war else theme.muted)
    shields = list(view.get("shields", []))
    d.text((x0, y0 - 2), f"Action card · shields {len(shields)}/5", font=font(12),
           fill=theme.muted)
    for i, a in enumerate(ACTIONS):
        bx = x0 + i * step_w
        covered = a in shields
        d.rounded_rectangle([bx, y0 + 16, bx + box, y0 + 84], radius=8,
                            fill=(235, 225, 205) if not covered else (176, 168, 160),
                            outline=theme.line, width=2)
        d.text((bx + 7, y0 + 22), fit_text(d, a.capitalize(), font(14, bold=True), box - 10),
               font=font(14, bold=True), fill=theme.ink)
        if covered:
            n = shields.index(a) + 1
            cx, cy = bx + box // 2, y0 + 62
            d.polygon([(cx - 15, cy - 14), (cx + 15, cy - 14), (cx + 15, cy + 2), (cx, cy + 16),
                       (cx - 15, cy + 2)], fill=(70, 70, 160), outline=(20, 20, 60))
            d.text((cx - 5, cy - 12), str(n), font=font(15, bold=True), fill=(255, 255, 255))
        else:
            d.text((bx + 7, y0 + 54), "free", font=font(14), fill=(0, 130, 60))


def _step_line(view: dict[str, Any], nm: dict[str, str]) -> str:
    step = view.get("step") or {}
    name = str(step.get("name", ""))
    ctx = step.get("context") or {}
    actors = ", ".join(nm.get(a, a) for a in step.get("actors", []))
    war = ctx.get("war")
    if war and not war.get("neutral"):
        a, dfd = war["attacker"], war["defender"]
        if "revealed" in war:
            vals = war.get("values") or war["revealed"]
            res = f"{nm.get(a, a)} {vals.get(a)} vs {nm.get(dfd, dfd)} {vals.get(dfd)}"
            return f"War in {war['region']}: {res} · now {name.replace('_', ' ')}: {actors}"
        marks = " · ".join(f"{nm.get(p, p)} {'✔' if ok else '…'}"
                           for p, ok in (war.get("has_set") or {}).items())
        return f"War in {war['region']}: {nm.get(a, a)} attacks {nm.get(dfd, dfd)} · {marks}"
    if war and war.get("neutral"):
        return f"Neutral war in {war['region']} (cost {war.get('cost')}): {actors}"
    if name == "respond":
        return f"{str(ctx.get('action', '')).capitalize()} selected · responding: {actors}"
    if name == "over":
        return "Final scores below"
    return f"{name.replace('_', ' ').capitalize()}: {actors}"


def _players(d: ImageDraw.ImageDraw, view: dict[str, Any], nm: dict[str, str], y: int,
             theme: Theme, width: int) -> int:
    lay = LAYOUT
    m = lay.margin
    results = {r["player"]: r for r in (view.get("results") or [])}
    for p in view.get("players", []):
        colour = seat_colour(int(p["seat"]))
        if view.get("turn"):
            active = p["id"] == view.get("active") and not view.get("over")
        else:  # setup: the player choosing now
            active = p["id"] in ((view.get("step") or {}).get("actors") or [])
        d.rectangle([m, y, width - m, y + lay.row - 4],
                    fill=(255, 246, 214) if active else theme.panel, outline=theme.line)
        d.rectangle([m, y, m + 12, y + lay.row - 4], fill=colour)
        name = fit_text(d, nm.get(p["id"], p["id"]), font(16, bold=True), 180)
        d.text((m + 20, y + 3), name, font=font(16, bold=True), fill=theme.ink)
        faction = (p.get("faction") or {}).get("name") or (
            f"card {p.get('card')} dealt" if p.get("card") else "no faction yet")
        if p.get("faction") and p.get("home_side") is None and p.get("card"):
            faction += f" · card {p['card']}"
        d.text((m + 20, y + 24), fit_text(d, faction, font(14), 180), font=font(14),
               fill=theme.muted)
        x = m + 208
        d.text((x, y + 4), f"Magic {p['magic']}/5", font=font(15, bold=True), fill=(90, 50, 150))
        d.text((x, y + 24), f"Tower {p['tower']}/6", font=font(15, bold=True), fill=(110, 80, 40))
        x += 112
        r = p.get("resources") or {}
        for k, (res, rc) in enumerate(RES):
            bx = x + k * 78
            d.ellipse([bx, y + 10, bx + 22, y + 32], fill=rc, outline=(30, 30, 30))
            d.text((bx + 4, y + 12), res[0].upper(), font=font(12, bold=True),
                   fill=(255, 255, 255))
            d.text((bx + 27, y + 8), str(r.get(res, 0)), font=font(20, bold=True),
                   fill=theme.ink)
        x += 3 * 78 + 4
        d.text((x, y + 4), f"Meeples {p['meeples_in_play']} (+{p['supply']} supply)",
               font=font(14), fill=theme.ink)
        extras = []
        if p.get("crown"):
            extras.append("♛ Crown")
        if p.get("captured_neutrals"):
            extras.append(f"{p['captured_neutrals']} neutral captured")
        allies = [nm.get(a, a) for a in p.get("allies", [])]
        if allies:
            extras.append("allied: " + ", ".join(allies))
        sx = width - m - 118
        if p["id"] in results:
            b = results[p["id"]].get("breakdown") or {}
            extras = [f"{k.replace('_', ' ')} {v}" for k, v in b.items()
                      if k != "total" and v]
        d.text((x, y + 24), fit_text(d, " · ".join(extras) or " ", font(13, bold=True),
                                     sx - x - 6), font=font(13, bold=True), fill=(150, 90, 0))
        if p["id"] in results:
            row = results[p["id"]]
            d.text((sx, y + 4), f"#{row['rank']} {row['score']} VP", font=font(19, bold=True),
                   fill=theme.ink)
        else:
            d.text((sx, y + 4), f"{p.get('score_now', 0)} VP", font=font(19, bold=True),
                   fill=theme.ink)
            d.text((sx, y + 27), "◀ active" if active else "if it ended now",
                   font=font(11, bold=active), fill=(200, 80, 0) if active else theme.muted)
        y += lay.row
    return y


def render_public(view: dict[str, Any], names: dict[str, str] | None, theme: Theme) -> Image.Image:
    lay = LAYOUT
    nm = _names(view, names)
    seats = _seats(view)
    sides = list(view.get("map", []))
    card_w = lay.cell * 3
    per_row = len(sides) if len(sides) <= 3 else (len(sides) + 1) // 2
    rows = (len(sides) + per_row - 1) // per_row if sides else 0
    width = max(lay.width, per_row * card_w + (per_row - 1) * lay.card_gap + 2 * lay.margin)
    card_h = lay.card_title + card_w
    map_h = rows * (card_h + lay.card_gap) + (lay.card_gap if rows else 0)
    pool = view.get("draft_factions") or []
    pool_h = 34 + 22 * len(pool) if pool else 0
    map_h += pool_h
    players_h = len(view.get("players", [])) * lay.row + 6
    end = view.get("end_triggered")
    banner_h = 28 if end else 0
    legend_h = 22
    height = lay.header + map_h + legend_h + banner_h + players_h + lay.margin
    img, d = new_canvas(width, height, theme)
    _header(d, view, nm, seats, theme, width)
    ctx = (view.get("step") or {}).get("context") or {}
    war_region = (ctx.get("war") or {}).get("region")
    y = lay.header + lay.card_gap
    for i, side in enumerate(sides):
        row, col = divmod(i, per_row)
        in_row = min(per_row, len(sides) - row * per_row)
        row_w = in_row * card_w + (in_row - 1) * lay.card_gap
        x0 = (width - row_w) // 2
        draw_card(img, d, side, x0 + col * (card_w + lay.card_gap),
                  y + row * (card_h + lay.card_gap), seats, nm, war_region, theme)
    if pool:
        _draft_pool(d, pool, lay.header + map_h - pool_h + 6, theme, width)
    y = lay.header + map_h
    legend = ("Meeples in seat colours, white = neutral, lying = searching in ruins · "
              "blue bars = rivers · ? = face-down token · red frame = war")
    d.text((lay.margin, y), fit_text(d, legend, font(12), width - 2 * lay.margin),
           font=font(12), fill=theme.muted)
    y += legend_h
    if end:
        who = nm.get(str(end.get("player")), "?")
        cause = {"meeples": "7 meeples", "tower": "tower 6", "magic": "magic 5"}.get(
            str(end.get("cause")), str(end.get("cause")))
        text = (f"END TRIGGERED: {who} reached {cause}"
                + ("" if view.get("over") else " · the game ends when the 5th shield is placed"))
        d.rectangle([lay.margin, y, width - lay.margin, y + banner_h - 4], fill=(200, 30, 30))
        d.text((lay.margin + 8, y + 3), fit_text(d, text, font(15, bold=True), width - 40),
               font=font(15, bold=True), fill=(255, 255, 255))
        y += banner_h
    _players(d, view, nm, y, theme, width)
    return img


def _draft_pool(d: ImageDraw.ImageDraw, pool: list[dict[str, Any]], y: int, theme: Theme,
                width: int) -> None:
    m = LAYOUT.margin
    d.text((m, y), "Draft pool (picked in reverse turn order; one is left over):",
           font=font(16, bold=True), fill=theme.ink)
    for k, f in enumerate(pool):
        levels = f.get("levels") or []
        text = f"{f['name']}: " + " · ".join(f"L{lv['level']} {lv['name']}" for lv in levels)
        d.text((m + 12, y + 26 + 22 * k), fit_text(d, text, font(14), width - 2 * m - 12),
               font=font(14), fill=theme.ink)


def render_private(view: dict[str, Any], names: dict[str, str] | None,
                   theme: Theme) -> Image.Image:
    lay = LAYOUT
    nm = _names(view, names)
    viewer = str(view.get("viewer"))
    me = next((p for p in view.get("players", []) if p["id"] == viewer), None)
    width = lay.private_width
    m = lay.margin
    levels = ((me or {}).get("faction") or {}).get("levels", [])
    war_lines = _private_war(view, viewer)
    height = 130 + 74 * max(1, len(levels)) + (90 if war_lines else 0) + m
    img, d = new_canvas(width, height, theme)
    colour = seat_colour(int(me["seat"])) if me else (120, 120, 120)
    d.rectangle([0, 0, width, 56], fill=colour)
    who = nm.get(viewer, viewer)
    d.text((m, 8), fit_text(d, f"{who} — your kingdom (private)", font(22, bold=True),
                            width - 2 * m), font=font(22, bold=True), fill=(255, 255, 255))
    if me is None or not me.get("faction"):
        d.text((m, 70), "No faction yet (draft in progress).", font=font(18), fill=theme.ink)
        return img
    f = me["faction"]
    magic = int(me.get("magic", 0))
    d.text((m, 64), f"{f['name']} ({f['name_cs']}) · magic {magic}/5 · tower {me['tower']}/6",
           font=font(18, bold=True), fill=theme.ink)
    r = me.get("resources") or {}
    costs = me.get("costs") or {}
    cost_txt = " · ".join(f"next {k} {v}" for k, v in (("build", costs.get("build")),
                                                       ("research", costs.get("research")),
                                                       ("expand", costs.get("expand")))
                          if v is not None)
    d.text((m, 92), f"mana {r.get('mana')} · ore {r.get('ore')} · food {r.get('food')}   "
           f"({cost_txt})", font=font(15), fill=theme.muted)
    y = 124
    for lv in levels:
        on = lv["level"] <= magic
        d.rounded_rectangle([m, y, width - m, y + 66], radius=8,
                            fill=(226, 245, 226) if on else (236, 232, 226),
                            outline=(40, 140, 60) if on else theme.line, width=2)
        nxt = lv["level"] == magic + 1 and costs.get("research") is not None
        mark = "✔ unlocked" if on else (f"next: {costs['research']} mana" if nxt else "locked")
        d.text((m + 10, y + 6), f"L{lv['level']} {lv['name']}", font=font(17, bold=True),
               fill=theme.ink if on else theme.muted)
        d.text((width - m - 150, y + 8), mark, font=font(13, bold=True),
               fill=(30, 120, 50) if on else theme.muted)
        for k, line in enumerate(_wrap(d, lv["text"], font(14), width - 2 * m - 20)[:2]):
            d.text((m + 10, y + 30 + k * 17), line, font=font(14),
                   fill=theme.ink if on else theme.muted)
        y += 74
    if war_lines:
        d.rounded_rectangle([m, y, width - m, y + 80], radius=8, fill=(255, 235, 235),
                            outline=(200, 0, 0), width=2)
        for k, line in enumerate(war_lines[:3]):
            d.text((m + 10, y + 8 + k * 22), fit_text(d, line, font(16, bold=k == 0),
                                                       width - 2 * m - 20),
                   font=font(16, bold=k == 0), fill=(140, 0, 0) if k == 0 else theme.ink)
    return img


def _private_war(view: dict[str, Any], viewer: str) -> list[str]:
    ctx = (view.get("step") or {}).get("context") or {}
    war = ctx.get("war")
    if not war or war.get("neutral") or viewer not in (war.get("attacker"), war.get("defender")):
        return []
    lines = [f"War in {war['region']}"]
    if "war_die" in view:
        die = view["war_die"]
        lines.append(f"Your war die: {'flag' if die == 'flag' else die} (secret until the reveal)")
    elif "war_die_options" in view:
        lines.append("Set your war die now (secret).")
    if "war_die_options" in view:
        vals = ["flag" if v == "flag" else str(v) for v in view["war_die_options"]]
        lines.append("You can afford: " + ", ".join(vals))
    elif "revealed" in war:
        nm = {p["id"]: p["id"] for p in view.get("players", [])}
        vals = war.get("values") or war["revealed"]
        mine = vals.get(viewer)
        other = war["defender"] if viewer == war["attacker"] else war["attacker"]
        lines.append(f"Revealed: you {mine} · opponent {vals.get(other)}")
        del nm
    return lines


def _wrap(d: ImageDraw.ImageDraw, text: str, fnt: Any, width: int) -> list[str]:
    words, lines, cur = text.split(), [], ""
    for w in words:
        cand = f"{cur} {w}".strip()
        if d.textlength(cand, font=fnt) <= width:
            cur = cand
        else:
            lines.append(cur)
            cur = w
    if cur:
        lines.append(cur)
    return lines


def render(view: dict[str, Any], *, names: dict[str, str] | None = None,
           theme: Theme | None = None) -> Image.Image:
    """The public board (no viewer) or the viewer's private faction card."""
    theme = theme or DEFAULT_THEME
    if view.get("viewer") is None:
        return render_public(view, names, theme)
    return render_private(view, names, theme)
