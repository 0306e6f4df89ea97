"""Issue 27 item 1 in the core, on SQLite and PostgreSQL: ``Lobby.set_options`` changes a
lobby's options with the seats kept (the host's or a manager's; one stored change each), a
value no seat count allows or an unknown one is refused and nothing is written, options that
do not fit the seats *yet* are kept and worded by ``start_problem``; ``Lobby.join_table``
seats a player by the table's id (an invitation's Join from a DM)."""

from __future__ import annotations

import pytest
import pytest_asyncio

import games
from bot.core.host import SessionHost
from bot.core.options import OptionRefused, merge_options, start_problem
from bot.text import presenters
from bot.text.i18n import t, using
from tests.host.test_host import code_of

EE = games.get("empire_engine")
presenters.get("empire_engine")  # its texts registered, as the running bot has them


@pytest_asyncio.fixture
async def ee_host(store, clock):
    return SessionHost(store, registry={"empire_engine": EE}, now=clock, seed_source=lambda: 3)


async def three_seated(host: SessionHost):
    await host.create(
        guild_id="g", channel_id="c", game_id="empire_engine", options={}, user_id="u1",
        user_name="Ann",
    )  # fmt: skip
    await host.join("c", "u2", "Bob")
    return await host.join("c", "u3", "Cyril")


@pytest.mark.asyncio
async def test_options_changed_twice_keep_the_seats_and_start(ee_host) -> None:
    host = ee_host
    rec = await three_seated(host)
    rec = await host.lobby.set_options(rec.id, "u1", False, {"teams": True})
    assert rec.options == {"teams": True} and rec.player_ids == ["u1", "u2", "u3"]
    assert start_problem(EE, rec.options, 3) == "The team game needs exactly 4 players."
    rec = await host.lobby.set_options(rec.id, "u1", False, {"open_scores": True})
    assert rec.options == {"teams": True, "open_scores": True}
    stored = await host.get(rec.id)
    assert stored.options == rec.options and stored.version == rec.version
    rec = await host.lobby.join_table(rec.id, "u4", "Dana")
    assert start_problem(EE, rec.options, 4) is None
    out = await host.start("c", "u2")
    assert out.record.status == "running" and out.record.player_ids == ["u1", "u2", "u3", "u4"]
    assert out.record.options == {"teams": True, "open_scores": True}


@pytest.mark.asyncio
async def test_bad_changes_are_refused_and_nothing_is_written(ee_host) -> None:
    host = ee_host
    rec = await three_seated(host)
    cases = [
        ("u2", False, {"teams": True}, "not_host"),  # not the host
        ("u1", False, {"teams": "yes"}, "bad_option"),  # a value the game does not know
        ("u1", False, {"colour": "red"}, "unknown_option"),
        ("u1", False, {"rounds": 40}, "bad_setup"),  # fits no seat count
        ("u1", False, {"team_joint_attack": True}, "bad_setup"),  # needs the team game
    ]
    for user, manage, changes, code in cases:
        got = await code_of(host.lobby.set_options(rec.id, user, manage, changes))
        assert got == code, (changes, got)
    after = await host.get(rec.id)
    assert after.version == rec.version and after.options == {}
    # a manager may; the default again leaves the option out
    rec = await host.lobby.set_options(rec.id, "u2", True, {"rounds": 10})
    assert rec.options == {"rounds": 10}
    assert "5" in (start_problem(EE, rec.options, 3) or "")
    rec = await host.lobby.set_options(rec.id, "u1", False, {"rounds": None})
    assert rec.options == {}
    # a started table's options cannot change, nor can it be joined by its id
    await host.start("c", "u1")
    assert await code_of(host.lobby.set_options(rec.id, "u1", False, {"teams": True})) == (
        "not_in_lobby"
    )
    assert await code_of(host.lobby.join_table(rec.id, "u9", "Zed")) == "not_in_lobby"


def test_merge_and_start_problem_words() -> None:
    assert merge_options(EE, {"teams": True}, {"teams": False}) == {}
    with pytest.raises(OptionRefused):
        merge_options(EE, {}, {"rounds": 0})
    assert start_problem(EE, {}, 1) == "Empire Engine needs at least 2 players."
    assert start_problem(EE, {"teams": True}, 1) == (
        "Empire Engine needs at least 2 players. The team game needs exactly 4 players."
    )
    assert start_problem(EE, {}, 2) is None
    with using("cs"):
        assert start_problem(EE, {"teams": True}, 3) == t(
            "empire_engine.option_problem.teams_players", players=4
        )
        words = start_problem(EE, {}, 1) or ""
        assert words.startswith("Hra ") and words.endswith("potřebuje aspoň tolik hráčů: 2."), words
