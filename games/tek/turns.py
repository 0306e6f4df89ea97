"""Tiny Epic Kingdoms' event roles and where a turn ends (docs/rules/tek.md §19.4).

A turn, for the table (the envelope's ``turn``, the replay's frames, the turn clock's whole-turn
takeover), is one player's run of decisions: it ends when the decision passes to someone who
did not have to decide before (a responder is done and the next one must act, a war starts and
the defender must set a die, a turn of §5 passes to the next player), when something hidden
turns up (the war dice, an exploration token) and when the game ends. The engine says so with
the event ``handover`` ``{player, to}`` (the players who must act now and did not before),
declared ``turn_end``; ``war_revealed`` and ``token_revealed`` reveal (and end a turn);
``war_die_set`` only says that someone chose in secret. Every other event is plain.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from games.base import PICK, PLAIN, REVEAL, TURN_END, EventRole
from games.tek.tasks import Event

#: the event that ends a turn by handing the decision to other players
HANDOVER = "handover"

_PLAIN_EVENTS = (
    # setup (§4)
    "faction_assigned",
    "faction_drafted",
    "side_chosen",
    "start_placed",
    "resources_set",
    "lost_kingdom",
    "tokens_placed",
    # the turn (§5)
    "shields_cleared",
    "clear_turn",
    "action_selected",
    "passed",
    "performed",
    "end_triggered",
    # actions (§6, §7)
    "moved",
    "swapped",
    "stood_up",
    "built",
    "researched",
    "expanded",
    "traded",
    "arrival_gain",
    # collecting (§9)
    "collected",
    "resource_chosen",
    "converted",
    # war (§10, §12)
    "war_started",
    "war_boosted",
    "war_result",
    "war_paid",
    "alliance_formed",
    "alliance_broken",
    "crown_passed",
    "resources_lost",
    "plundered",
    "dragon_used",
    "retreated",
    "removed",
    "church_used",
    "refuge",
    "neutral_war",
    "neutral_captured",
    # exploration (§14)
    "bandits_paid",
    "bandits_removed",
)

#: every event type the engine emits, with its role (games.base.EventRole)
EVENTS: Mapping[str, EventRole] = {
    **{kind: PLAIN for kind in _PLAIN_EVENTS},
    "war_die_set": PICK,
    "war_revealed": REVEAL,
    "token_revealed": REVEAL,
    HANDOVER: TURN_END,
    "game_over": TURN_END,
}


def ends_turn(events: Iterable[Event]) -> bool:
    """Whether a move with these events ends a turn (one of them has the ``turn_end`` role)."""
    return any(EVENTS[e["type"]].turn_end for e in events)
