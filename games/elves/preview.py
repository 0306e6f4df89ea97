"""What a King of the Elves move does now (``games.base.Previewable``; docs/rules/elves.md §11.4):
the rule consequences a prompt shows, in the engine's own numbers, from what the player to act
can see only (their hand and gold, the table, the journey, public counts: never the draw pile's
cards or another hand), so that every state they cannot tell from this one gives the same
answer (``determinize``). One small function per move type; the keys are the rules file's.

A village is named ``{"realm", "slot", "card", "value"}`` (its face value; ``value`` at the top
of a visit's preview is what the visit pays the traveller).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.base import Move, is_listed
from games.elves.data import (
    BONUS_ALL,
    COST,
    TELEPORT_CARDS,
    TELEPORT_GOLD,
    THIEF_FEE,
    VALUE,
)
from games.elves.planning import realms_with_room, special_targets
from games.elves.rules import (
    State,
    Village,
    bank,
    buy_cost,
    hand_size,
    paid,
    remove_cost,
    ring,
    sorted_counts,
    travel_cards,
)
from games.elves.travel import (
    next_village,
    obstacle_surcharge,
    thief_at_teleport,
    thief_charges,
)

Facts = dict[str, Any]
Preview = Callable[[State, int, Move], Facts]

listed = is_listed


def village(s: State, r_seat: int, slot: int) -> Facts:
    """A village by its place, terrain and face value (rules §2.1)."""
    card = s["realms"][r_seat][slot]["card"]
    return {"realm": s["players"][r_seat], "slot": slot, "card": card, "value": VALUE[card]}


def _owner(s: State, seat: int | None) -> str | None:
    return None if seat is None else str(s["players"][seat])


# -- planning (§6) ------------------------------------------------------------------------------


def _play_village(s: State, seat: int, move: Move) -> Facts:
    card = move["card"]
    rooms = [s["players"][r] for r in realms_with_room(s)]
    return {"card": card, "value": VALUE[card], "realms": rooms}


def _place_village(s: State, seat: int, move: Move) -> Facts:
    card = s["step"]["card"]
    target = s["players"].index(move["realm"])
    return {
        "card": card,
        "value": VALUE[card],
        "realm": move["realm"],
        "slot": len(s["realms"][target]),
    }


def _play_special(s: State, seat: int, move: Move) -> Facts:
    card = move["card"]
    return {
        "card": card,
        "villages": len(special_targets(s, card)),
        "tokens_left": s["tokens_free"][seat] - 1,
    }


def _place_special(s: State, seat: int, move: Move) -> Facts:
    target = s["players"].index(move["realm"])
    return {
        "card": s["step"]["card"],
        "village": village(s, target, move["slot"]),
        "tokens_left": s["tokens_free"][seat] - 1,
    }


def _draw3(s: State, seat: int, move: Move) -> Facts:
    """Three cards drawn, four discarded: the hand ends one card smaller (§6 action 2)."""
    return {
        "draw": 3,
        "discard": 4,
        "hand_after": hand_size(s["hand"][seat]) - 1,
        "draw_pile_after": len(s["draw"]) - 3,
    }


def _buy(s: State, seat: int, move: Move) -> Facts:
    k = s["purchases"][seat]
    cost = buy_cost(k) or 0
    return {
        "cost": cost,
        "purchase": k + 1,
        "gold_after": s["gold"][seat] - cost,
        "next_cost": buy_cost(k + 1),
    }


def _remove_village(s: State, seat: int, move: Move) -> Facts:
    """§6 action 5: 2 gold + 1 per action card at the village; their tokens go home."""
    v: Village = s["realms"][seat][move["slot"]]
    cost = remove_cost(v)
    specials = [
        {"card": k, "owner": _owner(s, v[k])} for k in ("thief", "gold") if v[k] is not None
    ]
    if v["obstacle"] is not None:
        specials.append({"card": v["obstacle"]["card"], "owner": _owner(s, v["obstacle"]["owner"])})
    return {
        "village": village(s, seat, move["slot"]),
        "cost": cost,
        "specials": specials,
        "gold_after": s["gold"][seat] - cost,
    }


def _pass(s: State, seat: int, move: Move) -> Facts:
    passes = s["passes"] + 1
    return {"passes": passes, "planning_ends": passes >= len(s["players"])}


def _no_village(s: State, seat: int, move: Move) -> Facts:
    """§6 action 7: the whole hand is shown to everyone."""
    return {"shows": sorted_counts(s["hand"][seat])}


def _take_village(s: State, seat: int, move: Move) -> Facts:
    card = move["card"]
    others = hand_size(s["hand"][seat]) > 0  # a card to discard in its place (§6 action 7)
    return {"card": card, "value": VALUE[card], "discard": 1 if others else 0}


def _discard(s: State, seat: int, move: Move) -> Facts:
    left = s["step"]["left"] - 1
    card = move["card"]
    return {"card": card, "held": s["hand"][seat][card], "left": left, "action_ends": not left}


# -- travel (§7) --------------------------------------------------------------------------------


def _ending(
    s: State, seat: int, visits: list[tuple[int, int]], income: int, extra: int = 0
) -> Facts:
    """What ``end_journey`` pays after ``visits``: the count, the income, the bonus (§7.4) as
    far as the bank holds it (``extra``: what reaches or leaves the bank before, §2.4)."""
    route = ring(s)
    everywhere = bool(route) and set(route) <= set(visits)
    due = BONUS_ALL if everywhere else 0
    bonus = paid(s, due, extra)
    return {"visits": len(visits), "income": income, "bonus": bonus, "short": due - bonus}


def _visit(s: State, seat: int, index: int, via: str) -> Facts:
    """The arrival at ring ``index`` by travel cards or by teleport (§7.2 step 3, §7.5)."""
    j = s["journey"]
    route = ring(s)
    r_seat, slot = route[index]
    v: Village = s["realms"][r_seat][slot]
    escorted = j["escort"] == r_seat and via == "travel"
    charged = thief_at_teleport(seat, v) if via == "teleport" else thief_charges(s, seat, v, r_seat)
    fee = THIEF_FEE if charged else 0
    due = VALUE[v["card"]] * (2 if v["gold"] == seat else 1)
    extra = TELEPORT_GOLD if via == "teleport" else 0  # paid to the bank before the arrival
    value = paid(s, due, extra)
    visits = [(a, b) for a, b in j["visits"]] + [(r_seat, slot)]
    ob = v["obstacle"]
    return {
        "to": village(s, r_seat, slot),
        "escorted": escorted,
        "thief": _owner(s, v["thief"]) if charged else None,
        "fee": fee,
        "obstacle": None if ob is None else {"card": ob["card"], "owner": _owner(s, ob["owner"])},
        "gold_card": v["gold"] == seat,
        "value": value,
        "short": due - value,
        "bank": bank(s),
        "income": j["income"] + value,
        "end": _ending(s, seat, visits, j["income"] + value, extra - value),
    }


def _next_index(s: State, seat: int) -> int:
    index = next_village(s, seat, ring(s))
    assert index is not None  # travel and escort are listed only when there is one
    return index


def _travel(s: State, seat: int, move: Move) -> Facts:
    """§7.2: the next village, the cards of that transport it takes (the obstacle's extra card
    included), what the visit pays and what ending the journey there would pay."""
    x = move["transport"]
    index = _next_index(s, seat)
    r_seat, slot = ring(s)[index]
    v: Village = s["realms"][r_seat][slot]
    extra = obstacle_surcharge(s, seat, v, r_seat)
    facts = _visit(s, seat, index, "travel")
    return {
        "transport": x,
        "cards": COST[x][v["card"]] + extra,
        "held": s["hand"][seat][x],
        "obstacle_extra": bool(extra),
        **facts,
        "gold_after": s["gold"][seat] - facts["fee"] + facts["value"],
    }


def _escort(s: State, seat: int, move: Move) -> Facts:
    """§7.3: the realm of the next village; its thieves and obstacles of others stop counting."""
    r_seat = ring(s)[_next_index(s, seat)][0]
    realm = s["realms"][r_seat]
    return {
        "realm": s["players"][r_seat],
        "villages": [village(s, r_seat, i) for i in range(len(realm))],
        "thieves": sum(1 for v in realm if v["thief"] not in (None, seat)),
        "obstacles": sum(1 for v in realm if v["obstacle"] and v["obstacle"]["owner"] != seat),
    }


def _reverse(s: State, seat: int, move: Move) -> Facts:
    """§7.3: the new direction and the village that becomes the next one."""
    j = s["journey"]
    route = ring(s)
    direction = -j["dir"]
    r_seat, slot = route[(j["at"] + direction) % len(route)]
    return {"direction": "cw" if direction == 1 else "ccw", "next": village(s, r_seat, slot)}


def _teleport(s: State, seat: int, move: Move) -> Facts:
    """§7.5: 3 gold and any 4 travel cards; the destination's Gold card and Thief count, its
    obstacle does not; the journey goes on in the same direction."""
    target = s["players"].index(move["realm"])
    index = ring(s).index((target, move["slot"]))
    facts = _visit(s, seat, index, "teleport")
    return {
        "cost": TELEPORT_GOLD,
        "cards": TELEPORT_CARDS,
        "travel_cards": travel_cards(s["hand"][seat]),
        **facts,
        "gold_after": s["gold"][seat] - TELEPORT_GOLD - facts["fee"] + facts["value"],
    }


def _teleport_card(s: State, seat: int, move: Move) -> Facts:
    step = s["step"]
    target = s["players"].index(step["realm"])
    left = step["left"] - 1
    card = move["card"]
    return {
        "card": card,
        "held": s["hand"][seat][card],
        "left": left,
        "arrives": not left,
        "to": village(s, target, step["slot"]),
    }


def _end_journey(s: State, seat: int, move: Move) -> Facts:
    """§7.6: the visits, the income already credited and the bonus credited now."""
    j = s["journey"]
    return _ending(s, seat, [(a, b) for a, b in j["visits"]], j["income"])


PREVIEWS: dict[str, Preview] = {
    "play_village": _play_village,
    "place_village": _place_village,
    "play_special": _play_special,
    "place_special": _place_special,
    "draw3": _draw3,
    "buy": _buy,
    "remove_village": _remove_village,
    "pass": _pass,
    "no_village": _no_village,
    "take_village": _take_village,
    "discard": _discard,
    "travel": _travel,
    "escort": _escort,
    "reverse": _reverse,
    "teleport": _teleport,
    "teleport_card": _teleport_card,
    "end_journey": _end_journey,
}


def preview(s: State, seat: int, move: Move) -> Facts:
    """The facts of a listed ``move`` of the seat to act."""
    return PREVIEWS[move["type"]](s, seat, move)
