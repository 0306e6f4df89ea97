"""King of the Elves (Elfenland card game, Alan R. Moon) for 2-6 players: the rules engine.

Each round the players deal, plan (lay a ring of villages on the table and mark them with Gold,
Thief and obstacle cards, buy, draw, remove villages, pass) and travel (each in turn plays
transport cards to go from village to village round the ring, earning gold). After the last
round the richest player wins; equal gold shares the rank. Spec: ``shared/rules/elves.md``.

What is hidden from whom:

* **Hands** are secret to their owner: others see only the hand size. Drawn, dealt and bought
  cards never appear in events. A "No village card!" reveals the declarer's hand (in an event).
* **Gold values** are secret to their owner until the game ends: everybody sees the coin count
  (greedy 10/5/1 change, rules §2.4); events show changes, never balances.
* **The draw pile** order (and so the seed and the shuffle) is hidden from everyone; views show
  its size only. The discard pile lies face up (counts per kind, plus its top card).
* Everything on the table, the journey in progress and pending income are public.

State is a plain JSON-able dict (rules §11.1) that ``apply`` copies and never mutates.
"""

from __future__ import annotations

import random
from typing import Any

from games.base import Event, IllegalMove, Move
from games.elves.data import (
    ACTION_KINDS,
    BONUS_ALL,
    BUY_COST,
    CAPACITY,
    CAPACITY_2P,
    COINS,
    COST,
    DEAL_FIRST,
    DEAL_LATER,
    DECK_COUNTS,
    KIND_ORDER,
    KINDS,
    REMOVE_BASE,
    REMOVE_PER_ACTION,
    ROUNDS,
    SPECIAL_KINDS,
    START_GOLD,
    TELEPORT_CARDS,
    TELEPORT_GOLD,
    TERRAINS,
    THIEF_FEE,
    TOKENS,
    TRAVEL_KINDS,
    VALUE,
    VILLAGE_KINDS,
)

State = dict[str, Any]

MOVE_TYPES: frozenset[str] = frozenset({
    "play_village", "play_special", "draw3", "buy", "remove_village", "pass", "no_village",
    "place_village", "place_special", "discard", "take_village",
    "travel", "escort", "reverse", "teleport", "end_journey", "teleport_card",
})

_TRAVEL_SET = frozenset(TRAVEL_KINDS)


# --------------------------------------------------------------------------------------------
# Small derived rules
# --------------------------------------------------------------------------------------------

def coins(gold: int) -> dict[str, int]:
    """The coin holding for ``gold``: always re-made greedily, fewest coins (rules §2.4)."""
    out: dict[str, int] = {}
    rest = gold
    for c in COINS:
        out[str(c)] = rest // c
        rest %= c
    return out


def coin_count(gold: int) -> int:
    """The public number of coins of a player holding ``gold`` (12 -> 3, 9 -> 5, 27 -> 5)."""
    return sum(coins(gold).values())


def capacity(n_players: int) -> int:
    """Villages a realm may hold: 2, or 3 in a 2-player game."""
    return CAPACITY_2P if n_players == 2 else CAPACITY


def rounds_for(n_players: int) -> int:
    return ROUNDS[n_players]


def deal_size(round_no: int) -> int:
    return DEAL_FIRST if round_no == 1 else DEAL_LATER


def buy_cost(purchases: int) -> int | None:
    """Price of the next purchase after ``purchases`` this phase; None when no more allowed."""
    return BUY_COST[purchases] if purchases < len(BUY_COST) else None


def set_aside(purchases: int) -> int:
    """Gold paid for this phase's purchases (0, 1, 3 or 6)."""
    return sum(BUY_COST[:purchases])


def specials_at(village: dict[str, Any]) -> int:
    """Number of action cards lying at a village."""
    return (village["gold"] is not None) + (village["thief"] is not None) + (
        village["obstacle"] is not None)


def remove_cost(village: dict[str, Any]) -> int:
    """Removing a village costs 2 + 1 per action card at it."""
    return REMOVE_BASE + REMOVE_PER_ACTION * specials_at(village)


def can_take_special(village: dict[str, Any], card: str) -> bool:
    """Whether ``card`` (gold/thief/wood/seamonster) may be placed at ``village``."""
    if card == "gold":
        return village["gold"] is None
    if card == "thief":
        return village["thief"] is None
    return village["obstacle"] is None and TERRAINS[village["card"]]["obstacle"] == card


def hand_size(hand: dict[str, int]) -> int:
    return sum(hand.values())


def travel_cards(hand: dict[str, int]) -> int:
    return sum(n for k, n in hand.items() if k in _TRAVEL_SET)


def sorted_counts(counts: dict[str, int]) -> dict[str, int]:
    """``counts`` without zeros, in canonical kind order."""
    return {k: counts[k] for k in sorted(counts, key=KIND_ORDER.__getitem__) if counts[k]}


def ring(state: State) -> list[tuple[int, int]]:
    """All villages on the table: realms in seat order, slots in order (rules §7.1)."""
    return [(seat, slot) for seat, realm in enumerate(state["realms"])
            for slot in range(len(realm))]


def _take(hand: dict[str, int], card: str, n: int = 1) -> None:
    left = hand[card] - n
    if left:
        hand[card] = left
    else:
        del hand[card]


def _give(hand: dict[str, int], card: str, n: int = 1) -> None:
    hand[card] = hand.get(card, 0) + n


def _copy(s: State) -> State:
    """A copy of the state deep enough that nothing shared is ever mutated."""
    new = dict(s)
    new["options"] = dict(s["options"])
    new["step"] = dict(s["step"])
    new["gold"] = list(s["gold"])
    new["hand"] = [dict(h) for h in s["hand"]]
    new["tokens_free"] = list(s["tokens_free"])
    new["purchases"] = list(s["purchases"])
    # village dicts are shared: handlers replace a village dict instead of changing it
    new["realms"] = [list(realm) for realm in s["realms"]]
    new["draw"] = list(s["draw"])
    new["discard"] = list(s["discard"])
    j = s["journey"]
    if j is not None:
        new["journey"] = {**j, "visits": [list(v) for v in j["visits"]]}
    return new


def _deep_copy(s: State) -> State:
    """A copy sharing nothing with ``s`` (for dump/load), without ``copy.deepcopy``'s cost."""
    new = _copy(s)
    new["realms"] = [
        [{**v, "obstacle": dict(v["obstacle"]) if v["obstacle"] else None} for v in realm]
        for realm in s["realms"]
    ]
    return new


# --------------------------------------------------------------------------------------------
# Setup and rounds
# --------------------------------------------------------------------------------------------

def full_deck() -> list[str]:
    """All 120 cards in data-table order."""
    return [k for k in KINDS for _ in range(DECK_COUNTS[k])]


def shuffle_pool(pool: list[str], seed: Any, round_no: int) -> list[str]:
    """Sort into data-table order, then shuffle with ``Random(f"{seed}:{round}")`` (rules §5)."""
    ordered = sorted(pool, key=KIND_ORDER.__getitem__)
    random.Random(f"{seed}:{round_no}").shuffle(ordered)
    return ordered


def start_round(s: State, round_no: int) -> list[Event]:
    """Phase 1: shuffle and deal, then begin planning with the round's start player."""
    n = len(s["players"])
    start = (round_no - 1) % n
    s["round"] = round_no
    s["start"] = start
    pool = full_deck() if round_no == 1 else s["draw"] + s["discard"]
    s["draw"] = shuffle_pool(pool, s["seed"], round_no)
    s["discard"] = []
    events: list[Event] = [
        {"type": "round_started", "round": round_no, "start_player": s["players"][start]},
        {"type": "deck_shuffled", "round": round_no, "draw_pile": len(s["draw"])},
    ]
    dealt = [0] * n
    draw = s["draw"]
    pos = 0
    for _ in range(deal_size(round_no)):
        for i in range(n):
            if pos >= len(draw):
                break
            seat = (start + i) % n
            _give(s["hand"][seat], draw[pos])
            dealt[seat] += 1
            pos += 1
    s["draw"] = draw[pos:]
    for i in range(n):
        seat = (start + i) % n
        events.append({"type": "dealt", "player": s["players"][seat], "count": dealt[seat]})
    s["phase"] = "planning"
    s["turn"] = start
    s["step"] = {"kind": "turn"}
    s["passes"] = 0
    s["journey"] = None
    return events


def end_round(s: State) -> list[Event]:
    """Phase 4: tokens home, table to the discard pile, purchases reset; next round or game over."""
    events: list[Event] = [{"type": "round_ended", "round": s["round"]}]
    n = len(s["players"])
    for realm in s["realms"]:
        for v in realm:
            s["discard"].extend(_village_cards(v))
    s["realms"] = [[] for _ in range(n)]
    s["tokens_free"] = [TOKENS] * n
    s["purchases"] = [0] * n
    s["journey"] = None
    if s["round"] >= s["rounds"]:
        s["phase"] = "over"
        s["step"] = {"kind": "over"}
        result = outcome_rows(s)
        events.append({
            "type": "game_over",
            "gold": {r["player"]: r["score"] for r in result},
            "ranks": {r["player"]: r["rank"] for r in result},
        })
        return events
    events.extend(start_round(s, s["round"] + 1))
    return events


def _village_cards(v: dict[str, Any]) -> list[str]:
    """A village and its action cards, in the order they go to the discard pile."""
    cards = [v["card"]]
    if v["thief"] is not None:
        cards.append("thief")
    if v["gold"] is not None:
        cards.append("gold")
    if v["obstacle"] is not None:
        cards.append(v["obstacle"]["card"])
    return cards


def outcome_rows(s: State) -> list[dict[str, Any]]:
    """Players by seat with gold and competition rank (ties share; rank 1 wins)."""
    gold = s["gold"]
    return [
        {"player": p, "rank": 1 + sum(1 for g in gold if g > gold[i]), "score": gold[i]}
        for i, p in enumerate(s["players"])
    ]


# --------------------------------------------------------------------------------------------
# Planning: which actions are legal (rules §6)
# --------------------------------------------------------------------------------------------

def realms_with_room(s: State) -> list[int]:
    cap = capacity(len(s["players"]))
    return [seat for seat, realm in enumerate(s["realms"]) if len(realm) < cap]


def special_targets(s: State, card: str) -> list[tuple[int, int]]:
    """Villages (seat, slot) that can take ``card``."""
    return [(seat, slot) for seat, realm in enumerate(s["realms"])
            for slot, v in enumerate(realm) if can_take_special(v, card)]


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
    return (not s["realms"][seat] and not any(k in hand for k in VILLAGE_KINDS)
            and any(c in TERRAINS for c in s["draw"]))


def planning_turn_moves(s: State, seat: int) -> list[Move]:
    """The seven actions of rules §6, each offered only when it can be completed."""
    hand = s["hand"][seat]
    moves: list[Move] = []
    if realms_with_room(s):
        moves.extend({"type": "play_village", "card": t} for t in VILLAGE_KINDS if t in hand)
    if s["tokens_free"][seat] > 0:
        moves.extend({"type": "play_special", "card": k} for k in SPECIAL_KINDS
                     if k in hand and has_special_target(s, k))
    if draw3_allowed(s, seat):
        moves.append({"type": "draw3"})
    if buy_allowed(s, seat):
        moves.append({"type": "buy"})
    gold = s["gold"][seat]
    moves.extend({"type": "remove_village", "slot": i}
                 for i, v in enumerate(s["realms"][seat]) if gold >= remove_cost(v))
    no_village = no_village_allowed(s, seat)
    if s["realms"][seat] or not (moves or no_village):
        moves.append({"type": "pass"})
    if no_village:
        moves.append({"type": "no_village"})
    return moves


# --------------------------------------------------------------------------------------------
# Travel: the route and what a visit costs (rules §7)
# --------------------------------------------------------------------------------------------

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


def escorted_in(s: State, realm_seat: int) -> bool:
    return bool(s["journey"]["escort"] == realm_seat)


def thief_charges(s: State, seat: int, v: dict[str, Any], realm_seat: int) -> bool:
    """A thief at ``v`` charges the traveller unless they own it or are escorted there."""
    return v["thief"] is not None and v["thief"] != seat and not escorted_in(s, realm_seat)


def obstacle_surcharge(s: State, seat: int, v: dict[str, Any], realm_seat: int) -> int:
    """1 extra card of the transport used for another player's obstacle, unless escorted."""
    ob = v["obstacle"]
    return 1 if ob is not None and ob["owner"] != seat and not escorted_in(s, realm_seat) else 0


def travel_need(s: State, seat: int, v: dict[str, Any], realm_seat: int,
                transport: str) -> int | None:
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
        if "escort" in hand and j["escort"] != r_seat and (
                j["at"] is None or route[j["at"]][0] != r_seat):
            moves.append({"type": "escort"})
    if j["at"] is not None and "reverse" in hand:
        moves.append({"type": "reverse"})
    moves.extend(teleport_moves(s, seat))
    moves.append({"type": "end_journey"})
    return moves


def teleport_moves(s: State, seat: int) -> list[Move]:
    """Teleport magic (rules §7.5): any village on the table, the current one included, also
    as the first move of a journey; 3 gold (+2 where a thief will charge) and 4 travel cards."""
    gold = s["gold"][seat]
    if not s["options"].get("teleport") or gold < TELEPORT_GOLD or \
            travel_cards(s["hand"][seat]) < TELEPORT_CARDS:
        return []
    moves: list[Move] = []
    for r_seat, slot in ring(s):
        v = s["realms"][r_seat][slot]
        need = TELEPORT_GOLD + (THIEF_FEE if thief_at_teleport(seat, v) else 0)
        if gold >= need:
            moves.append({"type": "teleport", "realm": s["players"][r_seat], "slot": slot})
    return moves


def thief_at_teleport(seat: int, v: dict[str, Any]) -> bool:
    """A thief at a teleport destination always charges a visitor who does not own it: "Všechny
    zlaté karty a karty zlodějů mají svůj efekt" (an escort does not help, rules §7.5)."""
    return v["thief"] is not None and v["thief"] != seat


def arrive(s: State, seat: int, index: int, route: list[tuple[int, int]],
           visit: Event) -> list[Event]:
    """Arrival at ring ``index`` (rules §7.2 step 3): escort, thief, income, position."""
    j = s["journey"]
    r_seat, slot = route[index]
    v = s["realms"][r_seat][slot]
    events: list[Event] = []
    if j["escort"] != r_seat:
        j["escort"] = None
    escorted = j["escort"] == r_seat and visit["via"] == "travel"
    charged = thief_at_teleport(seat, v) if visit["via"] == "teleport" else \
        thief_charges(s, seat, v, r_seat)
    if charged:
        s["gold"][seat] -= THIEF_FEE
        s["gold"][v["thief"]] += THIEF_FEE
        events.append({"type": "thief_paid", "player": s["players"][seat],
                       "to": s["players"][v["thief"]], "amount": THIEF_FEE})
    value = VALUE[v["card"]] * (2 if v["gold"] == seat else 1)
    s["gold"][seat] += value  # earned on arrival (rules §7.4)
    j["income"] += value
    j["visits"].append([r_seat, slot])
    j["at"] = index
    visit.update({"player": s["players"][seat], "realm": s["players"][r_seat], "slot": slot,
                  "card": v["card"], "escorted": escorted, "value": value})
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


# --------------------------------------------------------------------------------------------
# The game object
# --------------------------------------------------------------------------------------------

def _strict_equal(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Equal as JSON values with the same types (``true`` is not ``1``, ``2.0`` is not ``2``)."""
    if len(a) != len(b):
        return False
    for k, va in a.items():
        if k not in b:
            return False
        vb = b[k]
        if type(va) is not type(vb) or va != vb:
            return False
    return True


class Elves:
    """King of the Elves; see the module docstring and ``shared/rules/elves.md``."""

    id = "elves"
    title = "King of the Elves"
    min_players = 2
    max_players = 6
    options: dict[str, tuple[Any, Any]] = {"teleport": (False, [False, True])}

    # ---- setup --------------------------------------------------------------------------------

    def setup(self, players: list[str], options: dict[str, Any], seed: int) -> State:
        if not isinstance(players, list) or not all(isinstance(p, str) and p for p in players):
            raise ValueError("players must be a list of player ids")
        if not self.min_players <= len(players) <= self.max_players:
            raise ValueError("King of the Elves needs 2 to 6 players")
        if len(set(players)) != len(players):
            raise ValueError("player ids must be distinct")
        if not isinstance(options, dict):
            raise ValueError("options must be a dict")
        unknown = set(options) - set(self.options)
        if unknown:
            raise ValueError(f"unknown option(s): {', '.join(sorted(map(str, unknown)))}")
        teleport = options.get("teleport", False)
        if not isinstance(teleport, bool):
            raise ValueError("option teleport must be true or false")
        n = len(players)
        s: State = {
            "players": list(players),
            "options": {"teleport": teleport},
            "seed": seed,
            "round": 0,
            "rounds": rounds_for(n),
            "start": 0,
            "phase": "planning",
            "turn": 0,
            "step": {"kind": "turn"},
            "gold": [START_GOLD] * n,
            "hand": [{} for _ in range(n)],
            "tokens_free": [TOKENS] * n,
            "purchases": [0] * n,
            "realms": [[] for _ in range(n)],
            "draw": [],
            "discard": [],
            "passes": 0,
            "journey": None,
        }
        start_round(s, 1)
        return s

    # ---- queries ------------------------------------------------------------------------------

    def actors(self, state: State) -> list[str]:
        if state["phase"] == "over":
            return []
        return [state["players"][state["turn"]]]

    def is_over(self, state: State) -> bool:
        return bool(state["phase"] == "over")

    def is_secret(self, state: State, player: str, move: Move) -> bool:
        return False

    def legal_moves(self, state: State, player: str) -> list[Move]:
        if state["phase"] == "over" or player not in state["players"]:
            return []
        seat = state["turn"]
        if state["players"][seat] != player:
            return []
        return self._moves(state, seat)

    def _moves(self, s: State, seat: int) -> list[Move]:
        step = s["step"]
        kind = step["kind"]
        hand = s["hand"][seat]
        if kind == "turn":
            return planning_turn_moves(s, seat)
        if kind == "journey":
            return journey_moves(s, seat)
        if kind == "discard":
            return [{"type": "discard", "card": k} for k in KINDS if k in hand]
        if kind == "place_village":
            return [{"type": "place_village", "realm": s["players"][r]}
                    for r in realms_with_room(s)]
        if kind == "place_special":
            return [{"type": "place_special", "realm": s["players"][r], "slot": i}
                    for r, i in special_targets(s, step["card"])]
        if kind == "take_village":
            present = set(s["draw"])
            return [{"type": "take_village", "card": t} for t in VILLAGE_KINDS if t in present]
        if kind == "teleport_cards":
            return [{"type": "teleport_card", "card": x} for x in TRAVEL_KINDS if x in hand]
        return []

    # ---- apply --------------------------------------------------------------------------------

    def apply(self, state: State, player: str, move: Move) -> tuple[State, list[Event]]:
        if state["phase"] == "over":
            raise IllegalMove("game_over", "The game is over.")
        seat = state["turn"]
        if player != state["players"][seat]:
            if player in state["players"]:
                raise IllegalMove("not_your_turn",
                                  f"It is {state['players'][seat]}'s turn, not yours.")
            raise IllegalMove("not_your_turn", "You are not playing in this game.")
        mtype = move.get("type") if isinstance(move, dict) else None
        if not isinstance(mtype, str) or mtype not in MOVE_TYPES:
            raise IllegalMove("unknown_move", "That is not a King of the Elves move.")
        legal = self._moves(state, seat)
        if not any(_strict_equal(move, m) for m in legal):
            raise IllegalMove("not_legal", self._why_not(state, seat, move, legal))
        s = _copy(state)
        handler = getattr(self, "_do_" + move["type"])
        events: list[Event] = handler(s, seat, move)
        return s, events

    def _why_not(self, s: State, seat: int, move: Move, legal: list[Move]) -> str:
        """One sentence telling the player why ``move`` is refused (no secrets of others)."""
        kind = s["step"]["kind"]
        mtype = move.get("type")
        if mtype == "travel" and kind == "journey":
            return self._why_not_travel(s, seat, move)
        if not any(m["type"] == mtype for m in legal):
            step_text = {
                "turn": "choose a planning action",
                "place_village": "choose the realm for your village",
                "place_special": "choose the village for your card",
                "discard": "discard a card",
                "take_village": "choose the village card to take",
                "journey": "travel, play a card or end your journey",
                "teleport_cards": "discard a travel card for the teleport",
            }.get(kind, "make another move")
            return f"You cannot do that now: {step_text}."
        if mtype == "discard" or mtype == "teleport_card":
            return "You do not hold that card."
        if mtype == "remove_village":
            return "You cannot remove that village (not yours or too expensive)."
        return "That move is not available now."

    def _why_not_travel(self, s: State, seat: int, move: Move) -> str:
        """Why a travel move is refused: no village, wrong terrain, too few cards, the thief."""
        route = ring(s)
        index = next_village(s, seat, route)
        x = move.get("transport")
        if index is None:
            return "There is no village to travel to."
        if not isinstance(x, str) or x not in COST:
            return "That is not a transport card."
        r_seat, slot = route[index]
        v = s["realms"][r_seat][slot]
        need = travel_need(s, seat, v, r_seat, x)
        if need is None:
            return f"A {x} card cannot enter a {v['card']} village."
        if s["hand"][seat].get(x, 0) < need:
            return f"You need {need} {x} card(s) to enter the next village."
        if thief_charges(s, seat, v, r_seat) and s["gold"][seat] < THIEF_FEE:
            return f"You need {THIEF_FEE} gold to pay the thief at the next village."
        return "You cannot travel that way now."

    # ---- planning handlers --------------------------------------------------------------------

    def _end_action(self, s: State, seat: int, passed: bool = False) -> list[Event]:
        """Finish the seat's planning action; the left neighbour acts, or travel begins."""
        n = len(s["players"])
        s["passes"] = s["passes"] + 1 if passed else 0
        events: list[Event] = []
        if passed:
            events.append({"type": "passed", "player": s["players"][seat], "passes": s["passes"]})
        if s["passes"] >= n:
            events.append({"type": "planning_ended", "round": s["round"]})
            s["phase"] = "travel"
            s["passes"] = 0
            events.extend(start_journey(s, s["start"]))
            return events
        s["turn"] = (seat + 1) % n
        s["step"] = {"kind": "turn"}
        return events

    def _do_pass(self, s: State, seat: int, move: Move) -> list[Event]:
        return self._end_action(s, seat, passed=True)

    def _do_play_village(self, s: State, seat: int, move: Move) -> list[Event]:
        s["step"] = {"kind": "place_village", "card": move["card"]}
        return []

    def _do_place_village(self, s: State, seat: int, move: Move) -> list[Event]:
        card = s["step"]["card"]
        target = s["players"].index(move["realm"])
        _take(s["hand"][seat], card)
        realm = s["realms"][target]
        realm.append({"card": card, "gold": None, "thief": None, "obstacle": None})
        events: list[Event] = [{"type": "village_played", "player": s["players"][seat],
                                "card": card, "realm": move["realm"], "slot": len(realm) - 1}]
        return events + self._end_action(s, seat)

    def _do_play_special(self, s: State, seat: int, move: Move) -> list[Event]:
        s["step"] = {"kind": "place_special", "card": move["card"]}
        return []

    def _do_place_special(self, s: State, seat: int, move: Move) -> list[Event]:
        card = s["step"]["card"]
        target = s["players"].index(move["realm"])
        v = dict(s["realms"][target][move["slot"]])
        s["realms"][target][move["slot"]] = v
        _take(s["hand"][seat], card)
        s["tokens_free"][seat] -= 1
        if card == "gold":
            v["gold"] = seat
        elif card == "thief":
            v["thief"] = seat
        else:
            v["obstacle"] = {"card": card, "owner": seat}
        events: list[Event] = [{"type": "special_played", "player": s["players"][seat],
                                "card": card, "realm": move["realm"], "slot": move["slot"]}]
        return events + self._end_action(s, seat)

    def _do_draw3(self, s: State, seat: int, move: Move) -> list[Event]:
        hand = s["hand"][seat]
        for card in s["draw"][:3]:
            _give(hand, card)
        s["draw"] = s["draw"][3:]
        s["step"] = {"kind": "discard", "left": 4}
        return [{"type": "drew", "player": s["players"][seat], "count": 3}]

    def _do_discard(self, s: State, seat: int, move: Move) -> list[Event]:
        card = move["card"]
        _take(s["hand"][seat], card)
        s["discard"].append(card)
        events: list[Event] = [{"type": "discarded", "player": s["players"][seat], "card": card}]
        left = s["step"]["left"] - 1
        if left:
            s["step"] = {"kind": "discard", "left": left}
            return events
        return events + self._end_action(s, seat)

    def _do_buy(self, s: State, seat: int, move: Move) -> list[Event]:
        k = s["purchases"][seat]
        price = BUY_COST[k]
        s["gold"][seat] -= price
        s["purchases"][seat] = k + 1
        _give(s["hand"][seat], s["draw"][0])
        s["draw"] = s["draw"][1:]
        events: list[Event] = [{"type": "bought", "player": s["players"][seat], "cost": price,
                                "purchase": k + 1}]
        return events + self._end_action(s, seat)

    def _do_remove_village(self, s: State, seat: int, move: Move) -> list[Event]:
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
            specials.append({"card": v["obstacle"]["card"],
                             "owner": s["players"][v["obstacle"]["owner"]]})
            s["tokens_free"][v["obstacle"]["owner"]] += 1
        s["discard"].extend(_village_cards(v))
        events: list[Event] = [{"type": "village_removed", "player": s["players"][seat],
                                "slot": slot, "card": v["card"], "specials": specials,
                                "cost": cost}]
        return events + self._end_action(s, seat)

    def _do_no_village(self, s: State, seat: int, move: Move) -> list[Event]:
        s["step"] = {"kind": "take_village"}
        return [{"type": "no_village_declared", "player": s["players"][seat],
                 "hand": sorted_counts(s["hand"][seat])}]

    def _do_take_village(self, s: State, seat: int, move: Move) -> list[Event]:
        card = move["card"]
        s["draw"].remove(card)  # the topmost card of that kind; the rest keeps its order
        hand = s["hand"][seat]
        _give(hand, card)
        events: list[Event] = [{"type": "village_taken", "player": s["players"][seat],
                                "card": card}]
        if hand_size(hand) == 1:  # no other card to discard in its place: keep it (rules §6)
            return events + self._end_action(s, seat)
        s["step"] = {"kind": "discard", "left": 1}
        return events

    # ---- travel handlers ----------------------------------------------------------------------

    def _do_travel(self, s: State, seat: int, move: Move) -> list[Event]:
        x = move["transport"]
        route = ring(s)
        index = next_village(s, seat, route)
        assert index is not None
        r_seat, slot = route[index]
        v = s["realms"][r_seat][slot]
        extra = obstacle_surcharge(s, seat, v, r_seat)
        need = COST[x][v["card"]] + extra
        _take(s["hand"][seat], x, need)
        s["discard"].extend([x] * need)
        visit: Event = {"type": "visited", "via": "travel", "transport": x, "cards": need,
                        "obstacle_extra": bool(extra)}
        return arrive(s, seat, index, route, visit)

    def _do_escort(self, s: State, seat: int, move: Move) -> list[Event]:
        route = ring(s)
        index = next_village(s, seat, route)
        assert index is not None
        realm_seat = route[index][0]
        _take(s["hand"][seat], "escort")
        s["discard"].append("escort")
        s["journey"]["escort"] = realm_seat
        return [{"type": "escort_played", "player": s["players"][seat],
                 "realm": s["players"][realm_seat]}]

    def _do_reverse(self, s: State, seat: int, move: Move) -> list[Event]:
        _take(s["hand"][seat], "reverse")
        s["discard"].append("reverse")
        j = s["journey"]
        j["dir"] = -j["dir"]
        return [{"type": "direction_changed", "player": s["players"][seat],
                 "direction": "cw" if j["dir"] == 1 else "ccw"}]

    def _do_teleport(self, s: State, seat: int, move: Move) -> list[Event]:
        s["gold"][seat] -= TELEPORT_GOLD
        s["step"] = {"kind": "teleport_cards", "left": TELEPORT_CARDS,
                     "realm": move["realm"], "slot": move["slot"]}
        return [{"type": "teleport_started", "player": s["players"][seat],
                 "realm": move["realm"], "slot": move["slot"], "cost": TELEPORT_GOLD}]

    def _do_teleport_card(self, s: State, seat: int, move: Move) -> list[Event]:
        card = move["card"]
        _take(s["hand"][seat], card)
        s["discard"].append(card)
        events: list[Event] = [{"type": "teleport_card", "player": s["players"][seat],
                                "card": card}]
        step = s["step"]
        left = step["left"] - 1
        if left:
            s["step"] = {**step, "left": left}
            return events
        route = ring(s)
        index = route.index((s["players"].index(step["realm"]), step["slot"]))
        s["step"] = {"kind": "journey"}
        visit: Event = {"type": "visited", "via": "teleport", "transport": None,
                        "cards": TELEPORT_CARDS, "obstacle_extra": False}
        return events + arrive(s, seat, index, route, visit)

    def _do_end_journey(self, s: State, seat: int, move: Move) -> list[Event]:
        j = s["journey"]
        bonus = BONUS_ALL if visited_all(s) else 0
        s["gold"][seat] += bonus  # village income was credited on arrival (rules §7.4)
        events: list[Event] = [{"type": "journey_ended", "player": s["players"][seat],
                                "visits": len(j["visits"]), "income": j["income"],
                                "bonus": bonus}]
        n = len(s["players"])
        if seat == (s["start"] - 1) % n:
            return events + end_round(s)
        return events + start_journey(s, (seat + 1) % n)

    # ---- views and outcome --------------------------------------------------------------------

    def view(self, state: State, viewer: str | None) -> dict[str, Any]:
        s = state
        players = s["players"]
        n = len(players)
        over = s["phase"] == "over"
        planning = s["phase"] == "planning"
        v: dict[str, Any] = {
            "game": self.id,
            "viewer": viewer if viewer in players else None,
            "round": s["round"],
            "rounds": s["rounds"],
            "phase": s["phase"],
            "options": dict(s["options"]),
            "start_player": players[s["start"]],
            "actor": None if over else players[s["turn"]],
            "step": dict(s["step"]),
            "capacity": capacity(n),
            "players": [
                {
                    "id": p,
                    "seat": i,
                    "hand_size": hand_size(s["hand"][i]),
                    "coins": coin_count(s["gold"][i]),
                    "tokens_free": s["tokens_free"][i],
                    "purchases": s["purchases"][i] if planning else 0,
                    "set_aside": set_aside(s["purchases"][i]) if planning else 0,
                    "next_buy_cost": buy_cost(s["purchases"][i] if planning else 0),
                }
                for i, p in enumerate(players)
            ],
            "realms": [
                [self._village_view(s, seat, slot, vil) for slot, vil in enumerate(realm)]
                for seat, realm in enumerate(s["realms"])
            ],
            "draw_pile": len(s["draw"]),
            "discard_pile": sorted_counts(_counts(s["discard"])),
            "discard_top": s["discard"][-1] if s["discard"] else None,
            "passes": s["passes"],
            "journey": self._journey_view(s),
        }
        if over:
            result = outcome_rows(s)
            v["final"] = {"gold": {r["player"]: r["score"] for r in result},
                          "ranks": {r["player"]: r["rank"] for r in result}}
        if viewer is not None and v["viewer"] is not None:
            seat = players.index(viewer)
            v["hand"] = sorted_counts(s["hand"][seat])
            v["gold"] = s["gold"][seat]
            v["coin_breakdown"] = coins(s["gold"][seat])
            v["legal_moves"] = self.legal_moves(s, viewer)
        return v

    @staticmethod
    def _village_view(s: State, seat: int, slot: int, vil: dict[str, Any]) -> dict[str, Any]:
        players = s["players"]
        ob = vil["obstacle"]
        return {
            "realm": players[seat],
            "slot": slot,
            "card": vil["card"],
            "value": VALUE[vil["card"]],
            "gold": None if vil["gold"] is None else players[vil["gold"]],
            "thief": None if vil["thief"] is None else players[vil["thief"]],
            "obstacle": None if ob is None else {"card": ob["card"], "owner": players[ob["owner"]]},
        }

    @staticmethod
    def _journey_view(s: State) -> dict[str, Any] | None:
        j = s["journey"]
        if j is None or s["phase"] != "travel":
            return None
        players = s["players"]
        seat = s["turn"]
        route = ring(s)
        nxt = next_village(s, seat, route)
        at = None if j["at"] is None else route[j["at"]]
        return {
            "traveller": players[seat],
            "at": None if at is None else {"realm": players[at[0]], "slot": at[1]},
            "next": None if nxt is None else {"realm": players[route[nxt][0]],
                                              "slot": route[nxt][1]},
            "direction": "cw" if j["dir"] == 1 else "ccw",
            "escort": None if j["escort"] is None else players[j["escort"]],
            "visits": [{"realm": players[a], "slot": b} for a, b in j["visits"]],
            "income": j["income"],
            "all_visited": visited_all(s),
        }

    def outcome(self, state: State) -> list[dict[str, Any]]:
        return outcome_rows(state)

    def dump(self, state: State) -> dict[str, Any]:
        """A JSON-able deep copy of the state (nothing shared with the live state)."""
        return _deep_copy(state)

    def load(self, data: dict[str, Any]) -> State:
        return _deep_copy(data)


def _counts(cards: list[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in cards:
        out[c] = out.get(c, 0) + 1
    return out


__all__ = ["Elves", "coins", "coin_count", "ACTION_KINDS"]
