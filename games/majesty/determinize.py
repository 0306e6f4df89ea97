"""``determinize`` (issue 15): a Majesty state a player cannot tell from the real one.

Majesty has no secrets between players: every card on the display, in a realm, in an
Infirmary or waiting to be placed has been seen by everybody. The only hidden thing is the draw
deck, whose order (and, without the mixed deck, which deck-1 cards went back to the box unseen,
rules §1.4) nobody knows. What everybody does know about it, and what is kept:

* its size (``deck_count``) and the back colour of its top card (``deck_top_tier``);
* without ``mixed_deck``, its structure (setup, §2.2): the kept deck-1 cards lie on top of the
  whole of deck 2, so every deck-2 card not yet seen is in the deck, under the deck-1 ones;
* with ``mixed_deck``, every card not yet seen is in the deck (none was removed).

The deck is redrawn from the unseen cards of each tier accordingly. Everything else is copied.
The draw reads only what the player sees (the unseen cards, sorted, and the deck's public
facts), so two states that look the same give the same result for equally seeded generators.
"""

from __future__ import annotations

import random

from games.majesty.engine import State, copy_state
from games.majesty.tables import CARDS, card_tier


def seen_cards(s: State) -> set[int]:
    """Every card on the display, in a realm, in an Infirmary or waiting to be placed (a split
    card taken or healed): all of them were face up once."""
    seen = {d["card"] for d in s["display"]}
    if s["pending"] is not None and "card" in s["pending"]:
        seen.add(s["pending"]["card"])
    for realm in s["realms"].values():
        seen.update(e["id"] for cards in realm["locations"].values() for e in cards)
        seen.update(realm["infirmary"])
    return seen


def unseen_by_tier(s: State, rng: random.Random) -> dict[int, list[int]]:
    """The cards nobody has seen, by deck (tier), each list in a random order from ``rng``."""
    seen = seen_cards(s)
    pools: dict[int, list[int]] = {1: [], 2: []}
    for card in sorted(CARDS):
        if card not in seen:
            pools[card_tier(card)].append(card)
    for tier in (1, 2):
        rng.shuffle(pools[tier])
    return pools


def _structured_deck(pools: dict[int, list[int]], size: int) -> list[int] | None:
    """§2.2: the kept deck-1 cards (a random subset of the unseen ones) on top of deck 2."""
    n2 = min(len(pools[2]), size)
    n1 = size - n2
    if n1 > len(pools[1]):
        return None
    return pools[1][:n1] + pools[2][:n2]


def _mixed_deck(
    pools: dict[int, list[int]], size: int, top_tier: int | None, rng: random.Random
) -> list[int] | None:
    """A random deck of ``size`` unseen cards whose top card shows the visible back colour."""
    if size == 0:
        return []
    if top_tier is None or not pools[top_tier] or len(pools[1]) + len(pools[2]) < size:
        return None
    top = pools[top_tier][0]
    rest = sorted(pools[1] + pools[2])
    rest.remove(top)
    rng.shuffle(rest)
    return [top] + rest[: size - 1]


def determinize(state: State, player: str, rng: random.Random) -> State:
    """A copy of ``state`` with the draw deck drawn again from what ``player`` has not seen.

    ``player`` sees what everybody sees (Majesty is open), so the result does not depend on it.
    """
    s = copy_state(state)
    size = len(state["deck"])
    top_tier = card_tier(state["deck"][0]) if state["deck"] else None
    pools = unseen_by_tier(state, rng)
    deck = None if state["options"]["mixed_deck"] else _structured_deck(pools, size)
    if deck is None or (deck and card_tier(deck[0]) != top_tier):
        deck = _mixed_deck(pools, size, top_tier, rng)
    if deck is not None:
        s["deck"] = deck
    return s
