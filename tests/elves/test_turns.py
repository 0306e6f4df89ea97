"""Turns of King of the Elves read off the envelope (issue 23 item 2; docs/rules/elves.md
§13.1): a turn is one planning action or one journey; the envelope's ``turn`` advances by one
for each, and only ``game_over`` reveals.

Before engine contract v2 the host found turn ends by a naming rule (``bot/core/turns.py``:
the actor set gained a player, an event named ``revealed`` / ``*_revealed``, or the game
ended); the replay's frames and the turn clock's whole-turn takeover depend on it. From v2 on
it reads the envelope: "the turn advanced, an event whose role reveals, or the game ended". The
old rule is copied here as the reference (the core drops it), and seeded random games at the
smallest and largest table, with and without teleport magic (the only option, which adds the
steps of a teleport), check that both rules mark the same moves, except the moves where the old
rule was wrong for this game: a turn ended but the same player acts next, so that the actor
set gained nobody (the clock took over two turns of an idle player there, and the replay ran two
turns into one frame):

* planning ends with a pass of the start player, whose journey comes first (rules §6, §7);
* with two players, a round ends with the journey of the next round's start player (§8).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from games.ai import RandomPlayer
from games.base import event_role
from games.elves import GAME

Event = dict[str, Any]


def old_rule(
    before: Sequence[str], after: Sequence[str], events: Sequence[Event], over: bool
) -> bool:
    """``bot.core.turns.turn_ends`` as it was before contract v2 (the reference)."""

    def is_reveal(event: Event) -> bool:
        kind = str(event.get("type", ""))
        return kind == "revealed" or kind.endswith("_revealed")

    return over or bool(set(after) - set(before)) or any(is_reveal(e) for e in events)


def new_rule(turn_before: int, turn_after: int, events: Sequence[Event], over: bool) -> bool:
    """The envelope's rule: the turn advanced, an event with the role ``reveals``, or over."""
    return turn_after > turn_before or any(event_role(GAME, e).reveals for e in events) or over


def same_player_goes_on(state: dict[str, Any], events: Sequence[Event]) -> bool:
    """The documented exceptions: planning ended with the start player's pass, or a round of a
    two-player game ended with the journey of the next round's start player."""
    types = [e["type"] for e in events]
    planning_over = "planning_ended" in types
    two_player_round = "round_ended" in types and "game_over" not in types
    return planning_over or (two_player_round and len(state["players"]) == 2)


def play(n: int, options: dict[str, Any], seed: int) -> tuple[int, int]:
    """One seeded random game checked move by move: (moves where the rules differ, turns)."""
    players = [f"p{i}" for i in range(n)]
    state = GAME.setup(players, options, seed)
    ai = RandomPlayer(seed)
    differ = ends = k = 0
    while not GAME.is_over(state):
        actor = GAME.actors(state)[0]
        before, env = GAME.actors(state), GAME.view(state, None)["envelope"]
        state, events = GAME.apply(state, actor, ai.choose(GAME, state, actor, k))
        k += 1
        after = GAME.view(state, None)["envelope"]
        over = GAME.is_over(state)
        old = old_rule(before, GAME.actors(state), events, over)
        new = new_rule(env["turn"], after["turn"], events, over)
        ends += sum(1 for e in events if e["type"] in ("action_ended", "journey_ended"))
        assert after["turn"] == ends, (k, [e["type"] for e in events])
        if old != new:
            assert new and not old, (k, events)
            assert GAME.actors(state) == before and same_player_goes_on(state, events), events
            differ += 1
    return differ, ends


@pytest.mark.parametrize("n", [2, 6])
@pytest.mark.parametrize("teleport", [False, True])
def test_the_envelope_marks_the_turns_the_old_rule_marked(n: int, teleport: bool) -> None:
    differ = turns = 0
    for seed in range(4):
        d, t = play(n, {"teleport": teleport}, seed)
        differ, turns = differ + d, turns + t
    assert turns > 0
    # the exceptions occur (planning ends with a pass of its start player about once in N)
    assert differ > 0


def test_event_roles_are_declared_for_every_event_type_and_only_game_over_reveals() -> None:
    assert {k for k, role in GAME.events.items() if role.reveals} == {"game_over"}
    assert {k for k, role in GAME.events.items() if role.turn_end} == {
        "action_ended",
        "journey_ended",
        "game_over",
    }
    assert not any(role.pick for role in GAME.events.values())  # nothing is chosen in secret


def test_the_envelope_step_is_the_rules_files_step() -> None:
    s = GAME.setup(["a", "b"], {"teleport": True}, 2)
    assert GAME.view(s, None)["envelope"]["step"] == {"id": "turn", "params": {}}
    s, _ = GAME.apply(s, "a", {"type": "draw3"})
    assert GAME.view(s, "b")["envelope"]["step"] == {"id": "discard", "params": {"left": 4}}
    assert GAME.view(s, "b")["envelope"]["turn"] == 0
