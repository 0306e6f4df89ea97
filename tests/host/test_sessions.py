"""``bot.core.sessions``: the session cache and the host's one way to the stored rows."""

from __future__ import annotations

import pytest

from bot.core.errors import HostError
from bot.core.store import CorruptSession
from tests.host.test_host import PICK, running


@pytest.mark.asyncio
async def test_the_latest_record_is_kept_and_a_working_copy_is_apart(host, store) -> None:
    sessions = host.sessions
    rec = await running(host)
    assert await sessions.current(rec.id) is sessions._records.get(rec.id)
    copy = sessions.working_copy(rec.id)
    assert copy is not None and copy == await sessions.current(rec.id)
    copy.seats[0].name, copy.clock["u1"]["since"] = "changed", -1
    kept = await sessions.current(rec.id)
    assert kept.seats[0].name == "U1" and kept.clock["u1"]["since"] != -1
    sessions.forget(rec.id)
    assert sessions.working_copy(rec.id) is None
    assert (await sessions.current(rec.id)).version == rec.version  # read again


@pytest.mark.asyncio
async def test_the_engine_state_is_cached_by_version(host) -> None:
    sessions = host.sessions
    rec = await running(host)
    state = sessions.state(rec)
    assert sessions.state(rec) is state
    out = await host.apply(rec.id, "u1", PICK)
    assert sessions.state(out.record) is not state
    assert sessions.state(out.record) == host.game("toy").load(out.record.state)


@pytest.mark.asyncio
async def test_a_forged_id_a_missing_row_and_a_snapshot_that_does_not_load(host) -> None:
    sessions = host.sessions
    with pytest.raises(HostError) as err:
        await sessions.get(0)
    assert err.value.code == "stale"
    with pytest.raises(HostError) as err:
        await sessions.get(424242)
    assert err.value.code == "no_session"
    rec = await running(host)
    broken = await sessions.get(rec.id)
    broken.version += 1  # not the cached version
    broken.state = {"schema": 99}
    with pytest.raises(CorruptSession):
        sessions.state(broken)
