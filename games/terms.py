"""Game terms as data: the name of each of a game's things in each language, with the forms
sentences need (issue 23 "one term per concept", issue 26 "grammatical case and gender as
data").

A :class:`Term` is declared once, in the game's vocabulary (``games/<id>/vocab.py``,
``TERMS``), and every text that names the thing uses it: the presenter passes the term itself
as a text parameter (``t("majesty.move.take", card=TERMS["character.miller"])``) and the
catalogue entry says which form it takes (``"Take {card}"``, Czech ``"Vzít {card:acc}"``); the
renderer does the same through its ``tr``. The bot's translation function
(:func:`bot.text.i18n.t`) formats a term in the reader's language; formatted outside it (plain
``str.format``), a term gives its English form.

Forms are keyed by name, per language:

* a **case**: ``nom`` (the default), ``gen``, ``dat``, ``acc``, ``loc``, ``ins``; English has
  only ``nom`` and every case falls back to it;
* a case with a **plural category** of CLDR (``one``, ``few``, ``many``, ``other``):
  ``nom.other`` is the English plural, Czech ``nom.few`` / ``gen.other`` are what follows
  "2" / "5" (``2 rudy``, ``5 rud``); :class:`Count` picks them for a number.

A missing form falls back: ``acc.few`` -> ``acc`` -> ``nom.few`` -> ``nom``, and a language
without the term falls back to English. ``gender`` is the grammatical gender per language
(Czech ``m`` animate masculine, ``i`` inanimate masculine, ``f``, ``n``), for texts whose
other words agree with the term.

Nothing here is a rule: terms are what people read, kept in ``games/`` so that the engine's
keys, the presenter and the renderer share one declaration (data is data).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

__all__ = ["CASES", "Count", "Term", "term"]

CASES = ("nom", "gen", "dat", "acc", "loc", "ins")
DEFAULT_LOCALE = "en"


@dataclass(frozen=True)
class Term:
    """One named thing of a game: ``key`` (``"majesty.character.miller"``) and its forms."""

    key: str
    forms: Mapping[str, Mapping[str, str]]
    gender: Mapping[str, str] = field(default_factory=dict)

    def form(self, locale: str = DEFAULT_LOCALE, spec: str = "") -> str:
        """The form ``spec`` (``"acc"``, ``"gen.other"``; ``""`` is ``"nom"``) in ``locale``."""
        for lang in (locale, DEFAULT_LOCALE):
            forms = self.forms.get(lang)
            if forms:
                for name in _fallbacks(spec or "nom"):
                    if name in forms:
                        return forms[name]
        return self.key

    def has(self, locale: str, spec: str) -> bool:
        """Whether ``locale`` declares the form ``spec`` itself (no fallback)."""
        return spec in self.forms.get(locale, {})

    def __format__(self, spec: str) -> str:
        return self.form(DEFAULT_LOCALE, spec)

    def __str__(self) -> str:
        return self.form()


@dataclass(frozen=True)
class Count:
    """``n`` of a term, as a text parameter: ``"3 ore"``, Czech ``"3 rudy"``, ``"5 rud"``.

    The bot formats it with the plural category of ``n`` in the reader's language; the format
    spec names the case the phrase stands in (``{cost:acc}``: "zaplať 1 rudu")."""

    n: int
    term: Term

    def form(self, locale: str, spec: str, category: str) -> str:
        case = spec or "nom"
        return f"{self.n} {self.term.form(locale, f'{case}.{category}')}"

    def __format__(self, spec: str) -> str:
        return self.form(DEFAULT_LOCALE, spec, "one" if abs(self.n) == 1 else "other")

    def __str__(self) -> str:
        return format(self, "")


def _fallbacks(spec: str) -> list[str]:
    """``acc.few`` -> [acc.few, acc, nom.few, nom]; ``nom.other`` -> [nom.other, nom]."""
    case, _, plural = spec.partition(".")
    out = [spec]
    if plural:
        out.append(case)
        if case != "nom":
            out += [f"nom.{plural}", "nom"]
    elif case != "nom":
        out.append("nom")
    return list(dict.fromkeys(out))


def term(
    key: str,
    en: str | Mapping[str, str],
    cs: str | Mapping[str, str] | None = None,
    *,
    gender: str | None = None,
) -> Term:
    """A term from its English and Czech forms: a string is the nominative (``"Miller"``), a
    mapping names forms (``{"nom": "Mlynář", "acc": "Mlynáře"}``); ``gender`` is the Czech one."""
    forms: dict[str, Mapping[str, str]] = {"en": {"nom": en} if isinstance(en, str) else dict(en)}
    if cs is not None:
        forms["cs"] = {"nom": cs} if isinstance(cs, str) else dict(cs)
    return Term(key, forms, {"cs": gender} if gender else {})
