"""Every user-facing text goes through :func:`t`. English is the only catalogue for now.

Keys are dotted (``"lobby.joined"``, ``"majesty.move.take"``); each game's presenter registers
its own keys with :func:`register`. A missing key falls back to the key itself, so a gap shows
up in tests instead of crashing a command. Parameters use ``str.format`` names.
"""

from __future__ import annotations

from typing import Any

CATALOGS: dict[str, dict[str, str]] = {"en": {}}
DEFAULT_LOCALE = "en"


def register(entries: dict[str, str], locale: str = "en") -> None:
    """Add ``entries`` to the catalogue of ``locale``; a key may be registered only once."""
    catalog = CATALOGS.setdefault(locale, {})
    for key, text in entries.items():
        if key in catalog and catalog[key] != text:
            raise ValueError(f"i18n key registered twice with different text: {key}")
        catalog[key] = text


def t(key: str, locale: str | None = None, /, **params: Any) -> str:
    """The text for ``key`` in ``locale`` (English by default), formatted with ``params``."""
    catalog = CATALOGS.get(locale or DEFAULT_LOCALE) or CATALOGS["en"]
    text = catalog.get(key) or CATALOGS["en"].get(key) or key
    try:
        return text.format(**params) if params else text
    except (KeyError, IndexError, ValueError):
        return text


def has(key: str) -> bool:
    return key in CATALOGS["en"]
