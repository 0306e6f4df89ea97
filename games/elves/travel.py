"""Phase 3 of King of the Elves, travel (docs/rules/elves.md §7): the route round the ring,
what a visit costs, the travel-phase cards, teleport magic (§7.5) and the payouts (§7.4).

Each handler ``do_<move type>(s, seat, move)`` changes the copied state ``s`` and returns the
public events.
"""

from __future__ import annotations

from games.base import Event, Move
from games.elves.data import (
    BONUS_ALL,
    COST,
    TELEPORT_CARDS,
    TELEPORT_GOLD,
    THIEF_FEE,
    TRAVEL_KINDS,
    VALUE,
)
from games.elves.rounds import end_round
from games.elves.rules import State, Village, paid, ring, spend, travel_cards

# -- the route and what a visit costs (§7.1, §7.2) ----------------------------------------------


def next_village(s: State, seat: int, route: list[tuple[int, int]]) -> int | None:
    """Ring index of the next village of the journey, or None when the ring is empty."""
    if not route:
        return None
    j = s["journey"]
    if j["at"] is None:
        if s["realms"][seat]:
            return route.index((seat, 0))
        for i, (owner, _) in enumerate(route):
            if owner > seat:
                return i
        return 0
    return int(j["at"] + j["dir"]) % len(route)


def ring_from(start: int, direction: int, length: int) -> list[int]:
    """Ring indexes in travel order from ``start`` on, going ``direction`` (+1 clockwise, -1
    anticlockwise), each once: the villages a journey meets next, in order (rules §7.1)."""
    return [(start + k * direction) % length for k in range(length)]


def escorted_in(s: State, realm_seat: int) -> bool:
    return bool(s["journey"]["escort"] == realm_seat)


def thief_charges(s: State, seat: int, v: Village, realm_seat: int) -> bool:
    """A thief at ``v`` charges the traveller unless they own it or are escorted there."""
    return v["thief"] is not None and v["thief"] != seat and not escorted_in(s, realm_seat)


def obstacle_surcharge(s: State, seat: int, v: Village, realm_seat: int) -> int:
    """1 extra card of the transport used for another player's obstacle, unless escorted."""
    ob = v["obstacle"]
    return 1 if ob is not None and ob["owner"] != seat and not escorted_in(s, realm_seat) else 0


def travel_need(s: State, seat: int, v: Village, realm_seat: int, transport: str) -> int | None:
    """Cards of ``transport`` needed to visit ``v``, or None when it cannot enter."""
    base = COST[transport].get(v["card"])
    if base is None:
        return None
    return base + obstacle_surcharge(s, seat, v, realm_seat)


def journey_moves(s: State, seat: int) -> list[Move]:
    """Travel, escort, reverse, teleport and end_journey for the traveller (rules §7)."""
    j = s["journey"]
    hand = s["hand"][seat]
    gold = s["gold"][seat]
    route = ring(s)
    moves: list[Move] = []
    nxt = next_village(s, seat, route)
    if nxt is not None:
        r_seat, slot = route[nxt]
        v = s["realms"][r_seat][slot]
        if not thief_charges(s, seat, v, r_seat) or gold >= THIEF_FEE:
            for x in TRAVEL_KINDS:
                have = hand.get(x, 0)
                if have:
                    need = travel_need(s, seat, v, r_seat, x)
                    if need is not None and have >= need:
                        moves.append({"type": "travel", "transport": x})
        if (
            "escort" in hand
            and j["escort"] != r_seat
            and (j["at"] is None or route[j["at"]][0] != r_seat)
        ):
            moves.append({"type": "escort"})
    if j["at"] is not None and "reverse" in hand:
        moves.append({"type": "reverse"})
    moves.extend(teleport_moves(s, seat))
    moves.append({"type": "end_journey"})
    return moves


def teleport_moves(s: State, seat: int) -> list[Move]:
    """Teleport magic (rules §7.5): after the journey's first visit, to any other village on the
    table (the house rule ``teleport_anywhere``: also as the first move, and onto the village
    the traveller is in); 3 gold (+2 where a thief will charge) and 4 travel cards."""
    gold = s["gold"][seat]
    at = s["journey"]["at"]
    anywhere = bool(s["options"].get("teleport_anywhere"))
    if (
        not s["options"].get("teleport")
        or gold < TELEPORT_GOLD
        or travel_cards(s["hand"][seat]) < TELEPORT_CARDS
        or (at is None and not anywhere)
    ):
        return []
    moves: list[Move] = []
    for index, (r_seat, slot) in enumerate(ring(s)):
        if index == at and not anywhere:
            continue
        v = s["realms"][r_seat][slot]
        need = TELEPORT_GOLD + (THIEF_FEE if thief_at_teleport(seat, v) else 0)
        if gold >= need:
            moves.append({"type": "teleport", "realm": s["players"][r_seat], "slot": slot})
    return moves


def thief_at_teleport(seat: int, v: Village) -> bool:
    """A thief at a teleport destination always charges a visitor who does not own it: "Všechny
    zlaté karty a karty zlodějů mají svůj efekt" (an escort does not help, rules §7.5)."""
    return v["thief"] is not None and v["thief"] != seat


def teleport_card_moves(s: State, seat: int) -> list[Move]:
    """``teleport_cards`` step: any travel card held (§7.5 step 2)."""
    hand = s["hand"][seat]
    return [{"type": "teleport_card", "card": x} for x in TRAVEL_KINDS if x in hand]


# -- arrival and the journey (§7.2 step 3, §7.4, §7.6) ------------------------------------------


def arrive(
    s: State, seat: int, index: int, route: list[tuple[int, int]], visit: Event
) -> list[Event]:
    """Arrival at ring ``index`` (rules §7.2 step 3): escort, thief, income, position."""
    j = s["journey"]
    r_seat, slot = route[index]
    v = s["realms"][r_seat][slot]
    events: list[Event] = []
    if j["escort"] != r_seat:
        j["escort"] = None
    escorted = j["escort"] == r_seat and visit["via"] == "travel"
    charged = (
        thief_at_teleport(seat, v)
        if visit["via"] == "teleport"
        else thief_charges(s, seat, v, r_seat)
    )
    if charged:
        s["gold"][seat] -= THIEF_FEE
        s["gold"][v["thief"]] += THIEF_FEE
        events.append(
            {
                "type": "thief_paid",
                "player": s["players"][seat],
                "to": s["players"][v["thief"]],
                "amount": THIEF_FEE,
            }
        )
    due = VALUE[v["card"]] * (2 if v["gold"] == seat else 1)
    value = paid(s, due)  # what the bank holds of it (rules §2.4)
    s["gold"][seat] += value  # earned on arrival (rules §7.4)
    j["income"] += value
    if value < due:
        visit["short"] = due - value
    j["visits"].append([r_seat, slot])
    j["at"] = index
    visit.update(
        {
            "player": s["players"][seat],
            "realm": s["players"][r_seat],
            "slot": slot,
            "card": v["card"],
            "escorted": escorted,
            "value": value,
        }
    )
    events.insert(0, visit)
    return events


def visited_all(s: State) -> bool:
    """The all-villages bonus test: every village on a non-empty table visited this journey."""
    route = ring(s)
    if not route:
        return False
    seen = {(a, b) for a, b in s["journey"]["visits"]}
    return all(pos in seen for pos in route)


def start_journey(s: State, seat: int) -> list[Event]:
    s["turn"] = seat
    s["step"] = {"kind": "journey"}
    s["journey"] = {"at": None, "dir": 1, "escort": None, "visits": [], "income": 0}
    return [{"type": "journey_started", "player": s["players"][seat]}]


# -- what the moves do --------------------------------------------------------------------------


def do_travel(s: State, seat: int, move: Move) -> list[Event]:
    x = move["transport"]
    route = ring(s)
    index = next_village(s, seat, route)
    assert index is not None
    r_seat, slot = route[index]
    v = s["realms"][r_seat][slot]
    extra = obstacle_surcharge(s, seat, v, r_seat)
    need = COST[x][v["card"]] + extra
    spend(s, seat, x, need)
    s["discard"].extend([x] * need)
    visit: Event = {
        "type": "visited",
        "via": "travel",
        "transport": x,
        "cards": need,
        "obstacle_extra": bool(extra),
    }
    return arrive(s, seat, index, route, visit)


def do_escort(s: State, seat: int, move: Move) -> list[Event]:
    route = ring(s)
    index = next_village(s, seat, route)
    assert index is not None
    realm_seat = route[index][0]
    spend(s, seat, "escort")
    s["discard"].append("escort")
    s["journey"]["escort"] = realm_seat
    return [
        {"type": "escort_played", "player": s["players"][seat], "realm": s["players"][realm_seat]}
    ]


def do_reverse(s: State, seat: int, move: Move) -> list[Event]:
    spend(s, seat, "reverse")
    s["discard"].append("reverse")
    j = s["journey"]
    j["dir"] = -j["dir"]
    return [
        {
            "type": "direction_changed",
            "player": s["players"][seat],
            "direction": "cw" if j["dir"] == 1 else "ccw",
        }
    ]


def do_teleport(s: State, seat: int, move: Move) -> list[Event]:
    s["gold"][seat] -= TELEPORT_GOLD
    s["step"] = {
        "kind": "teleport_cards",
        "left": TELEPORT_CARDS,
        "realm": move["realm"],
        "slot": move["slot"],
    }
    return [
        {
            "type": "teleport_started",
            "player": s["players"][seat],
            "realm": move["realm"],
            "slot": move["slot"],
            "cost": TELEPORT_GOLD,
        }
    ]


def do_teleport_card(s: State, seat: int, move: Move) -> list[Event]:
    card = move["card"]
    spend(s, seat, card)
    s["discard"].append(card)
    events: list[Event] = [{"type": "teleport_card", "player": s["players"][seat], "card": card}]
    step = s["step"]
    left = step["left"] - 1
    if left:
        s["step"] = {**step, "left": left}
        return events
    route = ring(s)
    index = route.index((s["players"].index(step["realm"]), step["slot"]))
    s["step"] = {"kind": "journey"}
    visit: Event = {
        "type": "visited",
        "via": "teleport",
        "transport": None,
        "cards": TELEPORT_CARDS,
        "obstacle_extra": False,
    }
    return events + arrive(s, seat, index, route, visit)


def do_end_journey(s: State, seat: int, move: Move) -> list[Event]:
    j = s["journey"]
    due = BONUS_ALL if visited_all(s) else 0
    bonus = paid(s, due)
    s["gold"][seat] += bonus  # village income was credited on arrival (rules §7.4)
    if s.get("ledger") is not None:
        s["ledger"]["bonus"][seat] += bonus
    events: list[Event] = [
        {
            "type": "journey_ended",
            "player": s["players"][seat],
            "visits": len(j["visits"]),
            "income": j["income"],
            "bonus": bonus,
        }
    ]
    if bonus < due:
        events[0]["short"] = due - bonus
    n = len(s["players"])
    if seat == (s["start"] - 1) % n:
        return events + end_round(s)
    return events + start_journey(s, (seat + 1) % n)
