"""Phase 2 of King of the Elves, planning (docs/rules/elves.md §6): which of the seven
actions are legal, the steps they take, and what each move does.

Each handler ``do_<move type>(s, seat, move)`` changes the copied state ``s`` and returns the
public events; a completed action ends with :func:`end_action`.
"""

from __future__ import annotations

from typing import Any

from games.base import Event, Move
from games.elves.data import BUY_COST, KINDS, SPECIAL_KINDS, TERRAINS, VILLAGE_KINDS
from games.elves.rounds import village_cards
from games.elves.rules import (
    State,
    buy_cost,
    can_take_special,
    capacity,
    give,
    hand_size,
    remove_cost,
    sorted_counts,
    spend,
)
from games.elves.travel import start_journey

# -- what is legal (§6) -------------------------------------------------------------------------


def realms_with_room(s: State) -> list[int]:
    cap = capacity(len(s["players"]))
    return [seat for seat, realm in enumerate(s["realms"]) if len(realm) < cap]


def special_targets(s: State, card: str) -> list[tuple[int, int]]:
    """Villages (seat, slot) that can take ``card``."""
    return [
        (seat, slot)
        for seat, realm in enumerate(s["realms"])
        for slot, v in enumerate(realm)
        if can_take_special(v, card)
    ]


def has_special_target(s: State, card: str) -> bool:
    """Whether some village on the table can take ``card``."""
    return any(can_take_special(v, card) for realm in s["realms"] for v in realm)


def draw3_allowed(s: State, seat: int) -> bool:
    return len(s["draw"]) >= 3 and bool(s["hand"][seat])


def buy_allowed(s: State, seat: int) -> bool:
    price = buy_cost(s["purchases"][seat])
    return price is not None and s["gold"][seat] >= price and bool(s["draw"])


def no_village_allowed(s: State, seat: int) -> bool:
    hand = s["hand"][seat]
    return (
        not s["realms"][seat]
        and not any(k in hand for k in VILLAGE_KINDS)
        and any(c in TERRAINS for c in s["draw"])
    )


def planning_turn_moves(s: State, seat: int) -> list[Move]:
    """The seven actions of rules §6, each offered only when it can be completed."""
    hand = s["hand"][seat]
    moves: list[Move] = []
    if realms_with_room(s):
        moves.extend({"type": "play_village", "card": t} for t in VILLAGE_KINDS if t in hand)
    if s["tokens_free"][seat] > 0:
        moves.extend(
            {"type": "play_special", "card": k}
            for k in SPECIAL_KINDS
            if k in hand and has_special_target(s, k)
        )
    if draw3_allowed(s, seat):
        moves.append({"type": "draw3"})
    if buy_allowed(s, seat):
        moves.append({"type": "buy"})
    gold = s["gold"][seat]
    moves.extend(
        {"type": "remove_village", "slot": i}
        for i, v in enumerate(s["realms"][seat])
        if gold >= remove_cost(v)
    )
    no_village = no_village_allowed(s, seat)
    if s["realms"][seat] or not (moves or no_village):
        moves.append({"type": "pass"})
    if no_village:
        moves.append({"type": "no_village"})
    return moves


def discard_moves(s: State, seat: int) -> list[Move]:
    """``discard`` step (after Draw 3 or "No village card!"): any card held."""
    hand = s["hand"][seat]
    return [{"type": "discard", "card": k} for k in KINDS if k in hand]


def place_village_moves(s: State, seat: int) -> list[Move]:
    """``place_village`` step: any realm with room, yours or another's (§6 action 1)."""
    return [{"type": "place_village", "realm": s["players"][r]} for r in realms_with_room(s)]


def place_special_moves(s: State, seat: int) -> list[Move]:
    """``place_special`` step: every village that can take the chosen card (§6 action 4)."""
    return [
        {"type": "place_special", "realm": s["players"][r], "slot": i}
        for r, i in special_targets(s, s["step"]["card"])
    ]


def take_village_moves(s: State, seat: int) -> list[Move]:
    """``take_village`` step: each village kind in the draw pile (§6 action 7)."""
    present = set(s["draw"])
    return [{"type": "take_village", "card": t} for t in VILLAGE_KINDS if t in present]


# -- what the moves do (§6) ---------------------------------------------------------------------


def end_action(s: State, seat: int, passed: bool = False) -> list[Event]:
    """Finish the seat's planning action (its turn ends: ``action_ended``, rules §13); the
    left neighbour acts, or travel begins."""
    n = len(s["players"])
    s["passes"] = s["passes"] + 1 if passed else 0
    events: list[Event] = []
    if passed:
        events.append({"type": "passed", "player": s["players"][seat], "passes": s["passes"]})
    events.append({"type": "action_ended", "player": s["players"][seat]})
    if s["passes"] >= n:
        events.append({"type": "planning_ended", "round": s["round"]})
        s["phase"] = "travel"
        s["passes"] = 0
        events.extend(start_journey(s, s["start"]))
        return events
    s["turn"] = (seat + 1) % n
    s["step"] = {"kind": "turn"}
    return events


def do_pass(s: State, seat: int, move: Move) -> list[Event]:
    return end_action(s, seat, passed=True)


def do_play_village(s: State, seat: int, move: Move) -> list[Event]:
    s["step"] = {"kind": "place_village", "card": move["card"]}
    return []


def do_place_village(s: State, seat: int, move: Move) -> list[Event]:
    card = s["step"]["card"]
    target = s["players"].index(move["realm"])
    spend(s, seat, card)
    realm = s["realms"][target]
    realm.append({"card": card, "gold": None, "thief": None, "obstacle": None})
    events: list[Event] = [
        {
            "type": "village_played",
            "player": s["players"][seat],
            "card": card,
            "realm": move["realm"],
            "slot": len(realm) - 1,
        }
    ]
    return events + end_action(s, seat)


def do_play_special(s: State, seat: int, move: Move) -> list[Event]:
    s["step"] = {"kind": "place_special", "card": move["card"]}
    return []


def do_place_special(s: State, seat: int, move: Move) -> list[Event]:
    card = s["step"]["card"]
    target = s["players"].index(move["realm"])
    v = dict(s["realms"][target][move["slot"]])
    s["realms"][target][move["slot"]] = v
    spend(s, seat, card)
    s["tokens_free"][seat] -= 1
    if card == "gold":
        v["gold"] = seat
    elif card == "thief":
        v["thief"] = seat
    else:
        v["obstacle"] = {"card": card, "owner": seat}
    events: list[Event] = [
        {
            "type": "special_played",
            "player": s["players"][seat],
            "card": card,
            "realm": move["realm"],
            "slot": move["slot"],
        }
    ]
    return events + end_action(s, seat)


def do_draw3(s: State, seat: int, move: Move) -> list[Event]:
    hand = s["hand"][seat]
    for card in s["draw"][:3]:
        give(hand, card)
    s["draw"] = s["draw"][3:]
    s["step"] = {"kind": "discard", "left": 4}
    return [{"type": "drew", "player": s["players"][seat], "count": 3}]


def do_discard(s: State, seat: int, move: Move) -> list[Event]:
    card = move["card"]
    spend(s, seat, card)
    s["discard"].append(card)
    events: list[Event] = [{"type": "discarded", "player": s["players"][seat], "card": card}]
    left = s["step"]["left"] - 1
    if left:
        s["step"] = {"kind": "discard", "left": left}
        return events
    return events + end_action(s, seat)


def do_buy(s: State, seat: int, move: Move) -> list[Event]:
    k = s["purchases"][seat]
    price = BUY_COST[k]
    s["gold"][seat] -= price
    s["purchases"][seat] = k + 1
    give(s["hand"][seat], s["draw"][0])
    s["draw"] = s["draw"][1:]
    events: list[Event] = [
        {"type": "bought", "player": s["players"][seat], "cost": price, "purchase": k + 1}
    ]
    return events + end_action(s, seat)


def do_remove_village(s: State, seat: int, move: Move) -> list[Event]:
    slot = move["slot"]
    realm = s["realms"][seat]
    v = realm.pop(slot)
    cost = remove_cost(v)
    s["gold"][seat] -= cost
    specials: list[dict[str, Any]] = []
    if v["thief"] is not None:
        specials.append({"card": "thief", "owner": s["players"][v["thief"]]})
        s["tokens_free"][v["thief"]] += 1
    if v["gold"] is not None:
        specials.append({"card": "gold", "owner": s["players"][v["gold"]]})
        s["tokens_free"][v["gold"]] += 1
    if v["obstacle"] is not None:
        specials.append(
            {"card": v["obstacle"]["card"], "owner": s["players"][v["obstacle"]["owner"]]}
        )
        s["tokens_free"][v["obstacle"]["owner"]] += 1
    s["discard"].extend(village_cards(v))
    events: list[Event] = [
        {
            "type": "village_removed",
            "player": s["players"][seat],
            "slot": slot,
            "card": v["card"],
            "specials": specials,
            "cost": cost,
        }
    ]
    return events + end_action(s, seat)


def do_no_village(s: State, seat: int, move: Move) -> list[Event]:
    """§6 action 7: the whole hand is shown, so everybody now knows it (``revealed``)."""
    s["step"] = {"kind": "take_village"}
    s["revealed"][seat] = dict(s["hand"][seat])
    return [
        {
            "type": "no_village_declared",
            "player": s["players"][seat],
            "hand": sorted_counts(s["hand"][seat]),
        }
    ]


def do_take_village(s: State, seat: int, move: Move) -> list[Event]:
    card = move["card"]
    s["draw"].remove(card)  # the topmost card of that kind; the rest keeps its order
    hand = s["hand"][seat]
    give(hand, card)
    give(s["revealed"][seat], card)  # taken openly
    events: list[Event] = [{"type": "village_taken", "player": s["players"][seat], "card": card}]
    if hand_size(hand) == 1:  # no other card to discard in its place: keep it (rules §6)
        return events + end_action(s, seat)
    s["step"] = {"kind": "discard", "left": 1}
    return events
