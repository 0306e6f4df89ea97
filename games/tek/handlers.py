"""Tiny Epic Kingdoms: what every move does (rules §4-§14), one small function per move type.

``HANDLERS[move["type"]](s, t, p, move, events)`` applies a listed move of player ``p`` at
the input task ``t`` (already popped) to the state copy ``s``, appending public events.
"""

from __future__ import annotations

from collections.abc import Callable

from games.tek import rules as R
from games.tek.actions import (
    do_collect,
    do_move,
    do_swap,
    remove_meeple,
    start_action,
    take_meeple,
)
from games.tek.data import REGIONS, RESOURCES, SIDE_REGIONS, C
from games.tek.setup import place_tokens
from games.tek.steps import church_region, war_die_actors
from games.tek.tasks import Event, Move, State, Task, current, push, task

Handler = Callable[[State, Task, str, Move, list[Event]], None]


# --- setup (§4) -------------------------------------------------------------------------------


def h_draft(s: State, t: Task, p: str, move: Move, events: list[Event]) -> None:
    s["pl"][p]["faction"] = move["faction"]
    s["draft_pool"].remove(move["faction"])
    events.append({"type": "faction_drafted", "player": p, "faction": move["faction"]})
    if all(s["pl"][q]["faction"] for q in s["players"]):
        s["draft_pool"] = None


def h_side(s: State, t: Task, p: str, move: Move, events: list[Event]) -> None:
    s["pl"][p]["home"] = move["side"]
    homes = [s["pl"][q]["home"] for q in R._seat_order(s, s["first"]) if s["pl"][q]["home"]]
    s["sides"] = homes + ([s["lost_kingdom"]] if s["lost_kingdom"] else [])
    for r in SIDE_REGIONS[move["side"]]:
        s["meeples"][r] = []
    # keep the map dict in sides order (views and scans follow it)
    s["meeples"] = {r: s["meeples"][r] for side in s["sides"] for r in SIDE_REGIONS[side]}
    events.append({"type": "side_chosen", "player": p, "side": move["side"]})
    push(s, task("start", p))


def h_start(s: State, t: Task, p: str, move: Move, events: list[Event]) -> None:
    r = move["region"]
    searching = REGIONS[r]["type"] == "ruins"
    s["meeples"][r] = [[p, searching] for _ in range(int(C["starting_meeples"]))]
    events.append({"type": "start_placed", "player": p, "region": r})
    push(s, task("start_resources", p))


def set_start(s: State, p: str, mana: int, ore: int, food: int, events: list[Event]) -> None:
    s["pl"][p]["res"] = R._res(mana, ore, food)
    events.append({"type": "resources_set", "player": p, "mana": mana, "ore": ore, "food": food})


def h_start_beginner(s: State, t: Task, p: str, move: Move, events: list[Event]) -> None:
    split = C["beginner_split"]
    set_start(s, p, split["mana"], split["ore"], split["food"], events)


def h_start_mana(s: State, t: Task, p: str, move: Move, events: list[Event]) -> None:
    push(s, task("start_ore", p, mana=move["mana"]))


def h_start_ore(s: State, t: Task, p: str, move: Move, events: list[Event]) -> None:
    mana, ore = t["mana"], move["ore"]
    set_start(s, p, mana, ore, int(C["starting_resources"]) - mana - ore, events)


def h_token_skip(s: State, t: Task, p: str, move: Move, events: list[Event]) -> None:
    """§13: the chosen home region stays without a token; the others get one each."""
    regions = [
        r for r in SIDE_REGIONS[s["pl"][p]["home"]] if not s["meeples"][r] and r != move["region"]
    ]
    n = int(C["exploration"]["five_player_tokens_per_home"])
    place_tokens(s, regions[:n], events, p)


# --- the turn (§5) ------------------------------------------------------------------------------


def h_select(s: State, t: Task, p: str, move: Move, events: list[Event]) -> None:
    s["shields"].append(move["action"])
    events.append({"type": "action_selected", "player": p, "action": move["action"]})
    active = s["players"][s["active"]]
    order = R._seat_order(s, s["active"])
    push(
        s,
        *[task("respond", q, action=move["action"], active=q == active) for q in order],
        task("end_check"),
        task("pass_turn"),
    )


def h_perform(s: State, t: Task, p: str, move: Move, events: list[Event]) -> None:
    ev: Event = {"type": "performed", "player": p, "action": move["action"]}
    if move["action"] != t["action"]:
        ev["instead_of"] = t["action"]
    events.append(ev)
    start_action(s, p, move["action"], events)


def h_pass(s: State, t: Task, p: str, move: Move, events: list[Event]) -> None:
    events.append({"type": "passed", "player": p})


def h_collect(s: State, t: Task, p: str, move: Move, events: list[Event]) -> None:
    do_collect(s, p, events)


# --- actions and movement (§6, §7) --------------------------------------------------------------


def h_move_from(s: State, t: Task, p: str, move: Move, events: list[Event]) -> None:
    push(s, task("move_to", p, action=t["action"], **{"from": move["region"]}))


def h_stand_up(s: State, t: Task, p: str, move: Move, events: list[Event]) -> None:
    for m in s["meeples"][move["region"]]:
        if m[0] == p and m[1]:
            m[1] = False
            break
    events.append({"type": "stood_up", "player": p, "region": move["region"]})


def h_move_to(s: State, t: Task, p: str, move: Move, events: list[Event]) -> None:
    do_move(s, p, t["from"], move["region"], t["action"], events)


def h_swap_from(s: State, t: Task, p: str, move: Move, events: list[Event]) -> None:
    push(s, task("swap_to", p, **{"from": move["region"]}))


def h_swap_to(s: State, t: Task, p: str, move: Move, events: list[Event]) -> None:
    do_swap(s, p, t["from"], move["region"], events)


def h_expand(s: State, t: Task, p: str, move: Move, events: list[Event]) -> None:
    cost = R.expand_cost(s, p)
    s["pl"][p]["res"]["food"] -= cost
    s["meeples"][move["region"]].append([p, False])
    events.append({"type": "expanded", "player": p, "region": move["region"], "cost": cost})
    push(s, task("arrival", p, region=move["region"], via="expand"))


def h_trade_pair(s: State, t: Task, p: str, move: Move, events: list[Event]) -> None:
    push(s, task("trade_amount", p, give=move["give"], get=move["get"]))


def h_trade_amount(s: State, t: Task, p: str, move: Move, events: list[Event]) -> None:
    n = move["amount"]
    s["pl"][p]["res"][t["give"]] -= n
    received = n + R.trade_bonus(s, p)
    lost = R.gain(s, p, t["get"], received)
    events.append(
        {
            "type": "traded",
            "player": p,
            "give": t["give"],
            "get": t["get"],
            "amount": n,
            "received": received,
            "lost": lost,
        }
    )


# --- war (§10, §12) ------------------------------------------------------------------------------


def h_war_die(s: State, t: Task, p: str, move: Move, events: list[Event]) -> None:
    """§10.2: the value is secret; the event says only that it was set."""
    s["war"]["values"][p] = move["value"]
    events.append({"type": "war_die_set", "player": p})
    if war_die_actors(s):
        push(s, t)


def h_war_boost(s: State, t: Task, p: str, move: Move, events: list[Event]) -> None:
    x = move["resource"]
    if x is None:
        return
    war = s["war"]
    s["pl"][p]["res"][x] -= 1
    war["values"][p] = war["values"][p] + R.war_values(s, p)[x]
    war["boost"] = {"player": p, "resource": x}
    events.append(
        {"type": "war_boosted", "player": p, "resource": x, "new_value": war["values"][p]}
    )


def h_war_pay_mana(s: State, t: Task, p: str, move: Move, events: list[Event]) -> None:
    push(s, {**t, "mana": move["mana"]})


def pay(s: State, p: str, move: Move) -> dict[str, int]:
    """Take a (mana, ore, food) payment from ``p``; returns it for the event."""
    for x in RESOURCES:
        s["pl"][p]["res"][x] -= move[x]
    return {x: move[x] for x in RESOURCES}


def h_war_pay(s: State, t: Task, p: str, move: Move, events: list[Event]) -> None:
    events.append({"type": "war_paid", "player": p, **pay(s, p, move)})


def h_lose_resources(s: State, t: Task, p: str, move: Move, events: list[Event]) -> None:
    events.append({"type": "resources_lost", "player": p, "reason": t["reason"], **pay(s, p, move)})


def h_plunder(s: State, t: Task, p: str, move: Move, events: list[Event]) -> None:
    x = move["resource"]
    s["pl"][t["loser"]]["res"][x] -= 1
    lost = R.gain(s, p, x, 1)
    events.append(
        {"type": "plundered", "player": p, "from": t["loser"], "resource": x, "lost": lost}
    )


def h_dragon(s: State, t: Task, p: str, move: Move, events: list[Event]) -> None:
    if not move["use"]:
        return
    loser = t["loser"]
    s["pl"][loser]["tower"] -= R.TOKEN_RULES["dragons_lair"]["tower_drop"]
    s["war"]["dragon"] = True
    events.append(
        {"type": "dragon_used", "player": p, "loser": loser, "tower": s["pl"][loser]["tower"]}
    )


def h_loss_region(s: State, t: Task, p: str, move: Move, events: list[Event]) -> None:
    s["war"]["loss_pending"].remove(move["region"])
    push(s, task("loss", p, region=move["region"]))


def h_retreat(s: State, t: Task, p: str, move: Move, events: list[Event]) -> None:
    r, x = t["region"], move["region"]
    war = s["war"]
    cost = 0 if (r == war["region"] and war["dragon"]) else R.retreat_cost(s, p)
    s["pl"][p]["res"]["food"] -= cost
    take_meeple(s, p, r)
    s["meeples"][x].append([p, False])
    events.append({"type": "retreated", "player": p, "from": r, "to": x, "cost": cost})
    push(s, task("arrival", p, region=x, via="retreat"))


def h_church(s: State, t: Task, p: str, move: Move, events: list[Event]) -> None:
    r = t["region"]
    x = church_region(s, p, r)
    assert x is not None
    take_meeple(s, p, r)
    s["meeples"][x].append([p, False])
    del s["tokens"][x]
    events.append({"type": "church_used", "player": p, "from": r, "to": x})
    push(s, task("arrival", p, region=x, via="church"))


def h_remove(s: State, t: Task, p: str, move: Move, events: list[Event]) -> None:
    remove_meeple(s, p, t["region"], events)


def h_refuge(s: State, t: Task, p: str, move: Move, events: list[Event]) -> None:
    r, x = t["region"], move["region"]
    take_meeple(s, p, r)
    s["meeples"][x].append([p, False])
    events.append({"type": "refuge", "player": p, "from": r, "region": x})
    push(s, task("arrival", p, region=x, via="refuge"))


# --- gains and tokens (§9, §14) ------------------------------------------------------------------


def h_choose_resource(s: State, t: Task, p: str, move: Move, events: list[Event]) -> None:
    lost = R.gain(s, p, move["resource"], 1)
    events.append(
        {
            "type": "resource_chosen",
            "player": p,
            "resource": move["resource"],
            "reason": t["reason"],
            "lost": lost,
        }
    )


def h_convert(s: State, t: Task, p: str, move: Move, events: list[Event]) -> None:
    if move["from"] is None:
        return
    s["pl"][p]["res"][move["from"]] -= 1
    R.gain(s, p, move["to"], 1)
    events.append({"type": "converted", "player": p, "from": move["from"], "to": move["to"]})


def h_bandits_pay(s: State, t: Task, p: str, move: Move, events: list[Event]) -> None:
    events.append({"type": "bandits_paid", "player": p, **pay(s, p, move)})


def h_bandits_remove(s: State, t: Task, p: str, move: Move, events: list[Event]) -> None:
    """§14: the meeple leaves; its arrival ends here (no arrival gain, §7.4)."""
    remove_meeple(s, p, t["region"], events, "bandits_removed")
    nxt = current(s)
    if nxt and nxt["kind"] == "arrival_gain" and nxt["player"] == p:
        s["tasks"].pop()


HANDLERS: dict[str, Handler] = {
    "draft": h_draft,
    "side": h_side,
    "start": h_start,
    "start_beginner": h_start_beginner,
    "start_mana": h_start_mana,
    "start_ore": h_start_ore,
    "token_skip": h_token_skip,
    "select": h_select,
    "perform": h_perform,
    "pass": h_pass,
    "collect": h_collect,
    "move_from": h_move_from,
    "stand_up": h_stand_up,
    "move_to": h_move_to,
    "swap_from": h_swap_from,
    "swap_to": h_swap_to,
    "expand": h_expand,
    "trade_pair": h_trade_pair,
    "trade_amount": h_trade_amount,
    "war_die": h_war_die,
    "war_boost": h_war_boost,
    "war_pay_mana": h_war_pay_mana,
    "war_pay": h_war_pay,
    "lose_resources": h_lose_resources,
    "plunder": h_plunder,
    "dragon": h_dragon,
    "loss_region": h_loss_region,
    "retreat": h_retreat,
    "church": h_church,
    "remove": h_remove,
    "refuge": h_refuge,
    "choose_resource": h_choose_resource,
    "convert": h_convert,
    "bandits_pay": h_bandits_pay,
    "bandits_remove": h_bandits_remove,
}
#: every move type of the game (``GameBase.move_types``: anything else is malformed)
MOVE_TYPES: frozenset[str] = frozenset(HANDLERS)


def handle(s: State, t: Task, p: str, move: Move, events: list[Event]) -> None:
    """Apply ``p``'s listed ``move`` at task ``t`` (rules §19.1)."""
    HANDLERS[move["type"]](s, t, p, move, events)
