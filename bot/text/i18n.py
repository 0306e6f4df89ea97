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
"""

from __future__ import annotations

import io
import logging
from collections.abc import Mapping
from gettext import GNUTranslations
from pathlib import Path
from typing import Any

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

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


def normalise(locale: Any) -> str:
    """``"cs"``, ``"cs-CZ"``, ``discord.Locale.czech`` -> ``"cs"``; unknown -> English."""
    text = str(getattr(locale, "value", locale) or "").replace("_", "-").lower()
    base = text.split("-", 1)[0]
    return base if base in LOCALES else DEFAULT_LOCALE


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


def _format(text: str, params: dict[str, Any]) -> str:
    try:
        return text.format(**params) if params else text
    except (KeyError, IndexError, ValueError, AttributeError):
        log.warning("text %r could not take %s", text, sorted(params))
        return text


def t(key: str, locale: str | None = None, /, **params: Any) -> str:
    """The text for ``key`` in ``locale`` (English by default), formatted with ``params``."""
    return _format(_lookup(key, normalise(locale), None), params)


def tn(key: str, n: int, locale: str | None = None, /, **params: Any) -> str:
    """The plural form of ``key`` for the count ``n`` in ``locale``; ``n`` is also a param."""
    return _format(_lookup(key, normalise(locale), int(n)), {"n": n, **params})


def has(key: str) -> bool:
    return key in CATALOGS["en"]
