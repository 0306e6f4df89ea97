"""A tiny test-only game for the host and bot tests (never shipped, never registered), and the
smallest complete example of the engine contract v2 (:class:`games.base.GameBase`).

"High card": ``rounds`` rounds. Each round every player secretly picks 1-3 (simultaneous,
secret); when all have picked they are revealed and the unique highest pick scores it. Then the
round's start player makes a public choice: ``bank`` (+1 point) or ``pass``. Highest score wins.

What a game writes on top of :class:`GameBase` (and nothing else): the class attributes (seats,
options, move types, event roles), ``start``, ``actors``, ``moves``, ``play``, ``is_secret``,
``show``, ``step``, ``turn``, ``is_over``, ``outcome``; here also the optional ``preview``
(what banking scores). The template does the checks: seats and options in ``setup``,
malformed / over / not an actor / not listed in ``apply``, ``[]`` for a non-actor in
``legal_moves``, the envelope in ``view``, the schema in ``dump`` / ``load``.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from games.base import PICK, REVEAL, TURN_END, EventRole, GameBase, IllegalMove, Step, is_listed


class HighCard(GameBase):
    id = "toy"
    title = "High card (test)"
    min_players = 2
    max_players = 4
    options: dict[str, tuple[Any, Any]] = {"rounds": (2, [1, 2, 3])}
    move_types = frozenset({"pick", "bank", "pass"})
    events: Mapping[str, EventRole] = {
        "picked": PICK,  # "alice has chosen"
        "revealed": REVEAL,  # every pick turns up: the simultaneous step is over
        "bank": TURN_END,
        "pass": TURN_END,
        "game_over": TURN_END,
    }

    def start(self, players: list[str], options: dict[str, Any], seed: int) -> dict[str, Any]:
        return {
            "players": list(players),
            "rounds": options["rounds"],
            "round": 1,
            "phase": "pick",
            "picks": {},
            "score": {p: 0 for p in players},
            "seed": seed,
            "turns": 0,
        }

    def actors(self, s: dict[str, Any]) -> list[str]:
        if s["phase"] == "pick":
            return [p for p in s["players"] if p not in s["picks"]]
        if s["phase"] == "bank":
            return [s["players"][(s["round"] - 1) % len(s["players"])]]
        return []

    def moves(self, s: dict[str, Any], player: str) -> list[dict[str, Any]]:
        if s["phase"] == "pick":
            return [{"type": "pick", "value": v} for v in (1, 2, 3)]
        return [{"type": "bank"}, {"type": "pass"}]

    def play(
        self, s: dict[str, Any], player: str, move: dict[str, Any]
    ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
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
        if any(self.events[e["type"]].turn_end for e in events):
            s["turns"] += 1
        return s, events

    def is_secret(self, s: dict[str, Any], player: str, move: dict[str, Any]) -> bool:
        return move.get("type") == "pick"

    def show(self, s: dict[str, Any], viewer: str | None) -> dict[str, Any]:
        v = {
            "game": self.id,
            "viewer": viewer,
            "players": s["players"],
            "round": s["round"],
            "rounds": s["rounds"],
            "phase": s["phase"],
            "score": dict(s["score"]),
            "chosen": {p: p in s["picks"] for p in s["players"]},
        }
        if viewer in s["picks"]:
            v["my_pick"] = s["picks"][viewer]
        return v

    def step(self, s: dict[str, Any]) -> Step:
        return {"id": s["phase"], "params": {"round": s["round"]}}

    def turn(self, s: dict[str, Any]) -> int:
        return int(s["turns"])

    def preview(self, s: dict[str, Any], player: str, move: dict[str, Any]) -> dict[str, Any]:
        """What the move scores now: banking +1, passing 0; a pick scores only at the reveal."""
        if not is_listed(move, self.legal_moves(s, player)):
            raise IllegalMove("not_legal", "That move is not available now.")
        points = 1 if move["type"] == "bank" else 0
        return {"points": points, "score_after": s["score"][player] + points}

    def is_over(self, s: dict[str, Any]) -> bool:
        return bool(s["phase"] == "over")

    def outcome(self, s: dict[str, Any]) -> list[dict[str, Any]]:
        if s["phase"] != "over":
            return []
        scores = s["score"]
        return sorted(
            (
                {
                    "player": p,
                    "score": scores[p],
                    "rank": 1 + sum(1 for q in s["players"] if scores[q] > scores[p]),
                }
                for p in s["players"]
            ),
            key=lambda r: r["rank"],
        )


TOY = HighCard()
