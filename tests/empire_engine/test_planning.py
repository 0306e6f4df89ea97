"""Issue 18 item 12: planning face down one card at a time, in the rulebook's order (§6)."""

from __future__ import annotations

import itertools
import random

from games.ai import RandomPlayer
from games.base import canonical
from games.empire_engine import GAME
from tests.empire_engine.helpers import R, build, of_type, play

ABCD = ["A", "B", "C", "D"]


def placers(s: dict) -> list[str]:
    """Who is asked, move by move, until the reveal (first legal move each time)."""
    order = []
    round_ = s["round"]
    while s["step"] in ("orient", "plan") and s["round"] == round_:
        p = GAME.actors(s)[0]
        order.append(p)
        s = play(s, p, GAME.legal_moves(s, p)[0])
    return order


def test_order_start_player_clockwise_then_back_anticlockwise() -> None:
    """ "Počínaje prvním hráčem ve směru hodinových ručiček … Pak, počínaje posledním v
    protisměru hodinových ručiček": C D A B lay their first card, then B A D C the second."""
    s = build(ABCD, start="C", round_=2, tops={p: ("Arm", "Invent") for p in ABCD})
    # first card: place + gear (two moves); second card: place
    assert placers(s) == ["C", "C", "D", "D", "A", "A", "B", "B", "B", "A", "D", "C"]


def test_round_one_uses_the_same_order() -> None:
    s = build(ABCD, start="B")
    # first card: lay + orient; second card: orient
    assert placers(s) == ["B", "B", "C", "C", "D", "D", "A", "A", "A", "D", "C", "B"]


def test_the_cube_is_public_as_it_is_laid() -> None:
    """ "musíte na kartu mechanismu umístit buď 1 vojáka, nebo 1 zboží": the cube lies on the
    gear for all to see; the later players decide knowing it."""
    s = build(
        ["A", "B", "C"],
        start="A",
        round_=2,
        ready={"A": R(2, 2)},
        tops={p: ("Attack", "Export") for p in "ABC"},
    )
    s, ev = GAME.apply(s, "A", {"type": "place", "card": "R", "pay": "good"})
    assert ev == [{"type": "placed", "player": "A", "card": "R", "pay": "good", "slot": 1}]
    for viewer in (None, "B", "C"):
        seat = GAME.view(s, viewer)["seats"][0]
        assert seat["ready"] == R(2, 1)
        assert seat["placed"] == [{"card": "R", "pay": "good"}]
    assert GAME.view(s, None)["placing"] == {"player": "A", "slot": 1, "part": "gear", "card": "R"}
    assert GAME.actors(s) == ["A"]
    # the gear itself: only A knows which
    g1 = play(s, "A", GAME.legal_moves(s, "A")[0])
    g2 = play(s, "A", GAME.legal_moves(s, "A")[1])
    for viewer in (None, "B", "C"):
        assert canonical(GAME.view(g1, viewer)) == canonical(GAME.view(g2, viewer))
    assert GAME.view(g1, "A")["you"]["pending"]["turn_R"] == 0
    assert GAME.view(g2, "A")["you"]["pending"]["turn_R"] == 3
    assert GAME.actors(g1) == ["B"]


def test_second_gear_only_decides_its_cube() -> None:
    s = build(
        ["A", "B"],
        start="A",
        round_=2,
        ready={"A": R(1, 1), "B": R(0, 0)},
        tops={p: ("Attack", "Export") for p in "AB"},
    )
    ev: list = []
    s = play(s, "A", {"type": "place", "card": "L", "pay": "soldier"}, ev)
    s = play(s, "A", {"type": "gear", "card": "L", "gear": 2, "turns": 3, "action": "Arm"}, ev)
    for p in ("B", "B", "B"):
        s = play(s, p, GAME.legal_moves(s, p)[0], ev)
    assert GAME.legal_moves(s, "A") == [
        {"type": "place", "card": "R", "pay": None},
        {"type": "place", "card": "R", "pay": "good"},
    ]
    s = play(s, "A", {"type": "place", "card": "R", "pay": "good"}, ev)
    pick = of_type(ev, "revealed")[0]["picks"]["A"]
    assert pick == {
        "turn_L": 3,
        "turn_R": 0,
        "pay_soldier": 1,
        "pay_good": 1,
        "L": "Arm",
        "R": "Export",
    }


def test_secret_picks_look_alike_to_everyone_else_over_random_playouts() -> None:
    """The shared invariant compares secret picks only while several players pick at once;
    planning is sequential, so here every listed secret pick of every planning step is
    compared: the events and every other viewer's view must not tell them apart."""
    compared = 0
    for n, options, seed in (
        (2, {}, 1),
        (3, {"house_powers": True}, 2),
        (4, {"teams": True, "team_shared_defence": True}, 3),
        (5, {}, 4),
    ):
        players = [f"p{i}" for i in range(n)]
        s = GAME.setup(players, options, seed)
        ai, rng = RandomPlayer(seed), random.Random(seed)
        for step in itertools.count():
            if GAME.is_over(s) or step > 400:
                break
            actors = GAME.actors(s)
            p = actors[rng.randrange(len(actors))]
            secret = [m for m in GAME.legal_moves(s, p) if GAME.is_secret(s, p, m)]
            results = [GAME.apply(s, p, m) for m in secret]
            if len(secret) > 1 and all(r[0]["step"] == s["step"] for r in results):
                for viewer in [None, *(q for q in players if q != p)]:
                    views = {canonical(GAME.view(r[0], viewer)) for r in results}
                    assert len(views) == 1, (p, viewer, secret)
                assert len({canonical(r[1]) for r in results}) == 1
                compared += 1
            assert len(GAME.legal_moves(s, p)) <= 6 or s["step"] not in ("orient", "plan")
            s, _ = GAME.apply(s, p, ai.choose(GAME, s, p, step))
    assert compared > 50
