"""Majesty board image (rules: shared/rules/majesty.md), phone-first (issue 13).

One frame per seat count: the header (round, whose turn, the last move in words), the display
(six cards with cost and meeples, §3.1), the realms (one row per player: points, meeples,
cards per location, majority crowns ♛) and a legend. The final board keeps the frame and shows
the final scoring (§6) by rank instead of display and realms. Majesty hides nothing, so the
private image is the public one with the viewer's row framed and marked "you".
"""

from __future__ import annotations

from typing import Any

from games.majesty.tables import card_characters
from games.majesty.vocab import (
    CHAR_COLOUR,
    CHARACTER_AT,
    CHARACTER_NAMES,
    INFIRMARY_COLOUR,
    LOCATIONS,
)
from renderers.kit import (
    BIG,
    BODY,
    HEADER_H,
    MARGIN,
    Board,
    FinalRow,
    draw_final,
    grid_positions,
    ranks_line,
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
        **{f"majesty.char.{c}": name for c, name in CHARACTER_NAMES.items()},
        "majesty.loc.mill": "Mill",
        "majesty.loc.brewery": "Brew",
        "majesty.loc.cottage": "Cott",
        "majesty.loc.guardhouse": "Guard",
        "majesty.loc.barracks": "Barr",
        "majesty.loc.inn": "Inn",
        "majesty.loc.castle": "Castle",
        "majesty.loc.infirmary": "Infirm",
        "majesty.round": "Round {round}/{rounds}",
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
        "majesty.row_stats": "{meeples} meeples · cards {taken}/12 · if it ended now: {proj} pts",
        "majesty.row_stats_final": "{meeples} meeples · cards {taken}/12",
        "majesty.last.take": "{name} took {card} for {cost} meeples",
        "majesty.last.take_one": "{name} took {card} for 1 meeple",
        "majesty.last.take_free": "{name} took {card} for free",
        "majesty.last.as": "as {char}",
        "majesty.last.heal": "healed a {char}",
        "majesty.last.bought": "bought {n} meeples",
        "majesty.last.sold": "sold {n} meeples",
        "majesty.last.points": "+{n} pts",
        "majesty.last.wounded": "wounded {n}",
        "majesty.final.play": "During play: {n} pts",
        "majesty.final.infirmary": "Infirmary: {n} pts · variety: +{variety} pts",
        "majesty.final.meeples": "Infirmary: {n} pts · variety: +{variety} pts · {meeples} meeples",
        "majesty.final.majority": "Majorities: {list}",
        "majesty.final.none": "Majorities: none",
        "majesty.legend": "+n meeples: lying on the card, the taker gets them. Number on a "
        "location = its cards in that realm; ♛ = majority there now "
        "(scored at the end); framed = changed by the last move. Under each "
        "location: side A/B and its majority value.",
    }
)

DISPLAY_CARD_H = 58
ROW_H = 90
LOC_HEAD_H = 52
COL_W = (640 - 2 * MARGIN) // len(LOCATIONS)


def frame_height(seats: int) -> int:
    """The image height for ``seats`` players: the same all game (issue 13 item 3)."""
    return HEADER_H + display_height() + LOC_HEAD_H + seats * ROW_H + 62


def display_height() -> int:
    return 8 + 26 + 2 * (DISPLAY_CARD_H + 6)


def _card_label(tr: Tr, characters: list[str]) -> str:
    return " / ".join(tr(f"majesty.char.{c}") for c in characters)


def now_text(board: Board, view: dict[str, Any]) -> str:
    active, step = view.get("active"), str(view.get("step"))
    if step == "over" or not active:
        return (
            ranks_line(board, final_rows(board, view))
            if view.get("final")
            else board.tr("board.game_over")
        )
    return board.tr(f"majesty.step.{step}", name=board.name(active))


def _event_part(tr: Tr, e: dict[str, Any], name: str) -> str | None:
    et = e.get("type")
    if et == "take":
        card = _card_label(tr, list(e.get("characters") or _characters_of(e)))
        cost = int(e.get("cost", 0))
        key = {0: "majesty.last.take_free", 1: "majesty.last.take_one"}.get(
            cost, "majesty.last.take"
        )
        return tr(key, name=name, card=card, cost=cost)
    if et == "place" and e.get("split"):
        return tr("majesty.last.as", char=tr(f"majesty.char.{e['character']}"))
    if et == "heal":
        return tr("majesty.last.heal", char=tr(f"majesty.char.{e['character']}"))
    if et == "castle_exchange" and e.get("meeples"):
        k = int(e["meeples"])
        return tr("majesty.last.bought" if k > 0 else "majesty.last.sold", n=abs(k))
    return None


def _characters_of(e: dict[str, Any]) -> tuple[str, ...]:
    return card_characters(int(e["card"]))


def last_text(board: Board, view: dict[str, Any]) -> str:
    """The latest move in words, from ``view["last_events"]`` (§3: take, place, pay-outs)."""
    events = [dict(e) for e in view.get("last_events") or []]
    actor = next(
        (
            e["player"]
            for e in events
            if e.get("type") in ("take", "place", "heal_place", "heal", "castle_exchange")
        ),
        None,
    )
    if actor is None:
        return board.tr("board.nothing_yet")
    for e in events:
        if e.get("type") == "place":
            e["split"] = len(_characters_of(e)) > 1
    parts = [p for p in (_event_part(board.tr, e, board.name(actor)) for e in events) if p]
    gained = sum(
        int(e.get("points", 0))
        for e in events
        if e["type"] in ("gain", "meeples_returned") and e.get("player") == actor
    )
    if gained:
        parts.append(board.tr("majesty.last.points", n=gained))
    hurt = sum(1 for e in events if e["type"] == "attack" and e.get("result") == "wounded")
    if hurt:
        parts.append(board.tr("majesty.last.wounded", n=hurt))
    return ", ".join(parts) or board.name(actor)


def _draw_display(board: Board, view: dict[str, Any], y: int) -> None:
    tr, m = board.tr, MARGIN
    n, tier = int(view.get("deck_count", 0)), view.get("deck_top_tier")
    deck = (
        tr("majesty.deck_next", n=n, tier="I" * int(tier))
        if n and tier
        else tr("majesty.deck", n=n)
    )
    board.text(m, y + 8, deck, BODY, True)
    w = (board.width - 2 * m - 2 * 6) // 3
    slots = list(view.get("display", []))
    for (x, cy), slot in zip(
        grid_positions(len(slots), 3, m, y + 34, w, DISPLAY_CARD_H, 6), slots, strict=True
    ):
        _display_card(board, slot, x, cy, w)


def _display_card(board: Board, slot: dict[str, Any], x: int, y: int, w: int) -> None:
    tr, chars = board.tr, list(slot["card"]["characters"])
    colours = [tint(CREST.get(c, INFIRMARY), 0.55) for c in chars]
    half = w // len(colours)
    for i, c in enumerate(colours):
        board.draw.rectangle((x + i * half, y, x + (i + 1) * half, y + 28), fill=c)
    board.draw.rectangle((x, y, x + w, y + DISPLAY_CARD_H), outline=board.theme.ink)
    board.text(x + w / 2, y + 15, _card_label(tr, chars), BODY, True, anchor="mm")
    cost = int(slot.get("cost", 0))
    meeples = int(slot.get("meeples", 0))
    label = tr("majesty.cost", cost=cost) if cost else tr("majesty.free")
    board.draw.rectangle((x + 1, y + 29, x + w - 1, y + DISPLAY_CARD_H - 1), fill=board.theme.panel)
    board.text(x + 8, y + 43, label, BODY, cost == 0, anchor="lm")
    if meeples:
        board.text(x + w - 8, y + 43, tr("majesty.on_card", n=meeples), BODY, True, anchor="rm")


def _draw_location_head(board: Board, view: dict[str, Any], y: int) -> None:
    sides = dict(view.get("sides") or {})
    majority = view.get("majority") or {}
    for i, loc in enumerate(LOCATIONS):
        x = MARGIN + i * COL_W
        crest = CREST.get(CHARACTER_AT.get(loc, ""), INFIRMARY)
        board.draw.rectangle((x + 2, y, x + COL_W - 3, y + LOC_HEAD_H - 4), fill=tint(crest, 0.6))
        board.text(x + COL_W / 2, y + 13, board.tr(f"majesty.loc.{loc}"), BODY, True, anchor="mm")
        value = int((majority.get(loc) or {}).get("value", 0))
        sub = sides.get(loc, "A") + (f" {value:+d}" if value else "")
        board.text(x + COL_W / 2, y + 35, sub, BODY, anchor="mm")


def _draw_realm(board: Board, view: dict[str, Any], p: str, y: int, marks: dict[Any, str]) -> None:
    tr, m, realm = board.tr, MARGIN, view["realms"][p]
    active, over = view.get("active"), view.get("step") == "over"
    board.panel((m, y, board.width - m, y + ROW_H - 6), p, p == view.get("viewer"))
    x = m + 10
    if p == active and not over:
        board.text(x, y + 16, "▶", BODY, True, anchor="lm")
        x += 18
    board.name_tag(x, y + 4, p, 380)
    if p == view.get("viewer"):
        board.text(board.width - m - 110, y + 16, tr("board.you"), BODY, True, anchor="rm")
    board.text(
        board.width - m - 10, y + 16, tr("unit.points", n=realm["points"]), BIG, True, anchor="rm"
    )
    majority = view.get("majority") or {}
    for i, loc in enumerate(LOCATIONS):
        _draw_cell(board, realm, p, loc, MARGIN + i * COL_W, y + 32, majority, marks.get((p, loc)))
    proj = (view.get("projection") or {}).get(p)
    key = "majesty.row_stats_final" if over or proj is None else "majesty.row_stats"
    board.text(
        m + 10, y + 62, tr(key, meeples=realm["meeples"], taken=realm["taken"], proj=proj), BODY
    )


def _draw_cell(
    board: Board,
    realm: dict[str, Any],
    p: str,
    loc: str,
    x: int,
    y: int,
    majority: dict[str, Any],
    mark: str | None,
) -> None:
    cards = realm.get("infirmary", []) if loc == "infirmary" else realm["locations"].get(loc, [])
    n = len(cards)
    colour = board.theme.ink if n else board.theme.muted
    board.text(x + 8, y + 13, str(n), BIG, True, colour, "lm")
    if p in ((majority.get(loc) or {}).get("leaders") or []):
        board.text(x + 34, y + 13, "♛", BIG, True, (150, 105, 0), "lm")
    if mark:  # changed by the last move: a frame, dashed when a card left (wounded)
        box = (x + 2, y - 3, x + COL_W - 3, y + 28)
        if mark == "wounded":
            for k in range(box[0], box[2], 8):
                board.draw.line(
                    (k, box[1], min(k + 4, box[2]), box[1]), fill=board.theme.ink, width=2
                )
                board.draw.line(
                    (k, box[3], min(k + 4, box[2]), box[3]), fill=board.theme.ink, width=2
                )
        else:
            board.draw.rectangle(box, outline=board.theme.ink, width=2)


def _last_marks(view: dict[str, Any]) -> dict[tuple[str, str], str]:
    marks: dict[tuple[str, str], str] = {}
    for e in view.get("last_events") or []:
        et = e.get("type")
        if et == "place":
            marks[(e["player"], e["location"])] = "new"
        elif et == "heal":
            marks[(e["player"], "infirmary")] = "healed"
        elif et == "attack" and e.get("result") == "wounded":
            marks[(e["target"], "infirmary")] = "wounded"
    return marks


def final_rows(board: Board, view: dict[str, Any]) -> list[FinalRow]:
    """Final scoring (§6) with every category named and in points."""
    tr, rows = board.tr, []
    tiebreak = bool((view.get("options") or {}).get("tiebreak_meeples"))
    for row in view.get("final") or []:
        b = row.get("breakdown", {})
        maj = ", ".join(
            f"{tr(f'majesty.loc.{k}')} {v:+d}" for k, v in (b.get("majority") or {}).items()
        )
        inf = tr(
            "majesty.final.meeples" if tiebreak else "majesty.final.infirmary",
            n=b.get("infirmary", 0),
            variety=b.get("variety", 0),
            meeples=row.get("meeples", 0),
        )
        majority = tr("majesty.final.majority", list=maj) if maj else tr("majesty.final.none")
        parts = (
            tr("majesty.final.play", n=b.get("play", 0)),
            inf,
            *wrap(majority, BODY, False, board.width - 2 * MARGIN - 24),
        )
        rows.append(
            FinalRow(row["player"], int(row["rank"]), tr("unit.points", n=row["score"]), parts)
        )
    return rows


def render(
    view: dict[str, Any],
    *,
    names: dict[str, str] | None = None,
    theme: Theme | None = None,
    tr: Tr | None = None,
    last: str | None = None,
) -> Any:
    """The board image for ``view`` (public when ``view["viewer"]`` is None)."""
    seats = list(view.get("players") or [])
    board = Board.new(frame_height(len(seats)), seats, names, theme, tr)
    t = board.tr
    right = t("majesty.round", round=view.get("round"), rounds=view.get("rounds", 12))
    y = board.header(
        t("majesty.title"), right, now_text(board, view), last or last_text(board, view)
    )
    if view.get("step") == "over" and view.get("final"):
        draw_final(board, y + 6, final_rows(board, view), view.get("viewer"))
    else:
        _draw_display(board, view, y)
        y += display_height()
        _draw_location_head(board, view, y)
        y += LOC_HEAD_H
        marks = _last_marks(view)
        for p in list(view.get("order") or seats):
            _draw_realm(board, view, p, y, marks)
            y += ROW_H
    over = view.get("step") == "over" and view.get("final")
    board.legend(board.image.height - 56, t("board.final_legend" if over else "majesty.legend"))
    return board.image


def summary(board: Board, view: dict[str, Any]) -> tuple[str, str, list[tuple[str, str]]]:
    """(round, whose turn, [(player, score)]) for the alt text."""
    right = board.tr("majesty.round", round=view.get("round"), rounds=view.get("rounds", 12))
    scores = [
        (p, board.tr("unit.points", n=r["points"])) for p, r in (view.get("realms") or {}).items()
    ]
    if view.get("final"):
        scores = [
            (r["player"], board.tr("unit.points", n=r["score"]))
            for r in sorted(view["final"], key=lambda r: r["rank"])
        ]
    return right, now_text(board, view), scores
