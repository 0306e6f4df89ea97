"""How Tiny Epic Kingdoms is shown in Discord: options, move labels, log lines, status, rules.

The only secret is a war die. The bot sends the war-die step to each war player privately
(``is_secret`` moves: DM with an ephemeral fallback) while the channel shows who has chosen;
ordinary turn prompts hold nothing secret, so ``private_prompts`` is False. Labels and the hand
text are built from the acting player's own view (it carries their own unrevealed die and the
values they can afford); event lines use public events only. Every text lives in ``CATALOG``
under ``tek.*`` keys and goes through :func:`bot.text.i18n.t`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.text.i18n import t, tn
from bot.text.presenters.base import NameFn, OptionSpec, Presenter, Preview
from games.tek import GAME
from games.tek.vocab import (
    ACTION_COST_RESOURCE,
    BEGINNER_SPLIT,
    FACTIONS,
    REGIONS,
    RESOURCES,
    SIDES,
    STARTING_RESOURCES,
    TOKEN_NAMES,
    faction_name,
    trade_bonus,
    war_values,
)

P = "tek."

CATALOG: dict[str, str] = {
    # options
    P + "opt.factions": "How factions are assigned: at random, drafted (N+1 pool) or chosen",
    P + "opt.factions.random": "Random",
    P + "opt.factions.draft": "Draft",
    P + "opt.factions.choice": "Free choice",
    P + "opt.exploration": "Exploration tokens variant (Crown, Treasure, Bandits, Camp, Fort...)",
    # words
    P + "action.patrol": "Patrol",
    P + "action.quest": "Quest",
    P + "action.build": "Build",
    P + "action.research": "Research",
    P + "action.expand": "Expand",
    P + "action.trade": "Trade",
    P + "res.mana": "mana",
    P + "res.ore": "ore",
    P + "res.food": "food",
    P + "type.forest": "forest",
    P + "type.mountain": "mountain",
    P + "type.plains": "plains",
    P + "type.capital": "capital",
    P + "type.ruins": "ruins",
    P + "region": "{id} {type}",
    P + "nothing": "nothing",
    # moves
    P + "move.draft": "Draft {faction}",
    P + "move.side": "Home side {side}: {name} ({types})",
    P + "move.start": "Start both meeples in {region}",
    P + "move.start_beginner": "Beginner split: {mana} mana, {ore} ore, {food} food",
    P + "move.start_mana": "{mana} mana (choose ore next)",
    P + "move.start_ore": "{mana} mana, {ore} ore, {food} food",
    P + "move.token_skip": "Leave {region} without a token",
    P + "move.select": "Select {action}",
    P + "move.perform": "{action}",
    P + "move.perform_cost": "{action} (cost {cost} {res})",
    P + "move.perform_instead": "{action} instead of {selected}",
    P + "move.perform_instead_cost": "{action} instead of {selected} (cost {cost} {res})",
    P + "move.pass": "Pass (take no action)",
    P + "move.collect": "Collect resources",
    P + "move.move_from": "Move a meeple from {region}",
    P + "move.stand_up": "Stand up in {region} (ends the Patrol)",
    P + "move.move_to": "Move to {region}",
    P + "move.swap_from": "Swap the meeple in {region} (instead of the Quest)",
    P + "move.swap_to": "Swap with {player} in {region}",
    P + "move.swap_to_war": "Swap with {player} in {region}: war",
    P + "move.move_to_war": "Move to {region}: war with {player}",
    P + "move.move_to_neutral": "Move to {region}: neutral war (pay {cost})",
    P + "move.expand": "Expand to {region} ({cost} food)",
    P + "move.trade_pair": "Trade {give} for {get}",
    P + "move.trade_amount": "Give {amount} {give}, get {got} {get}",
    P + "move.war_flag": "War die: white flag (costs nothing)",
    P + "move.war_die": "War die: {value}",
    P + "move.war_boost": "Boost with 1 {res} (+{value})",
    P + "move.war_boost_none": "No boost",
    P + "move.war_pay_mana": "Pay with {mana} mana",
    P + "move.war_pay": "Pay {what}",
    P + "move.lose_resources": "Lose {what}",
    P + "move.plunder": "Take 1 {res} from {player}",
    P + "move.choose_resource": "Take 1 {res}",
    P + "move.convert": "Turn 1 {src} into 1 {dst}",
    P + "move.convert_none": "Keep what you collected",
    P + "move.dragon_yes": "Use the Dragon's Lair: {player}'s tower -1",
    P + "move.dragon_no": "Do not use the Dragon's Lair",
    P + "move.loss_region": "Resolve {region} next",
    P + "move.retreat": "Retreat to {region} ({cost} food)",
    P + "move.church": "Flee to the Church",
    P + "move.remove": "Remove the meeple (back to supply)",
    P + "move.refuge": "Take refuge in {region}",
    P + "move.bandits_pay": "Pay the bandits {what}",
    P + "move.bandits_remove": "Let the bandits take the meeple",
    # descriptions
    P + "desc.faction": "L1 {l1}; L5 {l5}",
    P + "desc.perform.build": "Tower {level}: {cost} ore",
    P + "desc.perform.research": "Magic {level} ({ability}): {cost} mana",
    P + "desc.perform.expand": "A new meeple costs {cost} food",
    P + "desc.perform.patrol": "Move a meeple within a card, or stand up in ruins",
    P + "desc.perform.quest": "Edge region to an edge region of another card",
    P + "desc.perform.trade": "Exchange one resource type for another",
    P + "desc.collect": "From every region you occupy",
    P + "desc.war_die": "Win or lose, you pay {value} (minus discounts)",
    P + "desc.retreat": "You keep the meeple; food {food} -> {left}",
    # prompts
    P + "prompt.draft": "{player}, pick your faction from those on offer.",
    P + "prompt.side": "{player}, choose the side of territory card {card} for your home.",
    P + "prompt.start": "{player}, choose the region of {side} for your two starting meeples.",
    P + "prompt.start_resources": "{player}, split your 6 starting resources (mana first).",
    P + "prompt.start_ore": "{player}: {mana} mana; now ore (the rest is food).",
    P + "prompt.token_skip": "{player}, choose the home region that stays without a token.",
    P + "prompt.select": "{player}, put a shield on an action (turn {turn}, shield {n}/5).",
    P + "prompt.respond": "{action} is selected. {player}: perform it or {other}.",
    P + "prompt.respond.pass": "pass",
    P + "prompt.respond.collect": "collect",
    P + "prompt.move_from": "{player}, {action}: choose the meeple to move.",
    P + "prompt.move_to": "{player}, {action} from {region}: choose the destination.",
    P + "prompt.swap_to": "{player}, Changing Places from {region}: choose the meeple to swap "
    "with.",
    P + "prompt.expand": "{player}, choose where the new meeple goes.",
    P + "prompt.trade_pair": "{player}, choose what to give and what to get.",
    P + "prompt.trade_amount": "{player}, how much {give} do you give for {get}?",
    P + "prompt.war_die": "War in {region}: {attacker} attacks {defender}. "
    "Set your war die secretly (waiting for {waiting}).",
    P + "prompt.war_boost": "{player}, you are not winning: boost your number with 1 resource?",
    P + "prompt.war_pay_mana": "{player}, pay your war cost ({due}): first choose the mana.",
    P + "prompt.war_pay": "{player}, pay your war cost ({due}).",
    P + "prompt.lose_resources": "{player}, Peaceful Folk: lose {n} resources.",
    P + "prompt.plunder": "{player}, Plunder: take 1 resource from {loser}.",
    P + "prompt.choose_resource": "{player}, take 1 resource of your choice ({reason}).",
    P + "prompt.convert": "{player}, Mimicry: convert 1 resource you collected?",
    P + "prompt.dragon": "{player}, use the Dragon's Lair against {loser}?",
    P + "prompt.loss_region": "{player}, the alliance is broken: choose which meeple to resolve "
    "next.",
    P + "prompt.loss": "{player}, your meeple in {region} lost: retreat to a free region, or "
    "remove it.",
    P + "prompt.bandits": "{player}, bandits in {region}: pay 2 resources or lose the meeple.",
    P + "prompt.over": "The game is over.",
    P + "reason.ruins": "searching ruins",
    P + "reason.one_meeple": "one-meeple bonus",
    P + "reason.ability": "faction ability",
    P + "reason.treasure": "treasure",
    P + "reason.hospitality": "Hospitality",
    P + "reason.scavengers": "Scavengers",
    # events
    P + "ev.faction_drafted": "{player} drafts the {faction}.",
    P + "ev.faction_assigned": "{player} plays the {faction}.",
    P + "ev.lost_kingdom": "The Lost Kingdom is {side} ({name}), held by neutral meeples.",
    P + "ev.side_chosen": "{player} takes {side} ({name}) as home.",
    P + "ev.start_placed": "{player} starts in {region}.",
    P + "ev.resources_set": "{player} starts with {mana} mana, {ore} ore, {food} food.",
    P + "ev.tokens_placed": "{n} exploration tokens placed face down.",
    P + "ev.shields_cleared": "All 5 shields are taken back.",
    P + "ev.clear_turn": "{player}'s turn only clears the shields (5 players).",
    P + "ev.action_selected": "{player} selects {action}.",
    P + "ev.passed": "{player} passes.",
    P + "ev.performed": "{player} performs {action}.",
    P + "ev.performed_instead": "{player} performs {action} instead of {selected}.",
    P + "ev.end_triggered": "The end is triggered ({cause} by {player}): the game ends when "
    "the 5th shield is placed.",
    P + "ev.cause.meeples": "7 meeples",
    P + "ev.cause.tower": "tower 6",
    P + "ev.cause.magic": "magic 5",
    P + "ev.game_over": "Game over: {ranking}",
    P + "ev.rank": "{rank}. {player} {score} VP",
    P + "ev.moved": "{player}: {via} {src} -> {dst}.",
    P + "ev.stood_up": "{player} stands up in {region}.",
    P + "ev.swapped": "{player} swaps {src} <-> {dst} with {other} (Changing Places).",
    P + "ev.built": "{player} builds tower level {level} ({cost} ore).",
    P + "ev.researched": "{player} reaches magic {level}: {ability} ({cost} mana).",
    P + "ev.expanded": "{player} expands to {region} ({cost} food).",
    P + "ev.traded": "{player} trades {amount} {give} for {received} {get}{lost}.",
    P + "ev.lost_cap": " ({n} lost to the cap)",
    P + "ev.collected": "{player} collects {what}{lost}.",
    P + "ev.resource_chosen": "{player} takes 1 {res} ({reason}).",
    P + "ev.converted": "{player} converts 1 {src} into {dst}.",
    P + "ev.arrival_gain": "{player} gains {amount} {res} on arrival.",
    P + "ev.war_started": "⚔️ War in {region}: {attacker} attacks {defender}{allied}!",
    P + "ev.war_allied": " (their ally)",
    P + "ev.war_die_set": "{player} has set a war die.",
    P + "ev.war_revealed": "Dice revealed: {attacker} {a}, {defender} {d}.",
    P + "ev.war_boosted": "{player} boosts with 1 {res}: now {value}.",
    P + "ev.war_result": "{winner} wins the war against {loser}.",
    P + "ev.war_alliance": "Two flags: the war ends in an alliance.",
    P + "ev.war_paid": "{player} pays {what}.",
    P + "ev.alliance_formed": "{a} and {b} are now allied.",
    P + "ev.alliance_broken": "The alliance of {a} and {b} is broken ({regions}).",
    P + "ev.crown_passed": "The Crown passes from {loser} to {player}.",
    P + "ev.resources_lost": "{player} loses {what}.",
    P + "ev.plundered": "{player} plunders 1 {res} from {loser}.",
    P + "ev.dragon_used": "{player} unleashes the Dragon: {loser}'s tower drops to {tower}.",
    P + "ev.retreated": "{player} retreats {src} -> {dst} ({cost} food).",
    P + "ev.removed": "{player}'s meeple in {region} is removed.",
    P + "ev.church_used": "{player} flees {src} -> {dst} (Church).",
    P + "ev.refuge": "{player}'s last meeple takes refuge in {region}.",
    P + "ev.neutral_war": "{player} attacks the neutral meeple in {region} (cost {cost}).",
    P + "ev.neutral_captured": "{player} captures a neutral meeple ({n} left).",
    P + "ev.token_revealed": "{player} finds {token} in {region}.",
    P + "ev.bandits_paid": "{player} pays the bandits {what}.",
    P + "ev.bandits_removed": "Bandits take {player}'s meeple in {region}.",
    # status
    P + "status.turn": "Turn {turn} · {active} is active · shields: {shields}",
    P + "status.step": "Now: {step} ({actors})",
    P + "status.player": "{player} — {faction} · magic {magic} · tower {tower} · "
    "{mana}/{ore}/{food} (mana/ore/food) · {meeples} · {score} VP",
    P + "status.end": "The end is triggered: the game ends with the 5th shield.",
    P + "status.over": "Game over.",
    P + "status.final": "{rank}. {player} — {score} VP",
    P + "status.none": "none",
    # hand
    P + "hand.faction": "{faction} — magic {magic}",
    P + "hand.level_on": "✅ L{level} {name}: {text}",
    P + "hand.level_off": "▫️ L{level} {name}: {text}",
    P + "hand.die": "Your war die: {value} (secret until both are set).",
    P + "hand.die_options": "You can afford: {values}.",
    # rules
    P + "rules": (
        "**Tiny Epic Kingdoms** (2-5 players): grow a tiny kingdom on 3x3 territory cards.\n"
        "**Turn:** the active player puts a shield on one of six actions (Patrol, Quest, Build, "
        "Research, Expand, Trade) that has none. Then everyone in turn order either performs "
        "that action or collects (the active player performs or passes). After 5 shields the "
        "card is cleared (5 players: that turn only clears).\n"
        "**Actions:** Patrol moves a meeple within its card (or stands up a searcher in ruins); "
        "Quest jumps from an edge region to an edge region of another card; Build raises your "
        "tower (level N costs N ore); Research raises magic (N mana) and unlocks your faction's "
        "next ability; Expand adds a meeple where your lone meeple stands (food = meeples in "
        "play counting the new one: the 4th costs 4); Trade exchanges one resource type for "
        "another.\n"
        "**Collect:** 1 mana per forest, 1 ore per mountain, 1 food per plains you occupy; a "
        "searched ruins gives 1 of your choice; with a single meeple in play you get 1 more. "
        "Resources cap at 9.\n"
        "**War:** moving into another player's lone meeple starts a war. Both set a war die in "
        "secret (by DM): a number up to 11 or the white flag. Higher number wins, the defender "
        "wins ties, a number beats a flag. Both pay their number (mana 2, ore 1, food 0 each). "
        "The loser retreats to a free adjacent region (food = meeples in play; not from ruins) "
        "or removes the meeple. Two flags (3+ "
        "players) make an alliance: both stay and share the region; attacking an ally with a "
        "number breaks every shared region. You may not attack a last meeple or with your "
        "last meeple.\n"
        "**End:** when someone has 7 meeples, tower 6 or magic 5, the game ends as the 5th "
        "shield is placed. VP: 1 per meeple (ruins meeples removed first), tower VP "
        "(1/2/4/6/8/11), 1 per magic level, the faction's level-5 bonus, capitals 2 (1 if "
        "shared). Ties: meeples, tower, magic, resources.\n"
        "**2 players:** a neutral Lost Kingdom; attacking a neutral costs the number of "
        "neutrals left, +1 VP each captured and per Lost Kingdom region held.\n"
        "**Options:** `factions` random (default), draft (N+1 factions, picked in reverse "
        "order) or choice (each in turn order picks any); `exploration` off (default) or on: "
        "face-down tokens in empty regions flip on "
        "arrival (Crown +2 VP, Treasure, Bandits, Dragon's Lair, Camp, Fort, Town, Church)."
    ),
}

RES = RESOURCES


def _res(x: Any) -> str:
    return t(P + f"res.{x}")


def _action(a: Any) -> str:
    return t(P + f"action.{a}")


def _region(rid: Any) -> str:
    info = REGIONS.get(str(rid))
    if info is None:
        return str(rid)
    return t(P + "region", id=rid, type=t(P + f"type.{info['type']}"))


def _what(d: dict[str, Any]) -> str:
    parts = [f"{int(d.get(x, 0))} {_res(x)}" for x in RES if int(d.get(x, 0) or 0)]
    return ", ".join(parts) if parts else t(P + "nothing")


def _player_view(view: dict[str, Any], player: str | None) -> dict[str, Any]:
    for p in view.get("players", []):
        if p.get("id") == player:
            return dict(p)
    return {}


def _region_view(view: dict[str, Any], rid: str) -> dict[str, Any]:
    for side in view.get("map", []):
        for r in side.get("regions", []):
            if r.get("id") == rid:
                return dict(r)
    return {}


def _ctx(view: dict[str, Any]) -> dict[str, Any]:
    return dict((view.get("step") or {}).get("context") or {})


def _die(value: Any) -> str:
    return "🏳️ flag" if value == "flag" else str(value)


def war_context(view: dict[str, Any], name: NameFn) -> str | None:
    """Who fights whom over which region, both sides' resources, the dice once revealed
    (all public: a die stays out of the view's war until the reveal)."""
    war = dict(_ctx(view).get("war") or {})
    if not war.get("attacker"):
        return None
    attacker = str(war["attacker"])
    defender = None if war.get("neutral") else str(war.get("defender"))
    d_name = name(defender) if defender else t(P + "ctx.neutral")
    cost = t(P + "ctx.war_cost", cost=war["cost"]) if war.get("cost") else ""
    lines = (
        []
        if _step(view) == "war_die"
        else [  # its prompt names the war already
            t(
                P + "ctx.war",
                region=_region(war.get("region")),
                attacker=name(attacker),
                defender=d_name,
                cost=cost,
            )
        ]
    )
    sides = [p for p in (attacker, defender) if p]
    lines.append(
        " · ".join(
            t(
                P + "ctx.side",
                player=name(p),
                resources=_what(_player_view(view, p).get("resources") or {}),
            )
            for p in sides
        )
    )
    dice = war.get("values") or war.get("revealed")
    if dice and defender:
        lines.append(
            t(
                P + "ctx.dice",
                attacker=name(attacker),
                defender=d_name,
                a=_die(dice.get(attacker)),
                d=_die(dice.get(defender)),
            )
        )
    return "\n".join(lines)


def _step(view: dict[str, Any]) -> str:
    return str((view.get("step") or {}).get("name"))


def final_breakdown(view: dict[str, Any], player: str) -> str | None:
    """§11.2: the VP by source (the parts that scored)."""
    row = next((r for r in view.get("results") or [] if r.get("player") == player), None)
    b = (row or {}).get("breakdown") or {}
    parts = [t(P + f"final.part.{k}", n=b[k]) for k in FINAL_PARTS if b.get(k)]
    return " · ".join(parts) if parts else None


def option_specs() -> tuple[OptionSpec, ...]:
    """One spec per engine option (``GAME.options``, rules file §3), labelled from the
    catalogue: the engine declares the options and their values, this adds only the words."""
    specs = []
    for key, (default, allowed) in GAME.options.items():
        if list(allowed) == [False, True]:
            specs.append(OptionSpec(key, t(P + f"opt.{key}"), "bool", default))
        else:
            specs.append(
                OptionSpec(
                    key,
                    t(P + f"opt.{key}"),
                    "choice",
                    default,
                    tuple((t(P + f"opt.{key}.{a}"), a) for a in allowed),
                )
            )
    return tuple(specs)


#: a war's sides (issue 11: every prompt carries what the decision needs), what the player to
#: act is deciding (for "it is X's turn"), the final score's parts
CATALOG.update(
    {
        P + "ctx.war": "⚔️ War over {region}: {attacker} attacks {defender}{cost}.",
        P + "ctx.war_cost": " (the attack costs {cost})",
        P + "ctx.neutral": "the neutral meeple",
        P + "ctx.side": "{player}: {resources}",
        P + "ctx.dice": "Dice: {attacker} {a}, {defender} {d}.",
        P + "doing.draft": "choosing a faction",
        P + "doing.setup": "setting up their kingdom",
        P + "doing.token": "deciding about a token",
        P + "doing.select": "choosing an action",
        P + "doing.respond": "deciding whether to follow the action",
        P + "doing.move": "moving a meeple",
        P + "doing.expand": "expanding",
        P + "doing.trade": "trading",
        P + "doing.war": "fighting a war",
        P + "doing.war_pay": "paying for a war",
        P + "doing.resources": "choosing resources",
        P + "doing.dragon": "facing the Dragon",
        P + "doing.loss": "choosing a meeple to lose",
        P + "doing.bandits": "dealing with bandits",
        P + "final.part.meeples": "meeples {n}",
        P + "final.part.tower": "tower {n}",
        P + "final.part.magic": "magic {n}",
        P + "final.part.faction": "faction {n}",
        P + "final.part.capitals": "capitals {n}",
        P + "final.part.crown": "crown {n}",
        P + "final.part.towns": "towns {n}",
        P + "final.part.lost_kingdom": "Lost Kingdom {n}",
        P + "final.part.neutrals": "neutrals {n}",
    }
)
#: step name -> the ``doing`` text of the player who acts in it
DOING = {
    "draft": "draft",
    "side": "setup",
    "start": "setup",
    "start_resources": "setup",
    "start_ore": "setup",
    "token_skip": "token",
    "select": "select",
    "respond": "respond",
    "move_from": "move",
    "move_to": "move",
    "swap_to": "move",
    "expand": "expand",
    "trade_pair": "trade",
    "trade_amount": "trade",
    "war_die": "war",
    "war_boost": "war",
    "war_pay_mana": "war_pay",
    "war_pay": "war_pay",
    "lose_resources": "resources",
    "plunder": "resources",
    "choose_resource": "resources",
    "convert": "resources",
    "dragon": "dragon",
    "loss_region": "loss",
    "loss": "loss",
    "bandits": "bandits",
}
WAR_STEPS = ("war_die", "war_boost", "war_pay_mana", "war_pay")
FINAL_PARTS = (
    "meeples",
    "tower",
    "magic",
    "faction",
    "capitals",
    "crown",
    "towns",
    "lost_kingdom",
    "neutrals",
)


#: the engine's English names of factions, their abilities and the territory sides, by key
ENGINE_NAMES: dict[str, str] = {
    **{f"{P}faction.{fid}": str(f["name"]) for fid, f in FACTIONS.items()},
    **{
        f"{P}ability.{fid}.{lv['level']}.{part}": str(lv[part])
        for fid, f in FACTIONS.items()
        for lv in f["levels"]
        for part in ("name", "text")
    },
    **{f"{P}side.{sid}": str(s["name"]) for sid, s in SIDES.items()},
    **{f"{P}token.{tid}": name for tid, name in TOKEN_NAMES.items()},
}


def _faction(fid: Any) -> str:
    """A faction's name in the reader's language (the engine's English is the source)."""
    key = f"{P}faction.{fid}"
    return t(key) if key in ENGINE_NAMES else faction_name(fid)


def _ability(fid: Any, level: Any, part: str = "name") -> str:
    key = f"{P}ability.{fid}.{level}.{part}"
    if key in ENGINE_NAMES:
        return t(key)
    levels = (FACTIONS.get(str(fid)) or {}).get("levels") or []
    return next((str(lv[part]) for lv in levels if lv["level"] == level), "")


def _ability_named(english: Any) -> str:
    """An ability named by the engine in English (an event), in the reader's language."""
    key = next((k for k, v in ENGINE_NAMES.items() if v == english and k.endswith(".name")), None)
    return t(key) if key else str(english)


def _side_name(sid: Any) -> str:
    key = f"{P}side.{sid}"
    return t(key) if key in ENGINE_NAMES else str(SIDES.get(str(sid), {}).get("name", sid))


#: counted nouns (plural entries: the catalogue above holds plain texts only)
COUNTS: dict[str, tuple[str, ...]] = {P + "n.meeples": ("{n} meeple", "{n} meeples")}


def _register() -> None:
    from bot.text import i18n

    i18n.register(CATALOG)
    i18n.register(ENGINE_NAMES)
    i18n.register(COUNTS)


_register()


# --- move labels: one function per move type ------------------------------------------------


@dataclass(frozen=True)
class Seen:
    """What a label or prompt is made from: the acting player's view and their own row."""

    view: dict[str, Any]
    me: dict[str, Any]
    ctx: dict[str, Any]
    name: NameFn


def _seen(view: dict[str, Any], player: str | None, name: NameFn) -> Seen:
    return Seen(view, _player_view(view, player), _ctx(view), name)


Label = Callable[[Seen, dict[str, Any]], str]


def _l_draft(v: Seen, m: dict[str, Any]) -> str:
    return t(P + "move.draft", faction=_faction(m["faction"]))


def _l_side(v: Seen, m: dict[str, Any]) -> str:
    side = {**SIDES[m["side"]], "name": _side_name(m["side"])}
    types = " ".join(
        t(P + f"type.{side['regions'][k]}")[0].upper() for k in sorted(side["regions"])
    )
    return t(P + "move.side", side=m["side"], name=side["name"], types=types)


def _l_start_beginner(v: Seen, m: dict[str, Any]) -> str:
    return t(P + "move.start_beginner", **BEGINNER_SPLIT)


def _l_start_mana(v: Seen, m: dict[str, Any]) -> str:
    return t(P + "move.start_mana", mana=m["mana"])


def _l_start_ore(v: Seen, m: dict[str, Any]) -> str:
    mana = int(v.ctx.get("mana", 0))
    return t(
        P + "move.start_ore",
        mana=mana,
        ore=m["ore"],
        food=STARTING_RESOURCES - mana - int(m["ore"]),
    )


def _l_select(v: Seen, m: dict[str, Any]) -> str:
    return t(P + "move.select", action=_action(m["action"]))


def _l_perform(v: Seen, m: dict[str, Any]) -> str:
    """§5 step 3: the action, what it replaces (a substitute, §17) and its cost (§6)."""
    a = m["action"]
    res = ACTION_COST_RESOURCE.get(a)
    cost = (v.me.get("costs") or {}).get(a) if res else None
    selected = v.ctx.get("action")
    if selected and selected != a:
        if cost is not None:
            return t(
                P + "move.perform_instead_cost",
                action=_action(a),
                selected=_action(selected),
                cost=cost,
                res=_res(res),
            )
        return t(P + "move.perform_instead", action=_action(a), selected=_action(selected))
    if cost is not None:
        return t(P + "move.perform_cost", action=_action(a), cost=cost, res=_res(res))
    return t(P + "move.perform", action=_action(a))


def _l_plain(v: Seen, m: dict[str, Any]) -> str:
    return t(P + f"move.{m['type']}")


def _l_region(v: Seen, m: dict[str, Any]) -> str:
    return t(P + f"move.{m['type']}", region=_region(m["region"]))


def _l_move_to(v: Seen, m: dict[str, Any]) -> str:
    rid = m["region"]
    occupants = [x["owner"] for x in _region_view(v.view, rid).get("meeples", [])]
    others = [o for o in occupants if o != v.me.get("id")]
    if others and others[0] == "neutral":
        return t(
            P + "move.move_to_neutral", region=_region(rid), cost=v.view.get("neutral_meeples", "?")
        )
    if others:
        return t(P + "move.move_to_war", region=_region(rid), player=v.name(others[0]))
    return t(P + "move.move_to", region=_region(rid))


def _l_swap_to(v: Seen, m: dict[str, Any]) -> str:
    rid = m["region"]
    owners = [x["owner"] for x in _region_view(v.view, rid).get("meeples", [])]
    key = "move.swap_to_war" if len(owners) > 1 else "move.swap_to"
    return t(P + key, player=v.name(str(owners[0] if owners else "?")), region=_region(rid))


def _l_expand(v: Seen, m: dict[str, Any]) -> str:
    return t(
        P + "move.expand",
        region=_region(m["region"]),
        cost=(v.me.get("costs") or {}).get("expand", "?"),
    )


def _l_trade_pair(v: Seen, m: dict[str, Any]) -> str:
    return t(P + "move.trade_pair", give=_res(m["give"]), get=_res(m["get"]))


def _faction_magic(me: dict[str, Any]) -> tuple[str | None, int]:
    return (me.get("faction") or {}).get("id"), int(me.get("magic", 0))


def _l_trade_amount(v: Seen, m: dict[str, Any]) -> str:
    n = int(m["amount"])
    return t(
        P + "move.trade_amount",
        amount=n,
        give=_res(v.ctx.get("give")),
        got=n + trade_bonus(*_faction_magic(v.me)),
        get=_res(v.ctx.get("get")),
    )


def _l_war_die(v: Seen, m: dict[str, Any]) -> str:
    if m["value"] == "flag":
        return t(P + "move.war_flag")
    return t(P + "move.war_die", value=m["value"])


def _l_war_boost(v: Seen, m: dict[str, Any]) -> str:
    if m["resource"] is None:
        return t(P + "move.war_boost_none")
    value = war_values(*_faction_magic(v.me))[m["resource"]]
    return t(P + "move.war_boost", res=_res(m["resource"]), value=value)


def _l_war_pay_mana(v: Seen, m: dict[str, Any]) -> str:
    return t(P + "move.war_pay_mana", mana=m["mana"])


def _l_payment(v: Seen, m: dict[str, Any]) -> str:
    return t(P + f"move.{m['type']}", what=_what(m))


def _l_plunder(v: Seen, m: dict[str, Any]) -> str:
    return t(P + "move.plunder", res=_res(m["resource"]), player=v.name(str(v.ctx.get("loser"))))


def _l_choose_resource(v: Seen, m: dict[str, Any]) -> str:
    return t(P + "move.choose_resource", res=_res(m["resource"]))


def _l_convert(v: Seen, m: dict[str, Any]) -> str:
    if m["from"] is None:
        return t(P + "move.convert_none")
    return t(P + "move.convert", src=_res(m["from"]), dst=_res(m["to"]))


def _l_dragon(v: Seen, m: dict[str, Any]) -> str:
    if m["use"]:
        return t(P + "move.dragon_yes", player=v.name(str(v.ctx.get("loser"))))
    return t(P + "move.dragon_no")


def _l_retreat(v: Seen, m: dict[str, Any]) -> str:
    """§10.7: the retreat costs food, nothing after the Dragon's Lair (§10.6 step 6)."""
    war = v.ctx.get("war") or {}
    cost = (v.me.get("costs") or {}).get("retreat", "?")
    if v.ctx.get("region") == war.get("region") and war.get("dragon"):
        cost = 0
    return t(P + "move.retreat", region=_region(m["region"]), cost=cost)


LABELS: dict[str, Label] = {
    "draft": _l_draft,
    "side": _l_side,
    "start": _l_region,
    "start_beginner": _l_start_beginner,
    "start_mana": _l_start_mana,
    "start_ore": _l_start_ore,
    "token_skip": _l_region,
    "select": _l_select,
    "perform": _l_perform,
    "pass": _l_plain,
    "collect": _l_plain,
    "church": _l_plain,
    "remove": _l_plain,
    "bandits_remove": _l_plain,
    "move_from": _l_region,
    "stand_up": _l_region,
    "loss_region": _l_region,
    "refuge": _l_region,
    "swap_from": _l_region,
    "move_to": _l_move_to,
    "swap_to": _l_swap_to,
    "expand": _l_expand,
    "trade_pair": _l_trade_pair,
    "trade_amount": _l_trade_amount,
    "war_die": _l_war_die,
    "war_boost": _l_war_boost,
    "war_pay_mana": _l_war_pay_mana,
    "war_pay": _l_payment,
    "lose_resources": _l_payment,
    "bandits_pay": _l_payment,
    "plunder": _l_plunder,
    "choose_resource": _l_choose_resource,
    "convert": _l_convert,
    "dragon": _l_dragon,
    "retreat": _l_retreat,
}


# --- move descriptions (the second line of a select option) ----------------------------------


def _d_draft(v: Seen, m: dict[str, Any]) -> str | None:
    fid = m["faction"]
    return t(P + "desc.faction", l1=_ability(fid, 1, "text"), l5=_ability(fid, 5, "text"))


def _d_perform(v: Seen, m: dict[str, Any]) -> str | None:
    a = m["action"]
    costs = v.me.get("costs") or {}
    if a == "build":
        return t(
            P + "desc.perform.build", level=int(v.me.get("tower", 0)) + 1, cost=costs.get("build")
        )
    if a == "research":
        level = int(v.me.get("magic", 0)) + 1
        ability = _ability((v.me.get("faction") or {}).get("id"), level)
        return t(
            P + "desc.perform.research", level=level, ability=ability, cost=costs.get("research")
        )
    if a == "expand":
        return t(P + "desc.perform.expand", cost=costs.get("expand"))
    return t(P + f"desc.perform.{a}")


def _d_collect(v: Seen, m: dict[str, Any]) -> str | None:
    return t(P + "desc.collect")


def _d_war_die(v: Seen, m: dict[str, Any]) -> str | None:
    return None if m["value"] == "flag" else t(P + "desc.war_die", value=m["value"])


def _d_retreat(v: Seen, m: dict[str, Any]) -> str | None:
    food = int((v.me.get("resources") or {}).get("food", 0))
    cost = (v.me.get("costs") or {}).get("retreat") or 0
    return t(P + "desc.retreat", food=food, left=food - int(cost))


DESCRIPTIONS: dict[str, Callable[[Seen, dict[str, Any]], str | None]] = {
    "draft": _d_draft,
    "perform": _d_perform,
    "collect": _d_collect,
    "war_die": _d_war_die,
    "retreat": _d_retreat,
}


# --- prompts: one function per step -----------------------------------------------------------

Prompt = Callable[[Seen, str], str]


def _p_over(v: Seen, who: str) -> str:
    return t(P + "prompt.over")


def _p_side(v: Seen, who: str) -> str:
    return t(P + "prompt.side", player=who, card=v.me.get("card"))


def _p_start(v: Seen, who: str) -> str:
    return t(P + "prompt.start", player=who, side=v.me.get("home_side"))


def _p_start_ore(v: Seen, who: str) -> str:
    return t(P + "prompt.start_ore", player=who, mana=v.ctx.get("mana"))


def _p_select(v: Seen, who: str) -> str:
    return t(
        P + "prompt.select",
        player=who,
        turn=v.view.get("turn"),
        n=len(v.view.get("shields", [])) + 1,
    )


def _p_respond(v: Seen, who: str) -> str:
    other = "pass" if v.ctx.get("active") else "collect"
    return t(
        P + "prompt.respond",
        action=_action(v.ctx.get("action")),
        player=who,
        other=t(P + f"prompt.respond.{other}"),
    )


def _p_move(step: str) -> Prompt:
    def prompt(v: Seen, who: str) -> str:
        return t(
            P + f"prompt.{step}",
            player=who,
            action=_action(v.ctx.get("action")),
            region=v.ctx.get("from"),
        )

    return prompt


def _p_swap_to(v: Seen, who: str) -> str:
    return t(P + "prompt.swap_to", player=who, region=_region(v.ctx.get("from")))


def _p_trade_amount(v: Seen, who: str) -> str:
    return t(
        P + "prompt.trade_amount",
        player=who,
        give=_res(v.ctx.get("give")),
        get=_res(v.ctx.get("get")),
    )


def _p_war_die(v: Seen, who: str) -> str:
    war = v.ctx.get("war") or {}
    actors = (v.view.get("step") or {}).get("actors", [])
    return t(
        P + "prompt.war_die",
        region=_region(war.get("region")),
        attacker=v.name(str(war.get("attacker"))),
        defender=v.name(str(war.get("defender"))),
        waiting=", ".join(v.name(a) for a in actors),
    )


def _p_due(step: str) -> Prompt:
    def prompt(v: Seen, who: str) -> str:
        return t(P + f"prompt.{step}", player=who, due=v.ctx.get("due"))

    return prompt


def _p_lose_resources(v: Seen, who: str) -> str:
    return t(P + "prompt.lose_resources", player=who, n=2)


def _p_loser(step: str) -> Prompt:
    def prompt(v: Seen, who: str) -> str:
        return t(P + f"prompt.{step}", player=who, loser=v.name(str(v.ctx.get("loser"))))

    return prompt


def _p_choose_resource(v: Seen, who: str) -> str:
    return t(
        P + "prompt.choose_resource", player=who, reason=t(P + f"reason.{v.ctx.get('reason')}")
    )


def _p_in_region(step: str) -> Prompt:
    def prompt(v: Seen, who: str) -> str:
        return t(P + f"prompt.{step}", player=who, region=_region(v.ctx.get("region")))

    return prompt


PROMPTS: dict[str, Prompt] = {
    "over": _p_over,
    "side": _p_side,
    "start": _p_start,
    "start_ore": _p_start_ore,
    "select": _p_select,
    "respond": _p_respond,
    "move_from": _p_move("move_from"),
    "move_to": _p_move("move_to"),
    "swap_to": _p_swap_to,
    "trade_amount": _p_trade_amount,
    "war_die": _p_war_die,
    "war_pay": _p_due("war_pay"),
    "war_pay_mana": _p_due("war_pay_mana"),
    "lose_resources": _p_lose_resources,
    "plunder": _p_loser("plunder"),
    "dragon": _p_loser("dragon"),
    "choose_resource": _p_choose_resource,
    "loss": _p_in_region("loss"),
    "bandits": _p_in_region("bandits"),
}


# --- event lines: one function per event type -------------------------------------------------

Line = Callable[[dict[str, Any], str, NameFn], str | None]


def _e_who(key: str) -> Line:
    """Events whose line needs only the player."""

    def line(e: dict[str, Any], who: str, name: NameFn) -> str | None:
        return t(P + f"ev.{key}", player=who)

    return line


def _e_region(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    return t(P + f"ev.{e['type']}", player=who, region=_region(e.get("region")))


def _e_faction(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    return t(P + f"ev.{e['type']}", player=who, faction=_faction(e["faction"]))


def _e_side(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    side = str(e["side"])
    return t(P + f"ev.{e['type']}", player=who, side=side, name=_side_name(side))


def _e_resources_set(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    return t(P + "ev.resources_set", player=who, mana=e["mana"], ore=e["ore"], food=e["food"])


def _e_tokens_placed(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    return t(P + "ev.tokens_placed", n=len(e.get("regions", [])))


def _e_action_selected(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    return t(P + "ev.action_selected", player=who, action=_action(e["action"]))


def _e_performed(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    if e.get("instead_of"):
        return t(
            P + "ev.performed_instead",
            player=who,
            action=_action(e["action"]),
            selected=_action(e["instead_of"]),
        )
    if e.get("action") in ACTION_COST_RESOURCE:
        return None  # the built/researched/expanded line says it
    return t(P + "ev.performed", player=who, action=_action(e["action"]))


def _e_end_triggered(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    return t(P + "ev.end_triggered", cause=t(P + f"ev.cause.{e.get('cause')}"), player=who)


def _e_game_over(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    ranking = "; ".join(
        t(P + "ev.rank", rank=r["rank"], player=name(r["player"]), score=r["score"])
        for r in e.get("results", [])
    )
    return t(P + "ev.game_over", ranking=ranking)


def _e_moved(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    return t(
        P + "ev.moved",
        player=who,
        via=_action(e.get("via")),
        src=e.get("from"),
        dst=_region(e.get("to")),
    )


def _e_swapped(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    return t(P + "ev.swapped", player=who, src=e["from"], dst=e["to"], other=name(str(e["with"])))


def _e_built(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    return t(P + "ev.built", player=who, level=e["level"], cost=e["cost"])


def _e_researched(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    return t(
        P + "ev.researched",
        player=who,
        level=e["level"],
        ability=_ability_named(e["ability"]),
        cost=e["cost"],
    )


def _e_expanded(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    return t(P + "ev.expanded", player=who, region=_region(e["region"]), cost=e["cost"])


def _e_traded(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    lost = t(P + "ev.lost_cap", n=e["lost"]) if e.get("lost") else ""
    return t(
        P + "ev.traded",
        player=who,
        amount=e["amount"],
        give=_res(e["give"]),
        received=e["received"],
        get=_res(e["get"]),
        lost=lost,
    )


def _e_collected(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    lost_n = sum((e.get("lost_to_cap") or {}).values())
    lost = t(P + "ev.lost_cap", n=lost_n) if lost_n else ""
    return t(P + "ev.collected", player=who, what=_what(e.get("gains") or {}), lost=lost)


def _e_resource_chosen(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    return t(
        P + "ev.resource_chosen",
        player=who,
        res=_res(e["resource"]),
        reason=t(P + f"reason.{e.get('reason')}"),
    )


def _e_converted(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    return t(P + "ev.converted", player=who, src=_res(e["from"]), dst=_res(e["to"]))


def _e_arrival_gain(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    return t(P + "ev.arrival_gain", player=who, amount=e["amount"], res=_res(e["resource"]))


def _e_war_started(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    allied = t(P + "ev.war_allied") if e.get("allied") else ""
    return t(
        P + "ev.war_started",
        region=_region(e["region"]),
        attacker=name(str(e["attacker"])),
        defender=name(str(e["defender"])),
        allied=allied,
    )


def _e_war_revealed(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    values = e.get("values") or {}
    a, d = str(e.get("attacker")), str(e.get("defender"))
    return t(
        P + "ev.war_revealed",
        attacker=name(a),
        defender=name(d),
        a=_die(values.get(a)),
        d=_die(values.get(d)),
    )


def _e_war_boosted(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    return t(P + "ev.war_boosted", player=who, res=_res(e["resource"]), value=e["new_value"])


def _e_war_result(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    if e.get("alliance"):
        return t(P + "ev.war_alliance")
    return t(
        P + "ev.war_result", winner=name(str(e.get("winner"))), loser=name(str(e.get("loser")))
    )


def _e_payment(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    return t(P + f"ev.{e['type']}", player=who, what=_what(e))


def _e_alliance(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    players = e.get("players") or ["?", "?"]
    regions = ", ".join(str(r) for r in e.get("regions", []))
    return t(
        P + f"ev.{e['type']}", a=name(str(players[0])), b=name(str(players[1])), regions=regions
    )


def _e_crown_passed(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    return t(P + "ev.crown_passed", player=who, loser=name(str(e.get("from"))))


def _e_plundered(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    return t(
        P + "ev.plundered", player=who, res=_res(e["resource"]), loser=name(str(e.get("from")))
    )


def _e_dragon_used(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    return t(P + "ev.dragon_used", player=who, loser=name(str(e.get("loser"))), tower=e["tower"])


def _e_retreated(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    return t(P + "ev.retreated", player=who, src=e["from"], dst=_region(e["to"]), cost=e["cost"])


def _e_church_used(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    return t(P + "ev.church_used", player=who, src=e["from"], dst=_region(e["to"]))


def _e_neutral_war(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    return t(P + "ev.neutral_war", player=who, region=_region(e["region"]), cost=e["cost"])


def _e_neutral_captured(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    return t(P + "ev.neutral_captured", player=who, n=e["count_left"])


def _e_token_revealed(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    return t(
        P + "ev.token_revealed",
        player=who,
        token=t(f"{P}token.{e['token']}") if str(e["token"]) in TOKEN_NAMES else str(e["token"]),
        region=_region(e["region"]),
    )


def _e_lost_kingdom(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    side = str(e["side"])
    return t(P + "ev.lost_kingdom", side=side, name=_side_name(side))


EVENT_LINES: dict[str, Line] = {
    "faction_assigned": _e_faction,
    "faction_drafted": _e_faction,
    "lost_kingdom": _e_lost_kingdom,
    "side_chosen": _e_side,
    "start_placed": _e_region,
    "stood_up": _e_region,
    "removed": _e_region,
    "refuge": _e_region,
    "bandits_removed": _e_region,
    "resources_set": _e_resources_set,
    "tokens_placed": _e_tokens_placed,
    "shields_cleared": _e_who("shields_cleared"),
    "passed": _e_who("passed"),
    "clear_turn": _e_who("clear_turn"),
    "war_die_set": _e_who("war_die_set"),
    "action_selected": _e_action_selected,
    "performed": _e_performed,
    "end_triggered": _e_end_triggered,
    "game_over": _e_game_over,
    "moved": _e_moved,
    "swapped": _e_swapped,
    "built": _e_built,
    "researched": _e_researched,
    "expanded": _e_expanded,
    "traded": _e_traded,
    "collected": _e_collected,
    "resource_chosen": _e_resource_chosen,
    "converted": _e_converted,
    "arrival_gain": _e_arrival_gain,
    "war_started": _e_war_started,
    "war_revealed": _e_war_revealed,
    "war_boosted": _e_war_boosted,
    "war_result": _e_war_result,
    "war_paid": _e_payment,
    "resources_lost": _e_payment,
    "bandits_paid": _e_payment,
    "alliance_formed": _e_alliance,
    "alliance_broken": _e_alliance,
    "crown_passed": _e_crown_passed,
    "plundered": _e_plundered,
    "dragon_used": _e_dragon_used,
    "retreated": _e_retreated,
    "church_used": _e_church_used,
    "neutral_war": _e_neutral_war,
    "neutral_captured": _e_neutral_captured,
    "token_revealed": _e_token_revealed,
}


@dataclass
class TekPresenter(Presenter):
    """Presenter for ``tek``: labels, prompts and log lines read from the tables above."""

    catalog: dict[str, str] = field(default_factory=lambda: dict(CATALOG))
    option_specs: tuple[OptionSpec, ...] = field(default_factory=option_specs)
    private_prompts: bool = False

    def move_label(
        self,
        view: dict[str, Any],
        move: dict[str, Any],
        name: NameFn,
        preview: Preview | None = None,
    ) -> str:
        label = LABELS.get(str(move.get("type")))
        if label is None:
            return super().move_label(view, move, name)[:80]
        actor = view.get("viewer") or (view.get("step") or {}).get("actors", [None])[0]
        return label(_seen(view, actor, name), move)[:80]

    def move_description(
        self,
        view: dict[str, Any],
        move: dict[str, Any],
        name: NameFn,
        preview: Preview | None = None,
    ) -> str | None:
        describe = DESCRIPTIONS.get(str(move.get("type")))
        text = describe(_seen(view, view.get("viewer"), name), move) if describe else None
        return text[:100] if text else None

    def prompt_text(self, view: dict[str, Any], player: str, name: NameFn) -> str:
        step = str((view.get("step") or {}).get("name"))
        prompt = PROMPTS.get(step)
        if prompt is None:
            return t(P + f"prompt.{step}", player=name(player))
        return prompt(_seen(view, player, name), name(player))

    def prompt_context(self, view: dict[str, Any], player: str, name: NameFn) -> str | None:
        if str((view.get("step") or {}).get("name")) not in WAR_STEPS:
            return None
        return war_context(view, name)

    def activity(self, view: dict[str, Any], actor: str, name: NameFn) -> str | None:
        doing = DOING.get(str((view.get("step") or {}).get("name")))
        return t(P + f"doing.{doing}") if doing else None

    def final_breakdown(self, view: dict[str, Any], player: str, name: NameFn) -> str | None:
        return final_breakdown(view, player)

    def event_text(self, event: dict[str, Any], name: NameFn) -> str | None:
        line = EVENT_LINES.get(str(event.get("type")))
        if line is None:
            return super().event_text(event, name)
        who = name(str(event.get("player"))) if event.get("player") else ""
        return line(event, who, name)

    # -- status, hand, rules -------------------------------------------------------------------

    def status_text(self, view: dict[str, Any], name: NameFn) -> str:
        lines: list[str] = []
        if view.get("over"):
            lines.append(t(P + "status.over"))
            for row in view.get("results") or []:
                lines.append(
                    t(
                        P + "status.final",
                        rank=row["rank"],
                        player=name(row["player"]),
                        score=row["score"],
                    )
                )
            return "\n".join(lines)
        shields = ", ".join(_action(a) for a in view.get("shields", [])) or t(P + "status.none")
        lines.append(
            t(
                P + "status.turn",
                turn=view.get("turn"),
                active=name(str(view.get("active"))),
                shields=shields,
            )
        )
        st = view.get("step") or {}
        doing = DOING.get(str(st.get("name")))  # the step in words, not the engine's id
        step = t(P + f"doing.{doing}") if doing else str(st.get("name", "")).replace("_", " ")
        lines.append(
            t(P + "status.step", step=step, actors=", ".join(name(a) for a in st.get("actors", [])))
        )
        for p in view.get("players", []):
            r = p.get("resources") or {}
            lines.append(
                t(
                    P + "status.player",
                    player=name(p["id"]),
                    faction=_faction((p.get("faction") or {}).get("id", "?")),
                    magic=p.get("magic"),
                    tower=p.get("tower"),
                    mana=r.get("mana"),
                    ore=r.get("ore"),
                    food=r.get("food"),
                    meeples=tn(P + "n.meeples", int(p.get("meeples_in_play") or 0)),
                    score=p.get("score_now"),
                )
            )
        if view.get("end_triggered"):
            lines.append(t(P + "status.end"))
        return "\n".join(lines)

    def hand_text(self, view: dict[str, Any], name: NameFn) -> str | None:
        me = _player_view(view, view.get("viewer"))
        faction = me.get("faction")
        if not faction:
            return None
        magic = int(me.get("magic", 0))
        fid = faction.get("id")
        lines = [t(P + "hand.faction", faction=_faction(fid), magic=magic)]
        for lv in faction["levels"]:
            key = "hand.level_on" if lv["level"] <= magic else "hand.level_off"
            lines.append(
                t(
                    P + key,
                    level=lv["level"],
                    name=_ability(fid, lv["level"]),
                    text=_ability(fid, lv["level"], "text"),
                )
            )
        if "war_die" in view:
            lines.append(t(P + "hand.die", value=_die(view["war_die"])))
        if "war_die_options" in view:
            lines.append(
                t(
                    P + "hand.die_options",
                    values=", ".join(_die(v) for v in view["war_die_options"]),
                )
            )
        return "\n".join(lines)

    def rules_text(self) -> str:
        return t(P + "rules")


PRESENTER = TekPresenter(
    game_id="tek",
    title="Tiny Epic Kingdoms",
    secondary_moves=frozenset({"pass"}),
    score_unit="final.vp",
    pick_events=frozenset({"war_die_set"}),
)
