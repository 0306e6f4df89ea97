"""Spectators (issue 14 item 5) in the store and the host, on both backends."""

from __future__ import annotations

import pytest

from bot.core.errors import HostError
from tests.host.test_host import running


@pytest.mark.asyncio
async def test_watchers_are_added_once_listed_in_order_and_removed(store, clock) -> None:
    host_rec = await running_rec(store, clock)
    sid = host_rec
    assert await store.watchers(sid) == []
    assert await store.add_watcher(sid, "w1") is True
    clock.t += 5
    assert await store.add_watcher(sid, "w2") is True
    assert await store.add_watcher(sid, "w1") is False  # already watching: one row
    assert await store.watchers(sid) == ["w1", "w2"]
    assert await store.remove_watcher(sid, "w1") is True
    assert await store.remove_watcher(sid, "w1") is False
    assert await store.watchers(sid) == ["w2"]
    assert await store.watchers(sid + 1) == []


async def running_rec(store, clock) -> int:
    from bot.core.host import SessionHost
    from tests.toygame import TOY

    host = SessionHost(store, registry={"toy": TOY}, now=clock, seed_source=lambda: 3)
    return (await running(host)).id


@pytest.mark.asyncio
async def test_the_host_refuses_seated_players_and_finished_tables(host) -> None:
    rec = await running(host)
    with pytest.raises(HostError) as exc:
        await host.watch(rec.id, "u1")
    assert exc.value.code == "watch_seated"
    assert (await host.watch(rec.id, "w9"))[1] is True
    assert (await host.watch(rec.id, "w9"))[1] is False
    assert await host.watchers(rec) == ["w9"]
    await host.store.add_watcher(rec.id, "u2")  # a seat never gets the spectator board
    assert await host.watchers(rec) == ["w9"]
    assert await host.unwatch(rec.id, "w9") is True
    await host.abandon("c", "u1", False)
    with pytest.raises(HostError) as exc:
        await host.watch(rec.id, "w8")
    assert exc.value.code == "not_running"
