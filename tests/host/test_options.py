"""Options checked, not tried (``bot.core.options``): the engine's ``option_check`` answers,
its problem is worded by code from the catalogue, and an engine without ``option_check``
(contract v1) is still checked by trying ``setup``."""

from __future__ import annotations

from typing import Any

import pytest

from bot.core.errors import HostError
from bot.core.options import (
    OptionRefused,
    bad_value,
    check_options,
    check_start,
    option_problem,
    problem_keys,
    problem_text,
)
from bot.text import i18n
from bot.text.i18n import t, using
from games.base import OptionProblem
from tests.host.test_host import code_of
from tests.toygame import TOY, HighCard


class Tried:
    """A contract v1 engine (not a GameBase): setup is the only judge of its options."""

    id, title, min_players, max_players = "tried", "Tried", 2, 3
    options: dict[str, tuple[Any, Any]] = {"mode": ("a", ["a", "b"]), "name": ("x", "any text")}

    def setup(self, players: list[str], options: dict[str, Any], seed: int) -> dict[str, Any]:
        if options.get("mode") == "b" and len(players) != 3:
            raise ValueError("mode b needs 3 players")
        if options.get("name") == "bad":
            raise ValueError("that name will not do")
        return {}


class Picky(HighCard):
    """The toy game with a rule of its own about its options."""

    id = "picky"

    def options_problem(self, options: dict[str, Any], n_players: int) -> OptionProblem | None:
        if options["rounds"] == 3 and n_players < 4:
            return OptionProblem("three_rounds_need_4", "3 rounds need 4 players", {"n": n_players})
        return None


def test_the_engine_answers_and_nothing_is_set_up(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(HighCard, "setup", lambda *a: pytest.fail("setup must not be tried"))
    assert option_problem(TOY, {"rounds": 1}, 2) is None
    problem = option_problem(TOY, {"rounds": 9}, 2)
    assert problem is not None and problem.code == "bad_value"
    assert check_options(TOY, {"rounds": 3}) == {"rounds": 3}


def test_a_problem_is_worded_by_its_code_game_first_then_shared_then_english(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    picky = Picky()
    problem = OptionProblem("three_rounds_need_4", "3 rounds need 4 players", {"n": 2})
    assert problem_keys("picky", problem) == [
        "picky.option_problem.three_rounds_need_4",
        "option_problem.three_rounds_need_4",
    ]
    assert problem_text(picky, problem) == "3 rounds need 4 players"  # no text: the engine's
    key, text = "picky.option_problem.three_rounds_need_4", "Three rounds: 4 players ({n} now)."
    monkeypatch.setitem(i18n.CATALOGS["en"], key, text)  # as a presenter registers it
    assert problem_text(picky, problem) == "Three rounds: 4 players (2 now)."
    shared = OptionProblem("bad_players", "x", {"min": 2, "max": 4, "n": 5})
    assert problem_text(TOY, shared) == t(
        "option_problem.bad_players", game=TOY.title, min=2, max=4, n=5
    )


def test_a_new_table_needs_some_seat_count_that_works_and_start_the_real_one() -> None:
    picky = Picky()
    assert check_options(picky, {"rounds": 3}) == {"rounds": 3}  # with 4 players it works
    with pytest.raises(OptionRefused) as err:
        check_start(picky, {"rounds": 3}, 2)
    assert err.value.code == "bad_setup" and err.value.problem.code == "three_rounds_need_4"
    assert str(err.value) == t("error.bad_setup", detail="3 rounds need 4 players")
    check_start(picky, {"rounds": 3}, 4)


def test_refusals_keep_their_host_codes_and_say_it_in_the_readers_language() -> None:
    refused = OptionRefused(TOY, OptionProblem("unknown_option", "?", {"option": "speed"}))
    assert refused.code == "unknown_option" and isinstance(refused, HostError)
    with using("cs"):
        czech = refused.text()
    assert czech == t(
        "error.bad_setup",
        "cs",
        detail=t("option_problem.unknown_option", "cs", option="speed", game="High card (test)"),
    )
    assert bad_value("turn_clock", "7m").code == "bad_option"
    assert str(bad_value("turn_clock", "7m")) == t(
        "error.bad_setup", detail=t("option_problem.bad_value", option="turn_clock", value="7m")
    )


def test_an_engine_without_option_check_is_judged_only_by_its_setup_at_start() -> None:
    tried: Any = Tried()
    # nothing is said before setup: a bare contract-v1 engine declares no option check
    assert option_problem(tried, {"mode": "b"}, 2) is None
    assert check_options(tried, {"mode": "b"}) == {"mode": "b"}
    with pytest.raises(ValueError, match="mode b needs 3 players"):
        tried.setup(["a", "b"], {"mode": "b"}, 1)


@pytest.mark.asyncio
async def test_the_lobby_refuses_options_for_the_seats_at_start(host) -> None:
    host.registry["picky"] = Picky()
    await host.create(
        guild_id="g",
        channel_id="c",
        game_id="picky",
        options={"rounds": 3},
        user_id="u1",
        user_name="Ann",
    )
    await host.join("c", "u2", "Bob")
    assert await code_of(host.start("c", "u1")) == "bad_setup"
    for p in ("u3", "u4"):
        await host.join("c", p, p)
    assert (await host.start("c", "u1")).record.status == "running"
