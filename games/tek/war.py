"""Tiny Epic Kingdoms: the war flow after the move (rules §10, §12): the neutral capture, the
reveal and the Orcs boost, the winner, payment, the aftermath in its fixed order, loss
resolution with the alliance-break refuge, and the end of the war. One automatic task each.
"""

from __future__ import annotations

from games.tek import rules as R
from games.tek.actions import take_meeple
from games.tek.steps import boost_options, retreat_options
from games.tek.tasks import Event, State, Task, push, task

NEUTRAL = R.NEUTRAL


def a_neutral_capture(s: State, t: Task, events: list[Event]) -> None:
    war = s["war"]
    p, r = war["attacker"], war["region"]
    take_meeple(s, NEUTRAL, r)
    s["pl"][p]["captured"] += 1
    events.append(
        {"type": "neutral_captured", "player": p, "region": r, "count_left": R.neutral_cost(s)}
    )
    s["war"] = None
    push(s, task("arrival", p, region=r, via=war["via"]))


def a_war_reveal(s: State, t: Task, events: list[Event]) -> None:
    war = s["war"]
    war["revealed"] = True
    war["set"] = dict(war["values"])
    events.append(
        {
            "type": "war_revealed",
            "values": dict(war["values"]),
            "attacker": war["attacker"],
            "defender": war["defender"],
        }
    )
    steps: list[Task] = []
    for p in (war["attacker"], war["defender"]):
        if (
            R.hooks(s, p, "war_boost")
            and war["values"][p] != "flag"
            and R.war_winner(s, war) != p
            and boost_options(s, p)
        ):
            steps.append(task("war_boost", p))
    steps.append(task("war_decide"))
    push(s, *steps)


def a_war_decide(s: State, t: Task, events: list[Event]) -> None:
    war = s["war"]
    a, d = war["attacker"], war["defender"]
    winner = R.war_winner(s, war)
    if winner is None:
        war["alliance"] = True
        events.append(
            {
                "type": "war_result",
                "winner": None,
                "loser": None,
                "alliance": True,
                "region": war["region"],
            }
        )
    else:
        loser = d if winner == a else a
        war["winner"], war["loser"] = winner, loser
        events.append(
            {
                "type": "war_result",
                "winner": winner,
                "loser": loser,
                "alliance": False,
                "region": war["region"],
            }
        )
        numbers = any(v != "flag" for v in war["set"].values())
        if war["allied"] and numbers:
            war["break"] = True
            events.append(
                {"type": "alliance_broken", "players": [a, d], "regions": list(war["shared"])}
            )
    steps = [task("war_pay", p, due=war["set"][p]) for p in (a, d) if war["set"][p] != "flag"]
    steps.append(task("war_after"))
    push(s, *steps)


def a_war_after(s: State, t: Task, events: list[Event]) -> None:
    war = s["war"]
    a, d = war["attacker"], war["defender"]
    arrive = task("arrival", a, region=war["region"], via=war["via"])
    if war["alliance"]:
        events.append({"type": "alliance_formed", "players": [a, d], "region": war["region"]})
        steps: list[Task] = []
        for p, q in ((a, d), (d, a)):  # every alliance made, also a renewed one (§18)
            for h in R.hooks(s, p, "alliance_gain"):
                steps += [
                    task("choose_resource", p, reason="hospitality") for _ in range(int(h["self"]))
                ]
                steps += [
                    task("choose_resource", q, reason="hospitality") for _ in range(int(h["ally"]))
                ]
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
            steps.append(
                task("lose_resources", winner, amount=int(h["amount"]), reason="peaceful_folk")
            )
    for h in R.hooks(s, loser, "war_aftermath"):
        if h["on"] == "lose" and h["effect"] == "gain_choice":
            steps.append(task("choose_resource", loser, reason="scavengers"))
    for h in R.hooks(s, winner, "war_aftermath"):
        if (
            h["on"] == "win"
            and h["effect"] == "plunder"
            and winner == a
            and R.total_resources(s, loser) > 0
        ):
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


def a_loss_start(s: State, t: Task, events: list[Event]) -> None:
    war = s["war"]
    loser = war["loser"]
    pending = [war["region"]]
    if war["break"]:
        pending += [
            r
            for r in war["shared"]
            if r != war["region"] and any(m[0] == loser for m in s["meeples"][r])
        ]
    war["loss_pending"] = pending
    # §10.9 "hráč nemůže ustoupit ani s jednou figurkou": refuge only when the break would take
    # every meeple the loser has in play and not one of them can retreat
    war["refuge"] = (
        war["break"]
        and R.meeples_in_play(s, loser) == len(pending)
        and not any(retreat_options(s, loser, r) for r in pending)
    )
    push(s, task("loss_next"))


def a_loss_next(s: State, t: Task, events: list[Event]) -> None:
    war = s["war"]
    pending = war["loss_pending"]
    if not pending:
        return
    if len(pending) >= 2:
        push(s, task("loss_region", war["loser"]), task("loss_next"))
        return
    r = pending.pop(0)
    push(s, task("loss", war["loser"], region=r), task("loss_next"))


def a_war_end(s: State, t: Task, events: list[Event]) -> None:
    s["war"] = None
