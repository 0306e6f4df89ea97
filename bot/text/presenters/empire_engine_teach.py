"""Empire Engine's teaching (issue 24): the rules by topic, a reference for every term of the
vocabulary, what a prompt offers (its "?" button) and the teach-mode lines of every step.

The topics follow the rulebook (*Mechanická říše*: Příprava hry, Průběh herního kola,
Plánování v 1. kole, Plánování v dalších kolech, Exekuce and its three groups, Konec hry,
Týmová hra, Volitelná pravidla); the pages are written from docs/rules/empire_engine.md and the
reference facts are the engine's data tables (``games.empire_engine.data``), never retyped.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.text.i18n import t
from bot.text.presenters.base import Reference
from games.empire_engine import data as D
from games.empire_engine.vocab import TERMS, resource
from games.terms import Count

P = "empire_engine."

TOPICS: tuple[str, ...] = (
    "overview",
    "setup",
    "round",
    "plan_first",
    "plan_gears",
    "group1",
    "attack",
    "defend",
    "group3",
    "scoring",
    "end",
    "teams",
    "variants",
)

TEACH: dict[str, str | tuple[str, ...]] = {
    P + "rules.overview.title": "Empire Engine: the goal and a round",
    P + "rules.overview.text": "Goal: the most points at the end: 1 per resource (soldier, "
    "good, invention) in your score pile, +3 for the most of each type. Each round you turn your "
    "two engine cards (left L, right R) with face-down gear cards; the action on top of each "
    "card happens: first Arm, Produce, Invent; then Attack and Defend; then Export and Salvage. "
    "Soldiers and goods in your ready pile pay for attacks and cubes, and can be stolen; the "
    "score pile is safe.",
    P + "rules.setup.title": "Setup",
    P + "rules.setup.text": "Each player takes the two engine cards (L goes on the left, R on "
    "the right), the gear cards 1 (1/0) and 2 (2/3), and 1 soldier and 1 good for the ready pile "
    "(on your left); the score pile (on your right) starts empty. The supply of cubes is not "
    "limited. The start player is drawn at random. The game lasts 8 rounds with 2 or 4 players, "
    "9 with 3.",
    P + "rules.round.title": "A round",
    P + "rules.round.text": "A round has two phases: planning (everyone turns their engine "
    "cards with face-down gear cards, then all are revealed at once) and execution (the actions "
    "on top of the cards happen in three groups). At the end of the round the start player "
    "passes clockwise. L's actions: Arm, Salvage, Produce, Attack. R's actions: Invent, "
    "Defend, Attack, Export.",
    P + "rules.plan_first.title": "Planning in round 1",
    P + "rules.plan_first.text": "No gears in round 1: you choose the action on top of each "
    "engine card freely, face down. From the start player clockwise, each lays one card (all "
    "see which one, not its action); then from the last player back anticlockwise, each lays "
    "the other. When all cards are down, they are revealed.",
    P + "rules.plan_gears.title": "Planning in later rounds",
    P + "rules.plan_gears.text": "Each player puts one gear card face down under each engine "
    "card, in the same order as in round 1. Gear 1 turns its card 1 quarter turn clockwise, gear "
    "2 turns it 2. A cube (1 soldier or 1 good from your ready pile, seen by all) on a gear "
    "makes its alternate: gear 1 turns 0, gear 2 turns 3. The cubes go back to the supply at the "
    "reveal; a placement cannot be taken back.",
    P + "rules.group1.title": "Group 1: Arm, Produce, Invent",
    P + "rules.group1.text": "Arm (L): +2 soldiers to your ready pile. Produce (L): +2 goods to "
    "your ready pile. Invent (R): +1 invention straight to your score pile. This group comes "
    "before the attacks, so soldiers from Arm can pay for an Attack in the same round.",
    P + "rules.attack.title": "The Attack action",
    P + "rules.attack.text": "Attack is on both cards: on L it hits your left neighbour, on R "
    "your right neighbour. Each attack is paid with 1 soldier from your ready pile just before "
    "it; two attacks with 1 soldier both fail and the soldier is lost. An attack that is not "
    "blocked takes 1 resource of your choice from the target's ready pile (2 with two players) "
    "into your score pile; an empty pile gives 1 soldier from the supply.",
    P + "rules.defend.title": "The Defend action",
    P + "rules.defend.text": "Defend (R) blocks one attack on you, from either side: the "
    "attacker gets nothing and you put 1 soldier from the supply into your score pile. Attacked "
    "by both neighbours, you choose which attack to block. A Defend that blocks nothing does "
    "nothing.",
    P + "rules.group3.title": "Group 3: Export and Salvage",
    P + "rules.group3.text": "Only for a player no attack succeeded against this round. Export "
    "(R): all goods of your ready pile go to your score pile (all of them; soldiers stay). "
    "Salvage (L): 1 soldier, 1 good or 1 invention of your choice from the supply to your score "
    "pile; the choice is secret until every salvager has chosen.",
    P + "rules.scoring.title": "Scoring",
    P + "rules.scoring.text": "At the end each resource in your score pile is 1 point. The "
    "player with the most soldiers, the most goods and the most inventions each gets 3 more "
    "points; players tied on the most all get them; nobody gets them for a type nobody has. "
    "The ready pile scores nothing.",
    P + "rules.end.title": "End of the game and ties",
    P + "rules.end.text": "The game ends after the last round: 8 with 2 or 4 players, 9 with 3, "
    "12 in the longer game. The most points wins. Tied: the bigger ready pile (soldiers and "
    "goods) wins; still tied, the players share the victory. With 5-8 players (two copies) the "
    "table agrees the rounds so that everyone is start player.",
    P + "rules.teams.title": "Team game",
    P + "rules.teams.text": "4 players: partners sit opposite and add their score piles at the "
    "end. Optional team rules: both Invent, +1 invention; when one partner exports, a partner "
    "with Produce may export too; Defend may guard the partner for 1 cube of the ready pile; both "
    "partners attack one opponent, 1 more resource. A successfully attacked player cannot "
    "export, jointly neither.",
    P + "rules.variants.title": "Options and house rules",
    P + "rules.variants.text": "Longer game: 12 rounds (2-4 players). More than 4 players: the "
    "number of rounds. Score piles are hidden by default (the rulebook recommends it); open "
    "score piles are a house rule. House powers: four invented empire powers (not the printed "
    "ones). House rules: a joint export only after a partner's export of 1 good or more; "
    "a 3-point bonus also when everyone has 0 of a type.",
}

TEACH.update(
    {
        P + "teach.orient": "Round 1: you lay your engine cards one at a time; you choose the "
        "action on top of each, face down.\nEveryone sees which card you lay first, not its "
        "action; all are revealed together.",
        P + "teach.plan": "You lay a gear card face down under an engine card: gear 1 turns it "
        "1 quarter turn, gear 2 turns it 2.\nA cube on the gear (1 soldier or 1 good, seen by "
        "all) makes the alternate: 0 or 3 quarter turns.",
        P + "teach.block": "An attack comes at you (or your partner) and you have Defend: block "
        "it now, or keep the Defend for a later attack.\nA blocked attack takes nothing and "
        "gives you 1 soldier in your score pile.",
        P + "teach.steal": "Your attack succeeded: you choose what to take from the target's "
        "ready pile.\nIt goes to your score pile, where nobody can take it.",
        P + "teach.joint_export": "Team game: your partner exported, so you (with Produce) may "
        "export your goods too.\nExported goods score; goods kept can pay cubes and attacks "
        "later, or be stolen.",
        P + "teach.salvage": "Salvage: choose 1 soldier, good or invention from the supply for "
        "your score pile.\nThe choice is secret until every salvager has chosen.",
        P + "teach.over": "The game is over: 1 point per resource in the score pile, +3 for the "
        "most of each type.\nTied players are ranked by their ready piles.",
    }
)

#: kinds of thing, shown above a reference's name
KINDS: dict[str, str | tuple[str, ...]] = {
    P + "kind.action": "Action",
    P + "kind.card": "Card",
    P + "kind.pile": "Pile",
    P + "kind.concept": "Rule",
    P + "kind.empire": "Empire (house variant)",
    P + "kind.power": "Empire power (house variant)",
    P + "ref.fact.card": "On the card",
    P + "ref.fact.group": "Group of the execution",
    P + "ref.fact.gain": "Gain",
    P + "ref.fact.cost": "Cost",
    P + "ref.fact.take": "A successful attack takes",
    P + "ref.fact.take_two": "With two players it takes",
    P + "ref.fact.empty": "From an empty ready pile",
    P + "ref.fact.reward": "Reward per blocked attack",
    P + "ref.fact.start": "At the start",
    P + "ref.fact.bonus": "Majority bonus",
    P + "ref.fact.actions": "Actions",
    P + "ref.fact.turns": "Quarter turns (normal / alternate)",
    P + "ref.fact.rounds": "Rounds (2 / 3 / 4 players, longer game)",
    P + "ref.fact.players": "Players",
    P + "ref.fact.power": "Power",
}

#: where each kind of term is in the rules file (docs/rules/empire_engine.md)
WHERE: dict[str, str] = {
    "action.Arm": "§7.1-7.2",
    "action.Produce": "§7.1-7.2",
    "action.Invent": "§7.1-7.2",
    "action.Attack": "§7.3-7.4",
    "action.Defend": "§7.3 2c",
    "action.Export": "§7.5",
    "action.Salvage": "§7.5",
    "resource.soldier": "§1",
    "resource.good": "§1",
    "resource.invention": "§1",
    "pile.ready": "§1, §10.1",
    "pile.score": "§1, §9, §18",
    "card.engine": "§4",
    "card.gear": "§6.2",
    "card.L": "§4",
    "card.R": "§4",
    "quarter_turn": "§4, §6.2",
    "alternate": "§6.2",
    "cube": "§6.2",
    "supply": "§1",
    "resource": "§1",
    "start_player": "§3, §5",
    "round": "§5, §8",
    "neighbour": "§2",
    "team": "§11.3",
    "partner": "§11.3",
    "joint_invention": "§11.3",
}


def _count(n: int, kind: str) -> Count:
    return Count(n, resource(kind))


def _facts(key: str) -> tuple[tuple[str, Any], ...]:
    """The numbers of one term, from the engine's data tables (``kind`` of a resource is the
    vocabulary's term ``resource``)."""
    f = P + "ref.fact."
    if key.startswith("action."):
        name = key.split(".", 1)[1]
        cards = [c for c in D.CARDS if name in D.ENGINE_ORDER[c]]
        out: list[tuple[str, Any]] = [
            (f + "card", " + ".join(TERMS[f"card.{c}"].form() for c in cards)),
            (f + "group", D.ACTION_GROUP[name]),
        ]
        if name in D.GROUP1_GAINS:
            kind, n, _pile = D.GROUP1_GAINS[name]
            out.append((f + "gain", _count(n, kind)))
        if name == "Attack":
            out += [
                (f + "cost", _count(1, "soldier")),
                (f + "take", Count(D.DEFAULT_THEFT_QUANTITY, TERMS["resource"])),
                (f + "take_two", Count(D.THEFT_QUANTITY[2], TERMS["resource"])),
                (f + "empty", _count(D.EMPTY_PILE_SUPPLY_SOLDIERS, "soldier")),
            ]
        if name == "Defend":
            out.append((f + "reward", _count(D.BLOCK_REWARD, "soldier")))
        return tuple(out)
    if key.startswith("resource."):
        kind = key.split(".", 1)[1]
        return ((f + "start", _count(D.START_READY.get(kind, 0), kind)),)
    return _other_facts(key)


def _other_facts(key: str) -> tuple[tuple[str, Any], ...]:
    f = P + "ref.fact."
    if key in ("card.L", "card.R"):
        return ((f + "actions", ", ".join(D.ENGINE_ORDER[key[-1]])),)
    if key == "card.gear":
        return ((f + "turns", "; ".join(f"{g}: {a} / {b}" for g, (a, b) in D.GEAR_TURNS.items())),)
    if key in ("alternate", "cube"):
        return ((f + "cost", _count(1, "soldier")),)
    if key == "pile.ready":
        return ((f + "start", _count(D.START_READY["soldier"], "soldier")),)
    if key == "pile.score":
        return ((f + "bonus", D.MAJORITY_BONUS),)
    if key == "round":
        r = D.ROUNDS_BY_PLAYERS
        return ((f + "rounds", f"{r[2]} / {r[3]} / {r[4]}, {D.LONG_GAME_ROUNDS}"),)
    if key in ("team", "partner", "joint_invention"):
        return ((f + "players", D.TEAM_PLAYERS),)
    if key.startswith("empire."):
        power = D.EMPIRE_BY_NAME[key.split(".", 1)[1]]["power"]
        return ((f + "power", TERMS[f"power.{power}"].form()),)
    return ()


def _kind(key: str) -> str:
    head = key.split(".", 1)[0]
    kinds = {"action": "action", "pile": "pile", "card": "card", "empire": "empire"}
    if head == "power":
        return P + "kind.power"
    if head == "resource":
        return "resource"  # the term itself (a kind that is a term of the vocabulary)
    return P + "kind." + kinds.get(head, "concept")


def _where(key: str) -> str:
    if key.startswith(("empire.", "power.")):
        return "§11.4"
    return WHERE[key]


def ref_key(key: str) -> str:
    """The catalogue key of a term's reference text (spaces of the empire names as ``_``)."""
    return P + "ref." + key.replace(" ", "_")


def references() -> dict[str, Reference]:
    """One reference per term of ``TERMS``."""
    return {
        key: Reference(key=key, term=term, facts=_facts(key), where=_where(key), kind=_kind(key))
        for key, term in TERMS.items()
    }


def _move_keys(view: Mapping[str, Any], move: Mapping[str, Any]) -> list[str]:
    kind = move.get("type")
    card = move.get("card")
    keys: list[str] = []
    if card in D.CARDS:
        keys.append(f"card.{card}")
    if kind == "lay":
        keys += [f"action.{a}" for a in D.ENGINE_ORDER[str(card)]]
    elif kind in ("orient", "gear") and move.get("action"):
        keys.append(f"action.{move['action']}")
    if kind in ("place", "gear"):
        keys += ["card.gear", "quarter_turn"]
        if move.get("pay"):
            keys += ["alternate", "cube", f"resource.{move['pay']}"]
    if kind in ("block", "no_block"):
        keys += ["action.Defend", "action.Attack"]
    if kind == "steal":
        keys += ["action.Attack", "pile.ready", "pile.score"]
    if kind in ("joint_export", "no_joint_export"):
        keys += ["action.Export", "action.Produce", "partner"]
    if kind == "salvage":
        keys += ["action.Salvage", *(f"resource.{r}" for r in move.get("take", []))]
    return keys


def offered(view: Mapping[str, Any], moves: list[dict[str, Any]]) -> list[str]:
    """The reference keys of what the prompt's moves offer, in order, each once."""
    out: dict[str, None] = {}
    for move in moves:
        for key in _move_keys(view, move):
            if key in TERMS:
                out.setdefault(key, None)
    return list(out)


def reference_text(key: str) -> str:
    return t(ref_key(key))


def _register() -> None:
    from bot.text import i18n

    i18n.register(TEACH)
    i18n.register(KINDS)
    i18n.register(REFS)


#: the rule of every term in a few sentences (filled below, one per ``TERMS`` key)
REFS: dict[str, str | tuple[str, ...]] = {}

_EN_REFS: dict[str, str] = {
    "action.Arm": "On the left engine card (L). Group 1: take 2 soldiers from the supply into "
    "your ready pile. Soldiers pay for attacks and for cubes on gears.",
    "action.Produce": "On the left engine card (L). Group 1: take 2 goods from the supply into "
    "your ready pile. Goods score once an Export moves them to your score pile.",
    "action.Invent": "On the right engine card (R). Group 1: take 1 invention from the supply "
    "straight into your score pile, where nobody can take it.",
    "action.Attack": "On both engine cards: on L it hits your left neighbour, on R your right "
    "neighbour. Group 2: pay 1 soldier just before the attack (two attacks with 1 soldier both "
    "fail). Not blocked, it takes 1 resource of your choice (2 with two players) from the "
    "target's ready pile into your score pile, 1 soldier from the supply if the pile is empty, "
    "and cancels the target's Export and Salvage.",
    "action.Defend": "On the right engine card (R). Group 2: blocks one attack on you, from "
    "either side; the attacker gets nothing and you get 1 soldier from the supply into your "
    "score pile. Attacked twice, you choose which attack to block.",
    "action.Export": "On the right engine card (R). Group 3, only if no attack on you "
    "succeeded this round: all goods of your ready pile go to your score pile; soldiers stay.",
    "action.Salvage": "On the left engine card (L). Group 3, only if no attack on you "
    "succeeded this round: 1 soldier, 1 good or 1 invention of your choice from the supply "
    "into your score pile (a secret choice).",
    "resource.soldier": "A red cube. In the ready pile it pays for an attack or a cube on a "
    "gear and can be stolen; in the score pile it is 1 point.",
    "resource.good": "A yellow cube. In the ready pile it pays for a cube on a gear and can be "
    "stolen; an Export moves all of them into the score pile, where each is 1 point.",
    "resource.invention": "A blue cube. It always goes straight into the score pile (Invent, "
    "Salvage): 1 point, never stolen or spent.",
    "pile.ready": "Your soldiers and goods on your left. They pay for attacks and cubes and can "
    "be stolen; they score nothing, but break a tie at the end.",
    "pile.score": "The cubes on your right: 1 point each, +3 for the most of a type. Safe from "
    "thefts and never spent. Others see only how many cubes it holds (hidden score pile).",
    "card.engine": "Each player has two, L and R, with four actions each. Only the action on "
    "the top edge happens in a round; gears turn the cards.",
    "card.gear": "Each player has gear 1 (1/0) and gear 2 (2/3); each round one goes face down "
    "under each engine card. The big number is the quarter turns; with a cube on it, the small "
    "one.",
    "card.L": "The left engine card: Arm, Salvage, Produce, Attack (its Attack hits your left "
    "neighbour).",
    "card.R": "The right engine card: Invent, Defend, Attack, Export (its Attack hits your right "
    "neighbour).",
    "quarter_turn": "A turn of an engine card by one edge clockwise: the action on its left "
    "edge comes to the top. With gear 1 it turns once (or not at all), with gear 2 twice (or "
    "three times).",
    "alternate": "A gear with a cube on it turns by its small number: gear 1 by 0 (the action "
    "stays), gear 2 by 3. Each alternate needs its own cube; it cannot be taken back.",
    "cube": "1 soldier or 1 good from your ready pile laid on a gear card for its alternate "
    "rotation. Everyone sees it; it goes back to the supply at the reveal.",
    "supply": "The cubes in the middle of the table, not limited. Gains come from it; paid "
    "soldiers and cubes go back to it.",
    "resource": "A soldier, a good or an invention: each in your score pile is 1 point at the end.",
    "start_player": "Lays the first card of the round and goes first in the attacks' order. The "
    "role passes clockwise at the end of every round.",
    "round": "Planning, then execution in three groups. 8 rounds with 2 or 4 players, 9 with 3, "
    "12 in the longer game.",
    "neighbour": "The players beside you: the left one (clockwise) is hit by your L Attack, the "
    "right one by your R Attack. With two players the opponent is both.",
    "team": "In the team game of 4 players the partners sit opposite and add their score piles "
    "for the final scoring.",
    "partner": "Your team mate, sitting opposite. You see each other's score piles; the team "
    "options let you export, defend and attack together.",
    "joint_invention": "Team option: when both partners Invent in one round, the team gets 1 "
    "invention more.",
}

_EMPIRE_EN = "House variant, not the printed game: this empire's power is {power}."

for _key, _text in _EN_REFS.items():
    REFS[ref_key(_key)] = _text
for _empire in D.EMPIRES:
    REFS[ref_key(f"empire.{_empire['name']}")] = _EMPIRE_EN.replace("{power}", _empire["power"])
    REFS[ref_key(f"power.{_empire['power']}")] = (
        f"House variant, not the printed game ({_empire['name']}): {_empire['text']}"
    )

_register()
