"""The shape of King of the Elves' views (docs/rules/elves.md §12) and the functions that
build them.

``view(state, None)`` is the public view: hand sizes and coin counts, never hands or gold
values, the draw pile's size only. ``view(state, p)`` adds p's hand, gold and legal moves.
:class:`ElvesFields` are the game's own fields (``Elves.show``); :class:`ElvesView` adds the
contract's envelope (``games.base.Envelope``) under ``"envelope"``, as ``Elves.view`` returns
it. The presenter and the renderer are typed against these shapes; the vocabulary (card
names, kinds, colours) is in :mod:`games.elves.vocab`.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, Required, TypedDict

from games.base import Envelope, Move
from games.elves.data import VALUE
from games.elves.rounds import breakdown, outcome_rows
from games.elves.rules import (
    State,
    Village,
    bank,
    buy_cost,
    capacity,
    coin_count,
    coins,
    counts,
    hand_size,
    ring,
    set_aside,
    sorted_counts,
)
from games.elves.travel import next_village, ring_from, visited_all

Phase = Literal["planning", "travel", "over"]
StepKind = Literal[
    "turn",
    "place_village",
    "place_special",
    "discard",
    "take_village",
    "journey",
    "teleport_cards",
    "over",
]
Direction = Literal["cw", "ccw"]


class StepView(TypedDict, total=False):
    """The current sub-step (rules §11.3): its kind and what it carries."""

    kind: Required[StepKind]
    card: str  # place_village / place_special: the card chosen
    left: int  # discard / teleport_cards: how many more
    realm: str  # teleport_cards: the destination's realm ...
    slot: int  # ... and slot


class PlayerView(TypedDict):
    id: str
    seat: int
    hand_size: int
    coins: int
    tokens_free: int
    purchases: int
    set_aside: int
    next_buy_cost: int | None


class ObstacleView(TypedDict):
    card: str
    owner: str


class VillageView(TypedDict):
    realm: str
    slot: int
    card: str
    value: int
    gold: str | None
    thief: str | None
    obstacle: ObstacleView | None


class Place(TypedDict):
    realm: str
    slot: int


class JourneyView(TypedDict):
    traveller: str
    at: Place | None
    next: Place | None
    #: the ring in travel order from ``next`` on (each village once; [] for an empty ring)
    ahead: list[Place]
    direction: Direction
    escort: str | None
    visits: list[Place]
    income: int  # gold earned on this journey so far (credited on arrival, §7.4)
    all_visited: bool


class Breakdown(TypedDict):
    """One player's final gold (§9): ``start + sum(rounds) + bonus == total``."""

    start: int  # START_GOLD
    rounds: list[int]  # net gold of each round, bonus excluded (may be negative)
    bonus: int  # all-villages bonuses (§7.4), all rounds
    total: int


class FinalView(TypedDict):
    gold: dict[str, int]
    ranks: dict[str, int]
    breakdown: NotRequired[dict[str, Breakdown]]  # absent for a pre-ledger snapshot


class ElvesFields(TypedDict):
    """The game's own view fields (rules §12): ``Elves.show``."""

    game: str
    viewer: str | None
    round: int
    rounds: int
    phase: Phase
    options: dict[str, Any]
    start_player: str
    actor: str | None
    step: StepView
    capacity: int
    players: list[PlayerView]
    bank: int | None  # gold left in the bank (§2.4); None with an unlimited bank
    realms: list[list[VillageView]]
    draw_pile: int
    discard_pile: dict[str, int]
    discard_top: str | None
    passes: int
    journey: JourneyView | None
    final: NotRequired[FinalView]  # once the game is over
    hand: NotRequired[dict[str, int]]  # private: the viewer's hand
    gold: NotRequired[int]  # private: the viewer's gold value
    coin_breakdown: NotRequired[dict[str, int]]  # private: {"10": a, "5": b, "1": c}
    legal_moves: NotRequired[list[Move]]  # private: the viewer's legal moves


class ElvesView(ElvesFields):
    """What ``Elves.view`` returns: the game's fields and the contract's envelope (whose
    ``last``, the public events of the latest change, the host fills from the move log)."""

    envelope: Envelope


def player_view(s: State, seat: int) -> PlayerView:
    """Public facts of one seat: counts, never contents (§12)."""
    planning = s["phase"] == "planning"
    bought = s["purchases"][seat] if planning else 0
    return {
        "id": s["players"][seat],
        "seat": seat,
        "hand_size": hand_size(s["hand"][seat]),
        "coins": coin_count(s["gold"][seat]),
        "tokens_free": s["tokens_free"][seat],
        "purchases": bought,
        "set_aside": set_aside(bought),
        "next_buy_cost": buy_cost(bought),
    }


def village_view(s: State, seat: int, slot: int, vil: Village) -> VillageView:
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


def _place(s: State, pos: tuple[int, int]) -> Place:
    return {"realm": s["players"][pos[0]], "slot": pos[1]}


def journey_view(s: State) -> JourneyView | None:
    """The journey in progress (§7): all public."""
    j = s["journey"]
    if j is None or s["phase"] != "travel":
        return None
    seat = s["turn"]
    route = ring(s)
    nxt = next_village(s, seat, route)
    ahead = [] if nxt is None else [route[i] for i in ring_from(nxt, j["dir"], len(route))]
    return {
        "traveller": s["players"][seat],
        "at": None if j["at"] is None else _place(s, route[j["at"]]),
        "next": None if nxt is None else _place(s, route[nxt]),
        "ahead": [_place(s, pos) for pos in ahead],
        "direction": "cw" if j["dir"] == 1 else "ccw",
        "escort": None if j["escort"] is None else s["players"][j["escort"]],
        "visits": [_place(s, (a, b)) for a, b in j["visits"]],
        "income": j["income"],
        "all_visited": visited_all(s),
    }


def public_view(s: State, game_id: str, viewer: str | None) -> ElvesFields:
    """Everything on the table and every count (§12); ``viewer`` only names the reader."""
    players = s["players"]
    over = s["phase"] == "over"
    v: ElvesFields = {
        "game": game_id,
        "viewer": viewer if viewer in players else None,
        "round": s["round"],
        "rounds": s["rounds"],
        "phase": s["phase"],
        "options": dict(s["options"]),
        "start_player": players[s["start"]],
        "actor": None if over else players[s["turn"]],
        "step": dict(s["step"]),  # type: ignore[typeddict-item]
        "capacity": capacity(len(players)),
        "players": [player_view(s, i) for i in range(len(players))],
        "bank": bank(s),
        "realms": [
            [village_view(s, seat, slot, vil) for slot, vil in enumerate(realm)]
            for seat, realm in enumerate(s["realms"])
        ],
        "draw_pile": len(s["draw"]),
        "discard_pile": sorted_counts(counts(s["discard"])),
        "discard_top": s["discard"][-1] if s["discard"] else None,
        "passes": s["passes"],
        "journey": journey_view(s),
    }
    if over:
        result = outcome_rows(s)
        v["final"] = {
            "gold": {r["player"]: r["score"] for r in result},
            "ranks": {r["player"]: r["rank"] for r in result},
        }
        parts = breakdown(s)
        if parts is not None:
            v["final"]["breakdown"] = parts  # type: ignore[typeddict-item]
    return v


def add_private(v: ElvesFields, s: State, seat: int, legal: list[Move]) -> None:
    """The viewer's own secrets (§12): hand, gold value, coin breakdown, legal moves."""
    v["hand"] = sorted_counts(s["hand"][seat])
    v["gold"] = s["gold"][seat]
    v["coin_breakdown"] = coins(s["gold"][seat])
    v["legal_moves"] = legal
