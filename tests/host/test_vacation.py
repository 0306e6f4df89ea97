"""Vacations through the host (issue 27 #4), on both backends: the away player's clocks pause
in every table and nobody else's; nothing fires and the AI plays nothing for them; the time
left continues when the vacation ends (by its days, a move anywhere, or ``back``); the
14-days-per-60 rule; refusals change nothing. And the digest's hour (issue 27 #5)."""

from __future__ import annotations

import pytest

from bot.core.digest import due_at, is_due
from bot.core.host import SessionHost
from bot.core.prefs import offset_text, parse_offset
from bot.core.store.postgres import PostgresStore
from bot.core.store.prefs_base import UserPrefs
from bot.core.vacation import DAY
from tests.host import pg
from tests.host.test_host import code_of, running
from tests.toygame import TOY

PICK = {"type": "pick", "value": 2}


@pytest.mark.asyncio
async def test_away_pauses_only_the_away_players_clock(host, clock) -> None:
    rec = await running(host, turn_secs=300)
    clock.t += 100  # 200 s left for both
    until, changed = await host.vacations.go_away("u1", 2)
    assert until == clock.t + 2 * DAY and [r.id for r in changed] == [rec.id]
    entry = (await host.get(rec.id)).clock["u1"]
    assert entry["due"] is None and entry["left"] == 200 and entry["resume"] == until
    assert entry["remind_left"] == 50
    clock.t += 60
    fired = await host.clock.run()  # u2's reminder only
    assert [o.reminders for o in fired] == [["u2"]]
    clock.t += 200
    fired = await host.clock.run()
    assert [p for o in fired for p, _ in o.moved] == ["u2"]  # the AI plays for u2, not u1
    rec = await host.get(rec.id)
    assert host.actors(rec) == ["u1"] and rec.clock["u1"]["due"] is None
    clock.t = until + 1  # the vacation's last day is over: the 200 s continue
    assert await host.clock.run() == []
    entry = (await host.get(rec.id)).clock["u1"]
    assert entry["due"] == pytest.approx(clock.t + 200) and entry["remind"] == clock.t + 50
    clock.t += 201
    fired = await host.clock.run()
    assert [p for o in fired for p, _ in o.moved][:1] == ["u1"]


@pytest.mark.asyncio
async def test_a_move_anywhere_ends_it_and_a_new_decision_starts_paused(host, clock) -> None:
    rec = await running(host, turn_secs=300)
    await host.create(
        guild_id="g", channel_id="c2", game_id="toy", options={}, user_id="u1",
        user_name="U1", turn_secs=300,
    )  # fmt: skip
    await host.join("c2", "u2", "U2")
    other = (await host.start("c2", "u1")).record
    await host.vacations.go_away("u1", 1)
    for r in (rec, other):
        assert "resume" in (await host.get(r.id)).clock["u1"]
    await host.apply(rec.id, "u2", PICK)  # u2's move: u1 is still away
    assert "resume" in (await host.get(rec.id)).clock["u1"]
    clock.t += 30
    await host.apply(rec.id, "u1", PICK)  # u1 is back: every clock of theirs continues
    assert await host.vacations.away_until("u1") is None
    entry = (await host.get(other.id)).clock["u1"]
    assert "resume" not in entry and entry["due"] == pytest.approx(clock.t + 300)  # 300 s were left
    assert sorted(host.vacations.take_touched()) == sorted([rec.id, other.id])
    # away again: the bank decision that begins now for u1 starts paused, whole
    await host.vacations.go_away("u1", 1)
    rec = await host.get(rec.id)
    assert host.actors(rec) == ["u1"] and rec.clock["u1"]["left"] == 300
    assert await host.vacations.come_back("u1") is not None
    assert await host.vacations.come_back("u1") is None  # not away any more
    assert (await host.get(rec.id)).clock["u1"]["due"] == pytest.approx(clock.t + 300)


@pytest.mark.asyncio
async def test_a_clock_entry_left_running_by_a_race_is_paused_not_fired(host, store, clock) -> None:
    rec = await running(host, turn_secs=300)
    await store.start_away("u1", clock.t + 10, clock.t + DAY)  # another process, no pause
    clock.t += 150
    fired = await host.clock.run()
    assert [o.reminders for o in fired] == [["u2"]]  # not u1: paused instead
    entry = (await host.get(rec.id)).clock["u1"]
    assert entry["left"] == pytest.approx(290) and entry["remind_left"] == pytest.approx(140)


@pytest.mark.asyncio
async def test_refusals_change_nothing_and_fourteen_days_per_sixty(host, store, clock) -> None:
    rec = await running(host, turn_secs=300)
    assert await code_of(host.vacations.go_away("u1", 0)) == "away_days"
    assert await code_of(host.vacations.go_away("u1", 99)) == "away_days"
    assert await store.away_spells("u1", 0) == []
    assert (await host.get(rec.id)).clock["u1"]["due"] is not None
    await host.vacations.go_away("u1", 10)
    clock.t += 10 * DAY + 5  # ran to its end: 10 days used
    assert await code_of(host.vacations.go_away("u1", 5)) == "away_budget"
    await host.vacations.go_away("u1", 4)
    clock.t += DAY
    assert await host.vacations.come_back("u1") is not None  # 11 days used: only what was
    assert await code_of(host.vacations.go_away("u1", 4)) == "away_budget"
    await host.vacations.go_away("u1", 3)  # 14 in all
    clock.t += 3 * DAY
    assert await code_of(host.vacations.go_away("u1", 1)) == "away_budget"
    clock.t += 57 * DAY  # the first two have left the 60 days; 3 used
    await host.vacations.go_away("u1", 10)


@pytest.mark.asyncio
async def test_notify_choices_and_refusals(host) -> None:
    assert (await host.prefs.of(["u1", "ai:1"]))["u1"] == UserPrefs("u1")
    assert await code_of(host.prefs.set_notify("u1", "pigeon", None, None)) == "notify_choice"
    assert await code_of(host.prefs.set_notify("u1", "digest", None, None)) == "digest_hour"
    assert await code_of(host.prefs.set_notify("u1", "digest", 24, "+1")) == "digest_hour"
    assert await code_of(host.prefs.set_notify("u1", "digest", 8, "+15")) == "utc_offset"
    assert (await host.prefs.of(["u1"]))["u1"] == UserPrefs("u1")  # nothing stored
    got = await host.prefs.set_notify("u1", "digest", 8, "-5:30")
    assert (await host.prefs.of(["u1"]))["u1"] == got and got.utc_offset == -330
    await host.prefs.set_notify("u1", "dm", None, None)
    assert (await host.prefs.of(["u1"]))["u1"].utc_offset == -330  # kept


def test_offsets_and_the_digest_hour() -> None:
    assert [parse_offset(x) for x in ("+2", "-5", "+5:30", "UTC+01:00", "0", "14")] == [
        120, -300, 330, 60, 0, 840,
    ]  # fmt: skip
    assert offset_text(-330) == "-5:30" and offset_text(0) == "+0" and offset_text(60) == "+1"
    noon = 20 * DAY + 12 * 3600  # a day at 12:00 UTC
    prague = UserPrefs("u", "digest", 9, 60)  # 09:00 at UTC+1 is 08:00 UTC
    assert due_at(prague, noon) == 20 * DAY + 8 * 3600
    assert due_at(prague, 20 * DAY + 7 * 3600) == 19 * DAY + 8 * 3600  # not yet today
    ny = UserPrefs("u", "digest", 22, -300)  # 22:00 at UTC-5 is 03:00 UTC the next day
    assert due_at(ny, noon) == 20 * DAY + 3 * 3600
    sent = UserPrefs("u", "digest", 9, 60, digest_sent_at=20 * DAY + 8 * 3600 + 5)
    assert is_due(sent, noon) is None and is_due(sent, noon + DAY) == 21 * DAY + 8 * 3600
    assert due_at(UserPrefs("u", "dm"), noon) is None


@pytest.mark.asyncio
async def test_a_pause_written_over_by_another_process_is_paused_again(clock) -> None:
    """Two processes over PostgreSQL: A pauses u1's clock; B, from its cached record (same
    version: a pause does not bump it), stores u2's move; B's save pauses u1 again, counted
    from the vacation's start, and neither clock fires for u1."""
    await pg.require_pg()
    schema = pg.new_schema()
    stores = [PostgresStore(pg.PG_URL, schema=schema, clock=clock, pool_size=3) for _ in range(2)]
    for s in stores:
        await s.open()
    seeds = iter(range(1, 1000))
    a, b = (
        SessionHost(s, registry={"toy": TOY}, now=clock, seed_source=lambda: next(seeds))
        for s in stores
    )
    try:
        rec = await running(a, turn_secs=300)
        await b.current(rec.id)  # B caches the record
        clock.t += 100
        await a.vacations.go_away("u1", 1)
        clock.t += 50
        await b.apply(rec.id, "u2", PICK)  # from B's cache
        entry = (await a.get(rec.id)).clock["u1"]
        assert "resume" in entry and entry["left"] == pytest.approx(200)
        clock.t += 400
        fired = [o for h in (a, b) for o in await h.clock.run()]
        assert [p for o in fired for p, _ in o.moved] == []
    finally:
        for s in stores:
            await s.close()
        await pg.drop_schema(schema)
