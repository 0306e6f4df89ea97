"""``determinize`` for King of the Elves (rules §12): a state ``player`` cannot tell from the
real one, everything hidden from them drawn again.

Hidden from ``player`` and resampled here:

* the other players' **hands** (their sizes are public and stay), except what everybody knows
  of them: the cards a "No village card!" showed (and the village then taken), less those
  played or discarded since (``revealed``, kept up to date by every public card movement);
* the **draw pile**: its order and which cards of the unseen pool lie in it rather than in
  the other hands (its size stays);
* the **seed**, which fixes every later shuffle (rules §5).

The unseen pool is the 120 cards less ``player``'s hand, the table, the face-up discard pile
and the revealed cards: it depends only on what ``player`` knows, and it is sorted before it
is shuffled, so two states ``player`` cannot tell apart give the same result for the same
``rng``. What ``player``'s legal moves show of the draw pile is kept: during their
``take_village`` step, which village kinds it holds; when "No village card!" is theirs to
declare or not, whether it holds a village at all.

Kept: ``player``'s own hand and gold, the table, the discard pile, the journey, every count
and **every gold value**. The value of a player's gold is secret at the table, but each change
of it is a public event (village values, thieves, purchases, removals, teleports, bonuses,
rules §2.4), so it is fully determined by what ``player`` has seen: the only state consistent
with that record has the true values.
"""

from __future__ import annotations

import random

from games.elves.data import KIND_ORDER, TERRAINS, VILLAGE_KINDS
from games.elves.rules import State, deep_copy, give

Counts = dict[str, int]


def _unseen(s: State, others: list[int]) -> tuple[list[str], dict[int, Counts]]:
    """The pool of cards ``player`` has not seen (canonical order) and the others' known parts."""
    pool: list[str] = list(s["draw"])
    known: dict[int, Counts] = {}
    for q in others:
        known[q] = dict(s["revealed"][q])
        for card, n in s["hand"][q].items():
            pool.extend([card] * (n - known[q].get(card, 0)))
    pool.sort(key=KIND_ORDER.__getitem__)
    return pool, known


def _draw_rule(
    s: State, me: int | None, pool: list[str], rng: random.Random
) -> tuple[list[str], frozenset[str]]:
    """(cards the draw pile must hold, kinds it must not hold) for ``me``'s legal moves."""
    if me is None or s["phase"] == "over" or s["turn"] != me:
        return [], frozenset()
    kinds_in_draw = {c for c in s["draw"] if c in TERRAINS}
    kind = s["step"]["kind"]
    if kind == "take_village":  # the listed take_village moves name the kinds in the pile
        ordered = [k for k in VILLAGE_KINDS if k in kinds_in_draw]
        return ordered, frozenset(VILLAGE_KINDS) - kinds_in_draw
    hand = s["hand"][me]
    if kind == "turn" and not s["realms"][me] and not any(k in hand for k in VILLAGE_KINDS):
        if not kinds_in_draw:  # no_village is not offered: no village in the pile
            return [], frozenset(VILLAGE_KINDS)
        return [rng.choice([c for c in pool if c in TERRAINS])], frozenset()
    return [], frozenset()


def _deal(
    s: State,
    others: list[int],
    known: dict[int, Counts],
    pool: list[str],
    must: list[str],
    banned: frozenset[str],
    rng: random.Random,
) -> None:
    """Hands = known part + cards of the pool; the rest (and ``must``) is the draw pile."""
    rest = list(pool)
    for card in must:
        rest.remove(card)
    rng.shuffle(rest)
    room = {q: sum(s["hand"][q].values()) - sum(known[q].values()) for q in others}
    slots = sum(room.values())
    if banned:  # those must all go to hands: they and the first free cards, mixed again
        free = [c for c in rest if c not in banned]
        to_hands = [c for c in rest if c in banned] + free
        left = to_hands[slots:]
        to_hands = to_hands[:slots]
        rng.shuffle(to_hands)
    else:
        to_hands, left = rest[:slots], rest[slots:]
    pos = 0
    for q in others:
        hand = dict(known[q])
        for card in to_hands[pos : pos + room[q]]:
            give(hand, card)
        pos += room[q]
        s["hand"][q] = hand
    for card in must:
        left.insert(rng.randrange(len(left) + 1), card)
    s["draw"] = left


def determinize(state: State, player: str | None, rng: random.Random) -> State:
    """A copy of ``state`` with everything hidden from ``player`` drawn again from ``rng``."""
    s = deep_copy(state)
    seats = range(len(s["players"]))
    me = s["players"].index(player) if player in s["players"] else None
    others = [q for q in seats if q != me]
    pool, known = _unseen(s, others)
    must, banned = _draw_rule(s, me, pool, rng)
    _deal(s, others, known, pool, must, banned, rng)
    s["seed"] = rng.randrange(2**31)
    return s
