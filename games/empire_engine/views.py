"""The declared shape of ``EmpireEngine.view`` (docs/rules/empire_engine.md §10.2), for the
presenter and the renderer, which are typed against :class:`EmpireView`."""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

from games.base import Envelope

Step = Literal["orient", "plan", "block", "steal", "joint_export", "salvage", "over"]
Part = Literal["lay", "orient", "place", "gear"]
AttackStatus = Literal["pending", "blocked", "resolved"]
Side = Literal["left", "right"]


class Pile(TypedDict):
    soldier: int
    good: int


class ScorePile(TypedDict):
    soldier: int
    good: int
    invention: int


class Placement(TypedDict):
    """A face-down card laid this planning step: which engine, and the cube on it (public)."""

    card: str
    pay: str | None


class Neighbours(TypedDict):
    """§2: the seats to the left (clockwise) and to the right (the one opponent with 2)."""

    left: str
    right: str


class Aim(TypedDict):
    """§7.1: whom an Attack on an engine card hits, and on which side."""

    target: str
    side: Side


class SeatView(TypedDict):
    player: str
    seat: int
    top_L: str | None
    top_R: str | None
    ready: Pile
    score_total: int
    score: ScorePile | None  # None where §10.1 hides it
    empire: str | None
    team: int | None
    chosen: bool | None  # during orient/plan/salvage: done for this step
    attacked: bool
    placed: list[Placement]  # this planning step's face-down cards, in order
    neighbours: Neighbours
    aims: dict[str, Aim]  # engine card (L, R) -> whom an Attack on it hits
    block_reward: int  # soldiers to the score pile per attack this player's Defend blocks


class PlacingView(TypedDict):
    """Who lays a card now, which of their two (slot 1 or 2), and what they decide."""

    player: str
    slot: int
    part: Part
    card: str | None  # the engine concerned; None while it is still chosen


class AttackView(TypedDict):
    attacker: str
    card: str
    target: str
    status: AttackStatus


class DeclaredAttack(TypedDict):
    attacker: str
    card: str
    target: str
    stage: str


class GearResult(TypedDict):
    gear: int
    turns: int
    action: str


class SecondGear(TypedDict):
    """While planning, once the first gear is chosen: the gear card left, its engine and what
    it brings to the top there without a cube and as the alternate."""

    card: str
    gear: int
    free: GearResult
    alternate: GearResult


class YouView(TypedDict):
    player: str
    pending: dict[str, Any] | None  # what the viewer has set this step (turns, tops, take)
    legal_moves: int
    partner: str | None
    partner_score: ScorePile | None
    score: ScorePile
    rotations: NotRequired[dict[str, list[str]]]  # while planning: the top after k turns
    paid_turns: NotRequired[list[int]]  # while planning: turns that need a cube
    second_gear: NotRequired[SecondGear]  # while planning, after the first gear: the second


class EmpireFields(TypedDict):
    """The game's own fields (``EmpireEngine.show``), the rules file's view table."""

    game: str
    viewer: str | None
    seat_order: list[str]
    players: dict[str, SeatView]
    round: int
    rounds: int
    start_player: str
    player_order: list[str]
    step: Step
    actors: list[str]
    chosen: dict[str, bool] | None
    participants: list[str]
    teams: list[list[str]] | None
    options: dict[str, Any]
    seats: list[SeatView]
    placing: PlacingView | None
    attacks: list[AttackView]
    attack_queue: list[DeclaredAttack]
    current: dict[str, Any] | None
    theft_quantity: int
    you: YouView | None
    results: list[dict[str, Any]] | None


class EmpireView(EmpireFields):
    """A whole view: the game's fields and the envelope (``games.base.GameBase.view``); the
    envelope's ``last``, filled by the host, replaces the former ``last_events``."""

    envelope: Envelope
