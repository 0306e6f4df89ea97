"""``/game new majesty sides:...`` through the real bot and the fake Discord (issue 18 item 18):
any 8 letters open a table, the presets are suggested while typing, anything else is refused."""

from __future__ import annotations

import pytest

from bot.text.i18n import t
from tests.e2e.conftest import _no_error_logs, world  # noqa: F401  (the e2e harness)
from tests.e2e.helpers import open_table


@pytest.mark.asyncio
async def test_sides_option_takes_any_combination_and_suggests_presets(world) -> None:  # noqa: F811
    fake, ch, alice = world.fake, world.channel, world.users["alice"]
    await world.start_bot()
    typed = await fake.autocomplete(alice, ch, "game new majesty", "sides", "infirmary")
    assert {"name": "Side A, but Infirmary on B: AAAAAAAB", "value": "AAAAAAAB"} in typed
    assert len(await fake.autocomplete(alice, ch, "game new majesty", "sides", "")) == 18
    res = await fake.slash(alice, ch, "game new majesty", sides="ABC", _validate=False)
    assert res.ephemeral and "8 letters A or B" in res.content, res
    assert res.content.startswith(t("error.bad_setup", detail="")), res
    lobby = await open_table(world, "majesty", join=("bob",), sides="BABBABAA")
    # the lobby words the option (issue 26 item 4): the 8 letters, one per location
    assert "B A B B A B A A" in str(lobby.embeds), lobby.embeds
