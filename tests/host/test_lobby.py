"""``bot.core.lobby``: tables before and around the game."""

from __future__ import annotations

import pytest

from bot.core import fairness
from bot.core.errors import HostError
from bot.core.lobby import REMATCH, authorise_host, remove_from_lobby
from bot.core.store import Seat, SessionRecord
from tests.host.test_host import code_of, running


def lobby(*seats: Seat) -> SessionRecord:
    return SessionRecord(
        id=1,
        guild_id="g",
        channel_id="c",
        game="toy",
        options={},
        seed=0,
        status="lobby",
        version=0,
        host_id=seats[0].player_id,
        turn_secs=None,
        seats=list(seats),
    )


def test_leaving_hands_the_host_on_and_the_last_human_closes_the_table() -> None:
    rec = lobby(Seat("u1", "Ann"), Seat("ai:1", "AI 1", is_ai=True), Seat("u2", "Bob"))
    remove_from_lobby(rec, "u1")
    assert rec.host_id == "u2" and rec.status == "lobby"
    remove_from_lobby(rec, "u2")
    assert rec.status == "cancelled"
    with pytest.raises(HostError) as err:
        remove_from_lobby(rec, "u9")
    assert err.value.code == "not_seated"


def test_only_the_host_or_a_manager() -> None:
    rec = lobby(Seat("u1", "Ann"), Seat("u2", "Bob"))
    authorise_host(rec, "u1", False)
    authorise_host(rec, "u2", True)
    with pytest.raises(HostError) as err:
        authorise_host(rec, "u2", False)
    assert err.value.code == "not_host" and err.value.params == {"host": "Ann"}


@pytest.mark.asyncio
async def test_a_stale_lobby_click_changes_nothing(host) -> None:
    rec = await host.create(
        guild_id="g", channel_id="c", game_id="toy", options={}, user_id="u1", user_name="Ann"
    )
    assert (
        await code_of(host.lobby.join("c", "u2", "Bob", expected_version=rec.version + 1))
        == "stale"
    )
    assert (await host.get(rec.id)).player_ids == ["u1"]


@pytest.mark.asyncio
async def test_the_rematch_is_remembered_in_the_hosts_one_bookkeeping_entry(host) -> None:
    rec = await running(host, rounds=1)
    for p, v in (("u1", 1), ("u2", 2)):
        await host.apply(rec.id, p, {"type": "pick", "value": v})
    await host.apply(rec.id, "u1", {"type": "bank"})
    new, invited = await host.rematch(rec.id, "u2", "Bob")
    assert invited == ["u1"] and new.options == {"rounds": 1}
    meta = (await host.get(rec.id)).meta  # beside the salt of its commitment (bot.core.fairness)
    assert meta == {REMATCH: new.id, fairness.KEY: meta[fairness.KEY]}
    assert await code_of(host.rematch(rec.id, "u1", "Ann")) == "rematch_taken"
