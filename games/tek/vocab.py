"""Tiny Epic Kingdoms' public vocabulary, declared once for the engine, the presenter and the
renderer (docs/rules/tek.md §1, §8, §14, §16, §18): the ids of actions, resources, terrain,
factions, tokens and territory sides, which resource each action costs, the terrain colours,
and :data:`TERMS`, the name of every named thing of the game in English and Czech
(:mod:`games.terms`).

The Czech names are the rulebook's (*Malá velká království*, REXhry 2015) and
docs/glossary-cs.md's; the faction, side and token names come from ``data/tek_data.json``
(``name``, ``name_cs``). Forms beyond the nominative are those the texts use: ``acc`` and
``gen`` after a verb or a preposition, the plural categories of a counted resource or meeple
(``nom.few`` "2 rudy", ``nom.other`` "5 rud", issue 26), and two forms
that are not cases: ``letter``, the one-letter terrain code the board and the home-side
buttons use (the same letter in both, per language), and ``short``, a name short enough for a
64 px map cell. Nothing here is a rule: the rules are in :mod:`games.tek.rules`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from games.tek.data import ACTIONS, FACTIONS, REGIONS, RESOURCES, SIDES, TERRAIN, TOKENS
from games.terms import Term, term

__all__ = [
    "ACTIONS",
    "ACTION_COST_RESOURCE",
    "FACTIONS",
    "REGIONS",
    "RESOURCES",
    "SIDES",
    "TERMS",
    "TERRAIN_COLOURS",
    "TERRAIN_TYPES",
    "TOKENS",
    "ability",
    "action",
    "faction",
    "resource",
    "side",
    "terrain",
    "token",
]

Colour = tuple[int, int, int]
Forms = Mapping[str, str]

#: which resource pays each action that has a cost (rules §6.3-§6.5)
ACTION_COST_RESOURCE: Final[dict[str, str]] = {"build": "ore", "research": "mana", "expand": "food"}
#: terrain ids of the grids, occupiable types first (rules §8, §16)
TERRAIN_TYPES: Final[tuple[str, ...]] = tuple(TERRAIN)
#: how the terrain is drawn (this edition's palette)
TERRAIN_COLOURS: Final[dict[str, Colour]] = {
    "forest": (86, 150, 80),
    "mountain": (150, 134, 118),
    "plains": (232, 208, 120),
    "capital": (196, 120, 140),
    "ruins": (120, 110, 130),
    "water": (96, 160, 220),
    "crag": (72, 68, 64),
}

_CASES_F = ("nom", "gen", "acc", "ins")


def _declined(forms: tuple[str, ...], **more: str) -> dict[str, str]:
    """Czech forms named by :data:`_CASES_F` in order, plus ``more``."""
    return {**dict(zip(_CASES_F, forms, strict=False)), **more}


#: the six actions (§6): (English, Czech nom/gen/acc/ins, Czech gender)
_ACTIONS: dict[str, tuple[str, tuple[str, ...], str]] = {
    "patrol": ("Patrol", ("Hlídka", "Hlídky", "Hlídku", "Hlídkou"), "f"),
    "quest": ("Quest", ("Výprava", "Výpravy", "Výpravu", "Výpravou"), "f"),
    "build": ("Build", ("Stavba", "Stavby", "Stavbu", "Stavbou"), "f"),
    "research": ("Research", ("Výzkum", "Výzkumu", "Výzkum", "Výzkumem"), "i"),
    "expand": ("Expand", ("Osidlování", "Osidlování", "Osidlování", "Osidlováním"), "n"),
    "trade": ("Trade", ("Obchod", "Obchodu", "Obchod", "Obchodem"), "i"),
}
#: the resources (§1): counted as the rulebook does ("2 many", "4 jídla", "po 5 ks many")
_RESOURCES: dict[str, tuple[str, Forms, str]] = {
    "mana": ("mana", _declined(("mana", "many", "manu", "manou")), "f"),
    "ore": ("ore", _declined(("ruda", "rudy", "rudu", "rudou")), "f"),
    "food": ("food", _declined(("jídlo", "jídla", "jídlo", "jídlem")), "n"),
}
#: what follows 2-4 and 0, 5+ of a resource: "2 rudy", "5 rud" (issue 26: "1 ruda, 2 rudy,
#: 5 rud"), the same in the accusative ("zaplatíš 5 rud"); the genitive plural is the 5+ form
_RESOURCE_PLURALS: dict[str, tuple[str, str]] = {
    "mana": ("many", "man"),
    "ore": ("rudy", "rud"),
    "food": ("jídla", "jídel"),
}
#: terrain (§8, §16) with the board's and the buttons' one-letter code
_TERRAIN: dict[str, tuple[Forms, Forms, str]] = {
    "forest": ({"nom": "forest", "letter": "F"}, {"nom": "les", "gen": "lesa", "letter": "L"}, "i"),
    "mountain": (
        {"nom": "mountain", "letter": "M"},
        {"nom": "hory", "gen": "hor", "letter": "H"},
        "f",
    ),
    "plains": (
        {"nom": "plains", "letter": "P"},
        {"nom": "pole", "gen": "pole", "letter": "P"},
        "n",
    ),
    "capital": (
        {"nom": "capital", "letter": "C"},
        {"nom": "hlavní město", "gen": "hlavního města", "letter": "M"},
        "n",
    ),
    "ruins": (
        {"nom": "ruins", "letter": "R"},
        {"nom": "podzemí", "gen": "podzemí", "letter": "Z"},
        "n",
    ),
    "water": ({"nom": "water"}, {"nom": "voda", "gen": "vody"}, "f"),
    "crag": ({"nom": "crag", "nom.other": "crags"}, {"nom": "útesy", "gen": "útesů"}, "i"),
    "river": ({"nom": "river", "nom.other": "rivers"}, {"nom": "řeka", "nom.few": "řeky"}, "f"),
}
#: the factions' Czech accusative (the nominative is the data's ``name_cs``)
_FACTION_ACC: dict[str, str] = {
    "orcs": "Orky",
    "dwarves": "Trpaslíky",
    "halflings": "Půlčíky",
    "lizardfolk": "Ještěráky",
    "humans": "Lidi",
    "elves": "Elfy",
    "merfolk": "Mořský lid",
    "undead": "Nemrtvé",
    "centaurs": "Kentaury",
    "goblins": "Gobliny",
    "shapeshifters": "Měňavce",
    "dark_elves": "Temné elfy",
    "giants": "Obry",
}
#: the abilities' Czech names and genders by faction, level 1 to 5 (the English is the data's)
_ABILITIES_CS: dict[str, tuple[tuple[str, str], ...]] = {
    "orcs": (
        ("Válečná družina", "f"),
        ("Žrádlo do boje", "n"),
        ("Hrubiáni", "m"),
        ("Zuřivost", "f"),
        ("Domácí půda", "f"),
    ),
    "dwarves": (
        ("Prospektoři", "m"),
        ("Obchod kovárny", "i"),
        ("Kamenné mýto", "n"),
        ("Mistři zedníci", "m"),
        ("Vysoké síně", "f"),
    ),
    "halflings": (
        ("Dobrá společnost", "f"),
        ("Pohostinnost", "f"),
        ("Mírumilovný lid", "i"),
        ("Věrní přátelé", "m"),
        ("Dobří sousedé", "m"),
    ),
    "lizardfolk": (
        ("Sběrači", "m"),
        ("Poutníci", "m"),
        ("Bažinný krok", "i"),
        ("Výměna míst", "f"),
        ("Daleké kraje", "i"),
    ),
    "humans": (
        ("Kupci", "m"),
        ("Výhodný obchod", "i"),
        ("Přístavy", "i"),
        ("Ukázněné vojsko", "n"),
        ("Prosperita", "f"),
    ),
    "elves": (
        ("Lučištníci", "m"),
        ("Stará moudrost", "f"),
        ("Píseň lesa", "f"),
        ("Tajemná moc", "f"),
        ("Prastaré háje", "i"),
    ),
    "merfolk": (
        ("Rybáři", "m"),
        ("Chodci přílivu", "m"),
        ("Mořští nájezdníci", "m"),
        ("Strážci útesu", "m"),
        ("Potopené poklady", "i"),
    ),
    "undead": (
        ("Hrobní desátek", "i"),
        ("Hrůza", "f"),
        ("Nesmrtelní", "m"),
        ("Nekonečné řady", "f"),
        ("Ponurá žeň", "f"),
    ),
    "centaurs": (
        ("Cval", "i"),
        ("Rychlá kopyta", "n"),
        ("Útok", "i"),
        ("Otevřená krajina", "f"),
        ("Pastviny stáda", "f"),
    ),
    "goblins": (
        ("Mrchožrouti", "m"),
        ("Chovatelé", "m"),
        ("Plenění", "n"),
        ("Nory", "f"),
        ("Nájezdníci", "m"),
    ),
    "shapeshifters": (
        ("Mimikry", "f"),
        ("Vypůjčená síla", "f"),
        ("Mnoho podob", "n"),
        ("Proměna", "f"),
        ("Mnoho tváří", "n"),
    ),
    "dark_elves": (
        ("Noční přepad", "i"),
        ("Stínový desátek", "i"),
        ("Temné obřady", "i"),
        ("Asasíni", "m"),
        ("Mistři špehů", "m"),
    ),
    "giants": (
        ("Vrhači kamenů", "m"),
        ("Obří kroky", "i"),
        ("Horské tvrze", "f"),
        ("Balvany", "i"),
        ("Obří rod", "i"),
    ),
}
#: the territory sides' Czech genders (the names are the data's)
_SIDE_GENDER: dict[str, str] = {
    "1A": "n",
    "3B": "n",
    "5B": "n",
}
#: the tokens (§14): Czech forms beyond the data's nominative, genders, the short map labels
_TOKEN_FORMS: dict[str, tuple[Forms, Forms, str]] = {
    "crown": ({}, {"acc": "Korunu", "gen": "Koruny"}, "f"),
    "treasure": ({"short": "Treas."}, {"gen": "Pokladu"}, "i"),
    "bandits": ({"short": "Band."}, {"acc": "Bandity", "gen": "Banditů", "short": "Band."}, "m"),
    "dragons_lair": ({"short": "Lair"}, {"gen": "Dračího doupěte", "short": "Doupě"}, "n"),
    "camp": ({}, {"gen": "Tábora"}, "i"),
    "fort": ({}, {"gen": "Tvrze"}, "f"),
    "town": ({}, {"gen": "Města"}, "n"),
    "church": ({}, {"gen": "Kostela"}, "i"),
    "blank": ({"short": "—"}, {"short": "—"}, "i"),
}
#: the game's other named things (§1, §2, §10, §12): English forms, Czech forms, gender
_OTHERS: dict[str, tuple[Forms, Forms, str]] = {
    "meeple": (
        {"nom": "meeple", "nom.other": "meeples"},
        {
            "nom": "figurka",
            "gen": "figurky",
            "acc": "figurku",
            "nom.few": "figurky",
            "nom.other": "figurek",
            "acc.few": "figurky",
            "acc.other": "figurek",
        },
        "f",
    ),
    "neutral": (
        {"nom": "neutral meeple", "nom.other": "neutral meeples", "short": "Neutral"},
        {
            "nom": "neutrální figurka",
            "acc": "neutrální figurku",
            "nom.few": "neutrální figurky",
            "nom.other": "neutrálních figurek",
            "short": "Neutrální",
        },
        "f",
    ),
    "lost_kingdom": (
        {"nom": "Lost Kingdom"},
        {"nom": "Ztracené království", "gen": "Ztraceného království", "short": "Ztracené kr."},
        "n",
    ),
    "tower": ({"nom": "tower"}, {"nom": "hrad", "gen": "hradu", "acc": "hrad"}, "i"),
    "magic": ({"nom": "magic"}, {"nom": "magie", "gen": "magie", "acc": "magii"}, "f"),
    "shield": (
        {"nom": "shield", "nom.other": "shields"},
        {"nom": "štít", "nom.few": "štíty", "nom.other": "štítů"},
        "i",
    ),
    "war_die": ({"nom": "war die"}, {"nom": "bojová kostka", "acc": "bojovou kostku"}, "f"),
    "flag": (
        {"nom": "white flag", "short": "flag"},
        {"nom": "bílá vlajka", "acc": "bílou vlajku", "short": "vlajka"},
        "f",
    ),
    "war": ({"nom": "war"}, {"nom": "válka", "acc": "válku"}, "f"),
    "alliance": ({"nom": "alliance"}, {"nom": "aliance", "acc": "alianci"}, "f"),
    "region": ({"nom": "region"}, {"nom": "kraj", "gen": "kraje"}, "i"),
    "territory": ({"nom": "territory card"}, {"nom": "karta země", "acc": "kartu země"}, "f"),
    "home": ({"nom": "home territory"}, {"nom": "domovská země", "acc": "domovskou zemi"}, "f"),
    "exploration_token": (
        {"nom": "exploration token", "nom.other": "exploration tokens"},
        {"nom": "žeton průzkumu", "nom.few": "žetony průzkumu", "nom.other": "žetonů průzkumu"},
        "i",
    ),
    "face_down": (
        {"nom": "face-down token", "short": "?"},
        {"nom": "žeton lícem dolů", "short": "?"},
        "i",
    ),
    "collect": ({"nom": "Collect"}, {"nom": "Získávání zdrojů"}, "n"),
    "resource": (
        {"nom": "resource", "nom.other": "resources"},
        {"nom": "zdroj", "gen": "zdroje", "nom.few": "zdroje", "nom.other": "zdrojů"},
        "i",
    ),
}


def _terms() -> dict[str, Term]:
    out: dict[str, Term] = {}
    for a, (en, cases, g) in _ACTIONS.items():
        out[f"action.{a}"] = term(f"tek.action.{a}", en, _declined(cases), gender=g)
    for r, (en, forms, g) in _RESOURCES.items():
        few, other = _RESOURCE_PLURALS[r]
        plural = {f"{c}.few": few for c in ("nom", "acc")}
        plural |= {f"{c}.other": other for c in ("nom", "acc", "gen")} | {"gen.few": other}
        out[f"resource.{r}"] = term(f"tek.resource.{r}", en, {**forms, **plural}, gender=g)
    for kind, (en_forms, cs_forms, g) in _TERRAIN.items():
        out[f"terrain.{kind}"] = term(f"tek.terrain.{kind}", en_forms, cs_forms, gender=g)
    for fid, f in FACTIONS.items():
        acc = {"nom": str(f["name_cs"]), "acc": _FACTION_ACC[fid]}
        gender = "i" if fid == "merfolk" else "m"
        out[f"faction.{fid}"] = term(f"tek.faction.{fid}", str(f["name"]), acc, gender=gender)
        for lv, (name_cs, g) in zip(f["levels"], _ABILITIES_CS[fid], strict=True):
            key = f"ability.{fid}.{lv['level']}"
            out[key] = term(f"tek.{key}", str(lv["name"]), name_cs, gender=g)
    for sid, s in SIDES.items():
        g = _SIDE_GENDER.get(sid, "i")
        out[f"side.{sid}"] = term(f"tek.side.{sid}", str(s["name"]), str(s["name_cs"]), gender=g)
    for tid, tok in TOKENS.items():
        en_more, cs_more, g = _TOKEN_FORMS[tid]
        en_tok = {"nom": str(tok["name"]), **en_more}
        cs_tok = {"nom": str(tok["name_cs"]), **cs_more}
        out[f"token.{tid}"] = term(f"tek.token.{tid}", en_tok, cs_tok, gender=g)
    for k, (en_forms, cs_forms, g) in _OTHERS.items():
        out[k] = term(f"tek.{k}", en_forms, cs_forms, gender=g)
    return out


#: every named thing of the game, by key (``"action.patrol"``, ``"resource.ore"``,
#: ``"terrain.forest"``, ``"faction.orcs"``, ``"ability.orcs.1"``, ``"side.3A"``,
#: ``"token.fort"``, ``"meeple"``, ``"lost_kingdom"``...); the term's own ``key`` is the same
#: with ``tek.`` in front
TERMS: Final[dict[str, Term]] = _terms()


def action(a: object) -> Term:
    return TERMS[f"action.{a}"]


def resource(r: object) -> Term:
    return TERMS[f"resource.{r}"]


def terrain(kind: object) -> Term:
    return TERMS[f"terrain.{kind}"]


def faction(fid: object) -> Term:
    """The faction's term (an unknown id: a term whose every form is the id itself)."""
    return TERMS.get(f"faction.{fid}") or Term(str(fid), {"en": {"nom": str(fid)}})


def ability(fid: object, level: object) -> Term:
    return TERMS.get(f"ability.{fid}.{level}") or Term(str(fid), {"en": {"nom": ""}})


def side(sid: object) -> Term:
    return TERMS.get(f"side.{sid}") or Term(str(sid), {"en": {"nom": str(sid)}})


def token(tid: object) -> Term:
    """A token's term; ``"face_down"`` is the face-down token."""
    if tid == "face_down":
        return TERMS["face_down"]
    return TERMS.get(f"token.{tid}") or Term(str(tid), {"en": {"nom": str(tid)}})
