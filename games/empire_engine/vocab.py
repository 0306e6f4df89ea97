"""Empire Engine's terms (``games.terms``): every named thing of the game, declared once, in
English and in Czech, with the forms the texts need (issue 23 "one term per concept").

The Czech names are the rulebook's (*Mechanická říše*, ``../shared/seeds/002_…``; the quotes
are in docs/glossary-cs.md, section Empire Engine): **karta soukolí** is the engine card (L, R:
"Karty soukolí jsou označeny jako L … a R"), **karta mechanismu** the gear card ("8 karet
mechanismů (S hodnotami 1/0 a 2/3)"), **čtvrtotáčka** the quarter turn, **hromádka zdrojů** the
ready pile and **hromádka celkového skóre** the score pile. The English names are those of
docs/rules/empire_engine.md (engine card, gear, ready pile, score pile).

The presenter and the renderer pass these terms as text parameters (``t(key,
action=TERMS["action.Attack"])``, catalogue ``"{action}"``, Czech ``"{action:acc}"``) and counts
as ``Count(n, TERMS["resource.soldier"])``. Keys: ``action.<Name>`` (the engine's action names,
``data.ENGINE_ORDER``), ``resource.<kind>`` (``data.SCORE_TYPES``), ``pile.ready``,
``pile.score``, ``card.engine``, ``card.gear``, ``card.L``, ``card.R``, ``quarter_turn``,
``alternate``, ``cube``, ``supply``, ``resource``, ``start_player``, ``round``, ``neighbour``,
``team``, ``partner``, ``joint_invention``, ``empire.<name>`` and ``power.<name>``
(``data.EMPIRES``, the house variant). Nothing here is a rule.
"""

from __future__ import annotations

from typing import Final

from games.empire_engine import data as D
from games.terms import Term, term

__all__ = ["TERMS", "action", "resource"]

PREFIX = "empire_engine."


def _f(nom: str, gen: str, dat: str, acc: str, ins: str, **more: str) -> dict[str, str]:
    """Czech singular case forms (the locative is the dative's where not given)."""
    return {"nom": nom, "gen": gen, "dat": dat, "acc": acc, "loc": more.pop("loc", dat), "ins": ins}


def _pl(few: str, other: str, acc_few: str | None = None) -> dict[str, str]:
    """Czech count forms: after 2-4 (nominative and accusative), after 5+ (genitive)."""
    return {
        "nom.few": few,
        "acc.few": acc_few or few,
        "nom.other": other,
        "gen.few": other,
        "gen.other": other,
        "acc.other": other,
    }


def _en(one: str, other: str | None = None) -> dict[str, str]:
    return {"nom": one, "nom.other": other or one + "s"}


_ACTIONS_CS: dict[str, tuple[dict[str, str], str]] = {
    "Arm": (_f("Vojsko", "Vojska", "Vojsku", "Vojsko", "Vojskem", loc="Vojsku"), "n"),
    "Produce": (_f("Zboží", "Zboží", "Zboží", "Zboží", "Zbožím"), "n"),
    "Invent": (_f("Vynález", "Vynálezu", "Vynálezu", "Vynález", "Vynálezem"), "i"),
    "Attack": (_f("Útok", "Útoku", "Útoku", "Útok", "Útokem"), "i"),
    "Defend": (_f("Obrana", "Obrany", "Obraně", "Obranu", "Obranou"), "f"),
    "Export": (_f("Export", "Exportu", "Exportu", "Export", "Exportem"), "i"),
    "Salvage": (
        _f("Shromažďování", "Shromažďování", "Shromažďování", "Shromažďování", "Shromažďováním"),
        "n",
    ),
}

_RESOURCES: dict[str, Term] = {
    "soldier": term(
        PREFIX + "resource.soldier",
        _en("soldier"),
        {
            **_f("voják", "vojáka", "vojákovi", "vojáka", "vojákem"),
            **_pl("vojáci", "vojáků", "vojáky"),
        },
        gender="m",
    ),
    "good": term(
        PREFIX + "resource.good",
        _en("good"),
        {**_f("zboží", "zboží", "zboží", "zboží", "zbožím"), **_pl("zboží", "zboží")},
        gender="n",
    ),
    "invention": term(
        PREFIX + "resource.invention",
        _en("invention"),
        {
            **_f("vynález", "vynálezu", "vynálezu", "vynález", "vynálezem"),
            **_pl("vynálezy", "vynálezů"),
        },
        gender="i",
    ),
}

#: house variant (§11.4): the empires keep their English names in Czech (the rulebook does);
#: the invented powers have Czech names (docs/glossary-cs.md)
_POWERS_CS: dict[str, tuple[dict[str, str], str]] = {
    "Honour Guard": (
        _f("Čestná stráž", "Čestné stráže", "Čestné stráži", "Čestnou stráž", "Čestnou stráží"),
        "f",
    ),
    "Compound Interest": (
        _f("Složený úrok", "Složeného úroku", "Složenému úroku", "Složený úrok", "Složeným úrokem"),
        "i",
    ),
    "Wreck Scavengers": (
        _f(
            "Sběrači trosek",
            "Sběračů trosek",
            "Sběračům trosek",
            "Sběrače trosek",
            "Sběrači trosek",
        ),
        "m",
    ),
    "Foretold Path": (
        _f(
            "Předpovězená cesta",
            "Předpovězené cesty",
            "Předpovězené cestě",
            "Předpovězenou cestu",
            "Předpovězenou cestou",
        ),
        "f",
    ),
}


#: the other named things: English forms, Czech forms, Czech gender
_THINGS: dict[str, tuple[str | dict[str, str], dict[str, str], str]] = {
    "pile.ready": (
        _en("ready pile"),
        _f(
            "hromádka zdrojů",
            "hromádky zdrojů",
            "hromádce zdrojů",
            "hromádku zdrojů",
            "hromádkou zdrojů",
        ),
        "f",
    ),
    "pile.score": (
        _en("score pile"),
        _f(
            "hromádka celkového skóre",
            "hromádky celkového skóre",
            "hromádce celkového skóre",
            "hromádku celkového skóre",
            "hromádkou celkového skóre",
        ),
        "f",
    ),
    "card.engine": (
        _en("engine card"),
        {
            **_f(
                "karta soukolí",
                "karty soukolí",
                "kartě soukolí",
                "kartu soukolí",
                "kartou soukolí",
            ),
            **_pl("karty soukolí", "karet soukolí"),
        },
        "f",
    ),
    "card.gear": (
        _en("gear"),
        {
            **_f(
                "karta mechanismu",
                "karty mechanismu",
                "kartě mechanismu",
                "kartu mechanismu",
                "kartou mechanismu",
            ),
            **_pl("karty mechanismu", "karet mechanismu"),
        },
        "f",
    ),
    "card.L": (
        _en("left engine card (L)", "left engine cards (L)"),
        _f(
            "levá karta soukolí (L)",
            "levé karty soukolí (L)",
            "levé kartě soukolí (L)",
            "levou kartu soukolí (L)",
            "levou kartou soukolí (L)",
        ),
        "f",
    ),
    "card.R": (
        _en("right engine card (R)", "right engine cards (R)"),
        _f(
            "pravá karta soukolí (R)",
            "pravé karty soukolí (R)",
            "pravé kartě soukolí (R)",
            "pravou kartu soukolí (R)",
            "pravou kartou soukolí (R)",
        ),
        "f",
    ),
    "quarter_turn": (
        _en("quarter turn"),
        {
            **_f("čtvrtotáčka", "čtvrtotáčky", "čtvrtotáčce", "čtvrtotáčku", "čtvrtotáčkou"),
            **_pl("čtvrtotáčky", "čtvrtotáček"),
        },
        "f",
    ),
    "alternate": (
        _en("alternate rotation"),
        _f(
            "alternativní rotace",
            "alternativní rotace",
            "alternativní rotaci",
            "alternativní rotaci",
            "alternativní rotací",
        ),
        "f",
    ),
    "cube": (
        _en("cube"),
        {
            **_f("kamínek", "kamínku", "kamínku", "kamínek", "kamínkem"),
            **_pl("kamínky", "kamínků"),
        },
        "i",
    ),
    "supply": (
        _en("supply", "supply"),
        _f(
            "společná zásoba",
            "společné zásoby",
            "společné zásobě",
            "společnou zásobu",
            "společnou zásobou",
        ),
        "f",
    ),
    "resource": (
        _en("resource"),
        {**_f("zdroj", "zdroje", "zdroji", "zdroj", "zdrojem"), **_pl("zdroje", "zdrojů")},
        "i",
    ),
    "start_player": (
        _en("start player"),
        {
            **_f("první hráč", "prvního hráče", "prvnímu hráči", "prvního hráče", "prvním hráčem"),
            **_pl("první hráči", "prvních hráčů"),
        },
        "m",
    ),
    "round": (
        _en("round"),
        {**_f("kolo", "kola", "kolu", "kolo", "kolem", loc="kole"), **_pl("kola", "kol")},
        "n",
    ),
    "neighbour": (
        _en("neighbour"),
        {
            **_f("soused", "souseda", "sousedovi", "souseda", "sousedem"),
            **_pl("sousedé", "sousedů", "sousedy"),
        },
        "m",
    ),
    "team": (
        _en("team"),
        {**_f("tým", "týmu", "týmu", "tým", "týmem"), **_pl("týmy", "týmů")},
        "i",
    ),
    "partner": (
        _en("partner"),
        {
            **_f("spoluhráč", "spoluhráče", "spoluhráči", "spoluhráče", "spoluhráčem"),
            **_pl("spoluhráči", "spoluhráčů", "spoluhráče"),
        },
        "m",
    ),
    "joint_invention": (
        _en("joint invention"),
        _f(
            "společný vynález",
            "společného vynálezu",
            "společnému vynálezu",
            "společný vynález",
            "společným vynálezem",
        ),
        "i",
    ),
}


def _terms() -> dict[str, Term]:
    out: dict[str, Term] = {}
    for name, (cs, gender) in _ACTIONS_CS.items():
        out[f"action.{name}"] = term(PREFIX + f"action.{name}", name, cs, gender=gender)
    for kind, res in _RESOURCES.items():
        out[f"resource.{kind}"] = res
    for key, (en, cs, gender) in _THINGS.items():
        out[key] = term(PREFIX + key, en, cs, gender=gender)
    for empire in D.EMPIRES:
        name, power = str(empire["name"]), str(empire["power"])
        out[f"empire.{name}"] = term(PREFIX + f"empire.{name}", name, name, gender="n")
        cs, gender = _POWERS_CS[power]
        out[f"power.{power}"] = term(PREFIX + f"power.{power}", power, cs, gender=gender)
    return out


#: every term of the game by its key (see the module docstring)
TERMS: Final[dict[str, Term]] = _terms()


def action(name: str) -> Term:
    """The term of an engine action ("Attack"); JointInvent is the team's joint invention."""
    return TERMS["joint_invention" if name == "JointInvent" else f"action.{name}"]


def resource(kind: str) -> Term:
    """The term of a resource type ("soldier", "good", "invention")."""
    return TERMS[f"resource.{kind}"]
