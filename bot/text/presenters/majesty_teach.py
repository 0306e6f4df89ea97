"""Majesty's teaching (issue 24): rules by topic, a reference for every term of the vocabulary,
"Why?" on every decision, teach-mode lines and the tie note (rules: docs/rules/majesty.md).

The pages are written from the rules file and the MINDOK rulebook (seed ``001_…``, the source of
the Czech terms); the numbers of a reference come from the engine's data tables
(``games.majesty.tables``), those of a "Why?" answer from the engine's ``preview`` only, and
the tie note from the final ranking the engine made (``outcome``): nothing here redoes a rule.
English lives in ``CATALOG`` (``majesty.rules.*``, ``majesty.ref.*``, ``majesty.why.*``,
``majesty.teach.*``, ``majesty.tie.*``), Czech in the ``.po``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.text.presenters.base import Reference
from games.majesty.tables import (
    CARDS,
    HOME,
    INFIRMARY_MOST,
    INFIRMARY_PER_CARD,
    LOCATIONS,
    MAJORITY,
    MEEPLES_TOTAL,
    ROUNDS,
    START_MEEPLES,
    TIER1_KEPT,
    WORKER_CAPACITY,
)
from games.majesty.vocab import TERMS
from games.terms import Count, Term

Json = dict[str, Any]

#: the topics of ``/game rules majesty``, in the rulebook's own order (p.1 "STRUKTURA
#: PRAVIDEL HRY": setup, the course of a round, the special actions, the end of the game,
#: the summary and the variants)
TOPICS: tuple[str, ...] = (
    "overview",
    "setup",
    "turn",
    "meeples",
    "placing",
    "locations_a",
    "locations_b",
    "action.defend",
    "action.attack",
    "action.heal",
    "action.exchange",
    "end",
    "ties",
    "variants",
)

CATALOG: dict[str, str] = {
    "majesty.rules.overview.title": "Overview: goal and a turn",
    "majesty.rules.overview.text": (
        "**Goal.** Attract characters to your realm of 8 locations so that they earn you the "
        "most points; after 12 rounds the richest realm wins.\n"
        "**A turn.** Take one of the 6 face-up character cards: the first is free, each card "
        "further along costs one meeple laid on every card you skip, and you pick up the "
        "meeples lying on the card you take. Place it under its location: the location pays "
        "out at once, top to bottom (some attack, heal or trade first). Meeples over 5 go back "
        "for 1 point each. Then the next player."
    ),
    "majesty.rules.setup.title": "Setup",
    "majesty.rules.setup.text": (
        "Each player lays their 8 location cards in a row, numbered 1 to 8 (Mill, Brewery, "
        "Cottage, Guardhouse, Barracks, Inn, Castle, Infirmary), all on the same side (side A "
        "for the first games), and puts 5 meeples on their worker card; the other meeples of "
        "the box's 30 form the common supply.\n"
        "The red deck 2 (27 cards) is shuffled; from the shuffled green deck 1 (33 cards) only "
        "6 (2 players), 14 (3) or 26 (4) are kept on top of it, the rest go back to the box "
        "unseen. The top 6 cards form the display. The start player is drawn at random; the "
        "order brings no advantage."
    ),
    "majesty.rules.turn.title": "A turn: choosing a character",
    "majesty.rules.turn.text": (
        "The display always shows 6 character cards. The first (farthest from the deck) is "
        "free. To take a later one, lay one of your meeples on each card you skip: the third "
        "card costs 2. You can only take a card you can pay for.\n"
        "Meeples stay on the cards they were laid on; whoever takes such a card gets them too. "
        "The remaining cards slide left and a new sixth card comes from the deck at once.\n"
        "Each player takes exactly one card per turn, 12 in all."
    ),
    "majesty.rules.meeples.title": "Meeples (helpers)",
    "majesty.rules.meeples.text": (
        "You start with 5 meeples. You gain more from cards you take, the Brewery and the "
        "Castle. Your worker card holds 5: at the end of your turn each meeple over 5 goes back "
        "to the common supply for 1 point.\n"
        "The box holds 30 meeples. What the players hold and what lies on display cards is not "
        "in the supply: a payout gives only the meeples the supply still has, and the Castle B "
        "exchange buys no more than it has (house rule option: an unbounded supply)."
    ),
    "majesty.rules.placing.title": "Placing a card and its payout",
    "majesty.rules.placing.text": (
        "Every character has its own location, with the same colour and crest; a location "
        "holds any number of cards. A split card shows two characters: when you place it, "
        "choose which one it is, and it counts only as that one.\n"
        "Then resolve that location from top to bottom: its special action first (Cottage: "
        "heal, Barracks: attack, Castle B: exchange), then its payout. A location pays only "
        "when a card arrives there; it is never triggered again later, and a healed card "
        "triggers nothing."
    ),
    "majesty.rules.locations_a.title": "The locations, side A",
    "majesty.rules.locations_a.text": (
        "1 Mill: +2 per Miller.\n"
        "2 Brewery: +2 points and 1 meeple per Brewer; every player with a Miller +2.\n"
        "3 Cottage: heal, then +2 per Miller, Brewer and Witch.\n"
        "4 Guardhouse: defend; +2 per Guard, Knight and Innkeeper.\n"
        "5 Barracks: attack, then +3 per Knight.\n"
        "6 Inn: +4 per Innkeeper; every player with a Brewer +3.\n"
        "7 Castle: +5 points and 1 meeple per Noble.\n"
        "8 Infirmary: at the end, −1 per card in it.\n"
        "Majority at the end, locations 1–7: 10, 11, 12, 13, 14, 15, 16."
    ),
    "majesty.rules.locations_b.title": "The locations, side B",
    "majesty.rules.locations_b.text": (
        "1 Mill: +2 per Miller; every player with a Witch +3.\n"
        "2 Brewery: 1 meeple per Miller and Brewer; +10 if you have an Innkeeper and a Noble.\n"
        "3 Cottage: heal, then +3 per Witch.\n"
        "4 Guardhouse: defend; +2 per Brewer, Witch and Guard; every player with an Innkeeper "
        "+3.\n"
        "5 Barracks: attack, then +3 per Knight, Innkeeper and Noble.\n"
        "6 Inn: +2 per Innkeeper times the card count of your largest location.\n"
        "7 Castle: exchange points and meeples 1:1, then +4 per Noble and Infirmary card.\n"
        "8 Infirmary: at the end, −2 per card, and −10 for the most cards.\n"
        "Majority at the end, locations 1–7: 14, 12, 12, 8, 8, 12, 16."
    ),
    "majesty.rules.action.defend.title": "Special action: Defend (Guardhouse)",
    "majesty.rules.action.defend.text": (
        "The Guardhouse is passive: it does nothing when a Guard arrives, beyond its payout. "
        "Your defence is the number of Guards at your Guardhouse (Guards in the Infirmary do "
        "not count). An attack on you fails when you have at least as many Guards as the "
        "attacker has Knights."
    ),
    "majesty.rules.action.attack.title": "Special action: Attack (Barracks)",
    "majesty.rules.action.attack.text": (
        "Every time you place a Knight, you attack every opponent; nobody can be left out. "
        "Your strength is your number of Knights. An opponent with at least that many Guards "
        "defends; any other loses exactly one character, however big the difference: the "
        "card most recently placed at their leftmost occupied location (usually a Miller or a "
        "Brewer) goes face down onto their Infirmary. Wounded cards cost points at the end "
        "and no longer count. Then your Barracks pays out."
    ),
    "majesty.rules.action.heal.title": "Special action: Heal (Cottage)",
    "majesty.rules.action.heal.text": (
        "Every time you place a Witch, first heal: the top card of your Infirmary (the most "
        "recently wounded) comes back face up to its location; a split card may come back as "
        "either half, whatever it was before. The healed card triggers nothing, but it counts "
        "for the Cottage's payout that follows. With an empty Infirmary nothing is healed."
    ),
    "majesty.rules.action.exchange.title": "Special action: Castle exchange (side B)",
    "majesty.rules.action.exchange.text": (
        "When a Noble arrives at a side-B Castle, you may first trade in one direction: buy "
        "meeples for 1 point each, or sell meeples for 1 point each, as many as you can pay "
        "for (the supply must have the meeples you buy). Meeples over 5 still go back for 1 "
        "point at the end of the turn. Then the Castle pays 4 per Noble and per card in your "
        "Infirmary."
    ),
    "majesty.rules.end.title": "End of the game and final scoring",
    "majesty.rules.end.text": (
        "The game ends when every player has 12 characters. Then, in this order:\n"
        "1. Infirmary: −1 per wounded card (side B: −2, and −10 for each player with the most "
        "wounded cards, at least one).\n"
        "2. Different characters: count the locations 1–7 where you have at least one card and "
        "square it (4 kinds: 16; 7 kinds: 49).\n"
        "3. Majorities: at each location 1–7, the player with the most cards scores its value; "
        "tied players each score it in full; nobody scores where nobody has a card.\n"
        "The highest total wins."
    ),
    "majesty.rules.ties.title": "Ties",
    "majesty.rules.ties.text": (
        'Equal totals share the place: the rulebook crowns several winners ("V případě shody '
        'je korunováno císařem či císařovnou více hráčů"). Very competitive groups may break '
        "the tie by the meeples left, the rulebook's optional rule; here it is the option "
        "tiebreak_meeples, applied to every group of equal scores. Players still equal share "
        "the place."
    ),
    "majesty.rules.variants.title": "Variants and options",
    "majesty.rules.variants.text": (
        "Side B: after about 5 games, turn every location to side B. Mixed sides: any of the "
        "256 combinations, the same for every player (the rulebook warns it may be "
        "unbalanced); the option sides takes 8 letters A/B from Mill to Infirmary, or A or B "
        "for all.\n"
        "Mixed deck: shuffle both decks together and keep all 60 cards (livelier, "
        "especially for 2 players).\n"
        "Tie-break by meeples: see Ties.\n"
        "House rule, unbounded meeples: the supply never runs out (the rulebook has 30)."
    ),
}

# -- references: every term of the vocabulary --------------------------------------------------

CATALOG.update(
    {
        "majesty.kind.ability": "special action",
        "majesty.kind.side": "location side",
        "majesty.kind.deck": "deck",
        "majesty.kind.piece": "game piece",
        "majesty.kind.scoring": "final scoring",
        "majesty.ref.fact.position": "number in the row",
        "majesty.ref.fact.majority_a": "majority, side A",
        "majesty.ref.fact.majority_b": "majority, side B",
        "majesty.ref.fact.per_card_a": "per card at the end, side A",
        "majesty.ref.fact.per_card_b": "per card at the end, side B",
        "majesty.ref.fact.most_b": "the most cards, side B",
        "majesty.ref.fact.single": "single cards",
        "majesty.ref.fact.split": "split cards with it",
        "majesty.ref.fact.deck1": "cards in deck 1",
        "majesty.ref.fact.deck2": "cards in deck 2",
        "majesty.ref.fact.cards": "cards",
        "majesty.ref.fact.kept2": "kept with 2 players",
        "majesty.ref.fact.kept3": "kept with 3 players",
        "majesty.ref.fact.kept4": "kept with 4 players",
        "majesty.ref.fact.display": "cards on display",
        "majesty.ref.fact.max_cost": "highest cost in meeples",
        "majesty.ref.fact.rounds": "rounds",
        "majesty.ref.fact.kinds": "kinds of character",
        "majesty.ref.fact.locations": "locations per player",
        "majesty.ref.fact.max_variety": "most for variety",
        "majesty.ref.fact.start": "at the start",
        "majesty.ref.fact.capacity": "worker card holds",
        "majesty.ref.fact.total": "in the box",
        "majesty.ref.fact.rate": "per meeple returned",
    }
)

_CHARACTER_REFS = {
    "miller": "Lives at the Mill. Side A: 2 points per Miller you have there, this one "
    "included (the first pays 2, the second 4). Side B: the same, then every player with a "
    "Witch gains 3. Counted by the Cottage A and the Brewery B; with a Miller you gain 2 "
    "whenever anyone places a Brewer at a Brewery A. Usually the first card an attack wounds.",
    "brewer": "Lives at the Brewery. Side A: 2 points and 1 meeple per Brewer, then every "
    "player with a Miller gains 2. Side B: 1 meeple per Miller and Brewer, and 10 points if "
    "you have an Innkeeper and a Noble. Counted by the Cottage A and the Guardhouse B; with a "
    "Brewer you gain 3 whenever anyone places an Innkeeper at an Inn A.",
    "witch": "Lives at the Cottage. Placing her heals first: your top Infirmary card comes "
    "back. Side A: then 2 points per Miller, Brewer and Witch; side B: 3 per Witch. With a "
    "Witch you gain 3 whenever anyone places a Miller on a Mill B.",
    "guard": "Lives at the Guardhouse and defends: an attack fails against at least as many "
    "Guards as the attacker has Knights. Side A: 2 points per Guard, Knight and Innkeeper; "
    "side B: 2 per Brewer, Witch and Guard, then every player with an Innkeeper gains 3.",
    "knight": "Lives at the Barracks. Placing one attacks every opponent with your number of "
    "Knights; each with fewer Guards loses one character to their Infirmary. Side A: then 3 "
    "points per Knight; side B: 3 per Knight, Innkeeper and Noble. Counted by the Guardhouse "
    "A.",
    "innkeeper": "Lives at the Inn. Side A: 4 points per Innkeeper, then every player with a "
    "Brewer gains 3. Side B: 2 per Innkeeper times the card count of your largest location. "
    "Counted by the Guardhouse A and the Barracks B; with an Innkeeper you gain 3 "
    "whenever anyone places a Guard at a Guardhouse B.",
    "noble": "Lives at the Castle. Side A: 5 points and 1 meeple per Noble. Side B: first an "
    "optional exchange of points and meeples 1:1, then 4 points per Noble and per card in "
    "your Infirmary. With a Noble and an Innkeeper the Brewery B pays 10.",
}
_LOCATION_REFS = {
    "mill": "Location 1, home of the Millers. A: +2 per Miller. B: +2 per Miller, then "
    "every player with a Witch +3.",
    "brewery": "Location 2, home of the Brewers. A: +2 points and 1 meeple per Brewer, then "
    "every player with a Miller +2. B: 1 meeple per Miller and Brewer, then +10 if you have "
    "an Innkeeper and a Noble.",
    "cottage": "Location 3, home of the Witches (the witch's hut). Both sides heal first. A: "
    "+2 per Miller, Brewer and Witch. B: +3 per Witch.",
    "guardhouse": "Location 4, home of the Guards; both sides defend (passive). A: +2 per "
    "Guard, Knight and Innkeeper. B: +2 per Brewer, Witch and Guard, then every player with "
    "an Innkeeper +3.",
    "barracks": "Location 5, home of the Knights; both sides attack first. A: +3 per Knight. "
    "B: +3 per Knight, Innkeeper and Noble.",
    "inn": "Location 6, home of the Innkeepers. A: +4 per Innkeeper, then every player with "
    "a Brewer +3. B: +2 per Innkeeper times the card count of your largest location 1–7.",
    "castle": "Location 7, home of the Nobles. A: +5 points and 1 meeple per Noble. B: an "
    "optional exchange of points and meeples 1:1, then +4 per Noble and Infirmary card.",
    "infirmary": "Location 8: wounded cards lie here face down, the last on top; they do not "
    "count anywhere. Scored only at the end: A −1 per card; B −2 per card, and −10 for each "
    "player with the most cards (at least one).",
}
_OTHER_REFS = {
    "ability.heal": "The Cottage's special action: when a Witch arrives, the top card of "
    "your Infirmary returns to its location (a split card as either half) before the payout. "
    "It triggers nothing itself.",
    "ability.attack": "The Barracks' special action: when a Knight arrives, every opponent "
    "with fewer Guards than your Knights loses the last card of their leftmost occupied "
    "location to their Infirmary, one card each.",
    "ability.defend": "The Guardhouse's special action, passive: at least as many Guards as "
    "the attacker's Knights stop the attack.",
    "ability.exchange": "The side-B Castle's special action: before its payout, buy or sell "
    "meeples at 1 point each, in one direction, as many as you can pay for and the supply "
    "has.",
    "ability.game_end": "The Infirmary's signpost: the whole location is scored only at the "
    "end of the game.",
    "side.A": "The basic side of the location cards, for the first games; every player uses "
    "the same side for each location.",
    "side.B": "The advanced side, recommended after about 5 games; any mix of A and B is "
    "allowed, the same for every player.",
    "deck.1": "The green deck: 33 cards, shuffled; only part of it is kept, on top of deck 2, "
    "the rest goes back to the box unseen.",
    "deck.2": "The red deck: 27 cards, shuffled, under the kept cards of deck 1.",
    "deck": "The face-down draw deck: kept deck-1 cards on deck 2. Its top card's back colour "
    "is visible; it refills the display after every take.",
    "display": "The 6 face-up character cards. The first is free, each later one costs a "
    "meeple per card skipped; meeples laid on cards stay there for whoever takes them.",
    "card": "A character card: 60 in all, in deck 1 and deck 2. Every player takes 12.",
    "split_card": "A card with two characters: when you place it (or heal it back) choose "
    "which one it is; it then counts only as that one.",
    "character": "Seven kinds: Miller, Brewer, Witch, Guard, Knight, Innkeeper, Noble. Each "
    "lives at its own location and pays when placed there.",
    "location": "Each realm has 8 location cards in a row, 1 to 8; 7 hold characters, the "
    "8th is the Infirmary. A location pays only when a card arrives there.",
    "variety": "At the end: the number of locations 1–7 where you have at least one card, "
    "squared: 6 kinds score 36.",
    "majority": "At the end, at each location 1–7, the player with the most cards scores "
    "its value; tied players all score it in full; side-B Infirmary: −10 for the most.",
    "wounded": "A card an attack sent to the Infirmary: it no longer counts, costs points at "
    "the end, and the Castle B pays for it; a Witch heals the top one.",
    "meeple": "Your helpers: you start with 5 and your worker card holds 5; at the end of your "
    "turn each one over 5 returns to the supply for 1 point. The box has 30.",
    "point": "The game's treasure (the rulebook's coins): payouts and final scoring give "
    "points; the highest total wins. The bank never runs out.",
}
for _key, _text in _CHARACTER_REFS.items():
    CATALOG[f"majesty.ref.character.{_key}"] = _text
for _key, _text in _LOCATION_REFS.items():
    CATALOG[f"majesty.ref.location.{_key}"] = _text
for _key, _text in _OTHER_REFS.items():
    CATALOG[f"majesty.ref.{_key}"] = _text


def _character_facts(character: str) -> tuple[tuple[str, Any], ...]:
    """How many cards show ``character`` (the deck list, rules §1.3) and its majorities."""
    with_it = [(deck, halves) for deck, halves in CARDS.values() if character in halves]
    single = sum(1 for _, halves in with_it if len(halves) == 1)
    i = LOCATIONS.index(HOME[character])
    return (
        ("majesty.ref.fact.single", single),
        ("majesty.ref.fact.split", len(with_it) - single),
        ("majesty.ref.fact.deck1", sum(1 for deck, _ in with_it if deck == 1)),
        ("majesty.ref.fact.deck2", sum(1 for deck, _ in with_it if deck == 2)),
        ("majesty.ref.fact.majority_a", MAJORITY["A"][i]),
        ("majesty.ref.fact.majority_b", MAJORITY["B"][i]),
    )


def _location_facts(location: str) -> tuple[tuple[str, Any], ...]:
    i = LOCATIONS.index(location)
    if location == "infirmary":
        return (
            ("majesty.ref.fact.position", i + 1),
            ("majesty.ref.fact.per_card_a", INFIRMARY_PER_CARD["A"]),
            ("majesty.ref.fact.per_card_b", INFIRMARY_PER_CARD["B"]),
            ("majesty.ref.fact.most_b", INFIRMARY_MOST["B"]),
        )
    return (
        ("majesty.ref.fact.position", i + 1),
        ("majesty.ref.fact.majority_a", MAJORITY["A"][i]),
        ("majesty.ref.fact.majority_b", MAJORITY["B"][i]),
    )


def _deck_facts(tier: int) -> tuple[tuple[str, Any], ...]:
    cards = sum(1 for deck, _ in CARDS.values() if deck == tier)
    if tier == 2:
        return (("majesty.ref.fact.cards", cards),)
    return (
        ("majesty.ref.fact.cards", cards),
        *((f"majesty.ref.fact.kept{n}", TIER1_KEPT[n]) for n in sorted(TIER1_KEPT)),
    )


def _other_facts() -> dict[str, tuple[tuple[str, Any], ...]]:
    point = TERMS["point"]
    return {
        "display": (("majesty.ref.fact.display", 6), ("majesty.ref.fact.max_cost", 5)),
        "card": (("majesty.ref.fact.cards", len(CARDS)), ("majesty.ref.fact.rounds", ROUNDS)),
        "split_card": (
            ("majesty.ref.fact.cards", sum(1 for _, h in CARDS.values() if len(h) == 2)),
        ),
        "character": (("majesty.ref.fact.kinds", len(HOME)),),
        "location": (("majesty.ref.fact.locations", len(LOCATIONS)),),
        "variety": (("majesty.ref.fact.max_variety", Count(len(HOME) ** 2, point)),),
        "meeple": (
            ("majesty.ref.fact.start", START_MEEPLES),
            ("majesty.ref.fact.capacity", WORKER_CAPACITY),
            ("majesty.ref.fact.total", MEEPLES_TOTAL),
            ("majesty.ref.fact.rate", Count(1, point)),
        ),
        "wounded": (
            ("majesty.ref.fact.per_card_a", INFIRMARY_PER_CARD["A"]),
            ("majesty.ref.fact.per_card_b", INFIRMARY_PER_CARD["B"]),
        ),
        "deck.1": _deck_facts(1),
        "deck.2": _deck_facts(2),
    }


#: where each kind of term is in the rules file (docs/rules/majesty.md), by the key's head
_WHERE = {
    "character": "§1.2, §1.3, §4.2",
    "location": "§1.2, §4.2, §4.3",
    "ability": "§5",
    "side": "§2.1, §7",
    "deck": "§1.3, §1.4, §2.2",
}
_WHERE_OTHER = {
    "display": "§3.2 T1",
    "card": "§1.3",
    "split_card": "§1.3, §3.2 T2",
    "character": "§1.2",
    "location": "§1.2, §4",
    "variety": "§6.2",
    "majority": "§6.2, §6.3",
    "wounded": "§5.2, §6.2",
    "meeple": "§1.6, §3.2 T5",
    "point": "§1.1, §6",
    "deck": "§1.4, §2.2",
}
_KIND = {
    "character": "character",
    "location": "location",
    "ability": "majesty.kind.ability",
    "side": "majesty.kind.side",
    "deck": "majesty.kind.deck",
}
_KIND_OTHER = {"variety": "majesty.kind.scoring", "majority": "majesty.kind.scoring"}


def _reference(key: str, term: Term, facts: Mapping[str, tuple[tuple[str, Any], ...]]) -> Reference:
    head, _, rest = key.partition(".")
    if rest and head in _WHERE:
        where, kind = _WHERE[head], _KIND[head]
    else:
        where, kind = _WHERE_OTHER[key], _KIND_OTHER.get(key, "majesty.kind.piece")
    if head == "character" and rest:
        found = _character_facts(rest)
    elif head == "location" and rest:
        found = _location_facts(rest)
    else:
        found = facts.get(key, ())
    return Reference(key, term, found, where, kind)


def references() -> dict[str, Reference]:
    """One entry per term of ``vocab.TERMS``, in the vocabulary's order."""
    facts = _other_facts()
    return {key: _reference(key, term, facts) for key, term in TERMS.items()}


def offered(view: Mapping[str, Any], moves: list[Json]) -> list[str]:
    """The characters and locations the options name, then the special action of the step."""
    out: list[str] = []
    display = {slot.get("index"): slot for slot in view.get("display") or []}
    pending = view.get("pending") or {}
    for move in moves:
        if move.get("type") == "take":
            slot = display.get(move.get("index")) or {}
            chars = list((slot.get("card") or {}).get("characters") or [])
            if len(chars) > 1:
                out.append("split_card")
        elif move.get("type") in ("place", "heal_place"):
            chars = [str(move.get("character"))]
        else:
            chars = []
        for ch in chars:
            out += [f"character.{ch}", f"location.{HOME[ch]}"] if ch in HOME else []
    step = str(view.get("step"))
    if step == "heal_place":
        out.append("ability.heal")
    if step == "castle_exchange" or pending.get("kind") == "castle_exchange":
        out += ["ability.exchange", "meeple", "point"]
    return list(dict.fromkeys(k for k in out if k in TERMS))
