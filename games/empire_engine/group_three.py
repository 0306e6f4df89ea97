"""Group 3 (docs/rules/empire_engine.md §7.5): cancellations, Export, team Joint export, Salvage.

Team Joint export (§11.3) as printed: "Jestliže jeden ze spoluhráčů provede akci zboží během
stejného kola, kdy druhý spoluhráč úspěšně exportuje, pak oba hráči mohou exportovat." - the
Produce partner *may* export too (a choice, ``joint_export`` / ``no_joint_export``) when goods
remain; with no goods there is no joint export to choose. A successfully attacked player may
not export at all, jointly neither (p.16 "Pokud vás jeden z vašich soupeřů úspěšně napadl, tyto
akce nelze provést", p.28 "Hra se hraje podle běžných pravidel"). A partner's Export of 0 goods
is a successful export, unless the house rule ``joint_export_needs_goods`` is on.
"""

from __future__ import annotations

from typing import Any

from games.empire_engine import data as D
from games.empire_engine.table import partner, player_order, power, top

State = dict[str, Any]
Move = dict[str, Any]
Event = dict[str, Any]


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
    ev.append(
        {"type": "exported", "player": p, "goods": goods, "bonus_good": bonus, "joint": joint}
    )


def exports(s: State, ev: list[Event]) -> None:
    """Step 2: every Export that is not cancelled; then who may export jointly (§11.3)."""
    done: dict[str, int] = {}
    for p in player_order(s):
        if top(s, p, "R") == "Export" and p not in s["attacked"]:
            done[p] = int(s["ready"][p]["good"])
            move_goods(s, p, False, ev)
    s["joint_exporters"] = joint_exporters(s, done) if s["options"]["team_joint_export"] else []


def joint_exporters(s: State, done: dict[str, int]) -> list[str]:
    """§11.3: Produce partners of a successful exporter who have goods, did not export and were
    not successfully attacked (p.16); the partner's export may move 0 goods unless the house
    rule ``joint_export_needs_goods`` asks for at least 1."""
    least = 1 if s["options"].get("joint_export_needs_goods") else 0
    out = []
    for p in player_order(s):
        mate = partner(s, p)
        if (
            top(s, p, "L") == "Produce"
            and p not in done
            and p not in s["attacked"]
            and mate in done
            and done[mate] >= least
            and s["ready"][p]["good"] > 0
        ):
            out.append(p)
    return out


def joint_export_moves() -> list[Move]:
    return [{"type": "joint_export"}, {"type": "no_joint_export"}]


def apply_joint_export(s: State, p: str, move: Move, ev: list[Event]) -> None:
    if move["type"] == "joint_export":
        move_goods(s, p, True, ev)
    s["joint_exporters"] = s["joint_exporters"][1:]


def salvagers(s: State) -> list[str]:
    return [p for p in player_order(s) if top(s, p, "L") == "Salvage" and p not in s["attacked"]]


def salvage_options(s: State, p: str) -> list[list[str]]:
    """Step 3: one type (Sylphian Commonwealth's house power: two different types)."""
    return D.SALVAGE_PAIRS if power(s, p, "salvage_pairs") else D.SALVAGE_SINGLE


def salvage_moves(s: State, p: str) -> list[Move]:
    return [{"type": "salvage", "take": list(t)} for t in salvage_options(s, p)]


def resolve_salvage(s: State, ev: list[Event]) -> None:
    """Step 3, after the last pick: each salvage goes from the supply to the score pile."""
    for p in player_order(s):
        if p not in s["picks"]:
            continue
        take = s["picks"][p]["take"]
        for res in take:
            s["score"][p][res] += 1
        s["salvaged"][p] = [*s["salvaged"][p], list(take)]
        event: Event = {"type": "salvaged", "player": p, "count": len(take)}
        if s["options"]["open_scores"]:
            event["take"] = list(take)
        ev.append(event)
    s["picks"] = {}
    s["participants"] = []
