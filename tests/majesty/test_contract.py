"""Majesty's side of the engine contract (issue 10, contract v2 of issue 23): the template's one
validating path with precise codes of the shared kinds, the options checked once, the declared
view shape with its envelope, and the vocabulary (the terms) declared once."""

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
    assert presenter.HOME is vocab.HOME and presenter.TERMS is vocab.TERMS
    assert GAME.view(GAME.setup(["a", "b"], {}, 0), None)["home"] == HOME
    # the English names are the terms' own (the presenter and renderer register none)
    assert vocab.CHARACTER_NAMES == {c: vocab.TERMS[f"character.{c}"].form("en") for c in HOME}


def test_every_named_thing_has_a_term_in_english_and_czech() -> None:
    terms = vocab.TERMS
    wanted = (
        [f"character.{c}" for c in vocab.CHARACTERS]
        + [f"location.{loc}" for loc in vocab.LOCATIONS]
        + [f"ability.{a}" for a in ("heal", "attack", "defend", "exchange", "game_end")]
        + ["side.A", "side.B", "deck.1", "deck.2", "deck", "meeple", "point", "wounded", "card"]
    )
    for key in wanted:
        term = terms[key]
        assert term.key == f"majesty.{key}"
        assert term.has("en", "nom") and term.has("cs", "nom") and term.gender.get("cs"), key
    for c in vocab.CHARACTERS:  # the forms the texts use: "Vzít Mlynářku", "2 Vojáci"
        for spec in ("acc", "gen", "ins", "nom.few", "nom.other"):
            assert terms[f"character.{c}"].has("cs", spec), (c, spec)
        assert terms[f"character.{c}"].has("en", "indef")
    for loc in vocab.LOCATIONS:
        assert terms[f"location.{loc}"].has("en", "short")
        assert terms[f"location.{loc}"].has("cs", "short")
    assert terms["character.miller"].form("cs", "acc") == "Mlynářku"
    assert terms["character.knight"].form("cs", "nom.other") == "Vojáků"
    assert vocab.card_term(27).form("cs", "acc") == "Mlynářku/Vojáka"
    assert vocab.card_term(27).form("en") == "Miller/Knight"
    assert vocab.card_term(1) is terms["character.miller"]
    english = [t.form("en") for t in terms.values()]
    assert len(set(english)) == len(english), "two things share an English name"


def test_options_are_checked_once_with_stable_codes() -> None:
    assert GAME.check_options({"sides": "ABBAABAB"}, 3) is None
    assert GAME.check_options({}, 2) is None
    for options, n, code in [
        ({"sides": "ABC"}, 2, "bad_sides"),
        ({"sides": 8}, 2, "bad_sides"),
        ({"mixed_deck": 1}, 2, "bad_value"),
        ({"colour": "red"}, 2, "unknown_option"),
        ({}, 5, "bad_players"),
        ({}, 1, "bad_players"),
    ]:
        problem = GAME.option_check(options, n)
        assert problem is not None and problem.code == code, (options, n, problem)
    problem = GAME.option_check({"sides": "ABC"}, 2)
    assert problem is not None and problem.params == {"value": "ABC"}
    assert "8 letters A or B" in problem.message and "'ABC'" in problem.message


def test_the_engine_is_a_contract_v2_game() -> None:
    from games.base import Envelope, Game, GameBase, Previewable
    from games.majesty.views import MajestyFields

    assert isinstance(GAME, GameBase) and isinstance(GAME, Game)
    assert isinstance(GAME, Previewable)
    assert GAME.schema == 2 and GAME.move_types == {
        "take",
        "place",
        "heal_place",
        "castle_exchange",
    }
    s = GAME.setup(["a", "b"], {}, 0)
    v = GAME.view(s, "a")
    assert set(v["envelope"]) == set(Envelope.__annotations__)
    assert set(GAME.show(s, "a")) == set(MajestyFields.__annotations__) == set(v) - {"envelope"}
    assert "last_events" not in v and "last_events" not in s
    assert GAME.legal_moves(s, GAME.actors(s)[0]) and GAME.legal_moves(s, "nobody") == []
