"""The declared shape of Tiny Epic Kingdoms' ``view(state, viewer)`` (docs/rules/tek.md §19.3).

Everything here is public except the three viewer-only keys of :class:`TekView` (``viewer``,
``war_die``, ``war_die_options``): a war player's own unrevealed die and the values they can
afford. Face-down tokens are ``"face_down"``; the token pool, deck order and seed never appear.
:class:`TekShown` is the game's own fields (``show``); :class:`TekView` adds the contract's
envelope (``games.base.Envelope``), whose ``last`` the host fills with the latest events.
"""

# no ``from __future__ import annotations``: NotRequired must stay visible at runtime
# (``TekView.__optional_keys__``) for code and tests that read the declared shape
from typing import Any, Literal, NotRequired, TypedDict

from games.base import Envelope

#: the step names a view can show (rules §19.1); ``over`` when nobody acts
StepName = Literal[
    "draft",
    "side",
    "start",
    "start_resources",
    "start_ore",
    "token_skip",
    "select",
    "respond",
    "move_from",
    "move_to",
    "swap_to",
    "expand",
    "trade_pair",
    "trade_amount",
    "war_die",
    "war_boost",
    "war_pay_mana",
    "war_pay",
    "lose_resources",
    "plunder",
    "choose_resource",
    "convert",
    "dragon",
    "loss_region",
    "loss",
    "bandits",
    "over",
]
#: a war die: the white flag or a number 1-11 (an Orcs boost may pass 11)
Die = int | Literal["flag"]


class FactionLevelView(TypedDict):
    level: int
    name: str
    text: str


class FactionView(TypedDict):
    id: str
    name: str
    name_cs: str
    levels: list[FactionLevelView]


class CostsView(TypedDict):
    """What the next Build, Research, Expand and a retreat would cost (None: impossible)."""

    build: int | None
    research: int | None
    expand: int | None
    retreat: int | None


class PlayerView(TypedDict):
    id: str
    player: str
    seat: int
    faction: FactionView | None
    magic: int
    tower: int
    resources: dict[str, int]
    meeples_in_play: int
    supply: int
    home_side: str | None
    card: int | None
    crown: bool
    captured_neutrals: int
    attacks_won: int
    removed: int
    allies: list[str]
    score_now: int
    costs: CostsView


class MeepleView(TypedDict):
    owner: str  # a player id or "neutral"
    searching: bool


class RegionView(TypedDict):
    id: str
    letter: str
    type: str
    cells: list[int]
    edge: bool
    water_adjacent: bool
    adjacent: list[str]
    meeples: list[MeepleView]
    token: str | None  # None, "face_down" or a face-up token id


class SideView(TypedDict):
    side: str
    card: int
    owner: str  # the home player or "lost_kingdom"
    name: str
    name_cs: str
    grid: list[str]
    rivers: list[list[int]]
    regions: list[RegionView]


class WarView(TypedDict, total=False):
    """The war in progress; the ``revealed`` group appears only after the reveal."""

    neutral: bool
    attacker: str
    defender: str
    region: str
    via: str
    cost: int
    allied: bool
    has_set: dict[str, bool]
    revealed: dict[str, Die]
    values: dict[str, Die]
    boost: dict[str, str] | None
    winner: str | None
    loser: str | None
    alliance: bool
    alliance_broken: bool
    dragon: bool
    payments_due: dict[str, Die]
    loss_pending: list[str]


#: the step's context (keys by step, rules §19.3); ``from`` is a Python keyword
StepContext = TypedDict(
    "StepContext",
    {
        "action": str,
        "active": bool,
        "responders": list[str],
        "from": str,
        "mana": int,
        "give": str,
        "get": str,
        "due": int,
        "reason": str | None,
        "amount": int,
        "loser": str,
        "region": str,
        "gained": list[str],
        "war": WarView,
    },
    total=False,
)


class StepView(TypedDict):
    name: StepName
    actors: list[str]
    context: StepContext


class EndView(TypedDict):
    cause: Literal["meeples", "tower", "magic"]
    player: str
    turn: int


class ResultView(TypedDict):
    player: str
    rank: int
    score: int
    tiebreak: list[int]
    breakdown: dict[str, int]


class ConstantsView(TypedDict):
    shields: int
    resource_cap: int
    meeples_per_player: int


class TekShown(TypedDict):
    """The game's own fields (rules §19.3): ``show(state, viewer)``."""

    game: Literal["tek"]
    options: dict[str, Any]
    players: list[PlayerView]
    first_player: str
    active: str
    turn: int
    shields: list[str]
    available_actions: list[str]
    lost_kingdom: str | None
    neutral_meeples: int
    map: list[SideView]
    step: StepView
    draft_pool: list[str] | None
    draft_factions: list[FactionView]
    end_triggered: EndView | None
    over: bool
    results: list[ResultView] | None
    constants: ConstantsView
    viewer: NotRequired[str]
    war_die: NotRequired[Die]
    war_die_options: NotRequired[list[Die]]


class TekView(TekShown):
    """The whole view: the game's fields and the envelope (``games.base.GameBase.view``)."""

    envelope: Envelope
