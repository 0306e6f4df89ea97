"""Tiny Epic Kingdoms, 2-5 players: the game object, its turn flow and views (id ``tek``).

Hidden information: only the war dice are secret (``is_secret`` is true exactly for
``war_die``). Before the reveal, the opponent and spectators see only ``has_set``; the setter's
own view carries ``war_die``. Face-down exploration tokens, the unused token pool, the territory
deck order and the seed are never in any view (the state keeps no generator at all: all
randomness happens at setup, §4). Resources, factions, magic, tower and the map are public.

The flow is a stack of tasks (next task last). Input tasks are the spec's steps (§19.1) and
wait for a move; automatic tasks run at once; a step of ``AUTO_STEPS`` with exactly one move
resolves by itself (§19.2) and emits the same events as the move.
"""

from __future__ import annotations

import random
from typing import Any

from games.base import IllegalMove, clone, is_listed
from games.tek import rules as R
from games.tek.data import (
    ACTIONS,
    CARD_SIDES,
    CARDS,
    FACTION_IDS,
    FACTIONS,
    MAX_MAGIC,
    MAX_TOWER,
    REGIONS,
    RESOURCES,
    SIDE_REGIONS,
    SIDES,
    TERRAIN,
    C,
    token_pool,
)

State = dict[str, Any]
Move = dict[str, Any]
Event = dict[str, Any]
NEUTRAL = R.NEUTRAL


# ---------------------------------------------------------------------------------------------
# task stack


def push(s: State, *tasks: dict[str, Any]) -> None:
    """Schedule ``tasks`` to run next, in the given order."""
    s["tasks"].extend(reversed(tasks))


def task(kind: str, player: str | None = None, **fields: Any) -> dict[str, Any]:
    t: dict[str, Any] = {"kind": kind}
    if player is not None:
        t["player"] = player
    t.update(fields)
    return t


def current(s: State) -> dict[str, Any] | None:
    return s["tasks"][-1] if s["tasks"] else None


# ---------------------------------------------------------------------------------------------
# setup (§4)


def make_setup(players: list[str], options: dict[str, Any], seed: int) -> State:
    n = len(players)
    rng = random.Random(f"{seed}:tek")
    first = rng.randrange(n)
    order = [players[(first + i) % n] for i in range(n)]
    pl: dict[str, Any] = {
        p: {"faction": None, "magic": 0, "tower": 0, "res": R._res(0, 0, 0), "home": None,
            "card": None, "crown": False, "captured": 0, "attacks_won": 0, "removed": 0}
        for p in players
    }
    factions = list(FACTION_IDS)
    draft_pool = None
    if options["factions"] == "random":
        rng.shuffle(factions)
        for p, f in zip(order, factions, strict=False):
            pl[p]["faction"] = f
    elif options["factions"] == "draft":
        rng.shuffle(factions)
        draft_pool = sorted(factions[: n + 1], key=FACTION_IDS.index)
    else:  # "choice": every faction is on offer ("podle výběru hráče", §4)
        draft_pool = list(FACTION_IDS)
    cards = list(CARDS)
    rng.shuffle(cards)
    for p, k in zip(order, cards, strict=False):
        pl[p]["card"] = k
    meeples: dict[str, list[list[Any]]] = {}
    lost_kingdom = None
    sides: list[str] = []
    if n == 2:
        k = cards[n]
        lost_kingdom = CARD_SIDES[k][rng.randrange(len(CARD_SIDES[k]))]
        sides.append(lost_kingdom)
        per = int(C["lost_kingdom"]["neutral_meeples_per_region"])
        for r in SIDE_REGIONS[lost_kingdom]:
            meeples[r] = [[NEUTRAL, False] for _ in range(per)]
    pool: list[str] = []
    if options["exploration"]:
        pool = token_pool()
        if n == C["max_players"]:
            pool.remove(C["exploration"]["five_player_remove"])
        rng.shuffle(pool)
    s: State = {
        "players": list(players),
        "options": dict(options),
        "first": first,
        "pl": pl,
        "draft_pool": draft_pool,
        "lost_kingdom": lost_kingdom,
        "sides": sides,
        "meeples": meeples,
        "tokens": {},
        "token_pool": pool,
        "shields": [],
        "active": first,
        "turn": 0,
        "end": None,
        "over": False,
        "war": None,
        "results": None,
        "tasks": [],
    }
    # setup happens before any move: its public events are returned with the first move
    pending: list[Event] = []
    if draft_pool is None:
        pending += [{"type": "faction_assigned", "player": p, "faction": pl[p]["faction"]}
                    for p in order]
    if lost_kingdom is not None:
        pending.append({"type": "lost_kingdom", "side": lost_kingdom})
    s["pending_events"] = pending
    steps: list[dict[str, Any]] = []
    if options["factions"] == "draft":
        steps += [task("draft", p) for p in reversed(order)]
    elif options["factions"] == "choice":
        steps += [task("draft", p) for p in order]
    steps += [task("setup_player", p) for p in order]
    steps.append(task("setup_tokens"))
    steps.append(task("begin"))
    push(s, *steps)
    advance(s, [])
    return s


def a_setup_player(s: State, t: dict[str, Any], events: list[Event]) -> None:
    push(s, task("side", t["player"]))


def a_setup_tokens(s: State, t: dict[str, Any], events: list[Event]) -> None:
    if not s["options"]["exploration"]:
        return
    order = R._seat_order(s, s["first"])
    if len(s["players"]) == C["max_players"]:
        push(s, *[task("token_skip", p) for p in order])
        return
    regions = []
    for side in s["sides"]:
        for r in SIDE_REGIONS[side]:
            if not any(m[0] != NEUTRAL for m in s["meeples"][r]):
                regions.append(r)
    place_tokens(s, regions, events, None)


def place_tokens(s: State, regions: list[str], events: list[Event], player: str | None) -> None:
    placed = []
    for r in regions:
        if not s["token_pool"]:
            break
        s["tokens"][r] = {"id": s["token_pool"].pop(0), "up": False}
        placed.append(r)
    ev: Event = {"type": "tokens_placed", "regions": placed}
    if player is not None:
        ev["player"] = player
    events.append(ev)


def a_begin(s: State, t: dict[str, Any], events: list[Event]) -> None:
    s["turn"] = 1
    s["active"] = s["first"]
    push(s, task("turn_start"))


# ---------------------------------------------------------------------------------------------
# the turn (§5) and the end (§11.1)


def a_turn_start(s: State, t: dict[str, Any], events: list[Event]) -> None:
    active = s["players"][s["active"]]
    if len(s["shields"]) >= int(C["shields"]):
        s["shields"] = []
        events.append({"type": "shields_cleared", "player": active})
        if len(s["players"]) == C["max_players"]:
            events.append({"type": "clear_turn", "player": active})
            push(s, task("pass_turn"))
            return
    push(s, task("select", active))


def a_pass_turn(s: State, t: dict[str, Any], events: list[Event]) -> None:
    s["active"] = (s["active"] + 1) % len(s["players"])
    s["turn"] += 1
    push(s, task("turn_start"))


def end_cause(s: State) -> tuple[str, str] | None:
    for p in R._seat_order(s, s["active"]):
        info = s["pl"][p]
        if R.meeples_in_play(s, p) >= int(C["meeples_per_player"]):
            return "meeples", p
        if info["tower"] >= MAX_TOWER:
            return "tower", p
        if info["magic"] >= MAX_MAGIC:
            return "magic", p
    return None


def a_end_check(s: State, t: dict[str, Any], events: list[Event]) -> None:
    if s["end"] is None:
        found = end_cause(s)
        if found:
            s["end"] = {"cause": found[0], "player": found[1], "turn": s["turn"]}
            events.append({"type": "end_triggered", "cause": found[0], "player": found[1]})
    if s["end"] is not None and len(s["shields"]) >= int(C["shields"]):
        s["over"] = True
        s["tasks"] = []
        s["results"] = R.final_results(s)
        events.append({"type": "game_over", "results": [
            {"player": r["player"], "rank": r["rank"], "score": r["score"]} for r in s["results"]
        ]})


# ---------------------------------------------------------------------------------------------
# legal moves per step


def step_name(s: State, t: dict[str, Any]) -> str:
    if t["kind"] == "war_pay" and "mana" not in t and len(pay_options(s, t)) > R.MAX_OPTIONS:
        return "war_pay_mana"
    return str(t["kind"])


def pay_options(s: State, t: dict[str, Any]) -> list[tuple[int, int, int]]:
    p = t["player"]
    opts = R.PayRule(s, p, s["war"]).minimal_options(R.holdings(s, p), t["due"])
    if "mana" in t:
        opts = [c for c in opts if c[0] == t["mana"]]
    return opts


def two_of(hold: tuple[int, int, int], n: int) -> list[tuple[int, int, int]]:
    """Combinations of exactly ``n`` units within ``hold``, mana-heavy first (E17 order)."""
    out = []
    for a in range(min(n, hold[0]), -1, -1):
        for b in range(min(n - a, hold[1]), -1, -1):
            c = n - a - b
            if c <= hold[2]:
                out.append((a, b, c))
    return out


def res_move(kind: str, c: tuple[int, int, int]) -> Move:
    return {"type": kind, "mana": c[0], "ore": c[1], "food": c[2]}


def war_die_actors(s: State) -> list[str]:
    war = s["war"]
    return [p for p in (war["attacker"], war["defender"]) if war["values"][p] is None]


def actors_of(s: State) -> list[str]:
    if s["over"]:
        return []
    t = current(s)
    if t is None:
        return []
    if t["kind"] == "war_die":
        return war_die_actors(s)
    return [t["player"]]


def step_moves(s: State, t: dict[str, Any], player: str) -> list[Move]:
    kind = t["kind"]
    p = player
    info = s["pl"][p]
    if kind == "draft":
        return [{"type": "draft", "faction": f} for f in s["draft_pool"]]
    if kind == "side":
        return [{"type": "side", "side": x} for x in CARD_SIDES[info["card"]]]
    if kind == "start":
        return [{"type": "start", "region": r} for r in SIDE_REGIONS[info["home"]]]
    if kind == "start_resources":
        total = int(C["starting_resources"])
        return [{"type": "start_beginner"}] + [
            {"type": "start_mana", "mana": k} for k in range(total + 1)
        ]
    if kind == "start_ore":
        left = int(C["starting_resources"]) - t["mana"]
        return [{"type": "start_ore", "ore": j} for j in range(left + 1)]
    if kind == "token_skip":
        return [{"type": "token_skip", "region": r} for r in SIDE_REGIONS[info["home"]]
                if not s["meeples"][r]]
    if kind == "select":
        return [{"type": "select", "action": a} for a in ACTIONS if a not in s["shields"]]
    if kind == "respond":
        moves: list[Move] = [{"type": "perform", "action": a}
                             for a in R.performable(s, p, t["action"])]
        moves.append({"type": "pass"} if t["active"] else {"type": "collect"})
        return moves
    if kind == "move_from":
        moves = [{"type": "move_from", "region": r} for r in R.standing_regions(s, p)
                 if R.move_destinations(s, p, r, t["action"])]
        if t["action"] == "patrol":
            moves += [{"type": "stand_up", "region": r} for r in R.searching_regions(s, p)]
        else:
            moves += [{"type": "swap_from", "region": r} for r in R.swap_sources(s, p)]
        return moves
    if kind == "swap_to":
        return [{"type": "swap_to", "region": d} for d in R.swap_targets(s, p, t["from"])]
    if kind == "move_to":
        return [{"type": "move_to", "region": d}
                for d in R.move_destinations(s, p, t["from"], t["action"])]
    if kind == "expand":
        return [{"type": "expand", "region": r} for r in R.expand_regions(s, p)]
    if kind == "trade_pair":
        return [{"type": "trade_pair", "give": x, "get": y} for x in RESOURCES
                for y in RESOURCES if x != y and info["res"][x] >= 1]
    if kind == "trade_amount":
        return [{"type": "trade_amount", "amount": n}
                for n in range(1, info["res"][t["give"]] + 1)]
    if kind == "war_die":
        if p not in war_die_actors(s):
            return []
        return [{"type": "war_die", "value": v} for v in R.legal_war_dice(s, p)]
    if kind == "war_boost":
        return [{"type": "war_boost", "resource": x} for x in boost_options(s, p)] + [
            {"type": "war_boost", "resource": None}]
    if kind == "war_pay":
        opts = pay_options(s, t)
        if "mana" not in t and len(opts) > R.MAX_OPTIONS:
            return [{"type": "war_pay_mana", "mana": a} for a in sorted({c[0] for c in opts})]
        return [res_move("war_pay", c) for c in opts]
    if kind == "lose_resources":
        hold = R.holdings(s, p)
        n = min(t["amount"], sum(hold))
        return [res_move("lose_resources", c) for c in two_of(hold, n)]
    if kind == "plunder":
        loser = t["loser"]
        return [{"type": "plunder", "resource": x} for x in RESOURCES
                if s["pl"][loser]["res"][x] >= 1]
    if kind == "choose_resource":
        return [{"type": "choose_resource", "resource": x} for x in RESOURCES]
    if kind == "convert":
        return [{"type": "convert", "from": x, "to": y} for x in t["gained"]
                for y in RESOURCES if y != x] + [{"type": "convert", "from": None, "to": None}]
    if kind == "dragon":
        return [{"type": "dragon", "use": True}, {"type": "dragon", "use": False}]
    if kind == "loss_region":
        return [{"type": "loss_region", "region": r} for r in s["war"]["loss_pending"]]
    if kind == "loss":
        return loss_moves(s, p, t["region"])
    if kind == "bandits":
        # §14: "Buď zaplať 2 libovolné zdroje, nebo musíš figurku odstranit" (a last one too)
        hold = R.holdings(s, p)
        pay = int(R.TOKEN_RULES["bandits"]["pay"])
        moves = [res_move("bandits_pay", c) for c in two_of(hold, pay)] if sum(hold) >= pay else []
        return moves + [{"type": "bandits_remove"}]
    return []


def boost_options(s: State, p: str) -> list[str]:
    war = s["war"]
    rule = R.PayRule(s, p, war)
    hold = R.holdings(s, p)
    number = war["set"][p]
    out = []
    for i, x in enumerate(RESOURCES):
        if rule.values[i] >= 1 and hold[i] >= 1:
            rest = tuple(hold[j] - (1 if j == i else 0) for j in range(3))
            if rule.max_worth(rest) >= number:  # type: ignore[arg-type]
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
    """Where ``p``'s losing meeple in ``r`` may retreat now: not from ruins while searching
    (§8), not after losing to Dark Elves L4 unless the Dragon's Lair was used, and only with
    the food for it (§10.7)."""
    war = s["war"]
    dragon = r == war["region"] and war.get("dragon", False)
    assassins = any(h["on"] == "win" and h["effect"] == "no_retreat"
                    for h in R.hooks(s, war["winner"], "war_aftermath"))
    if R.is_searching(s, p, r) or (assassins and not dragon):
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


# ---------------------------------------------------------------------------------------------
# meeple bookkeeping


def take_meeple(s: State, p: str, r: str, standing_only: bool = False) -> list[Any]:
    ms = s["meeples"][r]
    for i in range(len(ms) - 1, -1, -1):
        if ms[i][0] == p and not (standing_only and ms[i][1]):
            return list(ms.pop(i))
    raise AssertionError(f"no meeple of {p} in {r}")


def remove_meeple(s: State, p: str, r: str, events: list[Event], kind: str = "removed") -> None:
    """A meeple leaves the map during play: supply, ``removed`` +1, ``on_removed`` hooks."""
    take_meeple(s, p, r)
    s["pl"][p]["removed"] += 1
    ev: Event = {"type": kind, "player": p, "region": r}
    gained: dict[str, int] = {}
    for h in R.hooks(s, p, "on_removed"):
        R.gain(s, p, h["gain"], int(h["amount"]))
        gained[h["gain"]] = gained.get(h["gain"], 0) + int(h["amount"])
    if gained:
        ev["gained"] = gained
    events.append(ev)


# ---------------------------------------------------------------------------------------------
# arrival (§7.4) and tokens (§14)


def a_arrival(s: State, t: dict[str, Any], events: list[Event]) -> None:
    p, r, via = t["player"], t["region"], t["via"]
    ms = s["meeples"][r]
    idx = max(i for i, m in enumerate(ms) if m[0] == p)
    if REGIONS[r]["type"] == "ruins":
        ms[idx][1] = True
    after: list[dict[str, Any]] = []
    tok = s["tokens"].get(r)
    if tok is not None and not tok["up"]:
        tid = tok["id"]
        events.append({"type": "token_revealed", "player": p, "region": r, "token": tid})
        keep = R.TOKENS[tid]["after_reveal"]
        if tid == "crown":
            s["pl"][p]["crown"] = True
        elif tid == "treasure":
            after += [task("choose_resource", p, reason="treasure")
                      for _ in range(R.TOKEN_RULES["treasure"]["choices"])]
        elif tid == "bandits":
            after.append(task("bandits", p, region=r))
        if keep in ("stays", "stays until used"):
            tok["up"] = True
        else:
            del s["tokens"][r]
    if via in ("patrol", "quest"):
        after.append(task("arrival_gain", p, region=r, via=via))
    push(s, *after)


def a_arrival_gain(s: State, t: dict[str, Any], events: list[Event]) -> None:
    p, r, via = t["player"], t["region"], t["via"]
    rtype = REGIONS[r]["type"]
    yields = TERRAIN[rtype]["yield"]
    for h in R.hooks(s, p, "arrival_gain"):
        if via not in h["via"]:
            continue
        if h["region"] == "any_resource":
            if yields not in RESOURCES:
                continue
        elif h["region"] != rtype:
            continue
        resource = yields if h["gain"] == "region_yield" else h["gain"]
        if resource not in RESOURCES:
            continue
        lost = R.gain(s, p, resource, int(h["amount"]))
        events.append({"type": "arrival_gain", "player": p, "region": r, "resource": resource,
                       "amount": int(h["amount"]), "lost": lost})


# ---------------------------------------------------------------------------------------------
# collecting (§9)


def collect_yield(s: State, p: str) -> tuple[dict[str, int], list[str]]:
    gains = R._res(0, 0, 0)
    choices: list[str] = []
    mine = R.occupied(s, p)
    for r in mine:
        rtype = REGIONS[r]["type"]
        mult = R.TOKEN_RULES["camp"]["multiplier"] if R.has_token(s, r, "camp") else 1
        y = TERRAIN[rtype]["yield"]
        if y in RESOURCES:
            gains[y] += mult
        elif y == "choice_if_searching" and any(m[0] == p and m[1] for m in s["meeples"][r]):
            choices += ["ruins"] * mult
    for h in R.hooks(s, p, "collect_bonus"):
        if h["kind"] == "per_region_extra":
            n = sum(1 for r in mine if REGIONS[r]["type"] == h["region"])
            gains[h["gain"]] += n * int(h["amount"])
        elif h["kind"] == "extra":
            cond = h["condition"]
            ok = (
                (cond == "water_adjacent" and any(REGIONS[r]["water_adjacent"] for r in mine))
                or (cond == "forest" and any(REGIONS[r]["type"] == "forest" for r in mine))
                or (cond == "three_types" and len({REGIONS[r]["type"] for r in mine}) >= 3)
            )
            if ok:
                if h["gain"] == "choice":
                    choices += ["ability"] * int(h["amount"])
                else:
                    gains[h["gain"]] += int(h["amount"])
    if R.meeples_in_play(s, p) == 1:
        choices.append("one_meeple")
    return gains, choices


def do_collect(s: State, p: str, events: list[Event]) -> None:
    gains, choices = collect_yield(s, p)
    lost: dict[str, int] = {}
    added: list[str] = []
    for x in RESOURCES:
        if gains[x]:
            lx = R.gain(s, p, x, gains[x])
            if lx:
                lost[x] = lx
            if gains[x] - lx > 0:
                added.append(x)
    events.append({"type": "collected", "player": p, "gains": gains, "lost_to_cap": lost})
    steps: list[dict[str, Any]] = []
    if added and any(h["kind"] == "convert_one" for h in R.hooks(s, p, "collect_bonus")):
        steps.append(task("convert", p, gained=added))
    steps += [task("choose_resource", p, reason=c) for c in choices]
    push(s, *steps)


# ---------------------------------------------------------------------------------------------
# actions (§6) and movement (§7)


def start_action(s: State, p: str, action: str, events: list[Event]) -> None:
    info = s["pl"][p]
    if action in ("patrol", "quest"):
        push(s, task("move_from", p, action=action))
    elif action == "build":
        cost = R.build_cost(s, p)
        info["res"]["ore"] -= cost
        info["tower"] += 1
        events.append({"type": "built", "player": p, "level": info["tower"], "cost": cost})
    elif action == "research":
        cost = R.research_cost(s, p)
        info["res"]["mana"] -= cost
        info["magic"] += 1
        ability = FACTIONS[info["faction"]]["levels"][info["magic"] - 1]["name"]
        events.append({"type": "researched", "player": p, "level": info["magic"],
                       "ability": ability, "cost": cost})
    elif action == "expand":
        push(s, task("expand", p))
    elif action == "trade":
        push(s, task("trade_pair", p))


def do_move(s: State, p: str, src: str, dst: str, via: str, events: list[Event]) -> None:
    dst_ms = s["meeples"][dst]
    defender = dst_ms[0][0] if dst_ms and dst_ms[0][0] != p else None
    take_meeple(s, p, src, standing_only=True)
    events.append({"type": "moved", "player": p, "from": src, "to": dst, "via": via})
    enter(s, p, src, dst, via, defender, events)


def do_swap(s: State, p: str, src: str, dst: str, events: list[Event]) -> None:
    """Lizardfolk L4 (§18): instead of the Quest, ``p``'s meeple in ``src`` and the
    opponent's standing meeple in ``dst`` change places; the opponent's second meeple left in
    ``dst`` means a war there, ``p`` attacking "via" quest."""
    q = str(s["meeples"][dst][0][0])
    take_meeple(s, p, src, standing_only=True)
    take_meeple(s, q, dst, standing_only=True)
    s["meeples"][src].append([q, False])
    events.append({"type": "swapped", "player": p, "from": src, "to": dst, "with": q})
    enter(s, p, src, dst, "quest", q if s["meeples"][dst] else None, events)
    push(s, task("arrival", q, region=src, via="swap"))


def enter(s: State, p: str, src: str, dst: str, via: str, defender: str | None,
          events: list[Event]) -> None:
    """``p``'s meeple, already out of ``src``, enters ``dst``: an arrival, a neutral war or a
    war. Whether the war is between allies is judged now, after the meeple has left ``src``
    ("pohnout figurkou z takového kraje pryč bez dalších postihů", §10.1)."""
    dst_ms = s["meeples"][dst]
    shared = R.shared_regions(s, p, defender) if defender not in (None, NEUTRAL) else []
    dst_ms.append([p, False])
    if defender is None:
        push(s, task("arrival", p, region=dst, via=via))
        return
    if defender == NEUTRAL:
        cost = R.neutral_cost(s)
        s["war"] = {"neutral": True, "attacker": p, "defender": NEUTRAL, "region": dst,
                    "via": via, "from": src, "cost": cost}
        events.append({"type": "neutral_war", "player": p, "region": dst, "cost": cost})
        push(s, task("war_pay", p, due=cost), task("neutral_capture"))
        return
    allied = bool(shared) and len(s["players"]) >= 3
    s["war"] = {
        "neutral": False, "attacker": p, "defender": defender, "region": dst, "via": via,
        "from": src, "allied": allied, "shared": shared if allied else [],
        "values": {p: None, defender: None}, "set": {}, "revealed": False, "boost": None,
        "winner": None, "loser": None, "alliance": False, "break": False, "dragon": False,
        "loss_pending": [], "refuge": False,
    }
    events.append({"type": "war_started", "player": p, "attacker": p, "defender": defender,
                   "region": dst, "allied": allied})
    push(s, task("war_die"), task("war_reveal"))


# ---------------------------------------------------------------------------------------------
# war flow (§10, §12)


def a_neutral_capture(s: State, t: dict[str, Any], events: list[Event]) -> None:
    war = s["war"]
    p, r = war["attacker"], war["region"]
    take_meeple(s, NEUTRAL, r)
    s["pl"][p]["captured"] += 1
    events.append({"type": "neutral_captured", "player": p, "region": r,
                   "count_left": R.neutral_cost(s)})
    s["war"] = None
    push(s, task("arrival", p, region=r, via=war["via"]))


def a_war_reveal(s: State, t: dict[str, Any], events: list[Event]) -> None:
    war = s["war"]
    war["revealed"] = True
    war["set"] = dict(war["values"])
    events.append({"type": "war_revealed", "values": dict(war["values"]),
                   "attacker": war["attacker"], "defender": war["defender"]})
    steps: list[dict[str, Any]] = []
    for p in (war["attacker"], war["defender"]):
        if (R.hooks(s, p, "war_boost") and war["values"][p] != "flag"
                and R.war_winner(s, war) != p and boost_options(s, p)):
            steps.append(task("war_boost", p))
    steps.append(task("war_decide"))
    push(s, *steps)


def a_war_decide(s: State, t: dict[str, Any], events: list[Event]) -> None:
    war = s["war"]
    a, d = war["attacker"], war["defender"]
    winner = R.war_winner(s, war)
    if winner is None:
        war["alliance"] = True
        events.append({"type": "war_result", "winner": None, "loser": None, "alliance": True,
                       "region": war["region"]})
    else:
        loser = d if winner == a else a
        war["winner"], war["loser"] = winner, loser
        events.append({"type": "war_result", "winner": winner, "loser": loser,
                       "alliance": False, "region": war["region"]})
        numbers = any(v != "flag" for v in war["set"].values())
        if war["allied"] and numbers:
            war["break"] = True
            events.append({"type": "alliance_broken", "players": [a, d],
                           "regions": list(war["shared"])})
    steps = [task("war_pay", p, due=war["set"][p]) for p in (a, d) if war["set"][p] != "flag"]
    steps.append(task("war_after"))
    push(s, *steps)


def a_war_after(s: State, t: dict[str, Any], events: list[Event]) -> None:
    war = s["war"]
    a, d = war["attacker"], war["defender"]
    arrive = task("arrival", a, region=war["region"], via=war["via"])
    if war["alliance"]:
        events.append({"type": "alliance_formed", "players": [a, d], "region": war["region"]})
        steps: list[dict[str, Any]] = []
        for p, q in ((a, d), (d, a)):  # every alliance made, also a renewed one (§18)
            for h in R.hooks(s, p, "alliance_gain"):
                steps += [task("choose_resource", p, reason="hospitality")
                          for _ in range(int(h["self"]))]
                steps += [task("choose_resource", q, reason="hospitality")
                          for _ in range(int(h["ally"]))]
        push(s, *steps, task("war_end"), arrive)
        return
    winner, loser = war["winner"], war["loser"]
    if winner == a:
        s["pl"][a]["attacks_won"] += 1
    if s["pl"][loser]["crown"]:
        s["pl"][loser]["crown"] = False
        s["pl"][winner]["crown"] = True
        events.append({"type": "crown_passed", "player": winner, "from": loser})
    steps = []
    for h in R.hooks(s, loser, "flag_penalty"):
        if war["set"][loser] == "flag" and war["set"][winner] != "flag":
            steps.append(task("lose_resources", winner, amount=int(h["amount"]),
                              reason="peaceful_folk"))
    for h in R.hooks(s, loser, "war_aftermath"):
        if h["on"] == "lose" and h["effect"] == "gain_choice":
            steps.append(task("choose_resource", loser, reason="scavengers"))
    for h in R.hooks(s, winner, "war_aftermath"):
        if (h["on"] == "win" and h["effect"] == "plunder" and winner == a
                and R.total_resources(s, loser) > 0):
            steps.append(task("plunder", winner, loser=loser))
    if s["pl"][loser]["tower"] >= 1 and winner_has_lair(s, winner):
        steps.append(task("dragon", winner, loser=loser))
    steps.append(task("loss_start"))
    steps.append(task("war_end"))
    if winner == a:
        steps.append(arrive)
    push(s, *steps)


def winner_has_lair(s: State, p: str) -> bool:
    war = s["war"]
    for r, tok in s["tokens"].items():
        if tok["id"] == "dragons_lair" and tok["up"]:
            mine = sum(1 for m in s["meeples"][r] if m[0] == p)
            if r == war["region"] and p == war["attacker"]:
                mine -= 1
            if mine > 0:
                return True
    return False


def a_loss_start(s: State, t: dict[str, Any], events: list[Event]) -> None:
    war = s["war"]
    loser = war["loser"]
    pending = [war["region"]]
    if war["break"]:
        pending += [r for r in war["shared"]
                    if r != war["region"] and any(m[0] == loser for m in s["meeples"][r])]
    war["loss_pending"] = pending
    # §10.9 "hráč nemůže ustoupit ani s jednou figurkou": refuge only when the break would take
    # every meeple the loser has in play and not one of them can retreat
    war["refuge"] = (war["break"] and R.meeples_in_play(s, loser) == len(pending)
                     and not any(retreat_options(s, loser, r) for r in pending))
    push(s, task("loss_next"))


def a_loss_next(s: State, t: dict[str, Any], events: list[Event]) -> None:
    war = s["war"]
    pending = war["loss_pending"]
    if not pending:
        return
    if len(pending) >= 2:
        push(s, task("loss_region", war["loser"]), task("loss_next"))
        return
    r = pending.pop(0)
    push(s, task("loss", war["loser"], region=r), task("loss_next"))


def a_war_end(s: State, t: dict[str, Any], events: list[Event]) -> None:
    s["war"] = None


# ---------------------------------------------------------------------------------------------
# move handlers


def handle(s: State, t: dict[str, Any], p: str, move: Move, events: list[Event]) -> None:
    kind = move["type"]
    info = s["pl"][p]
    if kind == "draft":
        info["faction"] = move["faction"]
        s["draft_pool"].remove(move["faction"])
        events.append({"type": "faction_drafted", "player": p, "faction": move["faction"]})
        if all(s["pl"][q]["faction"] for q in s["players"]):
            s["draft_pool"] = None
    elif kind == "side":
        info["home"] = move["side"]
        homes = [s["pl"][q]["home"] for q in R._seat_order(s, s["first"])
                 if s["pl"][q]["home"]]
        s["sides"] = homes + ([s["lost_kingdom"]] if s["lost_kingdom"] else [])
        for r in SIDE_REGIONS[move["side"]]:
            s["meeples"][r] = []
        # keep the map dict in sides order (views and scans follow it)
        s["meeples"] = {r: s["meeples"][r] for side in s["sides"] for r in SIDE_REGIONS[side]}
        events.append({"type": "side_chosen", "player": p, "side": move["side"]})
        push(s, task("start", p))
    elif kind == "start":
        r = move["region"]
        searching = REGIONS[r]["type"] == "ruins"
        s["meeples"][r] = [[p, searching] for _ in range(int(C["starting_meeples"]))]
        events.append({"type": "start_placed", "player": p, "region": r})
        push(s, task("start_resources", p))
    elif kind == "start_beginner":
        split = C["beginner_split"]
        set_start(s, p, split["mana"], split["ore"], split["food"], events)
    elif kind == "start_mana":
        push(s, task("start_ore", p, mana=move["mana"]))
    elif kind == "start_ore":
        mana, ore = t["mana"], move["ore"]
        set_start(s, p, mana, ore, int(C["starting_resources"]) - mana - ore, events)
    elif kind == "token_skip":
        regions = [r for r in SIDE_REGIONS[info["home"]]
                   if not s["meeples"][r] and r != move["region"]]
        n = int(C["exploration"]["five_player_tokens_per_home"])
        place_tokens(s, regions[:n], events, p)
    elif kind == "select":
        s["shields"].append(move["action"])
        events.append({"type": "action_selected", "player": p, "action": move["action"]})
        active = s["players"][s["active"]]
        order = R._seat_order(s, s["active"])
        push(s, *[task("respond", q, action=move["action"], active=q == active) for q in order],
             task("end_check"), task("pass_turn"))
    elif kind == "perform":
        ev: Event = {"type": "performed", "player": p, "action": move["action"]}
        if move["action"] != t["action"]:
            ev["instead_of"] = t["action"]
        events.append(ev)
        start_action(s, p, move["action"], events)
    elif kind == "pass":
        events.append({"type": "passed", "player": p})
    elif kind == "collect":
        do_collect(s, p, events)
    elif kind == "move_from":
        push(s, task("move_to", p, action=t["action"], **{"from": move["region"]}))
    elif kind == "stand_up":
        for m in s["meeples"][move["region"]]:
            if m[0] == p and m[1]:
                m[1] = False
                break
        events.append({"type": "stood_up", "player": p, "region": move["region"]})
    elif kind == "move_to":
        do_move(s, p, t["from"], move["region"], t["action"], events)
    elif kind == "swap_from":
        push(s, task("swap_to", p, **{"from": move["region"]}))
    elif kind == "swap_to":
        do_swap(s, p, t["from"], move["region"], events)
    elif kind == "expand":
        cost = R.expand_cost(s, p)
        info["res"]["food"] -= cost
        s["meeples"][move["region"]].append([p, False])
        events.append({"type": "expanded", "player": p, "region": move["region"], "cost": cost})
        push(s, task("arrival", p, region=move["region"], via="expand"))
    elif kind == "trade_pair":
        push(s, task("trade_amount", p, give=move["give"], get=move["get"]))
    elif kind == "trade_amount":
        n = move["amount"]
        info["res"][t["give"]] -= n
        received = n + sum(int(h["amount"]) for h in R.hooks(s, p, "trade_bonus"))
        lost = R.gain(s, p, t["get"], received)
        events.append({"type": "traded", "player": p, "give": t["give"], "get": t["get"],
                       "amount": n, "received": received, "lost": lost})
    elif kind == "war_die":
        s["war"]["values"][p] = move["value"]
        events.append({"type": "war_die_set", "player": p})
        if war_die_actors(s):
            push(s, t)
    elif kind == "war_boost":
        x = move["resource"]
        if x is not None:
            war = s["war"]
            info["res"][x] -= 1
            war["values"][p] = war["values"][p] + R.war_values(s, p)[x]
            war["boost"] = {"player": p, "resource": x}
            events.append({"type": "war_boosted", "player": p, "resource": x,
                           "new_value": war["values"][p]})
    elif kind == "war_pay_mana":
        push(s, {**t, "mana": move["mana"]})
    elif kind in ("war_pay", "lose_resources", "bandits_pay"):
        for x in RESOURCES:
            info["res"][x] -= move[x]
        paid = {x: move[x] for x in RESOURCES}
        if kind == "war_pay":
            events.append({"type": "war_paid", "player": p, **paid})
        elif kind == "lose_resources":
            events.append({"type": "resources_lost", "player": p, "reason": t["reason"], **paid})
        else:
            events.append({"type": "bandits_paid", "player": p, **paid})
    elif kind == "bandits_remove":
        remove_meeple(s, p, t["region"], events, "bandits_removed")
        nxt = current(s)
        if nxt and nxt["kind"] == "arrival_gain" and nxt["player"] == p:
            s["tasks"].pop()
    elif kind == "plunder":
        x = move["resource"]
        s["pl"][t["loser"]]["res"][x] -= 1
        lost = R.gain(s, p, x, 1)
        events.append({"type": "plundered", "player": p, "from": t["loser"], "resource": x,
                       "lost": lost})
    elif kind == "choose_resource":
        lost = R.gain(s, p, move["resource"], 1)
        events.append({"type": "resource_chosen", "player": p, "resource": move["resource"],
                       "reason": t["reason"], "lost": lost})
    elif kind == "convert":
        if move["from"] is not None:
            info["res"][move["from"]] -= 1
            R.gain(s, p, move["to"], 1)
            events.append({"type": "converted", "player": p, "from": move["from"],
                           "to": move["to"]})
    elif kind == "dragon":
        if move["use"]:
            loser = t["loser"]
            s["pl"][loser]["tower"] -= R.TOKEN_RULES["dragons_lair"]["tower_drop"]
            s["war"]["dragon"] = True
            events.append({"type": "dragon_used", "player": p, "loser": loser,
                           "tower": s["pl"][loser]["tower"]})
    elif kind == "loss_region":
        s["war"]["loss_pending"].remove(move["region"])
        push(s, task("loss", p, region=move["region"]))
    elif kind == "retreat":
        r, x = t["region"], move["region"]
        war = s["war"]
        cost = 0 if (r == war["region"] and war["dragon"]) else R.retreat_cost(s, p)
        info["res"]["food"] -= cost
        take_meeple(s, p, r)
        s["meeples"][x].append([p, False])
        events.append({"type": "retreated", "player": p, "from": r, "to": x, "cost": cost})
        push(s, task("arrival", p, region=x, via="retreat"))
    elif kind == "church":
        r = t["region"]
        x = church_region(s, p, r)
        assert x is not None
        take_meeple(s, p, r)
        s["meeples"][x].append([p, False])
        del s["tokens"][x]
        events.append({"type": "church_used", "player": p, "from": r, "to": x})
        push(s, task("arrival", p, region=x, via="church"))
    elif kind == "remove":
        remove_meeple(s, p, t["region"], events)
    elif kind == "refuge":
        r, x = t["region"], move["region"]
        take_meeple(s, p, r)
        s["meeples"][x].append([p, False])
        events.append({"type": "refuge", "player": p, "from": r, "region": x})
        push(s, task("arrival", p, region=x, via="refuge"))
    else:  # pragma: no cover - every listed move type is handled above
        raise AssertionError(kind)


def set_start(s: State, p: str, mana: int, ore: int, food: int, events: list[Event]) -> None:
    s["pl"][p]["res"] = R._res(mana, ore, food)
    events.append({"type": "resources_set", "player": p, "mana": mana, "ore": ore, "food": food})


AUTO = {
    "setup_player": a_setup_player,
    "setup_tokens": a_setup_tokens,
    "begin": a_begin,
    "turn_start": a_turn_start,
    "pass_turn": a_pass_turn,
    "end_check": a_end_check,
    "arrival": a_arrival,
    "arrival_gain": a_arrival_gain,
    "neutral_capture": a_neutral_capture,
    "war_reveal": a_war_reveal,
    "war_decide": a_war_decide,
    "war_after": a_war_after,
    "loss_start": a_loss_start,
    "loss_next": a_loss_next,
    "war_end": a_war_end,
}


def advance(s: State, events: list[Event]) -> None:
    """Run automatic tasks (and one-option automatic steps) until a player must move."""
    while s["tasks"] and not s["over"]:
        t = s["tasks"][-1]
        kind = t["kind"]
        if kind in R.INPUT_STEPS:
            if kind in R.AUTO_STEPS and step_name(s, t) in R.AUTO_STEPS:
                moves = step_moves(s, t, t["player"])
                if not moves and kind == "plunder":  # the loser has nothing left to take
                    s["tasks"].pop()
                    continue
                if len(moves) == 1:
                    s["tasks"].pop()
                    handle(s, t, t["player"], moves[0], events)
                    continue
            return
        s["tasks"].pop()
        AUTO[kind](s, t, events)


# ---------------------------------------------------------------------------------------------
# views (§19.3)


def faction_view(fid: str | None) -> dict[str, Any] | None:
    if fid is None:
        return None
    f = FACTIONS[fid]
    return {"id": fid, "name": f["name"], "name_cs": f["name_cs"],
            "levels": [{"level": lv["level"], "name": lv["name"], "text": lv["text"]}
                       for lv in f["levels"]]}


def token_view(s: State, r: str) -> str | None:
    tok = s["tokens"].get(r)
    if tok is None:
        return None
    return str(tok["id"]) if tok["up"] else "face_down"


def map_view(s: State) -> list[dict[str, Any]]:
    owners = {s["pl"][p]["home"]: p for p in s["players"] if s["pl"][p]["home"]}
    out = []
    for side in s["sides"]:
        data = SIDES[side]
        out.append({
            "side": side,
            "card": data["card"],
            "owner": owners.get(side, R.LOST_KINGDOM),
            "name": data["name"],
            "name_cs": data["name_cs"],
            "grid": list(data["grid"]),
            "rivers": [list(x) for x in data["rivers"]],
            "regions": [
                {
                    "id": r,
                    "letter": REGIONS[r]["letter"],
                    "type": REGIONS[r]["type"],
                    "cells": list(REGIONS[r]["cells"]),
                    "edge": REGIONS[r]["edge"],
                    "water_adjacent": REGIONS[r]["water_adjacent"],
                    "adjacent": list(REGIONS[r]["adjacent"]),
                    "meeples": [{"owner": m[0], "searching": m[1]} for m in s["meeples"][r]],
                    "token": token_view(s, r),
                }
                for r in SIDE_REGIONS[side]
            ],
        })
    return out


def step_context(s: State, t: dict[str, Any]) -> dict[str, Any]:
    kind = t["kind"]
    ctx: dict[str, Any] = {}
    if kind == "respond":
        ctx["action"] = t["action"]
        ctx["active"] = t["active"]
        responders = [x["player"] for x in reversed(s["tasks"]) if x["kind"] == "respond"]
        ctx["responders"] = responders
    elif kind == "swap_to":
        ctx["from"] = t["from"]
    elif kind in ("move_from", "move_to"):
        ctx["action"] = t["action"]
        if "from" in t:
            ctx["from"] = t["from"]
    elif kind == "start_ore":
        ctx["mana"] = t["mana"]
    elif kind == "trade_amount":
        ctx["give"], ctx["get"] = t["give"], t["get"]
    elif kind == "war_pay":
        ctx["due"] = t["due"]
        if "mana" in t:
            ctx["mana"] = t["mana"]
    elif kind in ("choose_resource", "lose_resources"):
        ctx["reason"] = t.get("reason")
    elif kind in ("plunder", "dragon"):
        ctx["loser"] = t["loser"]
    elif kind in ("loss", "bandits"):
        ctx["region"] = t["region"]
    elif kind == "convert":
        ctx["gained"] = list(t["gained"])
    war = s.get("war")
    if war is not None:
        if war["neutral"]:
            ctx["war"] = {"neutral": True, "attacker": war["attacker"], "region": war["region"],
                          "cost": war["cost"], "via": war["via"]}
        else:
            w: dict[str, Any] = {
                "neutral": False, "attacker": war["attacker"], "defender": war["defender"],
                "region": war["region"], "via": war["via"], "allied": war["allied"],
                "has_set": {p: v is not None for p, v in war["values"].items()},
            }
            if war["revealed"]:
                w["revealed"] = dict(war["set"])
                w["values"] = dict(war["values"])
                w["boost"] = war["boost"]
                w["winner"] = war["winner"]
                w["loser"] = war["loser"]
                w["alliance"] = war["alliance"]
                w["alliance_broken"] = war["break"]
                w["dragon"] = war["dragon"]
                w["payments_due"] = {
                    p: v for p, v in war["set"].items() if v != "flag"
                } if (war["winner"] or war["alliance"]) else {}
                w["loss_pending"] = list(war["loss_pending"])
            ctx["war"] = w
    return ctx


def public_costs(s: State, p: str) -> dict[str, int | None]:
    """What the next Build, Research, Expand and a retreat would cost ``p`` now (public)."""
    info = s["pl"][p]
    if info["faction"] is None or not info["home"]:
        return {"build": None, "research": None, "expand": None, "retreat": None}
    return {
        "build": R.build_cost(s, p) if info["tower"] < MAX_TOWER else None,
        "research": R.research_cost(s, p) if info["magic"] < MAX_MAGIC else None,
        "expand": R.expand_cost(s, p),
        "retreat": R.retreat_cost(s, p),
    }


def make_view(s: State, viewer: str | None) -> dict[str, Any]:
    t = current(s)
    players = []
    stripped = R._strip_ruins(s)
    for seat, p in enumerate(s["players"]):
        info = s["pl"][p]
        players.append({
            "id": p,
            "player": p,
            "seat": seat,
            "faction": faction_view(info["faction"]),
            "magic": info["magic"],
            "tower": info["tower"],
            "resources": dict(info["res"]),
            "meeples_in_play": R.meeples_in_play(s, p),
            "supply": R.supply(s, p),
            "home_side": info["home"],
            "card": info["card"],
            "crown": info["crown"],
            "captured_neutrals": info["captured"],
            "attacks_won": info["attacks_won"],
            "removed": info["removed"],
            "allies": R.allies(s, p),
            "score_now": R.score_breakdown(s, p, stripped)["total"],
            "costs": public_costs(s, p),
        })
    view: dict[str, Any] = {
        "game": "tek",
        "options": dict(s["options"]),
        "players": players,
        "first_player": s["players"][s["first"]],
        "active": s["players"][s["active"]],
        "turn": s["turn"],
        "shields": list(s["shields"]),
        "available_actions": [a for a in ACTIONS if a not in s["shields"]],
        "lost_kingdom": s["lost_kingdom"],
        "neutral_meeples": R.neutral_cost(s),
        "map": map_view(s),
        "step": {
            "name": "over" if s["over"] or t is None else step_name(s, t),
            "actors": actors_of(s),
            "context": {} if s["over"] or t is None else step_context(s, t),
        },
        "draft_pool": list(s["draft_pool"]) if s["draft_pool"] is not None else None,
        "draft_factions": [faction_view(f) for f in s["draft_pool"] or []],
        "end_triggered": dict(s["end"]) if s["end"] else None,
        "over": s["over"],
        "results": s["results"] if s["over"] else None,
        "constants": {"shields": C["shields"], "resource_cap": C["resource_cap"],
                      "meeples_per_player": C["meeples_per_player"]},
    }
    if viewer is not None:
        view["viewer"] = viewer
        war = s.get("war")
        if war and not war["neutral"] and viewer in war["values"]:
            if not war["revealed"] and war["values"][viewer] is not None:
                view["war_die"] = war["values"][viewer]
            if not war["revealed"]:
                view["war_die_options"] = R.legal_war_dice(s, viewer)
    return view


# ---------------------------------------------------------------------------------------------
# the Game object


class TinyEpicKingdoms:
    """Tiny Epic Kingdoms for 2-5 players (see the module docstring for what is hidden)."""

    id = "tek"
    title = "Tiny Epic Kingdoms"
    min_players = int(C["min_players"])
    max_players = int(C["max_players"])
    options: dict[str, tuple[Any, Any]] = {
        "factions": ("random", ["random", "draft", "choice"]),
        "exploration": (False, [False, True]),
    }
    test_option_sets: list[dict[str, Any]] = [{"factions": "draft", "exploration": True}]

    def setup(self, players: list[str], options: dict[str, Any], seed: int) -> State:
        if not self.min_players <= len(players) <= self.max_players:
            raise ValueError(f"tek needs {self.min_players}-{self.max_players} players")
        if len(set(players)) != len(players) or not all(isinstance(p, str) for p in players):
            raise ValueError("player ids must be distinct strings")
        if NEUTRAL in players:
            raise ValueError(f"{NEUTRAL!r} is reserved")
        opts: dict[str, Any] = {}
        for name, value in options.items():
            if name not in self.options:
                raise ValueError(f"unknown option {name!r}")
            allowed = self.options[name][1]
            if not any(type(value) is type(a) and value == a for a in allowed):
                raise ValueError(f"bad value {value!r} for option {name!r}")
            opts[name] = value
        for name, (default, _) in self.options.items():
            opts.setdefault(name, default)
        return make_setup(list(players), opts, seed)

    def actors(self, state: State) -> list[str]:
        return actors_of(state)

    def legal_moves(self, state: State, player: str) -> list[Move]:
        if player not in actors_of(state):
            return []
        return step_moves(state, state["tasks"][-1], player)

    def apply(self, state: State, player: str, move: Move) -> tuple[State, list[Event]]:
        if state["over"]:
            raise IllegalMove("game_over", "The game is over.")
        if player not in actors_of(state):
            raise IllegalMove("not_your_turn", "It is not your turn to act.")
        if not isinstance(move, dict) or not isinstance(move.get("type"), str):
            raise IllegalMove("malformed", "A move must be a dict with a 'type'.")
        if not is_listed(move, self.legal_moves(state, player)):
            raise IllegalMove("illegal_move", "That move is not available now; pick a listed one.")
        s = R.copy_state(state)
        events: list[Event] = list(s.get("pending_events") or [])
        s["pending_events"] = []
        t = s["tasks"].pop()
        handle(s, t, player, clone(move), events)
        advance(s, events)
        return s, events

    def is_secret(self, state: State, player: str, move: Move) -> bool:
        return isinstance(move, dict) and move.get("type") == "war_die"

    def view(self, state: State, viewer: str | None) -> dict[str, Any]:
        return make_view(state, viewer)

    def is_over(self, state: State) -> bool:
        return bool(state["over"])

    def outcome(self, state: State) -> list[dict[str, Any]]:
        if not state["over"]:
            return []
        return list(clone(state["results"]))

    def dump(self, state: State) -> dict[str, Any]:
        return dict(clone(state))

    def load(self, data: dict[str, Any]) -> State:
        return dict(clone(data))


GAME = TinyEpicKingdoms()
