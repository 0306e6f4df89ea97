"""Where a turn ends (docs/rules/empire_engine.md §16): the engine's declared event roles and
turn counter against the rule the host used before contract v2.

Before v2 the host found turn ends with ``bot/core/turns.py``: a move closes a turn when the
actor set gained a player, when an event is named ``revealed`` or ``*_revealed``, or when the
game ended. Replay frames and the turn clock's whole-turn takeover were cut there, so players
would notice any move marked differently now. :func:`old_rule` is a copy of that rule, kept
here as the reference because ``bot/core/turns.py`` goes away once the host reads the roles.

The new marking is "the envelope's turn advanced, or an event whose role reveals, or the game
is over". It agrees with the old rule on every move but one kind, where the old rule was wrong
for this game (§16): the move that ends a round while the player who made it also opens the
next one (the last salvager, joint exporter, defender or thief is the next start player). The
round's end closes the turn there; the old rule ran that player's decision and their first
placement of the next round together, so a timed-out player's "whole turn" took their next
round's placement too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from games.ai import RandomPlayer
from games.base import Event, event_role
from games.empire_engine import GAME

PLAYERS = ["a", "b", "c", "d", "e", "f", "g", "h"]
TEAMS = {
    "teams": True,
    "team_joint_invent": True,
    "team_joint_export": True,
    "team_shared_defence": True,
    "team_joint_attack": True,
}
# min and max seats, and every option that changes the flow of a round (§11)
CASES: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (2, {"long_game": True, "house_powers": True}),
    (3, {"open_scores": True}),
    (4, {}),
    (4, TEAMS),
    (4, {**TEAMS, "house_powers": True}),
    (8, {"rounds": 8}),
    (8, {"rounds": 3, "house_powers": True}),
]
SEEDS = range(4)


def is_reveal(event: Event) -> bool:
    """The old naming rule of ``bot/core/turns.py``."""
    kind = str(event.get("type", ""))
    return kind == "revealed" or kind.endswith("_revealed")


def old_rule(
    before: Sequence[str], after: Sequence[str], events: Sequence[Event], over: bool
) -> bool:
    """``bot.core.turns.turn_ends`` before contract v2, verbatim."""
    return over or bool(set(after) - set(before)) or any(is_reveal(e) for e in events)


def new_rule(turn_before: int, turn_after: int, events: Sequence[Event], over: bool) -> bool:
    return turn_after > turn_before or any(event_role(GAME, e).reveals for e in events) or over


def where_the_old_rule_was_wrong(
    state: Any, player: str, after: Any, events: Sequence[Event]
) -> bool:
    """§16: the round ended and its last decider opens the next round (no new actor)."""
    return (
        any(e["type"] == "round_ended" for e in events)
        and not GAME.is_over(after)
        and GAME.actors(after) == [player]
        and not set(GAME.actors(after)) - set(GAME.actors(state))
    )


def playout(n: int, options: dict[str, Any], seed: int) -> tuple[int, int]:
    """(moves, moves where the old rule was wrong) of one seeded random game."""
    state = GAME.setup(PLAYERS[:n], dict(options), seed)
    ai = RandomPlayer(seed)
    moves = wrong = 0
    while not GAME.is_over(state):
        actors = GAME.actors(state)
        player = actors[moves % len(actors)]
        after, events = GAME.apply(state, player, ai.choose(GAME, state, player, moves))
        over = GAME.is_over(after)
        old = old_rule(actors, [] if over else GAME.actors(after), events, over)
        new = new_rule(GAME.turn(state), GAME.turn(after), events, over)
        assert GAME.turn(after) - GAME.turn(state) in (0, 1)
        if old != new:
            assert not old and where_the_old_rule_was_wrong(state, player, after, events), (
                n,
                options,
                seed,
                moves,
                [e["type"] for e in events],
            )
            wrong += 1
        state, moves = after, moves + 1
    return moves, wrong


@pytest.mark.parametrize(("n", "options"), CASES)
def test_turn_ends_are_the_old_rules_but_where_it_was_wrong(
    n: int, options: dict[str, Any]
) -> None:
    totals = [playout(n, options, seed) for seed in SEEDS]
    assert sum(m for m, _ in totals) > 0


def test_the_old_rule_was_wrong_in_real_games() -> None:
    """The deviation of §16 happens (so the test above checks it), and only at round ends."""
    wrong = sum(playout(n, options, seed)[1] for n, options in CASES[:4] for seed in range(10))
    assert wrong > 0


def test_every_round_end_ends_a_turn_and_the_counter_never_goes_back() -> None:
    state = GAME.setup(PLAYERS[:3], {}, 2)
    ai = RandomPlayer(2)
    k, last = 0, 0
    while not GAME.is_over(state):
        p = GAME.actors(state)[0]
        state, events = GAME.apply(state, p, ai.choose(GAME, state, p, k))
        k += 1
        assert GAME.turn(state) >= last
        if any(e["type"] in ("round_ended", "revealed") for e in events):
            assert GAME.turn(state) == last + 1
        passed = [e for e in events if e["type"] == "turn_passed"]
        for e in passed:
            assert e["to"] and all(q in GAME.actors(state) for q in e["to"])
        last = GAME.turn(state)
        assert GAME.view(state, None)["envelope"]["turn"] == last
