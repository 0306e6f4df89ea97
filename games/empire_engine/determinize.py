"""``determinize`` (docs/rules/empire_engine.md §10.1): a state ``player`` cannot tell from
the real one.

What ``player`` has not seen, and what is resampled here, consistently with what was shown:

* the face-down part of every other player's planning this step (round 1: the action set on
  each laid engine card; later: which gear card went under the first engine) - the cards laid,
  their engines, order and cubes are public and stay;
* every other player's pending salvage pick;
* which types every other player's past salvages took (the only part of a score pile that
  never appears in a public event), unless ``open_scores`` is on, the game is over or it is
  ``player``'s partner: the count of each salvage stays, so the score totals stay.

There is no deck and no hand: everything else is public and unchanged.
"""

from __future__ import annotations

import random
from typing import Any

from games.base import clone
from games.empire_engine import data as D
from games.empire_engine.group_three import salvage_options
from games.empire_engine.table import partner

State = dict[str, Any]


def _resample_planning(s: State, q: str, rng: random.Random) -> None:
    pick = s["picks"].get(q)
    if not pick:
        return
    if s["step"] == "orient":
        s["picks"][q] = {card: rng.choice(D.ENGINE_ORDER[card]) for card in sorted(pick)}
    else:
        s["picks"][q] = {"gear": rng.choice(D.GEARS)}


def _resample_salvage_pick(s: State, q: str, rng: random.Random) -> None:
    if q in s["picks"]:
        s["picks"][q] = {"take": list(rng.choice(salvage_options(s, q)))}


def _resample_salvaged(s: State, q: str, rng: random.Random) -> None:
    """Past salvages of ``q``: new types drawn, the score pile moved by the difference."""
    options = salvage_options(s, q)
    fresh = []
    for old in s["salvaged"][q]:
        new = list(rng.choice([o for o in options if len(o) == len(old)] or [old]))
        for res in old:
            s["score"][q][res] -= 1
        for res in new:
            s["score"][q][res] += 1
        fresh.append(new)
    s["salvaged"][q] = fresh


def determinize(state: State, player: str, rng: random.Random) -> State:
    """A copy of ``state`` with everything hidden from ``player`` drawn again from ``rng``."""
    s = clone(state)
    mate = partner(s, player) if player in s["players"] else None
    scores_open = s["options"]["open_scores"] or s["step"] == "over"
    for q in s["players"]:
        if q == player:
            continue
        if s["step"] in ("orient", "plan"):
            _resample_planning(s, q, rng)
        elif s["step"] == "salvage":
            _resample_salvage_pick(s, q, rng)
        if not scores_open and q != mate:
            _resample_salvaged(s, q, rng)
    return s
