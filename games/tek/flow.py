"""Tiny Epic Kingdoms: the turn (rules §5), the end (§11.1) and the loop that runs automatic
tasks until a player must move (§19.2).

``AUTO`` maps each automatic task kind to its function; a step of ``AUTO_STEPS`` with exactly
one move resolves by itself and emits the same events as the move.
"""

from __future__ import annotations

from collections.abc import Callable

from games.tek import actions as A
from games.tek import rules as R
from games.tek import setup as S
from games.tek import war as W
from games.tek.data import MAX_MAGIC, MAX_TOWER, C
from games.tek.handlers import handle
from games.tek.steps import step_moves, step_name
from games.tek.tasks import Event, State, Task, push, task

AutoTask = Callable[[State, Task, list[Event]], None]


def a_turn_start(s: State, t: Task, events: list[Event]) -> None:
    active = s["players"][s["active"]]
    if len(s["shields"]) >= int(C["shields"]):
        s["shields"] = []
        events.append({"type": "shields_cleared", "player": active})
        if len(s["players"]) == C["max_players"]:
            events.append({"type": "clear_turn", "player": active})
            push(s, task("pass_turn"))
            return
    push(s, task("select", active))


def a_pass_turn(s: State, t: Task, events: list[Event]) -> None:
    s["active"] = (s["active"] + 1) % len(s["players"])
    s["turn"] += 1
    push(s, task("turn_start"))


def end_cause(s: State) -> tuple[str, str] | None:
    for p in R._seat_order(s, s["active"]):
        info = s["pl"][p]
        if R.meeples_in_play(s, p) >= int(C["meeples_per_player"]):
            return "meeples", p
        if info["tower"] >= MAX_TOWER:
            return "tower", p
        if info["magic"] >= MAX_MAGIC:
            return "magic", p
    return None


def a_end_check(s: State, t: Task, events: list[Event]) -> None:
    if s["end"] is None:
        found = end_cause(s)
        if found:
            s["end"] = {"cause": found[0], "player": found[1], "turn": s["turn"]}
            events.append({"type": "end_triggered", "cause": found[0], "player": found[1]})
    if s["end"] is not None and len(s["shields"]) >= int(C["shields"]):
        s["over"] = True
        s["tasks"] = []
        s["results"] = R.final_results(s)
        events.append(
            {
                "type": "game_over",
                "results": [
                    {"player": r["player"], "rank": r["rank"], "score": r["score"]}
                    for r in s["results"]
                ],
            }
        )


AUTO: dict[str, AutoTask] = {
    "setup_player": S.a_setup_player,
    "setup_tokens": S.a_setup_tokens,
    "begin": S.a_begin,
    "turn_start": a_turn_start,
    "pass_turn": a_pass_turn,
    "end_check": a_end_check,
    "arrival": A.a_arrival,
    "arrival_gain": A.a_arrival_gain,
    "neutral_capture": W.a_neutral_capture,
    "war_reveal": W.a_war_reveal,
    "war_decide": W.a_war_decide,
    "war_after": W.a_war_after,
    "loss_start": W.a_loss_start,
    "loss_next": W.a_loss_next,
    "war_end": W.a_war_end,
}


def advance(s: State, events: list[Event]) -> None:
    """Run automatic tasks (and one-option automatic steps) until a player must move."""
    while s["tasks"] and not s["over"]:
        t = s["tasks"][-1]
        kind = t["kind"]
        if kind in R.INPUT_STEPS:
            if kind in R.AUTO_STEPS and step_name(s, t) in R.AUTO_STEPS:
                moves = step_moves(s, t, t["player"])
                if not moves and kind == "plunder":  # the loser has nothing left to take
                    s["tasks"].pop()
                    continue
                if len(moves) == 1:
                    s["tasks"].pop()
                    handle(s, t, t["player"], moves[0], events)
                    continue
            return
        s["tasks"].pop()
        AUTO[kind](s, t, events)
