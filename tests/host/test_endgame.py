"""The host's side of the end of a game (issue 11 part 5, issue 14 part 3), on both backends:
the finishing Outcome carries each rated human's displayed skill before and after (exactly what
``standings`` shows afterwards), and ``rematch`` opens one new lobby with the same options."""

from __future__ import annotations

import pytest

from bot.core.host import conservative
from tests.host.test_host import code_of, running

PICKS = {"u1": 3, "u2": 1}  # u1 wins every round


async def play_out(host, rec):
    """The toy game to its end (u1 picks high, everyone else low); the last Outcome."""
    out = None
    for _ in range(50):
        rec = await host.current(rec.id)
        if rec.status == "finished":
            break
        player = host.actors(rec)[0]
        moves = host.legal_moves(rec, player)
        move = next((m for m in moves if m.get("value") == PICKS.get(player, 1)), moves[0])
        out = await host.apply(rec.id, player, move)
    assert out is not None and out.finished
    return out


@pytest.mark.asyncio
async def test_the_final_outcome_carries_the_rating_changes(host) -> None:
    rec = await running(host)
    out = await play_out(host, rec)
    rows = {r["player_id"]: r for r in await host.standings("g", "toy")}
    assert set(out.ratings) == {"u1", "u2"}
    for p, (before, after) in out.ratings.items():
        assert before == pytest.approx(0.0)  # newcomers: mu 25, sigma 25/3
        assert after == pytest.approx(conservative(rows[p]["mu"], rows[p]["sigma"]))
    assert out.ratings["u1"][1] > out.ratings["u2"][1]  # the winner climbs more

    # the second game starts from the first one's ratings
    rec = await running(host)
    out2 = await play_out(host, rec)
    for p in ("u1", "u2"):
        assert out2.ratings[p][0] == pytest.approx(out.ratings[p][1])


@pytest.mark.asyncio
async def test_ai_seats_and_a_lone_human_are_not_rated(host) -> None:
    await host.create(
        guild_id="g",
        channel_id="c",
        game_id="toy",
        options={},
        user_id="u1",
        user_name="U1",
        turn_secs=None,
    )
    await host.add_ai("c", "u1")
    rec = (await host.start("c", "u1")).record
    out = await play_out(host, rec)
    assert out.ratings == {}


@pytest.mark.asyncio
async def test_rematch_opens_one_lobby_with_the_same_options(host) -> None:
    await host.create(
        guild_id="g",
        channel_id="c",
        game_id="toy",
        options={"rounds": 1},
        user_id="u1",
        user_name="U1",
        turn_secs=300,
    )
    await host.join("c", "u2", "U2")
    await host.add_ai("c", "u1", level="hard")
    old = (await host.start("c", "u1")).record
    assert await code_of(host.rematch(old.id, "u2", "U2")) == "rematch_not_over"
    assert (await play_out(host, old)).ratings

    assert await code_of(host.rematch(old.id, "u9", "Eve")) == "rematch_not_player"
    assert await code_of(host.rematch(old.id, "ai:1", "AI 1")) == "rematch_not_player"
    busy = await host.create(
        guild_id="g", channel_id="c", game_id="toy", options={}, user_id="u9", user_name="Eve"
    )
    assert await code_of(host.rematch(old.id, "u2", "U2")) == "rematch_busy"
    await host.cancel("c", "u9", False)

    new, invited = await host.rematch(old.id, "u2", "U2")
    assert new.id not in (old.id, busy.id) and new.status == "lobby"
    assert (new.game, new.options, new.turn_secs, new.channel_id, new.guild_id) == (
        "toy",
        {"rounds": 1},
        300,
        "c",
        "g",
    )
    assert [(s.player_id, s.is_ai, s.ai_level) for s in new.seats] == [
        ("u2", False, None),
        ("ai:1", True, "hard"),
    ]  # the AI comes back at its level
    assert new.host_id == "u2" and invited == ["u1"]
    assert (await host.active("c")).id == new.id
    # twice: refused, nothing new
    assert await code_of(host.rematch(old.id, "u1", "U1")) == "rematch_taken"
    await host.cancel("c", "u2", False)
    assert await code_of(host.rematch(old.id, "u1", "U1")) == "rematch_taken"
