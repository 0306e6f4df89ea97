"""Build Tiny Epic Kingdoms states directly for scenario tests."""

from __future__ import annotations

from typing import Any

from games.tek import GAME
from games.tek import game as G
from games.tek.data import SIDE_REGIONS


def build(
    homes: dict[str, str],
    *,
    factions: dict[str, str] | None = None,
    magic: dict[str, int] | None = None,
    tower: dict[str, int] | None = None,
    res: dict[str, tuple[int, int, int]] | None = None,
    meeples: dict[str, list[Any]] | None = None,
    tokens: dict[str, tuple[str, bool]] | None = None,
    lost_kingdom: str | None = None,
    exploration: bool = False,
) -> dict[str, Any]:
    """A state in play: ``homes`` maps each player (in seat order) to a home side.

    ``meeples`` maps a region to owners (``"p"`` standing, ``("p", True)`` searching).
    The stack is empty; use :func:`turn` to give someone a respond step.
    """
    players = list(homes)
    s = GAME.setup(players, {"exploration": exploration}, 0)
    s["tasks"] = []
    s["draft_pool"] = None
    for p in players:
        info = s["pl"][p]
        info["faction"] = (factions or {}).get(p, "humans")
        info["magic"] = (magic or {}).get(p, 0)
        info["tower"] = (tower or {}).get(p, 0)
        m, o, f = (res or {}).get(p, (0, 0, 0))
        info["res"] = {"mana": m, "ore": o, "food": f}
        info["home"] = homes[p]
        info["card"] = int(homes[p][0])
    s["lost_kingdom"] = lost_kingdom
    s["sides"] = list(homes.values()) + ([lost_kingdom] if lost_kingdom else [])
    s["meeples"] = {r: [] for side in s["sides"] for r in SIDE_REGIONS[side]}
    for r, owners in (meeples or {}).items():
        for o in owners:
            if isinstance(o, tuple):
                s["meeples"][r].append([o[0], o[1]])
            else:
                s["meeples"][r].append([o, False])
    s["tokens"] = {r: {"id": t, "up": up} for r, (t, up) in (tokens or {}).items()}
    s["token_pool"] = []
    s["first"] = 0
    s["active"] = 0
    s["turn"] = 1
    s["shields"] = []
    return s


def turn(
    s: dict[str, Any], action: str, responders: list[str], shields: list[str] | None = None
) -> dict[str, Any]:
    """Put ``action`` on the card (after ``shields``) and let ``responders`` respond in order;
    the first responder is the active player."""
    s["shields"] = list(shields or []) + [action]
    s["active"] = s["players"].index(responders[0])
    s["tasks"] = []
    G.push(
        s,
        *[G.task("respond", q, action=action, active=i == 0) for i, q in enumerate(responders)],
        G.task("end_check"),
        G.task("pass_turn"),
    )
    return s


def play(s: dict[str, Any], *steps: tuple[str, dict[str, Any]]) -> tuple[dict[str, Any], list]:
    """Apply ``(player, move)`` steps; returns the final state and all events."""
    events: list[dict[str, Any]] = []
    for player, move in steps:
        s, ev = GAME.apply(s, player, move)
        events.extend(ev)
    return s, events


def moves(s: dict[str, Any], player: str) -> list[dict[str, Any]]:
    return GAME.legal_moves(s, player)


def res(s: dict[str, Any], p: str) -> tuple[int, int, int]:
    r = s["pl"][p]["res"]
    return (r["mana"], r["ore"], r["food"])


def step(s: dict[str, Any]) -> str:
    return str(GAME.view(s, None)["step"]["name"])


def types(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]


def count(s: dict[str, Any], p: str) -> int:
    return sum(1 for ms in s["meeples"].values() for m in ms if m[0] == p)
