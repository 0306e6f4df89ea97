"""Where a turn ends (docs/rules/tek.md §19.4): the envelope's ``turn`` and the declared event
roles mark exactly the moves that the host's old rule marked.

Before contract v2 the host guessed turn ends from what a move did (``bot/core/turns.py`` at
b40a770, copied below as the reference because the host will stop using it: the replay's frames
and the turn clock's whole-turn takeover move to the envelope): a turn ended when the actor set
gained a player, when an event named ``revealed`` or ``*_revealed`` appeared, or when the game
ended. The engine now says it itself: a move ends a turn when it advances the envelope's
``turn`` (it emitted a ``turn_end`` event: ``handover``, a reveal, ``game_over``), emits an
event whose role ``reveals``, or ends the game. Seeded random games at the minimum and maximum
seats, with every option that changes the flow (draft and choice factions: extra setup steps;
exploration: token reveals, and with five players the ``token_skip`` steps), show that both
mark the same moves; no move was found where the old rule was wrong for this game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from games.base import event_role
from games.tek import GAME


def old_is_reveal(event: dict[str, Any]) -> bool:
    kind = str(event.get("type", ""))
    return kind == "revealed" or kind.endswith("_revealed")


def old_turn_ends(
    before: Sequence[str], after: Sequence[str], events: Sequence[dict[str, Any]], over: bool
) -> bool:
    """bot/core/turns.py ``turn_ends`` at b40a770, verbatim."""
    return over or bool(set(after) - set(before)) or any(old_is_reveal(e) for e in events)


def new_turn_ends(before: Any, after: Any, events: list[dict[str, Any]]) -> bool:
    """The envelope's answer: the turn advanced, something was revealed, or the game ended."""
    env_before, env_after = GAME.envelope(before), GAME.envelope(after)
    advanced = env_after["turn"] > env_before["turn"]
    return advanced or any(event_role(GAME, e).reveals for e in events) or env_after["over"]


CASES = [
    (n, options)
    for n in (GAME.min_players, GAME.max_players)
    for options in (
        {},
        {"exploration": True},
        {"factions": "draft", "exploration": True},
        {"factions": "choice"},
    )
]


@pytest.mark.parametrize(("n", "options"), CASES)
def test_the_envelope_marks_the_moves_the_old_rule_marked(n: int, options: dict) -> None:
    marked = moves = 0
    kinds: set[str] = set()
    for seed in range(2):
        s = GAME.setup([f"p{i}" for i in range(n)], dict(options), seed)
        rng = random.Random(seed)
        while not GAME.is_over(s):
            before = GAME.actors(s)
            p = before[rng.randrange(len(before))]
            legal = GAME.legal_moves(s, p)
            after_state, events = GAME.apply(s, p, legal[rng.randrange(len(legal))])
            after = GAME.actors(after_state)
            old = old_turn_ends(before, after, events, GAME.is_over(after_state))
            assert new_turn_ends(s, after_state, events) == old, (seed, moves, events)
            turn = GAME.envelope(after_state)["turn"]
            assert turn - GAME.envelope(s)["turn"] == (1 if old else 0)
            handed = [e for e in events if e["type"] == "handover"]
            gained = [q for q in after if q not in before]
            assert [e["to"] for e in handed] == ([gained] if gained else [])
            marked += old
            moves += 1
            kinds |= {e["type"] for e in events if old}
            s = after_state
    assert 0 < marked < moves
    assert "handover" in kinds and "game_over" in kinds
    if options.get("exploration"):
        assert "token_revealed" in kinds
