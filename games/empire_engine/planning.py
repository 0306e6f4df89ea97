"""Planning (docs/rules/empire_engine.md §6): face-down placements one at a time, then the reveal.

The rulebook lays the cards one at a time: "Počínaje prvním hráčem ve směru hodinových
ručiček vyberou jednu a vloží pod jednu z karet soukolí lícem dolů. Pak, počínaje posledním v
protisměru hodinových ručiček, vloží druhou kartu" - the start player first, then clockwise;
the second card from the last player back anticlockwise (round 1 lays the engine cards
themselves in the same order). What stays hidden until the reveal is only what is face down:

* round 1: ``lay`` (public: which engine card goes down first), then ``orient`` (secret: the
  action set on it); the second card is only ``orient`` (secret);
* later rounds: ``place`` (public: under which engine the gear goes and the cube put on it for
  an alternate, "musíte na kartu mechanismu umístit buď 1 vojáka, nebo 1 zboží"), then
  ``gear`` (secret: which of the two gear cards it is); the second gear is only ``place``
  (the gear card is the one left, so nothing about it is secret).

A cube leaves the ready pile when it is put on the gear (everyone sees it) and goes to the
supply at the reveal (Grail Prelacy's house power: to the score pile).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.empire_engine import data as D
from games.empire_engine.table import other_card, player_order, power, turned

State = dict[str, Any]
Move = dict[str, Any]
Event = dict[str, Any]


def start_planning(s: State) -> None:
    """§6: the placement order of this round, and empty placements and picks."""
    order = player_order(s)
    s["step"] = "orient" if s["round"] == 1 else "plan"
    s["placing"] = [[p, 1] for p in order] + [[p, 2] for p in reversed(order)]
    s["placed"] = {p: [] for p in s["players"]}
    s["picks"] = {}
    s["participants"] = []


def placer(s: State) -> str | None:
    """Who lays a card now (None outside planning)."""
    return str(s["placing"][0][0]) if s["placing"] else None


def part(s: State) -> tuple[str, str | None]:
    """The decision due now and the engine card it concerns (None: the placer picks it)."""
    p, slot = s["placing"][0]
    placed = s["placed"][p]
    if slot == 2:
        return ("orient" if s["step"] == "orient" else "place"), other_card(placed[0]["card"])
    if not placed:
        return ("lay" if s["step"] == "orient" else "place"), None
    return ("orient" if s["step"] == "orient" else "gear"), str(placed[0]["card"])


def pays(s: State, p: str) -> list[str | None]:
    """§6.2: no cube, or a soldier or good of the ready pile for an alternate rotation."""
    return [None, *(r for r in D.READY_TYPES if s["ready"][p][r] >= 1)]


def _lay_moves(s: State, p: str, card: str | None) -> list[Move]:
    return [{"type": "lay", "card": c} for c in D.CARDS]


def _orient_moves(s: State, p: str, card: str | None) -> list[Move]:
    assert card is not None
    return [{"type": "orient", "card": card, "action": a} for a in D.ENGINE_ORDER[card]]


def _place_moves(s: State, p: str, card: str | None) -> list[Move]:
    cards = D.CARDS if card is None else (card,)
    return [{"type": "place", "card": c, "pay": pay} for c in cards for pay in pays(s, p)]


def gear_turns(gear: int, alternate: bool) -> int:
    """§6.2: the quarter turns of ``gear``, normal or alternate."""
    return D.GEAR_TURNS[gear][1 if alternate else 0]


def _gear_moves(s: State, p: str, card: str | None) -> list[Move]:
    assert card is not None
    alternate = s["placed"][p][0]["pay"] is not None
    moves = []
    for g in D.GEARS:
        k = gear_turns(g, alternate)
        action = D.ENGINE_ORDER[card][turned(s["top"][p][card], k)]
        moves.append({"type": "gear", "card": card, "gear": g, "turns": k, "action": action})
    return moves


PART_MOVES: dict[str, Callable[[State, str, str | None], list[Move]]] = {
    "lay": _lay_moves,
    "orient": _orient_moves,
    "place": _place_moves,
    "gear": _gear_moves,
}


def planning_moves(s: State, p: str) -> list[Move]:
    """§6: the moves of the placer now (at most 6)."""
    if placer(s) != p:
        return []
    kind, card = part(s)
    return PART_MOVES[kind](s, p, card)


def forced(s: State, p: str) -> Move | None:
    """The placement ``p`` has no choice in, where everyone sees that (``Formality``): the
    second gear, whose engine and gear card are the ones left, when the ready pile (public,
    cubes already put on gears included) holds nothing to pay an alternate with."""
    if s["step"] != "plan" or placer(s) != p or s["placing"][0][1] != 2:
        return None  # (slot 2 of a plan step is always a ``place``: ``part``)
    moves = planning_moves(s, p)
    return moves[0] if len(moves) == 1 else None


# ---------------------------------------------------------------- applying placements


def _apply_lay(s: State, p: str, move: Move, ev: list[Event]) -> None:
    s["placed"][p] = [*s["placed"][p], {"card": move["card"], "pay": None}]
    ev.append({"type": "laid", "player": p, "card": move["card"]})


def _apply_orient(s: State, p: str, move: Move, ev: list[Event]) -> None:
    s["picks"][p] = {**s["picks"].get(p, {}), move["card"]: move["action"]}
    if s["placing"][0][1] == 2:
        s["placed"][p] = [*s["placed"][p], {"card": move["card"], "pay": None}]
    s["placing"] = s["placing"][1:]
    ev.append({"type": "picked", "player": p, "step": "orient"})


def _apply_place(s: State, p: str, move: Move, ev: list[Event]) -> None:
    pay = move["pay"]
    if pay is not None:
        s["ready"][p] = {**s["ready"][p], pay: s["ready"][p][pay] - 1}
    s["placed"][p] = [*s["placed"][p], {"card": move["card"], "pay": pay}]
    slot = s["placing"][0][1]
    if slot == 2:
        s["placing"] = s["placing"][1:]
    ev.append({"type": "placed", "player": p, "card": move["card"], "pay": pay, "slot": slot})


def _apply_gear(s: State, p: str, move: Move, ev: list[Event]) -> None:
    s["picks"][p] = {"gear": move["gear"]}
    s["placing"] = s["placing"][1:]
    ev.append({"type": "picked", "player": p, "step": "plan"})


APPLY_PART: dict[str, Callable[[State, str, Move, list[Event]], None]] = {
    "lay": _apply_lay,
    "orient": _apply_orient,
    "place": _apply_place,
    "gear": _apply_gear,
}


# ---------------------------------------------------------------- what a player has set


def planned_turns(s: State, p: str) -> dict[str, int | None]:
    """The quarter turns ``p`` has set per engine so far (None: not yet decided)."""
    placed, pick = s["placed"][p], s["picks"].get(p, {})
    turns: dict[str, int | None] = {"L": None, "R": None}
    if "gear" not in pick:
        return turns
    gear = {0: int(pick["gear"]), 1: 3 - int(pick["gear"])}
    for i, slot in enumerate(placed):
        turns[slot["card"]] = gear_turns(gear[i], slot["pay"] is not None)
    return turns


def plan_pick(s: State, p: str) -> dict[str, Any]:
    """§6.2: ``p``'s placements as one pick (turns, cubes paid and the resulting tops)."""
    turns = planned_turns(s, p)
    paid = [slot["pay"] for slot in s["placed"][p]]
    pick: dict[str, Any] = {
        "turn_L": turns["L"],
        "turn_R": turns["R"],
        "pay_soldier": paid.count("soldier"),
        "pay_good": paid.count("good"),
    }
    for card in D.CARDS:
        k = turns[card]
        pick[card] = None if k is None else D.ENGINE_ORDER[card][turned(s["top"][p][card], k)]
    return pick


def orient_pick(s: State, p: str) -> dict[str, Any]:
    pick = s["picks"].get(p, {})
    return {"L": pick.get("L"), "R": pick.get("R")}


def pending(s: State, p: str) -> dict[str, Any] | None:
    """What ``p`` has set this planning step (only ``p`` sees it), or None before anything."""
    if not s["placed"][p]:
        return None
    return orient_pick(s, p) if s["step"] == "orient" else plan_pick(s, p)


def gear_result(s: State, p: str, card: str, gear: int, alternate: bool) -> dict[str, Any]:
    """§6.2: what ``gear`` under ``card`` does: its quarter turns and the action they bring up."""
    k = gear_turns(gear, alternate)
    return {"gear": gear, "turns": k, "action": D.ENGINE_ORDER[card][turned(s["top"][p][card], k)]}


def second_gear(s: State, p: str) -> dict[str, Any] | None:
    """§6.2: once ``p``'s first gear is chosen, the gear card left, the engine it goes under and
    what it does there without a cube and as the alternate; None before and after."""
    placed, pick = s["placed"].get(p) or [], s["picks"].get(p, {})
    if s["step"] != "plan" or len(placed) != 1 or "gear" not in pick:
        return None
    card, gear = other_card(placed[0]["card"]), 3 - int(pick["gear"])
    return {
        "card": card,
        "gear": gear,
        "free": gear_result(s, p, card, gear, False),
        "alternate": gear_result(s, p, card, gear, True),
    }


def done_planning(s: State, p: str) -> bool:
    return all(q != p for q, _ in s["placing"])


def reveal(s: State, ev: list[Event]) -> None:
    """§6.4: every card is turned over; the engines turn; the cubes leave the gears."""
    picks = {}
    for p in player_order(s):
        pick = orient_pick(s, p) if s["step"] == "orient" else plan_pick(s, p)
        for card in D.CARDS:
            s["top"][p][card] = D.ENGINE_ORDER[card].index(pick[card])
        picks[p] = pick
    ev.append(
        {"type": "revealed", "round": s["round"], "picks": {p: picks[p] for p in s["players"]}}
    )
    for p in player_order(s):
        cubes = [slot["pay"] for slot in s["placed"][p] if slot["pay"] is not None]
        if cubes and power(s, p, "alternate_cubes_score"):
            for cube in cubes:
                s["score"][p][cube] += 1
            ev.append(
                {
                    "type": "cubes_scored",
                    "player": p,
                    "soldier": cubes.count("soldier"),
                    "good": cubes.count("good"),
                }
            )
    s["picks"] = {}
    s["placed"] = {}
    s["placing"] = []
