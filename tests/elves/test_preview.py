"""``Elves.preview`` (issue 23 item 4; docs/rules/elves.md §11.4): what each legal move does now,
in the engine's numbers, checked against what playing the move then does, and against the
rules file's worked examples."""

from __future__ import annotations

from typing import Any

import pytest

from games.ai import RandomPlayer
from games.base import IllegalMove
from games.elves import GAME
from tests.elves.helpers import build, play

P3 = ["Adam", "Beata", "Carl"]
P4 = ["Adam", "Beata", "Carl", "Doris"]


def _gold(s: dict[str, Any], player: str) -> int:
    return int(GAME.view(s, player)["gold"])


def _teleported(s: dict[str, Any], player: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    events: list[dict[str, Any]] = []
    while s["step"]["kind"] == "teleport_cards":
        s, ev = GAME.apply(s, player, GAME.legal_moves(s, player)[0])
        events += ev
    return s, events


def check_move(s: dict[str, Any], player: str, move: dict[str, Any]) -> None:
    """The preview of ``move`` says what playing it does."""
    facts = GAME.preview(s, player, move)
    after, events = GAME.apply(s, player, move)
    kind = move["type"]
    if kind == "teleport":
        assert _gold(after, player) == _gold(s, player) - facts["cost"]
        after, more = _teleported(after, player)
        events += more
    by_type = {e["type"]: e for e in events}
    if kind in ("travel", "teleport"):
        visit = by_type["visited"]
        assert (visit["realm"], visit["slot"], visit["card"]) == (
            facts["to"]["realm"],
            facts["to"]["slot"],
            facts["to"]["card"],
        )
        assert visit["value"] == facts["value"] and visit["escorted"] == facts["escorted"]
        assert visit.get("short", 0) == facts["short"] and facts["bank"] is not None
        assert ("thief_paid" in by_type) == (facts["thief"] is not None) == (facts["fee"] > 0)
        assert _gold(after, player) == facts["gold_after"]
        assert GAME.view(after, None)["journey"]["income"] == facts["income"]
        if kind == "travel":
            assert (
                visit["cards"] == facts["cards"]
                and visit["obstacle_extra"] is facts["obstacle_extra"]
            )
    elif kind == "end_journey":
        ended = by_type["journey_ended"]
        paid = {k: ended[k] for k in ("visits", "income", "bonus")}
        assert {**paid, "short": ended.get("short", 0)} == facts
    elif kind == "buy":
        assert by_type["bought"]["cost"] == facts["cost"]
        assert _gold(after, player) == facts["gold_after"]
    elif kind == "remove_village":
        removed = by_type["village_removed"]
        assert removed["cost"] == facts["cost"] and removed["specials"] == facts["specials"]
        assert _gold(after, player) == facts["gold_after"]
    elif kind == "pass":
        assert by_type["passed"]["passes"] == facts["passes"]
        assert ("planning_ended" in by_type) is facts["planning_ends"]
    elif kind == "place_village":
        assert by_type["village_played"]["slot"] == facts["slot"]
    elif kind == "reverse":
        nxt = GAME.view(after, None)["journey"]["next"]
        assert (nxt["realm"], nxt["slot"]) == (facts["next"]["realm"], facts["next"]["slot"])
    elif kind == "escort":
        assert by_type["escort_played"]["realm"] == facts["realm"]
    elif kind in ("discard", "teleport_card"):
        assert (after["step"]["kind"] == s["step"]["kind"]) is (facts["left"] > 0)
    elif kind == "take_village":
        assert (after["step"]["kind"] == "discard") is (facts["discard"] == 1)
    elif kind == "draw3":
        assert GAME.view(after, None)["draw_pile"] == facts["draw_pile_after"]


@pytest.mark.parametrize(("n", "seed"), [(2, 3), (3, 1), (5, 2)])
def test_every_preview_says_what_the_move_then_does(n: int, seed: int) -> None:
    players = [f"p{i}" for i in range(n)]
    s = GAME.setup(players, {"teleport": True}, seed)
    ai, k, seen = RandomPlayer(seed), 0, set()
    while not GAME.is_over(s):
        player = GAME.actors(s)[0]
        for move in GAME.legal_moves(s, player):
            check_move(s, player, move)
            seen.add(move["type"])
        for other in players:
            if other != player:
                with pytest.raises(IllegalMove):
                    GAME.preview(s, other, GAME.legal_moves(s, player)[0])
        s, _ = GAME.apply(s, player, ai.choose(GAME, s, player, k))
        k += 1
    assert {"travel", "end_journey", "buy", "pass", "discard", "play_village"} <= seen


def test_example6_the_journey_previews() -> None:
    """Rules Example 6: the river needs 2 rafts (Doris's sea monster), the forest pays 8 (Adam's
    Gold card), the plains cost 2 to Beata's thief; ending after the plains pays 19."""
    s = build(
        P4,
        phase="travel",
        turn="Adam",
        start="Adam",
        gold={"Adam": 10, "Beata": 5},
        realms={
            "Adam": [
                {"card": "river", "obstacle": ("seamonster", "Doris")},
                {"card": "forest", "obstacle": ("wood", "Carl"), "gold": "Adam"},
            ],
            "Beata": ["desert", {"card": "plains", "thief": "Beata"}],
            "Carl": ["mountain"],
            "Doris": ["lake"],
        },
        hands={"Adam": {"raft": 2, "unicorn": 2, "dragon": 1, "cycle": 1}},
    )
    raft = GAME.preview(s, "Adam", {"type": "travel", "transport": "raft"})
    assert raft["cards"] == 2 and raft["obstacle_extra"] is True and raft["value"] == 3
    assert raft["obstacle"] == {"card": "seamonster", "owner": "Doris"}
    assert raft["end"] == {"visits": 1, "income": 3, "bonus": 0, "short": 0}
    s, _ = play(s, "Adam", {"type": "travel", "transport": "raft"})
    unicorn = GAME.preview(s, "Adam", {"type": "travel", "transport": "unicorn"})
    assert unicorn["cards"] == 2 and unicorn["gold_card"] is True and unicorn["value"] == 8
    assert unicorn["income"] == 11 and unicorn["gold_after"] == 21
    s, _ = play(
        s,
        "Adam",
        {"type": "travel", "transport": "unicorn"},
        {"type": "travel", "transport": "dragon"},
    )
    cycle = GAME.preview(s, "Adam", {"type": "travel", "transport": "cycle"})
    assert cycle["thief"] == "Beata" and cycle["fee"] == 2 and cycle["value"] == 2
    assert cycle["gold_after"] == 27 and cycle["end"] == {
        "visits": 4,
        "income": 19,
        "bonus": 0,
        "short": 0,
    }
    assert cycle["to"] == {"realm": "Beata", "slot": 1, "card": "plains", "value": 2}


def test_example5_the_removal_costs() -> None:
    s = build(
        P3,
        turn="Beata",
        realms={"Beata": [{"card": "plains", "thief": "Carl", "gold": "Adam"}, "mountain"]},
    )
    first = GAME.preview(s, "Beata", {"type": "remove_village", "slot": 0})
    assert first["cost"] == 4 and first["gold_after"] == 8
    assert first["specials"] == [
        {"card": "thief", "owner": "Carl"},
        {"card": "gold", "owner": "Adam"},
    ]
    assert GAME.preview(s, "Beata", {"type": "remove_village", "slot": 1})["cost"] == 2


def test_example11_the_teleport_previews() -> None:
    s = build(
        P3,
        phase="travel",
        turn="Adam",
        start="Adam",
        gold={"Adam": 8},
        realms={
            "Adam": ["plains"],
            "Beata": ["desert"],
            "Carl": [{"card": "lake", "obstacle": ("seamonster", "Beata"), "thief": "Beata"}],
        },
        hands={"Adam": {"pig": 3, "troll": 1, "cycle": 1}},
        options={"teleport": True},
    )
    s, _ = play(s, "Adam", {"type": "travel", "transport": "pig"})  # a teleport comes after
    lake = GAME.preview(s, "Adam", {"type": "teleport", "realm": "Carl", "slot": 0})
    assert (lake["cost"], lake["cards"], lake["travel_cards"]) == (3, 4, 4)
    assert lake["thief"] == "Beata" and lake["fee"] == 2 and lake["value"] == 7
    assert lake["gold_after"] == 10 - 3 - 2 + 7 and "obstacle_extra" not in lake
    assert GAME.preview(s, "Adam", {"type": "end_journey"}) == {
        "visits": 1,
        "income": 2,
        "bonus": 0,
        "short": 0,
    }


def test_example8_ending_after_every_village_pays_the_bonus() -> None:
    s = build(
        ["Adam", "Beata"],
        phase="travel",
        turn="Adam",
        start="Adam",
        realms={"Adam": ["plains", "forest"], "Beata": ["mountain"]},
        hands={"Adam": {"pig": 2, "cloud": 1}},
    )
    s, _ = play(
        s, "Adam", {"type": "travel", "transport": "pig"}, {"type": "travel", "transport": "pig"}
    )
    cloud = GAME.preview(s, "Adam", {"type": "travel", "transport": "cloud"})
    assert cloud["end"] == {"visits": 3, "income": 11, "bonus": 10, "short": 0}
    s, _ = play(s, "Adam", {"type": "travel", "transport": "cloud"})
    assert GAME.preview(s, "Adam", {"type": "end_journey"})["bonus"] == 10
    reverse = {"type": "reverse"}
    assert reverse not in GAME.legal_moves(s, "Adam")  # no reverse card held


def test_a_preview_of_what_is_not_legal_is_refused() -> None:
    s = build(P3, turn="Adam", realms={"Adam": ["plains"]})
    for move in ({"type": "travel", "transport": "pig"}, {"type": "pass", "x": 1}, "pass", None):
        with pytest.raises(IllegalMove):
            GAME.preview(s, "Adam", move)  # type: ignore[arg-type]
    with pytest.raises(IllegalMove):
        GAME.preview(s, "Beata", {"type": "pass"})
