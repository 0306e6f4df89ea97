"""Tiny Epic Kingdoms board image (docs/rules/tek.md), phone-first (issue 13).

The map: every territory card as a 3 x 3 grid (terrain tints with a type letter, region letters,
rivers), meeples as discs in the owner's seat colour carrying the seat number (a diamond when
searching ruins, "N" for neutral), tokens as labels and the war region framed with ⚔. Below,
one row per player: victory points now, resources, magic, tower, meeples, allies. The final
board keeps the frame and ranks the results with every scoring category named (§18). The
private image adds a fixed line with the viewer's secret war number.

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
from games.tek.vocab import TERMS, TERRAIN_COLOURS, action, faction, terrain, token
from games.terms import Term
from renderers.kit import (
    BIG,
    BODY,
    FINE,
    HEADER_H,
    MARGIN,
    Board,
    FinalRow,
    draw_final,
    final_row_height,
    line_h,
    ranks_line,
)
from renderers.palette import WHITE, Colour, Theme, tint
from renderers.text_en import Tr, register

TERRAIN: dict[str, Colour] = dict(TERRAIN_COLOURS)
GAME_COLOURS: tuple[Colour, ...] = tuple(tint(c, 0.5) for c in TERRAIN.values())
RIVER: Colour = (30, 90, 200)
WAR: Colour = (190, 0, 0)
CELL = 64
CARD_GAP = 10
TITLE_H = 26
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
        "tek.final.a": "VP from meeples {meeples} · tower {tower} · magic {magic}",
        "tek.final.b": "faction {faction} · capitals {capitals} · crown {crown} · towns {towns}",
        "tek.final.c": "Lost Kingdom {lost_kingdom} · neutrals {neutrals}",
        "tek.legend": "Discs: meeples with their owner's seat number (diamond = searching ruins, "
        "N = neutral). Letters in a corner: {forest:letter} {forest}, {mountain:letter} "
        "{mountain}, {plains:letter} {plains}, {capital:letter} {capital}, {ruins:letter} "
        "{ruins}; blue bars = rivers; ⚔ = war. Card title: owner's seat number, then the side; "
        "a region is named by side and letter.",
    }
)


def map_slots(seats: int) -> int:
    """Territory cards on the map: one per player, plus the Lost Kingdom with two players."""
    return 3 if seats == 2 else seats


def _map_height(seats: int) -> int:
    return math.ceil(map_slots(seats) / 3) * (TITLE_H + 3 * CELL + CARD_GAP)


ROW_H = 3 * line_h(BODY) + 14
YOU_H = line_h(BODY) + 20


def _body_height(seats: int) -> int:
    play = _map_height(seats) + seats * ROW_H
    final = line_h(BIG) + seats * final_row_height(3)
    return max(play, final)


def frame_height(seats: int, private: bool) -> int:
    """Height for ``seats`` players, the same all game (issue 13 item 3)."""
    return HEADER_H + 6 + _body_height(seats) + (YOU_H if private else 0) + 64


def _names(board: Board, players: list[str]) -> str:
    return board.tr("board.and").join(board.name(p) for p in players)


def _name(board: Board, term: Term, form: str = "") -> str:
    """A term of the game alone, in the board's language (``form``: "short", "letter")."""
    return board.tr(f"tek.name.{form}" if form else "tek.name", name=term)


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
            a=vals.get(a),
            d=vals.get(d),
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
    r = 12
    if searching:
        board.draw.polygon(
            [(x, y - r - 2), (x + r + 2, y), (x, y + r + 2), (x - r - 2, y)],
            fill=fill,
            outline=board.theme.ink,
        )
    else:
        board.draw.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=board.theme.ink)
    board.text(x, y + 1, label, BODY if label != "N" else FINE + 1, True, ink, "mm")


def _card_title(board: Board, side: SideView, x: int, y: int, w: int) -> None:
    owner = str(side["owner"])
    if owner in board.seats:
        board.draw.rectangle((x, y, x + w, y + TITLE_H - 3), fill=board.colour(owner))
        board.seat_disc(x + 1, y, owner, 22)
        board.text(x + 28, y + TITLE_H / 2 - 1, str(side["side"]), BODY, True, WHITE, "lm")
        return
    whose = TERMS["lost_kingdom"] if owner == "lost_kingdom" else TERMS["neutral"]
    label = _name(board, whose, "short")
    board.draw.rectangle((x, y, x + w, y + TITLE_H - 3), fill=(70, 70, 70))
    board.text(x + 4, y + TITLE_H / 2 - 1, f"{side['side']} {label}", BODY, True, WHITE, "lm")


def _draw_card(board: Board, side: SideView, x: int, y: int, war_region: str | None) -> None:
    _card_title(board, side, x, y, 3 * CELL)
    top = y + TITLE_H
    grid = "".join(side["grid"])
    owner_of = {c: r for r in side["regions"] for c in r["cells"]}
    for c in range(9):
        region = owner_of.get(c)
        kind = region["type"] if region else ("water" if grid[c : c + 1] == "~" else "crag")
        cx, cy = x + (c % 3) * CELL, top + (c // 3) * CELL
        board.draw.rectangle(
            (cx, cy, cx + CELL - 1, cy + CELL - 1),
            fill=tint(TERRAIN[kind], 0.5),
            outline=board.theme.line,
        )
    for a, b in side["rivers"]:
        _river(board, x, top, int(a), int(b))
    for region in side["regions"]:
        _draw_region(board, region, x, top, region["id"] == war_region)


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
    board.text(fx + 4, fy + 2, str(region["letter"]), BODY, True)
    lx, ly = x + (last % 3) * CELL, top + (last // 3) * CELL
    letter = _name(board, terrain(region["type"]), "letter")
    board.text(lx + CELL - 4, ly + CELL - 2, letter, FINE, True, board.theme.muted, "rd")
    if war:
        board.draw.rectangle((fx + 1, fy + 1, fx + CELL - 2, fy + CELL - 2), outline=WAR, width=4)
        board.text(fx + CELL - 6, fy + 4, "⚔", BODY, True, WAR, "ra")
    if region["token"]:
        label = _name(board, token(region["token"]), "short")
        board.text(lx + 4, ly + CELL - 2, label, FINE, True, board.theme.ink, "ld")
    spots = [
        (x + (c % 3) * CELL + dx, top + (c // 3) * CELL + 34) for c in cells for dx in (18, 46)
    ]
    for k, m in enumerate(region["meeples"][: len(spots)]):
        _meeple(board, spots[k][0], spots[k][1], str(m["owner"]), bool(m["searching"]))


def _draw_map(board: Board, view: TekView, y: int) -> None:
    war = view["step"]["context"].get("war")
    region = war.get("region") if war else None
    for i, side in enumerate(view["map"]):
        x = MARGIN + (i % 3) * (3 * CELL + CARD_GAP)
        _draw_card(board, side, x, y + (i // 3) * (TITLE_H + 3 * CELL + CARD_GAP), region)


def _draw_player(board: Board, view: TekView, p: PlayerView, y: int) -> None:
    tr, m, pid = board.tr, MARGIN, str(p["id"])
    board.panel((m, y, board.width - m, y + ROW_H - 6), pid, pid == view.get("viewer"))
    x = m + 10
    if pid in view["step"]["actors"]:
        x += board.text(x, y + 16, "▶", BODY, True, anchor="lm") + 4
    name = _name(board, faction(p["faction"]["id"])) if p["faction"] else ""
    w = board.name_tag(x, y + 4, pid, 300)
    board.text(x + w + 10, y + 16, name, BODY, fill=board.theme.muted, anchor="lm")
    board.text(
        board.width - m - 10, y + 16, tr("unit.vp", n=p["score_now"]), BIG, True, anchor="rm"
    )
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
    board.lines(m + 12, y + 30, line, board.width - 2 * m - 24, BODY, max_lines=1)
    line = tr("tek.row2", meeples=p["meeples_in_play"], supply=p["supply"])
    if p["allies"]:
        line += " · " + tr("tek.allied", names=_names(board, list(p["allies"])))
    board.lines(m + 12, y + 30 + line_h(BODY), line, board.width - 2 * m - 24, BODY, max_lines=1)


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


def final_rows(board: Board, view: TekView) -> list[FinalRow]:
    """Results (§18) with every category in VP."""
    rows = []
    for r in view["results"] or []:
        b = {k: r["breakdown"].get(k, 0) for k in FINAL_PARTS}
        rows.append(
            FinalRow(
                r["player"],
                int(r["rank"]),
                board.tr("unit.vp", n=r["score"]),
                tuple(board.tr(f"tek.final.{k}", **b) for k in "abc"),
            )
        )
    return rows


def _legend(board: Board) -> str:
    kinds = ("forest", "mountain", "plains", "capital", "ruins")
    return board.tr("tek.legend", **{k: terrain(k) for k in kinds})


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
    over = bool(v["over"] and v["results"])
    if over:
        draw_final(board, y, final_rows(board, v), v.get("viewer"))
    else:
        _draw_map(board, v, y)
        py = y + _map_height(len(seats))
        for i, p in enumerate(players):
            _draw_player(board, v, p, py + i * ROW_H)
    if private:
        die = v.get("war_die")
        key = "tek.you.war" if die is not None else "tek.you.none"
        yy = y + _body_height(len(seats))
        board.panel((MARGIN, yy, board.width - MARGIN, yy + YOU_H - 6), str(v.get("viewer")), True)
        board.text(MARGIN + 12, yy + 8, board.tr(key, n=die), BODY, True)
    legend = board.tr("board.final_legend") if over else _legend(board)
    board.legend(board.image.height - 58, legend)
    return board.image


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
