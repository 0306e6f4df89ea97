"""Old Majesty saves load (docs/rules/majesty.md §9 "Saves"): ``dump`` writes a schema, ``load``
runs the numbered migrations and checks the shape strictly.

``data/saves_b40a770.json`` holds real dumps written by the engine of commit ``b40a770`` (before
contract v2: no ``schema`` key, the latest move's events kept as ``last_events``), each with the
seed, seats, options and moves that made it. Loaded now, each must be exactly the state the
current engine reaches with the same seed and moves, and play on to the end.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from games.ai import play_out
from games.base import SCHEMA, canonical
from games.majesty import GAME
from games.majesty.saves import BadSave

OLD = json.loads((Path(__file__).parent / "data" / "saves_b40a770.json").read_text())["saves"]


def replayed(save: dict[str, Any]) -> Any:
    state = GAME.setup(list(save["players"]), dict(save["options"]), save["seed"])
    for player, move in save["moves"]:
        state, _ = GAME.apply(state, player, move)
    return state


@pytest.mark.parametrize("save", OLD, ids=[s["name"] for s in OLD])
def test_an_old_save_loads_as_the_state_the_moves_make_now(save: dict[str, Any]) -> None:
    old = save["dump"]
    assert SCHEMA not in old and "last_events" in old  # written before contract v2
    loaded = GAME.load(copy.deepcopy(old))
    now = replayed(save)
    assert canonical(loaded) == canonical(now)
    assert canonical(GAME.view(loaded, None)) == canonical(GAME.view(now, None))
    assert "last_events" not in loaded and "last_events" not in GAME.view(loaded, None)
    assert GAME.view(loaded, None)["envelope"]["turn"] == old["t"]
    for p in save["players"]:
        assert GAME.legal_moves(loaded, p) == GAME.legal_moves(now, p)
    assert GAME.dump(loaded)[SCHEMA] == GAME.schema == 2
    final, _ = play_out(GAME, loaded, save["seed"])
    assert GAME.is_over(final)


def test_dump_writes_the_schema_and_load_round_trips() -> None:
    state = replayed(OLD[1])
    data = json.loads(json.dumps(GAME.dump(state)))
    assert data[SCHEMA] == 2 and "last_events" not in data
    assert GAME.load(data) == state
    assert GAME.load(GAME.dump(state)) == state
    # the stores write canonical JSON (sorted keys): key order is no part of the shape
    resorted = GAME.load(json.loads(canonical(GAME.dump(state))))
    assert canonical(resorted) == canonical(state)
    assert canonical(GAME.view(resorted, "ann")) == canonical(GAME.view(state, "ann"))
    old = json.loads(canonical(OLD[2]["dump"]))
    assert canonical(GAME.load(old)) == canonical(replayed(OLD[2]))


def _broken(change: Any) -> dict[str, Any]:
    data = GAME.dump(replayed(OLD[1]))
    change(data)
    return data


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.update(extra=1),
        lambda d: d.pop("deck"),
        lambda d: d.update(game="tek"),
        lambda d: d.update(t=True),
        lambda d: d.update(t=999),
        lambda d: d.update(step="draft"),
        lambda d: d.update(pending=None),
        lambda d: d["options"].update(sides="ABC"),
        lambda d: d["options"].update(mixed_deck=1),
        lambda d: d["display"].append({"card": 99, "meeples": 0}),
        lambda d: d["realms"]["ann"].update(points="3"),
        lambda d: d["realms"]["ann"]["locations"].pop("mill"),
        lambda d: d["realms"]["ann"]["infirmary"].append("x"),
        lambda d: d.update(players=["ann", "ann", "cat"]),
        lambda d: d.update(schema=3),
        lambda d: d["options"].pop("unbounded_meeples"),
    ],
)
def test_a_damaged_or_foreign_save_is_refused(change: Any) -> None:
    with pytest.raises(ValueError):
        GAME.load(_broken(change))


def test_a_refused_save_says_what_is_wrong() -> None:
    with pytest.raises(BadSave, match="keys"):
        GAME.load(_broken(lambda d: d.update(extra=1)))


def test_an_old_save_keeps_an_unbounded_supply_only_when_it_already_went_past_30() -> None:
    """Migration 2 (issue 30): the box's 30 figures, unless the old engine's unbounded
    supply had already put more than 30 on the table."""
    old = copy.deepcopy(OLD[2]["dump"])
    assert GAME.load(copy.deepcopy(old))["options"]["unbounded_meeples"] is False
    held = sum(r["meeples"] for r in old["realms"].values())
    old["display"][0]["meeples"] = 31 - held - sum(d["meeples"] for d in old["display"][1:])
    assert GAME.load(old)["options"]["unbounded_meeples"] is True
