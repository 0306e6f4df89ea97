"""The declared shape of Majesty's ``view(state, viewer)`` (docs/rules/majesty.md §9), for
presenters and renderers, which are typed against it (a renamed key is a mypy error). Every
player's view is the spectator's plus ``viewer``: Majesty has no secrets between players; the
draw deck shows only its size and the back colour (tier) of its top card.

``MajestyFields`` are the game's own fields (``Majesty.show``); ``MajestyView`` adds the
contract's envelope (``games.base.Envelope``) under ``"envelope"``, as ``GameBase.view`` does.
"""

from __future__ import annotations

from typing import Literal, TypedDict

from games.base import Envelope

#: the step machine (rules §3.3)
Step = Literal["take", "place", "heal_place", "castle_exchange", "over"]
#: a location side letter (rules §4)
Side = Literal["A", "B"]


class CardView(TypedDict):
    """A character card: its fixed id (§1.3), deck 1 or 2, and the characters it shows."""

    id: int
    tier: int
    characters: list[str]


#: A card in a realm, counting as the character ``as`` (a split card as one of its halves);
#: "as" is a Python keyword, hence the functional form.
PlacedCardView = TypedDict("PlacedCardView", {"id": int, "characters": list[str], "as": str})


class InfirmaryCardView(TypedDict):
    id: int
    characters: list[str]


class PlacePendingView(TypedDict):
    """Step ``place`` (the split card just taken) or ``heal_place`` (the split card healed)."""

    kind: Literal["place", "heal_place"]
    card: CardView


class ExchangePendingView(TypedDict):
    """Step ``castle_exchange`` (7B): meeples held and the canonical amounts, ascending."""

    kind: Literal["castle_exchange"]
    held: int
    amounts: list[int]


PendingView = PlacePendingView | ExchangePendingView


class DisplaySlotView(TypedDict):
    """Display index 0 (front, free) ... 5 (next to the deck); ``cost`` = index meeples."""

    index: int
    cost: int
    card: CardView
    meeples: int


class RealmView(TypedDict):
    points: int
    meeples: int
    taken: int
    #: location 1-7 -> cards in placement order
    locations: dict[str, list[PlacedCardView]]
    counts: dict[str, int]
    #: bottom -> top
    infirmary: list[InfirmaryCardView]


class MajorityView(TypedDict):
    """A live majority preview: the award value and who would take it now (§6.2 step 3)."""

    value: int
    leaders: list[str]
    count: int


class Breakdown(TypedDict):
    play: int
    infirmary: int
    variety: int
    majority: dict[str, int]
    total: int


class FinalRow(TypedDict):
    player: str
    rank: int
    score: int
    meeples: int
    breakdown: Breakdown


class OptionsView(TypedDict):
    sides: str
    mixed_deck: bool
    tiebreak_meeples: bool
    #: house rule: the supply of helper figures never runs out (rules §1.1, decision 14)
    unbounded_meeples: bool


class MajestyFields(TypedDict):
    """The rules file's view table (§9), what ``Majesty.show`` returns."""

    game: str
    viewer: str | None
    players: list[str]
    order: list[str]
    options: OptionsView
    round: int
    rounds: int
    turn: int
    active: str | None
    step: Step
    pending: PendingView | None
    display: list[DisplaySlotView]
    deck_count: int
    #: helper figures left in the common supply (of the box's 30); None with the house rule
    #: of an unbounded supply (rules §1.1)
    supply: int | None
    #: back colour of the top card: 1 green, 2 red, None when the deck is empty
    deck_top_tier: int | None
    realms: dict[str, RealmView]
    majority: dict[str, MajorityView]
    #: the score of each player if the game ended now
    projection: dict[str, int]
    final: list[FinalRow] | None
    sides: dict[str, str]
    characters: list[str]
    locations: list[str]
    home: dict[str, str]
    character_at: dict[str, str]


class MajestyView(MajestyFields):
    """A whole view: the game's fields and the envelope (``GameBase.view``)."""

    envelope: Envelope
