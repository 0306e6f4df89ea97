"""Majesty's words (issue 26): case forms as data, points not coins, gender-neutral Czech,
signs and counts by the locale, nothing said that did not happen."""

from __future__ import annotations

from babel.messages.pofile import read_po

from bot.text import presenters
from bot.text.i18n import using
from games.majesty import GAME
from games.majesty.tables import CHARACTERS
from games.majesty.vocab import TERMS
from tests.majesty.helpers import build

PRESENTER = presenters.get("majesty")
PO = "bot/text/locale/cs/LC_MESSAGES/crowntable.po"
ACC = {
    "miller": "Mlynářku",
    "brewer": "Sládka",
    "witch": "Čarodějku",
    "guard": "Stráže",
    "knight": "Vojáka",
    "innkeeper": "Hostinského",
    "noble": "Šlechtičnu",
}


def name(player: str) -> str:
    return player


def test_every_character_declares_the_czech_cases_and_gender() -> None:
    for character in CHARACTERS:
        term = TERMS[f"character.{character}"]
        for form in ("nom", "gen", "dat", "acc", "loc", "ins", "nom.few", "gen.other"):
            assert term.has("cs", form), (character, form)
        assert term.gender["cs"] in ("m", "f")
        assert term.form("cs", "acc") == ACC[character]


def test_take_buttons_put_the_card_in_the_accusative() -> None:
    singles = [1, 8, 12, 15, 18, 20]  # Miller, Brewer, Witch, Guard, Knight, Innkeeper
    state = build(["ann", "bob"], display=singles)
    view = GAME.view(state, "ann")
    with using("cs"):
        labels = [PRESENTER.move_label(view, m, name) for m in GAME.legal_moves(state, "ann")]
    assert labels == [
        "Vzít Mlynářku (zdarma)",
        "Vzít Sládka (za 1 pomocníka)",
        "Vzít Čarodějku (za 2 pomocníky)",
        "Vzít Stráže (za 3 pomocníky)",
        "Vzít Vojáka (za 4 pomocníky)",
        "Vzít Hostinského (za 5 pomocníků)",
    ]


def test_the_score_is_points_never_coins_in_czech() -> None:
    catalogue = read_po(open(PO, "rb"))
    for message in catalogue:
        key = message.id[0] if isinstance(message.id, tuple) else message.id
        if not str(key).startswith("majesty.") or key == "majesty.ref.point":
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            assert "minc" not in text and "mince" not in text, (key, text)
    with using("cs"):
        assert f"{TERMS['point'].form('cs', 'gen.other')}" == "bodů"


def _attack_events(sides: str = "A") -> list[dict]:
    # rules §11 E5: Ann's second Knight; Bob defends, Cat loses the Brewer from her Brewery
    state = build(
        ["ann", "bob", "cat"],
        sides=sides,
        realms={
            "ann": {"barracks": [18]},
            "bob": {"guardhouse": [15, 16], "infirmary": [17]},
            "cat": {"brewery": [8, 25], "guardhouse": [40]},
        },
        display=[45, 46, 56, 42, 43, 44],
    )
    state, _ = GAME.apply(state, "ann", {"type": "take", "index": 2})
    _, events = GAME.apply(state, "ann", {"type": "place", "character": "knight"})
    return events


def test_attack_lines_neither_decline_a_name_nor_assume_a_gender() -> None:
    with using("cs"):
        lines = [PRESENTER.event_text(e, name) for e in _attack_events()]
    assert "ann umisťuje Vojáka do Kasáren." in lines
    assert "ann útočí (2 Vojáci), bob se ubrání (2 Stráže)." in lines
    assert "ann útočí (2 Vojáci): cat přichází o Sládka z Pivovaru, karta jde do Špitálu." in lines
    assert not any("hráče" in str(line) or "který" in str(line) for line in lines)
    with using("en"):
        lines = [PRESENTER.event_text(e, name) for e in _attack_events()]
    assert "ann attacks bob with 2 Knights: defended by 2 Guards." in lines


def test_final_lines_sign_by_the_locale_and_skip_an_empty_infirmary() -> None:
    from tests.majesty.test_examples import E13, _final_state

    _, events = _final_state(E13, "AAAAAAAB")
    with using("cs"):
        lines = [PRESENTER.event_text(e, name) for e in events]
    # side-B Infirmary: -2 per card (Ann 1, Cat 2) and -10 for the most (Cat)
    assert "ann: ve Špitále 1 karta, −2 body." in lines
    assert "cat: ve Špitále 2 karty, −4 body." in lines
    assert not any(str(line).startswith("bob: ve Špitále") for line in lines)
    assert "Většina v budově Špitál (2 karty): cat −10 bodů." in lines
    assert "Většina v budově Mlýn (4 karty): ann, cat +10 bodů." in lines


def test_status_tells_points_so_far_from_the_projection() -> None:
    state = build(["ann", "bob"], realms={"ann": {"mill": [1], "points": 5}})
    with using("en"):
        text = PRESENTER.status_text(GAME.view(state, None), name)
    # 5 points held; if it ended now: 5 + variety 1 + Mill majority 10 = 16
    assert "ann: 5 points so far · 5 meeples · 1 of 12 cards" in text
    assert "if the game ended now: 16 points" in text
    with using("cs"):
        text = PRESENTER.status_text(GAME.view(state, None), name)
    assert "ann: zatím 5 bodů · 5 pomocníků · karty: 1 ze 12" in text
    assert "kdyby hra skončila teď: 16 bodů" in text


def test_the_first_prompt_says_the_start_player_was_drawn() -> None:
    state = GAME.setup(["ann", "bob", "cat"], {}, 4)
    first = GAME.actors(state)[0]
    order = GAME.view(state, None)["order"]
    with using("cs"):
        text = PRESENTER.prompt_context(GAME.view(state, first), first, name)
    assert text == f"Los určil, kdo začíná: {first}; pořadí na tahu: {', '.join(order)}."
    # after the first move (a split card's half or the next player's turn): said once only
    later, _ = GAME.apply(state, first, {"type": "take", "index": 0})
    (actor,) = GAME.actors(later)
    assert PRESENTER.prompt_context(GAME.view(later, actor), actor, name) is None
