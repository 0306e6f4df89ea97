"""Majesty: For the Realm (2-4 players, 12 rounds of open drafting), the rules engine.

Each turn the active player takes one character card from a six-card display (paying one meeple
onto every card in front of it and picking up the meeples lying on the card taken), places it
at its location in their realm (a split card as either half) and resolves that location on its
current side (A or B): heal, attack, the Castle B exchange, then the payout lines. After 12
rounds: Infirmary penalties, variety squared and majority bonuses (docs/rules/majesty.md §1-§6).

Hidden information: none between players. Only the draw deck's order and the identity of the
deck-1 cards returned to the box are hidden from everybody; views show the deck size and the
back colour (tier) of its top card, never its contents. Views never contain the seed.

State: a plain JSON-able dict (``dump``/``load`` copy it; ``game.py`` checks its shape on
``load``). ``play`` copies before changing; it is reached only through ``GameBase.apply``
(``game.py``), which validates first. The view is in ``viewing.py``, the refusal reasons in
``refusals.py``, what a move would do (``preview``) in ``preview.py``. Rules:
docs/rules/majesty.md.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games.majesty.tables import (
    DECK1,
    DECK2,
    DISPLAY_SIZE,
    HOME,
    INFIRMARY_MOST,
    INFIRMARY_PER_CARD,
    LOCATION_SIDES,
    LOCATIONS,
    MAJORITY,
    MEEPLES_TOTAL,
    REALM_LOCATIONS,
    ROUNDS,
    START_MEEPLES,
    TIER1_KEPT,
    WORKER_CAPACITY,
    card_characters,
)

State = dict[str, Any]
Move = dict[str, Any]
Event = dict[str, Any]

#: move type -> (its one value key, the value's type) (rules §8.1)
MOVE_KEYS: dict[str, tuple[str, type]] = {
    "take": ("index", int),
    "place": ("character", str),
    "heal_place": ("character", str),
    "castle_exchange": ("meeples", int),
}
MOVE_TYPES: frozenset[str] = frozenset(MOVE_KEYS)


# --------------------------------------------------------------------------------------------
# Options and setup (§2)


SIDES_HELP = (
    "sides must be 8 letters A or B, one per location in building order (Mill, "
    "Brewery, Cottage, Guardhouse, Barracks, Inn, Castle, Infirmary), e.g. ABBAABAB, "
    "or A or B for all"
)


def normalise_sides(value: Any) -> str | None:
    """ "A", "B" or 8 letters A/B (any case) -> 8 upper-case letters; None for anything else.

    Rules §7: "Pak můžete libovolně zkombinovat strany A i B dohromady" - every one of the 256
    combinations, the same for every player. ``Majesty.options_problem`` refuses what this
    cannot read (code ``bad_sides``), so ``start`` only ever sees readable letters."""
    if not isinstance(value, str):
        return None
    sides = value.strip().upper()
    if sides in ("A", "B"):
        sides = sides * len(LOCATIONS)
    if len(sides) != len(LOCATIONS) or any(c not in "AB" for c in sides):
        return None
    return sides


def build_deck(rng: random.Random, n_players: int, mixed_deck: bool) -> list[int]:
    """The draw deck, top card first (§1.4, §2.2 step 2)."""
    if mixed_deck:
        deck = sorted(DECK1 + DECK2)
        rng.shuffle(deck)
        return deck
    t1 = list(DECK1)
    rng.shuffle(t1)
    t2 = list(DECK2)
    rng.shuffle(t2)
    return t1[: TIER1_KEPT[n_players]] + t2


def empty_realm() -> dict[str, Any]:
    return {
        "points": 0,
        "meeples": START_MEEPLES,
        "taken": 0,
        "locations": {loc: [] for loc in REALM_LOCATIONS},
        "infirmary": [],
    }


def start(players: list[str], options: dict[str, Any], seed: int) -> State:
    """§2.2: the first state. ``players`` and ``options`` are checked by the template
    (``games.base.GameBase.setup``, with ``Majesty.options_problem``): 2-4 distinct ids, every
    option present and valid."""
    sides = normalise_sides(options["sides"])
    assert sides is not None, "options_problem lets only readable sides through"
    opts = {
        "sides": sides,
        "mixed_deck": options["mixed_deck"],
        "tiebreak_meeples": options["tiebreak_meeples"],
        "unbounded_meeples": options["unbounded_meeples"],
    }
    rng = random.Random(f"{seed}:majesty")
    first = rng.randrange(len(players))
    deck = build_deck(rng, len(players), opts["mixed_deck"])
    display = [{"card": deck.pop(0), "meeples": 0} for _ in range(DISPLAY_SIZE)]
    return {
        "game": "majesty",
        "players": list(players),
        "order": players[first:] + players[:first],
        "options": opts,
        "t": 0,
        "step": "take",
        "pending": None,
        "display": display,
        "deck": deck,
        "realms": {p: empty_realm() for p in players},
        "final": None,
    }


def copy_state(s: State) -> State:
    """A copy deep enough that changing it never touches ``s`` (placed entries are immutable)."""
    new = dict(s)
    new["options"] = dict(s["options"])
    new["players"] = list(s["players"])
    new["order"] = list(s["order"])
    new["display"] = [dict(d) for d in s["display"]]
    new["deck"] = list(s["deck"])
    new["pending"] = dict(s["pending"]) if s["pending"] is not None else None
    new["realms"] = {
        p: {
            "points": r["points"],
            "meeples": r["meeples"],
            "taken": r["taken"],
            "locations": {k: [dict(e) for e in v] for k, v in r["locations"].items()},
            "infirmary": list(r["infirmary"]),
        }
        for p, r in s["realms"].items()
    }
    return new


# --------------------------------------------------------------------------------------------
# Small readers


def side_of(s: State, location: str) -> str:
    return str(s["options"]["sides"][LOCATIONS.index(location)])


def active_player(s: State) -> str | None:
    if s["step"] == "over":
        return None
    order: list[str] = s["order"]
    turn: int = s["t"]
    return order[turn % len(order)]


def current_round(s: State) -> int:
    turn: int = s["t"]
    return min(turn // len(s["order"]) + 1, ROUNDS)


def turn_order_from(s: State, player: str) -> list[str]:
    """Every player in turn order, starting with ``player``."""
    order: list[str] = s["order"]
    i = order.index(player)
    return order[i:] + order[:i]


def count(realm: dict[str, Any], character: str) -> int:
    """n(X): cards counting as ``character`` at its location (Infirmary cards never count)."""
    return len(realm["locations"][HOME[character]])


def supply(s: State) -> int:
    """The helper figures left in the common supply (rules §1.1, decision 14): the box's 30
    less those the players hold and those lying on display cards; with the house rule
    ``unbounded_meeples`` the supply never runs out (a large number stands for it)."""
    if s["options"]["unbounded_meeples"]:
        return 10**9
    held = sum(int(r["meeples"]) for r in s["realms"].values())
    return MEEPLES_TOTAL - held - sum(int(d["meeples"]) for d in s["display"])


def largest_location(realm: dict[str, Any]) -> int:
    """L: the largest card count over locations 1-7."""
    return max(len(realm["locations"][loc]) for loc in REALM_LOCATIONS)


# --------------------------------------------------------------------------------------------
# Legal moves (§3.3)


def take_indices(s: State, player: str) -> list[int]:
    held = s["realms"][player]["meeples"]
    return list(range(min(DISPLAY_SIZE - 1, held, len(s["display"]) - 1) + 1))


def castle_exchange_amounts(held: int, points: int, left: int = 10**9) -> list[int]:
    """The canonical exchange amounts, ascending (§4.3 7B): sells, skip, buys (no more than
    the ``left`` figures of the supply, §1.1)."""
    sells = [-s for s in range(held, max(1, held - 4) - 1, -1)]
    buys = list(range(1, min(points, WORKER_CAPACITY - held, left) + 1))
    return sells + [0] + buys


def exchange_amounts(s: State, player: str) -> list[int]:
    """7B for ``player`` now: their held meeples, points and the supply."""
    realm = s["realms"][player]
    return castle_exchange_amounts(realm["meeples"], realm["points"], supply(s))


def moves(s: State, player: str) -> list[Move]:
    """§3.3: the moves of the active player ``player`` in a running game (the template answers
    ``[]`` for anybody else and once the game is over)."""
    step = s["step"]
    if step == "take":
        return [{"type": "take", "index": i} for i in take_indices(s, player)]
    if step in ("place", "heal_place"):
        card = s["pending"]["card"]
        return [{"type": step, "character": c} for c in card_characters(card)]
    if step == "castle_exchange":
        return [{"type": "castle_exchange", "meeples": k} for k in exchange_amounts(s, player)]
    return []


# --------------------------------------------------------------------------------------------
# The turn (§3.2)


def take_card(s: State, player: str, index: int, events: list[Event]) -> int:
    """T1: pay one meeple onto each card in front of ``index``, take the card and its meeples."""
    realm = s["realms"][player]
    for i in range(index):
        s["display"][i]["meeples"] += 1
    realm["meeples"] -= index
    slot = s["display"].pop(index)
    realm["meeples"] += slot["meeples"]
    realm["taken"] += 1
    events.append(
        {
            "type": "take",
            "player": player,
            "index": index,
            "card": slot["card"],
            "cost": index,
            "meeples_gained": slot["meeples"],
        }
    )
    refill(s, events)
    return int(slot["card"])


def refill(s: State, events: list[Event]) -> None:
    """T1 refill: as soon as a card is taken, the rest moves left and the deck's top card
    becomes the sixth (rulebook p.4: "Jakmile jste si vybrali postavu, zbytek karet postav
    ... posuňte doleva a na konec řady dodejte novou (šestou) kartu"), so the split-card
    choice, a heal and the Castle B exchange are all made seeing it."""
    if s["deck"]:
        card = s["deck"].pop(0)
        s["display"].append({"card": card, "meeples": 0})
        events.append({"type": "refill", "card": card, "deck_count": len(s["deck"])})


def place_card(s: State, player: str, card: int, character: str, events: list[Event]) -> str:
    """T3: append the card, counting as ``character``, to the end of its location."""
    location = HOME[character]
    s["realms"][player]["locations"][location].append({"id": card, "as": character})
    events.append(
        {
            "type": "place",
            "player": player,
            "card": card,
            "character": character,
            "location": location,
        }
    )
    return location


def resolve_location(s: State, player: str, location: str, events: list[Event]) -> None:
    """T4: the signpost ability first; it may stop for a choice (heal_place, castle_exchange)."""
    ability = LOCATION_SIDES[location][side_of(s, location)]["ability"]
    if ability == "heal" and heal(s, player, events):
        return
    if ability == "attack":
        attack(s, player, events)
    if ability == "exchange":
        if exchange_amounts(s, player) != [0]:
            s["step"] = "castle_exchange"
            s["pending"] = {"kind": "castle_exchange", "location": location}
            return
    finish_location(s, player, location, events)


def finish_location(s: State, player: str, location: str, events: list[Event]) -> None:
    """The payout lines, then the end of the turn."""
    pay_out(s, player, location, events)
    end_of_turn(s, player, events)


def heal(s: State, player: str, events: list[Event]) -> bool:
    """§5.3: the top Infirmary card returns; True when a split card waits for a half."""
    realm = s["realms"][player]
    if not realm["infirmary"]:
        return False
    card = realm["infirmary"].pop()
    halves = card_characters(card)
    if len(halves) > 1:
        s["step"] = "heal_place"
        s["pending"] = {"kind": "heal_place", "card": card, "location": "cottage"}
        return True
    place_healed(s, player, card, halves[0], events)
    return False


def place_healed(s: State, player: str, card: int, character: str, events: list[Event]) -> None:
    """A healed card goes to the end of its location and triggers nothing."""
    location = HOME[character]
    s["realms"][player]["locations"][location].append({"id": card, "as": character})
    events.append(
        {
            "type": "heal",
            "player": player,
            "card": card,
            "character": character,
            "location": location,
        }
    )


def wounded_card(realm: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """§5.2: the most recently placed card of the leftmost non-empty location 1-7."""
    for location in REALM_LOCATIONS:
        cards = realm["locations"][location]
        if cards:
            return location, cards[-1]
    return None


def attack(s: State, player: str, events: list[Event]) -> None:
    """§5.2: strength n(Knight) against every opponent; Guards >= strength defend."""
    knights = count(s["realms"][player], "knight")
    for target in turn_order_from(s, player)[1:]:
        realm = s["realms"][target]
        guards = count(realm, "guard")
        event: Event = {
            "type": "attack",
            "player": player,
            "target": target,
            "knights": knights,
            "guards": guards,
        }
        victim = wounded_card(realm) if guards < knights else None
        if guards >= knights:
            event["result"] = "defended"
        elif victim is None:
            event["result"] = "nothing_to_wound"
        else:
            location, entry = victim
            realm["locations"][location].pop()
            realm["infirmary"].append(entry["id"])
            event.update(
                result="wounded", card=entry["id"], character=entry["as"], location=location
            )
        events.append(event)


def castle_exchange(s: State, player: str, k: int, events: list[Event]) -> None:
    """7B: buy (k > 0) or sell (-k) meeples at 1 point each."""
    realm = s["realms"][player]
    realm["meeples"] += k
    realm["points"] -= k
    events.append({"type": "castle_exchange", "player": player, "meeples": k, "points": -k})


def gain(
    s: State,
    player: str,
    points: int,
    meeples: int,
    location: str,
    reason: str,
    events: list[Event],
) -> None:
    """A payout line's gain; meeples come from the common supply, so no more than it holds
    (rules §1.1): the event says how many it could not give (``short``)."""
    if points == 0 and meeples == 0:
        return
    given = max(0, min(meeples, supply(s)))
    realm = s["realms"][player]
    realm["points"] += points
    realm["meeples"] += given
    event: Event = {
        "type": "gain",
        "player": player,
        "points": points,
        "meeples": given,
        "location": location,
        "reason": reason,
    }
    if given < meeples:
        event["short"] = meeples - given
    events.append(event)


PayoutLine = dict[str, Any]


def _line_per_card(
    s: State, player: str, location: str, line: PayoutLine, events: list[Event]
) -> None:
    """points/meeples times the sum of the active player's counts ('infirmary' = its cards)."""
    realm = s["realms"][player]
    n = sum(len(realm["infirmary"]) if c == "infirmary" else count(realm, c) for c in line["count"])
    gain(s, player, line["points"] * n, line["meeples"] * n, location, line["reason"], events)


def _line_per_card_times_largest(
    s: State, player: str, location: str, line: PayoutLine, events: list[Event]
) -> None:
    """6B Inn: points times n(Innkeeper) times the largest count at locations 1-7."""
    realm = s["realms"][player]
    n = sum(count(realm, c) for c in line["count"])
    gain(
        s, player, line["points"] * n * largest_location(realm), 0, location, line["reason"], events
    )


def _line_every_player_with(
    s: State, player: str, location: str, line: PayoutLine, events: list[Event]
) -> None:
    """2A, 6A, 1B, 4B: a flat bonus to every player (active first) holding the character."""
    for q in turn_order_from(s, player):
        if count(s["realms"][q], line["character"]) >= 1:
            gain(s, q, line["points"], 0, location, line["reason"], events)


def _line_active_with_all(
    s: State, player: str, location: str, line: PayoutLine, events: list[Event]
) -> None:
    """2B Brewery: a flat bonus to the active player holding each of the characters."""
    if all(count(s["realms"][player], c) >= 1 for c in line["characters"]):
        gain(s, player, line["points"], 0, location, line["reason"], events)


#: payout line kind (``locations.json``) -> the rule that pays it
PAYOUT_LINES: dict[str, Callable[[State, str, str, PayoutLine, list[Event]], None]] = {
    "per_card": _line_per_card,
    "per_card_times_largest": _line_per_card_times_largest,
    "every_player_with": _line_every_player_with,
    "active_with_all": _line_active_with_all,
}


def pay_out(s: State, player: str, location: str, events: list[Event]) -> None:
    """T4.2: every payout line of the location's side, in table order (§4.2)."""
    for line in LOCATION_SIDES[location][side_of(s, location)]["payout"]:
        PAYOUT_LINES[line["kind"]](s, player, location, line, events)


def end_of_turn(s: State, player: str, events: list[Event]) -> None:
    """T5: return surplus meeples for points, then the next turn or final scoring."""
    realm = s["realms"][player]
    surplus = realm["meeples"] - WORKER_CAPACITY
    if surplus > 0:
        realm["meeples"] -= surplus
        realm["points"] += surplus
        events.append(
            {"type": "meeples_returned", "player": player, "meeples": surplus, "points": surplus}
        )
    s["pending"] = None
    s["t"] += 1
    if s["t"] >= ROUNDS * len(s["order"]):
        final_scoring(s, events)
        return
    s["step"] = "take"
    events.append({"type": "turn", "player": active_player(s), "round": current_round(s)})


# --------------------------------------------------------------------------------------------
# Final scoring (§6)


def infirmary_penalty(s: State, player: str) -> int:
    return INFIRMARY_PER_CARD[side_of(s, "infirmary")] * len(s["realms"][player]["infirmary"])


def variety_locations(s: State, player: str) -> int:
    locs = s["realms"][player]["locations"]
    return sum(1 for loc in REALM_LOCATIONS if locs[loc])


def majority_awards(s: State) -> list[dict[str, Any]]:
    """Step 3: each location's largest count (>= 1) and every player holding it."""
    awards: list[dict[str, Any]] = []
    order: list[str] = s["order"]
    for i, location in enumerate(REALM_LOCATIONS):
        counts = {p: len(s["realms"][p]["locations"][location]) for p in order}
        best = max(counts.values())
        if best >= 1:
            awards.append(
                {
                    "location": location,
                    "count": best,
                    "players": [p for p in order if counts[p] == best],
                    "points": MAJORITY[side_of(s, location)][i],
                }
            )
    most = INFIRMARY_MOST[side_of(s, "infirmary")]
    if most:
        counts = {p: len(s["realms"][p]["infirmary"]) for p in order}
        best = max(counts.values())
        if best >= 1:
            awards.append(
                {
                    "location": "infirmary",
                    "count": best,
                    "players": [p for p in order if counts[p] == best],
                    "points": most,
                }
            )
    return awards


def breakdowns(s: State) -> dict[str, dict[str, Any]]:
    """Score breakdown of every player as if the game ended now (§6.2)."""
    out: dict[str, dict[str, Any]] = {}
    for p in s["order"]:
        k = variety_locations(s, p)
        out[p] = {
            "play": s["realms"][p]["points"],
            "infirmary": infirmary_penalty(s, p),
            "variety": k * k,
            "majority": {},
        }
    for award in majority_awards(s):
        for p in award["players"]:
            out[p]["majority"][award["location"]] = award["points"]
    for b in out.values():
        b["total"] = b["play"] + b["infirmary"] + b["variety"] + sum(b["majority"].values())
    return out


def rank_players(s: State, totals: dict[str, int]) -> list[dict[str, Any]]:
    """§6.3: competition ranking by score; with tiebreak_meeples, held meeples break ties."""
    tiebreak = s["options"]["tiebreak_meeples"]

    def key(p: str) -> tuple[int, int]:
        return (totals[p], s["realms"][p]["meeples"] if tiebreak else 0)

    order: list[str] = s["order"]
    rows = []
    for p in order:
        rank = 1 + sum(1 for q in order if key(q) > key(p))
        rows.append(
            {"player": p, "rank": rank, "score": totals[p], "meeples": s["realms"][p]["meeples"]}
        )
    rows.sort(key=lambda r: (r["rank"], order.index(r["player"])))
    return rows


def final_scoring(s: State, events: list[Event]) -> None:
    order: list[str] = s["order"]
    for p in order:
        events.append(
            {
                "type": "final_infirmary",
                "player": p,
                "cards": len(s["realms"][p]["infirmary"]),
                "points": infirmary_penalty(s, p),
            }
        )
    for p in order:
        k = variety_locations(s, p)
        events.append({"type": "final_variety", "player": p, "locations": k, "points": k * k})
    for award in majority_awards(s):
        events.append({"type": "final_majority", **award})
    parts = breakdowns(s)
    ranking = rank_players(s, {p: parts[p]["total"] for p in order})
    s["final"] = [{**row, "breakdown": parts[row["player"]]} for row in ranking]
    s["step"] = "over"
    s["pending"] = None
    events.append({"type": "game_over", "ranking": ranking})


# --------------------------------------------------------------------------------------------
# play: one validated move (``GameBase.apply`` validates first)


def _play_take(s: State, player: str, move: Move, events: list[Event]) -> None:
    """T1, then a single card is placed and resolved at once; a split card waits (T2)."""
    card = take_card(s, player, move["index"], events)
    halves = card_characters(card)
    if len(halves) > 1:
        s["step"] = "place"
        s["pending"] = {"kind": "place", "card": card}
        return
    location = place_card(s, player, card, halves[0], events)
    resolve_location(s, player, location, events)


def _play_place(s: State, player: str, move: Move, events: list[Event]) -> None:
    """T2-T4: the chosen half of the split card is placed and its location resolved."""
    card = s["pending"]["card"]
    s["pending"] = None
    location = place_card(s, player, card, move["character"], events)
    resolve_location(s, player, location, events)


def _play_heal_place(s: State, player: str, move: Move, events: list[Event]) -> None:
    """§5.3: the healed split card goes back as the chosen half; then the Cottage pays out."""
    card = s["pending"]["card"]
    s["pending"] = None
    place_healed(s, player, card, move["character"], events)
    finish_location(s, player, "cottage", events)


def _play_exchange(s: State, player: str, move: Move, events: list[Event]) -> None:
    """7B: the exchange, then the Castle B payout."""
    s["pending"] = None
    castle_exchange(s, player, move["meeples"], events)
    finish_location(s, player, "castle", events)


PLAY: dict[str, Callable[[State, str, Move, list[Event]], None]] = {
    "take": _play_take,
    "place": _play_place,
    "heal_place": _play_heal_place,
    "castle_exchange": _play_exchange,
}


def play(s: State, player: str, move: Move) -> tuple[State, list[Event]]:
    """A new state after ``move``, which must already be one of ``moves(s, player)``; the state
    keeps no copy of the events (the host has them in its move log)."""
    s = copy_state(s)
    events: list[Event] = []
    PLAY[move["type"]](s, player, move, events)
    return s, events
