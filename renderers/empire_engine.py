"""Empire Engine board image (rules: shared/rules/empire_engine.md), phone-first (issue 13).

One row per seat in seat order: name with seat number, the top action of each mechanism card
(L and R, §3), the ready pile (soldiers, goods), the score pile's size, and this step's status
(chosen, choosing, attacked, whose attack). The final board keeps the frame and lists the
results (§9) by rank. The private image adds a fixed "you" panel: the viewer's secret pick, the
score pile's contents and, while planning, what each gear turn brings to the top.
"""

from __future__ import annotations

from typing import Any

from games.empire_engine.data import ACTION_GROUP, READY_TYPES, SCORE_TYPES
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
from renderers.palette import Colour, Theme
from renderers.text_en import Tr, register

GAME_COLOURS: tuple[Colour, ...] = ()  # the board draws no colours of its own

register(
    {
        "ee.title": "Empire Engine",
        "ee.round": "Round {round}/{rounds}",
        "ee.res.soldier": ("{n} soldier", "{n} soldiers"),
        "ee.res.good": ("{n} good", "{n} goods"),
        "ee.res.invention": ("{n} invention", "{n} inventions"),
        "ee.kind.soldier": "soldiers",
        "ee.kind.good": "goods",
        "ee.kind.invention": "inventions",
        "ee.kind1.soldier": "soldier",
        "ee.kind1.good": "good",
        "ee.kind1.invention": "invention",
        "ee.step.orient": "everyone sets the tops of both engines (secret)",
        "ee.step.plan": "everyone places gears (secret)",
        "ee.step.block": "{name} chooses which attack to block",
        "ee.step.steal": "{name} chooses what to steal",
        "ee.step.joint_export": "{name} decides the joint export",
        "ee.step.salvage": "salvage: {names} choosing (secret)",
        "ee.step.other": "{names} to act",
        "ee.part.lay": "{name} lays mechanism card {slot} face down",
        "ee.part.orient": "{name} sets the top of engine {card} (secret)",
        "ee.part.place": "{name} places card {slot}: which engine, and a cube to pay",
        "ee.part.gear": "{name} chooses the gear for engine {card} (secret)",
        "ee.placed": "laid {list}",
        "ee.placed_one": "{card} (pays 1 {pay})",
        "ee.waiting": "{step}; waiting for {names}",
        "ee.tops": "L: {left} · R: {right}",
        "ee.ready": "ready: {pile}",
        "ee.pile": "score pile {n}",
        "ee.chosen": "✓ chosen",
        "ee.choosing": "… choosing",
        "ee.start": "START",
        "ee.attacked": "attacked",
        "ee.attack": "attacks {target} with {card}: {status}",
        "ee.status.pending": "not yet resolved",
        "ee.status.blocked": "blocked",
        "ee.status.resolved": "theft done",
        "ee.ev.laid": "{name} laid card {card} face down",
        "ee.ev.picked": "{name} chose in secret",
        "ee.ev.placed": "{name} placed card {card}",
        "ee.ev.placed_paid": "{name} placed card {card}, paying 1 {pay}",
        "ee.ev.revealed": "Gears revealed",
        "ee.ev.attack_paid": "{name} attacked {target} with {card}",
        "ee.ev.attack_failed": "{name}'s attack failed",
        "ee.ev.blocked": "{defender} blocked {attacker}'s attack",
        "ee.ev.theft": "{attacker} stole {soldier} soldiers and {good} goods from {target}",
        "ee.ev.exported": "{name} exported goods: {goods}",
        "ee.ev.salvaged": "{name} salvaged {count} cubes",
        "ee.ev.round_ended": "Round {round} is over",
        "ee.ev.round_started": "Round {round} begins",
        "ee.last.none": "Nothing played yet this round.",
        "ee.last.attack": "{attacker} attacked {target} ({status})",
        "ee.last.plan": "Round {round} began, start player {name}.",
        "ee.final.pile": "Score pile: {pile} = {n} pts",
        "ee.final.bonus": "Majority bonus: +{n} pts ({kinds}) · ready left: {ready}",
        "ee.final.no_bonus": "Majority bonus: none · ready left: {ready}",
        "ee.you.title": "Your engine (only you see this)",
        "ee.you.pick": "Your gears: {cards}; {cost}. Hidden until the reveal.",
        "ee.you.card": "{card} → {action} after {turns} turns",
        "ee.you.card_unset": "{card} not set yet",
        "ee.you.salvage": "Your salvage: {take} (hidden until resolved).",
        "ee.you.free": "free",
        "ee.you.pay": "pay {what} at the reveal",
        "ee.you.none": "You have not chosen yet.",
        "ee.you.idle": "Nothing to choose right now.",
        "ee.you.score": "Your score pile: {pile}",
        "ee.you.turn": "Turn {k}: L {left}, R {right}{paid}",
        "ee.you.paid": " (costs 1 soldier or good)",
        "ee.legend": "L and R: the top action of each mechanism card. Score piles are hidden: "
        "the board shows their size only.",
        "ee.seating": "Clockwise: {order}. L Attacks hit the next, R the previous.",
        "ee.you.aims": "Your L Attack hits {left}, your R Attack hits {right}.",
    }
)
#: the engine's actions (data.ACTION_GROUP's English names), drawn in the table's language
register({f"ee.action.{a}": a for a in ACTION_GROUP})


def _act(tr: Tr, action: Any) -> str:
    """An action on the board ("Export"), translated; "?" when not set yet."""
    return (
        tr(f"ee.action.{action}") if action in ACTION_GROUP else "?" if not action else str(action)
    )


SEATING_CHARS = 66  # names and arrows of the seating line share these characters (2 lines)
SEATING_NAMES = 5  # up to this many seats the seating line names them, then numbers them

ROW_H = 3 * line_h(BODY) + 14
YOU_H = 8 * line_h(BODY) + 24


def _final_height(seats: int) -> int:
    return line_h(BIG) + seats * final_row_height(2)


def frame_height(seats: int, private: bool) -> int:
    """Height for ``seats`` players, the same all game (issue 13 item 3)."""
    body = max(seats * ROW_H, _final_height(seats))
    return HEADER_H + 6 + body + (YOU_H if private else 0) + 2 * line_h(BODY) + 12


def _pile(tr: Tr, pile: dict[str, Any], kinds: tuple[str, ...]) -> str:
    parts = []
    for kind in kinds:
        n = int(pile.get(kind, 0))
        parts.append(tr(f"ee.res.{kind}", n=n))
    return ", ".join(parts)


def _names(board: Board, players: list[str]) -> str:
    return board.tr("board.and").join(board.name(p) for p in players)


def now_text(board: Board, view: dict[str, Any]) -> str:
    step, actors = str(view.get("step")), list(view.get("actors") or [])
    if step == "over":
        return ranks_line(board, final_rows(board, view))
    placing = view.get("placing")
    if placing:
        return board.tr(
            f"ee.part.{placing.get('part')}",
            name=board.name(placing.get("player")),
            slot=placing.get("slot"),
            card=placing.get("card") or "?",
        )
    if step in ("orient", "plan"):
        waiting = [p for p in actors if not (view.get("chosen") or {}).get(p)]
        return board.tr(
            "ee.waiting", step=board.tr(f"ee.step.{step}"), names=_names(board, waiting or actors)
        )
    key = f"ee.step.{step}" if f"ee.step.{step}" in _KNOWN else "ee.step.other"
    return board.tr(key, name=_names(board, actors[:1]), names=_names(board, actors))


_KNOWN = {f"ee.step.{s}" for s in ("orient", "plan", "block", "steal", "joint_export", "salvage")}


LAST_PARTS = 3
_NAMED = ("player", "target", "defender", "attacker")
_EVENTS = frozenset(
    (
        "laid",
        "picked",
        "placed",
        "revealed",
        "attack_paid",
        "attack_failed",
        "blocked",
        "theft",
        "exported",
        "salvaged",
        "round_ended",
        "round_started",
    )
)


def event_text(board: Board, e: dict[str, Any]) -> str | None:
    """One public event of the last move in words (rules §13); None for the ones the board
    shows anyway (gains, idle defences, cubes, cancellations, game over)."""
    kind = str(e.get("type"))
    if kind not in _EVENTS:
        return None
    params = dict(e)
    for field in _NAMED:
        if params.get(field):
            params["name" if field == "player" else field] = board.name(str(params[field]))
    if kind == "placed" and params.get("pay"):
        kind = "placed_paid"
        params["pay"] = board.tr(f"ee.kind1.{params['pay']}")
    return board.tr(f"ee.ev.{kind}", **params)


def last_text(board: Board, view: dict[str, Any]) -> str:
    """The last move in words from ``view["last_events"]``; without them (an older view), the
    last attack of the round, else the round's start."""
    parts = [t for t in (event_text(board, dict(e)) for e in view.get("last_events") or []) if t]
    if parts:
        return "; ".join(parts[:LAST_PARTS]) + "."
    attacks = list(view.get("attacks") or [])
    if attacks:
        a = attacks[-1]
        return board.tr(
            "ee.last.attack",
            attacker=board.name(a["attacker"]),
            target=board.name(a["target"]),
            status=board.tr(f"ee.status.{a['status']}"),
        )
    if view.get("start_player"):
        return board.tr(
            "ee.last.plan", round=view.get("round"), name=board.name(view["start_player"])
        )
    return board.tr("ee.last.none")


def _seat_status(board: Board, view: dict[str, Any], seat: dict[str, Any]) -> str:
    p, tr = seat["player"], board.tr
    words = []
    if p == view.get("start_player"):
        words.append(tr("ee.start"))
    if seat.get("chosen") is True:
        words.append(tr("ee.chosen"))
    elif seat.get("chosen") is False and p in (view.get("actors") or []):
        words.append(tr("ee.choosing"))
    if seat.get("attacked"):
        words.append(tr("ee.attacked"))
    return " · ".join(words)


def _draw_seat(board: Board, view: dict[str, Any], seat: dict[str, Any], y: int) -> None:
    tr, m, p = board.tr, MARGIN, seat["player"]
    board.panel((m, y, board.width - m, y + ROW_H - 6), p, p == view.get("viewer"))
    x = m + 10
    if p in (view.get("actors") or []):
        x += board.text(x, y + 16, "▶", BODY, True, anchor="lm") + 4
    board.name_tag(x, y + 4, p, 330)
    board.text(
        board.width - m - 10,
        y + 16,
        tr("ee.pile", n=seat.get("score_total", 0)),
        BODY,
        True,
        anchor="rm",
    )
    tops = tr("ee.tops", left=_act(tr, seat.get("top_L")), right=_act(tr, seat.get("top_R")))
    ready = tr("ee.ready", pile=_pile(tr, seat.get("ready") or {}, READY_TYPES))
    board.lines(m + 12, y + 30, f"{tops} · {ready}", board.width - 2 * m - 24, BODY, max_lines=1)
    attack = next((a for a in reversed(view.get("attacks") or []) if a["attacker"] == p), None)
    line = _seat_status(board, view, seat)
    placed = [
        tr("ee.placed_one", card=x["card"], pay=x["pay"]) if x.get("pay") else str(x["card"])
        for x in seat.get("placed") or []
    ]
    if placed:
        line = (line + " · " if line else "") + tr("ee.placed", list=", ".join(placed))
    if attack:
        line = (line + " · " if line else "") + tr(
            "ee.attack",
            target=board.name(attack["target"]),
            card=attack["card"],
            status=tr(f"ee.status.{attack['status']}"),
        )
    board.lines(m + 12, y + 30 + line_h(BODY), line, board.width - 2 * m - 24, BODY, max_lines=1)


def final_rows(board: Board, view: dict[str, Any]) -> list[FinalRow]:
    """Results (§9): the score pile by kind, the majority bonus, cubes left ready."""
    tr, rows = board.tr, []
    for r in view.get("results") or []:
        pile = tr(
            "ee.final.pile",
            pile=_pile(tr, r.get("score_pile") or {}, SCORE_TYPES),
            n=r.get("resources", 0),
        )
        kinds = ", ".join(tr(f"ee.kind.{k}") for k in r.get("majorities") or [])
        bonus = (
            tr("ee.final.bonus", n=r.get("bonus", 0), kinds=kinds, ready=r.get("ready_total", 0))
            if r.get("bonus")
            else tr("ee.final.no_bonus", ready=r.get("ready_total", 0))
        )
        rows.append(
            FinalRow(r["player"], int(r["rank"]), tr("unit.points", n=r["score"]), (pile, bonus))
        )
    return rows


def _short(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def seating(board: Board, view: dict[str, Any]) -> str:
    """The seating order, clockwise, and whom each Attack hits (rules §2)."""
    seats = [str(p) for p in view.get("seat_order") or []]
    if len(seats) > SEATING_NAMES:
        order = [str(i + 1) for i in range(len(seats))]
    else:
        limit = max(5, (SEATING_CHARS - 3 * len(seats)) // (len(seats) + 1))
        order = [_short(board.name(p), limit) for p in seats]
    return board.tr("ee.seating", order=" → ".join(order + order[:1]))


def aims(board: Board, view: dict[str, Any]) -> str | None:
    """Whom the viewer's L and R Attacks hit: the left (next) and right (previous) seat."""
    order = [str(p) for p in view.get("seat_order") or []]
    me = str(view.get("viewer"))
    if me not in order or len(order) < 2:
        return None
    i = order.index(me)
    return board.tr(
        "ee.you.aims",
        left=_short(board.name(order[(i + 1) % len(order)]), 18),
        right=_short(board.name(order[(i - 1) % len(order)]), 18),
    )


def _pick_lines(board: Board, view: dict[str, Any], you: dict[str, Any]) -> list[str]:
    tr, pending = board.tr, you.get("pending")
    if pending and "take" in pending:
        return [tr("ee.you.salvage", take=" + ".join(pending["take"]))]
    if pending and (pending.get("L") or pending.get("R")):
        pay = {
            "soldier": int(pending.get("pay_soldier", 0)),
            "good": int(pending.get("pay_good", 0)),
        }
        cost = (
            tr("ee.you.pay", what=_pile(tr, pay, READY_TYPES))
            if any(pay.values())
            else tr("ee.you.free")
        )
        cards = ", ".join(
            tr(
                "ee.you.card",
                card=c,
                action=_act(tr, pending[c]),
                turns=pending.get(f"turn_{c}", 0),
            )
            if pending.get(c)
            else tr("ee.you.card_unset", card=c)
            for c in ("L", "R")
        )
        return [tr("ee.you.pick", cards=cards, cost=cost)]
    mine = view.get("viewer") in (view.get("actors") or [])
    return [tr("ee.you.none" if mine else "ee.you.idle")]


def _draw_you(board: Board, view: dict[str, Any], y: int) -> None:
    tr, m, me = board.tr, MARGIN, str(view["viewer"])
    you = view.get("you") or {}
    board.panel((m, y, board.width - m, y + YOU_H - 8), me, True)
    y = board.lines(m + 12, y + 6, tr("ee.you.title"), board.width - 2 * m - 24, BODY, True)
    for line in _pick_lines(board, view, you):
        y = board.lines(m + 12, y, line, board.width - 2 * m - 24, BODY, max_lines=2)
    score = you.get("score") or {}
    y = board.lines(
        m + 12,
        y,
        tr("ee.you.score", pile=_pile(tr, score, SCORE_TYPES)),
        board.width - 2 * m - 24,
        BODY,
        max_lines=1,
    )
    aim = aims(board, view)
    if aim and view.get("step") != "over":
        y = board.lines(m + 12, y, aim, board.width - 2 * m - 24, BODY, max_lines=1)
    rot, paid = you.get("rotations"), set(you.get("paid_turns") or [])
    if rot and view.get("step") == "plan":
        for k in range(min(4, len(rot.get("L", [])))):
            extra = tr("ee.you.paid") if k in paid else ""
            board.text(
                m + 12,
                y,
                tr(
                    "ee.you.turn",
                    k=k,
                    left=_act(tr, rot["L"][k]),
                    right=_act(tr, rot["R"][k]),
                    paid=extra,
                ),
                BODY,
            )
            y += line_h(BODY)


def render(
    view: dict[str, Any],
    *,
    names: dict[str, str] | None = None,
    theme: Theme | None = None,
    tr: Tr | None = None,
    last: str | None = None,
) -> Any:
    """The board for ``view``; a private view adds the viewer's own panel."""
    seats = [s["player"] for s in view.get("seats") or []]
    private = view.get("viewer") is not None
    board = Board.new(frame_height(len(seats), private), seats, names, theme, tr)
    right = board.tr("ee.round", round=view.get("round"), rounds=view.get("rounds"))
    y = board.header(
        board.tr("ee.title"), right, now_text(board, view), last or last_text(board, view)
    )
    y += 6
    body_h = max(len(seats) * ROW_H, _final_height(len(seats)))
    if view.get("step") == "over" and view.get("results"):
        draw_final(board, y, final_rows(board, view), view.get("viewer"))
    else:
        for i, seat in enumerate(view.get("seats") or []):
            _draw_seat(board, view, seat, y + i * ROW_H)
    if private:
        _draw_you(board, view, y + body_h)
    over = view.get("step") == "over" and view.get("results")
    bottom = board.image.height - 2 * line_h(BODY) - 6
    if over:
        board.legend(bottom, board.tr("board.final_legend"))
    else:  # the seating in body size: it carries names (issue 11: whom an attack hits)
        board.lines(
            MARGIN,
            bottom,
            seating(board, view),
            board.width - 2 * MARGIN,
            BODY,
            False,
            board.theme.muted,
            max_lines=2,
        )
    return board.image


def summary(board: Board, view: dict[str, Any]) -> tuple[str, str, list[tuple[str, str]]]:
    """(round, whose turn, [(player, score)]) for the alt text."""
    right = board.tr("ee.round", round=view.get("round"), rounds=view.get("rounds"))
    if view.get("results"):
        scores = [
            (r["player"], board.tr("unit.points", n=r["score"]))
            for r in sorted(view["results"], key=lambda r: r["rank"])
        ]
    else:
        scores = [
            (s["player"], board.tr("ee.pile", n=s.get("score_total", 0)))
            for s in view.get("seats") or []
        ]
    return right, now_text(board, view), scores
