"""What a Tiny Epic Kingdoms move does now (docs/rules/tek.md §19.6; ``games.base.Previewable``).

``preview_move(state, player, move)`` answers, for a move listed for ``player``, the rule
consequences a prompt shows, in the engine's own numbers and from public facts only (the
holdings, factions, magic, tower and map are public; another player's unrevealed die and the
face-down tokens are never read). Every answer has

* ``cost``: the resources the move pays, ``{resource: n}`` (``{}`` when it pays nothing; an
  action's own cost is there even when an ability makes it 0): at once, but for ``perform``
  Expand, whose food is paid when the region is chosen (§6.5);
* ``gain``: the resources it gives now (before the cap of 9), ``{resource: n}``;
* ``left``: the mover's holdings after both (capped), ``{"mana", "ore", "food"}``;
* ``lost``: what the cap takes of the gain, ``{resource: n}`` (``{}`` when nothing);

and the keys of its move type (one small function each, :data:`PREVIEWS`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.tek import rules as R
from games.tek.actions import arrival_gains, collect_yield
from games.tek.data import (
    FACTIONS,
    MAX_MAGIC,
    REGIONS,
    RESOURCES,
    SIDE_REGIONS,
    SIDES,
    TERRAIN,
    TOWER,
    C,
)
from games.tek.steps import boost_options, church_region, pay_options
from games.tek.tasks import Move, State, Task
from games.tek.viewing import token_view

Preview = dict[str, Any]
PreviewFn = Callable[[State, Task, str, Move], Preview]


def effect(
    s: State, p: str, cost: Mapping[str, int] | None = None, gain: Mapping[str, int] | None = None
) -> Preview:
    """``cost``, ``gain``, ``left`` and ``lost`` of paying ``cost`` and gaining ``gain`` (both
    as given: a zero cost stays, "Build for 0 ore")."""
    cost = {x: int(n) for x, n in (cost or {}).items()}
    gain = {x: int(n) for x, n in (gain or {}).items()}
    cap = int(C["resource_cap"])
    left, lost = {}, {}
    for x in RESOURCES:
        raw = s["pl"][p]["res"][x] - cost.get(x, 0) + gain.get(x, 0)
        left[x] = min(cap, raw)
        if raw > cap:
            lost[x] = raw - cap
    return {"cost": cost, "gain": gain, "left": left, "lost": lost}


def combo(c: tuple[int, int, int]) -> dict[str, int]:
    return dict(zip(RESOURCES, c, strict=True))


def _move_combo(m: Move) -> dict[str, int]:
    return {x: int(m[x]) for x in RESOURCES}


def _region(r: str) -> Preview:
    """A region's public facts: type, what collecting it yields, its token."""
    info = REGIONS[r]
    return {"region": r, "terrain": info["type"], "yields": TERRAIN[info["type"]]["yield"]}


# --- setup (§4) ------------------------------------------------------------------------------


def _draft(s: State, t: Task, p: str, m: Move) -> Preview:
    levels = FACTIONS[m["faction"]]["levels"]
    abilities = [
        {"level": lv["level"], "term": f"ability.{m['faction']}.{lv['level']}"} for lv in levels
    ]
    return {**effect(s, p), "faction": m["faction"], "abilities": abilities}


def _side(s: State, t: Task, p: str, m: Move) -> Preview:
    """The home side's five regions in letter order, their terrain and what they yield."""
    regions = [{**_region(r), "edge": REGIONS[r]["edge"]} for r in SIDE_REGIONS[m["side"]]]
    yields = {x: sum(1 for r in regions if r["yields"] == x) for x in RESOURCES}
    return {
        **effect(s, p),
        "side": m["side"],
        "card": SIDES[m["side"]]["card"],
        "terrain": [r["terrain"] for r in regions],
        "regions": regions,
        "yields": yields,
    }


def _start(s: State, t: Task, p: str, m: Move) -> Preview:
    r = m["region"]
    searching = REGIONS[r]["type"] == "ruins"
    return {
        **effect(s, p),
        **_region(r),
        "meeples": int(C["starting_meeples"]),
        "searching": searching,
    }


def _start_beginner(s: State, t: Task, p: str, m: Move) -> Preview:
    return effect(s, p, gain={x: int(C["beginner_split"][x]) for x in RESOURCES})


def _start_mana(s: State, t: Task, p: str, m: Move) -> Preview:
    """The mana chosen now; the split is made (and the resources given) with the ore next."""
    rest = int(C["starting_resources"]) - m["mana"]
    return {**effect(s, p), "mana": m["mana"], "to_split": rest}


def _start_ore(s: State, t: Task, p: str, m: Move) -> Preview:
    food = int(C["starting_resources"]) - t["mana"] - m["ore"]
    return effect(s, p, gain={"mana": t["mana"], "ore": m["ore"], "food": food})


def _token_skip(s: State, t: Task, p: str, m: Move) -> Preview:
    home = [r for r in SIDE_REGIONS[s["pl"][p]["home"]] if not s["meeples"][r]]
    n = int(C["exploration"]["five_player_tokens_per_home"])
    tokens = [r for r in home if r != m["region"]][:n]
    return {**effect(s, p), "region": m["region"], "tokens_in": tokens}


# --- the turn and the actions (§5, §6) ---------------------------------------------------------


def _select(s: State, t: Task, p: str, m: Move) -> Preview:
    """The shield placed, and what performing the action would then do for the selector
    (``then``: its cost and gain, level, VP; None when they could not perform it, §6)."""
    shield = len(s["shields"]) + 1
    last = shield == int(C["shields"])
    then = None
    if R.action_possible(s, p, m["action"]):
        done = action_effect(s, p, m["action"])
        then = {k: v for k, v in done.items() if k not in ("left", "lost")}
    return {
        **effect(s, p),
        "action": m["action"],
        "shield": shield,
        "last_shield": last,
        "ends_game": last and s["end"] is not None,
        "then": then,
    }


def action_effect(s: State, p: str, action: str) -> Preview:
    """What performing ``action`` costs and gives ``p`` now (§6)."""
    info = s["pl"][p]
    if action == "build":
        cost, level = R.build_cost(s, p), info["tower"] + 1
        vp = TOWER[level]["vp"] - (TOWER[info["tower"]]["vp"] if info["tower"] else 0)
        return {**effect(s, p, cost={"ore": cost}), "level": level, "vp": vp}
    if action == "research":
        cost, level = R.research_cost(s, p), info["magic"] + 1
        ability = f"ability.{info['faction']}.{level}" if level <= MAX_MAGIC else None
        vp = int(C["magic_vp_per_level"])
        return {**effect(s, p, cost={"mana": cost}), "level": level, "vp": vp, "ability": ability}
    if action == "expand":
        cost = R.expand_cost(s, p)
        return {**effect(s, p, cost={"food": cost}), "regions": R.expand_regions(s, p), "vp": 1}
    if action == "trade":
        return {**effect(s, p), "bonus": R.trade_bonus(s, p)}
    starts = [r for r in R.standing_regions(s, p) if R.move_destinations(s, p, r, action)]
    return {**effect(s, p), "from": starts}


def _perform(s: State, t: Task, p: str, m: Move) -> Preview:
    """§5 step 3: the action (a substitute names what it replaces, §17) and its effect (§6)."""
    instead_of = t["action"] if m["action"] != t["action"] else None
    return {**action_effect(s, p, m["action"]), "action": m["action"], "instead_of": instead_of}


def _pass(s: State, t: Task, p: str, m: Move) -> Preview:
    return {**effect(s, p), "action": t["action"]}


def _collect(s: State, t: Task, p: str, m: Move) -> Preview:
    """§9: the fixed yield at once, then the free choices and Mimicry's conversion."""
    gains, choices = collect_yield(s, p)
    convert = any(h["kind"] == "convert_one" for h in R.hooks(s, p, "collect_bonus"))
    return {
        **effect(s, p, gain=gains),
        "choices": len(choices),
        "reasons": choices,
        "convert": convert,
    }


# --- movement (§7) -----------------------------------------------------------------------------


def _move_from(s: State, t: Task, p: str, m: Move) -> Preview:
    return {
        **effect(s, p),
        "region": m["region"],
        "destinations": R.move_destinations(s, p, m["region"], t["action"]),
    }


def _stand_up(s: State, t: Task, p: str, m: Move) -> Preview:
    return {**effect(s, p), "region": m["region"]}


def _left(s: State, p: str, src: str) -> State:
    """``s`` as seen after one of ``p``'s meeples has left ``src`` (a shallow copy)."""
    ms = list(s["meeples"][src])
    mine = [i for i, m in enumerate(ms) if m[0] == p]
    if mine:
        del ms[mine[-1]]
    return {**s, "meeples": {**s["meeples"], src: ms}}


def entering(s: State, p: str, src: str, dst: str, via: str) -> Preview:
    """What entering ``dst`` from ``src`` by ``via`` starts (§7.1): a war, a neutral war, or an
    arrival with its face-down token and its arrival gains (§7.4)."""
    ms = s["meeples"][dst]
    owner = ms[0][0] if ms and ms[0][0] != p else None
    out: Preview = {**_region(dst), "token": token_view(s, dst), "war": None, "neutral_cost": None}
    if owner == R.NEUTRAL:
        out["neutral_cost"] = R.neutral_cost(s)
    elif owner is not None:  # allied or not, judged after the meeple has left (§10.1)
        shared = R.shared_regions(_left(s, p, src), p, owner)
        out["war"] = {"defender": owner, "allied": bool(shared) and len(s["players"]) >= 3}
    gains = arrival_gains(s, p, dst, via) if owner is None else []
    out["arrival_gain"] = {
        x: sum(n for y, n in gains if y == x) for x in RESOURCES if any(y == x for y, _ in gains)
    }
    return out


def _move_to(s: State, t: Task, p: str, m: Move) -> Preview:
    enter = entering(s, p, t["from"], m["region"], t["action"])
    return {
        **effect(s, p, gain=enter["arrival_gain"]),
        **enter,
        "from": t["from"],
        "via": t["action"],
    }


def _swap_from(s: State, t: Task, p: str, m: Move) -> Preview:
    return {**effect(s, p), "region": m["region"], "targets": R.swap_targets(s, p, m["region"])}


def _swap_to(s: State, t: Task, p: str, m: Move) -> Preview:
    ms = s["meeples"][m["region"]]
    return {**effect(s, p), **_region(m["region"]), "with": ms[0][0], "war": len(ms) > 1}


def _expand(s: State, t: Task, p: str, m: Move) -> Preview:
    cost = R.expand_cost(s, p)
    return {
        **effect(s, p, cost={"food": cost}),
        **_region(m["region"]),
        "token": token_view(s, m["region"]),
    }


def _trade_pair(s: State, t: Task, p: str, m: Move) -> Preview:
    most = s["pl"][p]["res"][m["give"]]
    return {
        **effect(s, p),
        "give": m["give"],
        "get": m["get"],
        "bonus": R.trade_bonus(s, p),
        "most": most,
    }


def _trade_amount(s: State, t: Task, p: str, m: Move) -> Preview:
    n = m["amount"]
    received = n + R.trade_bonus(s, p)
    out = effect(s, p, cost={t["give"]: n}, gain={t["get"]: received})
    return {**out, "give": t["give"], "get": t["get"], "amount": n, "received": received}


# --- war (§10, §12) ----------------------------------------------------------------------------


def _war_die(s: State, t: Task, p: str, m: Move) -> Preview:
    """§10.2: both sides' war values, the mover's flat discount, and for a number the minimal
    payments that would cover it (what each would leave): paid win or lose (§10.5)."""
    war = s["war"]
    rule = R.PayRule(s, p, war)
    values = {q: R.war_values(s, q) for q in (war["attacker"], war["defender"])}
    payments = []
    if m["value"] != "flag":
        for c in rule.minimal_options(R.holdings(s, p), m["value"]):
            paid = combo(c)
            payments.append({"pay": paid, "left": effect(s, p, cost=paid)["left"]})
    return {
        **effect(s, p),
        "value": m["value"],
        "war_values": values,
        "discount": rule.flat,
        "single_type_discount": rule.single,
        "most": rule.max_worth(R.holdings(s, p)),
        "payments": payments,
        "both_flags": "alliance" if len(s["players"]) >= 3 else "defender",
        "tie": R.war_winner(s, {**war, "values": {war["attacker"]: 1, war["defender"]: 1}}),
    }


def _war_boost(s: State, t: Task, p: str, m: Move) -> Preview:
    war = s["war"]
    x = m["resource"]
    add = R.war_values(s, p)[x] if x is not None else 0
    new = war["values"][p] + add
    return {
        **effect(s, p, cost={x: 1} if x else None),
        "resource": x,
        "adds": add,
        "new_value": new,
        "boosts": boost_options(s, p),
    }


def _war_pay_mana(s: State, t: Task, p: str, m: Move) -> Preview:
    opts = [combo(c) for c in pay_options(s, {**t, "mana": m["mana"]})]
    return {**effect(s, p), "mana": m["mana"], "due": t["due"], "options": opts}


def _payment(s: State, t: Task, p: str, m: Move) -> Preview:
    """A payment (war cost, Peaceful Folk's loss, the bandits): what it pays and leaves."""
    paid = _move_combo(m)
    out = effect(s, p, cost=paid)
    if m["type"] == "war_pay":
        war = s["war"]
        worth = R.PayRule(s, p, war).worth((paid["mana"], paid["ore"], paid["food"]))
        return {**out, "due": t["due"], "worth": worth}
    return out


def _plunder(s: State, t: Task, p: str, m: Move) -> Preview:
    return {**effect(s, p, gain={m["resource"]: 1}), "from": t["loser"], "resource": m["resource"]}


def _choose_resource(s: State, t: Task, p: str, m: Move) -> Preview:
    return {
        **effect(s, p, gain={m["resource"]: 1}),
        "resource": m["resource"],
        "reason": t["reason"],
    }


def _convert(s: State, t: Task, p: str, m: Move) -> Preview:
    if m["from"] is None:
        return effect(s, p)
    return effect(s, p, cost={m["from"]: 1}, gain={m["to"]: 1})


def _dragon(s: State, t: Task, p: str, m: Move) -> Preview:
    """§10.6 step 6: the loser's tower drops one level (and its VP), their retreat is free."""
    loser = t["loser"]
    tower = s["pl"][loser]["tower"]
    after = tower - int(R.TOKEN_RULES["dragons_lair"]["tower_drop"]) if m["use"] else tower
    vp = (TOWER[tower]["vp"] if tower else 0) - (TOWER[after]["vp"] if after else 0)
    return {
        **effect(s, p),
        "use": m["use"],
        "loser": loser,
        "tower": after,
        "vp_lost": vp,
        "free_retreat": bool(m["use"]),
    }


# --- losing a meeple (§10.7, §10.9, §14) -------------------------------------------------------


def _loss_region(s: State, t: Task, p: str, m: Move) -> Preview:
    return {**effect(s, p), **_region(m["region"])}


def _retreat(s: State, t: Task, p: str, m: Move) -> Preview:
    """§10.7: food for each meeple in play, nothing after the Dragon's Lair (§10.6 step 6)."""
    war = s["war"]
    free = t["region"] == war["region"] and war.get("dragon", False)
    cost = 0 if free else R.retreat_cost(s, p)
    return {
        **effect(s, p, cost={"food": cost}),
        **_region(m["region"]),
        "from": t["region"],
        "token": token_view(s, m["region"]),
    }


def _church(s: State, t: Task, p: str, m: Move) -> Preview:
    to = church_region(s, p, t["region"])
    return {**effect(s, p), "from": t["region"], "to": to}


def removal(s: State, p: str, r: str) -> Preview:
    """A meeple of ``p`` leaves ``r`` for the supply: the ``on_removed`` gains (Undead L1)."""
    gains: dict[str, int] = {}
    for h in R.hooks(s, p, "on_removed"):
        gains[h["gain"]] = gains.get(h["gain"], 0) + int(h["amount"])
    return {**effect(s, p, gain=gains), **_region(r), "meeples_after": R.meeples_in_play(s, p) - 1}


def _remove(s: State, t: Task, p: str, m: Move) -> Preview:
    return removal(s, p, t["region"])


def _refuge(s: State, t: Task, p: str, m: Move) -> Preview:
    return {**effect(s, p), **_region(m["region"]), "from": t["region"]}


PREVIEWS: dict[str, PreviewFn] = {
    "draft": _draft,
    "side": _side,
    "start": _start,
    "start_beginner": _start_beginner,
    "start_mana": _start_mana,
    "start_ore": _start_ore,
    "token_skip": _token_skip,
    "select": _select,
    "perform": _perform,
    "pass": _pass,
    "collect": _collect,
    "move_from": _move_from,
    "stand_up": _stand_up,
    "move_to": _move_to,
    "swap_from": _swap_from,
    "swap_to": _swap_to,
    "expand": _expand,
    "trade_pair": _trade_pair,
    "trade_amount": _trade_amount,
    "war_die": _war_die,
    "war_boost": _war_boost,
    "war_pay_mana": _war_pay_mana,
    "war_pay": _payment,
    "lose_resources": _payment,
    "bandits_pay": _payment,
    "plunder": _plunder,
    "choose_resource": _choose_resource,
    "convert": _convert,
    "dragon": _dragon,
    "loss_region": _loss_region,
    "retreat": _retreat,
    "church": _church,
    "remove": _remove,
    "refuge": _refuge,
    "bandits_remove": _remove,
}


def preview_move(s: State, p: str, move: Move) -> Preview:
    """The preview of ``p``'s listed ``move`` at the current step (the caller checked it)."""
    return PREVIEWS[move["type"]](s, s["tasks"][-1], p, move)
