"""Issue 10: the declared view shape (games/tek/views.py) matches what ``view`` returns, the
one validating path refuses in its order with the rules file's codes (§19.5), and the
presenter's options come from the engine's."""

from __future__ import annotations

import random
from typing import Any, get_args

import pytest

from bot.text.presenters.tek import PRESENTER
from games.base import MALFORMED, NOT_LEGAL, NOT_YOUR_TURN, IllegalMove
from games.tek import GAME
from games.tek.views import PlayerView, RegionView, SideView, StepName, TekView


def keys(td: Any) -> tuple[set[str], set[str]]:
    return set(td.__required_keys__), set(td.__required_keys__ | td.__optional_keys__)


def check_shape(view: dict[str, Any]) -> None:
    required, allowed = keys(TekView)
    assert required <= set(view) <= allowed
    assert view["step"]["name"] in get_args(StepName)
    for p in view["players"]:
        assert set(p) == keys(PlayerView)[1]
    for side in view["map"]:
        assert set(side) == keys(SideView)[1]
        for r in side["regions"]:
            assert set(r) == keys(RegionView)[1]


@pytest.mark.parametrize("n", [2, 3, 5])
def test_views_have_the_declared_shape(n: int) -> None:
    s = GAME.setup([f"p{i}" for i in range(n)], {"exploration": True}, n)
    rng = random.Random(n)
    while not GAME.is_over(s):
        actor = GAME.actors(s)[0]
        check_shape(GAME.view(s, actor))
        check_shape(GAME.view(s, None))
        moves = GAME.legal_moves(s, actor)
        s, _ = GAME.apply(s, actor, moves[rng.randrange(len(moves))])
    check_shape(GAME.view(s, None))


def test_refusals_follow_the_one_validating_order() -> None:
    s = GAME.setup(["x", "y"], {}, 1)
    actor = GAME.actors(s)[0]
    other = "y" if actor == "x" else "x"
    cases = [
        (other, {"type": "nope"}, "malformed", MALFORMED),  # malformed before the turn
        (
            other,
            moves[0] if (moves := GAME.legal_moves(s, actor)) else {},
            "not_your_turn",
            NOT_YOUR_TURN,
        ),
        (actor, {"type": "side", "side": "9Z"}, "illegal_move", NOT_LEGAL),
    ]
    for p, mv, code, kind in cases:
        with pytest.raises(IllegalMove) as exc:
            GAME.apply(s, p, mv)
        assert (exc.value.code, exc.value.kind) == (code, kind)


def test_presenter_options_come_from_the_engine() -> None:
    specs = {o.name: o for o in PRESENTER.option_specs}
    assert set(specs) == set(GAME.options)
    for name, (default, allowed) in GAME.options.items():
        assert specs[name].default == default
        if specs[name].kind == "choice":
            assert [v for _, v in specs[name].choices] == list(allowed)
