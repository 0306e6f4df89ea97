"""King of the Elves board image (rules: docs/rules/elves.md), phone-first (issue 13).

One row per player in seat order: name with seat number, coins (their gold value is secret
until the end), hand size, coats of arms left, purchases, and the realm: its village cards
(terrain tint, name and value) with the action cards placed on them as lettered badges in the
owner's seat colour carrying the owner's seat number (G gold, T thief, W wooden obstacle, S sea
monster). A footer gives the piles. The final board keeps the frame and ranks the gold, each
row adding it up: net gold by round, then start + rounds + all-villages bonus = total. The
private image adds a fixed panel with the viewer's gold and hand.

The renderer never words events: the header's "Last:" line is the ``last`` text the bot passes
(the presenter's words for the latest change, in the reader's language). The names of cards and
villages are the game's terms (:data:`games.elves.vocab.TERMS`), given to ``tr`` as parameters.
The view is typed once at the entry points (:class:`games.elves.views.ElvesView`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from games.elves.views import ElvesView, PlayerView, VillageView
from games.elves.vocab import (
    ACTION_KINDS,
    CARDS,
    TERRAIN_FILL,
    TRAVEL_KINDS,
    VILLAGE_KINDS,
)
from renderers.kit import (
    BIG,
    BODY,
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

TERRAIN: dict[str, Colour] = dict(TERRAIN_FILL)
GAME_COLOURS: tuple[Colour, ...] = tuple(tint(c, 0.55) for c in TERRAIN.values())
BADGES = (("gold", "G"), ("thief", "T"))
OBSTACLE_LETTER = {"wood": "W", "seamonster": "S"}

register(
    {
        "elves.title": "King of the Elves",
        "elves.village_label": "{card} {value}",
        "elves.you.card": "{card} ×{n}",
        "elves.step.turn": "{name} chooses an action",
        "elves.step.place_village": "{name} places a village",
        "elves.step.place_special": "{name} places an action card",
        "elves.step.discard": "{name} discards ({left} to go)",
        "elves.step.take_village": "{name} takes a village card",
        "elves.step.journey": "{name} travels",
        "elves.step.teleport_cards": "{name} pays for a teleport",
        "elves.step.other": "{name} to act",
        "elves.row1": "cards in hand: {cards} · coats of arms left: {arms}",
        "elves.row1_buy": "cards in hand: {cards} · coats of arms left: {arms} · bought: {n}",
        "elves.coins": "coins: {n}",
        "elves.empty_realm": "no villages yet",
        "elves.piles": "Draw pile: {draw} · discard pile: {discard} (top: {top}) · passes in a "
        "row: {passes}",
        "elves.piles_empty": "Draw pile: {draw} · discard pile: empty · passes in a row: {passes}",
        "elves.final.gold": "Gold at the end: {n}",
        "elves.final.rounds": "By round: {list} gold",
        "elves.final.round": "R{round} {n}",
        "elves.final.sum": "Start {start} + rounds {rounds} + all-villages bonus {bonus} "
        "= {total} gold",
        "elves.final.coins": "coins: {coins} · cards left in hand: {cards}",
        "elves.you.title": "Your hand (only you see this)",
        "elves.you.gold": "Your gold: {gold} ({coins})",
        "elves.you.coin": "{n}×{value}",
        "elves.you.villages": "Village cards: {list}",
        "elves.you.travel": "Transport: {list}",
        "elves.you.actions": "Actions: {list}",
        "elves.you.empty": "No cards.",
        "elves.legend": "On a village (name and value): G gold card, T thief, W wooden obstacle, "
        "S sea monster, each in its owner's colour with the owner's seat number.",
    }
)

ROW_H = 30 + line_h(BODY) + 2 + 52 + 10
YOU_H = 6 * line_h(BODY) + 24
FOOT_H = 2 * line_h(BODY)


FINAL_PARTS = 3


def _final_height(seats: int) -> int:
    return line_h(BIG) + seats * final_row_height(FINAL_PARTS)


def frame_height(seats: int, private: bool) -> int:
    """Height for ``seats`` players, the same all game (issue 13 item 3)."""
    body = max(seats * ROW_H + FOOT_H, _final_height(seats))
    return HEADER_H + 6 + body + (YOU_H if private else 0) + 58


def typed(view: Mapping[str, Any]) -> ElvesView:
    """The view as ``Elves.view`` returns it (``games.elves.views``), typed once at the entry
    points so that mypy catches a renamed key."""
    return cast(ElvesView, view)


def now_text(board: Board, view: ElvesView) -> str:
    if view.get("phase") == "over":
        return ranks_line(board, final_rows(board, view))
    step = view.get("step") or {}
    kind = str(step.get("kind", ""))
    key = f"elves.step.{kind}" if kind in _STEPS else "elves.step.other"
    return board.tr(key, name=board.name(view.get("actor")), left=step.get("left", 0))


_STEPS = (
    "turn",
    "place_village",
    "place_special",
    "discard",
    "take_village",
    "journey",
    "teleport_cards",
)


def fresh(view: ElvesView) -> bool:
    """Whether nothing has been played yet: no turn has ended and the first player has not
    begun an action (any move either ends a turn or opens another step, rules §11.3)."""
    env = view.get("envelope") or {}
    return (
        view.get("round") == 1
        and env.get("turn", 0) == 0
        and (view.get("step") or {}).get("kind") == "turn"
    )


def last_line(board: Board, view: ElvesView, last: str | None) -> str:
    """The header's "Last:" text: the bot's words for the latest change; without them, "Nothing
    played yet." at the very start and nothing later (the renderer never words events)."""
    if last is not None:
        return last
    return board.tr("board.nothing_yet") if fresh(view) else ""


def _badge(board: Board, x: int, y: int, letter: str, owner: str) -> int:
    """An action card on a village: its letter and the owner's seat number, in the seat colour."""
    w = 40
    board.draw.rounded_rectangle((x, y, x + w, y + 24), radius=5, fill=board.colour(owner))
    board.text(
        x + w / 2, y + 13, f"{letter}{board.seats.get(owner, -1) + 1}", BODY, True, WHITE, "mm"
    )
    return w


def _is_next(view: ElvesView, village: VillageView) -> bool:
    """Whether ``village`` is where the journey goes next (public, rules §7.1)."""
    j = view.get("journey")
    nxt = j["next"] if j else None
    return nxt is not None and (nxt["realm"], nxt["slot"]) == (village["realm"], village["slot"])


def _village(
    board: Board, village: VillageView, x: int, y: int, w: int, ahead: bool = False
) -> None:
    kind = str(village.get("card"))
    fill = tint(TERRAIN.get(kind, (150, 150, 150)), 0.55)
    board.draw.rectangle((x, y, x + w, y + 52), fill=fill, outline=board.theme.ink)
    if ahead:  # the journey's next village: a thick frame (issue 11: what a traveller needs)
        board.draw.rectangle((x - 2, y - 2, x + w + 2, y + 54), outline=board.theme.ink, width=4)
    label = board.tr("elves.village_label", card=CARDS[kind], value=village["value"])
    board.text(x + 6, y + 4, label, BODY, True)
    bx = x + 6
    for key, letter in BADGES:
        owner = village.get(key)
        if owner:
            bx += _badge(board, bx, y + 25, letter, str(owner)) + 4
    obstacle = village.get("obstacle")
    if obstacle:
        letter = OBSTACLE_LETTER.get(obstacle["card"], "W")
        _badge(board, bx, y + 25, letter, obstacle["owner"])


def _draw_player(
    board: Board, view: ElvesView, p: PlayerView, realm: list[VillageView], y: int
) -> None:
    tr, m, pid = board.tr, MARGIN, str(p["id"])
    board.panel((m, y, board.width - m, y + ROW_H - 6), pid, pid == view.get("viewer"))
    x = m + 10
    if pid == view.get("actor") and view.get("phase") != "over":
        x += board.text(x, y + 16, "▶", BODY, True, anchor="lm") + 4
    board.name_tag(x, y + 4, pid, 380)
    board.text(
        board.width - m - 10,
        y + 16,
        tr("elves.coins", n=p.get("coins", 0)),
        BODY,
        True,
        anchor="rm",
    )
    key = "elves.row1_buy" if p.get("purchases") else "elves.row1"
    board.lines(
        m + 12,
        y + 30,
        tr(key, cards=p.get("hand_size", 0), arms=p.get("tokens_free", 0), n=p.get("purchases", 0)),
        board.width - 2 * m - 24,
        BODY,
        max_lines=1,
    )
    vy = y + 30 + line_h(BODY) + 2
    if not realm:
        board.text(m + 12, vy + 14, tr("elves.empty_realm"), BODY, fill=board.theme.muted)
    w = (board.width - 2 * m - 24 - 2 * 8) // 3
    for i, village in enumerate(realm[:3]):
        _village(board, village, m + 12 + i * (w + 8), vy, w, _is_next(view, village))


def signed(n: int) -> str:
    """``+7``, ``0``, ``−3`` (a true minus sign: a hyphen reads as a dash at 400 px)."""
    return f"{n:+d}".replace("-", "−") if n else "0"


def breakdown_parts(board: Board, part: Mapping[str, Any] | None, n: int) -> tuple[str, ...]:
    """The final gold in its parts (rules §9, §7.4): net gold of each round, then the sum
    start + rounds + bonus = total. A snapshot from before the ledger has only the total."""
    if not part:
        return (board.tr("elves.final.gold", n=n),)
    rounds = [int(r) for r in part.get("rounds") or []]
    listed = " · ".join(
        board.tr("elves.final.round", round=i + 1, n=signed(r)) for i, r in enumerate(rounds)
    )
    return (
        board.tr("elves.final.rounds", list=listed),
        board.tr(
            "elves.final.sum",
            start=part.get("start", 0),
            rounds=signed(sum(rounds)),
            bonus=part.get("bonus", 0),
            total=part.get("total", n),
        ),
    )


def final_rows(board: Board, view: ElvesView) -> list[FinalRow]:
    """Final gold and ranks (§9) with the breakdown by round and bonus, coins and cards left."""
    final = view.get("final")
    gold = final["gold"] if final else {}
    ranks = final["ranks"] if final else {}
    parts_of = final.get("breakdown", {}) if final else {}
    players = {str(p["id"]): p for p in view.get("players") or []}
    rows = []
    for pid, n in gold.items():
        p = players.get(pid)
        parts = breakdown_parts(board, parts_of.get(pid), n) + (
            board.tr(
                "elves.final.coins",
                coins=p["coins"] if p else 0,
                cards=p["hand_size"] if p else 0,
            ),
        )
        rows.append(FinalRow(pid, int(ranks.get(pid, 0)), board.tr("unit.gold", n=n), parts))
    return rows


def _hand_list(
    board: Board, hand: Mapping[str, int], kinds: tuple[str, ...], key: str
) -> str | None:
    items = [board.tr("elves.you.card", card=CARDS[k], n=hand[k]) for k in kinds if hand.get(k)]
    return board.tr(key, list=", ".join(items)) if items else None


def _draw_you(board: Board, view: ElvesView, y: int) -> None:
    tr, m, me = board.tr, MARGIN, str(view["viewer"])
    hand = view.get("hand", {})
    board.panel((m, y, board.width - m, y + YOU_H - 8), me, True)
    y = board.lines(m + 12, y + 6, tr("elves.you.title"), board.width - 2 * m - 24, BODY, True)
    coins = ", ".join(
        tr("elves.you.coin", n=n, value=v)
        for v, n in sorted(view.get("coin_breakdown", {}).items(), key=lambda i: -int(i[0]))
        if n
    )
    y = board.lines(
        m + 12,
        y,
        tr("elves.you.gold", gold=view.get("gold", 0), coins=coins),
        board.width - 2 * m - 24,
        BODY,
        True,
        max_lines=1,
    )
    lines = [
        _hand_list(board, hand, VILLAGE_KINDS, "elves.you.villages"),
        _hand_list(board, hand, TRAVEL_KINDS, "elves.you.travel"),
        _hand_list(board, hand, ACTION_KINDS, "elves.you.actions"),
    ]
    shown = [s for s in lines if s] or [tr("elves.you.empty")]
    budget = 4
    for s in shown:
        before = y
        y = board.lines(m + 12, y, s, board.width - 2 * m - 24, BODY, max_lines=max(1, budget))
        budget -= (y - before) // line_h(BODY)


def render(
    view: dict[str, Any],
    *,
    names: dict[str, str] | None = None,
    theme: Theme | None = None,
    tr: Tr | None = None,
    last: str | None = None,
) -> Any:
    """The table for ``view``; a private view adds the viewer's hand panel. ``last`` is the
    latest change in words (the bot's), drawn in the header's "Last:" line."""
    v = typed(view)
    players = list(v.get("players") or [])
    seats = [str(p["id"]) for p in players]
    private = v.get("viewer") is not None
    board = Board.new(frame_height(len(seats), private), seats, names, theme, tr)
    right = board.tr("board.round", round=v.get("round"), rounds=v.get("rounds"))
    top = board.header(
        board.tr("elves.title"), right, now_text(board, v), last_line(board, v, last)
    )
    y = top + 6
    body_h = max(len(seats) * ROW_H + FOOT_H, _final_height(len(seats)))
    over = v.get("phase") == "over" and bool(v.get("final"))
    if over:
        draw_final(board, y, final_rows(board, v), v.get("viewer"))
    else:
        realms = list(v.get("realms") or [])
        for i, p in enumerate(players):
            _draw_player(board, v, p, realms[i] if i < len(realms) else [], y + i * ROW_H)
        _draw_piles(board, v, y + len(players) * ROW_H)
    if private:
        _draw_you(board, v, y + body_h)
    board.legend(
        board.image.height - 56, board.tr("board.final_legend" if over else "elves.legend")
    )
    return board.image


def _draw_piles(board: Board, view: ElvesView, y: int) -> None:
    discard = view.get("discard_pile") or {}
    n = sum(int(c) for c in discard.values())
    top = view.get("discard_top")
    key = "elves.piles" if n and top else "elves.piles_empty"
    board.lines(
        MARGIN,
        y + 4,
        board.tr(
            key,
            draw=view.get("draw_pile", 0),
            discard=n,
            top=CARDS[top] if top else "",
            passes=view.get("passes", 0),
        ),
        board.width - 2 * MARGIN,
        BODY,
        max_lines=2,
    )


def summary(board: Board, view: dict[str, Any]) -> tuple[str, str, list[tuple[str, str]]]:
    """(round, whose turn, [(player, score)]) for the alt text (gold is secret until the end)."""
    v = typed(view)
    right = board.tr("board.round", round=v.get("round"), rounds=v.get("rounds"))
    final = v.get("final")
    if final:
        ranks = final["ranks"]
        scores = [
            (p, board.tr("unit.gold", n=n))
            for p, n in sorted(final["gold"].items(), key=lambda i: ranks.get(i[0], 0))
        ]
    else:
        scores = [
            (str(p["id"]), board.tr("elves.coins", n=p.get("coins", 0)))
            for p in v.get("players") or []
        ]
    return right, now_text(board, v), scores
