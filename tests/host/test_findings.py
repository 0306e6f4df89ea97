"""Issue 17, the host and the store (both backends): one damaged session row never affects
another (finding 3), a session that never had a board is caught up (6), a player who left no
longer plays or sees the seat and the host's powers pass on (10), forged session ids (12)."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from bot.core.errors import HostError
from bot.core.host import SessionHost
from bot.core.store import CorruptSession, Store
from tests.host import pg

pytestmark = pytest.mark.asyncio


async def raw(store: Store, sql: str, *args: Any) -> None:
    """A statement straight on the database (what a disk fault or a bad hand edit does)."""
    await pg.write_behind_the_hosts_back(
        store, sql.replace("$1", "?").replace("$2", "?"), sql, *args
    )


def restarted(host: SessionHost) -> SessionHost:
    """A new host over the same store (nothing cached: it reads what is stored)."""
    return SessionHost(host.store, registry=host.registry, now=host.now)


async def running_table(host: SessionHost, channel: str, turn_secs: int | None = 300) -> int:
    await host.create(
        guild_id="g",
        channel_id=channel,
        game_id="toy",
        options={},
        user_id="1",
        user_name="ann",
        turn_secs=turn_secs,
    )
    await host.join(channel, "2", "bob")
    out = await host.start(channel, "1")
    return out.record.id


async def test_a_damaged_row_does_not_stop_the_turn_clock_of_other_tables(
    host: SessionHost, store: Store, clock: Any, caplog: pytest.LogCaptureFixture
) -> None:
    bad = await running_table(host, "c-bad")
    good = await running_table(host, "c-good")
    await raw(store, "UPDATE sessions SET state = $1 WHERE id = $2", "{not json", bad)
    host = restarted(host)
    clock.t += 301  # both deadlines passed
    caplog.set_level(logging.WARNING)
    fired = await host.run_clock()
    assert [o.record.id for o in fired] == [good]
    assert len(fired[0].moved) == 2  # both idle players got a timeout move
    assert (await host.get(good)).move_count == 2
    assert any(
        f"session {bad}" in r.getMessage() for r in caplog.records if r.levelno == logging.WARNING
    )
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_a_damaged_row_can_be_abandoned_and_its_channel_reused(
    host: SessionHost, store: Store
) -> None:
    sid = await running_table(host, "c1")
    await raw(store, "UPDATE sessions SET meta = $1 WHERE id = $2", "[1, 2", sid)
    host = restarted(host)
    with pytest.raises(CorruptSession):
        await host.active("c1")
    with pytest.raises(HostError) as refused:  # not the host, no Manage Channels
        await host.abandon("c1", "2", can_manage=False)
    assert refused.value.code == "not_host"
    assert await host.abandon("c1", "1", can_manage=False) is None  # the host closes it
    with pytest.raises(HostError) as none:
        await host.active("c1")
    assert none.value.code == "no_session"
    fresh = await host.create(
        guild_id="g", channel_id="c1", game_id="toy", options={}, user_id="2", user_name="bob"
    )
    assert fresh.id != sid and fresh.status == "lobby"
    assert await store.due_sessions(10**12) == []  # the damaged table's clock is off


async def test_a_manager_can_abandon_a_damaged_row(host: SessionHost, store: Store) -> None:
    sid = await running_table(host, "c1")
    await raw(store, "UPDATE sessions SET clock = $1 WHERE id = $2", '"a string"', sid)
    host = restarted(host)
    assert await host.abandon("c1", "99", can_manage=True) is None
    assert await store.active_session("c1") is None


async def test_catch_up_lists_a_session_that_never_had_a_board_and_skips_damaged_meta(
    host: SessionHost, store: Store
) -> None:
    started = await running_table(host, "c1")  # started, never published (a crash)
    shown = await running_table(host, "c2")
    rec = await host.get(shown)
    await store.set_meta(shown, {"board": {"id": 5, "at": 0.0}}, rec.version)
    damaged = await running_table(host, "c3")
    await raw(store, "UPDATE sessions SET meta = $1 WHERE id = $2", "{oops", damaged)
    assert await host.unpublished() == [started]


async def test_a_player_who_left_is_not_seated_any_more(host: SessionHost) -> None:
    sid = await running_table(host, "c1", turn_secs=None)
    out = await host.leave("c1", "2")
    assert out.record.seat_of("2").is_ai  # type: ignore[union-attr]
    version = (await host.get(sid)).version
    with pytest.raises(HostError) as again:
        await host.leave("c1", "2")
    assert again.value.code == "not_seated"
    assert (await host.get(sid)).version == version  # nothing bumped, nothing logged
    with pytest.raises(HostError) as moved:  # nor may they move for the AI now on the seat
        await host.apply(sid, "2", {"type": "pick", "value": 1})
    assert moved.value.code == "not_seated"


async def test_a_host_who_leaves_passes_the_host_powers_on(host: SessionHost) -> None:
    await host.create(
        guild_id="g",
        channel_id="c1",
        game_id="toy",
        options={},
        user_id="1",
        user_name="ann",
        turn_secs=None,
    )
    await host.join("c1", "2", "bob")
    await host.join("c1", "3", "cyd")
    await host.start("c1", "1")
    out = await host.leave("c1", "1")
    assert out.record.host_id == "2"
    assert {"type": "host_new_host", "player": "2"} in out.events
    with pytest.raises(HostError) as kick:  # the one who left has no powers left
        await host.kick("c1", "1", "3", can_manage=False)
    assert kick.value.code == "not_host"
    with pytest.raises(HostError):
        await host.abandon("c1", "1", can_manage=False)
    kicked = await host.kick("c1", "2", "3", can_manage=False)  # the new host has them
    assert kicked.record.seat_of("3").is_ai  # type: ignore[union-attr]


@pytest.mark.parametrize("session_id", [10**40, 2**63, 0, -5])
async def test_a_forged_session_id_is_a_refusal(host: SessionHost, session_id: int) -> None:
    with pytest.raises(HostError) as refused:
        await host.current(session_id)
    assert refused.value.code == "stale"


async def test_the_lobby_text_and_the_start_rule_agree(host: SessionHost) -> None:
    """Finding 13: the lobby said "the host can ... start" while any seated player can: the
    rule stays (any seated player starts, a manager too), the text says so."""
    from bot.text.i18n import t

    await host.create(
        guild_id="g", channel_id="c1", game_id="toy", options={}, user_id="1", user_name="ann"
    )
    await host.join("c1", "2", "bob")
    with pytest.raises(HostError):  # not seated, no Manage Channels: refused
        await host.start("c1", "3")
    out = await host.start("c1", "2")  # bob is seated, not the host
    assert out.record.status == "running"
    text = t("lobby.help", "en", min=2, max=4)
    assert "Any seated player can start" in text and "host can add AI" in text
    assert "může spustit kdokoli u stolu" in t("lobby.help", "cs", min=2, max=4)
