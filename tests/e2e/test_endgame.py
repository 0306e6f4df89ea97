"""The end of a game as an event (issue 11 part 5) and the Rematch button (issue 14 part 3),
through the fake Discord only: the final standings with units, each game's breakdown and every
rated human's skill before -> after; a result DM to each human who played from DMs; Rematch
opens a new lobby with the same options, the same AI seats and the humans invited, once."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from bot.adapter.final import rating_change
from bot.core.ai_runner import seat_label
from bot.core.host import conservative
from bot.text import presenters
from bot.text.i18n import place_of, t, tn
from tests.e2e.driver import Driver, Player, board_message, final_message, move_components
from tests.e2e.helpers import open_table, refusal, table_id

OPTIONS = {"sides": "ABABABAB", "mixed_deck": True}  # Majesty's, for the rematch


async def play_by_dm(world: Any, names: tuple[str, ...], seed: int = 3) -> Any:
    """Every decision from the players' DM prompts (a game whose prompts are all private):
    click a random option of each live prompt until the final standings are posted."""
    fake, rng = world.fake, random.Random(seed)
    for _ in range(3000):
        final = final_message(fake, world.channel)
        if final is not None:
            return final
        prompts = [
            (world.users[n], m)
            for n in names
            for m in fake.dms(world.users[n])
            if not m.deleted and any(move_components(m))
        ]
        if not prompts:
            await fake.wait_for(
                lambda: (
                    final_message(fake, world.channel)
                    or any(
                        any(move_components(m))
                        for n in names
                        for m in fake.dms(world.users[n])
                        if not m.deleted
                    )
                ),
                timeout=10,
                what="a DM prompt or the final standings",
            )
            continue
        user, msg = prompts[-1]
        selects, buttons = move_components(msg)
        if selects:
            value = rng.choice(selects[0]["options"])["value"]
            await fake.select(user, msg, selects[0]["custom_id"], [value])
        else:
            await fake.click(user, msg, rng.choice(buttons)["custom_id"])
        await fake.idle()
    raise AssertionError("no final standings")


async def finished_game(world: Any, game: str = "empire_engine", **options: Any) -> tuple[int, Any]:
    """``game`` (Empire Engine: every decision by DM), alice and bob with one AI seat, played
    to the end: (session, final)."""
    lobby = await open_table(world, game, join=("bob",), ai=1, **options)
    if presenters.get(game).private_prompts:
        final = await play_by_dm(world, ("alice", "bob"))
    else:
        players = [Player(world.users[n]) for n in ("alice", "bob")]
        final = await Driver(world.fake, world.channel, players, seed=3).play()
    await world.fake.idle()
    return table_id(lobby), final


@pytest.mark.asyncio
async def test_final_standings_breakdown_ratings_and_result_dms(world) -> None:
    fake, u = world.fake, world.users
    await world.start_bot()
    sid, final = await finished_game(world)
    host = world.bot.host
    rec = await host.get(sid)
    view = host.view(rec, None)
    outcome = sorted(host.game(rec.game).outcome(host.state(rec)), key=lambda r: r["rank"])
    names = {s.player_id: s.name for s in rec.seats}
    shown = {s.player_id: seat_label(s) for s in rec.seats}  # "AI 1 · medium"
    text = final.embeds[0]["description"]
    lines = text.splitlines()

    # one row per seat by rank, the score with its unit, the engine's breakdown under it
    presenter = presenters.get("empire_engine")
    for r in outcome:
        row = f"**{shown[r['player']]}** — {tn('final.points', r['score'])}"
        at = next((i for i, line in enumerate(lines) if row in line), None)
        assert at is not None, (row, lines)
        breakdown = presenter.final_breakdown(view, r["player"], names.get)
        assert breakdown and lines[at + 1] == f"↳ {breakdown}", (lines, breakdown)
        assert f"{r['resources']} in the score pile + {r['bonus']}" in lines[at + 1]

    # each human's skill before -> after, as /standings shows it; the AI seat has none
    assert t("final.ratings") in lines
    standings = {r["player_id"]: r for r in await host.standings(rec.guild_id, "empire_engine")}
    change = {}
    for user in ("alice", "bob"):
        r = standings[str(u[user].id)]
        change[user] = rating_change(0.0, conservative(r["mu"], r["sigma"]))  # newcomers
        assert re.fullmatch(r"0 → \u2212?\d+(\.\d)? \([+\u2212]\d+(\.\d)?\)", change[user]), change
        assert t("final.rating_first", who=user, change=change[user]) in lines, (lines, change)
    assert not [line for line in lines if line.startswith("AI 1: ")], lines
    assert t("final.rematch") in final.labels

    # a DM with the result and a link to the final standings for each human (all played by DM)
    link = f"https://discord.com/channels/{world.guild.id}/{world.channel.id}/{final.id}"
    for r in outcome:
        if r["player"].startswith("ai:"):
            continue
        user = u[names[r["player"]]]
        dms = [
            m
            for m in fake.dms(user)
            if m.embeds
            and m.embeds[0].get("title") == t("final.dm_title", game="Empire Engine", id=sid)
        ]
        assert len(dms) == 1, [m.embeds for m in fake.dms(user)][-3:]
        body = dms[0].embeds[0]["description"]
        assert (
            t("final.dm_result", place=place_of(r["rank"], 3), score=tn("final.points", r["score"]))
            in body
        ), body
        assert t("final.dm_rating", change=change[user.name]) in body, body
        assert link in body, body


@pytest.mark.asyncio
async def test_an_open_games_end_has_units_breakdowns_and_ratings_but_no_dm(world) -> None:
    """Majesty is played on the board: the same final standings (its points are coins), and
    nobody who played in the channel is DMed the result."""
    fake, u = world.fake, world.users
    await world.start_bot()
    sid, final = await finished_game(world, "majesty")
    host = world.bot.host
    rec = await host.get(sid)
    view = host.view(rec, None)
    lines = final.embeds[0]["description"].splitlines()
    rows = [line for line in lines if "**" in line]
    assert len(rows) == 3 and rows[0].startswith("🥇"), lines
    for r in host.game("majesty").outcome(host.state(rec)):
        label = next(s for s in rec.seats if s.player_id == r["player"])
        at = next(
            i
            for i, line in enumerate(lines)
            if line.endswith(f"— {tn(presenters.get('majesty').score_unit, r['score'])}")
            and f"**{seat_label(label)}**" in line
        )
        breakdown = presenters.get("majesty").final_breakdown(view, r["player"], str)
        assert lines[at + 1] == f"↳ {breakdown}" and breakdown.startswith("during play "), lines
    rated = [line for line in lines if re.match(r"(alice|bob): 0 → ", line)]
    assert len(rated) == 2 and not [line for line in lines if line.startswith("AI 1")], lines
    for name in ("alice", "bob"):
        assert not [
            m
            for m in fake.dms(u[name])
            if m.embeds and "is over" in (m.embeds[0].get("title") or "")
        ]


@pytest.mark.asyncio
async def test_rematch_with_the_same_options(world) -> None:
    fake, ch, u = world.fake, world.channel, world.users
    await world.start_bot(seed=None)  # seeds as in production: a rematch gets a new one
    sid, final = await finished_game(world, "majesty", **OPTIONS)
    old = await world.bot.host.get(sid)

    # the channel has another game: Rematch says so and opens nothing
    res = await fake.slash(u["alice"], ch, "game new elves")
    other = res.message
    res = await fake.click(u["bob"], final, t("final.rematch"))
    assert await refusal(res) == t("error.rematch_busy", id=table_id(other))
    await fake.click(u["alice"], other, t("lobby.cancel"))
    await fake.idle()

    # someone who did not play may not ask for it
    res = await fake.click(u["outsider"], final, t("final.rematch"))
    assert await refusal(res) == t("error.rematch_not_player", id=sid)

    # after a restart the button still works: bob asks, alice is invited
    await world.stop_bot()
    await world.start_bot(seed=None)
    messages = len(fake.messages(ch))
    res = await fake.click(u["bob"], final, t("final.rematch"))
    lobby = res.message
    assert res.type == 4 and not res.ephemeral and lobby is not None, res
    new_id = table_id(lobby)
    assert new_id != sid
    assert lobby.content == t("rematch.invite", who="bob", names=f"<@{u['alice'].id}>")
    assert t("lobby.join") in lobby.labels
    new = await world.bot.host.get(new_id)
    assert new.status == "lobby" and new.channel_id == old.channel_id
    assert new.options == old.options == OPTIONS and new.turn_secs == old.turn_secs
    assert [(s.name, s.is_ai) for s in new.seats] == [("bob", False), ("AI 1", True)]

    # a second click changes nothing
    res = await fake.click(u["alice"], final, t("final.rematch"))
    assert await refusal(res) == t("error.rematch_taken", id=new_id)
    await fake.idle()
    assert len(fake.messages(ch)) == messages + 1  # the new lobby, nothing else

    # alice joins, bob starts: the same game and options on a new seed
    await fake.click(u["alice"], lobby, t("lobby.join"))
    await fake.click(u["bob"], lobby, t("lobby.start"))
    await fake.wait_for(
        lambda: (b := board_message(fake, ch)) and table_id(b) == new_id,
        timeout=10,
        what="the rematch's board",
    )
    await fake.idle()
    new = await world.bot.host.get(new_id)
    assert new.status == "running" and new.game == "majesty"
    assert new.seed != old.seed
    assert sorted(s.name for s in new.seats) == ["AI 1", "alice", "bob"]


@pytest.mark.asyncio
async def test_the_dm_prompt_names_the_neighbours_and_the_board_the_seating(world) -> None:
    """Issue 11 part 2, seen through Discord: the start player's DM prompt says whom each
    Attack hits, the public board shows the seating order."""
    fake, ch, u = world.fake, world.channel, world.users
    await world.start_bot()
    await open_table(world, "empire_engine", join=("bob", "cyril"))
    board = board_message(fake, ch)
    assert "Seats clockwise: alice → bob → cyril → alice." in board.text(history=False)
    prompted = await fake.wait_for(
        lambda: [
            (n, m)
            for n in ("alice", "bob", "cyril")
            for m in fake.dms(u[n])
            if any(move_components(m))
        ],
        what="the start player's DM prompt",
    )
    who, dm = prompted[0]
    order = ["alice", "bob", "cyril"]
    i = order.index(who)
    left, right = order[(i + 1) % 3], order[(i - 1) % 3]
    assert (
        t("empire_engine.ctx.neighbours", left=left, right=right) in dm.embeds[0]["description"]
    ), dm.embeds[0]["description"]
