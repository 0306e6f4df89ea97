"""Majesty's turns under contract v2 (docs/rules/majesty.md §10 "Event roles"): the envelope's
``turn`` and the declared event roles mark exactly the moves the host's old naming rule marked,
so replay frames and the turn clock's whole-turn takeover see the same turns as before."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from games.ai import RandomPlayer
from games.base import REVEAL, TURN_END, event_role
from games.majesty import GAME
from games.majesty.game import EVENTS


def old_rule(
    before: Sequence[str], after: Sequence[str], events: Sequence[dict], over: bool
) -> bool:
    """``bot.core.turns.turn_ends`` as it was before contract v2, copied here on purpose: it is
    the reference the new rule must agree with for Majesty, and the host is about to replace
    it (it guessed reveals from event names: ``revealed`` or ``*_revealed``)."""

    def is_reveal(event: dict) -> bool:
        kind = str(event.get("type", ""))
        return kind == "revealed" or kind.endswith("_revealed")

    return over or bool(set(after) - set(before)) or any(is_reveal(e) for e in events)


def new_rule(turn_before: int, turn_after: int, events: Sequence[dict], over: bool) -> bool:
    """What the host reads now: the envelope's turn advanced, an event declared ``reveals``, or
    the game ended."""
    return turn_after > turn_before or any(event_role(GAME, e).reveals for e in events) or over


#: the options that change the flow of a turn: side B brings the Castle exchange step (and
#: other payouts), a mixed deck changes how long the deck lasts (when refills stop)
FLOWS = [{}, {"sides": "B"}, {"sides": "ABBAABAB"}, {"sides": "B", "mixed_deck": True}]


@pytest.mark.parametrize("n", [GAME.min_players, GAME.max_players])
@pytest.mark.parametrize("options", FLOWS, ids=["A", "B", "ABBAABAB", "B-mixed"])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_new_turn_rule_marks_the_moves_the_old_rule_marked(n, options, seed) -> None:
    state = GAME.setup([f"p{i}" for i in range(n)], dict(options), seed)
    ai = RandomPlayer(seed)
    marked = unmarked = 0
    steps: set[str] = set()
    for k in range(10_000):
        if GAME.is_over(state):
            break
        player = GAME.actors(state)[0]
        steps.add(state["step"])
        before, turn = GAME.actors(state), GAME.view(state, None)["envelope"]["turn"]
        state, events = GAME.apply(state, player, ai.choose(GAME, state, player, k))
        after, over = GAME.actors(state), GAME.is_over(state)
        turn_after = GAME.view(state, None)["envelope"]["turn"]
        assert turn_after in (turn, turn + 1), "the turn never goes back nor jumps"
        assert (turn_after == turn + 1) == any(event_role(GAME, e).turn_end for e in events)
        assert new_rule(turn, turn_after, events, over) == old_rule(before, after, events, over), (
            f"move {k}: {[e['type'] for e in events]}"
        )
        marked += turn_after > turn
        unmarked += turn_after == turn
    assert GAME.is_over(state)
    assert GAME.view(state, None)["envelope"]["turn"] == 12 * n == marked  # one per turn
    assert unmarked > 0 and "place" in steps  # a split card's take does not end the turn


def test_event_roles_are_declared_for_every_event_of_the_rules_file() -> None:
    assert (
        set(EVENTS)
        == set(GAME.events)
        == {
            "take",
            "refill",
            "place",
            "heal",
            "attack",
            "castle_exchange",
            "gain",
            "meeples_returned",
            "turn",
            "final_infirmary",
            "final_variety",
            "final_majority",
            "game_over",
        }
    )
    assert {k for k, role in EVENTS.items() if role.turn_end} == {"turn", "game_over"}
    assert all(role == TURN_END for k, role in EVENTS.items() if role.turn_end)
    # nothing is secret in Majesty; the refill is not a reveal for the table (see the rules)
    assert not any(role.pick or role.reveals for role in EVENTS.values())
    assert EVENTS["refill"] != REVEAL


def test_the_envelope_step_names_the_rules_step_and_its_public_parameters() -> None:
    from tests.majesty.helpers import build

    s = build(
        ["dora", "eve"],
        sides="B",
        realms={"dora": {"castle": [22], "infirmary": [4, 5], "points": 15}},
        display=[27, 2, 3, 23, 12, 13],
    )
    assert GAME.view(s, None)["envelope"]["step"] == {"id": "take", "params": {"round": 1}}
    placing, _ = GAME.apply(s, "dora", {"type": "take", "index": 0})
    assert GAME.view(placing, "eve")["envelope"]["step"] == {
        "id": "place",
        "params": {"card": 27, "characters": ["miller", "knight"]},
    }
    exchanging, _ = GAME.apply(s, "dora", {"type": "take", "index": 3})
    assert GAME.view(exchanging, None)["envelope"]["step"] == {
        "id": "castle_exchange",
        "params": {"held": 2, "amounts": [-2, -1, 0, 1, 2, 3]},
    }
    env = GAME.view(exchanging, None)["envelope"]
    assert env["actors"] == ["dora"] and env["turn"] == 0 and env["last"] == []
    assert env["over"] is False and env["results"] == []
