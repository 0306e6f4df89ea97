"""Majesty board image (rules: docs/rules/majesty.md), phone-first (issue 13).

One frame per seat count: the header (round, whose turn, the latest change in words), the
display (six cards with cost and meeples, §3.1), the realms (one row per player: points,
meeples, cards per location, majority crowns ♛) and a legend. The final board keeps the frame
and shows the final scoring (§6) by rank instead of display and realms. Majesty hides nothing,
so the private image is the public one with the viewer's row framed and marked "you".

The renderer words no event: the bot passes the latest change already worded (``last``, in the
reader's language) and the header draws it; the events of that change
(``view["envelope"]["last"]``) only mark on the image which cells it changed. Every name of a
thing of the game comes from ``games.majesty.vocab.TERMS`` (a term passed to ``tr``), never from
a text key of its own. The view is typed (``games.majesty.views.MajestyView``): :func:`render`
and :func:`summary` cast it once.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from games.majesty.views import DisplaySlotView, MajestyView, RealmView
from games.majesty.vocab import (
    CHAR_COLOUR,
    CHARACTER_AT,
    INFIRMARY_COLOUR,
    LOCATIONS,
    TERMS,
    characters_term,
    location_term,
)
from games.terms import Count
from renderers.kit import (
    BIG,
    BODY,
    FINE,
    HEADER_H,
    MARGIN,
    WIDTH,
    Board,
    FinalRow,
    draw_final,
    final_row_height,
    grid_positions,
    line_h,
    ranks_line,
    shorten,
    width_of,
    wrap,
)
from renderers.palette import Colour, Theme, tint
from renderers.text_en import Tr, register

#: character -> crest colour, drawn as light tints so seat colours stay apart
CREST: dict[str, Colour] = dict(CHAR_COLOUR)
INFIRMARY: Colour = INFIRMARY_COLOUR
GAME_COLOURS: tuple[Colour, ...] = tuple(tint(c, 0.55) for c in (*CREST.values(), INFIRMARY))

register(
    {
        "majesty.title": "Majesty",
        # a card's name (a term of vocab.TERMS, one or two characters), a location's column head
        "majesty.card_name": "{card}",
        "majesty.column": "{location:short}",
        "majesty.step.take": "{name} takes a card from the display",
        "majesty.step.place": "{name} places the split card: choose a half",
        "majesty.step.heal_place": "{name} places a healed card",
        "majesty.step.castle_exchange": "{name}: Castle exchange, 1 point = 1 meeple",
        "majesty.deck": ("Deck: {n} card left", "Deck: {n} cards left"),
        "majesty.deck_next": (
            "Deck: {n} card left, next from deck {tier}",
            "Deck: {n} cards left, next from deck {tier}",
        ),
        "majesty.cost": "cost {cost}",
        "majesty.free": "free",
        "majesty.on_card": ("+{n} meeple", "+{n} meeples"),
        "majesty.row_stats": "meeples: {meeples} · cards: {taken}/12",
        "majesty.score_now": "score now",
        "majesty.if_ended": "if the game ended now",
        "majesty.final.play": "During play: {n}",
        "majesty.final.infirmary": "Infirmary: {n} · variety: +{variety}",
        "majesty.final.meeples": "Infirmary: {n} · variety: +{variety} · {meeples}",
        "majesty.final.majority": "Majorities: {list}",
        "majesty.final.award": "{location:short} {points:+d}",
        "majesty.final.none": "Majorities: none",
        "majesty.legend": "+n meeples: lying on the card, the taker gets them. Number on a "
        "location: its cards in that realm; ♛: majority there now (scored at the end). "
        "Ringed: changed by the last move; a green badge: points it gained. Under each "
        "location: side A/B and its majority value.",
    }
)

DISPLAY_CARD_H = 74
ROW_H = 4 + 4 * line_h(BODY) + 24
LOC_HEAD_H = 48
CELLS_X = MARGIN + 8
COL_W = (WIDTH - MARGIN - CELLS_X) // len(LOCATIONS)
LEGEND_LINES = 5


def frame_height(seats: int) -> int:
    """The image height for ``seats`` players: the same all game (issue 13 item 3)."""
    play = display_height() + LOC_HEAD_H + seats * ROW_H
    final = line_h(BIG) + seats * final_row_height(4)
    return HEADER_H + max(play, final) + LEGEND_LINES * line_h(FINE) + 12


def display_height() -> int:
    return 6 + line_h(BODY) + 4 + 2 * (DISPLAY_CARD_H + 6)


def _card_label(tr: Tr, characters: list[str]) -> str:
    return tr("majesty.card_name", card=characters_term(characters))


def _column(tr: Tr, location: str) -> str:
    return tr("majesty.column", location=location_term(location))


def now_text(board: Board, view: MajestyView) -> str:
    active, step = view.get("active"), str(view.get("step"))
    if step == "over" or not active:
        return (
            ranks_line(board, final_rows(board, view))
            if view.get("final")
            else board.tr("board.game_over")
        )
    return board.tr(f"majesty.step.{step}", name=board.name(active))


def last_line(board: Board, view: MajestyView, last: str | None) -> str:
    """The "Last:" line: the latest change as the bot worded it; before the first move, that
    nothing was played yet; otherwise (a caller that passed no words) nothing."""
    if last:
        return last
    envelope = view.get("envelope")
    if envelope is not None and envelope.get("turn") == 0 and view.get("step") == "take":
        return board.tr("board.nothing_yet")
    return ""


def _draw_display(board: Board, view: MajestyView, y: int) -> None:
    tr, m = board.tr, MARGIN
    n, tier = int(view.get("deck_count", 0)), view.get("deck_top_tier")
    deck = (
        tr("majesty.deck_next", n=n, tier="I" * int(tier))
        if n and tier
        else tr("majesty.deck", n=n)
    )
    board.lines(m, y + 6, deck, board.width - 2 * m, BODY, True, max_lines=1)
    w = (board.width - 2 * m - 2 * 6) // 3
    slots = list(view.get("display") or [])
    top = y + 10 + line_h(BODY)
    for (x, cy), slot in zip(
        grid_positions(len(slots), 3, m, top, w, DISPLAY_CARD_H, 6), slots, strict=True
    ):
        _display_card(board, slot, x, cy, w)


def _display_card(board: Board, slot: DisplaySlotView, x: int, y: int, w: int) -> None:
    tr, chars = board.tr, list(slot["card"]["characters"])
    colours = [tint(CREST.get(c, INFIRMARY), 0.55) for c in chars]
    half = w // len(colours)
    for i, c in enumerate(colours):
        board.draw.rectangle((x + i * half, y, x + (i + 1) * half, y + 28), fill=c)
    board.draw.rectangle((x, y, x + w, y + DISPLAY_CARD_H), outline=board.theme.ink)
    label = _card_label(tr, chars)
    if width_of(label, BODY, True) <= w - 8 or len(chars) == 1:
        board.text(x + w / 2, y + 15, shorten(label, BODY, True, w - 8), BODY, True, anchor="mm")
    elif width_of(label, FINE, True) <= w - 8:
        board.text(x + w / 2, y + 15, label, FINE, True, anchor="mm")
    else:  # a split card too long for one line: each half named in its own colour
        for i, char in enumerate(chars):
            name = shorten(_card_label(tr, [char]), FINE, True, half - 6)
            board.text(x + i * half + half / 2, y + 15, name, FINE, True, anchor="mm")
    cost = int(slot.get("cost", 0))
    meeples = int(slot.get("meeples", 0))
    price = tr("majesty.cost", cost=cost) if cost else tr("majesty.free")
    board.draw.rectangle((x + 1, y + 29, x + w - 1, y + DISPLAY_CARD_H - 1), fill=board.theme.panel)
    board.text(x + 6, y + 41, price, BODY, cost == 0, anchor="lm")
    if meeples:
        board.text(x + 6, y + 62, tr("majesty.on_card", n=meeples), BODY, True, anchor="lm")


def _draw_location_head(board: Board, view: MajestyView, y: int) -> None:
    sides = dict(view.get("sides") or {})
    majority = view.get("majority") or {}
    for i, loc in enumerate(LOCATIONS):
        x = CELLS_X + i * COL_W
        crest = CREST.get(CHARACTER_AT.get(loc, ""), INFIRMARY)
        board.draw.rectangle((x + 1, y, x + COL_W - 2, y + LOC_HEAD_H - 4), fill=tint(crest, 0.6))
        head = shorten(_column(board.tr, loc), FINE, True, COL_W - 4)
        board.text(x + COL_W / 2, y + 11, head, FINE, True, anchor="mm")
        award = majority.get(loc)
        value = int(award["value"]) if award else 0
        sub = sides.get(loc, "A") + (f" {value:+d}" if value else "")
        board.text(x + COL_W / 2, y + 31, sub, BODY, anchor="mm")


def _draw_realm(board: Board, view: MajestyView, p: str, y: int, marks: LastChange) -> None:
    tr, m, realm = board.tr, MARGIN, view["realms"][p]
    active, over = view.get("active"), view.get("step") == "over"
    right = board.width - m - 10
    board.panel((m, y, board.width - m, y + ROW_H - 6), p, p == view.get("viewer"))
    x = m + 10
    if p == active and not over:
        board.text(x, y + 15, "▶", BODY, True, anchor="lm")
        x += 18
    score = tr("unit.points", n=realm["points"])
    score_w = width_of(score, BIG, True)
    label_w = width_of(tr("majesty.score_now"), FINE)
    gained = marks.points.get(p)
    badge = width_of(f"+{gained}", BODY, True) + 16 if gained else 0
    you = tr("board.you") if p == view.get("viewer") else ""
    you_w = width_of(you, BODY, True) + 10 if you else 0
    tag_w = right - score_w - label_w - badge - you_w - 12 - x
    w = board.name_tag(x, y + 4, p, tag_w)
    if p in marks.players:
        board.halo((x, y + 4, x + w, y + 26))
    if you:
        board.text(x + w + 8, y + 15, you, BODY, True, anchor="lm")
    board.text(right, y + 15, score, BIG, True, anchor="rm")
    board.text(right - score_w - 6, y + 16, tr("majesty.score_now"), FINE, anchor="rm")
    if gained:
        board.delta(right - score_w - label_w - 12, y + 15, gained)
    leaders = {loc: (v.get("leaders") or []) for loc, v in (view.get("majority") or {}).items()}
    for i, loc in enumerate(LOCATIONS):
        cell = Cell(loc, p in leaders.get(loc, []), marks.cells.get((p, loc)))
        _draw_cell(board, realm, cell, CELLS_X + i * COL_W, y + 32)
    ty = y + 66
    stats = tr("majesty.row_stats", meeples=realm["meeples"], taken=realm["taken"])
    board.text(m + 12, ty, stats, BODY)
    proj = (view.get("projection") or {}).get(p)
    if proj is not None and not over:
        ty += line_h(BODY)
        w = board.text(right, ty, tr("unit.points", n=proj), BODY, True, anchor="ra")
        board.text(right - w - 6, ty + 2, tr("majesty.if_ended"), FINE, anchor="ra")


class Cell:
    """One location of one realm: its key, whether that realm leads the majority there, and
    the mark of the latest change (``new``, ``healed``, ``wounded`` or None)."""

    __slots__ = ("leads", "location", "mark")

    def __init__(self, location: str, leads: bool, mark: str | None) -> None:
        self.location, self.leads, self.mark = location, leads, mark


def _draw_cell(board: Board, realm: RealmView, cell: Cell, x: int, y: int) -> None:
    loc = cell.location
    n = len(realm.get("infirmary") or []) if loc == "infirmary" else len(realm["locations"][loc])
    colour = board.theme.ink if n else board.theme.muted
    board.draw.rectangle((x + 1, y - 1, x + COL_W - 2, y + 27), outline=board.theme.line)
    board.text(x + 6, y + 13, str(n), BIG, True, colour, "lm")
    if cell.leads:
        board.text(x + COL_W - 5, y + 13, "♛", BIG, True, (150, 105, 0), "rm")
    if cell.mark:  # changed by the last move: ringed (issue 25 item 2)
        board.halo((x + 3, y + 1, x + COL_W - 4, y + 25))


Marks = dict[tuple[str, str], str]


class LastChange:
    """What the latest change touched: cells (player, location) -> "new", "healed" or
    "wounded"; players who took a card; points gained (or paid) per player."""

    __slots__ = ("cells", "players", "points")

    def __init__(self, events: list[dict[str, Any]]) -> None:
        self.cells: Marks = last_marks(events)
        self.players = {str(e["player"]) for e in events if e.get("type") == "take"}
        self.points: dict[str, int] = {}
        for e in events:
            if e.get("type") in POINT_EVENTS and e.get("player") and int(e.get("points") or 0):
                who = str(e["player"])
                self.points[who] = self.points.get(who, 0) + int(e["points"])
        self.points = {p: n for p, n in self.points.items() if n}


#: events that change a realm's points during play (§5, §7B)
POINT_EVENTS = ("gain", "castle_exchange", "meeples_returned")


def last_marks(events: list[dict[str, Any]]) -> Marks:
    """Which cells the latest change touched (the envelope's ``last`` events, rules §10): the
    location a card was placed at, an Infirmary a card left (healed) or entered (wounded)."""
    marks: Marks = {}
    for e in events:
        et = e.get("type")
        if et == "place":
            marks[(e["player"], e["location"])] = "new"
        elif et == "heal":
            marks[(e["player"], "infirmary")] = "healed"
        elif et == "attack" and e.get("result") == "wounded":
            marks[(e["target"], "infirmary")] = "wounded"
    return marks


def points(n: Any) -> Count:
    """``n`` points, agreeing with its number in the board's language (−1 point, 36 bodů)."""
    return Count(int(n), TERMS["point"])


def final_rows(board: Board, view: MajestyView) -> list[FinalRow]:
    """Final scoring (§6) with every category named and in points."""
    tr, rows = board.tr, []
    tiebreak = bool((view.get("options") or {}).get("tiebreak_meeples"))
    for row in view.get("final") or []:
        b = row["breakdown"]
        maj = ", ".join(
            tr("majesty.final.award", location=location_term(k), points=v)
            for k, v in (b.get("majority") or {}).items()
        )
        inf = tr(
            "majesty.final.meeples" if tiebreak else "majesty.final.infirmary",
            n=points(b.get("infirmary", 0)),
            variety=points(b.get("variety", 0)),
            meeples=Count(int(row.get("meeples", 0)), TERMS["meeple"]),
        )
        majority = tr("majesty.final.majority", list=maj) if maj else tr("majesty.final.none")
        parts = (
            tr("majesty.final.play", n=points(b.get("play", 0))),
            inf,
            *wrap(majority, BODY, False, board.width - 2 * MARGIN - 24),
        )
        rows.append(
            FinalRow(row["player"], int(row["rank"]), tr("unit.points", n=row["score"]), parts)
        )
    return rows


def render(
    view: Mapping[str, Any],
    *,
    names: dict[str, str] | None = None,
    theme: Theme | None = None,
    tr: Tr | None = None,
    last: str | None = None,
) -> Any:
    """The board image for ``view`` (public when ``view["viewer"]`` is None); ``last`` is the
    latest change in words (the bot's, in the reader's language)."""
    v = cast(MajestyView, view)
    seats = list(v.get("players") or [])
    board = Board.new(frame_height(len(seats)), seats, names, theme, tr)
    t = board.tr
    right = t("board.round", round=v.get("round"), rounds=v.get("rounds", 12))
    y = board.header(t("majesty.title"), right, now_text(board, v), last_line(board, v, last))
    over = v.get("step") == "over" and bool(v.get("final"))
    if over:
        draw_final(board, y + 6, final_rows(board, v), v.get("viewer"))
    else:
        _draw_display(board, v, y)
        y += display_height()
        _draw_location_head(board, v, y)
        y += LOC_HEAD_H
        envelope = v.get("envelope")
        marks = LastChange(list(envelope.get("last") or []) if envelope else [])
        for p in list(v.get("order") or seats):
            _draw_realm(board, v, p, y, marks)
            y += ROW_H
    legend = t("board.final_legend" if over else "majesty.legend")
    board.legend(board.image.height - LEGEND_LINES * line_h(FINE) - 6, legend, LEGEND_LINES)
    return board.image


def summary(board: Board, view: Mapping[str, Any]) -> tuple[str, str, list[tuple[str, str]]]:
    """(round, whose turn, [(player, score)]) for the alt text."""
    v = cast(MajestyView, view)
    right = board.tr("board.round", round=v.get("round"), rounds=v.get("rounds", 12))
    scores = [
        (p, board.tr("unit.points", n=r["points"])) for p, r in (v.get("realms") or {}).items()
    ]
    final = v.get("final")
    if final:
        scores = [
            (r["player"], board.tr("unit.points", n=r["score"]))
            for r in sorted(final, key=lambda r: r["rank"])
        ]
    return right, now_text(board, v), scores
