"""Engine contract v2 for Empire Engine (docs/rules/empire_engine.md §10.2, §12, §16): the
template's checks, no copy of the events in the state or the view (the envelope's ``last``,
filled by the host, replaces ``last_events``), the envelope's step, the numbered migrations of
old saves and the option problems."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from games.ai import RandomPlayer
from games.base import SCHEMA, GameBase, canonical
from games.empire_engine import GAME
from games.empire_engine.migrate import PRE_LAST_EVENTS_KEYS, V1_KEYS, estimated_turns

SAVES = Path(__file__).with_name("saves") / "schema0.json"


def test_the_engine_is_a_game_base_with_every_event_declared() -> None:
    assert isinstance(GAME, GameBase)
    assert GAME.schema == len(GAME.MIGRATIONS) == 3
    assert GAME.events["picked"].pick and GAME.events["revealed"].reveals
    assert GAME.events["round_ended"].turn_end and GAME.events["turn_passed"].turn_end


def test_no_events_in_the_state_or_the_view_and_the_envelope_is_typed() -> None:
    players = ["A", "B", "C"]
    s = GAME.setup(players, {}, 3)
    ai = RandomPlayer(3)
    for k in range(60):
        if GAME.is_over(s):
            break
        p = GAME.actors(s)[0]
        s, ev = GAME.apply(s, p, ai.choose(GAME, s, p, k))
        assert "last_events" not in GAME.dump(s)
        for viewer in (None, *players):
            view = GAME.view(s, viewer)
            assert "last_events" not in view
            env = view["envelope"]
            assert env["last"] == [] and env["actors"] == GAME.actors(s)
            assert env["step"]["id"] == view["step"] and env["turn"] == s["turn"]
        for e in ev:
            if e["type"] == "picked":  # a pick's content stays out of the public events
                assert set(e) == {"type", "player", "step"}


def test_the_step_names_the_decision_and_its_public_parameters() -> None:
    s = GAME.setup(["A", "B", "C"], {}, 1)
    step = GAME.step(s)
    first = GAME.actors(s)[0]
    assert step == {
        "id": "orient",
        "params": {"round": 1, "player": first, "slot": 1, "part": "lay", "card": None},
    }
    s, _ = GAME.apply(s, first, {"type": "lay", "card": "R"})
    assert GAME.step(s)["params"]["part"] == "orient" and GAME.step(s)["params"]["card"] == "R"
    ai = RandomPlayer(1)
    seen: dict[str, dict[str, Any]] = {}
    k = 0
    while not GAME.is_over(s):
        p = GAME.actors(s)[0]
        s, _ = GAME.apply(s, p, ai.choose(GAME, s, p, k))
        seen.setdefault(GAME.step(s)["id"], GAME.step(s)["params"])
        k += 1
    assert GAME.step(s) == {"id": "over", "params": {"rounds": 9}}
    assert set(seen) >= {"plan", "salvage", "over"}
    if "block" in seen:
        assert set(seen["block"]) == {"round", "defender", "attacker", "target"}
    if "steal" in seen:
        assert set(seen["steal"]) == {"round", "attacker", "card", "target", "joint_extra"}


def test_dump_writes_the_schema_and_loads_strictly() -> None:
    s = GAME.setup(["A", "B"], {}, 4)
    data = json.loads(json.dumps(GAME.dump(s)))
    assert data[SCHEMA] == 3 and "turn" in data and "last_events" not in data
    assert canonical(GAME.dump(GAME.load(data))) == canonical(GAME.dump(s))
    for bad in (
        {**data, "extra": 1},
        {k: v for k, v in data.items() if k != "turn"},
        {**data, SCHEMA: 4},
        {**data, SCHEMA: "3"},
        {k: v for k, v in data.items() if k != SCHEMA},  # schema 0 of no known shape
        [],
    ):
        with pytest.raises(ValueError):
            GAME.load(bad)  # type: ignore[arg-type]


def test_a_schema_2_save_gets_the_house_rules_off() -> None:
    """Migration 3 (issue 30): a save from before the house-rule options plays by the
    decided readings (both off)."""
    s = GAME.setup(["A", "B", "C"], {}, 4)
    data = json.loads(json.dumps(GAME.dump(s)))
    for key in ("joint_export_needs_goods", "zero_majority_bonus"):
        del data["options"][key]
    loaded = GAME.load({**data, SCHEMA: 2})
    assert loaded["options"]["joint_export_needs_goods"] is False
    assert loaded["options"]["zero_majority_bonus"] is False
    assert canonical(GAME.dump(loaded)) == canonical(GAME.dump(s))


def saves() -> list[dict[str, Any]]:
    """Dumps written by the engine before contract v2 (schema 0, with ``last_events``), taken
    from seeded random games with that code (commit 19b8b34, ``GAME.dump`` at ``moves``)."""
    return list(json.loads(SAVES.read_text()))


def replay(save: dict[str, Any], extra: int = 0) -> tuple[Any, RandomPlayer]:
    """The same game played to the same move by this engine."""
    s = GAME.setup(list(save["players"]), dict(save["options"]), save["seed"])
    ai = RandomPlayer(save["seed"])
    for k in range(save["moves"]):
        p = GAME.actors(s)[0]
        s, _ = GAME.apply(s, p, ai.choose(GAME, s, p, k))
    return s, ai


def without_turn(state: Any) -> str:
    return canonical({k: v for k, v in GAME.dump(state).items() if k != "turn"})


@pytest.mark.parametrize("strip_last_events", [False, True])
def test_old_saves_load_and_play_on_as_before(strip_last_events: bool) -> None:
    """Migration 1 (key sniffing) and 2 (no ``last_events``; a turn counter estimated as a
    lower bound, exact in round 1's planning): the loaded game is the game this engine plays
    to the same move, and goes on to the same end."""
    for save in saves():
        dump = copy.deepcopy(save["dump"])
        assert SCHEMA not in dump and set(dump) == V1_KEYS
        if strip_last_events:  # written before the view carried the last move's events
            del dump["last_events"]
            assert set(dump) == PRE_LAST_EVENTS_KEYS
        loaded = GAME.load(dump)
        now, ai = replay(save)
        assert without_turn(loaded) == without_turn(now), (save["seed"], save["moves"])
        assert 0 <= loaded["turn"] <= now["turn"]
        if save["step"] in ("orient", "plan") and dump["round"] == 1:
            assert loaded["turn"] == now["turn"]
        gap, k = now["turn"] - loaded["turn"], save["moves"]
        while not GAME.is_over(now):
            p = GAME.actors(now)[0]
            move = ai.choose(GAME, now, p, k)
            now, ev = GAME.apply(now, p, move)
            loaded, ev2 = GAME.apply(loaded, p, move)
            assert ev == ev2 and now["turn"] - loaded["turn"] == gap
            k += 1
        assert without_turn(loaded) == without_turn(now)


def test_the_turn_estimate_counts_each_rounds_planning() -> None:
    save = next(s for s in saves() if s["step"] == "over" and len(s["players"]) == 3)
    assert estimated_turns(save["dump"]) == 9 * 5  # 9 rounds, 2n - 1 planning turns each
    plan = next(s for s in saves() if s["step"] == "plan" and len(s["players"]) == 3)
    data = plan["dump"]
    # round 2, in planning: round 1's 5 turns (its reveal included), and this round's so far
    assert data["round"] == 2 and estimated_turns(data) >= 5


OPTION_PROBLEMS = [
    (5, {"long_game": True}, "long_game_players"),
    (4, {"rounds": 8}, "rounds_players"),
    (5, {"rounds": 0}, "rounds_range"),
    (5, {"rounds": 33}, "rounds_range"),
    (5, {"rounds": 8.0}, "rounds_range"),
    (5, {"rounds": True}, "rounds_range"),
    (4, {"team_joint_attack": True}, "team_options_need_teams"),
    (3, {"teams": True}, "teams_players"),
    (5, {"teams": True}, "teams_players"),
    (3, {"open_scores": 1}, "bad_value"),
    (3, {"nope": True}, "unknown_option"),
    (9, {}, "bad_players"),
]


@pytest.mark.parametrize(("n", "options", "code"), OPTION_PROBLEMS)
def test_option_problems_have_stable_codes(n: int, options: dict[str, Any], code: str) -> None:
    problem = GAME.option_check(options, n)
    assert problem is not None and problem.code == code, problem
    assert GAME.check_options(options, n) == problem.message
    with pytest.raises(ValueError, match=problem.message):
        GAME.setup([f"p{i}" for i in range(n)], options, 0)


def test_good_options_have_no_problem() -> None:
    assert GAME.option_check({"teams": True, "team_joint_attack": True}, 4) is None
    assert GAME.option_check({"rounds": 32}, 5) is None
    assert GAME.option_check({"long_game": True}, 2) is None
