"""Every user-facing text goes through :func:`t` (or :func:`tn` for a count).

Keys are dotted (``"lobby.joined"``, ``"majesty.move.take"``). The English texts are written in
code, beside what uses them (``catalog_en.py`` for the bot, each presenter's ``catalog`` for its
game) and registered with :func:`register`; a plural entry is a tuple of the English forms
(``("{n} coin", "{n} coins")``). Other languages are gettext catalogues,
``bot/text/locale/<lang>/LC_MESSAGES/crowntable.po`` (msgid = the key), compiled with Babel when
first used; their plural forms are CLDR's (Babel writes each catalogue's ``Plural-Forms``), so
Czech gets its three forms (1 karta, 2 karty, 5 karet). ``python -m bot.text.extract``
regenerates the template and merges every catalogue.

A text missing in a language falls back to English for that one text and logs a warning once;
a key missing everywhere shows the key (a test catches that before a player does). Parameters
are named (``str.format`` fields), so a translator may reorder them.

Who reads a text decides its language: ``t(key)`` without a locale answers in the *current*
language, a context variable the adapter sets per reader (:func:`using`: the interaction's
locale for an ephemeral answer, the user's remembered one for a DM, the server's for a channel
message). Asyncio tasks and worker threads inherit it; outside any :func:`using` it is English.
"""

from __future__ import annotations

import contextlib
import io
import logging
from collections.abc import Iterator, Mapping
from contextvars import ContextVar
from gettext import GNUTranslations
from pathlib import Path
from string import Formatter
from typing import Any

from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

from games.terms import Count, Term

log = logging.getLogger(__name__)

DOMAIN = "crowntable"
LOCALE_DIR = Path(__file__).with_name("locale")
DEFAULT_LOCALE = "en"
#: languages with a catalogue; anything else falls back to English
LOCALES: tuple[str, ...] = ("en", "cs")

Entry = str | tuple[str, ...]
CATALOGS: dict[str, dict[str, Entry]] = {"en": {}}
_compiled: dict[str, GNUTranslations | None] = {}
_warned: set[tuple[str, str]] = set()
_current: ContextVar[str] = ContextVar("crowntable_locale", default=DEFAULT_LOCALE)


def normalise(locale: Any) -> str:
    """``"cs"``, ``"cs-CZ"``, ``discord.Locale.czech`` -> ``"cs"``; unknown -> English."""
    text = str(getattr(locale, "value", locale) or "").replace("_", "-").lower()
    base = text.split("-", 1)[0]
    return base if base in LOCALES else DEFAULT_LOCALE


def current() -> str:
    """The language of the reader being written for now (English by default)."""
    return _current.get()


@contextlib.contextmanager
def using(locale: Any) -> Iterator[str]:
    """Write for a reader of ``locale`` (normalised; unknown -> English) inside the block."""
    code = normalise(locale)
    token = _current.set(code)
    try:
        yield code
    finally:
        _current.reset(token)


def set_current(locale: Any) -> str:
    """Make ``locale`` the current language of this task from now on (an interaction's
    handler: its task ends with it). Returns the normalised code."""
    code = normalise(locale)
    _current.set(code)
    return code


def _resolve(locale: Any) -> str:
    return _current.get() if locale is None else normalise(locale)


def register(entries: Mapping[str, Entry], locale: str = "en") -> None:
    """Add English ``entries`` (the source texts); a key may be registered only once."""
    catalog = CATALOGS.setdefault(locale, {})
    for key, text in entries.items():
        if key in catalog and catalog[key] != text:
            raise ValueError(f"i18n key registered twice with different text: {key}")
        catalog[key] = text


def po_path(locale: str) -> Path:
    return LOCALE_DIR / locale / "LC_MESSAGES" / f"{DOMAIN}.po"


def translations(locale: str) -> GNUTranslations | None:
    """The compiled catalogue of ``locale`` (None for English or a missing file)."""
    if locale == DEFAULT_LOCALE:
        return None
    if locale not in _compiled:
        path = po_path(locale)
        if not path.exists():
            _compiled[locale] = None
        else:
            with path.open("rb") as fh:
                catalog = read_po(fh, locale=locale)
            buf = io.BytesIO()
            write_mo(buf, catalog, use_fuzzy=False)
            buf.seek(0)
            _compiled[locale] = GNUTranslations(buf)
    return _compiled[locale]


def _english(key: str, n: int | None) -> str:
    entry = CATALOGS["en"].get(key)
    if entry is None:
        return key
    if isinstance(entry, tuple):
        return entry[0] if n == 1 else entry[-1]
    return entry


def _missing(locale: str, key: str) -> None:
    if (locale, key) not in _warned:
        _warned.add((locale, key))
        log.warning("no %s translation for %r; English is shown", locale, key)


def _lookup(key: str, locale: str, n: int | None) -> str:
    tr = translations(locale)
    if tr is None:
        if locale != DEFAULT_LOCALE:
            _missing(locale, key)
        return _english(key, n)
    if n is None:
        text = tr.gettext(key)
    else:
        text = tr.ngettext(key, key, n)
    if text == key:  # gettext answers the msgid itself when it has no translation
        _missing(locale, key)
        return _english(key, n)
    return text


class _Bound:
    """A game term (``games.terms.Term`` / ``Count``) bound to the reader's language, so that
    ``{card:acc}`` in a catalogue text gives that form in that language."""

    __slots__ = ("locale", "value")

    def __init__(self, value: Term | Count, locale: str) -> None:
        self.value, self.locale = value, locale

    def __format__(self, spec: str) -> str:
        if isinstance(self.value, Count):
            return self.value.form(self.locale, spec, plural_category(self.value.n, self.locale))
        return self.value.form(self.locale, spec)

    def __str__(self) -> str:
        return format(self, "")


def plural_category(n: int | float, locale: str) -> str:
    """CLDR's plural category of ``n`` in ``locale`` (``one``, ``few``, ``many``, ``other``)."""
    return str(Locale.parse(locale).plural_form(abs(n)))


def _bind(params: dict[str, Any]) -> dict[str, Any]:
    if not any(isinstance(v, (Term, Count)) for v in params.values()):
        return params
    code = current()
    return {k: _Bound(v, code) if isinstance(v, (Term, Count)) else v for k, v in params.items()}


def _format(text: str, params: dict[str, Any], locale: str | None = None) -> str:
    if locale is not None and locale != current():
        with using(locale):
            return _format(text, params)
    try:
        return text.format(**_bind(params)) if params else text
    except (KeyError, IndexError, ValueError, AttributeError):
        log.warning("text %r could not take %s", text, sorted(params))
        return text


def t(key: str, locale: str | None = None, /, **params: Any) -> str:
    """The text for ``key`` in ``locale`` (the current language by default), formatted with
    ``params``."""
    code = _resolve(locale)
    return _format(_lookup(key, code, None), params, code)


def tn(key: str, n: int, locale: str | None = None, /, **params: Any) -> str:
    """The plural form of ``key`` for the count ``n`` in ``locale``; ``n`` is also a param."""
    # the form follows the size of the count, as CLDR's operand n does: "-1 point", "-2 points"
    code = _resolve(locale)
    return _format(_lookup(key, code, abs(int(n))), {"n": n, **params}, code)


def has(key: str) -> bool:
    return key in CATALOGS["en"]


def translated(key: str, locale: Any, n: int | None = None) -> str | None:
    """The catalogue's own text for ``key`` in ``locale`` (unformatted), or None when it has
    none: no English fallback and no warning (the slash-command translator asks for many
    keys that may not exist)."""
    code = normalise(locale)
    if code == DEFAULT_LOCALE:
        entry = CATALOGS["en"].get(key)
        if entry is None:
            return None
        return _english(key, n)
    tr = translations(code)
    if tr is None or key not in CATALOGS["en"]:
        return None
    text = tr.gettext(key) if n is None else tr.ngettext(key, key, n)
    return None if text == key else text


_by_english: dict[str, list[str]] = {}
_indexed = [0]


def keys_of(english: str) -> list[str]:
    """The keys whose English text is exactly ``english``, in key order."""
    catalog = CATALOGS["en"]
    if _indexed[0] != len(catalog):
        _by_english.clear()
        for key in sorted(catalog):
            entry = catalog[key]
            if isinstance(entry, str):
                _by_english.setdefault(entry, []).append(key)
        _indexed[0] = len(catalog)
    return list(_by_english.get(english, ()))


def retranslate(english: str) -> str:
    """A text made in English ahead of time (an option's choice label built at import) in
    the current language, found by its English text; unchanged when no key has it."""
    code = current()
    for key in keys_of(english):
        text = translated(key, code)
        if text is not None and not any(f for _, f, _, _ in Formatter().parse(text) if f):
            return text
    return english


def game_title(game_id: str, english: str) -> str:
    """A game's title in the current language (``game.<id>.title``; the engine's own title
    is the English text)."""
    key = f"game.{game_id}.title"
    return t(key) if has(key) else english


# -- numbers in the reader's language (issue 26 item 2) ---------------------------------------
MINUS = "\u2212"  # the minus sign: "−2,8", not a hyphen


def number(value: float, locale: str | None = None, /, digits: int = 1) -> str:
    """``value`` as the reader writes it: ``3,3`` in Czech, ``3.3`` in English, no ``.0`` on
    a whole number, at most ``digits`` decimals, a true minus sign."""
    code = _resolve(locale)
    rounded = round(float(value), digits)
    if rounded == int(rounded):
        rounded = int(rounded)
    pattern = "#,##0" + ("." + "#" * digits if digits > 0 else "")
    text = format_decimal(abs(rounded), format=pattern, locale=code)
    return (MINUS + text) if rounded < 0 else text


def signed(value: float, locale: str | None = None, /, digits: int = 1) -> str:
    """A change with its sign: ``+3,3``, ``−2,8``, ``±0``."""
    text = number(value, locale, digits=digits)
    if round(float(value), digits) > 0:
        return "+" + text
    return text if text.startswith(MINUS) else "\u00b10"


def times(n: int, locale: str | None = None, /) -> str:
    """A multiplier: ``×2`` in every language (one sign, never ``x2``)."""
    return "\u00d7" + number(n, locale, digits=0)


#: the Czech numbers whose spoken genitive takes "ze", not "z" (ze dvou, ze tří, ze čtyř,
#: ze šesti, ze sedmi, ze dvanácti...; z pěti, z osmi, z deseti); tens by their first word
_ZE_UNITS = frozenset({2, 3, 4, 6, 7, 12, 13, 14, 16, 17})
_ZE_TENS = frozenset({2, 3, 4, 6, 7})


def _cs_from(total: int) -> str:
    if total < 20:
        return "ze" if total in _ZE_UNITS else "z"
    if total < 100:
        return "ze" if total // 10 in _ZE_TENS else "z"
    return "ze" if total < 200 else "z"  # ze sta; z dvou set is rare enough to say "z"


def place_of(rank: int, total: int, locale: str | None = None, /) -> str:
    """A place among ``total``: ``1st of 3``, Czech ``1. ze 3`` / ``2. z 5``."""
    code = _resolve(locale)
    if code == "cs":
        return f"{rank}. {_cs_from(total)} {total}"
    return f"{ordinal(rank, code)} of {total}"


def ordinal(n: int, locale: str | None = None, /) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th`` / Czech ``1.``."""
    code = _resolve(locale)
    if code == "cs":
        return f"{n}."
    tail = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{tail}"


# -- option values in words (issue 26 item 4) ------------------------------------------------


def option_name(key: str, locale: str | None = None, /) -> str:
    """An option's name in words: its slash-command name (``option.<key>.name``) with the
    hyphens as spaces, capitalised: ``Teams``, Czech ``Tým společný útok``."""
    entry = f"option.{key}.name"
    name = t(entry, locale) if has(entry) else key
    words = " ".join(name.replace("-", " ").replace("_", " ").split())
    return words[:1].upper() + words[1:]


def option_value(
    value: Any, choices: tuple[tuple[str, Any], ...] = (), locale: str | None = None, /
) -> str:
    """An option's value in words, in ``locale`` (default: the current language): the label
    of its choice, ``yes``/``no``, a number as the reader writes it, a code of letters
    spelled out (``abbaabab`` -> ``A B B A A B A B``)."""
    with using(_resolve(locale)):
        for label, choice in choices:
            if choice == value and type(choice) is type(value):
                shown = retranslate(label)
                if current() == DEFAULT_LOCALE or shown != label or keys_of(label):
                    return shown
                break  # a label made in English with parameters: the value itself, in words
        if isinstance(value, bool):
            return t("word.yes" if value else "word.no")
        if value is None:
            return "\u2014"
        if isinstance(value, (int, float)):
            return number(value)
        text = str(value)
        if text.isalpha() and len(text) > 1 and len(set(text.lower())) <= 2:
            return " ".join(text.upper())
        return retranslate(text)
