"""Saves of King of the Elves (docs/rules/elves.md §11.1, "Saves"): ``dump`` writes the schema,
``load`` runs the numbered migrations (games/elves/saves.py) and checks the shape.

The old saves in ``saves/`` are real: written by the engine before contract v2 (games/elves at
19b8b34, ``GAME.dump`` after the recorded random moves of a seeded game), at every kind of
step. Older shapes still (before ``revealed``, before the ledger, before ``last_events``) are
those files less the keys the code of the time did not write.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from games.ai import RandomPlayer
from games.base import SCHEMA, canonical
from games.elves import GAME
from games.elves.saves import fewest_turns
from tests.elves.helpers import build

SAVES = Path(__file__).parent / "saves"
NAMES = sorted(p.stem for p in SAVES.glob("*.json"))


def old_save(name: str) -> dict[str, Any]:
    return dict(json.loads((SAVES / f"{name}.json").read_text("utf-8")))


def replayed(doc: dict[str, Any]) -> dict[str, Any]:
    """The same game brought to the same point by today's engine from its setup and moves."""
    # a game saved before issue 30 goes on by the rules it began with (migration 3)
    options = {**doc["options"], "teleport_anywhere": True, "unlimited_bank": True}
    s = GAME.setup(doc["players"], options, doc["seed"])
    for player, move in doc["moves"]:
        s, _ = GAME.apply(s, player, move)
    return dict(s)


def without_turns(state: dict[str, Any]) -> str:
    return canonical({k: v for k, v in state.items() if k != "turns"})


def test_the_old_saves_are_of_every_kind_of_step() -> None:
    kinds = {old_save(n)["dump"]["step"]["kind"] for n in NAMES}
    assert {
        "turn",
        "place_special",
        "discard",
        "take_village",
        "journey",
        "teleport_cards",
    } <= kinds
    assert "over" in kinds and all(SCHEMA not in old_save(n)["dump"] for n in NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_an_old_save_loads_as_the_same_state_with_the_fewest_turns(name: str) -> None:
    doc = old_save(name)
    loaded = GAME.load(doc["dump"])
    exact = replayed(doc)
    assert "last_events" not in loaded and "schema" not in loaded
    assert without_turns(loaded) == without_turns(exact)
    assert loaded["turns"] == fewest_turns(loaded) <= exact["turns"]
    for viewer in [None, *doc["players"]]:
        a, b = GAME.view(loaded, viewer), GAME.view(exact, viewer)
        assert a.pop("envelope")["turn"] <= b.pop("envelope")["turn"]
        assert a == b
    # and it is saved at today's schema, to load unchanged
    again = GAME.dump(loaded)
    assert again[SCHEMA] == 3 and canonical(GAME.load(json.loads(json.dumps(again)))) == (
        canonical(loaded)
    )


@pytest.mark.parametrize("name", NAMES)
def test_a_game_goes_on_from_an_old_save_as_from_its_move_log(name: str) -> None:
    """The same random players from there on: the same game, the turn counter shifted by what
    the save could not tell (and it still advances by one per turn)."""
    doc = old_save(name)
    a, b = GAME.load(doc["dump"]), replayed(doc)
    shift = b["turns"] - a["turns"]
    ai, k = RandomPlayer(doc["seed"]), len(doc["moves"])
    while not GAME.is_over(b):
        p = GAME.actors(b)[0]
        move = ai.choose(GAME, b, p, k)
        a, ea = GAME.apply(a, p, move)
        b, eb = GAME.apply(b, p, move)
        assert ea == eb and without_turns(a) == without_turns(b)
        assert b["turns"] - a["turns"] == shift
        k += 1
    assert GAME.outcome(a) == GAME.outcome(b)


@pytest.mark.parametrize("missing", ["revealed", "ledger", "last_events"])
def test_older_saves_without_later_keys_load(missing: str) -> None:
    """Migration 1: what ``load`` sniffed for before v2 (rules §11.1, "Saves")."""
    doc = old_save("6p_take_village")
    data = {k: v for k, v in doc["dump"].items() if k != missing}
    loaded = GAME.load(data)
    if missing == "revealed":
        assert loaded["revealed"] == [{} for _ in doc["players"]]
    if missing == "ledger":
        assert loaded["ledger"] is None
    assert "last_events" not in loaded and loaded["turns"] == fewest_turns(loaded)


def test_dump_writes_the_schema_and_load_refuses_what_is_not_a_state() -> None:
    s = GAME.setup(["a", "b", "c"], {}, 4)
    data = GAME.dump(s)
    assert data[SCHEMA] == GAME.schema == 3 and "turns" in data
    assert GAME.load(data) == s
    with pytest.raises(ValueError):
        GAME.load({**data, SCHEMA: 4})  # newer than this code
    with pytest.raises(ValueError):
        GAME.load({**data, "extra": 1})
    with pytest.raises(ValueError):
        GAME.load({k: v for k, v in data.items() if k != "draw"})
    with pytest.raises(ValueError):
        GAME.load({**data, "gold": [12, 12]})  # not one per seat
    with pytest.raises(ValueError):
        GAME.load({**data, "step": {"kind": "fly"}})
    with pytest.raises(ValueError):
        GAME.load({**data, "turns": -1})


def test_fewest_turns_counts_what_the_table_shows() -> None:
    """Rules §4: N planning actions (the closing passes) and N journeys per earlier round; this
    round one action per card on the table, per purchase and per pass of the run."""
    p3 = ["Adam", "Beata", "Carl"]
    planning = build(
        p3,
        turn="Carl",
        round_no=2,
        realms={"Adam": [{"card": "plains", "thief": "Beata"}], "Beata": ["lake"]},
        purchases={"Carl": 1},
        passes=1,
    )
    assert fewest_turns(planning) == 2 * 3 + 3 + 1 + 1
    travel = build(
        p3, phase="travel", round_no=1, start="Adam", turn="Carl", realms={"Adam": ["forest"]}
    )
    assert fewest_turns(travel) == 0 + 1 + 0 + 3 + 2
