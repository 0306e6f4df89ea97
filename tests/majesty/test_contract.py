"""Majesty's side of the engine contract (issue 10): the one validating path with precise codes
of the shared kinds, the declared view shape, and the vocabulary declared once."""

from __future__ import annotations

import pytest

from bot.text.presenters import majesty as presenter
from games.ai import play_out
from games.base import GAME_OVER, MALFORMED, NOT_LEGAL, NOT_YOUR_TURN, IllegalMove
from games.majesty import GAME, HOME, vocab
from games.majesty.views import (
    CardView,
    DisplaySlotView,
    MajestyView,
    MajorityView,
    RealmView,
)
from tests.majesty.helpers import build, filler


def kind_of(state, player, move) -> tuple[str, str]:
    with pytest.raises(IllegalMove) as info:
        GAME.apply(state, player, move)
    return info.value.code, info.value.kind


def test_refusals_carry_a_shared_kind_in_validate_order() -> None:
    s = build(["ann", "bob"], realms={"ann": {"meeples": 2}}, display=[2, 12, 1, 15, 18, 8])
    assert kind_of(s, "ann", {"type": "draw"}) == ("bad_move", MALFORMED)
    assert kind_of(s, "ann", {"type": "take", "index": True}) == ("bad_move", MALFORMED)
    # the move must exist before whose turn it is matters (games.base.validate's order)
    assert kind_of(s, "bob", {"type": "draw"}) == ("bad_move", MALFORMED)
    assert kind_of(s, "bob", {"type": "take", "index": 0}) == ("not_your_turn", NOT_YOUR_TURN)
    assert kind_of(s, "ann", {"type": "place", "character": "miller"}) == ("wrong_step", NOT_LEGAL)
    assert kind_of(s, "ann", {"type": "take", "index": 6}) == ("bad_index", NOT_LEGAL)
    assert kind_of(s, "ann", {"type": "take", "index": 3}) == ("cannot_afford", NOT_LEGAL)
    final, _ = play_out(GAME, GAME.setup(["a", "b"], {}, 3), 3)
    assert kind_of(final, "a", {"type": "take", "index": 0}) == ("game_over", GAME_OVER)


def _keys(td: type) -> set[str]:
    return set(td.__annotations__)


def test_view_has_the_declared_shape() -> None:
    s = build(
        ["ann", "bob"],
        sides="B",
        realms={"ann": {"mill": [1], "infirmary": [3]}},
        display=[27, *filler(5)],
    )
    s2, _ = GAME.apply(s, "ann", {"type": "take", "index": 0})
    for state in (s, s2):
        v = GAME.view(state, "ann")
        assert set(v) == _keys(MajestyView)
        assert set(v["display"][0]) == _keys(DisplaySlotView)
        assert set(v["display"][0]["card"]) == _keys(CardView)
        assert set(v["realms"]["ann"]) == _keys(RealmView)
        assert set(v["majority"]["mill"]) == _keys(MajorityView)
        assert set(v["realms"]["ann"]["locations"]["mill"][0]) == {"id", "characters", "as"}
    assert GAME.view(s2, None)["pending"]["kind"] == "place"


def test_vocabulary_is_declared_once() -> None:
    assert list(vocab.LOCATION_NAMES) == list(vocab.LOCATIONS)
    assert set(vocab.CHARACTER_NAMES) == set(vocab.CHARACTERS) == set(vocab.CHAR_COLOUR)
    assert all(HOME[vocab.CHARACTER_AT[loc]] == loc for loc in vocab.REALM_LOCATIONS)
    assert vocab.ABILITY == {"cottage": "heal", "guardhouse": "defend", "barracks": "attack"}
    assert presenter.HOME is vocab.HOME and presenter.CHARACTER_NAMES is vocab.CHARACTER_NAMES
    assert GAME.view(GAME.setup(["a", "b"], {}, 0), None)["home"] == HOME
