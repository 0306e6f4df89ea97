"""Empire Engine (AEG 2014, Czech *Mechanická říše*): the pure rules engine.

Every round all players at once secretly choose how to turn their two engine cards (round 1:
which action faces up on each), then the picks are revealed and resolved in three groups:
Arm/Produce/Invent, then Attack/Defend, then Export/Salvage. 2-8 players, 8/9/12 rounds, the
team game with its four optional rules and the HOUSE empire-power variant. The spec is
``shared/rules/empire_engine.md``; section numbers below (§) refer to it.

What is hidden from whom (§10):

* A pending ``orient``/``plan``/``salvage`` pick is known only to its player until the reveal;
  everybody else (the partner too) sees only "has chosen". An alternate-rotation payment leaves
  the ready pile at the reveal, so the public ready piles show pre-payment counts until then.
* Score piles by type are known to their owner and, in the team game, the partner; others see
  only the total, unless ``open_scores`` is on or the game is over. Salvage types are private
  in the same way (the ``salvaged`` event carries only the count).
* Everything else (engine tops after the reveal, ready piles, attacks, blocks, thefts, empires)
  is public. The state holds no seed and no RNG: all randomness is drawn at setup.
"""

from __future__ import annotations

import random
from typing import Any

from games.base import IllegalMove, clone, is_listed
from games.empire_engine import data as D

State = dict[str, Any]
Move = dict[str, Any]
Event = dict[str, Any]

SECRET_STEPS = ("orient", "plan", "salvage")

# Move shapes: type -> {key: checker}. A dict of another shape is "malformed".
_INT = "int"
_STR = "str"
_STR_OR_NONE = "str|None"
_STR_LIST = "list[str]"
MOVE_SHAPES: dict[str, dict[str, str]] = {
    "orient": {"L": _STR, "R": _STR},
    "plan": {"turn_L": _INT, "turn_R": _INT, "pay_soldier": _INT, "pay_good": _INT,
             "L": _STR, "R": _STR},
    "block": {"attacker": _STR, "target": _STR, "pay": _STR_OR_NONE},
    "no_block": {},
    "steal": {"target": _STR, "soldier": _INT, "good": _INT},
    "salvage": {"take": _STR_LIST},
}


def _fits(value: Any, kind: str) -> bool:
    if kind == _INT:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == _STR:
        return isinstance(value, str)
    if kind == _STR_OR_NONE:
        return value is None or isinstance(value, str)
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def well_formed(move: Any) -> bool:
    """True when ``move`` has the shape of some move type (keys and JSON value types)."""
    if not isinstance(move, dict):
        return False
    kind = move.get("type")
    shape = MOVE_SHAPES.get(kind) if isinstance(kind, str) else None
    if shape is None or set(move) != {"type", *shape}:
        return False
    return all(_fits(move[k], kind) for k, kind in shape.items())


def _next_state(s: State) -> State:
    """A copy of ``s`` that ``apply`` may change freely without touching ``s``.

    Copy-on-write by structure: what rules change is copied; what they never change after
    setup (``players``, ``options``, ``teams``, ``empires``) and what they only replace (picks,
    queued thefts, ``current``) is shared.
    """
    c = dict(s)
    c["top"] = {p: dict(v) for p, v in s["top"].items()}
    c["ready"] = {p: dict(v) for p, v in s["ready"].items()}
    c["score"] = {p: dict(v) for p, v in s["score"].items()}
    c["picks"] = dict(s["picks"])
    c["participants"] = list(s["participants"])
    c["attacks"] = [dict(a) for a in s["attacks"]]
    c["attacked"] = list(s["attacked"])
    c["blocks"] = dict(s["blocks"])
    c["defenders"] = list(s["defenders"])
    c["thefts"] = list(s["thefts"])
    return c


STATE_KEYS = frozenset({
    "players", "options", "rounds", "round", "start", "step", "phase", "teams", "empires",
    "top", "ready", "score", "picks", "participants", "attacks", "attacked", "blocks",
    "defenders", "thefts", "current",
})


def _deep_state(s: State) -> State:
    """A full copy of ``s`` sharing nothing (for ``dump``/``load``); faster than a generic copy."""
    c = _next_state(s)
    c["players"] = list(s["players"])
    c["options"] = dict(s["options"])
    c["teams"] = [list(t) for t in s["teams"]] if s["teams"] else None
    c["empires"] = dict(s["empires"]) if s["empires"] else None
    c["picks"] = {p: {k: list(v) if isinstance(v, list) else v for k, v in pick.items()}
                  for p, pick in s["picks"].items()}
    c["thefts"] = [dict(t) for t in s["thefts"]]
    c["current"] = dict(s["current"]) if s["current"] else None
    return c


def listed(move: Move, legal: list[Move]) -> bool:
    """Strict membership (``games.base.is_listed``), with a cheap equality pre-check."""
    candidates = [m for m in legal if m == move]
    return bool(candidates) and is_listed(move, candidates)


# ---------------------------------------------------------------- setup and small helpers


def validate_options(n: int, options: dict[str, Any]) -> dict[str, Any]:
    """§11.1: the full option dict, or ``ValueError``."""
    if not isinstance(options, dict):
        raise ValueError("options must be a dict")
    unknown = set(options) - set(D.OPTIONS)
    if unknown:
        raise ValueError(f"unknown option(s): {', '.join(sorted(unknown))}")
    full = {name: default for name, (default, _) in D.OPTIONS.items()}
    full.update(options)
    for name, value in full.items():
        if name == "rounds":
            if value is not None and (not isinstance(value, int) or isinstance(value, bool)
                                      or not D.ROUNDS_RANGE[0] <= value <= D.ROUNDS_RANGE[1]):
                raise ValueError("rounds must be null or an integer 1-32")
        elif not isinstance(value, bool):
            raise ValueError(f"{name} must be true or false")
    if full["long_game"] and n >= 5:
        raise ValueError("long_game is only for 2-4 players")
    if full["rounds"] is not None and n <= 4:
        raise ValueError("rounds can be set only with 5-8 players")
    if any(full[o] for o in D.TEAM_OPTIONS) and not full["teams"]:
        raise ValueError("team options need teams")
    if full["teams"] and n != 4:
        raise ValueError("the team game needs exactly 4 players")
    return full


def game_length(n: int, options: dict[str, Any]) -> int:
    """§8: the number of rounds."""
    if n <= 4:
        return D.LONG_GAME_ROUNDS if options["long_game"] else D.ROUNDS_BY_PLAYERS[n]
    if options["rounds"] is not None:
        return int(options["rounds"])
    return -(-D.MIN_DEFAULT_ROUNDS_BIG // n) * n


def deal_empires(rng: random.Random, players: list[str]) -> dict[str, str]:
    """§11.4: one empire per player; two copies of the four with 5-8 players."""
    names = [e["name"] for e in D.EMPIRES]
    n = len(players)
    if n <= len(names):
        drawn = rng.sample(names, n)
    else:
        pool = names + names
        rng.shuffle(pool)
        drawn = pool[:n]
    return dict(zip(players, drawn, strict=True))


def player_order(s: State) -> list[str]:
    """§2: from the start player clockwise."""
    ps: list[str] = s["players"]
    k: int = s["start"]
    return ps[k:] + ps[:k]


def neighbour(s: State, p: str, direction: int) -> str:
    """§2: +1 = left neighbour (clockwise), -1 = right neighbour."""
    ps = s["players"]
    return str(ps[(ps.index(p) + direction) % len(ps)])


def partner(s: State, p: str) -> str | None:
    """§11.3: the partner sits opposite (seats 0+2, 1+3)."""
    if not s["teams"]:
        return None
    for team in s["teams"]:
        if p in team:
            return str(team[1] if team[0] == p else team[0])
    return None


def team_index(s: State, p: str) -> int | None:
    if not s["teams"]:
        return None
    return 0 if p in s["teams"][0] else 1


def power(s: State, p: str, flag: str) -> Any:
    """The value of ``flag`` in ``p``'s empire power, or None (no powers, no such flag)."""
    if not s["empires"]:
        return None
    return D.EMPIRE_BY_NAME[s["empires"][p]].get(flag)


def top(s: State, p: str, card: str) -> str | None:
    t = s["top"][p][card]
    return None if t is None else D.ENGINE_ORDER[card][t]


def turned(card: str, t: int, k: int) -> int:
    """§4: the top index after k clockwise quarter turns."""
    return (t - k) % 4


def theft_quantity(n: int) -> int:
    """§7.3 2d: q = 2 with two players, else 1."""
    return D.THEFT_QUANTITY.get(n, D.DEFAULT_THEFT_QUANTITY)


# ---------------------------------------------------------------- planning (§6)


def orient_moves() -> list[Move]:
    """§6.1: every pair of tops, 16 options."""
    return [{"type": "orient", "L": a, "R": b}
            for a in D.ENGINE_ORDER["L"] for b in D.ENGINE_ORDER["R"]]


def paid_turns(s: State, p: str) -> frozenset[int]:
    """§6.2: turn values that cost a resource for ``p`` (Grail Prelacy: only 0)."""
    free = power(s, p, "free_turns") or []
    return frozenset(D.ALTERNATE_TURNS - set(free))


def plan_moves(s: State, p: str) -> list[Move]:
    """§6.2: every gear placement and way to pay for it that fits the ready pile."""
    tl, tr = s["top"][p]["L"], s["top"][p]["R"]
    ready = s["ready"][p]
    costly = paid_turns(s, p)
    pairs = [(a, b) for a in D.GEAR_ONE for b in D.GEAR_TWO] + \
            [(b, a) for a in D.GEAR_ONE for b in D.GEAR_TWO]
    rows: list[tuple[int, int, int, Move]] = []
    for turn_l, turn_r in pairs:
        cost = (turn_l in costly) + (turn_r in costly)
        for pay_s in range(cost, -1, -1):
            pay_g = cost - pay_s
            if pay_s > ready["soldier"] or pay_g > ready["good"]:
                continue
            move = {"type": "plan", "turn_L": turn_l, "turn_R": turn_r,
                    "pay_soldier": pay_s, "pay_good": pay_g,
                    "L": D.ENGINE_ORDER["L"][turned("L", tl, turn_l)],
                    "R": D.ENGINE_ORDER["R"][turned("R", tr, turn_r)]}
            rows.append((cost, turn_l, -pay_s, move))
    rows.sort(key=lambda r: (r[0], r[1], r[2]))
    return [r[3] for r in rows]


def reveal(s: State, ev: list[Event]) -> None:
    """§6.4: payments leave the ready piles, the engines turn, every pick is shown."""
    picks = s["picks"]
    for p in player_order(s):
        pick = picks[p]
        if "turn_L" in pick:
            s["ready"][p]["soldier"] -= pick["pay_soldier"]
            s["ready"][p]["good"] -= pick["pay_good"]
        s["top"][p]["L"] = D.ENGINE_ORDER["L"].index(pick["L"])
        s["top"][p]["R"] = D.ENGINE_ORDER["R"].index(pick["R"])
    ev.append({"type": "revealed", "round": s["round"],
               "picks": {p: clone(picks[p]) for p in s["players"]}})
    s["picks"] = {}
    s["participants"] = []


# ---------------------------------------------------------------- group 1 (§7.2)


def group_one(s: State, ev: list[Event]) -> None:
    """Arm, Produce, Invent for everyone; then team Joint invention."""
    for p in player_order(s):
        for card in D.CARDS:
            action = top(s, p, card)
            if action in D.GROUP1_GAINS:
                resource, amount, pile = D.GROUP1_GAINS[action]
                target = s["ready"][p] if pile == "ready" else s["score"][p]
                target[resource] += amount
                ev.append({"type": "gained", "player": p, "action": action,
                           "resource": resource, "amount": amount, "pile": pile})
    if s["options"]["team_joint_invent"]:
        joint_invent(s, ev)


def joint_invent(s: State, ev: list[Event]) -> None:
    """§11.3: both partners Invent -> +1 invention to the first of them in player order."""
    order = player_order(s)
    for team in s["teams"]:
        if all(top(s, p, "R") == "Invent" for p in team):
            first = min(team, key=order.index)
            s["score"][first]["invention"] += 1
            ev.append({"type": "gained", "player": first, "action": "JointInvent",
                       "resource": "invention", "amount": 1, "pile": "score"})


# ---------------------------------------------------------------- group 2 (§7.3)


def declare_and_pay(s: State, ev: list[Event]) -> None:
    """2a + 2b: every Attack on top is declared; all attacks are paid before any theft."""
    attacks: list[dict[str, Any]] = []
    for p in player_order(s):
        cards = [c for c in D.CARDS if top(s, p, c) == "Attack"]
        if not cards:
            continue
        have = s["ready"][p]["soldier"]
        if have >= len(cards):
            s["ready"][p]["soldier"] -= len(cards)
            for c in cards:
                target = neighbour(s, p, D.ATTACK_DIRECTION[c])
                attacks.append({"attacker": p, "card": c, "target": target,
                                "status": "pending"})
                ev.append({"type": "attack_paid", "player": p, "card": c, "target": target})
        else:
            lost = have  # 2 declared, 1 soldier: it returns to the supply; 0: nothing paid
            s["ready"][p]["soldier"] -= lost
            reason = "one_soldier_for_two" if lost else "no_soldier"
            ev.append({"type": "attack_failed", "player": p, "cards": cards,
                       "reason": reason, "soldiers_lost": lost})
    s["attacks"] = attacks
    s["blocks"] = {}
    s["defenders"] = [p for p in player_order(s) if top(s, p, "R") == "Defend"]


def block_options(s: State, d: str) -> list[Move]:
    """2c (+ §11.3 shared defence): the blocks open to defender ``d`` now."""
    own = [a for a in s["attacks"] if a["target"] == d and a["status"] == "pending"]
    moves: list[Move] = []
    seen: set[str] = set()
    for a in own:
        if a["attacker"] in seen:
            continue  # 2 players: two identical attacks from one attacker; one entry (L card)
        seen.add(a["attacker"])
        moves.append({"type": "block", "attacker": a["attacker"], "target": d, "pay": None})
    mate = partner(s, d) if s["options"]["team_shared_defence"] else None
    shared: list[Move] = []
    if mate is not None:
        for a in s["attacks"]:
            if a["target"] == mate and a["status"] == "pending":
                for res in D.READY_TYPES:
                    if s["ready"][d][res] >= 1:
                        shared.append({"type": "block", "attacker": a["attacker"],
                                       "target": mate, "pay": res})
    moves.extend(shared)
    if not own and shared:
        moves.append({"type": "no_block"})
    return moves


def apply_block(s: State, d: str, move: Move, ev: list[Event]) -> None:
    """2c: mark the attack blocked; the blocker pays (shared defence) and gets the reward."""
    attack = next(a for a in s["attacks"]
                  if a["attacker"] == move["attacker"] and a["target"] == move["target"]
                  and a["status"] == "pending")
    attack["status"] = "blocked"
    if move["pay"] is not None:
        s["ready"][d][move["pay"]] -= 1
    reward = power(s, d, "block_reward") or D.BLOCK_REWARD
    s["score"][d]["soldier"] += reward
    s["blocks"][d] = s["blocks"].get(d, 0) + 1
    ev.append({"type": "blocked", "defender": d, "attacker": attack["attacker"],
               "card": attack["card"], "target": attack["target"], "pay": move["pay"],
               "reward_soldiers": reward})


def theft_queue(s: State) -> list[dict[str, Any]]:
    """2d order (attacker in player order, L before R), then the 2e joint-attack extras."""
    order = player_order(s)
    queue = [{"attacker": a["attacker"], "card": a["card"], "target": a["target"],
              "joint_extra": False}
             for a in s["attacks"] if a["status"] == "pending"]
    queue.sort(key=lambda th: (order.index(th["attacker"]), D.CARDS.index(th["card"])))
    if s["options"]["team_joint_attack"]:
        queue.extend(joint_attack_extras(s))
    return queue


def joint_attack_extras(s: State) -> list[dict[str, Any]]:
    """§11.3 joint attack: both partners made attacks on X and at least one is unblocked."""
    order = player_order(s)
    extras = []
    for x in order:
        mate_team = s["teams"][1 - (team_index(s, x) or 0)]
        on_x = [a for a in s["attacks"] if a["target"] == x]
        by = {a["attacker"] for a in on_x}
        if not all(p in by for p in mate_team):
            continue
        unblocked = [a for a in on_x if a["status"] != "blocked"]
        if not unblocked:
            continue  # a double defence: no extra
        first = min(unblocked, key=lambda a: (order.index(a["attacker"]),
                                              D.CARDS.index(a["card"])))
        extras.append({"attacker": first["attacker"], "card": first["card"], "target": x,
                       "joint_extra": True})
    return extras


def steal_options(s: State, theft: dict[str, Any]) -> list[Move]:
    """2d: the mixes the thief may pick; [] when the theft resolves without a step."""
    q = theft_quantity(len(s["players"]))
    ready = s["ready"][theft["target"]]
    total = ready["soldier"] + ready["good"]
    if total <= q or not ready["soldier"] or not ready["good"]:
        return []
    return [{"type": "steal", "target": theft["target"], "soldier": sl, "good": q - sl}
            for sl in range(q, -1, -1)
            if sl <= ready["soldier"] and q - sl <= ready["good"]]


def apply_theft(s: State, theft: dict[str, Any], soldier: int, good: int,
                ev: list[Event]) -> None:
    """2d: take from the target's current ready pile (supply soldiers for a shortfall)."""
    q = theft_quantity(len(s["players"]))
    target, thief = theft["target"], theft["attacker"]
    s["ready"][target]["soldier"] -= soldier
    s["ready"][target]["good"] -= good
    supply = q - soldier - good
    s["score"][thief]["soldier"] += soldier + supply
    s["score"][thief]["good"] += good
    if not theft["joint_extra"]:
        for a in s["attacks"]:
            if a["attacker"] == thief and a["card"] == theft["card"] and \
                    a["target"] == target and a["status"] == "pending":
                a["status"] = "resolved"
                break
    ev.append({"type": "theft", "attacker": thief, "target": target, "card": theft["card"],
               "soldier": soldier, "good": good, "supply_soldier": supply,
               "joint_extra": theft["joint_extra"]})


def auto_theft(s: State, theft: dict[str, Any], ev: list[Event]) -> None:
    """2d without a step: take all (plus supply soldiers) or q of the only type."""
    q = theft_quantity(len(s["players"]))
    ready = s["ready"][theft["target"]]
    if ready["soldier"] + ready["good"] <= q:
        apply_theft(s, theft, ready["soldier"], ready["good"], ev)
    elif ready["soldier"]:
        apply_theft(s, theft, q, 0, ev)
    else:
        apply_theft(s, theft, 0, q, ev)


def successfully_attacked(s: State) -> list[str]:
    """2f: players with at least one unblocked made attack on them."""
    hit = {a["target"] for a in s["attacks"] if a["status"] != "blocked"}
    return [p for p in player_order(s) if p in hit]


def idle_defences(s: State, ev: list[Event]) -> None:
    """2c/2f: a Defend that blocked nothing is idle (Kestrel Dominion: +1 ready soldier)."""
    for p in player_order(s):
        if top(s, p, "R") == "Defend" and not s["blocks"].get(p):
            bonus = int(power(s, p, "idle_defend_ready_soldier") or 0)
            s["ready"][p]["soldier"] += bonus
            ev.append({"type": "defend_idle", "player": p, "bonus_ready_soldier": bonus})


# ---------------------------------------------------------------- group 3 (§7.5)


def cancel_after_attack(s: State, ev: list[Event]) -> None:
    """Step 1: a successfully attacked player loses Export and Salvage this round."""
    for p in s["attacked"]:
        actions = [a for a in ("Export", "Salvage") if a in (top(s, p, "L"), top(s, p, "R"))]
        if actions:
            ev.append({"type": "cancelled", "player": p, "actions": actions})


def move_goods(s: State, p: str, joint: bool, ev: list[Event]) -> None:
    """Export: all goods ready -> score (Nova Centralis: +1 good for 2 or more)."""
    goods = s["ready"][p]["good"]
    s["ready"][p]["good"] = 0
    s["score"][p]["good"] += goods
    bonus = 0
    need = power(s, p, "export_bonus_min_goods")
    if need is not None and goods >= need:
        bonus = int(power(s, p, "export_bonus_good"))
        s["score"][p]["good"] += bonus
    ev.append({"type": "exported", "player": p, "goods": goods, "bonus_good": bonus,
               "joint": joint})


def exports(s: State, ev: list[Event]) -> None:
    """Step 2: every Export that is not cancelled, then team Joint export."""
    order = player_order(s)
    done = []
    for p in order:
        if top(s, p, "R") == "Export" and p not in s["attacked"]:
            move_goods(s, p, False, ev)
            done.append(p)
    if s["options"]["team_joint_export"]:
        for p in order:
            mate = partner(s, p)
            if (top(s, p, "L") == "Produce" and p not in s["attacked"] and p not in done
                    and mate in done):
                move_goods(s, p, True, ev)


def salvagers(s: State) -> list[str]:
    return [p for p in player_order(s)
            if top(s, p, "L") == "Salvage" and p not in s["attacked"]]


def salvage_moves(s: State, p: str) -> list[Move]:
    """Step 3: one type (Sylphian Commonwealth: two different types)."""
    takes = D.SALVAGE_PAIRS if power(s, p, "salvage_pairs") else D.SALVAGE_SINGLE
    return [{"type": "salvage", "take": list(t)} for t in takes]


def resolve_salvage(s: State, ev: list[Event]) -> None:
    for p in player_order(s):
        if p not in s["picks"]:
            continue
        take = s["picks"][p]["take"]
        for res in take:
            s["score"][p][res] += 1
        event: Event = {"type": "salvaged", "player": p, "count": len(take)}
        if s["options"]["open_scores"]:
            event["take"] = list(take)
        ev.append(event)
    s["picks"] = {}
    s["participants"] = []


# ---------------------------------------------------------------- scoring (§9)


def score_units(s: State) -> list[list[str]]:
    if s["teams"]:
        return [list(t) for t in s["teams"]]
    return [[p] for p in s["players"]]


def final_results(s: State) -> list[dict[str, Any]]:
    """§9: resources + majority bonuses, ranked by score then ready pile (1, 1, 3 style)."""
    units = score_units(s)
    piles = [{r: sum(s["score"][p][r] for p in u) for r in D.SCORE_TYPES} for u in units]
    readies = [sum(s["ready"][p][r] for p in u for r in D.READY_TYPES) for u in units]
    best = {r: max(pile[r] for pile in piles) for r in D.SCORE_TYPES}
    rows = []
    for pile, ready in zip(piles, readies, strict=True):
        majorities = [r for r in D.SCORE_TYPES if best[r] > 0 and pile[r] == best[r]]
        resources = sum(pile.values())
        bonus = D.MAJORITY_BONUS * len(majorities)
        rows.append({"resources": resources, "bonus": bonus, "score": resources + bonus,
                     "majorities": majorities, "ready_total": ready})
    for row in rows:
        key = (row["score"], row["ready_total"])
        ahead = [i for i, o in enumerate(rows) if (o["score"], o["ready_total"]) > key]
        # Competition ranking over scoring units (§9): a team game ranks the two teams 1 and 2
        # (or 1 and 1), and every member carries the team's rank.
        row["unit_rank"] = 1 + len(ahead)
        row["rank"] = row["unit_rank"]
    out = []
    for p in s["players"]:
        ui = next(i for i, u in enumerate(units) if p in u)
        row = rows[ui]
        extra = {"team_rank": row["unit_rank"]} if s["teams"] else {}
        out.append({"player": p, "rank": row["rank"], **extra, "score": row["score"],
                    "resources": row["resources"], "bonus": row["bonus"],
                    "majorities": list(row["majorities"]), "ready_total": row["ready_total"],
                    "score_pile": dict(s["score"][p]), "team": team_index(s, p)})
    return out


# ---------------------------------------------------------------- the round driver (§5)


def start_plan(s: State) -> None:
    s["step"] = "orient" if s["round"] == 1 else "plan"
    s["participants"] = player_order(s)
    s["picks"] = {}


def end_round(s: State, ev: list[Event]) -> None:
    """§5.3: the start player passes clockwise; the next round or the end of the game."""
    n = len(s["players"])
    s["start"] = (s["start"] + 1) % n
    ev.append({"type": "round_ended", "round": s["round"],
               "next_start_player": s["players"][s["start"]]})
    s["round"] += 1
    s["attacks"] = []
    s["attacked"] = []
    s["blocks"] = {}
    s["defenders"] = []
    s["thefts"] = []
    s["current"] = None
    if s["round"] > s["rounds"]:
        s["step"] = "over"
        s["participants"] = []
        s["picks"] = {}
        ev.append({"type": "game_over", "results": final_results(s)})
    else:
        start_plan(s)
        ev.append({"type": "round_started", "round": s["round"],
                   "start_player": s["players"][s["start"]]})


def advance(s: State, ev: list[Event]) -> None:
    """Resolve everything automatic from the current phase up to the next real choice."""
    while True:
        phase = s["phase"]
        if phase == "group1":
            group_one(s, ev)
            declare_and_pay(s, ev)
            s["phase"] = "blocks"
        elif phase == "blocks":
            while s["defenders"]:
                d = s["defenders"][0]
                options = block_options(s, d)
                if len(options) > 1 or (options and options[0]["pay"] is not None):
                    s["step"] = "block"
                    s["current"] = {"defender": d}
                    return
                if options:
                    apply_block(s, d, options[0], ev)
                s["defenders"].pop(0)
            s["thefts"] = theft_queue(s)
            s["phase"] = "thefts"
        elif phase == "thefts":
            while s["thefts"]:
                theft = s["thefts"][0]
                if steal_options(s, theft):
                    s["step"] = "steal"
                    s["current"] = clone(theft)
                    return
                auto_theft(s, theft, ev)
                s["thefts"].pop(0)
            s["current"] = None
            s["attacked"] = successfully_attacked(s)
            idle_defences(s, ev)
            cancel_after_attack(s, ev)
            exports(s, ev)
            s["phase"] = "salvage"
            who = salvagers(s)
            if who:
                s["step"] = "salvage"
                s["participants"] = who
                s["picks"] = {}
                return
        elif phase == "salvage":
            resolve_salvage(s, ev)
            s["phase"] = "plan"
            end_round(s, ev)
            return
        else:  # pragma: no cover - defensive
            raise RuntimeError(f"unknown phase {phase}")


# ---------------------------------------------------------------- the Game object


class EmpireEngine:
    """The ``empire_engine`` game (see the module docstring)."""

    id = "empire_engine"
    title = "Empire Engine"
    min_players = 2
    max_players = 8
    options: dict[str, tuple[Any, Any]] = dict(D.OPTIONS)
    test_option_sets: list[dict[str, Any]] = [
        {"rounds": 3},
        {"teams": True, "team_joint_invent": True},
        {"teams": True, "team_joint_export": True},
        {"teams": True, "team_shared_defence": True},
        {"teams": True, "team_joint_attack": True},
        {"teams": True, "team_joint_invent": True, "team_joint_export": True,
         "team_shared_defence": True, "team_joint_attack": True, "empire_powers": True},
        {"empire_powers": True, "open_scores": True, "long_game": True},
    ]

    # -- contract

    def setup(self, players: list[str], options: dict[str, Any], seed: int) -> State:
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise ValueError("players must be a list of ids")
        n = len(players)
        if not self.min_players <= n <= self.max_players or len(set(players)) != n:
            raise ValueError("Empire Engine needs 2-8 players with unique ids")
        opts = validate_options(n, options if options is not None else {})
        rng = random.Random(f"{seed}:setup")
        start = rng.randrange(n)
        empires = deal_empires(rng, players) if opts["empire_powers"] else None
        s: State = {
            "players": list(players),
            "options": opts,
            "rounds": game_length(n, opts),
            "round": 1,
            "start": start,
            "step": "orient",
            "phase": "plan",
            "teams": [[players[0], players[2]], [players[1], players[3]]]
            if opts["teams"] else None,
            "empires": empires,
            "top": {p: {"L": None, "R": None} for p in players},
            "ready": {p: dict(D.START_READY) for p in players},
            "score": {p: {r: 0 for r in D.SCORE_TYPES} for p in players},
            "picks": {},
            "participants": [],
            "attacks": [],
            "attacked": [],
            "blocks": {},
            "defenders": [],
            "thefts": [],
            "current": None,
        }
        start_plan(s)
        return s

    def actors(self, state: State) -> list[str]:
        step = state["step"]
        if step in SECRET_STEPS:
            return [p for p in state["participants"] if p not in state["picks"]]
        if step == "block":
            return [state["current"]["defender"]]
        if step == "steal":
            return [state["current"]["attacker"]]
        return []

    def legal_moves(self, state: State, player: str) -> list[Move]:
        step = state["step"]
        if step in SECRET_STEPS:
            if player not in state["participants"] or player in state["picks"]:
                return []
            if step == "orient":
                return orient_moves()
            if step == "plan":
                return plan_moves(state, player)
            return salvage_moves(state, player)
        if step == "block" and player == state["current"]["defender"]:
            return block_options(state, player)
        if step == "steal" and player == state["current"]["attacker"]:
            return steal_options(state, state["current"])
        return []

    def apply(self, state: State, player: str, move: Move) -> tuple[State, list[Event]]:
        step = state["step"]
        if step == "over":
            raise IllegalMove("game_over", "The game is over.")
        if player not in self.actors(state):
            if step in SECRET_STEPS and player in state["picks"]:
                raise IllegalMove("already_chosen", "You have already chosen this round.")
            raise IllegalMove("not_your_turn", "It is not your turn to choose now.")
        if not well_formed(move):
            raise IllegalMove("malformed", "That move is not in a form the game understands.")
        legal = self.legal_moves(state, player)
        if not listed(move, legal):
            raise IllegalMove("not_legal", "That choice is not available now; pick one listed.")
        s = _next_state(state)
        move = clone(move)
        ev: list[Event] = []
        kind = move["type"]
        if step in SECRET_STEPS:
            s["picks"][player] = {k: v for k, v in move.items() if k != "type"}
            ev.append({"type": "picked", "player": player, "step": step})
            if all(p in s["picks"] for p in s["participants"]):
                if step == "salvage":
                    advance(s, ev)
                else:
                    reveal(s, ev)
                    s["phase"] = "group1"
                    advance(s, ev)
        elif kind in ("block", "no_block"):
            if kind == "block":
                apply_block(s, player, move, ev)
            s["defenders"].pop(0)
            s["current"] = None
            advance(s, ev)
        else:  # steal
            theft = s["thefts"].pop(0)
            apply_theft(s, theft, move["soldier"], move["good"], ev)
            s["current"] = None
            advance(s, ev)
        return s, ev

    def is_secret(self, state: State, player: str, move: Move) -> bool:
        return isinstance(move, dict) and move.get("type") in SECRET_STEPS

    def view(self, state: State, viewer: str | None) -> dict[str, Any]:
        """§10.2: what ``viewer`` may see (None = public).

        Keys: ``round``, ``rounds``, ``start_player``, ``player_order``, ``step``, ``actors``,
        ``chosen`` ({pid: bool} during secret steps, else None), ``participants``, ``teams``,
        ``options``, ``players`` ({pid: per-player dict}) and ``seats`` (the same dicts in seat
        order: ``top_L``, ``top_R``, ``ready``, ``score_total``, ``score`` (None where §10.1
        hides it), ``empire``, ``team``, ``chosen``, ``attacked``), ``attacks`` (this round's
        made attacks with status ``pending``/``blocked``/``resolved``), ``current`` (the block
        or theft being decided), ``theft_quantity``, ``results`` (at the end) and ``you`` (the
        viewer's pending pick, legal-move count, own and partner's score piles and, while
        planning, the action each number of quarter turns brings up and which turns cost).
        """
        s = state
        over = s["step"] == "over"
        secret_step = s["step"] in SECRET_STEPS
        viewer_in = viewer if viewer in s["players"] else None
        mate = partner(s, viewer_in) if viewer_in else None
        seats = []
        for i, p in enumerate(s["players"]):
            sees = over or s["options"]["open_scores"] or p == viewer_in or p == mate
            seats.append({
                "player": p,
                "seat": i,
                "top_L": top(s, p, "L"),
                "top_R": top(s, p, "R"),
                "ready": dict(s["ready"][p]),
                "score_total": sum(s["score"][p].values()),
                "score": dict(s["score"][p]) if sees else None,
                "empire": s["empires"][p] if s["empires"] else None,
                "team": team_index(s, p),
                "chosen": (p in s["picks"]) if secret_step else None,
                "attacked": p in s["attacked"],
            })
        v: dict[str, Any] = {
            "game": self.id,
            "viewer": viewer_in,
            "seat_order": list(s["players"]),
            "players": {seat["player"]: dict(seat) for seat in seats},
            "round": min(s["round"], s["rounds"]),
            "rounds": s["rounds"],
            "start_player": s["players"][s["start"]],
            "player_order": player_order(s),
            "step": s["step"],
            "actors": self.actors(s),
            "chosen": {p: p in s["picks"] for p in s["players"]} if secret_step else None,
            "participants": list(s["participants"]) if secret_step else [],
            "teams": clone(s["teams"]),
            "options": dict(s["options"]),
            "seats": seats,
            "attacks": clone(s["attacks"]),
            "current": clone(s["current"]),
            "theft_quantity": theft_quantity(len(s["players"])),
            "you": None,
            "results": final_results(s) if over else None,
        }
        if viewer_in is not None:
            you: dict[str, Any] = {
                "player": viewer_in,
                "pending": clone(s["picks"].get(viewer_in)) if secret_step else None,
                "legal_moves": len(self.legal_moves(s, viewer_in)),
                "partner": mate,
                "partner_score": dict(s["score"][mate]) if mate else None,
                "score": dict(s["score"][viewer_in]),
            }
            if s["step"] == "plan":
                you["rotations"] = {
                    c: [D.ENGINE_ORDER[c][turned(c, s["top"][viewer_in][c], k)]
                        for k in range(4)] for c in D.CARDS}
                you["paid_turns"] = sorted(paid_turns(s, viewer_in))
            v["you"] = you
        return v

    def is_over(self, state: State) -> bool:
        return bool(state["step"] == "over")

    def outcome(self, state: State) -> list[dict[str, Any]]:
        if state["step"] != "over":
            return []
        return final_results(state)

    def dump(self, state: State) -> dict[str, Any]:
        return _deep_state(state)

    def load(self, data: dict[str, Any]) -> State:
        if not isinstance(data, dict) or set(data) != STATE_KEYS:
            raise ValueError("not an empire_engine state")
        return _deep_state(data)


GAME = EmpireEngine()
