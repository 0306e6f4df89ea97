"""Small derived rules of King of the Elves, and the state helpers every step uses.

Derive, don't store (docs/rules/elves.md §11.1): coins, capacity, purchase prices, removal
costs, the ring. A state is a plain JSON-able dict; :func:`copy_state` copies it deep enough
that ``play`` never changes a dict it was given.
"""

from __future__ import annotations

import random
from typing import Any

from games.elves.data import (
    BANK_GOLD,
    BUY_COST,
    CAPACITY,
    CAPACITY_2P,
    COINS,
    DEAL_FIRST,
    DEAL_LATER,
    DECK_COUNTS,
    KIND_ORDER,
    KINDS,
    REMOVE_BASE,
    REMOVE_PER_ACTION,
    ROUNDS,
    TERRAINS,
    TRAVEL_KINDS,
)

State = dict[str, Any]
Village = dict[str, Any]

_TRAVEL_SET = frozenset(TRAVEL_KINDS)


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


def bank(s: State) -> int | None:
    """The gold left in the bank (rules §2.4): its 65 coins (325 gold) less what the players
    hold and, during planning, the purchases set aside beside them; None under the house rule
    ``unlimited_bank``."""
    if s["options"].get("unlimited_bank"):
        return None
    aside = sum(set_aside(k) for k in s["purchases"]) if s["phase"] == "planning" else 0
    return int(BANK_GOLD - sum(s["gold"]) - aside)


def paid(s: State, amount: int, extra: int = 0) -> int:
    """What the bank pays of ``amount`` now (all of it, or what it holds when short, rules
    §2.4); ``extra``: gold that reaches the bank before the payment (a teleport's 3 gold)."""
    left = bank(s)
    return amount if left is None else max(0, min(amount, left + extra))


def specials_at(village: Village) -> int:
    """Number of action cards lying at a village."""
    return (
        (village["gold"] is not None)
        + (village["thief"] is not None)
        + (village["obstacle"] is not None)
    )


def remove_cost(village: Village) -> int:
    """Removing a village costs 2 + 1 per action card at it."""
    return REMOVE_BASE + REMOVE_PER_ACTION * specials_at(village)


def can_take_special(village: Village, card: str) -> bool:
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
    return [
        (seat, slot) for seat, realm in enumerate(state["realms"]) for slot in range(len(realm))
    ]


def take(hand: dict[str, int], card: str, n: int = 1) -> None:
    left = hand[card] - n
    if left:
        hand[card] = left
    else:
        del hand[card]


def give(hand: dict[str, int], card: str, n: int = 1) -> None:
    hand[card] = hand.get(card, 0) + n


def spend(s: State, seat: int, card: str, n: int = 1) -> None:
    """``n`` cards of ``card`` leave the seat's hand face up (played or discarded): every card
    that leaves a hand does so in public, so the public knowledge of the hand (``revealed``,
    from a "No village card!") shrinks by as many, down to 0."""
    take(s["hand"][seat], card, n)
    known = s["revealed"][seat]
    if card in known:
        take(known, card, min(n, known[card]))


def copy_state(s: State) -> State:
    """A copy of the state deep enough that nothing shared is ever mutated."""
    new = dict(s)
    new["options"] = dict(s["options"])
    new["step"] = dict(s["step"])
    new["gold"] = list(s["gold"])
    new["hand"] = [dict(h) for h in s["hand"]]
    new["revealed"] = [dict(h) for h in s["revealed"]]
    new["tokens_free"] = list(s["tokens_free"])
    new["purchases"] = list(s["purchases"])
    # village dicts are shared: handlers replace a village dict instead of changing it
    new["realms"] = [list(realm) for realm in s["realms"]]
    new["draw"] = list(s["draw"])
    new["discard"] = list(s["discard"])
    ledger = s.get("ledger")
    if ledger is not None:
        new["ledger"] = {
            "rounds": [list(r) for r in ledger["rounds"]],
            "bonus": list(ledger["bonus"]),
        }
    j = s["journey"]
    if j is not None:
        new["journey"] = {**j, "visits": [list(v) for v in j["visits"]]}
    return new


def deep_copy(s: State) -> State:
    """A copy sharing nothing with ``s`` (for dump/load), without ``copy.deepcopy``'s cost."""
    new = copy_state(s)
    new["realms"] = [
        [{**v, "obstacle": dict(v["obstacle"]) if v["obstacle"] else None} for v in realm]
        for realm in s["realms"]
    ]
    return new


def full_deck() -> list[str]:
    """All 120 cards in data-table order."""
    return [k for k in KINDS for _ in range(DECK_COUNTS[k])]


def shuffle_pool(pool: list[str], seed: Any, round_no: int) -> list[str]:
    """Sort into data-table order, then shuffle with ``Random(f"{seed}:{round}")`` (rules §5)."""
    ordered = sorted(pool, key=KIND_ORDER.__getitem__)
    random.Random(f"{seed}:{round_no}").shuffle(ordered)
    return ordered


def counts(cards: list[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in cards:
        out[c] = out.get(c, 0) + 1
    return out
