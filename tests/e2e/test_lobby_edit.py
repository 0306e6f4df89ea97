"""Issue 27 item 1, end to end on SQLite and PostgreSQL: a lobby whose options are changed
twice through **Options** (a panel and a modal) and then started with the players still
seated; **Start** disabled, with the reason, while the options do not fit the seats, and
enabled when a player joins; bad input refused, only to its sender, changing nothing."""

from __future__ import annotations

import pytest

from bot.text.i18n import t
from tests.e2e.driver import board_message
from tests.e2e.helpers import refusal, table_id
from tests.e2e.lobby_support import (
    backend,
    button,
    change_option,
    description,
    field,
    start_disabled,
)

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio]


@pytest.mark.parametrize("store", ["sqlite", "postgres"])
async def test_options_changed_twice_then_started_with_the_players_seated(world, store) -> None:
    async with backend(world, store) as url:
        await world.start_bot(database_url=url)
        fake, ch, u = world.fake, world.channel, world.users
        res = await fake.slash(u["alice"], ch, "game new empire_engine", turn_clock="off")
        lobby = res.message
        assert lobby is not None
        # alone: Start waits for players, and says why; every option is shown in words
        assert start_disabled(lobby)
        assert "Empire Engine needs at least 2 players." in description(lobby)
        options = field(lobby, t("lobby.options"))
        assert "Teams: no" in options and "Rounds: as the rulebook says" in options, options
        assert len(options.splitlines()) == 11
        for name in ("bob", "cyril"):
            await fake.click(u[name], lobby, t("lobby.join"))
        assert not start_disabled(lobby)

        # first change: the team game (4 players exactly) with 3 seated: kept, Start disabled
        done = await change_option(world, "alice", lobby, "teams", "0")
        assert done.type == 7 and "✅ Teams: yes." in (done.content or ""), done
        await fake.idle()
        assert "**Teams: yes**" in field(lobby, t("lobby.options"))
        assert start_disabled(lobby)
        assert "The team game needs exactly 4 players." in description(lobby)
        # second change: open score piles, typed nowhere, picked from yes / no
        done = await change_option(world, "alice", lobby, "open_scores", "0")
        assert "✅ Open scores: yes." in (done.content or ""), done
        await fake.idle()
        assert "**Open scores: yes**" in field(lobby, t("lobby.options"))
        assert field(lobby, t("lobby.players", n=3, max=8)).count("\n") == 2  # still 3 seated

        # a fourth player joins: Start is enabled, and starts the team game
        await fake.click(u["dana"], lobby, t("lobby.join"))
        assert not start_disabled(lobby)
        assert "Not ready" not in description(lobby)
        await fake.click(u["bob"], lobby, t("lobby.start"))
        await fake.wait_for(lambda: board_message(fake, ch), timeout=10, what="the board")
        await fake.idle()
        rec = await world.bot.host.get(table_id(lobby))
        assert rec.status == "running"
        assert rec.options == {"teams": True, "open_scores": True}
        assert [s.name for s in rec.seats] == ["alice", "bob", "cyril", "dana"]


async def test_bad_option_input_is_refused_and_changes_nothing(world) -> None:
    await world.start_bot()
    fake, ch, u = world.fake, world.channel, world.users
    res = await fake.slash(u["alice"], ch, "game new empire_engine", turn_clock="off")
    lobby = res.message
    assert lobby is not None
    await fake.click(u["bob"], lobby, t("lobby.join"))
    session = table_id(lobby)
    before = (await world.bot.host.get(session)).version
    # not the host
    r = await fake.click(u["bob"], lobby, t("lobby.options"))
    assert "Only the player who opened the table" in await refusal(r)
    # a number that is not one, a number no seat count allows, an index not offered
    for option, value, said in (
        ("rounds", "many", "Option `rounds` cannot be `many`."),
        ("rounds", "40", "Rounds: leave it empty or give a whole number from 1"),
        ("teams", "7", "Option `teams` cannot be `7`."),
    ):
        done = await change_option(world, "alice", lobby, option, value)
        assert done.ephemeral and said in await refusal(done), (option, value, done)
    # team options without the team game fit no seat count at all: refused when set
    done = await change_option(world, "alice", lobby, "team_joint_attack", "0")
    assert "needs the team game" in await refusal(done)
    rec = await world.bot.host.get(session)
    assert rec.version == before and rec.options == {}
    assert button(lobby, t("lobby.start")).get("disabled") is not True
    # rounds can be set for 5-8 players only: kept (a waiting state), Start says why
    done = await change_option(world, "alice", lobby, "rounds", "10")
    assert "✅ Rounds: 10." in (done.content or ""), done
    await fake.idle()
    assert start_disabled(lobby)
    assert "5" in description(lobby) and "rounds" in description(lobby).lower()
    # back to the default by leaving the field empty: Start is enabled again
    done = await change_option(world, "alice", lobby, "rounds", "")
    await fake.idle()
    assert (await world.bot.host.get(session)).options == {}
    assert not start_disabled(lobby)


async def test_an_option_modal_submitted_after_a_restart_still_changes_it(world) -> None:
    await world.start_bot()
    fake, ch, u = world.fake, world.channel, world.users
    res = await fake.slash(u["alice"], ch, "game new tek", turn_clock="off")
    lobby = res.message
    assert lobby is not None
    session = table_id(lobby)
    # one change in this process: stored once (one version), not also by the fallback
    before = (await world.bot.host.get(session)).version
    done = await change_option(world, "alice", lobby, "exploration", "0")
    assert "✅" in (done.content or "")
    assert (await world.bot.host.get(session)).version == before + 1
    # the modal is open when the bot restarts; its submit reaches the new process
    panel = await fake.click(u["alice"], lobby, t("lobby.options"))
    assert panel.message is not None
    sid = next(c for c in panel.message.custom_ids if c.startswith("ct:lo:"))
    opened = await fake.select(u["alice"], panel.message, sid, ["factions"])
    labels = [o["label"] for o in opened.modal["components"][0]["component"]["options"]]
    assert labels == ["Random", "Draft", "Free choice"], labels
    await world.stop_bot()
    await world.start_bot()
    done = await fake.submit_modal(u["alice"], opened, value=["1"])
    assert done.type == 7 and "✅ Factions: Draft." in (done.content or ""), done
    await fake.idle()
    rec = await world.bot.host.get(session)
    assert rec.options == {"exploration": True, "factions": "draft"}
    assert rec.version == before + 2
    assert "**Factions: Draft**" in field(lobby, t("lobby.options"))
