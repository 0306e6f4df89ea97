"""``bot.core.people``: refused DMs, languages and spectators, through the store."""

from __future__ import annotations

import pytest

from tests.host.test_host import code_of, running


@pytest.mark.asyncio
async def test_a_refused_dm_is_remembered_until_one_goes_through(host, clock) -> None:
    people = host.people
    assert await people.dm_refused_at("11") is None
    await people.remember_dm("11", refused=True)
    assert await people.dm_refused_at("11") == clock.t
    await people.remember_dm("11", refused=False)
    assert await people.dm_refused_at("11") is None


@pytest.mark.asyncio
async def test_languages_of_users_and_servers(host) -> None:
    people = host.people
    await people.remember_locale("11", "cs")
    await people.set_guild_locale("g", "cs")
    assert await people.user_locale("11") == "cs" and await people.guild_locale("g") == "cs"
    await people.set_guild_locale("g", None)
    assert await people.guild_locale("g") is None


@pytest.mark.asyncio
async def test_spectators_are_never_seated(host) -> None:
    people = host.people
    rec = await running(host)
    assert (await people.watch(rec.id, "55"))[1] is True
    assert (await people.watch(rec.id, "55"))[1] is False
    assert await code_of(people.watch(rec.id, "u1")) == "watch_seated"
    assert await people.watchers(rec) == ["55"]
    assert await people.unwatch(rec.id, "55") and await people.watchers(rec) == []
