"""Rounds of King of the Elves: phase 1 (shuffle and deal, rules §5), phase 4 (end of round,
§8) and the end of the game (§9)."""

from __future__ import annotations

from typing import Any

from games.base import Event
from games.elves.data import START_GOLD, TOKENS
from games.elves.rules import State, Village, deal_size, full_deck, give, shuffle_pool


def start_round(s: State, round_no: int) -> list[Event]:
    """Phase 1: shuffle and deal, then begin planning with the round's start player."""
    n = len(s["players"])
    start = (round_no - 1) % n
    s["round"] = round_no
    s["start"] = start
    pool = full_deck() if round_no == 1 else s["draw"] + s["discard"]
    s["draw"] = shuffle_pool(pool, s["seed"], round_no)
    s["discard"] = []
    events: list[Event] = [
        {"type": "round_started", "round": round_no, "start_player": s["players"][start]},
        {"type": "deck_shuffled", "round": round_no, "draw_pile": len(s["draw"])},
    ]
    dealt = [0] * n
    draw = s["draw"]
    pos = 0
    for _ in range(deal_size(round_no)):
        for i in range(n):
            if pos >= len(draw):
                break
            seat = (start + i) % n
            give(s["hand"][seat], draw[pos])
            dealt[seat] += 1
            pos += 1
    s["draw"] = draw[pos:]
    for i in range(n):
        seat = (start + i) % n
        events.append({"type": "dealt", "player": s["players"][seat], "count": dealt[seat]})
    s["phase"] = "planning"
    s["turn"] = start
    s["step"] = {"kind": "turn"}
    s["passes"] = 0
    s["journey"] = None
    return events


def end_round(s: State) -> list[Event]:
    """Phase 4: tokens home, table to the discard pile, purchases reset; next round or game over."""
    events: list[Event] = [{"type": "round_ended", "round": s["round"]}]
    n = len(s["players"])
    close_ledger(s)
    for realm in s["realms"]:
        for v in realm:
            s["discard"].extend(village_cards(v))
    s["realms"] = [[] for _ in range(n)]
    s["tokens_free"] = [TOKENS] * n
    s["purchases"] = [0] * n
    s["journey"] = None
    if s["round"] >= s["rounds"]:
        s["phase"] = "over"
        s["step"] = {"kind": "over"}
        result = outcome_rows(s)
        events.append(
            {
                "type": "game_over",
                "gold": {r["player"]: r["score"] for r in result},
                "ranks": {r["player"]: r["rank"] for r in result},
            }
        )
        return events
    events.extend(start_round(s, s["round"] + 1))
    return events


def new_ledger(n: int) -> dict[str, Any]:
    """An empty ledger for ``n`` seats: net gold per finished round, all-villages bonuses."""
    return {"rounds": [[] for _ in range(n)], "bonus": [0] * n}


def close_ledger(s: State) -> None:
    """Phase 4: record each seat's net gold of the round (villages and thief fees received, less
    thief fees paid, purchases, removals and teleports; the §7.4 bonus is kept apart), so that
    ``START_GOLD + sum(rounds) + bonus == gold`` always holds. Old snapshots have no ledger."""
    ledger = s.get("ledger")
    if ledger is None:
        return
    for seat, gold in enumerate(s["gold"]):
        earlier = START_GOLD + sum(ledger["rounds"][seat]) + ledger["bonus"][seat]
        ledger["rounds"][seat].append(gold - earlier)


def breakdown(s: State) -> dict[str, dict[str, Any]] | None:
    """The final breakdown per player (§9): start gold, net gold per round, bonus, total."""
    ledger = s.get("ledger")
    if ledger is None:
        return None
    return {
        p: {
            "start": START_GOLD,
            "rounds": list(ledger["rounds"][i]),
            "bonus": ledger["bonus"][i],
            "total": s["gold"][i],
        }
        for i, p in enumerate(s["players"])
    }


def village_cards(v: Village) -> list[str]:
    """A village and its action cards, in the order they go to the discard pile."""
    cards = [v["card"]]
    if v["thief"] is not None:
        cards.append("thief")
    if v["gold"] is not None:
        cards.append("gold")
    if v["obstacle"] is not None:
        cards.append(v["obstacle"]["card"])
    return cards


def outcome_rows(s: State) -> list[dict[str, Any]]:
    """Players by seat with gold and competition rank (ties share; rank 1 wins)."""
    gold = s["gold"]
    return [
        {"player": p, "rank": 1 + sum(1 for g in gold if g > gold[i]), "score": gold[i]}
        for i, p in enumerate(s["players"])
    ]
