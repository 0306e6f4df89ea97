"""King of the Elves board image (rules: docs/rules/elves.md), phone-first (issues 13, 25).

The ring of villages in travel order (realms in seat order, slots in order, clockwise from the
top, a fixed place for each village a realm can hold): every village a tile in its terrain's
colour and pattern with its name and value, the Gold card, Thief and obstacle on it as icons
over their owners' seat numbers, each realm's owner inside its arc; during a journey its path
so far, the traveller's figure and an arrow to the next village; in the centre the dragon with
the start player's number, the piles and the passes. Below, one row per player: name, coins
(their count: the gold value is secret until the end), the hand as a fan of cards with its
size, the four coats of arms (filled while free), the cards bought this planning phase. The
latest change is marked (``Board.halo``, a "+N" on a village where gold was earned). The
final board keeps the frame and ranks the gold with its breakdown in words. The private image
adds a fixed panel with the viewer's gold and hand.

The renderer never words events: the header's "Last:" line is the ``last`` text the bot passes
(the presenter's words for the latest change, in the reader's language). The names of cards and
villages are the game's terms (:data:`games.elves.vocab.TERMS`), given to ``tr`` as parameters.
The view is typed once at the entry points (:class:`games.elves.views.ElvesView`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from games.elves.views import ElvesView, PlayerView
from games.elves.vocab import ACTION_KINDS, CARDS, THINGS, TRAVEL_KINDS, VILLAGE_KINDS
from games.terms import Count
from renderers.elves_parts import (
    COLOURS,
    Changes,
    Place,
    Spot,
    at_place,
    changes,
    coins,
    dragon,
    empty_place,
    hand_fan,
    journey_path,
    legend_items,
    next_mark,
    ring_height,
    ring_places,
    shield,
    traveller,
    village_map,
    village_tile,
)
from renderers.kit import HEADER_H, MARGIN, Board, FinalRow, line_h, ranks_line, shorten, width_of
from renderers.palette import Colour, Theme
from renderers.shapes import KEY, SMALL, final_height, final_table
from renderers.text_en import Tr, register

GAME_COLOURS: tuple[Colour, ...] = COLOURS  # terrains, icons (elves_parts)

register(
    {
        "elves.title": "King of the Elves",
        "elves.village_name": "{card}",
        "elves.you.card": "{card} ×{n}",
        "elves.step.turn": "{name} chooses an action",
        "elves.step.place_village": "{name} places a village",
        "elves.step.place_special": "{name} places an action card",
        "elves.step.discard": "{name} discards ({left} to go)",
        "elves.step.take_village": "{name} takes a village card",
        "elves.step.journey": "{name} travels",
        "elves.step.teleport_cards": "{name} pays for a teleport",
        "elves.step.other": "{name} to act",
        "elves.coins": "coins: {n}",
        "elves.draw": "draw pile: {n}",
        "elves.discard": "discard pile: {n}",
        "elves.passes": "passes in a row: {n}",
        "elves.bought": "+{n}",
        "elves.final.gold": "Gold at the end: {gold}",
        "elves.final.start_won": "{gold} at the start, {n} won over the rounds",
        "elves.final.start_lost": "{gold} at the start, {n} lost over the rounds",
        "elves.final.by_round": "Round by round: {list}",
        "elves.final.bonus": "Bonus for visiting every village: {gold}",
        "elves.you.title": "Your hand (only you see this)",
        "elves.you.gold": "Your gold: {gold} ({coins})",
        "elves.you.coin": "{n}×{value}",
        "elves.you.villages": "Village cards: {list}",
        "elves.you.travel": "Transport: {list}",
        "elves.you.actions": "Actions: {list}",
        "elves.you.empty": "No cards.",
        "elves.you.left": "Cards left in hand: {n}",
        "elves.key.gold": "Gold card",
        "elves.key.thief": "Thief",
        "elves.key.wood": "wooden obstacle",
        "elves.key.seamonster": "sea monster",
        "elves.key.dragon": "dragon: start player",
        "elves.key.arms": "coats of arms left",
        "elves.key.bought": "+N cards bought",
    }
)

PLAYER_H = 40
LEGEND_H = 3 * line_h(SMALL) + 12
STATS_W = 62 + 72 + 60 + 34  # coins, hand, coats of arms, bought
YOU_LINES = 4
YOU_H = 4 + line_h(SMALL) + line_h(KEY) + YOU_LINES * line_h(KEY) + 14
FINAL_LINES = 3  # start and the rounds' sum, round by round, the bonus


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


def signed(n: int) -> str:
    """``+7``, ``0``, ``−3`` (a true minus sign: a hyphen reads as a dash at 400 px)."""
    return f"{n:+d}".replace("-", "−") if n else "0"


def _gold(n: int) -> Count:
    return Count(n, THINGS["gold"])


def breakdown_parts(board: Board, part: Mapping[str, Any] | None, n: int) -> tuple[str, ...]:
    """The final gold in words (rules §9, §7.4): the gold at the start and what the rounds
    added or took away, each round's net, the all-villages bonus when there was one. A
    snapshot from before the ledger has only the total."""
    tr = board.tr
    if not part:
        return (tr("elves.final.gold", gold=_gold(n)),)
    rounds = [int(r) for r in part.get("rounds") or []]
    total = sum(rounds)
    key = "elves.final.start_won" if total >= 0 else "elves.final.start_lost"
    parts = [
        tr(key, gold=_gold(int(part.get("start", 0))), n=abs(total)),
        tr("elves.final.by_round", list=", ".join(signed(r) for r in rounds)),
    ]
    if part.get("bonus"):
        parts.append(tr("elves.final.bonus", gold=_gold(int(part["bonus"]))))
    return tuple(parts)


def final_rows(board: Board, view: ElvesView) -> list[FinalRow]:
    """Final gold and ranks (§9) with the breakdown in words."""
    final = view.get("final")
    gold = final["gold"] if final else {}
    ranks = final["ranks"] if final else {}
    parts_of = final.get("breakdown", {}) if final else {}
    rows = []
    for pid, n in gold.items():
        parts = breakdown_parts(board, parts_of.get(pid), n)
        rows.append(FinalRow(pid, int(ranks.get(pid, 0)), board.tr("unit.gold", n=n), parts))
    return rows


# ---------------------------------------------------------------- the ring and the players


def _ring_centre(board: Board, view: ElvesView, spots: dict[Place, Spot]) -> None:
    """Inside the ring, between its side villages: the dragon with its holder's number (the
    start player), the piles and, while planning, the passes in a row."""
    tr, start = board.tr, str(view["start_player"])
    boxes = [s.box for s in spots.values()]
    cy = (min(b[1] for b in boxes) + max(b[3] for b in boxes)) / 2
    left = min(b[2] for b in boxes)  # the right edge of the ring's left column
    right = max(b[0] for b in boxes)  # the left edge of its right column
    x0 = max(left + 10, (left + right) // 2 - 120)
    dragon(board, x0 + 16, cy - 4, 15)
    board.seat_disc(x0 + 34, round(cy) - 15, start, 22)
    lines = [tr("elves.draw", n=view.get("draw_pile", 0))]
    discard = sum(int(c) for c in (view.get("discard_pile") or {}).values())
    lines.append(tr("elves.discard", n=discard))
    if view.get("phase") == "planning":
        lines.append(tr("elves.passes", n=view.get("passes", 0)))
    ty = cy - (len(lines) - 1) * line_h(KEY) / 2
    tx = x0 + 66
    for line in lines:
        board.text(tx, ty, shorten(line, KEY, False, right - 8 - tx), KEY, anchor="lm")
        ty += line_h(KEY)


def _draw_ring(board: Board, view: ElvesView, y: int, change: Changes) -> None:
    """The villages in travel order round the ring, the journey's path, the traveller and the
    next village, and the centre; the latest change haloed, "+N" on a village where gold was
    just earned."""
    order = [str(p["id"]) for p in view["players"]]
    spots = ring_places(order, int(view["capacity"]), board.width, y)
    villages = village_map(view)
    j = view["journey"]
    for place, spot in spots.items():
        village = villages.get(place)
        if village is None:
            empty_place(board, spot.box)
        else:
            village_tile(board, village, spot.box)
    _ring_centre(board, view, spots)
    if j:
        visits = [(v["realm"], v["slot"]) for v in j["visits"]]
        journey_path(board, spots, visits, board.colour(j["traveller"]))
        at = at_place(view)
        nxt = j["next"]
        if nxt and (nxt["realm"], nxt["slot"]) in spots:
            start = spots[at].inner if at in spots else None
            next_mark(board, start, spots[(nxt["realm"], nxt["slot"])])
        if at in spots:
            traveller(board, spots[at], j["traveller"])
    for place, spot in spots.items():
        if place in change.places and place in villages:
            board.halo(spot.box)
        if change.income.get(place):
            ix, iy = spot.inner  # beside the traveller's figure
            board.delta(round(ix) + 16, round(iy), change.income[place], "lm")


def _draw_player(board: Board, view: ElvesView, p: PlayerView, y: int, change: Changes) -> None:
    """A player's row: name, coins (count), hand (a fan with its size), coats of arms left,
    cards bought this planning phase; the dragon beside its holder."""
    m, pid = MARGIN, str(p["id"])
    box = (m, y, board.width - m, y + PLAYER_H - 6)
    board.panel(box, pid, pid == view.get("viewer"))
    on_ring = change.places & {(v["realm"], v["slot"]) for r in view["realms"] for v in r}
    if pid in change.players and not on_ring:
        board.halo((box[0] + 4, box[1] + 3, box[2] - 4, box[3] - 3))
    x, cy = m + 12, y + (PLAYER_H - 6) // 2
    if pid == view.get("actor") and view.get("phase") != "over":
        x += board.text(x, cy, "▶", KEY, True, anchor="lm") + 3
    right = board.width - m - STATS_W
    gain = change.gold.get(pid, 0)
    if gain:  # "+N" gold just earned, left of the coins
        right -= board.delta(right, cy, gain, "rm") + 6
    if pid == view["start_player"]:
        dragon(board, right - 14, cy, 11)
        right -= 28
    board.name_tag(x, cy - 11, pid, right - x - 4, KEY)
    sx = board.width - m - STATS_W + 4
    coins(board, sx, cy, int(p["coins"]))
    hx = sx + 62
    w = hand_fan(board, hx, cy, int(p["hand_size"]))
    if pid in change.hands:
        board.halo((hx - 2, cy - 14, hx + w + 2, cy + 14))
    ax = hx + 72
    for i in range(4):
        shield(board, ax + 6 + i * 14, cy, 7, i < int(p["tokens_free"]))
    if p.get("purchases"):
        bx = ax + 60
        board.text(bx, cy, board.tr("elves.bought", n=p["purchases"]), KEY, True, anchor="lm")
        if pid in change.bought:
            board.halo((bx - 2, cy - 11, bx + 34, cy + 11))


# ---------------------------------------------------------------- the viewer's hand


def _hand_list(
    board: Board, hand: Mapping[str, int], kinds: tuple[str, ...], key: str
) -> str | None:
    items = [board.tr("elves.you.card", card=CARDS[k], n=hand[k]) for k in kinds if hand.get(k)]
    return board.tr(key, list=", ".join(items)) if items else None


def _draw_you(board: Board, view: ElvesView, y: int) -> None:
    """The viewer's panel: gold (secret to others) with the coins, and the hand by kind; at
    the end, how many cards were left."""
    tr, m, me = board.tr, MARGIN, str(view["viewer"])
    hand = view.get("hand", {})
    width = board.width - 2 * m - 24
    board.panel((m, y, board.width - m, y + YOU_H - 8), me, True)
    y = board.lines(m + 12, y + 4, tr("elves.you.title"), width, SMALL, True)
    coins_text = ", ".join(
        tr("elves.you.coin", n=n, value=v)
        for v, n in sorted(view.get("coin_breakdown", {}).items(), key=lambda i: -int(i[0]))
        if n
    )
    over = view.get("phase") == "over"
    gold = tr("elves.you.gold", gold=view.get("gold", 0), coins=coins_text)
    y = board.lines(m + 12, y, gold, width, KEY, True, max_lines=2 if over else 1)
    lines = [
        _hand_list(board, hand, VILLAGE_KINDS, "elves.you.villages"),
        _hand_list(board, hand, TRAVEL_KINDS, "elves.you.travel"),
        _hand_list(board, hand, ACTION_KINDS, "elves.you.actions"),
    ]
    if over:  # the hand no longer plays: its size (a final board shortens nothing)
        lines = [tr("elves.you.left", n=sum(hand.values()))]
    shown = [s for s in lines if s] or [tr("elves.you.empty")]
    budget = YOU_LINES
    for s in shown:
        before = y
        y = board.lines(m + 12, y, s, width, KEY, max_lines=max(1, budget))
        budget -= (y - before) // line_h(KEY)
        if budget <= 0:
            break


def _legend(board: Board, y: int) -> None:
    """The key to the icons, flowing over at most two lines."""
    x, cy, m = MARGIN, y + 11, MARGIN
    for key, draw in legend_items():
        label = board.tr(key)
        w = 22 + width_of(label, SMALL) + 12
        if x + w > board.width - m:
            x, cy = m, cy + line_h(SMALL) + 2
        if draw is None:
            w -= 22
            board.text(x, cy, label, SMALL, fill=board.theme.muted, anchor="lm")
        else:
            draw(board, x + 9, cy, 8)
            board.text(x + 21, cy, label, SMALL, fill=board.theme.muted, anchor="lm")
        x += w


def _play_height(seats: int, capacity: int) -> int:
    return ring_height(seats * capacity) + seats * PLAYER_H + LEGEND_H


def _final_height(seats: int) -> int:
    return line_h(KEY) + seats * final_height(FINAL_LINES)


def frame_height(seats: int, private: bool) -> int:
    """Height for ``seats`` players, the same all game (issue 13 item 3), at most 2.2 times
    the width (issue 25 item 3)."""
    cap = 3 if seats == 2 else 2  # rules: CAPACITY
    body = max(_play_height(seats, cap), _final_height(seats))
    return HEADER_H + 6 + body + (YOU_H if private else 0) + 4


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
    cap = 3 if len(seats) == 2 else 2
    body_h = max(_play_height(len(seats), cap), _final_height(len(seats)))
    if v.get("phase") == "over" and v.get("final"):
        final_table(board, y, final_rows(board, v), v.get("viewer"))
    else:
        change = changes(v)
        _draw_ring(board, v, y, change)
        ry = y + ring_height(len(seats) * int(v["capacity"])) + 4
        for i, p in enumerate(players):
            _draw_player(board, v, p, ry + i * PLAYER_H, change)
        _legend(board, ry + len(players) * PLAYER_H)
    if private:
        _draw_you(board, v, y + body_h)
    return board.image


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
