"""Where a turn ends, read off a move: the one rule the replay's frames (issue 14) and the turn
clock's takeover of an idle player (a timed-out player's whole turn) share.

A move closes a turn when the view envelope's ``turn`` counter advanced (the engine says a
turn ended: ``games.base.Envelope``), when it emitted an event whose declared role
``reveals`` (``games.base.event_role``), or when the game ended. A player's several steps in
a row (choose a card, then its effect) are one turn; so are the secret picks of a simultaneous
step up to their reveal. Nothing is guessed from event names or from who acts. (A game whose
views carry no envelope, a bare contract-v1 engine, has no turns to read: each of its moves
is a turn of its own.)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.base import Envelope, Event, Game, GameBase, State, envelope, event_role


@dataclass(frozen=True)
class Mark:
    """What a turn boundary is judged on, taken before and after a move."""

    actors: tuple[str, ...]
    #: the envelope's turn counter; None for a game whose views carry no envelope
    turn: int | None


def game_envelope(game: Game, state: State) -> Envelope | None:
    """The envelope of ``state`` (the public view's; None when the game declares none)."""
    if isinstance(game, GameBase):
        return game.envelope(state)
    return envelope(game.view(state, None))


def mark(game: Game, state: State) -> Mark:
    env = game_envelope(game, state)
    if env is None:
        return Mark(tuple(game.actors(state)), None)
    return Mark(tuple(env["actors"]), int(env["turn"]))


def turn_ends(game: Game, before: Mark, after: Mark, events: Sequence[Event], over: bool) -> bool:
    """Whether a move that took the table from ``before`` to ``after`` (emitting ``events``;
    ``over``: the game ended with it) closes a turn."""
    if over:
        return True
    if before.turn is None or after.turn is None:
        return True  # no envelope: nothing says where a turn ends, so every move is one
    return after.turn > before.turn or any(event_role(game, e).reveals for e in events)
