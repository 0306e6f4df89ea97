"""Majesty's public vocabulary, declared once for the engine, the presenter and the renderer
(rules: docs/rules/majesty.md §1.2, §4, §5, §7).

Keys, the building order and which character lives where come from the data tables
(``tables.py``); this module adds what people read and see: the **terms** (``TERMS``, one
``games.terms.Term`` per named thing of the game, English and Czech, with the forms the texts
use), the crest colours of the characters, the back colours of the two decks, and the named
presets of the location sides (§7). Nothing here is a rule.

Terms are keyed ``"<kind>.<key>"`` (``"character.miller"``, ``"location.mill"``,
``"ability.heal"``, ``"side.B"``, ``"deck.1"``, ``"meeple"``...); each term's own key is
``"majesty." + that``. The Czech comes from the MINDOK rulebook (``docs/glossary-cs.md``, seed
``001_…``): "Mlynářka", "Sládek", "Čarodějka", "Stráže", "Voják", "Hostinský", "Šlechtična",
"Mlýn", "Strážní věž", "Kasárna", "Špitál", "pomocník", "Léčení", "Útok", "Obrana"; the score
is "bod" (points; the rulebook's "mince", the treasure tokens, are the score's only unit, and
the texts call it points everywhere, issue 26);
the buildings the seed does not name (Pivovar, Chaloupka, Hostinec, Hrad) are plain Czech.

Forms declared (``games.terms``): Czech ``nom``, ``gen``, ``dat``, ``acc``, ``loc``, ``ins`` and,
for what is counted, ``nom``/``acc``/``gen`` with ``few`` and ``other`` (``2 Vojáci``, ``5
Vojáků``); English ``nom``, ``nom.other`` (the plural) and, for characters, ``indef`` ("an
Innkeeper"). Locations also have ``short``, the abbreviation of the board's narrow column heads
("Brew", "Pivov."). A form a language does not declare falls back to its nominative.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from games.majesty.tables import (
    CARDS,
    CHARACTER_AT,
    CHARACTERS,
    HOME,
    LOCATION_SIDES,
    LOCATIONS,
    REALM_LOCATIONS,
    card_characters,
)
from games.terms import Term, term

__all__ = [
    "ABILITY",
    "CHARACTERS",
    "CHARACTER_AT",
    "CHARACTER_NAMES",
    "CHAR_COLOUR",
    "HOME",
    "INFIRMARY_COLOUR",
    "LOCATIONS",
    "LOCATION_NAMES",
    "REALM_LOCATIONS",
    "SIDE_PRESETS",
    "TERMS",
    "TIER_COLOUR",
    "card_term",
    "character_term",
    "location_term",
    "side_preset",
]

Colour = tuple[int, int, int]
Forms = dict[str, str]


def _cs_noun(
    nom: str, gen: str, dat: str, acc: str, loc: str, ins: str, few: str = "", many: str = ""
) -> Forms:
    """Czech singular cases and, when given, the counted plurals: ``few`` (2-4, nominative and
    accusative alike unless ``few`` is ``"nom|acc"``) and ``many`` (5+, every case)."""
    forms = {"nom": nom, "gen": gen, "dat": dat, "acc": acc, "loc": loc, "ins": ins}
    if few:
        nom_few, _, acc_few = few.partition("|")
        forms.update({"nom.few": nom_few, "acc.few": acc_few or nom_few, "gen.few": many})
    if many:
        forms.update({"nom.other": many, "acc.other": many, "gen.other": many})
    return forms


def _en(nom: str, plural: str = "", indef: str = "", short: str = "") -> Forms:
    forms = {"nom": nom}
    for name, value in (("nom.other", plural), ("indef", indef), ("short", short)):
        if value:
            forms[name] = value
    return forms


def _character(key: str, en: Forms, cs: Forms, gender: str) -> tuple[str, Term]:
    return f"character.{key}", term(f"majesty.character.{key}", en, cs, gender=gender)


def _location(key: str, en: Forms, cs: Forms, gender: str) -> tuple[str, Term]:
    return f"location.{key}", term(f"majesty.location.{key}", en, cs, gender=gender)


_CHARACTERS = (
    _character(
        "miller",
        _en("Miller", "Millers", "a Miller"),
        _cs_noun(
            "Mlynářka",
            "Mlynářky",
            "Mlynářce",
            "Mlynářku",
            "Mlynářce",
            "Mlynářkou",
            "Mlynářky",
            "Mlynářek",
        ),
        "f",
    ),
    _character(
        "brewer",
        _en("Brewer", "Brewers", "a Brewer"),
        _cs_noun(
            "Sládek",
            "Sládka",
            "Sládkovi",
            "Sládka",
            "Sládkovi",
            "Sládkem",
            "Sládci|Sládky",
            "Sládků",
        ),
        "m",
    ),
    _character(
        "witch",
        _en("Witch", "Witches", "a Witch"),
        _cs_noun(
            "Čarodějka",
            "Čarodějky",
            "Čarodějce",
            "Čarodějku",
            "Čarodějce",
            "Čarodějkou",
            "Čarodějky",
            "Čarodějek",
        ),
        "f",
    ),
    _character(
        # the card is "Stráže" (the guards, a plural noun): "alespoň jedné karty Stráží"
        "guard",
        _en("Guard", "Guards", "a Guard"),
        _cs_noun(
            "Stráže", "Stráží", "Strážím", "Stráže", "Strážích", "Strážemi", "Stráže", "Stráží"
        ),
        "f",
    ),
    _character(
        "knight",
        _en("Knight", "Knights", "a Knight"),
        _cs_noun(
            "Voják",
            "Vojáka",
            "Vojákovi",
            "Vojáka",
            "Vojákovi",
            "Vojákem",
            "Vojáci|Vojáky",
            "Vojáků",
        ),
        "m",
    ),
    _character(
        "innkeeper",
        _en("Innkeeper", "Innkeepers", "an Innkeeper"),
        _cs_noun(
            "Hostinský",
            "Hostinského",
            "Hostinskému",
            "Hostinského",
            "Hostinském",
            "Hostinským",
            "Hostinští|Hostinské",
            "Hostinských",
        ),
        "m",
    ),
    _character(
        "noble",
        _en("Noble", "Nobles", "a Noble"),
        _cs_noun(
            "Šlechtična",
            "Šlechtičny",
            "Šlechtičně",
            "Šlechtičnu",
            "Šlechtičně",
            "Šlechtičnou",
            "Šlechtičny",
            "Šlechtičen",
        ),
        "f",
    ),
)


def _cs_place(nom: str, gen: str, dat: str, loc: str, ins: str, short: str, acc: str = "") -> Forms:
    return {
        "nom": nom,
        "gen": gen,
        "dat": dat,
        "acc": acc or nom,
        "loc": loc,
        "ins": ins,
        "short": short,
    }


_LOCATIONS = (
    _location(
        "mill",
        _en("Mill", short="Mill"),
        _cs_place("Mlýn", "Mlýna", "Mlýnu", "Mlýně", "Mlýnem", "Mlýn"),
        "i",
    ),
    _location(
        "brewery",
        _en("Brewery", short="Brew"),
        _cs_place("Pivovar", "Pivovaru", "Pivovaru", "Pivovaru", "Pivovarem", "Pivov."),
        "i",
    ),
    _location(
        "cottage",
        _en("Cottage", short="Cott"),
        _cs_place(
            "Chaloupka", "Chaloupky", "Chaloupce", "Chaloupce", "Chaloupkou", "Chal.", "Chaloupku"
        ),
        "f",
    ),
    _location(
        "guardhouse",
        _en("Guardhouse", short="Guard"),
        _cs_place(
            "Strážní věž", "Strážní věže", "Strážní věži", "Strážní věži", "Strážní věží", "Věž"
        ),
        "f",
    ),
    _location(
        "barracks",
        _en("Barracks", short="Barr"),
        _cs_place("Kasárna", "Kasáren", "Kasárnám", "Kasárnách", "Kasárnami", "Kas."),
        "n",
    ),
    _location(
        "inn",
        _en("Inn", short="Inn"),
        _cs_place("Hostinec", "Hostince", "Hostinci", "Hostinci", "Hostincem", "Host."),
        "i",
    ),
    _location(
        "castle",
        _en("Castle", short="Castle"),
        _cs_place("Hrad", "Hradu", "Hradu", "Hradě", "Hradem", "Hrad"),
        "i",
    ),
    _location(
        # "Zraněné postavy ve Špitále", "umístit do svého Špitálu"
        "infirmary",
        _en("Infirmary", short="Infirm"),
        _cs_place("Špitál", "Špitálu", "Špitálu", "Špitále", "Špitálem", "Špitál"),
        "i",
    ),
)

_OTHERS: tuple[tuple[str, Term], ...] = (
    # the signpost abilities (§5) and the sides of the location cards (§7)
    (
        "ability.heal",
        term(
            "majesty.ability.heal",
            _en("Heal"),
            _cs_noun("Léčení", "Léčení", "Léčení", "Léčení", "Léčení", "Léčením"),
            gender="n",
        ),
    ),
    (
        "ability.attack",
        term(
            "majesty.ability.attack",
            _en("Attack"),
            _cs_noun("Útok", "Útoku", "Útoku", "Útok", "Útoku", "Útokem"),
            gender="i",
        ),
    ),
    (
        "ability.defend",
        term(
            "majesty.ability.defend",
            _en("Defend"),
            _cs_noun("Obrana", "Obrany", "Obraně", "Obranu", "Obraně", "Obranou"),
            gender="f",
        ),
    ),
    (
        "ability.exchange",
        term(
            "majesty.ability.exchange",
            _en("Castle exchange"),
            _cs_noun(
                "směna na Hradě",
                "směny na Hradě",
                "směně na Hradě",
                "směnu na Hradě",
                "směně na Hradě",
                "směnou na Hradě",
            ),
            gender="f",
        ),
    ),
    (
        # the Infirmary's signpost: "celá budova se vyhodnocuje až na konci partie"
        "ability.game_end",
        term(
            "majesty.ability.game_end",
            _en("Game end"),
            _cs_noun("Konec hry", "Konce hry", "Konci hry", "Konec hry", "Konci hry", "Koncem hry"),
            gender="i",
        ),
    ),
    *(
        (
            f"side.{side}",
            term(
                f"majesty.side.{side}",
                _en(f"side {side}", f"sides {side}"),
                _cs_noun(
                    f"strana {side}",
                    f"strany {side}",
                    f"straně {side}",
                    f"stranu {side}",
                    f"straně {side}",
                    f"stranou {side}",
                ),
                gender="f",
            ),
        )
        for side in "AB"
    ),
    # the two decks (tiers, §1.3): green and red backs
    *(
        (
            f"deck.{tier}",
            term(
                f"majesty.deck.{tier}",
                _en(f"deck {tier} ({colour})"),
                _cs_noun(
                    f"balíček {tier} ({cs})",
                    f"balíčku {tier} ({cs})",
                    f"balíčku {tier} ({cs})",
                    f"balíček {tier} ({cs})",
                    f"balíčku {tier} ({cs})",
                    f"balíčkem {tier} ({cs})",
                ),
                gender="i",
            ),
        )
        for tier, colour, cs in ((1, "green", "zelený"), (2, "red", "červený"))
    ),
    (
        "deck",
        term(
            "majesty.deck",
            _en("draw deck"),
            _cs_noun(
                "dobírací balíček",
                "dobíracího balíčku",
                "dobíracímu balíčku",
                "dobírací balíček",
                "dobíracím balíčku",
                "dobíracím balíčkem",
            ),
            gender="i",
        ),
    ),
    (
        "display",
        term(
            "majesty.display",
            _en("display"),
            _cs_noun(
                "nabídka postav",
                "nabídky postav",
                "nabídce postav",
                "nabídku postav",
                "nabídce postav",
                "nabídkou postav",
            ),
            gender="f",
        ),
    ),
    (
        "card",
        term(
            "majesty.card",
            _en("card", "cards"),
            _cs_noun("karta", "karty", "kartě", "kartu", "kartě", "kartou", "karty", "karet"),
            gender="f",
        ),
    ),
    (
        "split_card",
        term(
            "majesty.split_card",
            _en("split card", "split cards"),
            _cs_noun(
                "dvojitá karta",
                "dvojité karty",
                "dvojité kartě",
                "dvojitou kartu",
                "dvojité kartě",
                "dvojitou kartou",
                "dvojité karty",
                "dvojitých karet",
            ),
            gender="f",
        ),
    ),
    (
        "character",
        term(
            "majesty.character",
            _en("character", "characters"),
            _cs_noun(
                "postava",
                "postavy",
                "postavě",
                "postavu",
                "postavě",
                "postavou",
                "postavy",
                "postav",
            ),
            gender="f",
        ),
    ),
    (
        "location",
        term(
            "majesty.location",
            _en("location", "locations"),
            _cs_noun(
                "budova", "budovy", "budově", "budovu", "budově", "budovou", "budovy", "budov"
            ),
            gender="f",
        ),
    ),
    (
        # §6.2 step 2: "Body za různé postavy"
        "variety",
        term(
            "majesty.variety",
            _en("different character", "different characters"),
            _cs_noun(
                "různá postava",
                "různé postavy",
                "různé postavě",
                "různou postavu",
                "různé postavě",
                "různou postavou",
                "různé postavy",
                "různých postav",
            ),
            gender="f",
        ),
    ),
    (
        # §6.2 step 3: "Bodování většiny"
        "majority",
        term(
            "majesty.majority",
            _en("majority", "majorities"),
            _cs_noun(
                "většina",
                "většiny",
                "většině",
                "většinu",
                "většině",
                "většinou",
                "většiny",
                "většin",
            ),
            gender="f",
        ),
    ),
    (
        # the cards in an Infirmary (§5.2): "Zraněné postavy ve Špitále"
        "wounded",
        term(
            "majesty.wounded",
            _en("wounded card", "wounded cards"),
            _cs_noun(
                "zraněná postava",
                "zraněné postavy",
                "zraněné postavě",
                "zraněnou postavu",
                "zraněné postavě",
                "zraněnou postavou",
                "zraněné postavy",
                "zraněných postav",
            ),
            gender="f",
        ),
    ),
    (
        # "Figurky představují vaše pomocníky"
        "meeple",
        term(
            "majesty.meeple",
            _en("meeple", "meeples"),
            _cs_noun(
                "pomocník",
                "pomocníka",
                "pomocníkovi",
                "pomocníka",
                "pomocníkovi",
                "pomocníkem",
                "pomocníci|pomocníky",
                "pomocníků",
            ),
            gender="m",
        ),
    ),
    (
        # the score (the treasure tokens, §1.1, the rulebook's "mince"): one unit for the
        # score everywhere, points ("body"), never coins (issue 26)
        "point",
        term(
            "majesty.point",
            _en("point", "points"),
            _cs_noun("bod", "bodu", "bodu", "bod", "bodu", "bodem", "body", "bodů"),
            gender="i",
        ),
    ),
)

#: every named thing of the game, once: ``"character.miller"`` -> its term (see the module doc)
TERMS: Final[Mapping[str, Term]] = dict((*_CHARACTERS, *_LOCATIONS, *_OTHERS))


def character_term(character: str) -> Term:
    return TERMS[f"character.{character}"]


def location_term(location: str) -> Term:
    return TERMS[f"location.{location}"]


def _split_term(halves: tuple[str, ...]) -> Term:
    """A split card's name: its halves' names joined by "/", form by form, in each language."""
    parts = [character_term(c) for c in halves]
    langs = sorted({lang for p in parts for lang in p.forms})
    forms = {
        lang: {
            spec: "/".join(p.form(lang, spec) for p in parts)
            for spec in sorted({s for p in parts for s in p.forms.get(lang, {})})
        }
        for lang in langs
    }
    return Term("majesty.card." + "_".join(halves), forms)


#: card id (§1.3) -> its name: the character's term, or a split card's two names
CARD_TERMS: Final[Mapping[int, Term]] = {
    card: character_term(halves[0]) if len(halves) == 1 else _split_term(halves)
    for card, (_, halves) in CARDS.items()
}


def card_term(card: int) -> Term:
    """The name of card ``card`` (``"Miller"``, ``"Miller/Knight"``)."""
    return CARD_TERMS[card]


#: the characters a card shows -> its name (every card with the same halves has the same name)
_BY_HALVES: Final[Mapping[tuple[str, ...], Term]] = {
    card_characters(card): name for card, name in CARD_TERMS.items()
}


def characters_term(characters: list[str] | tuple[str, ...]) -> Term:
    """The name of a card showing ``characters`` (a view's ``card["characters"]``); KeyError
    for characters no card shows."""
    return _BY_HALVES[tuple(characters)]


#: character key -> English name (rules §1.2), from the terms
CHARACTER_NAMES: Final[dict[str, str]] = {c: character_term(c).form("en") for c in CHARACTERS}
#: location key -> English name, in building order 1-8 (rules §1.2), from the terms
LOCATION_NAMES: Final[dict[str, str]] = {loc: location_term(loc).form("en") for loc in LOCATIONS}
#: location key -> its signpost ability on side A (the same on B, except the Castle B exchange)
ABILITY: Final[dict[str, str]] = {
    loc: str(LOCATION_SIDES[loc]["A"]["ability"])
    for loc in LOCATIONS
    if LOCATION_SIDES[loc]["A"]["ability"]
}
#: character -> crest colour of its cards and location (approximated from the printed cards)
CHAR_COLOUR: Final[dict[str, Colour]] = {
    "miller": (214, 172, 52),
    "brewer": (176, 104, 44),
    "witch": (76, 150, 72),
    "guard": (196, 62, 52),
    "knight": (62, 92, 160),
    "innkeeper": (136, 84, 156),
    "noble": (208, 108, 160),
}
INFIRMARY_COLOUR: Final[Colour] = (110, 110, 118)
#: deck (tier) -> the colour of its card backs: deck 1 green, deck 2 red (rules §1.3)
TIER_COLOUR: Final[dict[int, Colour]] = {1: (70, 140, 80), 2: (170, 60, 60)}


def side_preset(base: str, switched: str | None = None) -> str:
    """The 8 side letters (building order) with every location on ``base`` except ``switched``."""
    other = "B" if base == "A" else "A"
    return "".join(other if loc == switched else base for loc in LOCATIONS)


#: (preset key, 8 side letters): all A (the basic game), all B, then each single location
#: switched (rules §7: "libovolně zkombinovat strany A i B"; any other of the 256 is allowed too)
SIDE_PRESETS: Final[tuple[tuple[str, str], ...]] = (
    ("all_a", side_preset("A")),
    ("all_b", side_preset("B")),
    *((f"one_b.{loc}", side_preset("A", loc)) for loc in LOCATIONS),
    *((f"one_a.{loc}", side_preset("B", loc)) for loc in LOCATIONS),
)
