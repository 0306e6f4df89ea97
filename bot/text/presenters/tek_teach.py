"""Tiny Epic Kingdoms at a table that teaches (issue 24): the reference of every named thing
(``/game card``, the prompts' "?" button), what each option of a decision does now ("Why?"),
the teach-mode lines of every step and the tie-break note of the final standings.

Every number comes from the engine: a reference's facts from the data file
(``games.tek.data``), a "Why?" answer from the move's ``preview`` (docs/rules/tek.md §19.6),
the tie note from the outcome's ``tiebreak`` values, which the engine lists in the
rulebook's order (§11.2). Nothing here decides a rule. The English texts are ``CATALOG``;
the Czech ones are the catalogue's (``tek.ref.*``, ``tek.why.*``, ``tek.teach.*``,
``tek.tie.*``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.text.i18n import register, t
from bot.text.presenters.base import Reference
from games.tek.data import FACTIONS, MAX_MAGIC, REGIONS, SIDES, TOKENS, TOWER, C
from games.tek.vocab import RESOURCES, TERMS, ability, faction, resource, terrain
from games.terms import Count, Term

P = "tek."
Facts = tuple[tuple[str, Any], ...]

_ORE, _MANA, _FOOD = resource("ore"), resource("mana"), resource("food")

#: the rule text of each term that is not composed from the data (factions, abilities and
#: sides are: :func:`reference_text`), with its place in the rulebook
REF_TEXTS: dict[str, tuple[str, str]] = {
    "action.patrol": (
        "Move one meeple to an adjacent region of the same territory card (not across water, "
        "a river or crags), or stand up a meeple searching in ruins. Entering another "
        "player's lone meeple starts a war.",
        "p. 5",
    ),
    "action.quest": (
        "Move one meeple from an edge region of its card to an edge region of another "
        "territory card. Entering another player's lone meeple starts a war.",
        "p. 5",
    ),
    "action.build": (
        "Pay ore for the next level of your tower: level N costs N ore, one level per action. "
        "Tower 6 triggers the end.",
        "p. 7",
    ),
    "action.research": (
        "Pay mana for the next magic level: level N costs N mana. Its faction ability works "
        "at once. Magic 5 triggers the end.",
        "p. 8",
    ),
    "action.expand": (
        "Add a meeple from your supply where your meeple stands alone, for food equal to your "
        "meeples in play with the new one (the 4th costs 4). No lone meeple, no Expand.",
        "p. 8",
    ),
    "action.trade": (
        "Spend any number of one resource and get as many of another (3 food for 3 ore). One "
        "exchange per action.",
        "p. 8",
    ),
    "resource.mana": (
        "Collected from forests. Pays for Research and is worth 2 in a war.",
        "p. 8",
    ),
    "resource.ore": (
        "Collected from mountains. Pays for Build and is worth 1 in a war.",
        "p. 8",
    ),
    "resource.food": (
        "Collected from plains. Pays for Expand and retreats; worth 0 in a war.",
        "p. 8",
    ),
    "terrain.forest": ("A region that gives 1 mana when you collect.", "p. 8"),
    "terrain.mountain": ("A region that gives 1 ore when you collect.", "p. 8"),
    "terrain.plains": ("A region that gives 1 food when you collect.", "p. 8"),
    "terrain.capital": (
        "Gives no resources. At the end: 2 VP to a player alone there, 1 VP each to two "
        "allies sharing it.",
        "p. 9",
    ),
    "terrain.ruins": (
        "A meeple entering ruins lies down to search: 1 resource of your choice when you "
        "collect. It cannot move until a Patrol stands it up, and it is lost at the end.",
        "p. 9",
    ),
    "terrain.water": ("Not a region: no meeple may enter or cross it.", "p. 9"),
    "terrain.crag": ("Not a region: no meeple may enter or cross crags.", "p. 9"),
    "terrain.river": (
        "A border that cannot be crossed: regions divided by a river are not adjacent.",
        "p. 9",
    ),
    "token.crown": (
        "The finder keeps it: +2 VP at the end. Losing a war hands it to the winner.",
        "p. 11",
    ),
    "token.treasure": ("Take 2 resources of your choice at once.", "p. 11"),
    "token.bandits": (
        "Pay 2 resources of your choice or lose the arriving meeple to your supply.",
        "p. 11",
    ),
    "token.dragons_lair": (
        "Stays. When its occupier wins a war anywhere, the loser may be made to drop a tower "
        "level instead; their meeple then retreats for free.",
        "p. 11",
    ),
    "token.camp": ("Stays. Collecting this region gives 2 of its resource instead of 1.", "p. 11"),
    "token.fort": (
        "Stays. A player with a meeple in the Fort gets a discount of 2 when attacking.",
        "p. 11",
    ),
    "token.town": ("Stays. Each player with a meeple there scores 1 VP more.", "p. 11"),
    "token.church": (
        "Stays until used: a meeple of yours that loses a war may move to the Church region "
        "instead; then the Church leaves the game.",
        "p. 11",
    ),
    "token.blank": ("Nothing happens.", "p. 11"),
    "meeple": (
        "Your people: 7 per player, 2 start on the map. At most 2 meeples in a region. Each "
        "meeple in play scores 1 VP (not in ruins).",
        "p. 5",
    ),
    "neutral": (
        "In a 2-player game, one in each region of the Lost Kingdom. Defeating one costs the "
        "number of neutrals left; it scores 1 VP.",
        "p. 12",
    ),
    "lost_kingdom": (
        "The third territory card of a 2-player game, held by neutral meeples: 1 VP per "
        "region you occupy there.",
        "p. 12",
    ),
    "tower": (
        "Built level by level with Build (level N costs N ore); scores 1, 2, 4, 6, 8 or 11 "
        "VP by its level.",
        "p. 7",
    ),
    "magic": (
        "Raised level by level with Research (level N costs N mana); each level unlocks a "
        "faction ability and scores 1 VP.",
        "p. 8",
    ),
    "shield": (
        "Marks a selected action. An action with a shield cannot be selected until all 5 "
        "are taken back.",
        "p. 4",
    ),
    "war_die": (
        "Each side of a war sets it in secret: a number from 1 to 11 that you can pay, or "
        "the white flag.",
        "p. 6",
    ),
    "flag": (
        "The white flag on the war die: offers peace and costs nothing. It loses to a "
        "number; two flags make an alliance (with 2 players the defender wins).",
        "p. 6",
    ),
    "war": (
        "Both set the war die; the higher number wins, the defender wins ties. Both pay their "
        "number (mana 2, ore 1, food 0). The loser retreats or removes the meeple.",
        "p. 6",
    ),
    "alliance": (
        "Two flags: both meeples share the region and both collect from it. A war between "
        "allies with a number breaks every shared region.",
        "p. 7",
    ),
    "region": (
        "A part of a territory card that meeples may enter: forest, mountain, plains, "
        "capital or ruins. At most 2 meeples.",
        "p. 5",
    ),
    "territory": (
        "A double-sided card with 5 regions. Each player's dealt card, on the side they "
        "chose, is their home territory.",
        "p. 3",
    ),
    "home": ("The side of the territory card you chose at setup.", "p. 3"),
    "exploration_token": (
        "Variant: a face-down token in every empty region, flipped by the first meeple to arrive.",
        "p. 10",
    ),
    "face_down": ("An exploration token not yet flipped: nobody knows what it is.", "p. 10"),
    "collect": (
        "Instead of the action, a non-active player takes 1 resource per occupied region (by "
        "its terrain); with one meeple in play, 1 more of your choice.",
        "p. 8",
    ),
    "resource": (
        "Mana, ore and food: at most 9 of each. Spent on actions, wars and retreats.",
        "p. 8",
    ),
}

#: the kind shown above a reference's name, by its key's first part
KINDS = {
    "action": "action",
    "resource": "resource",
    "terrain": "terrain",
    "faction": "faction",
    "ability": "ability",
    "side": "side",
    "token": "token",
}

CATALOG: dict[str, str] = {
    **{f"{P}ref.{key}": text for key, (text, _) in REF_TEXTS.items()},
    P + "ref.faction": "Abilities, one per magic level:\n{levels}",
    P + "ref.level": "Level {level}, {name}: {text}",
    P + "ref.ability": "{faction}, magic level {level}: {text}",
    P + "ref.side": "Territory card {card}, side {side}. Regions: {regions}. Adjacent: {pairs}.",
    P + "ref.side.region": "{letter} {terrain}",
    P + "ref.fact.war_value": "War value",
    P + "ref.fact.yield": "Collecting gives",
    P + "ref.fact.vp": "VP",
    P + "ref.fact.count": "Tokens in the game",
    P + "ref.fact.level": "Magic level",
    P + "ref.fact.faction": "Faction",
    P + "ref.fact.card": "Territory card",
    P + "ref.fact.per_player": "Per player",
    P + "ref.fact.max": "At most",
    P + "ref.fact.levels": "Levels",
    P + "ref.fact.discount": "Discount",
    **{f"{P}kind.{k}": k for k in KINDS.values()},
    P + "kind.thing": "term",
}


def _facts(key: str) -> Facts:
    """A reference's numbers, from the data file."""
    cap, values = int(C["resource_cap"]), C["war_values"]
    if key.startswith("resource."):
        r = key.split(".")[1]
        return ((P + "ref.fact.war_value", int(values[r])), (P + "ref.fact.max", cap))
    if key.startswith("terrain.") and key.split(".")[1] in RESOURCES:
        return ()
    table: dict[str, Facts] = {
        "terrain.forest": ((P + "ref.fact.yield", Count(1, _MANA)),),
        "terrain.mountain": ((P + "ref.fact.yield", Count(1, _ORE)),),
        "terrain.plains": ((P + "ref.fact.yield", Count(1, _FOOD)),),
        "terrain.capital": ((P + "ref.fact.vp", int(C["capital_vp"]["alone"])),),
        "action.build": ((P + "ref.fact.levels", max(TOWER)),),
        "action.research": ((P + "ref.fact.levels", MAX_MAGIC),),
        "meeple": ((P + "ref.fact.per_player", int(C["meeples_per_player"])),),
        "shield": ((P + "ref.fact.max", int(C["shields"])),),
        "war_die": ((P + "ref.fact.max", int(C["war_die_max"])),),
        "tower": ((P + "ref.fact.levels", max(TOWER)),),
        "magic": ((P + "ref.fact.levels", MAX_MAGIC),),
        "token.crown": ((P + "ref.fact.vp", int(C["crown_vp"])),),
        "token.town": ((P + "ref.fact.vp", int(C["town_vp"])),),
        "token.fort": ((P + "ref.fact.discount", 2),),
        "resource": ((P + "ref.fact.max", cap),),
    }
    if key.startswith("token."):
        count = (P + "ref.fact.count", int(TOKENS[key.split(".")[1]]["count"]))
        return (*table.get(key, ()), count)
    return table.get(key, ())


def _ref(key: str, term: Term) -> Reference:
    head = key.split(".")[0]
    kind = P + "kind." + KINDS.get(head, "thing")
    if head == "faction":
        return Reference(key, term, ((P + "ref.fact.levels", MAX_MAGIC),), "§18", kind)
    if head == "ability":
        fid, level = key.split(".")[1:]
        facts: Facts = ((P + "ref.fact.faction", faction(fid)), (P + "ref.fact.level", int(level)))
        return Reference(key, term, facts, "§18", kind)
    if head == "side":
        card = int(SIDES[key.split(".")[1]]["card"])
        return Reference(key, term, ((P + "ref.fact.card", card),), "§16", kind)
    return Reference(key, term, _facts(key), REF_TEXTS[key][1], kind)


def references() -> dict[str, Reference]:
    """One entry for every term of the vocabulary (``games.tek.vocab.TERMS``)."""
    return {key: _ref(key, term) for key, term in TERMS.items()}


def _ability_text(fid: str, level: int) -> str:
    return t(f"{P}ability.{fid}.{level}.text")


def _side_text(sid: str) -> str:
    info = SIDES[sid]
    regions = ", ".join(
        t(P + "ref.side.region", letter=x, terrain=terrain(kind))
        for x, kind in sorted(info["regions"].items())
    )
    pairs = sorted(
        {
            "".join(sorted((r[-1], a[-1])))
            for r in (f"{sid}-{x}" for x in info["regions"])
            for a in REGIONS[r]["adjacent"]
        }
    )
    return t(P + "ref.side", card=info["card"], side=sid, regions=regions, pairs=" ".join(pairs))


def reference_text(key: str) -> str:
    """The rule text of one entry: composed for factions, abilities and sides."""
    head, _, rest = key.partition(".")
    if head == "faction":
        levels = "\n".join(
            t(P + "ref.level", level=lv["level"], name=ability(rest, lv["level"]), text=text)
            for lv in FACTIONS[rest]["levels"]
            for text in [_ability_text(rest, int(lv["level"]))]
        )
        return t(P + "ref.faction", levels=levels)
    if head == "ability":
        fid, level = rest.split(".")
        return t(
            P + "ref.ability",
            faction=faction(fid),
            level=level,
            text=_ability_text(fid, int(level)),
        )
    if head == "side":
        return _side_text(rest)
    return t(f"{P}ref.{key}")


# --- the "?" button: what a prompt offers ------------------------------------------------------

_BY_STEP: dict[str, tuple[str, ...]] = {
    "war_die": ("war", "war_die", "flag"),
    "war_boost": ("ability.orcs.4",),
    "lose_resources": ("ability.halflings.3",),
    "plunder": ("ability.goblins.3",),
    "convert": ("ability.shapeshifters.1",),
    "swap_to": ("ability.lizardfolk.4",),
    "bandits": ("token.bandits",),
    "dragon": ("token.dragons_lair",),
    "loss": ("war",),
    "loss_region": ("alliance",),
}


def _region_keys(rid: Any) -> list[str]:
    info = REGIONS.get(str(rid))
    return [f"terrain.{info['type']}"] if info else []


def _move_keys(m: Mapping[str, Any]) -> list[str]:
    kind = m.get("type")
    if kind in ("select", "perform"):
        return [f"action.{m['action']}"]
    if kind == "draft":
        return [f"faction.{m['faction']}"]
    if kind == "side":
        return [f"side.{m['side']}"]
    if kind == "collect":
        return ["collect"]
    if kind == "trade_pair":
        return [f"resource.{m['give']}", f"resource.{m['get']}"]
    if kind == "choose_resource" or kind == "plunder":
        return [f"resource.{m['resource']}"]
    if kind == "church":
        return ["token.church"]
    if kind in ("remove", "bandits_remove"):
        return ["meeple"]
    if "region" in m:
        return _region_keys(m["region"])
    return []


def offered(view: Mapping[str, Any], moves: list[dict[str, Any]]) -> list[str]:
    """The reference keys of what the prompt offers, in its order, each once."""
    step = view.get("step") or {}
    keys = list(_BY_STEP.get(str(step.get("name")), ()))
    for m in moves:
        keys += _move_keys(m)
    return [k for k in dict.fromkeys(keys) if k in TERMS]


register(CATALOG)
