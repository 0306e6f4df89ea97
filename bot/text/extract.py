"""Regenerate the template and merge every catalogue: ``python -m bot.text.extract``.

The English source texts are collected from the registered catalogues (the bot's and every
game presenter's), written to ``bot/text/locale/crowntable.pot`` with their English text as a
translator's comment, and merged into each ``<lang>/LC_MESSAGES/crowntable.po``: translations
already made are kept, new keys arrive empty, keys that no longer exist are dropped, and a
translation whose English text has changed is marked fuzzy (the tests refuse fuzzy entries).
``--check`` writes nothing and exits 1 when a catalogue is out of date.

A run that would drop more than :data:`DROP_LIMIT` translated entries writes nothing and
exits 2 (a presenter that failed to register its texts, or a half-made edit, would otherwise
wipe their translations); ``--drop`` allows it when the keys really are gone.
"""

from __future__ import annotations

import argparse
import importlib
import io
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, write_po

import games
from bot.text import catalog_en, i18n, presenters

_ = catalog_en  # registers the bot's own texts
DOMAIN = getattr(i18n, "DOMAIN", "crowntable")
LOCALE_DIR = getattr(i18n, "LOCALE_DIR", Path(i18n.__file__).with_name("locale"))
LOCALES = getattr(i18n, "LOCALES", ("en", "cs"))
DEFAULT_LOCALE = "en"
FIXED_DATE = datetime(2026, 12, 1, tzinfo=UTC)
DROP_LIMIT = 10  # translated entries one run may drop without --drop


class TooManyDropped(Exception):
    def __init__(self, locale: str, keys: list[str]) -> None:
        super().__init__(
            f"{locale}: {len(keys)} translated entries would be dropped "
            f"({', '.join(keys[:5])}, ...); nothing written. If these keys are "
            "gone on purpose, run again with --drop."
        )
        self.keys = keys


def po_path(locale: str) -> Path:
    return LOCALE_DIR / locale / "LC_MESSAGES" / f"{DOMAIN}.po"


def english() -> dict[str, Any]:
    """Every registered English text, after loading every game's presenter."""
    for game_id in games.REGISTRY:
        presenters.get(game_id)
    # the images' words (img.*): registered by bot.core.render, which sits above bot.text and
    # is imported by name here, as the presenters are (extraction is an entry point)
    importlib.import_module("bot.core.render")
    return dict(sorted(i18n.CATALOGS["en"].items()))


def template(entries: dict[str, Any]) -> Catalog:
    pot = Catalog(
        project="crowntable", domain=DOMAIN, creation_date=FIXED_DATE, revision_date=FIXED_DATE
    )
    for key, text in entries.items():
        msgid: str | tuple[str, str] = (key, key) if isinstance(text, tuple) else key
        english_text = " | ".join(text) if isinstance(text, tuple) else text
        pot.add(msgid, auto_comments=[english_text], flags=("python-brace-format",))
    return pot


def _dump(catalog: Catalog) -> bytes:
    buf = io.BytesIO()
    write_po(buf, catalog, width=100, omit_header=False, sort_output=True, ignore_obsolete=True)
    return buf.getvalue()


def _key(message: Message) -> str:
    return str(message.id[0] if isinstance(message.id, (list, tuple)) else message.id)


def _english_of(message: Message) -> str:
    """The English text recorded beside an entry (its comment; line breaks do not count)."""
    return " ".join(" ".join(message.auto_comments).split())


def _flag_changed(catalog: Catalog, before: dict[str, str]) -> None:
    """A translation made for an English text that has changed since is marked fuzzy, as
    gettext does for a changed msgid (here the msgid is the key and never changes); the
    translator checks it and removes the flag."""
    for message in catalog:
        key = _key(message) if message.id else ""
        if key in before and before[key] != _english_of(message):
            message.flags.add("fuzzy")


def merged(locale: str, pot: Catalog, drop: bool = False) -> bytes:
    """The ``locale`` catalogue merged with ``pot``; :class:`TooManyDropped` when that would
    drop more than DROP_LIMIT translations and ``drop`` is not set."""
    path = po_path(locale)
    if path.exists():
        with path.open("rb") as fh:
            catalog = read_po(fh, locale=locale)
    else:
        catalog = Catalog(
            locale=locale,
            project="crowntable",
            domain=DOMAIN,
            creation_date=FIXED_DATE,
            revision_date=FIXED_DATE,
        )
    before = {_key(m): _english_of(m) for m in catalog if m.id and m.string}
    keys = {_key(m) for m in pot if m.id}
    dropped = sorted(k for k in before if k not in keys)
    if len(dropped) > DROP_LIMIT and not drop:
        raise TooManyDropped(locale, dropped)
    catalog.update(pot, no_fuzzy_matching=True)
    _flag_changed(catalog, before)
    catalog.obsolete.clear()
    catalog.fuzzy = False
    return _dump(catalog)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.text.extract")
    parser.add_argument("--check", action="store_true", help="exit 1 if anything is stale")
    parser.add_argument(
        "--drop",
        action="store_true",
        help=f"allow dropping more than {DROP_LIMIT} translated entries",
    )
    args = parser.parse_args(argv)
    pot = template(english())
    outputs = {LOCALE_DIR / f"{DOMAIN}.pot": _dump(pot)}
    try:
        for locale in LOCALES:
            if locale != DEFAULT_LOCALE:
                outputs[po_path(locale)] = merged(locale, pot, args.drop)
    except TooManyDropped as exc:
        print(exc, file=sys.stderr)
        return 2
    stale = []
    for path, data in outputs.items():
        if not path.exists() or path.read_bytes() != data:
            stale.append(path)
            if not args.check:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(data)
    for path in stale:
        print(("stale: " if args.check else "wrote ") + str(path))
    return 1 if (args.check and stale) else 0


if __name__ == "__main__":
    sys.exit(main())
