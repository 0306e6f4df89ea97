"""The gettext catalogues against the English sources (issue 12 items 1, 2 and 4).

Every English text registered by the bot (``bot/text/catalog_en.py``) and by each game's
presenter must have a Czech translation in ``bot/text/locale/cs/LC_MESSAGES/crowntable.po``:
not empty, not fuzzy, with the same named ``str.format`` fields, with all three Czech plural
forms where the English text is a plural entry, drawable with the bundled DejaVu fonts, and the
template must be what ``python -m bot.text.extract`` would write now.

The checks are small functions returning a list of problems, so each is also tested on a
planted bad catalogue: a check that cannot fail proves nothing.
"""

from __future__ import annotations

import io
import re
import unicodedata
from collections.abc import Callable, Iterator
from functools import cache
from gettext import GNUTranslations
from pathlib import Path
from string import Formatter
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from PIL import ImageFont

from bot.text import extract

ROOT = Path(__file__).resolve().parents[1]
FONTS = (
    ROOT / "renderers" / "fonts" / "DejaVuSans.ttf",
    ROOT / "renderers" / "fonts" / "DejaVuSans-Bold.ttf",
)
#: English-only grammar fields ("{article} Knight"): Czech has its own forms and may leave them
#: out; every other field must be kept, and no field may be added. A count is never such a
#: field: it is a plural entry (a tuple, CLDR forms), see test_no_english_text_makes_its_own_plural.
ENGLISH_GRAMMAR_FIELDS = frozenset({"article"})
#: a hand-made English plural: "meeple{s}", "card{ks}" (the count's plural belongs in a tuple)
HAND_PLURAL = re.compile(r"[a-z]\{[a-z]?s\}")
#: an English-style "(s)" plural, or a Czech one such as "karta(y)" / "hráč(i)"
PAREN_PLURAL = re.compile(r"\w\((?:s|es|a|y|e|i|ů|ch|ové)\)")
CZECH_PLURALS = 3  # CLDR: one (1), few (2-4), other (5+, fractions)
Entry = str | tuple[str, ...]


# -- loading ----------------------------------------------------------------------------------


@cache
def english() -> dict[str, Entry]:
    return dict(extract.english())


def read_catalog(path: Path, locale: str = "cs") -> Catalog:
    with path.open("rb") as fh:
        return read_po(fh, locale=locale)


@cache
def czech() -> Catalog:
    return read_catalog(extract.po_path("cs"))


def _key(message: Any) -> str:
    return str(message.id[0] if isinstance(message.id, tuple) else message.id)


def _forms(text: Entry | list[str] | None) -> tuple[str, ...]:
    if text is None:
        return ()
    return tuple(text) if isinstance(text, (tuple, list)) else (text,)


def fields(text: str) -> set[str]:
    """The named fields of a ``str.format`` text (``"{n:+d} {who}"`` -> ``{"n", "who"}``)."""
    names = set()
    for _, name, _, _ in Formatter().parse(text):
        if name is not None:
            names.add(re.split(r"[.\[]", name, maxsplit=1)[0])
    return names


# -- the checks -------------------------------------------------------------------------------


def missing_keys(en: dict[str, Entry], catalog: Catalog) -> list[str]:
    have = {_key(m) for m in catalog if m.id}
    return [f"{key}: no entry" for key in en if key not in have]


def untranslated(en: dict[str, Entry], catalog: Catalog) -> list[str]:
    problems = []
    for message in catalog:
        if not message.id or _key(message) not in en or en[_key(message)] == "":
            continue  # (an empty English text, a blank on an image, stays blank)
        if message.fuzzy:
            problems.append(f"{_key(message)}: fuzzy")
        if not all(form.strip() for form in _forms(message.string)) or not message.string:
            problems.append(f"{_key(message)}: empty translation")
    return problems


def plural_problems(en: dict[str, Entry], catalog: Catalog) -> list[str]:
    problems = []
    for message in catalog:
        key = _key(message) if message.id else ""
        if key not in en:
            continue
        if isinstance(en[key], tuple) != bool(message.pluralizable):
            problems.append(f"{key}: plural in one language only")
        elif message.pluralizable and len(_forms(message.string)) != CZECH_PLURALS:
            problems.append(f"{key}: {len(_forms(message.string))} of {CZECH_PLURALS} forms")
    return problems


def placeholder_problems(en: dict[str, Entry], catalog: Catalog) -> list[str]:
    problems = []
    for message in catalog:
        key = _key(message) if message.id else ""
        if key not in en:
            continue
        wanted = set().union(*(fields(form) for form in _forms(en[key])))
        for form in _forms(message.string):
            try:
                got = fields(form)
            except ValueError as exc:
                problems.append(f"{key}: not a format string ({exc})")
                continue
            if got - wanted or (wanted - got) - ENGLISH_GRAMMAR_FIELDS:
                problems.append(f"{key}: fields {sorted(got)} instead of {sorted(wanted)}")
    return problems


def paren_plurals(catalog: Catalog) -> list[str]:
    return [
        f"{_key(m)}: {hit.group()!r}"
        for m in catalog
        if m.id
        for form in _forms(m.string)
        for hit in PAREN_PLURAL.finditer(form)
    ]


def _glyph_checker(path: Path) -> Callable[[str], bool]:
    font = ImageFont.truetype(str(path), 24)

    def signature(ch: str) -> tuple[Any, bytes]:
        mask = font.getmask(ch)
        return mask.size, bytes(mask)

    notdef = signature("\ue000")  # a private-use code point: no font has it, so .notdef is drawn
    return lambda ch: ch.isspace() or signature(ch) != notdef


def _emoji_kept_from_english(ch: str, english_text: str) -> bool:
    """Emoji the English text has too: Discord draws them in messages, the images never do."""
    return ch in english_text and (unicodedata.category(ch) == "So" or ch == "\ufe0f")


def missing_glyphs(en: dict[str, Entry], catalog: Catalog, font: Path) -> list[str]:
    has_glyph = _glyph_checker(font)
    problems = set()
    for message in catalog:
        key = _key(message) if message.id else ""
        source = " ".join(_forms(en.get(key)))
        for form in _forms(message.string):
            for ch in form:
                if not has_glyph(ch) and not _emoji_kept_from_english(ch, source):
                    problems.add(f"{key}: U+{ord(ch):04X} {ch!r} not in {font.name}")
    return sorted(problems)


#: keys a text may share with another (the slash commands' localisation: Discord's names,
#: descriptions and choices, which may repeat a sentence said elsewhere)
SHARED_TEXT_OK = ("command.", "option.", "cmd.")


def is_game_key(key: str) -> bool:
    """A game's own key (``<game>.*``, ``img.<game>.*``, a title ``game.<id>.title``)."""
    import games

    ids = {*games.REGISTRY, "ee"}  # the Empire Engine images' words are img.ee.*
    parts = key.split(".")
    return parts[0] in ids or parts[0] == "game" or (parts[0] == "img" and parts[1] in ids)


def worded_twice(en: dict[str, Entry], pending: frozenset[str] = frozenset()) -> list[str]:
    """Texts whose English sits under two keys of which one is shared (not a game's own);
    a game's keys among themselves are the games' to sort out."""
    by_text: dict[Entry, list[str]] = {}
    for key, text in en.items():
        if not key.startswith(SHARED_TEXT_OK) and key not in pending and text != "":
            by_text.setdefault(text, []).append(key)
    return [
        f"{sorted(keys)}: {text!r}"
        for text, keys in by_text.items()
        if len(keys) > 1 and not all(is_game_key(k) for k in keys)
    ]


# -- the real catalogue -----------------------------------------------------------------------


def test_no_english_text_is_worded_under_two_shared_keys() -> None:
    """One wording per text (issue 23 item 3): a sentence the bot says in two places has one
    key, and a game uses the shared key for a shared sentence."""
    assert worded_twice(english()) == []


def test_the_images_shared_words_are_the_bots() -> None:
    """The renderers' default English of a word they share with the bot (a score's unit) is
    the bot's own text of it: the images look it up under the bot's key."""
    from bot.core.render import SHARED_WORDS
    from renderers import text_en

    for word, key in SHARED_WORDS.items():
        assert text_en.CATALOG[word] == english()[key], word
        assert "img." + word not in english(), word


def test_worded_twice_is_caught() -> None:
    en: dict[str, Entry] = {
        "board.title": "{game} · table #{id}",
        "lobby.title": "{game} · table #{id}",
        "majesty.a": "x",
        "img.majesty.a": "x",  # a game's own pair: the game's business
        "cmd.a": "Start",
        "lobby.start": "Start",  # a command's description may repeat it
    }
    assert worded_twice(en) == ["['board.title', 'lobby.title']: '{game} · table #{id}'"]


# -- the real catalogue -----------------------------------------------------------------------


def test_every_english_key_has_a_czech_entry() -> None:
    assert missing_keys(english(), czech()) == []


def test_no_translation_is_empty_or_fuzzy() -> None:
    assert untranslated(english(), czech()) == []


def test_plural_entries_have_all_three_czech_forms() -> None:
    assert czech().num_plurals == CZECH_PLURALS
    assert plural_problems(english(), czech()) == []


def test_placeholders_match_english() -> None:
    assert placeholder_problems(english(), czech()) == []


def test_no_parenthesised_plurals_in_czech() -> None:
    assert paren_plurals(czech()) == []


def english_paren_plurals(en: dict[str, Entry]) -> list[str]:
    """'(s)' plurals and hand-made ones ("card{s}") in the English texts."""
    return [
        f"{key}: {hit.group()!r}"
        for key, entry in en.items()
        for form in _forms(entry)
        for pattern in (PAREN_PLURAL, HAND_PLURAL)
        for hit in pattern.finditer(form)
    ]


def test_no_english_text_makes_its_own_plural() -> None:
    """Issue 12: no "(s)" in either language, and no "{n} card{s}": counts are plural entries."""
    assert english_paren_plurals(english()) == []
    assert english_paren_plurals(
        {
            "a": "{n} card(s)",
            "b": "{n} meeple{s}",
            "c": "{n} Knight{ks}",
            "d": ("{n} card", "{n} cards"),
        }
    ) == ["a: 'd(s)'", "b: 'e{s}'", "c: 't{ks}'"]


@pytest.mark.parametrize("font", FONTS, ids=lambda p: p.name)
def test_every_czech_character_has_a_glyph_in_the_bundled_font(font: Path) -> None:
    assert missing_glyphs(english(), czech(), font) == []


#: words that are the same in Czech ("+10 bonus", "5 mana"), names (the bot's, Majesty's, which
#: the Czech edition keeps), "Band." (Bandité, abbreviated on the TEK map) and "Galson" (a TEK
#: territory, the same in the Czech rulebook), "Export" (the Czech Empire Engine rulebook's word)
SAME_IN_CZECH = frozenset(
    {"bonus", "mana", "crowntable", "majesty", "Majesty", "teleport", "Band", "Galson", "Export"}
)


def left_in_english(en: dict[str, Entry], catalog: Catalog) -> list[str]:
    """Keys whose Czech is the English text itself although that text has words."""
    problems = []
    for message in catalog:
        key = _key(message) if message.id else ""
        if key in en and _forms(message.string) == _forms(en[key]):
            words = set(re.findall(r"[A-Za-z]{3,}", re.sub(r"\{[^}]*\}", "", str(message.string))))
            if words - SAME_IN_CZECH:
                problems.append(f"{key}: still English ({sorted(words)})")
    return problems


def test_no_text_is_left_in_english() -> None:
    assert left_in_english(english(), czech()) == []
    assert left_in_english(PLANTED_EN, _planted({"b": "{player} wins", "d": "Kolo {round}"})) == [
        "b: still English (['wins'])"
    ]


def test_slash_command_descriptions_fit_discord() -> None:
    """Discord refuses a localised command or option description over 100 characters."""
    long = [
        _key(m)
        for m in czech()
        if m.id and _key(m).startswith("cmd.") and any(len(form) > 100 for form in _forms(m.string))
    ]
    assert long == []


def test_template_and_catalogue_are_up_to_date() -> None:
    """``python -m bot.text.extract --check``: run the command without it to regenerate."""
    assert extract.main(["--check"]) == 0


def test_catalogue_compiles_and_answers_in_czech() -> None:
    buf = io.BytesIO()
    write_mo(buf, czech(), use_fuzzy=False)
    buf.seek(0)
    tr = GNUTranslations(buf)
    assert tr.gettext("lobby.join") == "Přidat se"
    assert tr.gettext("majesty.fx.mill.A") == "+2 za Mlynářku"
    assert tr.gettext("tek.move.collect") == "Získat zdroje"


# -- the checks can fail ----------------------------------------------------------------------


def _planted(entries: dict[str, Entry], *, fuzzy: tuple[str, ...] = ()) -> Catalog:
    catalog = Catalog(locale="cs")
    for key, text in entries.items():
        msgid: str | tuple[str, str] = (key, key) if isinstance(text, tuple) else key
        catalog.add(msgid, text, flags=("fuzzy",) if key in fuzzy else ())
    return catalog


PLANTED_EN: dict[str, Entry] = {
    "a": "Take {article} {card} (cost {cost})",
    "b": "{player} wins",
    "c": ("{n} card", "{n} cards"),
    "d": "Round {round}",
}


def test_checks_catch_a_planted_bad_catalogue() -> None:
    bad = _planted(
        {
            "a": "Vzít {card} za {price}",
            "b": "",
            "c": ("{n} karta", "{n} karty"),
            "d": "Kolo {round",
        },
        fuzzy=("b",),
    )
    assert missing_keys({**PLANTED_EN, "e": "new"}, bad) == ["e: no entry"]
    assert untranslated(PLANTED_EN, bad) == ["b: fuzzy", "b: empty translation"]
    assert plural_problems(PLANTED_EN, bad) == ["c: 2 of 3 forms"]
    placeholders = placeholder_problems(PLANTED_EN, bad)
    assert placeholders[0] == "a: fields ['card', 'price'] instead of ['article', 'card', 'cost']"
    assert placeholders[1].startswith("b: fields [] instead of ['player']")
    assert placeholders[2].startswith("d: not a format string")


def test_checks_accept_a_good_catalogue() -> None:
    good = _planted(
        {
            "a": "Vzít {card} (platíš pomocníky: {cost})",
            "b": "{player} vyhrává",
            "c": ("{n} karta", "{n} karty", "{n} karet"),
            "d": "Kolo {round}",
        }
    )
    for check in (missing_keys, untranslated, plural_problems, placeholder_problems):
        assert check(PLANTED_EN, good) == []
    assert paren_plurals(good) == []


def test_plural_only_in_english_is_caught() -> None:
    assert plural_problems(PLANTED_EN, _planted({"c": "{n} karet"})) == [
        "c: plural in one language only"
    ]


def test_paren_plurals_and_missing_glyphs_are_caught() -> None:
    bad = _planted({"b": "{player} má 3 karta(y)", "d": "Kolo {round} \u4e00 🎲"})
    assert paren_plurals(bad) == ["b: 'a(y)'"]
    problems = missing_glyphs(PLANTED_EN, bad, FONTS[0])
    assert any("U+4E00" in p for p in problems)
    assert any("U+1F3B2" in p for p in problems)  # an emoji the English text does not have


def _all(catalog: Catalog) -> Iterator[str]:
    for message in catalog:
        if message.id:
            yield from _forms(message.string)


def test_czech_uses_the_rulebook_terms() -> None:
    """A few glossary terms (docs/glossary-cs.md) where players see them most."""
    text = "\n".join(_all(czech()))
    for term in (
        "Mlynářka",
        "Špitál",
        "pomocník",
        "karta mechanismu",
        "hromádka celkového skóre",
        "Trolí vozík",
        "Zloděj",
        "erb",
        "Hlídka",
        "Osidlování",
        "bojová kostka",
        "Podzemí".lower(),
    ):
        assert term in text, term


def test_merge_marks_a_translation_fuzzy_when_its_english_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The msgid is the key, so gettext would not notice a changed English text; extract does."""
    monkeypatch.setattr(extract, "LOCALE_DIR", tmp_path)
    old = Catalog(locale="cs")
    old.add("same", "Stejný", auto_comments=["Same text"])
    old.add("changed", "Starý", auto_comments=["Old text"])
    old.add("count", "{n} karet", auto_comments=["{n} cards"])
    path = extract.po_path("cs")
    path.parent.mkdir(parents=True)
    path.write_bytes(extract._dump(old))
    pot = extract.template(
        {
            "same": "Same text",
            "changed": "New text",
            "new": "Brand new",
            "count": ("{n} card", "{n} cards"),
        }
    )
    merged = read_po(io.BytesIO(extract.merged("cs", pot)), locale="cs")
    fuzzy = {_key(m) for m in merged if m.id and m.fuzzy}
    assert fuzzy == {"changed", "count"}
    assert merged["same"].string == "Stejný"
    assert merged["new"].string == ""
    en: dict[str, Entry] = {
        "same": "Same text",
        "changed": "New text",
        "new": "Brand new",
        "count": ("{n} card", "{n} cards"),
    }
    # a text turned into a plural entry keeps its old form and waits for the other two
    assert "count: empty translation" in untranslated(en, merged)


def test_extract_refuses_to_wipe_many_translations(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A run whose English side lost many keys (a presenter that did not register, a
    half-made edit) writes nothing and exits 2; ``--drop`` allows it."""
    locale_dir = tmp_path / "locale"
    po = locale_dir / "cs" / "LC_MESSAGES" / f"{extract.DOMAIN}.po"
    po.parent.mkdir(parents=True)
    po.write_bytes(extract.po_path("cs").read_bytes())
    monkeypatch.setattr(extract, "LOCALE_DIR", locale_dir)
    full = extract.english()
    kept = dict(list(full.items())[: len(full) - extract.DROP_LIMIT - 1])
    monkeypatch.setattr(extract, "english", lambda: kept)
    before = po.read_bytes()
    assert extract.main([]) == 2
    assert po.read_bytes() == before and not (locale_dir / f"{extract.DOMAIN}.pot").exists()
    assert extract.main(["--drop"]) == 0
    assert len(po.read_bytes()) < len(before)
    # a few keys gone (a text renamed) pass without --drop
    po.write_bytes(before)
    monkeypatch.setattr(extract, "english", lambda: dict(list(full.items())[: len(full) - 2]))
    assert extract.main([]) == 0
