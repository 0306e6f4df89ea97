"""Empire Engine board image (rules: docs/rules/empire_engine.md), phone-first (issues 13, 25).

One row per seat in seat order: name with seat number and status marks (⚑ start player, ✓
chosen, … choosing, ⚔ attacked), the ready pile as counted cubes (a soldier a square, a good a
disc), the score pile's size, and the two engine cards (L and R, §4) each with its active
action as an icon and its name, and the gear under it: laid face down with the cube paid for
an alternate while planning, with its quarter turns once revealed (or to its owner). Below,
the seating ring (clockwise, §2) with this round's attacks as arrows from attacker to target
(a shield on a blocked one), and the key to the shapes. The latest change is marked from the
envelope's ``last`` events (``Board.halo`` on what moved, ``Board.delta`` "+N" on a score pile
that grew). The final board keeps the frame and lists the results (§9) by rank in words. The
private image adds a fixed "you" panel: the score pile by kind and, while planning, what each
number of quarter turns brings to the top of L and R.

The board words no events: the header's "Last:" line is ``last``, the latest change already
worded by the bot in the reader's language. The names of things are the game's terms
(``games.empire_engine.vocab.TERMS``), passed to ``tr`` as text parameters, so the image and
the texts say the same (engine card, gear, ready pile, score pile). Every view is read as the
engine's declared ``views.EmpireView`` (:func:`as_view`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from games.empire_engine.data import READY_TYPES, SCORE_TYPES
from games.empire_engine.views import EmpireView, SeatView, YouView
from games.empire_engine.vocab import TERMS, action, resource
from games.terms import Count, Term
from renderers.ee_parts import (
    COLOURS,
    RESOURCE,
    Changes,
    GearMark,
    action_name,
    changes,
    cube_legend,
    engine_card,
    icon,
    score_pile,
    seating_ring,
)
from renderers.kit import (
    BODY,
    HEADER_H,
    MARGIN,
    WIDTH,
    Board,
    FinalRow,
    line_h,
    ranks_line,
    width_of,
)
from renderers.palette import Colour, Theme
from renderers.shapes import KEY, SMALL, counted, cube, final_height, final_table
from renderers.text_en import Tr, register

GAME_COLOURS: tuple[Colour, ...] = COLOURS  # resources, cards and gears (ee_parts)

register(
    {
        "ee.title": "Empire Engine",
        # kept for tests/test_i18n.py, which pins them; the board counts with the terms
        "ee.res.soldier": ("{n} soldier", "{n} soldiers"),
        "ee.res.good": ("{n} good", "{n} goods"),
        "ee.res.invention": ("{n} invention", "{n} inventions"),
        # a term alone, in the reader's language: in a list, and in the plural of a kind
        "ee.term": "{term}",
        "ee.kinds": "{kind:nom.other}",
        "ee.ready_pile": "{soldier}, {good}",
        "ee.score_pile": "{soldier}, {good}, {invention}",
        "ee.step.orient": "everyone sets the tops of both engines (secret)",
        "ee.step.plan": "everyone places gears (secret)",
        "ee.step.block": "{name} chooses which attack to block",
        "ee.step.steal": "{name} chooses what to steal",
        "ee.step.joint_export": "{name} decides the joint export",
        "ee.step.salvage": "{action}: {names} choosing (secret)",
        "ee.step.other": "{names} to act",
        "ee.part.lay": "{name} lays {engine} {slot} face down",
        "ee.part.orient": "{name} sets the top of engine {card} (secret)",
        "ee.part.place": "{name} places {gear} {slot}: which engine, and a cube to pay",
        "ee.part.gear": "{name} chooses the gear for engine {card} (secret)",
        "ee.waiting": "{step}; waiting for {names}",
        "ee.pile": "score pile {n}",
        "ee.final.pile": "{pile}: {n} pts",
        "ee.final.bonus": "Majority bonus: +{n} ({kinds}); ready: {ready}",
        "ee.final.no_bonus": "No majority bonus; ready: {ready}",
        "ee.you.title": "Your engine (only you see this)",
        "ee.you.pick": "Your gears: {cards}; {cost}. Hidden until the reveal.",
        "ee.you.card": (
            "{card} → {action} after {n} quarter turn",
            "{card} → {action} after {n} quarter turns",
        ),
        "ee.you.card_unset": "{card} not set yet",
        "ee.you.salvage": "Your {action}: {take} (hidden until resolved).",
        "ee.you.free": "free",
        "ee.you.pay": "pay {what} at the reveal",
        "ee.you.none": "You have not chosen yet.",
        "ee.you.idle": "Nothing to choose right now.",
        "ee.you.aims": "Your L Attack hits {left}, your R Attack hits {right}.",
        "ee.aim_rule": "Arrow: an Attack (shield: blocked); L hits the next seat clockwise, "
        "R the previous.",
        "ee.marks_legend": "⚑ start player · ✓ chosen · … choosing · ⚔ attacked",
        "ee.pile_legend": "score pile (points); cubes: ready pile",
        "ee.you.score_label": "your score pile:",
        "ee.you.turns": "{n}↻",
    }
)


def as_view(view: Mapping[str, Any]) -> EmpireView:
    """A view (``dict[str, Any]`` from the bot) as the engine's declared view, once, at the
    renderer's entry: from there on mypy checks every key this module reads."""
    return cast(EmpireView, view)


def _act(tr: Tr, name: Any) -> str:
    """An action on the board ("Export") as its term in the table's language; "?" unset."""
    return tr("ee.term", term=action(str(name))) if name else "?"


def _word(tr: Tr, thing: Term) -> str:
    return tr("ee.term", term=thing)


ROW_H = 84
YOU_H = 106
CARD_W, CARD_H, CARD_GAP = 104, 68, 24
CARD_X = WIDTH - MARGIN - CARD_GAP - 2 * CARD_W - CARD_GAP


def ring_height(seats: int) -> int:
    """The seating ring's band: room for up to 4 seats round a small table, 8 round a larger."""
    return 128


def _final_height(seats: int) -> int:
    return line_h(KEY) + seats * final_height(2)


def _body_height(seats: int) -> int:
    return max(seats * ROW_H + ring_height(seats), _final_height(seats))


def frame_height(seats: int, private: bool) -> int:
    """Height for ``seats`` players, the same all game (issue 13 item 3): at most 2.2 times the
    width at 8 seats with the private panel (issue 25 item 3)."""
    return HEADER_H + 6 + _body_height(seats) + (YOU_H if private else 0) + 6


def _counts(pile: Mapping[str, Any], kinds: tuple[str, ...]) -> dict[str, Count]:
    return {kind: Count(int(pile.get(kind, 0)), resource(kind)) for kind in kinds}


def _ready_pile(tr: Tr, pile: Mapping[str, Any]) -> str:
    """ "1 soldier, 2 goods" in the table's language."""
    return tr("ee.ready_pile", **_counts(pile, READY_TYPES))


def _score_pile(tr: Tr, pile: Mapping[str, Any]) -> str:
    return tr("ee.score_pile", **_counts(pile, SCORE_TYPES))


def _names(board: Board, players: list[str]) -> str:
    return board.tr("board.and").join(board.name(p) for p in players)


def now_text(board: Board, view: EmpireView) -> str:
    step, actors = view["step"], list(view["actors"])
    if step == "over":
        return ranks_line(board, final_rows(board, view))
    placing = view.get("placing")
    if placing:
        return board.tr(
            f"ee.part.{placing['part']}",
            name=board.name(placing["player"]),
            slot=placing["slot"],
            card=placing["card"] or "?",
            engine=TERMS["card.engine"],
            gear=TERMS["card.gear"],
        )
    if step in ("orient", "plan"):
        waiting = [p for p in actors if not (view["chosen"] or {}).get(p)]
        return board.tr(
            "ee.waiting", step=board.tr(f"ee.step.{step}"), names=_names(board, waiting or actors)
        )
    key = f"ee.step.{step}" if f"ee.step.{step}" in _KNOWN else "ee.step.other"
    return board.tr(
        key,
        name=_names(board, actors[:1]),
        names=_names(board, actors),
        action=action("Salvage"),
    )


_KNOWN = {f"ee.step.{s}" for s in ("orient", "plan", "block", "steal", "joint_export", "salvage")}


def _seat_status(view: EmpireView, seat: SeatView) -> str:
    """This step's status of a seat as marks (the ring band's key words them): the start
    player ⚑, chosen ✓, choosing …, attacked ⚔."""
    p, marks = seat["player"], []
    if p == view["start_player"]:
        marks.append("⚑")
    if seat["chosen"] is True:
        marks.append("✓")
    elif seat["chosen"] is False and p in view["actors"]:
        marks.append("…")
    if seat["attacked"]:
        marks.append("⚔")
    return " ".join(marks)


def _pile(pile: Mapping[str, Any], kind: str) -> int:
    return int(pile.get(kind, 0))


def gear_marks(view: EmpireView, seat: SeatView, change: Changes) -> dict[str, GearMark]:
    """The gear under each engine card as this reader sees it: laid face down with its cube
    while planning (public), its quarter turns to its owner, and to everyone once revealed."""
    p = seat["player"]
    marks: dict[str, GearMark] = {}
    you = view["you"]
    pending: Mapping[str, Any] = {}
    if you is not None and view["viewer"] == p:
        pending = you["pending"] or {}
    revealed = change.turns.get(p, {})
    for card in ("L", "R"):
        laid = next((x for x in seat["placed"] if x["card"] == card), None)
        turns = pending.get(f"turn_{card}") if laid else None
        if card in revealed:
            marks[card] = GearMark(True, revealed[card], None)
        elif laid is not None:
            marks[card] = GearMark(True, None if turns is None else int(turns), laid["pay"])
        else:
            marks[card] = GearMark()
    return marks


def _draw_seat(board: Board, view: EmpireView, seat: SeatView, y: int, change: Changes) -> None:
    """One seat: name and status marks, the ready pile as counted cubes, the score pile with
    "+N", and the two engine cards with the gears under them; the latest change marked."""
    m, p = MARGIN, seat["player"]
    box = (m, y, board.width - m, y + ROW_H - 8)
    board.panel(box, p, p == view["viewer"])
    if p in change.movers and not change.turns:
        board.halo((box[0] + 4, box[1] + 3, box[2] - 4, box[3] - 3))
    x, right = m + 12, CARD_X - 8
    if p in view["actors"]:
        x += board.text(x, y + 16, "▶", KEY, True, anchor="lm") + 3
    status = _seat_status(view, seat)
    gain = change.score.get(p, 0)
    reserve = (width_of(status, SMALL, True) + 6 if status else 0) + (44 if gain else 0)
    x += board.name_tag(x, y + 5, p, right - x - reserve, KEY) + 6
    if status:
        x += board.text(x, y + 16, status, SMALL, True, board.theme.muted, "lm") + 6
    if gain:
        board.delta(right, y + 16, gain, "rm")
    sx = m + 14
    start = sx
    for kind in READY_TYPES:
        sx += counted(board, sx, y + 50, kind, _pile(seat["ready"], kind), RESOURCE[kind], 3)
        sx += 10
    if p in change.ready:
        board.halo((start - 2, y + 40, sx - 8, y + 60))
    board.draw.line((sx - 4, y + 38, sx - 4, y + 62), fill=board.theme.line, width=2)
    score_pile(board, sx + 12, y + 50)
    board.text(sx + 28, y + 50, str(seat["score_total"]), KEY, True, anchor="lm")
    marks = gear_marks(view, seat, change)
    for i, card in enumerate(("L", "R")):
        cx = CARD_X + i * (CARD_W + CARD_GAP)
        top = seat["top_L"] if card == "L" else seat["top_R"]
        cbox = (cx, y + 2, cx + CARD_W, y + 2 + CARD_H)
        engine_card(board, cbox, card, top, marks[card], action_name(board, top))
        if p in change.turns:
            board.halo(cbox)


def final_rows(board: Board, view: EmpireView) -> list[FinalRow]:
    """Results (§9): the score pile by kind, the majority bonus, cubes left ready."""
    tr, rows = board.tr, []
    for r in view["results"] or []:
        pile = tr(
            "ee.final.pile",
            pile=_score_pile(tr, r.get("score_pile") or {}),
            n=r.get("resources", 0),
        )
        kinds = ", ".join(tr("ee.kinds", kind=resource(k)) for k in r.get("majorities") or [])
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


def aims(board: Board, view: EmpireView) -> str | None:
    """Whom the viewer's L and R Attacks hit (the engine's ``aims`` of the viewer's seat)."""
    seat = view["players"].get(str(view["viewer"]))
    if seat is None or len(view["seat_order"]) < 2:
        return None
    return board.tr(
        "ee.you.aims",
        left=_short(board.name(seat["aims"]["L"]["target"]), 18),
        right=_short(board.name(seat["aims"]["R"]["target"]), 18),
    )


def _pick_lines(board: Board, view: EmpireView, you: YouView) -> list[str]:
    tr, pending = board.tr, you["pending"]
    if pending and "take" in pending:
        take = " + ".join(_word(tr, resource(k)) for k in pending["take"])
        return [tr("ee.you.salvage", action=action("Salvage"), take=take)]
    if pending and (pending.get("L") or pending.get("R")):
        pay = {
            "soldier": int(pending.get("pay_soldier", 0)),
            "good": int(pending.get("pay_good", 0)),
        }
        cost = (
            tr("ee.you.pay", what=_ready_pile(tr, pay)) if any(pay.values()) else tr("ee.you.free")
        )
        cards = ", ".join(
            tr(
                "ee.you.card",
                card=c,
                action=_act(tr, pending[c]),
                n=int(pending.get(f"turn_{c}") or 0),
            )
            if pending.get(c)
            else tr("ee.you.card_unset", card=c)
            for c in ("L", "R")
        )
        return [tr("ee.you.pick", cards=cards, cost=cost)]
    mine = view["viewer"] in view["actors"]
    return [tr("ee.you.none" if mine else "ee.you.idle")]


def _draw_turns(board: Board, you: YouView, x: int, y: int) -> None:
    """While planning: the top of L and R after 0-3 quarter turns as icons; a soldier and a
    good mark the turns that cost a cube, a halo the turns the viewer has set."""
    rot, paid = you.get("rotations"), set(you.get("paid_turns") or [])
    if not rot:
        return
    pending = you["pending"] or {}
    step = (board.width - MARGIN - 12 - x) // 4
    for k in range(min(4, len(rot.get("L", [])))):
        cx = x + k * step
        w = board.text(cx + 2, y + 16, board.tr("ee.you.turns", n=k), KEY, True, anchor="lm")
        if k in paid:  # an alternate: a soldier or a good on the gear
            cube(board, "soldier", cx + 8, y + 38, 5, RESOURCE["soldier"])
            cube(board, "good", cx + 20, y + 38, 5, RESOURCE["good"])
        for j, card in enumerate(("L", "R")):
            ix = cx + w + 18 + j * 32
            icon(board, rot[card][k], ix, y + 16, 11)
            board.text(ix, y + 38, card, SMALL, True, anchor="mm")
            if pending.get(f"turn_{card}") == k:
                board.halo((ix - 12, y + 3, ix + 12, y + 47))


def _draw_you(board: Board, view: EmpireView, y: int) -> None:
    """The viewer's own panel: the score pile by kind (counted), and while planning what each
    number of quarter turns brings to the top; otherwise the pick in words."""
    tr, m, me = board.tr, MARGIN, str(view["viewer"])
    you = view["you"]
    if you is None:
        return
    board.panel((m, y, board.width - m, y + YOU_H - 8), me, True)
    width = board.width - 2 * m - 24
    board.text(m + 12, y + 14, tr("ee.you.title"), BODY, True, anchor="lm")
    x = m + 14
    cy = y + 38
    x += board.text(x, cy, tr("ee.you.score_label"), SMALL, anchor="lm") + 8
    for kind in SCORE_TYPES:
        x += counted(board, x, cy, kind, _pile(you["score"], kind), RESOURCE[kind], 3) + 12
    aim = aims(board, view)
    if view["step"] == "plan" and you.get("rotations"):
        _draw_turns(board, you, m + 12, y + 48)
        return
    ty = y + 52
    for line in _pick_lines(board, view, you)[:1]:
        ty = board.lines(m + 12, ty, line, width, BODY, max_lines=1 if aim else 2)
    if aim and view["step"] != "over":
        board.lines(m + 12, ty, aim, width, BODY, max_lines=1)


def _draw_ring(board: Board, view: EmpireView, y: int, change: Changes) -> None:
    """The seating ring with this round's attacks, and the key to the board's shapes and
    marks, in :data:`SMALL`."""
    m, h, t = MARGIN, ring_height(len(view["seat_order"])), board.theme
    r = h // 2 - 16
    cx, cy = m + 8 + r, y + h // 2
    seating_ring(board, view, cx, cy, r, change.movers)
    x = cx + r + 24
    width = board.width - m - x
    lh = line_h(SMALL)
    ty = board.lines(x, y + 2, board.tr("ee.aim_rule"), width, SMALL, False, t.ink, 3)
    ty = cube_legend(board, x, ty + lh // 2, width) - lh // 2
    score_pile(board, x + 10, ty + lh // 2)
    left = (y + h - ty) // lh
    ty = board.lines(x + 26, ty, board.tr("ee.pile_legend"), width - 26, SMALL, False, t.ink, 1)
    board.lines(x, ty, board.tr("ee.marks_legend"), width, SMALL, False, t.muted, left - 1)


def render(
    view: dict[str, Any],
    *,
    names: dict[str, str] | None = None,
    theme: Theme | None = None,
    tr: Tr | None = None,
    last: str | None = None,
) -> Any:
    """The board for ``view``; a private view adds the viewer's own panel. ``last`` is the
    latest change in words (the bot's); without it the header says nothing was played."""
    v = as_view(view)
    seats = [s["player"] for s in v["seats"]]
    private = v["viewer"] is not None
    board = Board.new(frame_height(len(seats), private), seats, names, theme, tr)
    right = board.tr("board.round", round=v["round"], rounds=v["rounds"])
    y = board.header(
        board.tr("ee.title"), right, now_text(board, v), last or board.tr("board.nothing_yet")
    )
    y += 6
    change = changes(v)
    over = v["step"] == "over" and bool(v["results"])
    if over:
        final_table(board, y, final_rows(board, v), v["viewer"])
    else:
        for i, seat in enumerate(v["seats"]):
            _draw_seat(board, v, seat, y + i * ROW_H, change)
        _draw_ring(board, v, y + len(seats) * ROW_H, change)
    if private:
        _draw_you(board, v, y + _body_height(len(seats)))
    return board.image


def summary(board: Board, view: dict[str, Any]) -> tuple[str, str, list[tuple[str, str]]]:
    """(round, whose turn, [(player, score)]) for the alt text."""
    v = as_view(view)
    right = board.tr("board.round", round=v["round"], rounds=v["rounds"])
    if v["results"]:
        scores = [
            (r["player"], board.tr("unit.points", n=r["score"]))
            for r in sorted(v["results"], key=lambda r: r["rank"])
        ]
    else:
        scores = [(s["player"], board.tr("ee.pile", n=s["score_total"])) for s in v["seats"]]
    return right, now_text(board, v), scores
