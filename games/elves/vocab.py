"""The vocabulary of King of the Elves, declared once for the presenter and the renderer.

:data:`TERMS` names every thing of the game in English and Czech (``games.terms``): the six
village cards (by terrain, in data-table order: the ring itself has no names of its own, the
players lay it in every planning phase, realm by realm in seat order, docs/rules/elves.md
§7.1), the seven transport cards (travel cards), the six action cards (Gold card, Thief, the
two obstacles, Escort, Change of direction), and the realm, the coats of arms, the dragon
figure, the piles, gold and coins. The English names are the rules file's (§2), the Czech ones
the rulebook's (``docs/glossary-cs.md``, "King of the Elves"), with the grammatical gender and
the forms the texts use: the genitive after a noun ("karta Zlata"), the accusative after a verb
("Odhodit Zloděje"), a village's place (``where``: "vesnice v lese"), the counted forms of gold
and coins ("2 zlaté", "5 zlatých"). The presenter and the renderer pass a term as a text
parameter (``t(key, card=TERMS[kind])``, catalogue ``"{card}"`` / ``"{card:acc}"``); card
kinds and their order come from the edition data (:mod:`games.elves.data`, §2). The terrain
colours are those the board image uses. Nothing here is a rule.
"""

from __future__ import annotations

from games.elves.data import ACTION_KINDS, COST, KINDS, TRAVEL_KINDS, VALUE, VILLAGE_KINDS
from games.terms import Term, term

Colour = tuple[int, int, int]


def _card(kind: str, en: str, en_plural: str, cs: dict[str, str], gender: str) -> Term:
    return term(f"elves.card.{kind}", {"nom": en, "nom.other": en_plural}, cs, gender=gender)


#: card kind -> its name (rules §2; the rulebook's: vesnice na pláních, v lese, v horách,
#: v poušti, u řeky, u jezera; Velké prase, Elfí kolo, Magický mrak, Jednorožec, Trolí vozík,
#: Drak, Vor; karta zlata, zloděje, dřevěná překážka, překážka s mořskou příšerou, Eskorta,
#: Změna směru)
CARDS: dict[str, Term] = {
    # village cards (rules §2.1)
    "plains": _card(
        "plains",
        "Plains",
        "Plains",
        {"nom": "Pláně", "gen": "Plání", "acc": "Pláně", "where": "na pláních"},
        "f",
    ),
    "forest": _card(
        "forest",
        "Forest",
        "Forests",
        {"nom": "Les", "gen": "Lesa", "acc": "Les", "where": "v lese"},
        "i",
    ),
    "mountain": _card(
        "mountain",
        "Mountain",
        "Mountains",
        {"nom": "Hory", "gen": "Hor", "acc": "Hory", "where": "v horách"},
        "f",
    ),
    "desert": _card(
        "desert",
        "Desert",
        "Deserts",
        {"nom": "Poušť", "gen": "Pouště", "acc": "Poušť", "where": "v poušti"},
        "f",
    ),
    "river": _card(
        "river",
        "River",
        "Rivers",
        {"nom": "Řeka", "gen": "Řeky", "acc": "Řeku", "where": "u řeky"},
        "f",
    ),
    "lake": _card(
        "lake",
        "Lake",
        "Lakes",
        {"nom": "Jezero", "gen": "Jezera", "acc": "Jezero", "where": "u jezera"},
        "n",
    ),
    # transport cards (travel cards, rules §2.1)
    "pig": _card(
        "pig",
        "Giant pig",
        "Giant pigs",
        {"nom": "Velké prase", "gen": "Velkého prasete", "acc": "Velké prase"},
        "n",
    ),
    "cycle": _card(
        "cycle",
        "Elf cycle",
        "Elf cycles",
        {"nom": "Elfí kolo", "gen": "Elfího kola", "acc": "Elfí kolo"},
        "n",
    ),
    "cloud": _card(
        "cloud",
        "Magic cloud",
        "Magic clouds",
        {"nom": "Magický mrak", "gen": "Magického mraku", "acc": "Magický mrak"},
        "i",
    ),
    "unicorn": _card(
        "unicorn",
        "Unicorn",
        "Unicorns",
        {"nom": "Jednorožec", "gen": "Jednorožce", "acc": "Jednorožce"},
        "m",
    ),
    "troll": _card(
        "troll",
        "Troll wagon",
        "Troll wagons",
        {"nom": "Trolí vozík", "gen": "Trolího vozíku", "acc": "Trolí vozík"},
        "i",
    ),
    "dragon": _card(
        "dragon", "Dragon", "Dragons", {"nom": "Drak", "gen": "Draka", "acc": "Draka"}, "m"
    ),
    "raft": _card("raft", "Raft", "Rafts", {"nom": "Vor", "gen": "Voru", "acc": "Vor"}, "i"),
    # action cards (rules §2.2)
    "gold": _card(
        "gold", "Gold card", "Gold cards", {"nom": "Zlato", "gen": "Zlata", "acc": "Zlato"}, "n"
    ),
    "thief": _card(
        "thief", "Thief", "Thieves", {"nom": "Zloděj", "gen": "Zloděje", "acc": "Zloděje"}, "m"
    ),
    "wood": _card(
        "wood",
        "Wooden obstacle",
        "Wooden obstacles",
        {"nom": "Dřevěná překážka", "gen": "Dřevěné překážky", "acc": "Dřevěnou překážku"},
        "f",
    ),
    "seamonster": _card(
        "seamonster",
        "Sea monster",
        "Sea monsters",
        {"nom": "Mořská příšera", "gen": "Mořské příšery", "acc": "Mořskou příšeru"},
        "f",
    ),
    "escort": _card(
        "escort", "Escort", "Escorts", {"nom": "Eskorta", "gen": "Eskorty", "acc": "Eskortu"}, "f"
    ),
    "reverse": _card(
        "reverse",
        "Change of direction",
        "Changes of direction",
        {"nom": "Změna směru", "gen": "Změny směru", "acc": "Změnu směru"},
        "f",
    ),
}

#: the other named things of the game (rules §1, §2)
THINGS: dict[str, Term] = {
    "realm": term(
        "elves.realm",
        {"nom": "realm", "nom.other": "realms"},
        {"nom": "království", "gen": "království"},
        gender="n",
    ),
    "village": term(
        "elves.village_card",
        {"nom": "village card", "nom.other": "village cards"},
        {"nom": "karta vesnice", "gen": "karty vesnice", "acc": "kartu vesnice"},
        gender="f",
    ),
    "travel_card": term(
        "elves.travel_card",
        {"nom": "travel card", "nom.other": "travel cards"},
        {"nom": "cestovní karta", "gen": "cestovní karty", "acc": "cestovní kartu"},
        gender="f",
    ),
    "action_card": term(
        "elves.action_card",
        {"nom": "action card", "nom.other": "action cards"},
        {"nom": "akční karta", "gen": "akční karty", "acc": "akční kartu"},
        gender="f",
    ),
    "obstacle": term(
        "elves.obstacle",
        {"nom": "obstacle", "nom.other": "obstacles"},
        {"nom": "překážka", "gen": "překážky", "acc": "překážku"},
        gender="f",
    ),
    "coat_of_arms": term(
        "elves.coat_of_arms",
        {"nom": "coat of arms", "nom.other": "coats of arms"},
        {"nom": "erb", "gen": "erbu", "nom.few": "erby", "nom.other": "erbů", "gen.other": "erbů"},
        gender="i",
    ),
    "dragon_figure": term(
        "elves.dragon_figure",
        {"nom": "dragon figure"},
        {"nom": "figurka draka", "gen": "figurky draka", "acc": "figurku draka"},
        gender="f",
    ),
    "draw_pile": term(
        "elves.draw_pile",
        {"nom": "draw pile"},
        {"nom": "lízací balíček", "gen": "lízacího balíčku"},
        gender="i",
    ),
    "discard_pile": term(
        "elves.discard_pile",
        {"nom": "discard pile"},
        {"nom": "odhazovací balíček", "gen": "odhazovacího balíčku"},
        gender="i",
    ),
    "gold": term(
        "elves.gold",
        {"nom": "gold", "nom.one": "gold", "nom.other": "gold"},
        {
            "nom": "zlato",
            "gen": "zlata",
            "nom.one": "zlatý",
            "nom.few": "zlaté",
            "nom.other": "zlatých",
            "acc.one": "zlatý",
            "acc.few": "zlaté",
            "acc.other": "zlatých",
        },
        gender="n",
    ),
    "coin": term(
        "elves.coin",
        {"nom": "coin", "nom.one": "coin", "nom.other": "coins"},
        {
            "nom": "mince",
            "nom.one": "mince",
            "nom.few": "mince",
            "nom.other": "mincí",
            "acc.one": "minci",
            "acc.few": "mince",
            "acc.other": "mincí",
        },
        gender="f",
    ),
    "teleport": term(
        "elves.teleport",
        {"nom": "teleport magic"},
        {"nom": "teleportační magie", "gen": "teleportační magie", "acc": "teleportační magii"},
        gender="f",
    ),
    "bank": term(
        "elves.bank",
        {"nom": "bank"},
        {"nom": "banka", "gen": "banky", "acc": "banku", "loc": "bance"},
        gender="f",
    ),
}

#: every named thing of the game: the cards by kind key, then the other things
TERMS: dict[str, Term] = {**CARDS, **THINGS}

#: terrain -> card face colour, and the ink readable on it
TERRAIN_FILL: dict[str, Colour] = {
    "plains": (196, 214, 120),
    "forest": (58, 122, 68),
    "mountain": (142, 132, 122),
    "desert": (228, 196, 122),
    "river": (118, 178, 226),
    "lake": (40, 92, 168),
}
TERRAIN_INK: dict[str, Colour] = {
    "plains": (30, 40, 10),
    "forest": (255, 255, 255),
    "mountain": (255, 255, 255),
    "desert": (60, 40, 10),
    "river": (10, 30, 60),
    "lake": (255, 255, 255),
}
TRAVEL_FILL: Colour = (236, 226, 206)
ACTION_FILL: Colour = (222, 214, 236)

assert list(CARDS) == list(KINDS) and set(TERRAIN_FILL) == set(VILLAGE_KINDS)

__all__ = [
    "ACTION_FILL",
    "ACTION_KINDS",
    "CARDS",
    "COST",
    "Colour",
    "KINDS",
    "TERMS",
    "TERRAIN_FILL",
    "TERRAIN_INK",
    "THINGS",
    "TRAVEL_FILL",
    "TRAVEL_KINDS",
    "VALUE",
    "VILLAGE_KINDS",
]
