"""Over-long values in forged payloads (issue 31): a 3,000-5,000-character option value is
refused with a short ephemeral answer that Discord accepts (no 400 50035), quoting at most
about 100 characters of it."""

from __future__ import annotations

import pytest

LONG = "x" * 4500


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("command", "options"),
    [
        ("game new majesty", {"turn_clock": LONG}),
        ("game rules", {"game": LONG}),
        ("standings", {"game": LONG}),
    ],
)
async def test_an_over_long_value_gets_a_short_refusal(world, command, options) -> None:
    await world.start_bot()
    fake, u = world.fake, world.users
    res = await fake.slash(u["alice"], world.channel, command, _validate=False, **options)
    await fake.idle()
    assert res.ephemeral, res
    assert res.content and len(res.content) <= 2000
    assert LONG[:200] not in res.content
    assert not fake.problems(), fake.problems()


def test_every_answer_is_fitted_to_discords_limits() -> None:
    import discord

    from bot.adapter.respond import _fitted, fit
    from bot.core.errors import quoted

    assert fit("a" * 2000) == "a" * 2000
    cut = fit("a" * 5000)
    assert cut is not None and len(cut) == 2000 and cut.endswith("…")
    embed = discord.Embed(description="b" * 5000)
    assert len(_fitted({"embed": embed})["embed"].description) == 4096
    assert quoted("c" * 4500) == "c" * 99 + "…" and quoted("short") == "short"
