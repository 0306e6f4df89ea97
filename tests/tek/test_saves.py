"""Versioned saves (docs/rules/tek.md §19.7): ``dump`` writes the schema, ``load`` runs the
numbered migrations and checks the shape. Old saves are real ones, written by the engine at
b40a770 (``saves/b40a770.json``: a draft setup, a 2-player game with exploration, a 5-player war
with one die set, a finished game)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from games.base import SCHEMA, canonical
from games.tek import GAME
from games.tek.saves import STATE_KEYS

OLD = json.loads((Path(__file__).parent / "saves" / "b40a770.json").read_text(encoding="utf-8"))
SAVES: dict[str, dict[str, Any]] = OLD["saves"]


def replayed(case: dict[str, Any]) -> Any:
    """The state the save was made from, played again by the current engine (same recipe)."""
    s = GAME.setup(list(case["players"]), dict(case["options"]), case["seed"])
    rng = random.Random(case["seed"])
    for _ in range(case["moves"]):
        actors = GAME.actors(s)
        p = actors[rng.randrange(len(actors))]
        legal = GAME.legal_moves(s, p)
        s, _ = GAME.apply(s, p, legal[rng.randrange(len(legal))])
    return s


@pytest.mark.parametrize("name", sorted(SAVES))
def test_an_old_save_loads_as_the_state_it_was(name: str) -> None:
    case = SAVES[name]
    old = case["dump"]
    assert SCHEMA not in old and set(old) - {"last_events"} == STATE_KEYS - {"turns_ended"}
    loaded = GAME.load(json.loads(json.dumps(old)))
    assert "last_events" not in loaded and set(loaded) == STATE_KEYS
    now = replayed(case)
    # everything but the new turn counter is the old state; the counter is a lower bound
    assert canonical({**loaded, "turns_ended": 0}) == canonical({**now, "turns_ended": 0})
    assert 0 <= loaded["turns_ended"] <= now["turns_ended"]
    if loaded["turn"] >= 1:
        assert loaded["turns_ended"] == len(loaded["players"]) + loaded["turn"] - 1
    for viewer in (None, *loaded["players"]):
        mine, theirs = GAME.view(loaded, viewer), GAME.view(now, viewer)
        mine["envelope"]["turn"] = theirs["envelope"]["turn"]
        assert canonical(mine) == canonical(theirs)
    again = GAME.dump(loaded)
    assert again[SCHEMA] == GAME.schema == 2
    assert canonical(GAME.load(json.loads(json.dumps(again)))) == canonical(loaded)


def test_an_old_save_plays_on_to_the_end() -> None:
    s = GAME.load(json.loads(json.dumps(SAVES["war"]["dump"])))
    rng = random.Random(5)
    turn = GAME.turn(s)
    while not GAME.is_over(s):
        actors = GAME.actors(s)
        p = actors[rng.randrange(len(actors))]
        legal = GAME.legal_moves(s, p)
        s, _ = GAME.apply(s, p, legal[rng.randrange(len(legal))])
        assert GAME.turn(s) >= turn
        turn = GAME.turn(s)
    assert GAME.outcome(s)


def test_a_save_from_before_setup_events_waited_gets_none() -> None:
    old = dict(SAVES["midgame"]["dump"])
    del old["pending_events"]
    assert GAME.load(old)["pending_events"] == []


@pytest.mark.parametrize(
    "broken",
    [
        {SCHEMA: 3},  # newer than the code
        {SCHEMA: "1"},
        {"surprise": 1},
        {"players": "ab"},
        {"turns_ended": -1},
        {"over": 0},
    ],
)
def test_a_save_of_the_wrong_shape_is_refused(broken: dict[str, Any]) -> None:
    data = {**GAME.dump(replayed(SAVES["midgame"])), **broken}
    with pytest.raises(ValueError):
        GAME.load(data)


def test_a_save_without_a_key_is_refused() -> None:
    data = GAME.dump(replayed(SAVES["midgame"]))
    del data["tokens"]
    with pytest.raises(ValueError, match="tokens"):
        GAME.load(data)
