"""Rules §7, "libovolně zkombinovat strany A i B": every one of the 256 side combinations can be
chosen on ``/game new majesty`` (issue 18 item 18), anything else is refused with a clear text."""

from __future__ import annotations

import itertools

import pytest
import pytest_asyncio

from bot.core.errors import HostError
from bot.core.host import SessionHost
from bot.core.store import SQLiteStore
from bot.text.presenters.majesty import PRESENTER, side_choices
from games.majesty import GAME
from games.majesty.vocab import LOCATIONS, SIDE_PRESETS

ALL_SIDES = ["".join(c) for c in itertools.product("AB", repeat=8)]


@pytest_asyncio.fixture
async def host(tmp_path):
    store = SQLiteStore(tmp_path / "t.db", clock=lambda: 1_000_000.0)
    await store.open()
    yield SessionHost(
        store, registry={"majesty": GAME}, now=lambda: 1_000_000.0, seed_source=lambda: 7
    )
    await store.close()


def test_any_combination_of_sides_sets_up_every_location() -> None:
    assert len(ALL_SIDES) == 256
    for letters in ALL_SIDES:
        view = GAME.view(GAME.setup(["a", "b"], {"sides": letters}, 0), None)
        assert view["sides"] == dict(zip(LOCATIONS, letters, strict=True))


@pytest.mark.asyncio
async def test_any_combination_of_sides_opens_a_table(host: SessionHost) -> None:
    """Through the host's generic option check, as ``/game new majesty sides:...`` does."""
    for i, letters in enumerate(["ABBAABAB", "BAAAAAAB", "bbaabbab", "A", "b"]):
        rec = await host.create(
            guild_id="g",
            channel_id=f"c{i}",
            game_id="majesty",
            options={"sides": letters},
            user_id="u",
            user_name="Ann",
        )
        assert rec.options["sides"] == letters


@pytest.mark.asyncio
@pytest.mark.parametrize("bad", ["ABC", "ABABABA", "ABABABABA", "AAAAAAAC", "", "99", 8])
async def test_other_side_strings_are_refused_clearly(host: SessionHost, bad: object) -> None:
    with pytest.raises(HostError) as err:
        await host.create(
            guild_id="g",
            channel_id="c",
            game_id="majesty",
            options={"sides": bad},
            user_id="u",
            user_name="Ann",
        )
    assert err.value.code == "bad_setup"
    text = str(err.value)
    assert "8 letters A or B" in text and "Mill" in text and "Infirmary" in text
    assert repr(bad) in text


def test_the_option_is_free_text_with_the_presets_as_suggestions() -> None:
    spec = {s.name: s for s in PRESENTER.option_specs}["sides"]
    default, allowed = GAME.options["sides"]
    assert spec.kind == "text" and spec.default == default == "AAAAAAAA"
    assert isinstance(allowed, str)  # not enumerable: the host lets setup decide
    assert spec.choices == side_choices() and len(spec.choices) == len(SIDE_PRESETS) == 18
    assert [v for _, v in spec.choices][:3] == ["AAAAAAAA", "BBBBBBBB", "BAAAAAAA"]
    labels = dict((v, lbl) for lbl, v in spec.choices)
    assert labels["AAAAAAAB"] == "Side A, but Infirmary on B: AAAAAAAB"
    assert labels["BBABBBBB"] == "Side B, but Cottage on A: BBABBBBB"
    assert 0 < len(spec.description) <= 100


def test_bool_options_follow_the_engine_table() -> None:
    specs = {s.name: s for s in PRESENTER.option_specs}
    assert list(specs) == list(GAME.options)
    for key in ("mixed_deck", "tiebreak_meeples"):
        assert specs[key].kind == "bool" and specs[key].default is GAME.options[key][0]
