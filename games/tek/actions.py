"""Tiny Epic Kingdoms: meeples on the map, arrival (§7.4) with its tokens (§14), collecting
(§9), the actions that need no further step (§6) and movement into a region (§7), including
the Lizardfolk swap (§7.5). The war that a move may start is in :mod:`games.tek.war`.
"""

from __future__ import annotations

from typing import Any

from games.tek import rules as R
from games.tek.data import FACTIONS, REGIONS, RESOURCES, TERRAIN
from games.tek.tasks import Event, State, Task, push, task

NEUTRAL = R.NEUTRAL


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


def a_arrival(s: State, t: Task, events: list[Event]) -> None:
    p, r, via = t["player"], t["region"], t["via"]
    ms = s["meeples"][r]
    idx = max(i for i, m in enumerate(ms) if m[0] == p)
    if REGIONS[r]["type"] == "ruins":
        ms[idx][1] = True
    after: list[Task] = []
    tok = s["tokens"].get(r)
    if tok is not None and not tok["up"]:
        tid = tok["id"]
        events.append({"type": "token_revealed", "player": p, "region": r, "token": tid})
        keep = R.TOKENS[tid]["after_reveal"]
        if tid == "crown":
            s["pl"][p]["crown"] = True
        elif tid == "treasure":
            after += [
                task("choose_resource", p, reason="treasure")
                for _ in range(R.TOKEN_RULES["treasure"]["choices"])
            ]
        elif tid == "bandits":
            after.append(task("bandits", p, region=r))
        if keep in ("stays", "stays until used"):
            tok["up"] = True
        else:
            del s["tokens"][r]
    if via in ("patrol", "quest"):
        after.append(task("arrival_gain", p, region=r, via=via))
    push(s, *after)


def arrival_gains(s: State, p: str, r: str, via: str) -> list[tuple[str, int]]:
    """What ``p``'s ``arrival_gain`` abilities give on arriving in ``r`` by ``via`` (§7.4 step
    3): (resource, amount) in hook order, before the cap."""
    rtype = REGIONS[r]["type"]
    yields = TERRAIN[rtype]["yield"]
    out: list[tuple[str, int]] = []
    for h in R.hooks(s, p, "arrival_gain"):
        if via not in h["via"]:
            continue
        if h["region"] == "any_resource":
            if yields not in RESOURCES:
                continue
        elif h["region"] != rtype:
            continue
        resource = yields if h["gain"] == "region_yield" else h["gain"]
        if resource in RESOURCES:
            out.append((str(resource), int(h["amount"])))
    return out


def a_arrival_gain(s: State, t: Task, events: list[Event]) -> None:
    p, r, via = t["player"], t["region"], t["via"]
    for resource, amount in arrival_gains(s, p, r, via):
        lost = R.gain(s, p, resource, amount)
        events.append(
            {
                "type": "arrival_gain",
                "player": p,
                "region": r,
                "resource": resource,
                "amount": amount,
                "lost": lost,
            }
        )


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
        elif y == "choice_if_searching":
            choices += ["ruins"] * mult * R.ruins_yields(s, p, r)
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
    steps: list[Task] = []
    if added and any(h["kind"] == "convert_one" for h in R.hooks(s, p, "collect_bonus")):
        steps.append(task("convert", p, gained=added))
    steps += [task("choose_resource", p, reason=c) for c in choices]
    push(s, *steps)


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
        events.append(
            {
                "type": "researched",
                "player": p,
                "level": info["magic"],
                "ability": ability,
                "cost": cost,
            }
        )
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


def enter(
    s: State, p: str, src: str, dst: str, via: str, defender: str | None, events: list[Event]
) -> None:
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
        s["war"] = {
            "neutral": True,
            "attacker": p,
            "defender": NEUTRAL,
            "region": dst,
            "via": via,
            "from": src,
            "cost": cost,
        }
        events.append({"type": "neutral_war", "player": p, "region": dst, "cost": cost})
        push(s, task("war_pay", p, due=cost), task("neutral_capture"))
        return
    allied = bool(shared) and len(s["players"]) >= 3
    s["war"] = {
        "neutral": False,
        "attacker": p,
        "defender": defender,
        "region": dst,
        "via": via,
        "from": src,
        "allied": allied,
        "shared": shared if allied else [],
        "values": {p: None, defender: None},
        "set": {},
        "revealed": False,
        "boost": None,
        "winner": None,
        "loser": None,
        "alliance": False,
        "break": False,
        "dragon": False,
        "loss_pending": [],
        "refuge": False,
    }
    events.append(
        {
            "type": "war_started",
            "player": p,
            "attacker": p,
            "defender": defender,
            "region": dst,
            "allied": allied,
        }
    )
    push(s, task("war_die"), task("war_reveal"))
