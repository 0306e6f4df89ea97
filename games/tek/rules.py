"""Tiny Epic Kingdoms rules: the rule functions the flow in ``game.py`` calls (id ``tek``).

A 4X game on small 3x3 territory cards: each turn the active player covers one of six actions
(Patrol, Quest, Build, Research, Expand, Trade) with a shield; then every player, in turn order,
either performs that action (or a faction substitute) or collects from the regions they occupy.
Moving into another player's lone meeple starts a war fought with secret war dice; two flags
make an alliance (3+ players). The end triggers at 7 meeples, tower 6 or magic 5 and comes when
the fifth shield is placed. The spec is ``docs/rules/tek.md``; every table is read from
``data/tek_data.json``.

What is hidden from whom:

* **War dice** are the only secret moves (``is_secret``). Until both are set and revealed, the
  other war player and spectators see only ``has_set``; a player's own view shows their own
  unrevealed value (``war_die``) and the values they can afford (``war_die_options``).
* **Face-down exploration tokens** are hidden from everybody (views show ``"face_down"``), as is
  the unused token pool. The order of the territory deck, the seed and any generator are never
  in a view (the state holds no generator: all randomness happens at setup).
* Everything else (resources, magic, tower, factions, the map) is public.

State is a plain JSON dict; ``apply`` copies it and never mutates its input. The flow is a stack
of tasks (``state["tasks"]``, next task last): automatic tasks run at once, input tasks are the
steps of the spec (§19.1) and wait for their actor's move.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.base import clone
from games.tek.data import (
    ACTIONS,
    FACTION_HOOKS,
    MAX_MAGIC,
    MAX_TOWER,
    REGIONS,
    SIDE_REGIONS,
    TOKENS,
    TOWER,
    C,
)

__all__ = ["TOKENS"]

State = dict[str, Any]
Move = dict[str, Any]
Event = dict[str, Any]

NEUTRAL = "neutral"
LOST_KINGDOM = "lost_kingdom"

# Token effect sizes from the token table of §14 (the data file states them only in prose).
TOKEN_RULES: dict[str, dict[str, int]] = {
    "treasure": {"choices": 2},
    "bandits": {"pay": 2},
    "dragons_lair": {"tower_drop": 1},
    "camp": {"multiplier": 2},
    "fort": {"war_discount": 2},
    "town": {"vp": int(C["town_vp"])},
}

# Steps that resolve by themselves when they offer exactly one move (§19.2).
AUTO_STEPS = frozenset(
    {"war_pay", "war_pay_mana", "lose_resources", "plunder", "loss_region", "loss", "bandits"}
)
INPUT_STEPS = frozenset(
    {
        "draft",
        "side",
        "start",
        "start_resources",
        "start_ore",
        "token_skip",
        "select",
        "respond",
        "move_from",
        "move_to",
        "swap_to",
        "expand",
        "trade_pair",
        "trade_amount",
        "war_die",
        "war_boost",
        "war_pay_mana",
        "war_pay",
        "lose_resources",
        "plunder",
        "choose_resource",
        "convert",
        "dragon",
        "loss_region",
        "loss",
        "bandits",
    }
)
MAX_OPTIONS = 25


# ---------------------------------------------------------------------------------------------
# small helpers


def copy_state(s: State) -> State:
    """A deep copy of a game state that knows its shape (the hot path of ``apply``)."""
    out = dict(s)
    out["players"] = list(s["players"])
    out["options"] = dict(s["options"])
    out["pl"] = {p: {**v, "res": dict(v["res"])} for p, v in s["pl"].items()}
    out["draft_pool"] = None if s["draft_pool"] is None else list(s["draft_pool"])
    out["sides"] = list(s["sides"])
    out["meeples"] = {r: [list(m) for m in ms] for r, ms in s["meeples"].items()}
    out["tokens"] = {r: dict(t) for r, t in s["tokens"].items()}
    out["token_pool"] = list(s["token_pool"])
    out["shields"] = list(s["shields"])
    out["end"] = None if s["end"] is None else dict(s["end"])
    out["war"] = clone(s["war"])
    out["results"] = clone(s["results"])
    out["pending_events"] = list(s["pending_events"])
    out["tasks"] = list(s["tasks"])  # task dicts are never mutated in place
    return out


def _res(mana: int, ore: int, food: int) -> dict[str, int]:
    return {"mana": mana, "ore": ore, "food": food}


def _seat_order(s: State, start: int) -> list[str]:
    n = len(s["players"])
    return [s["players"][(start + i) % n] for i in range(n)]


def hooks(s: State, p: str, name: str) -> list[dict[str, Any]]:
    """The active ability hooks ``name`` of player ``p`` (level <= magic, §17)."""
    if p == NEUTRAL or p not in s["pl"]:
        return []
    info = s["pl"][p]
    faction = info["faction"]
    if faction is None:
        return []
    magic = info["magic"]
    return [h for lv, h in FACTION_HOOKS[faction] if lv <= magic and h["hook"] == name]


def movement_kinds(s: State, p: str) -> set[str]:
    return {h["kind"] for h in hooks(s, p, "movement")}


def gain(s: State, p: str, resource: str, amount: int) -> int:
    """Add ``amount`` of ``resource`` with the cap of 9; returns the amount lost to the cap."""
    res = s["pl"][p]["res"]
    cap = int(C["resource_cap"])
    new = res[resource] + amount
    lost = max(0, new - cap)
    res[resource] = min(cap, new)
    return int(lost)


def meeples_in_play(s: State, p: str) -> int:
    return sum(1 for ms in s["meeples"].values() for m in ms if m[0] == p)


def supply(s: State, p: str) -> int:
    return int(C["meeples_per_player"]) - meeples_in_play(s, p)


def occupied(s: State, p: str) -> list[str]:
    """Regions where ``p`` has at least one meeple, in map order."""
    return [r for r, ms in s["meeples"].items() if any(m[0] == p for m in ms)]


def owners_in(s: State, r: str) -> list[str]:
    return [m[0] for m in s["meeples"][r]]


def total_resources(s: State, p: str) -> int:
    return sum(s["pl"][p]["res"].values())


def contested_region(s: State) -> str | None:
    war = s.get("war")
    if war and not war.get("neutral"):
        return str(war["region"])
    return None


def shared_regions(s: State, p: str, q: str, exclude: str | None = None) -> list[str]:
    out = []
    for r, ms in s["meeples"].items():
        if r == exclude:
            continue
        own = {m[0] for m in ms}
        if p in own and q in own:
            out.append(r)
    return out


def allies(s: State, p: str) -> list[str]:
    """Players allied with ``p``: derived from shared regions (§2), never stored.

    During a war the contested region does not count (§10.1). No alliances with 2 players.
    """
    if len(s["players"]) < 3:
        return []
    exclude = contested_region(s)
    found: set[str] = set()
    for r, ms in s["meeples"].items():
        if len(ms) < 2 or r == exclude:
            continue
        owners = {m[0] for m in ms}
        if p in owners:
            found |= owners
    return [q for q in s["players"] if q != p and q in found]


def sides_in_play(s: State) -> list[str]:
    return list(s["sides"])


def has_token(s: State, r: str, token: str, face_up: bool = True) -> bool:
    t = s["tokens"].get(r)
    return bool(t and t["id"] == token and t["up"] == face_up)


# ---------------------------------------------------------------------------------------------
# costs (§6, §10.7, cost_mod hooks)


def action_cost(s: State, p: str, action: str, base: int, level: int | None = None) -> int:
    """Apply the ``cost_mod`` hooks: own modifiers first, then others' tolls at their level."""
    cost = base
    for h in hooks(s, p, "cost_mod"):
        if h["action"] != action or h.get("scope", "self") != "self":
            continue
        if "set" in h:
            cost = int(h["set"])
        else:
            cost = max(int(h.get("min", 0)), cost + int(h["delta"]))
    if level is not None:
        for q in s["players"]:
            if q == p:
                continue
            for h in hooks(s, q, "cost_mod"):
                if h["action"] != action or h.get("scope") != "others_at_my_level":
                    continue
                holder_level = s["pl"][q]["tower" if action == "build" else "magic"]
                if holder_level >= 1 and holder_level == level:
                    cost += int(h["delta"])
    return cost


def build_cost(s: State, p: str) -> int:
    level = s["pl"][p]["tower"] + 1
    return action_cost(s, p, "build", TOWER[level]["ore"], level)


def research_cost(s: State, p: str) -> int:
    level = s["pl"][p]["magic"] + 1
    return action_cost(s, p, "research", int(C["magic_costs"][level - 1]), level)


def expand_cost(s: State, p: str) -> int:
    """§6.5: food equal to your meeples in play *including* the new one ("umístění čtvrté
    figurky stojí 4 jídla")."""
    return action_cost(s, p, "expand", meeples_in_play(s, p) + 1)


def retreat_cost(s: State, p: str) -> int:
    return action_cost(s, p, "retreat", meeples_in_play(s, p))


# ---------------------------------------------------------------------------------------------
# war arithmetic (§10.2, §10.5, §12)


def faction_hooks(faction: str | None, magic: int, name: str) -> list[dict[str, Any]]:
    """The hooks ``name`` of ``faction`` active at ``magic`` (level <= magic, §17)."""
    return [h for lv, h in FACTION_HOOKS.get(str(faction), []) if lv <= magic and h["hook"] == name]


def faction_war_values(faction: str | None, magic: int) -> dict[str, int]:
    """Each resource's worth in a war for ``faction`` at ``magic`` (§10.2)."""
    values = {r: int(v) for r, v in C["war_values"].items()}
    for h in faction_hooks(faction, magic, "war_value"):
        values[h["resource"]] = int(h["value"])
    return values


def war_values(s: State, p: str) -> dict[str, int]:
    """Each resource's worth for ``p`` in a war (§10.2); neutrals use the base values."""
    info = s["pl"].get(p)
    if info is None:
        return faction_war_values(None, 0)
    return faction_war_values(info["faction"], info["magic"])


def trade_bonus(s: State, p: str) -> int:
    """How many more units a Trade gives ``p`` now (§6.6, Humans L1)."""
    return sum(int(h["amount"]) for h in hooks(s, p, "trade_bonus"))


def _discount_applies(s: State, h: dict[str, Any], p: str, war: dict[str, Any]) -> bool:
    role = "attacker" if p == war["attacker"] else "defender"
    if h.get("role", "any") not in ("any", role):
        return False
    via = h.get("via")
    if via is not None and (role != "attacker" or war["via"] != via):
        return False
    region = h.get("region")
    info = REGIONS[war["region"]]
    if region == "water_adjacent" and not info["water_adjacent"]:
        return False
    if region not in (None, "water_adjacent") and info["type"] != region:
        return False
    opp = h.get("opponent")
    if opp is not None:
        if war.get("neutral"):
            return False
        other = war["defender"] if p == war["attacker"] else war["attacker"]
        if opp == "higher_magic" and not s["pl"][other]["magic"] > s["pl"][p]["magic"]:
            return False
    return True


def fort_discount(s: State, p: str, war: dict[str, Any]) -> int:
    """2 if the attacker occupies a region with a face-up Fort; the attacking meeple in the
    contested region does not count (§10.2). Forts do not stack. The attacking meeple counts
    in the Fort it left only under the house rule ``fort_sortie`` (docs/rules/tek.md §10.2)."""
    if p != war["attacker"]:
        return 0
    sortie = bool(s["options"].get("fort_sortie", False))
    for r, ms in s["meeples"].items():
        if not has_token(s, r, "fort"):
            continue
        mine = sum(1 for m in ms if m[0] == p)
        if r == war["region"]:
            mine -= 1
        if r == war.get("leaving") and not sortie:
            mine -= 1
        if sortie and r == war.get("from") and "leaving" not in war:
            mine += 1  # the house rule: the meeple that marched out of the Fort counts
        if mine > 0:
            return TOKEN_RULES["fort"]["war_discount"]
    return 0


def flat_discount(s: State, p: str, war: dict[str, Any]) -> int:
    """D(P): unconditional discounts + Fort - the opponent's surcharge (§10.2)."""
    d = 0
    for h in hooks(s, p, "war_discount"):
        if h.get("payment") is None and _discount_applies(s, h, p, war):
            d += int(h["amount"])
    d += fort_discount(s, p, war)
    if not war.get("neutral"):
        other = war["defender"] if p == war["attacker"] else war["attacker"]
        for h in hooks(s, other, "war_surcharge"):
            d -= int(h["amount"])
    return d


def single_type_discount(s: State, p: str, war: dict[str, Any]) -> int:
    return sum(
        int(h["amount"])
        for h in hooks(s, p, "war_discount")
        if h.get("payment") == "single_type" and _discount_applies(s, h, p, war)
    )


class PayRule:
    """Whether a payment combination covers a number for one player in one war."""

    def __init__(self, s: State, p: str, war: dict[str, Any]) -> None:
        v = war_values(s, p)
        self.values = (v["mana"], v["ore"], v["food"])
        self.flat = flat_discount(s, p, war)
        self.single = single_type_discount(s, p, war)

    def worth(self, c: tuple[int, int, int]) -> int:
        vm, vo, vf = self.values
        a, b, f = c
        value = a * vm + b * vo + f * vf + self.flat
        if (a > 0) + (b > 0) + (f > 0) == 1:
            value += self.single
        return value

    def max_worth(self, hold: tuple[int, int, int]) -> int:
        best = self.worth(hold)
        for i in range(3):
            if hold[i] > 0:
                only = (
                    hold[0] if i == 0 else 0,
                    hold[1] if i == 1 else 0,
                    hold[2] if i == 2 else 0,
                )
                best = max(best, self.worth(only))
        return max(best, self.flat)

    def minimal_options(self, hold: tuple[int, int, int], due: int) -> list[tuple[int, int, int]]:
        """Minimal paying combinations, sorted by mana, ore, food (§10.5).

        For fixed mana and ore only the smallest paying food count can be minimal (with food
        >= 1 the set of types is fixed, so the worth grows with food; food 0 dominates the
        rest when it pays), so those are the candidates; a candidate is minimal when no
        one-unit-smaller combination pays and no single-type paying combination lies below it.
        """
        if self.flat >= due:
            return [(0, 0, 0)]
        worth = self.worth
        candidates: list[tuple[int, int, int]] = []
        for a in range(hold[0] + 1):
            for b in range(hold[1] + 1):
                for f in range(hold[2] + 1):
                    if worth((a, b, f)) >= due:
                        candidates.append((a, b, f))
                        break
        singles = [c for c in candidates if (c[0] > 0) + (c[1] > 0) + (c[2] > 0) == 1]
        out = []
        for c in candidates:
            a, b, f = c
            if (
                (a and worth((a - 1, b, f)) >= due)
                or (b and worth((a, b - 1, f)) >= due)
                or (f and worth((a, b, f - 1)) >= due)
            ):
                continue
            if any(d != c and d[0] <= a and d[1] <= b and d[2] <= f for d in singles):
                continue
            out.append(c)
        return out


def holdings(s: State, p: str) -> tuple[int, int, int]:
    r = s["pl"][p]["res"]
    return (r["mana"], r["ore"], r["food"])


def neutral_cost(s: State) -> int:
    return sum(1 for ms in s["meeples"].values() for m in ms if m[0] == NEUTRAL)


def can_pay_neutral(s: State, p: str, src: str, region: str, via: str) -> bool:
    """§7.1 rule 5, judged as after the move (the moving meeple has left ``src``)."""
    war = {
        "attacker": p,
        "defender": NEUTRAL,
        "region": region,
        "via": via,
        "neutral": True,
        "leaving": src,
    }
    return PayRule(s, p, war).max_worth(holdings(s, p)) >= neutral_cost(s)


def legal_war_dice(s: State, p: str) -> list[Any]:
    """``"flag"`` first, then every number some combination pays (§10.2)."""
    war = s["war"]
    other = war["defender"] if p == war["attacker"] else war["attacker"]
    if war["allied"] and hooks(s, other, "alliance_lock"):
        return ["flag"]
    best = PayRule(s, p, war).max_worth(holdings(s, p))
    top = min(int(C["war_die_max"]), best)
    return ["flag", *range(1, top + 1)]


def war_winner(s: State, war: dict[str, Any]) -> str | None:
    """§10.4; None means an alliance (two flags, 3+ players)."""
    a, d = war["attacker"], war["defender"]
    va, vd = war["values"][a], war["values"][d]
    if va == "flag" and vd == "flag":
        return None if len(s["players"]) >= 3 else d
    if va == "flag":
        return str(d)
    if vd == "flag":
        return str(a)
    if va != vd:
        return str(a if va > vd else d)
    ties = [
        p
        for p in (a, d)
        if any(
            h.get("region") is None
            or (h.get("region") == "water_adjacent" and REGIONS[war["region"]]["water_adjacent"])
            for h in hooks(s, p, "war_ties")
        )
    ]
    if len(ties) == 1:
        return str(ties[0])
    return str(d)


# ---------------------------------------------------------------------------------------------
# movement (§7)


def one_step(s: State, p: str, r: str, kinds: set[str]) -> set[str]:
    out = set(REGIONS[r]["adjacent"])
    if "water_passage" in kinds:
        out |= set(REGIONS[r]["water_passage"])
    if "crag_passage" in kinds:
        out |= set(REGIONS[r]["crag_passage"])
    return out


def can_enter(s: State, p: str, src: str, dst: str, via: str) -> bool:
    """§7.1 rules 3-5 for a Patrol or Quest from ``src`` into ``dst``."""
    if dst == src:
        return False
    ms = s["meeples"][dst]
    if len(ms) >= int(C["region_capacity"]):
        return False
    if not ms:
        return True
    owner = ms[0][0]
    if owner == p:
        return True
    if owner == NEUTRAL:
        return can_pay_neutral(s, p, src, dst, via)
    return meeples_in_play(s, owner) > 1 and meeples_in_play(s, p) > 1


def patrol_destinations(s: State, p: str, src: str) -> list[str]:
    kinds = movement_kinds(s, p)
    side = REGIONS[src]["side"]
    if "patrol_any" in kinds:
        cands = set(SIDE_REGIONS[side])
    else:
        first = one_step(s, p, src, kinds)
        cands = set(first)
        if "patrol_two_steps" in kinds:
            for mid in first:
                if any(o != p for o in owners_in(s, mid)):
                    continue
                cands |= one_step(s, p, mid, kinds)
    cands.discard(src)
    return [d for d in sorted(cands) if can_enter(s, p, src, d, "patrol")]


def quest_destinations(s: State, p: str, src: str) -> list[str]:
    if not REGIONS[src]["edge"]:
        return []
    side = REGIONS[src]["side"]
    out = []
    for other in s["sides"]:
        if other == side:
            continue
        for d in SIDE_REGIONS[other]:
            if REGIONS[d]["edge"] and can_enter(s, p, src, d, "quest"):
                out.append(d)
    return out


def swap_sources(s: State, p: str) -> list[str]:
    """Lizardfolk L4 (§18): edge regions holding ``p``'s lone standing meeple with a swap
    target; a swap obeys the last-meeple rules of §7.3 like any move into another player."""
    if not hooks(s, p, "quest_swap") or meeples_in_play(s, p) < 2:
        return []
    return [
        r
        for r in standing_regions(s, p)
        if REGIONS[r]["edge"] and len(s["meeples"][r]) == 1 and swap_targets(s, p, r)
    ]


def swap_targets(s: State, p: str, src: str) -> list[str]:
    """Edge regions of another card where one opponent alone (no alliance there, "ve kterém
    nemá alianci") has a standing meeple that is not their last meeple."""
    side = REGIONS[src]["side"]
    out = []
    for other in s["sides"]:
        if other == side:
            continue
        for d in SIDE_REGIONS[other]:
            ms = s["meeples"][d]
            owners = {m[0] for m in ms}
            if (
                REGIONS[d]["edge"]
                and len(owners) == 1
                and not owners & {p, NEUTRAL}
                and any(not m[1] for m in ms)
                and meeples_in_play(s, ms[0][0]) > 1
            ):
                out.append(d)
    return out


def move_destinations(s: State, p: str, src: str, action: str) -> list[str]:
    return patrol_destinations(s, p, src) if action == "patrol" else quest_destinations(s, p, src)


def standing_regions(s: State, p: str) -> list[str]:
    return [r for r, ms in s["meeples"].items() if any(m[0] == p and not m[1] for m in ms)]


def searching_regions(s: State, p: str) -> list[str]:
    return [r for r, ms in s["meeples"].items() if any(m[0] == p and m[1] for m in ms)]


def retreat_destinations(s: State, p: str, r: str) -> list[str]:
    """§10.7: a *free* (empty) region ("volný kraj") on the same card by standard adjacency or
    the loser's passages; Undead L3 adds the empty regions of the home territory. A retreat
    never joins a meeple, own or other, so it can never start a war."""
    kinds = movement_kinds(s, p)
    cands = one_step(s, p, r, kinds)
    if "retreat_home" in kinds and s["pl"][p]["home"]:
        cands |= set(SIDE_REGIONS[s["pl"][p]["home"]])
    cands.discard(r)
    return [x for x in sorted(cands) if not s["meeples"][x]]


def is_searching(s: State, p: str, r: str) -> bool:
    """``p``'s meeple in ``r`` lies in ruins (§8: "se nemůže hýbat")."""
    return any(m[0] == p and m[1] for m in s["meeples"][r])


def lies_in_ruins(s: State, p: str, r: str) -> bool:
    """Whether ``p``'s losing meeple in ``r`` lies on its side and so cannot retreat (§8, §10.7;
    issue 30): a searching meeple, and the attacker's meeple in contested ruins, which was laid
    on its side as it entered ("Pokud figurka hráče vstoupí do podzemí, položí se na bok").
    Under the house rule ``ruins_retreat`` none does: in a war a meeple in ruins counts as an
    ordinary one ("ve válce ... se bere jako běžná figurka") and may retreat."""
    if s["options"].get("ruins_retreat", False):
        return False
    war = s["war"] or {}
    entered = r == war.get("region") and p == war.get("attacker")
    return is_searching(s, p, r) or (entered and REGIONS[r]["type"] == "ruins")


def ruins_yields(s: State, p: str, r: str) -> int:
    """The free choices ruins ``r`` gives ``p`` when collecting, before a Camp (§9): 1 if one of
    ``p``'s meeples there is searching ("pořád dostaneš jen jeden", p.8); 1 per searching meeple
    under the house rule ``ruins_each_searcher`` ("Hledající figurka ... přidá majiteli 1
    zdroj", p.9)."""
    searching = sum(1 for m in s["meeples"][r] if m[0] == p and m[1])
    if s["options"].get("ruins_each_searcher", False):
        return searching
    return min(searching, 1)


def refuge_destinations(s: State, p: str, r: str) -> list[str]:
    """§10.9: the nearest empty regions (standard adjacency plus Quest links), else the nearest
    regions holding exactly one meeple of another player."""
    edges_by_side = {
        side: [x for x in SIDE_REGIONS[side] if REGIONS[x]["edge"]] for side in s["sides"]
    }
    dist = {r: 0}
    frontier = [r]
    while frontier:
        nxt = []
        for cur in frontier:
            links = list(REGIONS[cur]["adjacent"])
            if REGIONS[cur]["edge"]:
                for side, regs in edges_by_side.items():
                    if side != REGIONS[cur]["side"]:
                        links.extend(regs)
            for x in links:
                if x not in dist:
                    dist[x] = dist[cur] + 1
                    nxt.append(x)
        frontier = nxt

    def nearest(cands: list[str]) -> list[str]:
        if not cands:
            return []
        best = min(dist[x] for x in cands)
        return sorted(x for x in cands if dist[x] == best)

    empty = [x for x in dist if x != r and not s["meeples"][x]]
    if empty:
        return nearest(empty)
    single = [
        x
        for x in dist
        if x != r and len(s["meeples"][x]) == 1 and s["meeples"][x][0][0] not in (p, NEUTRAL)
    ]
    if single:
        return nearest(single)
    return nearest([x for x in dist if x != r and len(s["meeples"][x]) < 2])


def expand_regions(s: State, p: str) -> list[str]:
    """§6.5: regions with your lone meeple; Undead L4 adds empty regions adjacent to yours.

    With no meeple in play there is none: "pokud nemáš v některém kraji osamocenou figurku,
    osidlovat nemůžeš" (p.8), so such a player cannot Expand (issue 30).
    """
    out = {r for r, ms in s["meeples"].items() if len(ms) == 1 and ms[0][0] == p}
    if hooks(s, p, "expand_empty"):
        for r in occupied(s, p):
            for x in REGIONS[r]["adjacent"]:
                if not s["meeples"][x]:
                    out.add(x)
    return sorted(out)


# ---------------------------------------------------------------------------------------------
# actions: "possible when" (§6)


def action_possible(s: State, p: str, action: str) -> bool:
    info = s["pl"][p]
    if action == "patrol":
        if searching_regions(s, p):
            return True
        return any(patrol_destinations(s, p, r) for r in standing_regions(s, p))
    if action == "quest":
        return any(quest_destinations(s, p, r) for r in standing_regions(s, p)) or bool(
            swap_sources(s, p)
        )
    if action == "build":
        return bool(info["tower"] < MAX_TOWER and info["res"]["ore"] >= build_cost(s, p))
    if action == "research":
        return bool(info["magic"] < MAX_MAGIC and info["res"]["mana"] >= research_cost(s, p))
    if action == "expand":
        return (
            supply(s, p) >= 1
            and info["res"]["food"] >= expand_cost(s, p)
            and bool(expand_regions(s, p))
        )
    if action == "trade":
        return total_resources(s, p) >= 1
    return False


def performable(s: State, p: str, selected: str) -> list[str]:
    allowed = {selected}
    for h in hooks(s, p, "substitute"):
        if h["selected"] == selected:
            allowed |= set(h["instead"])
    return [a for a in ACTIONS if a in allowed and action_possible(s, p, a)]


# ---------------------------------------------------------------------------------------------
# scoring (§11.2, §17 endgame formulas)


def _strip_ruins(s: State) -> dict[str, list[list[Any]]]:
    return {
        r: ([] if REGIONS[r]["type"] == "ruins" else [list(m) for m in ms])
        for r, ms in s["meeples"].items()
    }


Map = dict[str, list[list[Any]]]
Hook = dict[str, Any]


def _mine(meeples: Map, p: str) -> list[str]:
    return [r for r, ms in meeples.items() if any(m[0] == p for m in ms)]


def _home_clear(s: State, p: str, h: Hook, meeples: Map) -> int:
    home = s["pl"][p]["home"]
    intruders = any(
        m[0] not in (p, NEUTRAL)
        for r in SIDE_REGIONS.get(home or "", [])
        for m in meeples.get(r, [])
    )
    return 0 if intruders else int(h["vp"])


def _tower_highest(s: State, p: str, h: Hook, meeples: Map) -> int:
    top = max(s["pl"][q]["tower"] for q in s["players"])
    tower = s["pl"][p]["tower"]
    return int(h["vp"]) if tower >= 1 and tower >= top else 0


def _allies(s: State, p: str, h: Hook, meeples: Map) -> int:
    if len(s["players"]) < 3:
        return 0
    n = sum(
        1
        for q in s["players"]
        if q != p and any({p, q} <= {m[0] for m in ms} for ms in meeples.values())
    )
    return int(h["per_ally"]) * n


def _foreign_cards(s: State, p: str, h: Hook, meeples: Map) -> int:
    cards = {REGIONS[r]["side"] for r in _mine(meeples, p)} - {s["pl"][p]["home"]}
    return int(h["per"]) * len(cards)


def _resource_types(s: State, p: str, h: Hook, meeples: Map) -> int:
    n = sum(1 for v in s["pl"][p]["res"].values() if v >= int(h["threshold"]))
    return int(h["per"]) * n


def _regions_of_type(s: State, p: str, h: Hook, meeples: Map) -> int:
    return int(h["per"]) * sum(1 for r in _mine(meeples, p) if REGIONS[r]["type"] == h["type"])


def _capped(h: Hook, n: int) -> int:
    return min(int(h["max"]), int(h["per"]) * n)


def _water_regions(s: State, p: str, h: Hook, meeples: Map) -> int:
    return _capped(h, sum(1 for r in _mine(meeples, p) if REGIONS[r]["water_adjacent"]))


def _removed_meeples(s: State, p: str, h: Hook, meeples: Map) -> int:
    return _capped(h, s["pl"][p]["removed"])


def _attacks_won(s: State, p: str, h: Hook, meeples: Map) -> int:
    return _capped(h, s["pl"][p]["attacks_won"])


def _region_types(s: State, p: str, h: Hook, meeples: Map) -> int:
    kinds = {REGIONS[r]["type"] for r in _mine(meeples, p)}
    return int(h["per"]) * len(kinds & {"forest", "mountain", "plains", "capital"})


def _spy_regions(s: State, p: str, h: Hook, meeples: Map) -> int:
    return _capped(
        h,
        sum(
            1
            for r in _mine(meeples, p)
            if any(
                any(m[0] not in (p, NEUTRAL) for m in meeples[x]) for x in REGIONS[r]["adjacent"]
            )
        ),
    )


def _double_regions(s: State, p: str, h: Hook, meeples: Map) -> int:
    return _capped(
        h, sum(1 for r in _mine(meeples, p) if sum(1 for m in meeples[r] if m[0] == p) >= 2)
    )


#: the level-5 formulas of §17, one function each: (state, player, hook, map) -> VP
ENDGAME_FORMULAS: dict[str, Callable[[State, str, Hook, Map], int]] = {
    "home_clear": _home_clear,
    "tower_highest": _tower_highest,
    "allies": _allies,
    "foreign_cards": _foreign_cards,
    "resource_types": _resource_types,
    "regions_of_type": _regions_of_type,
    "water_regions": _water_regions,
    "removed_meeples": _removed_meeples,
    "attacks_won": _attacks_won,
    "region_types": _region_types,
    "spy_regions": _spy_regions,
    "double_regions": _double_regions,
}


def endgame_bonus(s: State, p: str, meeples: Map) -> int:
    """The faction's level-5 bonus (§17), evaluated on the map without ruins meeples."""
    return sum(ENDGAME_FORMULAS[h["formula"]](s, p, h, meeples) for h in hooks(s, p, "endgame_vp"))


def score_breakdown(
    s: State, p: str, stripped: dict[str, list[list[Any]]] | None = None
) -> dict[str, int]:
    """The §11.2 score of ``p`` if the game ended now (ruins meeples removed first);
    ``stripped`` is the map without ruins meeples when the caller already has it."""
    meeples = stripped if stripped is not None else _strip_ruins(s)
    info = s["pl"][p]
    mine = [r for r, ms in meeples.items() if any(m[0] == p for m in ms)]
    n_meeples = sum(1 for ms in meeples.values() for m in ms if m[0] == p)
    capitals = 0
    for r in mine:
        if REGIONS[r]["type"] == "capital":
            others = {m[0] for m in meeples[r]} - {p}
            capitals += int(C["capital_vp"]["shared" if others else "alone"])
    b = {
        "meeples": n_meeples,
        "tower": TOWER[info["tower"]]["vp"] if info["tower"] else 0,
        "magic": info["magic"] * int(C["magic_vp_per_level"]),
        "faction": endgame_bonus(s, p, meeples) if info["magic"] >= MAX_MAGIC else 0,
        "capitals": capitals,
        "crown": int(C["crown_vp"]) if info["crown"] else 0,
        "towns": sum(TOKEN_RULES["town"]["vp"] for r in mine if has_token(s, r, "town")),
        "lost_kingdom": 0,
        "neutrals": 0,
    }
    if s["lost_kingdom"]:
        b["lost_kingdom"] = int(C["lost_kingdom_region_vp"]) * sum(
            1 for r in mine if REGIONS[r]["side"] == s["lost_kingdom"]
        )
        b["neutrals"] = int(C["neutral_meeple_vp"]) * info["captured"]
    b["total"] = sum(b.values())
    return b


def tiebreak(s: State, p: str) -> list[int]:
    meeples = _strip_ruins(s)
    info = s["pl"][p]
    return [
        sum(1 for ms in meeples.values() for m in ms if m[0] == p),
        info["tower"],
        info["magic"],
        total_resources(s, p),
    ]


def rank_rows(rows: list[dict[str, Any]]) -> None:
    """Competition ranking by VP, then the tie-break chain (§11.2): 1, 1, 3."""
    for row in rows:
        key = (row["score"], *row["tiebreak"])
        row["rank"] = 1 + sum(1 for o in rows if (o["score"], *o["tiebreak"]) > key)


def final_results(s: State) -> list[dict[str, Any]]:
    rows = []
    for p in s["players"]:
        b = score_breakdown(s, p)
        rows.append({"player": p, "score": b["total"], "tiebreak": tiebreak(s, p), "breakdown": b})
    rank_rows(rows)
    order = {p: i for i, p in enumerate(s["players"])}
    rows.sort(key=lambda r: (r["rank"], order[r["player"]]))
    return [
        {
            "player": r["player"],
            "rank": r["rank"],
            "score": r["score"],
            "tiebreak": r["tiebreak"],
            "breakdown": r["breakdown"],
        }
        for r in rows
    ]
