"""The declared shape of ``EmpireEngine.view`` (rules file §10.2), for presenters and renderers."""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

Step = Literal["orient", "plan", "block", "steal", "joint_export", "salvage", "over"]
Part = Literal["lay", "orient", "place", "gear"]
AttackStatus = Literal["pending", "blocked", "resolved"]


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


class YouView(TypedDict):
    player: str
    pending: dict[str, Any] | None  # what the viewer has set this step (turns, tops, take)
    legal_moves: int
    partner: str | None
    partner_score: ScorePile | None
    score: ScorePile
    rotations: NotRequired[dict[str, list[str]]]  # while planning: the top after k turns
    paid_turns: NotRequired[list[int]]  # while planning: turns that need a cube


class EmpireView(TypedDict):
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
    last_events: list[dict[str, Any]]  # the last move's events (all public, rules §13)
