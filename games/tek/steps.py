"""Tiny Epic Kingdoms: who acts and the legal moves of every input step (rules §19.1).

``STEP_MOVES`` maps each step kind to one small function listing its moves; the war-loss
options (§10.7), the Orcs boost (§10.3) and the payment options (§10.5) live beside them.
"""

from __future__ import annotations

from collections.abc import Callable

from games.tek import rules as R
from games.tek.data import ACTIONS, CARD_SIDES, RESOURCES, SIDE_REGIONS, C
from games.tek.tasks import Move, State, Task, current

StepMoves = Callable[[State, Task, str], list[Move]]
Combo = tuple[int, int, int]


def step_name(s: State, t: Task) -> str:
    """The step's name in views: ``war_pay`` splits into ``war_pay_mana`` over 25 (§10.5)."""
    if t["kind"] == "war_pay" and "mana" not in t and len(pay_options(s, t)) > R.MAX_OPTIONS:
        return "war_pay_mana"
    return str(t["kind"])


def pay_options(s: State, t: Task) -> list[Combo]:
    p = t["player"]
    opts = R.PayRule(s, p, s["war"]).minimal_options(R.holdings(s, p), t["due"])
    if "mana" in t:
        opts = [c for c in opts if c[0] == t["mana"]]
    return opts


def two_of(hold: Combo, n: int) -> list[Combo]:
    """Combinations of exactly ``n`` units within ``hold``, mana-heavy first (E17 order)."""
    out = []
    for a in range(min(n, hold[0]), -1, -1):
        for b in range(min(n - a, hold[1]), -1, -1):
            c = n - a - b
            if c <= hold[2]:
                out.append((a, b, c))
    return out


def res_move(kind: str, c: Combo) -> Move:
    return {"type": kind, "mana": c[0], "ore": c[1], "food": c[2]}


def war_die_actors(s: State) -> list[str]:
    war = s["war"]
    return [p for p in (war["attacker"], war["defender"]) if war["values"][p] is None]


def actors_of(s: State) -> list[str]:
    """Who may move now: both war players who have not set at ``war_die``, else the task's
    player; nobody when the game is over."""
    if s["over"]:
        return []
    t = current(s)
    if t is None:
        return []
    if t["kind"] == "war_die":
        return war_die_actors(s)
    return [t["player"]]


# --- setup (§4) -------------------------------------------------------------------------------


def _draft(s: State, t: Task, p: str) -> list[Move]:
    return [{"type": "draft", "faction": f} for f in s["draft_pool"]]


def _side(s: State, t: Task, p: str) -> list[Move]:
    return [{"type": "side", "side": x} for x in CARD_SIDES[s["pl"][p]["card"]]]


def _start(s: State, t: Task, p: str) -> list[Move]:
    return [{"type": "start", "region": r} for r in SIDE_REGIONS[s["pl"][p]["home"]]]


def _start_resources(s: State, t: Task, p: str) -> list[Move]:
    total = int(C["starting_resources"])
    return [{"type": "start_beginner"}] + [
        {"type": "start_mana", "mana": k} for k in range(total + 1)
    ]


def _start_ore(s: State, t: Task, p: str) -> list[Move]:
    left = int(C["starting_resources"]) - t["mana"]
    return [{"type": "start_ore", "ore": j} for j in range(left + 1)]


def _token_skip(s: State, t: Task, p: str) -> list[Move]:
    return [
        {"type": "token_skip", "region": r}
        for r in SIDE_REGIONS[s["pl"][p]["home"]]
        if not s["meeples"][r]
    ]


# --- the turn and the actions (§5, §6, §7) ------------------------------------------------------


def _select(s: State, t: Task, p: str) -> list[Move]:
    return [{"type": "select", "action": a} for a in ACTIONS if a not in s["shields"]]


def _respond(s: State, t: Task, p: str) -> list[Move]:
    moves: list[Move] = [{"type": "perform", "action": a} for a in R.performable(s, p, t["action"])]
    moves.append({"type": "pass"} if t["active"] else {"type": "collect"})
    return moves


def _move_from(s: State, t: Task, p: str) -> list[Move]:
    moves: list[Move] = [
        {"type": "move_from", "region": r}
        for r in R.standing_regions(s, p)
        if R.move_destinations(s, p, r, t["action"])
    ]
    if t["action"] == "patrol":
        moves += [{"type": "stand_up", "region": r} for r in R.searching_regions(s, p)]
    else:
        moves += [{"type": "swap_from", "region": r} for r in R.swap_sources(s, p)]
    return moves


def _move_to(s: State, t: Task, p: str) -> list[Move]:
    return [
        {"type": "move_to", "region": d} for d in R.move_destinations(s, p, t["from"], t["action"])
    ]


def _swap_to(s: State, t: Task, p: str) -> list[Move]:
    return [{"type": "swap_to", "region": d} for d in R.swap_targets(s, p, t["from"])]


def _expand(s: State, t: Task, p: str) -> list[Move]:
    return [{"type": "expand", "region": r} for r in R.expand_regions(s, p)]


def _trade_pair(s: State, t: Task, p: str) -> list[Move]:
    res = s["pl"][p]["res"]
    return [
        {"type": "trade_pair", "give": x, "get": y}
        for x in RESOURCES
        for y in RESOURCES
        if x != y and res[x] >= 1
    ]


def _trade_amount(s: State, t: Task, p: str) -> list[Move]:
    return [
        {"type": "trade_amount", "amount": n} for n in range(1, s["pl"][p]["res"][t["give"]] + 1)
    ]


# --- war (§10, §12) ------------------------------------------------------------------------------


def _war_die(s: State, t: Task, p: str) -> list[Move]:
    if p not in war_die_actors(s):
        return []
    return [{"type": "war_die", "value": v} for v in R.legal_war_dice(s, p)]


def _war_boost(s: State, t: Task, p: str) -> list[Move]:
    return [{"type": "war_boost", "resource": x} for x in boost_options(s, p)] + [
        {"type": "war_boost", "resource": None}
    ]


def _war_pay(s: State, t: Task, p: str) -> list[Move]:
    opts = pay_options(s, t)
    if "mana" not in t and len(opts) > R.MAX_OPTIONS:
        return [{"type": "war_pay_mana", "mana": a} for a in sorted({c[0] for c in opts})]
    return [res_move("war_pay", c) for c in opts]


def _lose_resources(s: State, t: Task, p: str) -> list[Move]:
    hold = R.holdings(s, p)
    n = min(t["amount"], sum(hold))
    return [res_move("lose_resources", c) for c in two_of(hold, n)]


def _plunder(s: State, t: Task, p: str) -> list[Move]:
    loser = t["loser"]
    return [{"type": "plunder", "resource": x} for x in RESOURCES if s["pl"][loser]["res"][x] >= 1]


def _dragon(s: State, t: Task, p: str) -> list[Move]:
    return [{"type": "dragon", "use": True}, {"type": "dragon", "use": False}]


def _loss_region(s: State, t: Task, p: str) -> list[Move]:
    return [{"type": "loss_region", "region": r} for r in s["war"]["loss_pending"]]


def _loss(s: State, t: Task, p: str) -> list[Move]:
    return loss_moves(s, p, t["region"])


# --- gains and tokens (§9, §14) ------------------------------------------------------------------


def _choose_resource(s: State, t: Task, p: str) -> list[Move]:
    return [{"type": "choose_resource", "resource": x} for x in RESOURCES]


def _convert(s: State, t: Task, p: str) -> list[Move]:
    return [
        {"type": "convert", "from": x, "to": y} for x in t["gained"] for y in RESOURCES if y != x
    ] + [{"type": "convert", "from": None, "to": None}]


def _bandits(s: State, t: Task, p: str) -> list[Move]:
    """§14: "Buď zaplať 2 libovolné zdroje, nebo musíš figurku odstranit" (a last one too)."""
    hold = R.holdings(s, p)
    pay = int(R.TOKEN_RULES["bandits"]["pay"])
    moves = [res_move("bandits_pay", c) for c in two_of(hold, pay)] if sum(hold) >= pay else []
    return moves + [{"type": "bandits_remove"}]


STEP_MOVES: dict[str, StepMoves] = {
    "draft": _draft,
    "side": _side,
    "start": _start,
    "start_resources": _start_resources,
    "start_ore": _start_ore,
    "token_skip": _token_skip,
    "select": _select,
    "respond": _respond,
    "move_from": _move_from,
    "move_to": _move_to,
    "swap_to": _swap_to,
    "expand": _expand,
    "trade_pair": _trade_pair,
    "trade_amount": _trade_amount,
    "war_die": _war_die,
    "war_boost": _war_boost,
    "war_pay": _war_pay,
    "lose_resources": _lose_resources,
    "plunder": _plunder,
    "choose_resource": _choose_resource,
    "convert": _convert,
    "dragon": _dragon,
    "loss_region": _loss_region,
    "loss": _loss,
    "bandits": _bandits,
}


def step_moves(s: State, t: Task, player: str) -> list[Move]:
    """The legal moves of ``player`` at the input task ``t`` (rules §19.1)."""
    return STEP_MOVES[t["kind"]](s, t, player)


def boost_options(s: State, p: str) -> list[str]:
    """Orcs L4 (§10.3): units whose removal still pays the number that was set."""
    war = s["war"]
    rule = R.PayRule(s, p, war)
    hold = R.holdings(s, p)
    number = war["set"][p]
    out = []
    for i, x in enumerate(RESOURCES):
        if rule.values[i] >= 1 and hold[i] >= 1:
            rest = (hold[0] - (i == 0), hold[1] - (i == 1), hold[2] - (i == 2))
            if rule.max_worth(rest) >= number:
                out.append(x)
    return out


def loss_moves(s: State, p: str, r: str) -> list[Move]:
    """§10.7: retreat, church, refuge (a break that would take the last meeple when not one
    meeple could retreat, §10.9) or remove (always, also a last meeple)."""
    moves: list[Move] = [{"type": "retreat", "region": x} for x in retreat_options(s, p, r)]
    if church_region(s, p, r) is not None:
        moves.append({"type": "church"})
    if s["war"].get("refuge") and R.meeples_in_play(s, p) == 1:
        moves += [{"type": "refuge", "region": x} for x in R.refuge_destinations(s, p, r)]
    moves.append({"type": "remove"})
    return moves


def retreat_options(s: State, p: str, r: str) -> list[str]:
    """Where ``p``'s losing meeple in ``r`` may retreat now: not while it lies in ruins (§8,
    the attacker's meeple in contested ruins too: ``R.lies_in_ruins``), not after losing to
    Dark Elves L4 unless the Dragon's Lair was used, and only with the food for it (§10.7)."""
    war = s["war"]
    dragon = r == war["region"] and war.get("dragon", False)
    assassins = any(
        h["on"] == "win" and h["effect"] == "no_retreat"
        for h in R.hooks(s, war["winner"], "war_aftermath")
    )
    if R.lies_in_ruins(s, p, r) or (assassins and not dragon):
        return []
    cost = 0 if dragon else R.retreat_cost(s, p)
    if s["pl"][p]["res"]["food"] < cost:
        return []
    return R.retreat_destinations(s, p, r)


def church_region(s: State, p: str, r: str) -> str | None:
    for x, tok in s["tokens"].items():
        if tok["id"] == "church" and tok["up"] and x != r:
            ms = s["meeples"][x]
            if len(ms) <= 1 and any(m[0] == p for m in ms):
                return str(x)
    return None
