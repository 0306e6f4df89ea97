"""Tiny Epic Kingdoms setup (docs/rules/tek.md §4): step S0 from the seed, then the setup tasks.

All randomness of the game happens here, from one generator seeded by ``seed`` and used in a
fixed order (first player, factions, cards, the Lost Kingdom, the token shuffle); no later step
draws randomness, so the state holds no generator.
"""

from __future__ import annotations

import random
from typing import Any

from games.tek import rules as R
from games.tek.data import CARD_SIDES, CARDS, FACTION_IDS, SIDE_REGIONS, C, token_pool
from games.tek.tasks import Event, State, Task, push, task

NEUTRAL = R.NEUTRAL


def new_player() -> dict[str, Any]:
    return {
        "faction": None,
        "magic": 0,
        "tower": 0,
        "res": R._res(0, 0, 0),
        "home": None,
        "card": None,
        "crown": False,
        "captured": 0,
        "attacks_won": 0,
        "removed": 0,
    }


def deal_factions(
    rng: random.Random, mode: str, order: list[str], pl: dict[str, Any]
) -> list[str] | None:
    """§4 S0: ``random`` deals one each; ``draft`` shows N+1 at random; ``choice`` offers all
    13 ("podle výběru hráče nebo náhodně"). Returns the pool to pick from, if any."""
    factions = list(FACTION_IDS)
    if mode == "random":
        rng.shuffle(factions)
        for p, f in zip(order, factions, strict=False):
            pl[p]["faction"] = f
        return None
    if mode == "draft":
        rng.shuffle(factions)
        return sorted(factions[: len(order) + 1], key=FACTION_IDS.index)
    return factions


def deal_cards(
    rng: random.Random, order: list[str], pl: dict[str, Any], meeples: dict[str, list[list[Any]]]
) -> str | None:
    """Deal a territory card to each player; with 2 players the next card is the Lost
    Kingdom, a random side with one neutral meeple per region (§12). Returns that side."""
    cards = list(CARDS)
    rng.shuffle(cards)
    for p, k in zip(order, cards, strict=False):
        pl[p]["card"] = k
    if len(order) != 2:
        return None
    k = cards[2]
    lost = CARD_SIDES[k][rng.randrange(len(CARD_SIDES[k]))]
    per = int(C["lost_kingdom"]["neutral_meeples_per_region"])
    for r in SIDE_REGIONS[lost]:
        meeples[r] = [[NEUTRAL, False] for _ in range(per)]
    return lost


def shuffled_tokens(rng: random.Random, options: dict[str, Any], n: int) -> list[str]:
    """The exploration tokens in their shuffled order (§14; one Blank less for 5, §13)."""
    if not options["exploration"]:
        return []
    pool = token_pool()
    if n == C["max_players"]:
        pool.remove(C["exploration"]["five_player_remove"])
    rng.shuffle(pool)
    return pool


def setup_steps(mode: str, order: list[str]) -> list[Task]:
    """S1 (draft: reverse turn order; choice: turn order), S2 per player, S3, then play."""
    steps: list[Task] = []
    if mode == "draft":
        steps += [task("draft", p) for p in reversed(order)]
    elif mode == "choice":
        steps += [task("draft", p) for p in order]
    steps += [task("setup_player", p) for p in order]
    steps.append(task("setup_tokens"))
    steps.append(task("begin"))
    return steps


def make_setup(players: list[str], options: dict[str, Any], seed: int) -> State:
    """S0 (§4) with the setup tasks pushed; the caller runs the automatic ones."""
    n = len(players)
    rng = random.Random(f"{seed}:tek")
    first = rng.randrange(n)
    order = [players[(first + i) % n] for i in range(n)]
    pl = {p: new_player() for p in players}
    draft_pool = deal_factions(rng, options["factions"], order, pl)
    meeples: dict[str, list[list[Any]]] = {}
    lost_kingdom = deal_cards(rng, order, pl, meeples)
    s: State = {
        "players": list(players),
        "options": dict(options),
        "first": first,
        "pl": pl,
        "draft_pool": draft_pool,
        "lost_kingdom": lost_kingdom,
        "sides": [lost_kingdom] if lost_kingdom else [],
        "meeples": meeples,
        "tokens": {},
        "token_pool": shuffled_tokens(rng, options, n),
        "shields": [],
        "active": first,
        "turn": 0,
        "end": None,
        "over": False,
        "war": None,
        "results": None,
        "tasks": [],
        "turns_ended": 0,
    }
    # setup happens before any move: its public events are returned with the first move
    pending: list[Event] = []
    if draft_pool is None:
        pending += [
            {"type": "faction_assigned", "player": p, "faction": pl[p]["faction"]} for p in order
        ]
    if lost_kingdom is not None:
        pending.append({"type": "lost_kingdom", "side": lost_kingdom})
    s["pending_events"] = pending
    push(s, *setup_steps(options["factions"], order))
    return s


def a_setup_player(s: State, t: Task, events: list[Event]) -> None:
    push(s, task("side", t["player"]))


def a_setup_tokens(s: State, t: Task, events: list[Event]) -> None:
    if not s["options"]["exploration"]:
        return
    order = R._seat_order(s, s["first"])
    if len(s["players"]) == C["max_players"]:
        push(s, *[task("token_skip", p) for p in order])
        return
    regions = []
    for side in s["sides"]:
        for r in SIDE_REGIONS[side]:
            if not any(m[0] != NEUTRAL for m in s["meeples"][r]):
                regions.append(r)
    place_tokens(s, regions, events, None)


def place_tokens(s: State, regions: list[str], events: list[Event], player: str | None) -> None:
    placed = []
    for r in regions:
        if not s["token_pool"]:
            break
        s["tokens"][r] = {"id": s["token_pool"].pop(0), "up": False}
        placed.append(r)
    ev: Event = {"type": "tokens_placed", "regions": placed}
    if player is not None:
        ev["player"] = player
    events.append(ev)


def a_begin(s: State, t: Task, events: list[Event]) -> None:
    s["turn"] = 1
    s["active"] = s["first"]
    push(s, task("turn_start"))
