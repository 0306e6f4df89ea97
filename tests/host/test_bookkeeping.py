"""The host is the only way to the store: the bot's bookkeeping (``meta``), standings, stats and
the log of a game go through host methods; a publication and a move of one session share one
lock; a click works on the host's latest record without reading the session again."""

from __future__ import annotations

import asyncio

import pytest

from bot.core import fairness
from tests.host.test_host import PICK, running


def adapters(meta: dict) -> dict:  # type: ignore[type-arg]
    """The bookkeeping without the salt the host keeps in it at Start (bot.core.fairness)."""
    return {k: v for k, v in meta.items() if k != fairness.KEY}


class Reads:
    """Counts the store's session reads."""

    def __init__(self, store) -> None:  # type: ignore[no-untyped-def]
        self.count = 0
        self.store = store
        self._get = store.get_session
        store.get_session = self

    async def __call__(self, session_id: int):  # type: ignore[no-untyped-def]
        self.count += 1
        return await self._get(session_id)


@pytest.mark.asyncio
async def test_meta_is_written_through_the_host_even_when_a_publication_fails(host, store) -> None:
    rec = await running(host)
    after = await host.update_meta(rec.id, lambda meta: meta.__setitem__("lobby", 42))
    assert after.meta["lobby"] == 42
    assert adapters((await store.get_session(rec.id)).meta) == {"lobby": 42}
    with pytest.raises(RuntimeError):
        async with host.publication(rec.id) as (_, meta):
            meta["board"] = {"id": 7, "at": 1.0}
            raise RuntimeError("Discord went away half-way")
    stored = (await store.get_session(rec.id)).meta
    assert adapters(stored) == {"lobby": 42, "board": {"id": 7, "at": 1.0}}  # shown is known
    assert (await host.current(rec.id)).meta == stored


@pytest.mark.asyncio
async def test_the_shown_version_is_stored_beside_the_opaque_bookkeeping(host, store) -> None:
    """The store keeps the adapter's bookkeeping as it is (no key means anything to it); the
    version the adapter showed is the record's ``shown_version``, what the catch-up reads."""
    rec = await running(host)
    assert await host.unpublished() == [rec.id]
    async with host.publication(rec.id) as (shown, meta):
        meta["published_version"] = -5  # just a key of the adapter's now: not read
        meta["anything"] = {"nested": [1, 2]}
        shown.shown_version = shown.version
    assert await host.unpublished() == []
    stored = await store.get_session(rec.id)
    assert adapters(stored.meta) == {"published_version": -5, "anything": {"nested": [1, 2]}}
    assert stored.shown_version == rec.version
    await host.apply(rec.id, "u1", PICK)
    assert await host.unpublished() == [rec.id]  # the move is not shown yet


@pytest.mark.asyncio
async def test_a_move_waits_for_the_publication_of_its_session(host) -> None:
    rec = await running(host)
    order: list[str] = []

    async def publish() -> None:
        async with host.publication(rec.id) as (seen, _):
            order.append(f"publishing v{seen.version}")
            await asyncio.sleep(0.05)
            order.append("published")

    async def move() -> None:
        await asyncio.sleep(0.01)
        out = await host.apply(rec.id, "u1", PICK)
        order.append(f"moved to v{out.record.version}")

    await asyncio.gather(publish(), move())
    assert order == [f"publishing v{rec.version}", "published", f"moved to v{rec.version + 1}"]


@pytest.mark.asyncio
async def test_a_click_reads_the_session_once_at_most(host, store) -> None:
    rec = await running(host)
    reads = Reads(store)
    current = await host.current(rec.id)  # the handler's read: the host's copy
    out = await host.apply(rec.id, "u1", PICK, expected_version=current.version)
    async with host.publication(rec.id) as (shown, _):
        assert shown.version == out.record.version
    assert reads.count == 0
    # a host that did not store the session itself reads it once per click
    other = type(host)(store, registry=host.registry, now=host.now)
    current = await other.current(rec.id)
    await other.apply(rec.id, "u2", PICK, expected_version=current.version)
    assert reads.count == 1


@pytest.mark.asyncio
async def test_a_readers_copy_never_shows_half_a_move(host) -> None:
    rec = await running(host)
    before = await host.current(rec.id)
    snapshot = (before.version, before.move_count, dict(before.clock))
    await host.apply(rec.id, "u1", PICK)
    assert (before.version, before.move_count, dict(before.clock)) == snapshot
    assert (await host.current(rec.id)).version == before.version + 1


@pytest.mark.asyncio
async def test_standings_stats_and_the_log_come_from_the_host(host, clock) -> None:
    rec = await running(host, turn_secs=300, rounds=1)
    await host.apply(rec.id, "u1", {"type": "pick", "value": 3})
    clock.t += 301
    await host.run_clock()  # u2 runs out of time: a random pick
    rec = await host.current(rec.id)
    for actor in host.actors(rec):  # the round's banker decides
        await host.apply(rec.id, actor, {"type": "bank"})
    rec = await host.current(rec.id)
    assert rec.status == "finished"
    events = await host.log_events(rec)
    assert {"type": "host_timeout", "player": "u2"} in events
    assert events.index({"type": "host_timeout", "player": "u2"}) == 1  # before u2's pick
    rows = await host.standings("g", "toy")
    skills = [r["mu"] - 3 * r["sigma"] for r in rows]
    assert len(rows) == 2 and skills == sorted(skills, reverse=True)
    stats = await host.player_stats("g", "u1")
    assert stats["games"][0]["games"] == 1
    assert len(await host.recent_results("g", None, 5)) == 2
    assert [m.source for m in await host.moves(rec.id)][:2] == ["player", "timeout"]


@pytest.mark.asyncio
async def test_dm_refusals_are_remembered_through_the_host(host) -> None:
    assert await host.dm_refused_at("123") is None
    await host.remember_dm("123", refused=True)
    assert await host.dm_refused_at("123") is not None
    await host.remember_dm("123", refused=False)
    assert await host.dm_refused_at("123") is None
