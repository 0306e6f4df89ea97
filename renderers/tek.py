"""Tiny Epic Kingdoms board image (docs/rules/tek.md), phone-first (issue 13).

The map, on every board including the final one: every territory card as a 3 x 3 grid, each
terrain in its own colour AND pattern (dots forest, peaks mountain, plain plains, bricks
capital, crosses ruins, waves water, hatching crag; a legend of swatches names them), region
letters, rivers, meeples as discs in the owner's seat colour carrying the seat number (a diamond
when searching ruins, "N" for neutral), tokens as labels and the war region framed with ⚔. The
last change is marked on the map (a ring on the regions it touched, an arrow for a move) and on
the row of the player it names. Below the map, one row per player: victory points now,
resources, magic, tower, meeples, allies; on the final board the results by rank instead, with
every scoring category that can score under the options in play (exploration tokens: crown and
towns; the Lost Kingdom: its regions and the neutrals), §18. The private image adds a fixed
line under the map with the viewer's secret war number.

Typed against the game's view (:class:`games.tek.views.TekView`): ``render`` casts the view
once. Names come from the game's terms (:data:`games.tek.vocab.TERMS`), passed to ``tr`` as
text parameters; events are never worded here: the bot passes the latest change, worded in
the reader's language, as ``last``.
"""

from __future__ import annotations

import math
from typing import Any, cast

from games.tek.data import MAX_MAGIC, MAX_TOWER
from games.tek.views import PlayerView, RegionView, SideView, TekView, WarView
from games.tek.vocab import TERMS, action, faction, terrain, token
from games.terms import Term
from renderers.kit import (
    BIG,
    BODY,
    FINE,
    HEADER_H,
    MARGIN,
    WIDTH,
    Board,
    Box,
    FinalRow,
    draw_final,
    fill_pattern,
    final_row_height,
    line_h,
    ranks_line,
    shade,
    shorten,
    width_of,
    wrap,
)
from renderers.palette import WHITE, Colour, Theme
from renderers.text_en import Tr, register

#: terrain -> colour as drawn (min CIE76 distance 22 between any two, and from every seat
#: colour, in normal vision and under the three simulations; tests/images/test_palette.py)
TERRAIN: dict[str, Colour] = {
    "forest": (135, 204, 0),
    "mountain": (190, 172, 116),
    "plains": (255, 255, 81),
    "capital": (255, 172, 184),
    "ruins": (198, 195, 255),
    "water": (70, 164, 251),
    "crag": (112, 127, 127),
}
#: terrain -> pattern (renderers.kit.PATTERNS): the cue that is not a colour
PATTERN: dict[str, str] = {
    "forest": "dots",
    "mountain": "peaks",
    "plains": "plain",
    "capital": "bricks",
    "ruins": "cross",
    "water": "waves",
    "crag": "hatch",
}
GAME_COLOURS: tuple[Colour, ...] = tuple(TERRAIN.values())
LEGEND_TERRAINS = ("forest", "mountain", "plains", "capital", "ruins", "water", "crag")
RIVER: Colour = (30, 90, 200)
WAR: Colour = (190, 0, 0)
CARD_GAP = 8
CELL = (WIDTH - 2 * MARGIN - 2 * CARD_GAP) // 9
TITLE_H = 24
CARD_H = TITLE_H + 3 * CELL + CARD_GAP
#: the steps the "now" line words (the rest: ``tek.step.other``)
STEPS = (
    "draft",
    "side",
    "start",
    "start_resources",
    "start_ore",
    "token_skip",
    "select",
    "respond",
    "move_from",
    "move_to",
    "swap_to",
    "expand",
    "trade_pair",
    "trade_amount",
    "war_die",
    "war_boost",
    "war_pay",
    "lose_resources",
    "plunder",
    "choose_resource",
    "convert",
    "dragon",
    "loss_region",
    "loss",
    "bandits",
)

#: steps worded as another (the mana part of a payment is a payment, §10.5)
STEP_ALIASES = {"war_pay_mana": "war_pay"}

register(
    {
        "tek.title": "Tiny Epic Kingdoms",
        "tek.turn": "Turn {turn}",
        "tek.setup": "Setup",
        # a term of the game alone (games.tek.vocab.TERMS), in a form
        "tek.name": "{name}",
        "tek.name.short": "{name:short}",
        "tek.name.letter": "{name:letter}",
        "tek.step.draft": "{names}: choose a faction",
        "tek.step.side": "{names}: choose a side of the home territory",
        "tek.step.start": "{names}: place the starting meeples",
        "tek.step.select": "{names}: select an action",
        "tek.step.respond": "{action} selected: {names} follow or collect",
        "tek.step.move_from": "{names}: choose a meeple to move",
        "tek.step.move_to": "{names}: choose where the meeple goes",
        "tek.step.expand": "{names}: choose where to expand",
        "tek.step.war_die": "War: {names} set a secret war number",
        "tek.step.war_pay": "War: {names} pay the war cost",
        "tek.step.start_resources": "{names}: choose the starting resources",
        "tek.step.start_ore": "{names}: choose the starting ore",
        "tek.step.token_skip": "{names}: use or skip the exploration token",
        "tek.step.swap_to": "{names}: choose where to swap the meeple",
        "tek.step.trade_pair": "{names}: choose what to trade",
        "tek.step.trade_amount": "{names}: choose how much to trade",
        "tek.step.war_boost": "War: {names} may boost the war number",
        "tek.step.lose_resources": "{names}: choose resources to lose",
        "tek.step.plunder": "{names}: choose a resource to plunder",
        "tek.step.choose_resource": "{names}: choose a resource",
        "tek.step.convert": "{names}: may convert a gained resource",
        "tek.step.dragon": "{names}: the dragon: choose what happens",
        "tek.step.loss_region": "{names}: choose the region of the loss",
        "tek.step.loss": "{names}: retreat or remove the losing meeple",
        "tek.step.bandits": "{names}: pay the bandits or remove a meeple",
        "tek.step.other": "{names} to act",
        "tek.war": "War in {region}: {attacker} attacks {defender}",
        "tek.war_result": "War in {region}: {attacker} {a} against {defender} {d}",
        "tek.row": "{mana_name} {mana} · {ore_name} {ore} · {food_name} {food} · "
        "{magic_name} {magic}/{max_magic} · {tower_name} {tower}/{max_tower}",
        "tek.row2": "meeples: {meeples} on the map, {supply} in supply",
        "tek.allied": "allied with {names}",
        "tek.you.war": "Your war number: {n} (secret until the reveal).",
        "tek.you.none": "Nothing secret for you right now.",
        "tek.final.meeples": "meeples {n}",
        "tek.final.tower": "tower {n}",
        "tek.final.magic": "magic {n}",
        "tek.final.faction": "faction {n}",
        "tek.final.capitals": "capitals {n}",
        "tek.final.crown": "crown {n}",
        "tek.final.towns": "towns {n}",
        "tek.final.lost_kingdom": "Lost Kingdom {n}",
        "tek.final.neutrals": "neutrals {n}",
        "tek.terrain": "{name}",
        "tek.legend": "Discs: meeples, with the owner's seat number (diamond: searching ruins; "
        "N: neutral). Blue bars: rivers. ⚔: war. Ringed or arrowed: the last change. Over a "
        "card: seat number and side.",
    }
)


def map_slots(seats: int) -> int:
    """Territory cards on the map: one per player, plus the Lost Kingdom with two players."""
    return 3 if seats == 2 else seats


def _map_height(seats: int) -> int:
    return math.ceil(map_slots(seats) / 3) * CARD_H


ROW_H = 3 * line_h(BODY) + 12
YOU_H = line_h(BODY) + 16


def final_lines(seats: int) -> int:
    """Lines of a final row's breakdown: three with the Lost Kingdom's (two players), else two."""
    return 3 if seats == 2 else 2


SWATCH_ROWS = 2
LEGEND_H = SWATCH_ROWS * 24 + 3 * line_h(FINE) + 8
FINAL_LEGEND_H = 2 * line_h(FINE) + 8


def _body_height(seats: int) -> int:
    """Rows and legend below the map: the play board's or the final's, whichever is taller."""
    play = seats * ROW_H + LEGEND_H
    final = line_h(BIG) + seats * final_row_height(final_lines(seats)) + FINAL_LEGEND_H
    return max(play, final)


def frame_height(seats: int, private: bool) -> int:
    """Height for ``seats`` players, the same all game (issue 13 item 3)."""
    return HEADER_H + 6 + _map_height(seats) + (YOU_H if private else 0) + _body_height(seats)


def _names(board: Board, players: list[str]) -> str:
    return board.tr("board.and").join(board.name(p) for p in players)


def _name(board: Board, term: Term, form: str = "") -> str:
    """A term of the game alone, in the board's language (``form``: "short", "letter")."""
    return board.tr(f"tek.name.{form}" if form else "tek.name", name=term)


def _die(board: Board, value: Any) -> str:
    """A war number as said: the white flag by its name in the board's language."""
    return _name(board, TERMS["flag"], "short") if value == "flag" else str(value)


def _war_text(board: Board, war: WarView) -> str:
    a, d = war["attacker"], war["defender"]
    revealed = war.get("revealed")
    vals = (war.get("values") or revealed) if revealed else None
    if isinstance(vals, dict) and vals.get(a) is not None and vals.get(d) is not None:
        return board.tr(
            "tek.war_result",
            region=war["region"],
            attacker=board.name(a),
            defender=board.name(d),
            a=_die(board, vals.get(a)),
            d=_die(board, vals.get(d)),
        )
    return board.tr("tek.war", region=war["region"], attacker=board.name(a), defender=board.name(d))


def now_text(board: Board, view: TekView) -> str:
    if view["over"]:
        return ranks_line(board, final_rows(board, view))
    step = view["step"]
    name, ctx = str(step["name"]), step["context"]
    name = STEP_ALIASES.get(name, name)
    names = _names(board, list(step["actors"]))
    key = f"tek.step.{name}" if name in STEPS else "tek.step.other"
    text = board.tr(key, names=names, action=action(ctx.get("action", "patrol")))
    war = ctx.get("war")
    if war and not war.get("neutral"):
        text = _war_text(board, war) + ". " + text
    return text


def _meeple(board: Board, x: int, y: int, owner: str, searching: bool) -> None:
    if owner in board.seats:
        fill, ink, label = board.colour(owner), WHITE, str(board.seats[owner] + 1)
    else:
        fill, ink, label = WHITE, board.theme.ink, "N"
    r = 10
    if searching:
        board.draw.polygon(
            [(x, y - r - 2), (x + r + 2, y), (x, y + r + 2), (x - r - 2, y)],
            fill=fill,
            outline=board.theme.ink,
        )
    else:
        board.draw.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=board.theme.ink)
    board.text(x, y + 1, label, BODY if label != "N" else FINE, True, ink, "mm")


def _card_title(board: Board, side: SideView, x: int, y: int, w: int) -> None:
    owner = str(side["owner"])
    if owner in board.seats:
        board.draw.rectangle((x, y, x + w, y + TITLE_H - 3), fill=board.colour(owner))
        board.seat_disc(x + 1, y, owner, 20)
        board.text(x + 26, y + TITLE_H / 2 - 1, str(side["side"]), BODY, True, WHITE, "lm")
        return
    whose = TERMS["lost_kingdom"] if owner == "lost_kingdom" else TERMS["neutral"]
    board.draw.rectangle((x, y, x + w, y + TITLE_H - 3), fill=(70, 70, 70))
    sw = board.text(x + 4, y + TITLE_H / 2 - 1, str(side["side"]), BODY, True, WHITE, "lm")
    label = shorten(_name(board, whose, "short"), FINE, False, w - sw - 12)
    board.text(x + sw + 8, y + TITLE_H / 2 - 1, label, FINE, False, WHITE, "lm")


def terrain_cell(board: Board, box: Box, kind: str) -> None:
    """One cell of ``kind``: its colour and its pattern, outlined."""
    fill_pattern(board, box, TERRAIN[kind], PATTERN[kind], shade(TERRAIN[kind], 0.6))
    board.draw.rectangle(box, outline=board.theme.line)


def _draw_card(board: Board, side: SideView, x: int, y: int, marks: MapMarks) -> None:
    _card_title(board, side, x, y, 3 * CELL)
    top = y + TITLE_H
    grid = "".join(side["grid"])
    owner_of = {c: r for r in side["regions"] for c in r["cells"]}
    for c in range(9):
        region = owner_of.get(c)
        kind = region["type"] if region else ("water" if grid[c : c + 1] == "~" else "crag")
        cx, cy = x + (c % 3) * CELL, top + (c // 3) * CELL
        terrain_cell(board, (cx, cy, cx + CELL - 1, cy + CELL - 1), kind)
    for a, b in side["rivers"]:
        _river(board, x, top, int(a), int(b))
    for region in side["regions"]:
        marks.boxes[region["id"]] = _region_box(region, x, top)
        _draw_region(board, region, x, top, region["id"] == marks.war)


def _region_box(region: RegionView, x: int, top: int) -> Box:
    xs = [x + (c % 3) * CELL for c in region["cells"]]
    ys = [top + (c // 3) * CELL for c in region["cells"]]
    return min(xs), min(ys), max(xs) + CELL - 1, max(ys) + CELL - 1


def _river(board: Board, x: int, top: int, a: int, b: int) -> None:
    ax, ay = a % 3, a // 3
    bx, by = b % 3, b // 3
    if ay == by:  # vertical border between horizontally adjacent cells
        px = x + max(ax, bx) * CELL
        board.draw.rectangle((px - 3, top + ay * CELL, px + 2, top + (ay + 1) * CELL), fill=RIVER)
    else:
        py = top + max(ay, by) * CELL
        board.draw.rectangle((x + ax * CELL, py - 3, x + (ax + 1) * CELL, py + 2), fill=RIVER)


def _draw_region(board: Board, region: RegionView, x: int, top: int, war: bool) -> None:
    cells = sorted(region["cells"])
    first, last = cells[0], cells[-1]
    fx, fy = x + (first % 3) * CELL, top + (first // 3) * CELL
    letter = str(region["letter"])
    lw = width_of(letter, BODY, True)
    board.draw.rectangle((fx + 1, fy + 1, fx + lw + 5, fy + 19), fill=board.theme.panel)
    board.text(fx + 3, fy + 1, letter, BODY, True)
    lx, ly = x + (last % 3) * CELL, top + (last // 3) * CELL
    if war:
        board.draw.rectangle((fx + 1, fy + 1, fx + CELL - 2, fy + CELL - 2), outline=WAR, width=4)
        board.text(fx + CELL - 5, fy + 3, "⚔", BODY, True, WAR, "ra")
    if region["token"]:
        label = shorten(_name(board, token(region["token"]), "short"), FINE, True, CELL - 4)
        tw = width_of(label, FINE, True)
        board.draw.rectangle((lx + 1, ly + CELL - 16, lx + tw + 5, ly + CELL - 2), fill=WHITE)
        board.text(lx + 3, ly + CELL - 2, label, FINE, True, board.theme.ink, "ld")
    spots = [
        (x + (c % 3) * CELL + dx, top + (c // 3) * CELL + 28) for c in cells for dx in (13, 35)
    ]
    for k, m in enumerate(region["meeples"][: len(spots)]):
        _meeple(board, spots[k][0], spots[k][1], str(m["owner"]), bool(m["searching"]))


class MapMarks:
    """The regions drawn (id -> box), the war region, and the last change to mark."""

    __slots__ = ("boxes", "war")

    def __init__(self, war: str | None) -> None:
        self.boxes: dict[str, Box] = {}
        self.war = war


def _draw_map(board: Board, view: TekView, y: int) -> MapMarks:
    war = view["step"]["context"].get("war")
    marks = MapMarks(war.get("region") if war else None)
    for i, side in enumerate(view["map"]):
        x = MARGIN + (i % 3) * (3 * CELL + CARD_GAP)
        _draw_card(board, side, x, y + (i // 3) * CARD_H, marks)
    return marks


#: event keys naming a region the event touched (a move's "from" and "to" draw an arrow)
REGION_KEYS = ("region", "to", "from", "dst", "src")


def mark_last(board: Board, marks: MapMarks, events: list[dict[str, Any]]) -> set[str]:
    """Ring the regions the last change touched, draw an arrow for a move; returns the players
    it names whose rows are to be ringed (those with nothing marked on the map)."""
    players: set[str] = set()
    for e in events:
        where = [str(e[k]) for k in REGION_KEYS if str(e.get(k)) in marks.boxes]
        for r in dict.fromkeys(where):
            board.halo(marks.boxes[r])
        src, dst = marks.boxes.get(str(e.get("from"))), marks.boxes.get(str(e.get("to")))
        if src and dst and src != dst:
            board.arrow(_centre(src), _centre(dst))
        if not where and e.get("player") in board.seats:
            players.add(str(e["player"]))
    return players


def _centre(box: Box) -> tuple[int, int]:
    return (box[0] + box[2]) // 2, (box[1] + box[3]) // 2


def _draw_player(board: Board, view: TekView, p: PlayerView, y: int, ringed: bool) -> None:
    tr, m, pid = board.tr, MARGIN, str(p["id"])
    board.panel((m, y, board.width - m, y + ROW_H - 6), pid, pid == view.get("viewer"))
    x = m + 10
    if pid in view["step"]["actors"]:
        x += board.text(x, y + 14, "▶", BODY, True, anchor="lm") + 4
    name = _name(board, faction(p["faction"]["id"])) if p["faction"] else ""
    vp = tr("unit.vp", n=p["score_now"])
    right = board.width - m - 10
    w = board.name_tag(x, y + 3, pid, right - width_of(vp, BIG, True) - 20 - x)
    if ringed:
        board.halo((x, y + 3, x + w, y + 25))
    room = right - width_of(vp, BIG, True) - 16 - (x + w + 8)
    if room > 40:
        board.text(
            x + w + 8,
            y + 14,
            shorten(name, BODY, False, room),
            BODY,
            False,
            board.theme.muted,
            "lm",
        )
    board.text(right, y + 14, vp, BIG, True, anchor="rm")
    res = p["resources"]
    line = tr(
        "tek.row",
        mana_name=TERMS["resource.mana"],
        ore_name=TERMS["resource.ore"],
        food_name=TERMS["resource.food"],
        magic_name=TERMS["magic"],
        tower_name=TERMS["tower"],
        mana=res.get("mana", 0),
        ore=res.get("ore", 0),
        food=res.get("food", 0),
        magic=p["magic"],
        max_magic=MAX_MAGIC,
        tower=p["tower"],
        max_tower=MAX_TOWER,
    )
    board.lines(m + 12, y + 28, line, board.width - 2 * m - 20, BODY, max_lines=1)
    line = tr("tek.row2", meeples=p["meeples_in_play"], supply=p["supply"])
    if p["allies"]:
        line += " · " + tr("tek.allied", names=_names(board, list(p["allies"])))
    board.lines(m + 12, y + 28 + line_h(BODY), line, board.width - 2 * m - 20, BODY, max_lines=1)


FINAL_PARTS = (
    "meeples",
    "tower",
    "magic",
    "faction",
    "capitals",
    "crown",
    "towns",
    "lost_kingdom",
    "neutrals",
)
#: categories that only score with a variant on: exploration tokens, the Lost Kingdom (§18)
EXPLORATION_PARTS = ("crown", "towns")
LOST_KINGDOM_PARTS = ("lost_kingdom", "neutrals")


def scored_parts(view: TekView) -> tuple[str, ...]:
    """The categories that can score in this game: a variant that is off drops its lines."""
    exploration = bool((view.get("options") or {}).get("exploration"))
    lost = any(str(side["owner"]) == "lost_kingdom" for side in view["map"])
    return tuple(
        k
        for k in FINAL_PARTS
        if (exploration or k not in EXPLORATION_PARTS) and (lost or k not in LOST_KINGDOM_PARTS)
    )


def final_rows(board: Board, view: TekView) -> list[FinalRow]:
    """Results (§18) with every category that can score, in VP, on at most two lines."""
    rows, keys = [], scored_parts(view)
    width = board.width - 2 * MARGIN - 24
    for r in view["results"] or []:
        parts = [board.tr(f"tek.final.{k}", n=r["breakdown"].get(k, 0)) for k in keys]
        lines = join_lines(parts, width)
        rows.append(
            FinalRow(r["player"], int(r["rank"]), board.tr("unit.vp", n=r["score"]), tuple(lines))
        )
    return rows


def join_lines(parts: list[str], width: int) -> list[str]:
    """``parts`` joined by " · " into lines no wider than ``width``, never splitting a part."""
    lines: list[str] = []
    for part in parts:
        trial = f"{lines[-1]} · {part}" if lines else part
        if lines and width_of(trial, BODY, False) <= width:
            lines[-1] = trial
        else:
            lines.extend(wrap(part, BODY, False, width))
    return lines


def _legend(board: Board, y: int) -> None:
    """Swatches naming every terrain by colour and pattern, then the words."""
    cols = math.ceil(len(LEGEND_TERRAINS) / SWATCH_ROWS)
    w = (board.width - 2 * MARGIN) // cols
    for i, kind in enumerate(LEGEND_TERRAINS):
        x, yy = MARGIN + (i % cols) * w, y + (i // cols) * 24
        terrain_cell(board, (x, yy + 2, x + 22, yy + 20), kind)
        label = shorten(board.tr("tek.terrain", name=terrain(kind)), FINE, False, w - 30)
        board.text(x + 27, yy + 11, label, FINE, False, board.theme.ink, "lm")
    board.legend(y + SWATCH_ROWS * 24 + 2, board.tr("tek.legend"), 3)


def render(
    view: dict[str, Any],
    *,
    names: dict[str, str] | None = None,
    theme: Theme | None = None,
    tr: Tr | None = None,
    last: str | None = None,
) -> Any:
    """The map and players for ``view``; a private view adds the viewer's secret line.
    ``last`` is the latest change in words (the bot's event text, in the reader's language)."""
    v = cast(TekView, view)
    players = v["players"]
    seats = [str(p["id"]) for p in players]
    private = v.get("viewer") is not None
    board = Board.new(frame_height(len(seats), private), seats, names, theme, tr)
    right = board.tr("tek.turn", turn=v["turn"]) if v["turn"] else board.tr("tek.setup")
    y = board.header(board.tr("tek.title"), right, now_text(board, v), last or "") + 6
    marks = _draw_map(board, v, y)
    envelope = v.get("envelope")
    ringed = mark_last(board, marks, list(envelope.get("last") or []) if envelope else [])
    y += _map_height(len(seats))
    if private:
        _draw_secret(board, v, y)
        y += YOU_H
    if v["over"] and v["results"]:
        draw_final(board, y, final_rows(board, v), v.get("viewer"))
        board.legend(board.image.height - FINAL_LEGEND_H + 4, board.tr("board.final_legend"), 2)
    else:
        for i, p in enumerate(players):
            _draw_player(board, v, p, y + i * ROW_H, str(p["id"]) in ringed)
        _legend(board, board.image.height - LEGEND_H + 4)
    return board.image


def _draw_secret(board: Board, v: TekView, y: int) -> None:
    die = v.get("war_die")
    key = "tek.you.war" if die is not None else "tek.you.none"
    board.panel((MARGIN, y, board.width - MARGIN, y + YOU_H - 6), str(v.get("viewer")), True)
    board.text(MARGIN + 12, y + (YOU_H - 6) / 2, board.tr(key, n=die), BODY, True, anchor="lm")


def summary(board: Board, view: dict[str, Any]) -> tuple[str, str, list[tuple[str, str]]]:
    """(turn, whose turn, [(player, score)]) for the alt text."""
    v = cast(TekView, view)
    right = board.tr("tek.turn", turn=v["turn"]) if v["turn"] else board.tr("tek.setup")
    if v["results"]:
        scores = [
            (r["player"], board.tr("unit.vp", n=r["score"]))
            for r in sorted(v["results"], key=lambda r: r["rank"])
        ]
    else:
        scores = [(str(p["id"]), board.tr("unit.vp", n=p["score_now"])) for p in v["players"]]
    return right, now_text(board, v), scores
