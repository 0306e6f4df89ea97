"""Engine contract v2 for Tiny Epic Kingdoms (issue 23; docs/rules/tek.md §19): the template
(``games.base.GameBase``) does the seat and option checks, the view carries the envelope and no
copy of the last events (the host fills the envelope's ``last`` from the move log), every event
is public (war numbers stay out until the reveal), and the board draws the worded latest change
it is given instead of wording events itself."""

from __future__ import annotations

import pytest

from bot.text.presenters.tek import PRESENTER
from games.ai import RandomPlayer
from games.base import ENVELOPE, GameBase
from games.tek import GAME
from games.tek.turns import EVENTS
from renderers.tek import render


def test_the_engine_is_a_game_base_with_every_event_declared() -> None:
    assert isinstance(GAME, GameBase)
    assert GAME.schema == len(GAME.MIGRATIONS) == 2
    assert set(GAME.events) == set(EVENTS)
    assert GAME.events["war_revealed"].reveals and GAME.events["token_revealed"].reveals
    assert GAME.events["war_die_set"].pick and not GAME.events["war_die_set"].turn_end
    assert GAME.events["handover"].turn_end and GAME.events["game_over"].turn_end


def test_views_have_no_last_events_but_the_envelope() -> None:
    players = ["A", "B"]
    s = GAME.setup(players, {}, 4)
    ai = RandomPlayer(4)
    for k in range(80):
        if GAME.is_over(s):
            break
        p = GAME.actors(s)[0]
        s, ev = GAME.apply(s, p, ai.choose(GAME, s, p, k))
        for viewer in (None, *players):
            view = GAME.view(s, viewer)
            assert "last_events" not in view and "last_events" not in s
            env = view[ENVELOPE]
            assert env["last"] == [] and env["actors"] == GAME.actors(s)
            assert env["step"]["id"] == view["step"]["name"]
            assert env["turn"] == s["turns_ended"]
        for e in ev:
            if e["type"] == "war_die_set":  # public: who has set, never the value
                assert set(e) == {"type", "player"}


def test_step_ids_and_their_params_are_the_views_step() -> None:
    s = GAME.setup(["A", "B", "C"], {"exploration": True}, 2)
    ai = RandomPlayer(2)
    seen = set()
    for k in range(5000):
        if GAME.is_over(s):
            break
        view = GAME.view(s, None)
        step = view[ENVELOPE]["step"]
        assert step == {"id": view["step"]["name"], "params": view["step"]["context"]}
        seen.add(step["id"])
        p = GAME.actors(s)[0]
        s, _ = GAME.apply(s, p, ai.choose(GAME, s, p, k))
    assert GAME.view(s, None)[ENVELOPE]["step"] == {"id": "over", "params": {}}
    assert {"side", "start", "select", "respond"} <= seen


@pytest.mark.parametrize(
    ("players", "options", "why"),
    [
        (["a"], {}, "needs 2-5 players"),
        (["a", "b", "c", "d", "e", "f"], {}, "needs 2-5 players"),
        (["a", "a"], {}, "distinct"),
        (["a", "neutral"], {}, "reserved"),
        (["a", "b"], {"teams": True}, "unknown option"),
        (["a", "b"], {"factions": "auction"}, "bad value"),
        (["a", "b"], {"exploration": 1}, "bad value"),
    ],
)
def test_setup_refuses_bad_seats_and_options(players: list[str], options: dict, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        GAME.setup(players, options, 1)


def test_every_option_combination_works_at_every_seat_count() -> None:
    """Rules §3: TEK has no rule about option combinations or seat counts of its own."""
    for n in range(2, 6):
        for factions in ("random", "draft", "choice"):
            for exploration in (False, True):
                options = {"factions": factions, "exploration": exploration}
                assert GAME.check_options(options, n) is None
                assert GAME.options_problem(options, n) is None
    problem = GAME.option_check({}, 6)
    assert problem is not None and problem.code == "bad_players"


def test_the_board_draws_the_worded_change_it_is_given() -> None:
    s = GAME.setup(["A", "B"], {}, 4)
    view = GAME.view(s, None)
    said = PRESENTER.event_text({"type": "war_die_set", "player": "B"}, str)
    assert said == "B has set a war die."
    one = render(view, last=said).tobytes()
    assert render(view, last=said).tobytes() == one
    assert render(view, last="Something else happened.").tobytes() != one
    assert render(view).tobytes() != one  # no change given: the line stays empty
