"""Issue 11 (request budget) and rules §5 ("the game only waits at a step where some player
has a real choice"): the second gear with nothing in the ready pile to pay an alternate with
is forced, and everybody can see that (``games.base.Formality``)."""

from __future__ import annotations

from games.base import Formality, forced_move
from games.empire_engine import GAME
from tests.empire_engine.helpers import R, build, play
from tests.invariants import check_forced

ABC = ["A", "B", "C"]
TOPS = {p: ("Arm", "Invent") for p in ABC}


def to_second_gears(ready: dict[str, dict[str, int]]) -> dict:
    """Round 2, start A: A, B and C place their first gear (no cube) and pick gear 1; C is
    now to place its second gear."""
    s = build(ABC, start="A", round_=2, ready=ready, tops=TOPS)
    for p in ABC:
        s = play(s, p, {"type": "place", "card": "L", "pay": None})
        s = play(s, p, GAME.legal_moves(s, p)[0])
    return s


def test_empire_engine_declares_formalities() -> None:
    assert isinstance(GAME, Formality)


def test_the_second_gear_with_an_empty_ready_pile_is_forced() -> None:
    s = to_second_gears({"A": R(0, 0), "B": R(0, 0), "C": R(0, 0)})
    assert GAME.actors(s) == ["C"]
    only = {"type": "place", "card": "R", "pay": None}
    assert GAME.legal_moves(s, "C") == [only]
    assert GAME.forced(s, "C") == only
    assert forced_move(GAME, s, "C") == only
    assert GAME.forced(s, "A") is None  # not their turn
    assert check_forced(GAME, s, ABC, seed=1) == ["C"]


def test_a_cube_to_pay_with_makes_it_a_choice() -> None:
    s = to_second_gears({"A": R(0, 0), "B": R(0, 0), "C": R(1, 0)})
    assert len(GAME.legal_moves(s, "C")) == 2  # no cube, or the soldier for an alternate
    assert GAME.forced(s, "C") is None
    assert forced_move(GAME, s, "C") is None


def test_the_first_gear_and_round_one_are_never_forced() -> None:
    s = build(ABC, start="A", round_=2, ready={p: R(0, 0) for p in ABC}, tops=TOPS)
    assert len(GAME.legal_moves(s, "A")) == 2  # under L or under R
    assert GAME.forced(s, "A") is None
    s = play(s, "A", {"type": "place", "card": "L", "pay": None})
    assert len(GAME.legal_moves(s, "A")) == 2  # which gear: secret, never forced
    assert GAME.forced(s, "A") is None
    r1 = build(ABC, start="A")
    assert GAME.forced(r1, "A") is None


def test_a_cube_paid_on_the_first_gear_counts() -> None:
    """The ready pile as it stands (the cube already lies on the first gear, in sight)."""
    s = build(ABC, start="A", round_=2, ready={"A": R(1, 0), "B": R(0, 0), "C": R(0, 0)}, tops=TOPS)
    s = play(s, "A", {"type": "place", "card": "L", "pay": "soldier"})
    s = play(s, "A", GAME.legal_moves(s, "A")[0])
    for p in ("B", "C"):
        s = play(s, p, {"type": "place", "card": "L", "pay": None})
        s = play(s, p, GAME.legal_moves(s, p)[0])
    for p in ("C", "B"):
        assert forced_move(GAME, s, p) is not None
        s = play(s, p, GAME.legal_moves(s, p)[0])
    assert GAME.actors(s) == ["A"]
    assert forced_move(GAME, s, "A") == {"type": "place", "card": "R", "pay": None}
