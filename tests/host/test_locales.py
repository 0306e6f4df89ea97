"""Languages remembered by the store (issue 12 item 3): each user's last seen locale, each
server's choice for its channels; on both backends."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.asyncio


async def test_a_user_locale_is_remembered_and_replaced(store) -> None:
    assert await store.user_locale("u1") is None
    await store.set_user_locale("u1", "cs")
    assert await store.user_locale("u1") == "cs"
    await store.set_user_locale("u1", "en")
    assert await store.user_locale("u1") == "en"
    await store.set_user_locale("u1", None)
    assert await store.user_locale("u1") is None
    assert await store.user_locale("u2") is None


async def test_the_locale_and_the_dm_refusal_share_the_user_row(store, clock) -> None:
    await store.set_user_locale("u1", "cs")
    await store.set_dms_closed("u1", True)
    assert await store.user_locale("u1") == "cs"
    assert await store.dms_closed_at("u1") == clock.t
    await store.set_dms_closed("u2", True)
    await store.set_user_locale("u2", "cs")
    assert await store.dms_closed_at("u2") == clock.t
    assert await store.user_locale("u2") == "cs"


async def test_a_server_language_is_stored_per_server(store) -> None:
    assert await store.guild_locale("g1") is None
    await store.set_guild_locale("g1", "cs")
    await store.set_guild_locale("g2", "en")
    assert await store.guild_locale("g1") == "cs"
    assert await store.guild_locale("g2") == "en"
    await store.set_guild_locale("g1", None)
    assert await store.guild_locale("g1") is None
    assert await store.guild_locale("g2") == "en"


async def test_the_host_passes_languages_through(host) -> None:
    await host.remember_locale("u1", "cs")
    assert await host.user_locale("u1") == "cs"
    await host.set_guild_locale("g1", "cs")
    assert await host.guild_locale("g1") == "cs"
