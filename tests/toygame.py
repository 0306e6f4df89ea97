"""A tiny test-only game for the host and bot tests (never shipped, never registered).

"High card": ``rounds`` rounds. Each round every player secretly picks 1-3 (simultaneous,
secret); when all have picked they are revealed and the unique highest pick scores it. Then the
round's start player makes a public choice: ``bank`` (+1 point) or ``pass``. Highest score wins.
"""

from __future__ import annotations

import copy
from typing import Any

from games.base import IllegalMove, is_listed


class HighCard:
    id = "toy"
    title = "High card (test)"
    min_players = 2
    max_players = 4
    options: dict[str, tuple[Any, Any]] = {"rounds": (2, [1, 2, 3])}

    def setup(self, players: list[str], options: dict[str, Any], seed: int) -> dict[str, Any]:
        unknown = set(options) - set(self.options)
        if unknown or not self.min_players <= len(players) <= self.max_players:
            raise ValueError("bad setup")
        rounds = options.get("rounds", 2)
        if rounds not in (1, 2, 3) or isinstance(rounds, bool):
            raise ValueError("bad rounds")
        return {"players": list(players), "rounds": rounds, "round": 1, "phase": "pick",
                "picks": {}, "score": {p: 0 for p in players}, "seed": seed}

    def actors(self, s: dict[str, Any]) -> list[str]:
        if s["phase"] == "pick":
            return [p for p in s["players"] if p not in s["picks"]]
        if s["phase"] == "bank":
            return [s["players"][(s["round"] - 1) % len(s["players"])]]
        return []

    def legal_moves(self, s: dict[str, Any], player: str) -> list[dict[str, Any]]:
        if player not in self.actors(s):
            return []
        if s["phase"] == "pick":
            return [{"type": "pick", "value": v} for v in (1, 2, 3)]
        return [{"type": "bank"}, {"type": "pass"}]

    def apply(self, s: dict[str, Any], player: str, move: Any) -> tuple[dict[str, Any], list]:
        if s["phase"] == "over":
            raise IllegalMove("game_over", "The game is over.")
        if player not in self.actors(s):
            raise IllegalMove("not_your_turn", "It is not your turn.")
        if not is_listed(move, self.legal_moves(s, player)):
            raise IllegalMove("not_legal", "That move is not available now.")
        s = copy.deepcopy(s)
        events: list[dict[str, Any]] = []
        if move["type"] == "pick":
            s["picks"][player] = move["value"]
            events.append({"type": "picked", "player": player})
            if len(s["picks"]) == len(s["players"]):
                values = list(s["picks"].values())
                unique = [v for v in values if values.count(v) == 1]
                winner = None
                if unique:
                    best = max(unique)
                    winner = next(p for p, v in s["picks"].items() if v == best)
                    s["score"][winner] += best
                events.append({"type": "revealed", "picks": dict(s["picks"]), "winner": winner})
                s["picks"] = {}
                s["phase"] = "bank"
        else:
            if move["type"] == "bank":
                s["score"][player] += 1
            events.append({"type": move["type"], "player": player})
            if s["round"] == s["rounds"]:
                s["phase"] = "over"
                events.append({"type": "game_over"})
            else:
                s["round"] += 1
                s["phase"] = "pick"
        return s, events

    def is_secret(self, s: dict[str, Any], player: str, move: dict[str, Any]) -> bool:
        return move.get("type") == "pick"

    def view(self, s: dict[str, Any], viewer: str | None) -> dict[str, Any]:
        v = {"game": self.id, "viewer": viewer, "players": s["players"], "round": s["round"],
             "rounds": s["rounds"], "phase": s["phase"], "score": dict(s["score"]),
             "chosen": {p: p in s["picks"] for p in s["players"]}}
        if viewer in s["picks"]:
            v["my_pick"] = s["picks"][viewer]
        return v

    def is_over(self, s: dict[str, Any]) -> bool:
        return bool(s["phase"] == "over")

    def outcome(self, s: dict[str, Any]) -> list[dict[str, Any]]:
        if s["phase"] != "over":
            return []
        scores = s["score"]
        return sorted(
            ({"player": p, "score": scores[p],
              "rank": 1 + sum(1 for q in s["players"] if scores[q] > scores[p])}
             for p in s["players"]),
            key=lambda r: r["rank"],
        )

    def dump(self, s: dict[str, Any]) -> dict[str, Any]:
        return copy.deepcopy(s)

    def load(self, data: dict[str, Any]) -> dict[str, Any]:
        return copy.deepcopy(data)


TOY = HighCard()
