"""Issue 26 for Empire Engine's own texts: the accusative after a verb, nothing logged that did
not happen, no player's gender assumed in Czech, and no codes on the status lines."""

from __future__ import annotations

import random
import re

from babel.messages.pofile import read_po

from bot.text import i18n
from bot.text.i18n import using
from bot.text.presenters.empire_engine import PRESENTER
from games.empire_engine import GAME


def name(p: str) -> str:
    return p


def whole_game_lines(players: list[str], seed: int, lang: str) -> list[str]:
    s = GAME.setup(players, {}, seed)
    rng = random.Random(seed)
    lines: list[str] = []
    while not GAME.is_over(s):
        actor = rng.choice(GAME.actors(s))
        s, events = GAME.apply(s, actor, rng.choice(GAME.legal_moves(s, actor)))
        with using(lang):
            lines += [x for e in events if (x := PRESENTER.event_text(e, name))]
    return lines


def test_an_export_of_no_goods_and_an_idle_defend_are_not_logged() -> None:
    """ "alice exports 0 goods to the score pile." and "cyril's Defend is idle." never appear."""
    events = [
        {"type": "exported", "player": "a", "goods": 0, "bonus_good": 0, "joint": False},
        {"type": "defend_idle", "player": "c", "bonus_ready_soldier": 0},
    ]
    for lang in ("en", "cs"):
        with using(lang):
            assert [PRESENTER.event_text(e, name) for e in events] == [None, None]
    with using("en"):
        kept = {"type": "exported", "player": "a", "goods": 2, "bonus_good": 0, "joint": False}
        assert PRESENTER.event_text(kept, name) == "a exports 2 goods to the score pile."
        bonus = {"type": "defend_idle", "player": "c", "bonus_ready_soldier": 1}
        assert "Honour Guard" in str(PRESENTER.event_text(bonus, name))
    for lang in ("en", "cs"):
        for line in whole_game_lines(["a", "b", "c"], 3, lang):
            assert not re.search(r"\b0 (goods|zboží)\b", line), line
            assert "is idle." not in line and "zůstává nevyužitá." not in line, line


def test_a_cube_laid_on_a_gear_is_in_the_accusative() -> None:
    """ "… a pokládá na ni voják" was the nominative: it is "vojáka"."""
    event = {"type": "placed", "player": "a", "card": "L", "pay": "soldier", "slot": 1}
    with using("cs"):
        line = PRESENTER.event_text(event, name)
    assert line is not None and "pokládá na ni vojáka" in line


def test_czech_texts_about_players_name_them_without_case_or_gender() -> None:
    """No "útočí na hráče alice, který …": names as subjects or after a colon."""
    path = i18n.po_path("cs")
    with open(path, "rb") as fh:
        catalog = read_po(fh, locale="cs")
    for message in catalog:
        key = message.id if isinstance(message.id, str) else message.id[0]
        if not key.startswith("empire_engine."):
            continue
        strings = [message.string] if isinstance(message.string, str) else message.string
        for text in strings:
            assert not re.search(r"hráč(e|i|em|ovi) \{", text), (key, text)
            assert not re.search(r"\b(exportoval|napadl|zaútočil)\b", text), (key, text)
    with using("cs"):
        lines = whole_game_lines(["a", "b", "c", "d"], 5, "cs")
    assert any(" útočí kartou " in line and "cíl: " in line for line in lines)


def test_status_lines_say_piles_in_words() -> None:
    """ "ready 1S 1G" and "?/?" were codes nothing explained (issue 24 item 6)."""
    s = GAME.setup(["a", "b", "c"], {}, 1)
    view = GAME.view(s, None)
    with using("en"):
        text = PRESENTER.status_text(view, name)
    assert "ready pile: 1 soldier, 1 good" in text and "face down / face down" in text
    assert "?" not in text and not re.search(r"\b\d[SGI]\b", text)
    with using("cs"):
        text = PRESENTER.status_text(view, name)
    assert "hromádka zdrojů: 1 voják, 1 zboží" in text and "lícem dolů / lícem dolů" in text


def teaching_texts(lang: str) -> list[str]:
    """Every teaching text of Empire Engine in ``lang``: rules pages, references, teach lines,
    and the Why? answers of a seeded 4-player team game."""
    from games.empire_engine import GAME as G

    out: list[str] = []
    with using(lang):
        for topic in PRESENTER.rules_topics():
            out += list(PRESENTER.rules_page(topic))
        out += [PRESENTER.reference_text(k) for k in PRESENTER.references()]
        out += [
            x
            for s in ("orient", "plan", "block", "steal", "salvage", "joint_export")
            if (x := PRESENTER.teach_text(s))
        ]
        s = G.setup(["a", "b", "c", "d"], {"teams": True, "team_joint_export": True}, 6)
        rng = random.Random(6)
        while not G.is_over(s):
            actor = rng.choice(G.actors(s))
            moves = G.legal_moves(s, actor)
            options = [(m, G.preview(s, actor, m)) for m in moves]
            for line in PRESENTER.why(G.view(s, actor), actor, options, name):
                out += [line.label, line.text]
            s, _ = G.apply(s, actor, rng.choice(moves))
    return out


def test_the_teaching_texts_pass_the_corpus_checks() -> None:
    """The whole-game corpus checks (tests/corpus.py) over the texts the corpus game does not
    reach: rules pages, references, teach lines, Why? answers."""
    from tests import corpus as C

    for lang in ("en", "cs"):
        texts = [C.Text("teaching", "ephemeral", x) for x in teaching_texts(lang)]
        found = C.Corpus("empire_engine", lang, 4, 6, texts=texts)
        for check in (
            C.check_braces,
            C.check_english,
            C.check_one_plural,
            C.check_point_zero,
            C.check_czech_counts,
            C.check_czech_cases,
        ):
            assert not check(found), (lang, check.__name__, check(found)[:5])
