"""King of the Elves board image (rules: shared/rules/elves.md), phone-first (issue 13).

One row per player in seat order: name with seat number, coins (their gold value is secret
until the end), hand size, coats of arms left, purchases, and the realm: its village cards
(terrain tint, name and value) with the action cards placed on them as lettered badges in the
owner's seat colour carrying the owner's seat number (G gold, T thief, W wooden obstacle, S sea
monster). A footer gives the piles. The final board keeps the frame and ranks the gold, each
row adding it up: net gold by round, then start + rounds + all-villages bonus = total. The
private image adds a fixed panel with the viewer's gold and hand.
"""

from __future__ import annotations

from typing import Any

from games.elves.vocab import (
    ACTION_KINDS,
    CARD_NAMES,
    TERRAIN_FILL,
    TRAVEL_KINDS,
    VALUE,
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
        "elves.round": "Round {round}/{rounds}",
        **{f"elves.card.{k}": name for k, name in CARD_NAMES.items()},
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
        "elves.ev.village_played": "{name} played a {card} village in {realm}'s realm",
        "elves.ev.special_played": "{name} placed {card} in {realm}'s realm",
        "elves.ev.drew": "{name} drew {count} cards",
        "elves.ev.discarded": "{name} discarded {card}",
        "elves.ev.bought": "{name} bought a card for {cost} gold",
        "elves.ev.village_removed": "{name} removed their {card} village for {cost} gold",
        "elves.ev.passed": "{name} passed ({passes} in a row)",
        "elves.ev.no_village_declared": "{name} declared “No village card!”",
        "elves.ev.village_taken": "{name} took a {card} village card",
        "elves.ev.planning_ended": "Planning is over",
        "elves.ev.journey_started": "{name}'s journey begins",
        "elves.ev.escort_played": "{name} played an escort for {realm}'s realm",
        "elves.ev.direction_changed": "{name} changed direction",
        "elves.ev.teleport_started": "{name} paid {cost} gold to teleport to {realm}'s realm",
        "elves.ev.teleport_card": "{name} paid a {card} card for the teleport",
        "elves.ev.visited": "{name} went by {transport} to {realm}'s {card} (+{value} gold)",
        "elves.ev.visited_teleport": "{name} teleported to {realm}'s {card} (+{value} gold)",
        "elves.ev.thief_paid": "{name} paid {amount} gold to {to}'s thief",
        "elves.ev.journey_ended": "{name} ended the journey: {visits} visits, {income} gold, "
        "bonus {bonus}",
        "elves.ev.round_ended": "Round {round} is over",
        "elves.ev.round_started": "Round {round} begins",
        "elves.last.journey": (
            "{name} is travelling: {visited} of {total} villages, income {income}"
        ),
        "elves.last.discard": "Top of the discard pile: {card}.",
        "elves.final.gold": "Gold at the end: {n}",
        "elves.final.rounds": "By round: {list} gold",
        "elves.final.round": "R{round} {n}",
        "elves.final.sum": "Start {start} + rounds {rounds} + all-villages bonus {bonus} "
        "= {total} gold",
        "elves.final.coins": "coins: {coins} · cards left in hand: {cards}",
        "elves.you.title": "Your hand (only you see this)",
        "elves.you.gold": "Your gold: {gold} ({coins})",
        "elves.you.coin": "{n}×{value}",
        "elves.you.villages": "Villages: {list}",
        "elves.you.travel": "Transport: {list}",
        "elves.you.actions": "Actions: {list}",
        "elves.you.empty": "Your hand is empty.",
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


def now_text(board: Board, view: dict[str, Any]) -> str:
    if view.get("phase") == "over":
        return ranks_line(board, final_rows(board, view))
    step = dict(view.get("step") or {})
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


CARD_FIELDS = ("card", "transport")
LAST_PARTS = 3


def event_text(board: Board, e: dict[str, Any]) -> str | None:
    """One public event of the last move in words (rules §13), None for the silent ones
    (shuffle, deal, game over: the final board says it)."""
    kind = str(e.get("type"))
    if kind == "visited" and e.get("via") == "teleport":
        kind = "visited_teleport"
    key = f"elves.ev.{kind}"
    if key not in _EVENT_KEYS:
        return None
    params = dict(e)
    for field in CARD_FIELDS:
        if params.get(field):
            params[field] = board.tr(f"elves.card.{params[field]}")
    for field in ("player", "realm", "to"):
        if params.get(field):
            params["name" if field == "player" else field] = board.name(str(params[field]))
    return board.tr(key, **params)


_EVENT_KEYS = frozenset(
    f"elves.ev.{k}"
    for k in (
        "village_played",
        "special_played",
        "drew",
        "discarded",
        "bought",
        "village_removed",
        "passed",
        "no_village_declared",
        "village_taken",
        "planning_ended",
        "journey_started",
        "escort_played",
        "direction_changed",
        "teleport_started",
        "teleport_card",
        "visited",
        "visited_teleport",
        "thief_paid",
        "journey_ended",
        "round_ended",
        "round_started",
    )
)


def last_text(board: Board, view: dict[str, Any]) -> str:
    """The last move in words from ``view["last_events"]``; a view without them (an older
    snapshot) falls back to the journey under way, else the discard pile's top."""
    parts = [t for t in (event_text(board, dict(e)) for e in view.get("last_events") or []) if t]
    if parts:
        return "; ".join(parts[:LAST_PARTS]) + "."
    j = view.get("journey")
    if j:
        seen = {(v["realm"], v["slot"]) for v in j.get("visits", [])}
        total = sum(len(r) for r in view.get("realms", []))
        return board.tr(
            "elves.last.journey",
            name=board.name(j.get("traveller")),
            visited=len(seen),
            total=total,
            income=j.get("income", 0),
        )
    top = view.get("discard_top")
    if top:
        return board.tr("elves.last.discard", card=board.tr(f"elves.card.{top}"))
    return board.tr("board.nothing_yet")


def _badge(board: Board, x: int, y: int, letter: str, owner: str) -> int:
    """An action card on a village: its letter and the owner's seat number, in the seat colour."""
    w = 40
    board.draw.rounded_rectangle((x, y, x + w, y + 24), radius=5, fill=board.colour(owner))
    board.text(
        x + w / 2, y + 13, f"{letter}{board.seats.get(owner, -1) + 1}", BODY, True, WHITE, "mm"
    )
    return w


def _is_next(view: dict[str, Any], village: dict[str, Any]) -> bool:
    """Whether ``village`` is where the journey goes next (public, rules §7.1)."""
    nxt = (view.get("journey") or {}).get("next") or {}
    return bool(nxt) and (nxt.get("realm"), nxt.get("slot")) == (
        village.get("realm"),
        village.get("slot"),
    )


def _village(
    board: Board, village: dict[str, Any], x: int, y: int, w: int, ahead: bool = False
) -> None:
    card = str(village.get("card"))
    fill = tint(TERRAIN.get(card, (150, 150, 150)), 0.55)
    board.draw.rectangle((x, y, x + w, y + 52), fill=fill, outline=board.theme.ink)
    if ahead:  # the journey's next village: a thick frame (issue 11: what a traveller needs)
        board.draw.rectangle((x - 2, y - 2, x + w + 2, y + 54), outline=board.theme.ink, width=4)
    value = village.get("value", VALUE.get(card, 0))
    board.text(x + 6, y + 4, f"{board.tr(f'elves.card.{card}')} {value}", BODY, True)
    bx = x + 6
    for key, letter in BADGES:
        owner = village.get(key)
        if owner:
            bx += _badge(board, bx, y + 25, letter, str(owner)) + 4
    obstacle = village.get("obstacle")
    if isinstance(obstacle, dict):
        letter = OBSTACLE_LETTER.get(str(obstacle.get("card")), "W")
        _badge(board, bx, y + 25, letter, str(obstacle.get("owner")))


def _draw_player(
    board: Board, view: dict[str, Any], p: dict[str, Any], realm: list[Any], y: int
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


def breakdown_parts(board: Board, part: dict[str, Any] | None, n: int) -> tuple[str, ...]:
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


def final_rows(board: Board, view: dict[str, Any]) -> list[FinalRow]:
    """Final gold and ranks (§9) with the breakdown by round and bonus, coins and cards left."""
    final = view.get("final") or {}
    gold, ranks = final.get("gold") or {}, final.get("ranks") or {}
    parts_of = final.get("breakdown") or {}
    players = {str(p["id"]): p for p in view.get("players") or []}
    rows = []
    for pid, n in gold.items():
        p = players.get(pid, {})
        parts = breakdown_parts(board, parts_of.get(pid), n) + (
            board.tr("elves.final.coins", coins=p.get("coins", 0), cards=p.get("hand_size", 0)),
        )
        rows.append(FinalRow(pid, int(ranks.get(pid, 0)), board.tr("unit.gold", n=n), parts))
    return rows


def _hand_list(board: Board, hand: dict[str, int], kinds: tuple[str, ...], key: str) -> str | None:
    items = [f"{board.tr(f'elves.card.{k}')} ×{hand[k]}" for k in kinds if hand.get(k)]
    return board.tr(key, list=", ".join(items)) if items else None


def _draw_you(board: Board, view: dict[str, Any], y: int) -> None:
    tr, m, me = board.tr, MARGIN, str(view["viewer"])
    hand: dict[str, int] = dict(view.get("hand") or {})
    board.panel((m, y, board.width - m, y + YOU_H - 8), me, True)
    y = board.lines(m + 12, y + 6, tr("elves.you.title"), board.width - 2 * m - 24, BODY, True)
    coins = ", ".join(
        tr("elves.you.coin", n=n, value=v)
        for v, n in sorted((view.get("coin_breakdown") or {}).items(), key=lambda i: -int(i[0]))
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
    """The table for ``view``; a private view adds the viewer's hand panel."""
    players = list(view.get("players") or [])
    seats = [str(p["id"]) for p in players]
    private = view.get("viewer") is not None
    board = Board.new(frame_height(len(seats), private), seats, names, theme, tr)
    right = board.tr("elves.round", round=view.get("round"), rounds=view.get("rounds"))
    y = (
        board.header(
            board.tr("elves.title"), right, now_text(board, view), last or last_text(board, view)
        )
        + 6
    )
    body_h = max(len(seats) * ROW_H + FOOT_H, _final_height(len(seats)))
    if view.get("phase") == "over" and view.get("final"):
        draw_final(board, y, final_rows(board, view), view.get("viewer"))
    else:
        realms = list(view.get("realms") or [])
        for i, p in enumerate(players):
            _draw_player(board, view, p, realms[i] if i < len(realms) else [], y + i * ROW_H)
        _draw_piles(board, view, y + len(players) * ROW_H)
    if private:
        _draw_you(board, view, y + body_h)
    over = view.get("phase") == "over" and view.get("final")
    legend = "board.final_legend" if over else "elves.legend"
    board.legend(board.image.height - 56, board.tr(legend))
    return board.image


def _draw_piles(board: Board, view: dict[str, Any], y: int) -> None:
    discard = view.get("discard_pile") or {}
    n = sum(int(v) for v in discard.values())
    top = view.get("discard_top")
    key = "elves.piles" if n and top else "elves.piles_empty"
    board.lines(
        MARGIN,
        y + 4,
        board.tr(
            key,
            draw=view.get("draw_pile", 0),
            discard=n,
            top=board.tr(f"elves.card.{top}"),
            passes=view.get("passes", 0),
        ),
        board.width - 2 * MARGIN,
        BODY,
        max_lines=2,
    )


def summary(board: Board, view: dict[str, Any]) -> tuple[str, str, list[tuple[str, str]]]:
    """(round, whose turn, [(player, score)]) for the alt text (gold is secret until the end)."""
    right = board.tr("elves.round", round=view.get("round"), rounds=view.get("rounds"))
    final = (view.get("final") or {}).get("gold") or {}
    if final:
        ranks = (view.get("final") or {}).get("ranks") or {}
        scores = [
            (p, board.tr("unit.gold", n=n))
            for p, n in sorted(final.items(), key=lambda i: ranks.get(i[0], 0))
        ]
    else:
        scores = [
            (str(p["id"]), board.tr("elves.coins", n=p.get("coins", 0)))
            for p in view.get("players") or []
        ]
    return right, now_text(board, view), scores
