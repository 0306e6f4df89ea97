"""How Tiny Epic Kingdoms is shown in Discord: options, move labels, log lines, status, rules
(docs/rules/tek.md).

The only secret is a war die. The bot sends the war-die step to each war player privately
(``is_secret`` moves: DM with an ephemeral fallback) while the channel shows who has chosen;
ordinary turn prompts hold nothing secret, so ``private_prompts`` is False. Labels and the hand
text are built from the acting player's own view (it carries their own unrevealed die and the
values they can afford) and the engine's preview of each move (``GAME.preview``, rules §19.6:
costs, gains, wars, payments): this module words the engine's numbers and never works out a
rule itself. Event lines use public events only. Names come from the game's terms
(:data:`games.tek.vocab.TERMS`), passed as text parameters so that each language takes the form
it needs (``{give:acc}``); every other text lives in ``CATALOG`` under ``tek.*`` keys and goes
through :func:`bot.text.i18n.t`. Views are typed (:class:`games.tek.views.TekView`): each entry
point casts the incoming view once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, cast

from bot.text import i18n
from bot.text.i18n import t
from bot.text.presenters.base import NameFn, OptionSpec, Presenter, Preview
from games.tek import GAME
from games.tek.views import PlayerView, RegionView, StepContext, TekView, WarView
from games.tek.vocab import (
    ACTION_COST_RESOURCE,
    FACTIONS,
    REGIONS,
    RESOURCES,
    SIDES,
    TERMS,
    ability,
    action,
    faction,
    resource,
    side,
    terrain,
    token,
)
from games.terms import Count, Term

P = "tek."

CATALOG: dict[str, str] = {
    # options
    P + "opt.factions": "How factions are assigned: at random, drafted (N+1 pool) or chosen",
    P + "opt.factions.random": "Random",
    P + "opt.factions.draft": "Draft",
    P + "opt.factions.choice": "Free choice",
    P + "opt.exploration": "Exploration tokens variant (Crown, Treasure, Bandits, Camp, Fort...)",
    P + "opt.ruins_retreat": "House rule: a meeple in ruins may retreat after losing a war",
    P + "opt.fort_sortie": "House rule: a meeple attacking out of a Fort keeps its discount of 2",
    P + "opt.ruins_each_searcher": "House rule: each searching meeple in ruins gives 1 resource",
    # words
    P + "region": "{id} {type}",
    P + "nothing": "nothing",
    P + "flag": "🏳️ {flag:short}",
    # moves
    P + "move.draft": "Draft {faction}",
    P + "move.side": "Home side {side}: {name} ({types})",
    P + "move.start": "Start both meeples in {region}",
    P + "move.start_beginner": "Beginner split: {mana}, {ore}, {food}",
    P + "move.start_mana": "{mana} (choose ore next)",
    P + "move.start_ore": "{mana}, {ore}, {food}",
    P + "move.token_skip": "Leave {region} without a token",
    P + "move.select": "Select {action}",
    P + "move.perform": "{action}",
    P + "move.perform_cost": "{action} (cost {cost})",
    P + "move.perform_instead": "{action} instead of {selected}",
    P + "move.perform_instead_cost": "{action} instead of {selected} (cost {cost})",
    P + "move.pass": "Pass (take no action)",
    P + "move.collect": "Collect resources",
    P + "move.move_from": "Move a meeple from {region}",
    P + "move.stand_up": "Stand up in {region} (ends the {patrol})",
    P + "move.move_to": "Move to {region}",
    P + "move.swap_from": "Swap the meeple in {region} (instead of the {quest})",
    P + "move.swap_to": "Swap with {player} in {region}",
    P + "move.swap_to_war": "Swap with {player} in {region}: war",
    P + "move.move_to_war": "Move to {region}: war with {player}",
    P + "move.move_to_neutral": "Move to {region}: neutral war (pay {cost})",
    P + "move.expand": "Expand to {region} ({cost})",
    P + "move.trade_pair": "Trade {give} for {get}",
    P + "move.trade_amount": "Give {given}, get {got}",
    P + "move.war_flag": "War die: white flag (costs nothing)",
    P + "move.war_die": "War die: {value}",
    P + "move.war_boost": "Boost with {unit} (+{value})",
    P + "move.war_boost_none": "No boost",
    P + "move.war_pay_mana": "Pay with {mana}",
    P + "move.war_pay": "Pay {what}",
    P + "move.lose_resources": "Lose {what}",
    P + "move.plunder": "Take {unit} from {player}",
    P + "move.choose_resource": "Take {unit}",
    P + "move.convert": "Turn {src} into {dst}",
    P + "move.convert_none": "Keep what you collected",
    P + "move.dragon_yes": "Use the {lair}: {player}'s tower -1",
    P + "move.dragon_no": "Do not use the {lair}",
    P + "move.loss_region": "Resolve {region} next",
    P + "move.retreat": "Retreat to {region} ({cost})",
    P + "move.church": "Flee to the {church}",
    P + "move.remove": "Remove the meeple (back to supply)",
    P + "move.refuge": "Take refuge in {region}",
    P + "move.bandits_pay": "Pay the bandits {what}",
    P + "move.bandits_remove": "Let the bandits take the meeple",
    # descriptions
    P + "desc.faction": "Level 1: {l1}; level 5: {l5}",
    P + "desc.perform.build": "Tower {level}: {cost}",
    P + "desc.perform.research": "Magic {level} ({ability}): {cost}",
    P + "desc.perform.expand": "A new meeple costs {cost}",
    P + "desc.perform.patrol": "Move a meeple within a card, or stand up in ruins",
    P + "desc.perform.quest": "Edge region to an edge region of another card",
    P + "desc.perform.trade": "Exchange one resource type for another",
    P + "desc.collect": "From every region you occupy",
    P + "desc.war_die": "Win or lose, you pay {value} (minus discounts)",
    P + "desc.retreat": "You keep the meeple; {res} {food} -> {left}",
    # prompts
    P + "prompt.draft": "{player}, pick your faction from those on offer.",
    P + "prompt.side": "{player}, choose the side of territory card {card} for your home.",
    P + "prompt.start": "{player}, choose the region of {side} for your two starting meeples.",
    P + "prompt.start_resources": "{player}, split your 6 starting resources (mana first).",
    P + "prompt.start_ore": "{player}: {mana}; now ore (the rest is food).",
    P + "prompt.token_skip": "{player}, choose the home region that stays without a token.",
    P + "prompt.select": "{player}, put a shield on an action (turn {turn}, shield {n}/5).",
    P + "prompt.respond": "{action} is selected. {player}: perform it or {other}.",
    P + "prompt.respond.pass": "pass",
    P + "prompt.respond.collect": "collect",
    P + "prompt.move_from": "{player}, {action}: choose the meeple to move.",
    P + "prompt.move_to": "{player}, {action} from {region}: choose the destination.",
    P + "prompt.swap_to": "{player}, {ability} from {region}: choose the meeple to swap with.",
    P + "prompt.expand": "{player}, choose where the new meeple goes.",
    P + "prompt.trade_pair": "{player}, choose what to give and what to get.",
    P + "prompt.trade_amount": "{player}, how much {give} do you give for {get}?",
    P + "prompt.war_die": "War in {region}: {attacker} attacks {defender}. "
    "Set your war die secretly (waiting for {waiting}).",
    P + "prompt.war_boost": "{player}, you are not winning: boost your number with 1 resource?",
    P + "prompt.war_pay_mana": "{player}, pay your war cost ({due}): first choose the mana.",
    P + "prompt.war_pay": "{player}, pay your war cost ({due}).",
    P + "prompt.lose_resources": "{player}, {ability}: lose {n}.",
    P + "prompt.plunder": "{player}, {ability}: take 1 resource from {loser}.",
    P + "prompt.choose_resource": "{player}, take 1 resource of your choice ({reason}).",
    P + "prompt.convert": "{player}, {ability}: convert 1 resource you collected?",
    P + "prompt.dragon": "{player}, use the {lair} against {loser}?",
    P + "prompt.loss_region": "{player}, the alliance is broken: choose which meeple to resolve "
    "next.",
    P + "prompt.loss": "{player}, your meeple in {region} lost: retreat to a free region, or "
    "remove it.",
    P + "prompt.bandits": "{player}, bandits in {region}: pay {n} or lose the meeple.",
    P + "reason.ruins": "searching ruins",
    P + "reason.one_meeple": "one-meeple bonus",
    P + "reason.ability": "faction ability",
    # events
    P + "ev.faction_drafted": "{player} drafts the {faction}.",
    P + "ev.faction_assigned": "{player} plays the {faction}.",
    P + "ev.lost_kingdom": "The {lost} is {side} ({name}), held by neutral meeples.",
    P + "ev.side_chosen": "{player} takes {side} ({name}) as home.",
    P + "ev.start_placed": "{player} starts in {region}.",
    P + "ev.resources_set": "{player} starts with {mana}, {ore}, {food}.",
    P + "ev.tokens_placed": "{tokens} placed face down.",
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
    P + "ev.swapped": "{player} swaps {src} <-> {dst} with {other} ({ability}).",
    P + "ev.built": "{player} builds tower level {level} ({cost}).",
    P + "ev.researched": "{player} reaches magic {level}: {ability} ({cost}).",
    P + "ev.expanded": "{player} expands to {region} ({cost}).",
    P + "ev.traded": "{player} trades {given} for {got}{lost}.",
    P + "ev.lost_cap": " ({n} lost to the cap)",
    P + "ev.collected": "{player} collects {what}{lost}.",
    P + "ev.resource_chosen": "{player} takes {unit} ({reason}).",
    P + "ev.converted": "{player} converts {src} into {dst}.",
    P + "ev.arrival_gain": "{player} gains {gain} on arrival.",
    P + "ev.war_started": "⚔️ War in {region}: {attacker} attacks {defender}{allied}!",
    P + "ev.war_allied": " (their ally)",
    P + "ev.war_die_set": "{player} has set a war die.",
    P + "ev.war_revealed": "Dice revealed: {attacker} {a}, {defender} {d}.",
    P + "ev.war_boosted": "{player} boosts with {unit}: now {value}.",
    P + "ev.war_result": "{winner} wins the war against {loser}.",
    P + "ev.war_alliance": "Two flags: the war ends in an alliance.",
    P + "ev.war_paid": "{player} pays {what}.",
    P + "ev.alliance_formed": "{a} and {b} are now allied.",
    P + "ev.alliance_broken": "The alliance of {a} and {b} is broken ({regions}).",
    P + "ev.crown_passed": "The {crown} passes from {loser} to {player}.",
    P + "ev.resources_lost": "{player} loses {what}.",
    P + "ev.plundered": "{player} plunders {unit} from {loser}.",
    P + "ev.dragon_used": "{player} unleashes the Dragon: {loser}'s tower drops to {tower}.",
    P + "ev.retreated": "{player} retreats {src} -> {dst} ({cost}).",
    P + "ev.removed": "{player}'s meeple in {region} is removed.",
    P + "ev.church_used": "{player} flees {src} -> {dst} ({church}).",
    P + "ev.refuge": "{player}'s last meeple takes refuge in {region}.",
    P + "ev.neutral_war": "{player} attacks the neutral meeple in {region} (cost {cost}).",
    P + "ev.neutral_captured": "{player} captures a neutral meeple ({n} left).",
    P + "ev.token_revealed": "{player} finds {token} in {region}.",
    P + "ev.bandits_paid": "{player} pays the bandits {what}.",
    P + "ev.bandits_removed": "Bandits take {player}'s meeple in {region}.",
    # status
    P + "status.turn": "Turn {turn} · {active} is active · shields: {shields}",
    P + "status.setup": "Setup · first player, drawn at random: {first}",
    P + "status.step": "Now: {step} ({actors})",
    P + "status.player": "{player} — {faction} · {magic_name} {magic} · {tower_name} {tower} · "
    "{mana}/{ore}/{food} ({mana_name}/{ore_name}/{food_name}) · {meeples} · {score} VP",
    P + "status.end": "The end is triggered: the game ends with the 5th shield.",
    P + "status.final": "{rank}. {player} — {score} VP",
    P + "status.none": "none",
    # hand
    P + "hand.faction": "{faction} — magic {magic}",
    P + "hand.level_on": "✅ Level {level}, {name}: {text}",
    P + "hand.level_off": "▫️ Level {level}, {name}: {text}",
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
        "arrival (Crown +2 VP, Treasure, Bandits, Dragon's Lair, Camp, Fort, Town, Church).\n"
        "**House rules** (off by default): `ruins_retreat`, `fort_sortie`, "
        "`ruins_each_searcher`; see the topic Options and house rules."
    ),
    # a war's sides (issue 11: every prompt carries what the decision needs)
    P + "ctx.war": "⚔️ War over {region}: {attacker} attacks {defender}{cost}.",
    P + "ctx.war_cost": " (the attack costs {cost})",
    P + "ctx.neutral": "the neutral meeple",
    P + "ctx.side": "{player}: {resources}",
    P + "ctx.dice": "Dice: {attacker} {a}, {defender} {d}.",
    # what the player to act is deciding (for "it is X's turn")
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
    # the final score's parts
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
#: the faction abilities' rule texts (the names are terms), from the data file (§18)
ABILITY_TEXTS: dict[str, str] = {
    f"{P}ability.{fid}.{lv['level']}.text": str(lv["text"])
    for fid, f in FACTIONS.items()
    for lv in f["levels"]
}
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
#: the ``doing`` texts of the setup steps (§4), before the first turn
SETUP_DOING = frozenset({"draft", "setup", "token"})
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
#: the reasons of a free resource that are named things (§9, §14, §18)
REASON_TERMS: dict[str, Term] = {
    "treasure": token("treasure"),
    "hospitality": ability("halflings", 2),
    "scavengers": ability("goblins", 1),
}
#: the abilities a prompt names (§10.6, §7.5, §9, §18)
PEACEFUL_FOLK = ability("halflings", 3)
PLUNDER = ability("goblins", 3)
MIMICRY = ability("shapeshifters", 1)
CHANGING_PLACES = ability("lizardfolk", 4)
#: an ability by its English name (events name it so, rules §19.4)
ABILITY_BY_NAME: dict[str, Term] = {
    str(lv["name"]): ability(fid, lv["level"]) for fid, f in FACTIONS.items() for lv in f["levels"]
}


def _register() -> None:
    i18n.register(CATALOG)
    i18n.register(ABILITY_TEXTS)


_register()


# --- words -----------------------------------------------------------------------------------


def word(term: Term, form: str = "") -> str:
    """A term alone, in the reader's language (``form``: a case, "letter", "short")."""
    return term.form(i18n.current(), form)


def count(n: int, term: Term, form: str = "") -> str:
    """``n`` of a term in the reader's language: "3 ore", Czech "3 rudy"."""
    locale = i18n.current()
    return Count(n, term).form(locale, form, i18n.plural_category(n, locale))


def _region(rid: Any) -> str:
    info = REGIONS.get(str(rid))
    if info is None:
        return str(rid)
    return t(P + "region", id=rid, type=terrain(info["type"]))


def _what(d: Mapping[str, Any], form: str = "") -> str:
    """Resources in words ("2 mana, 1 ore"), zeros left out; "nothing" when all are zero."""
    parts = [count(int(d[x]), resource(x), form) for x in RESOURCES if int(d.get(x, 0) or 0)]
    return ", ".join(parts) if parts else t(P + "nothing")


def _die(value: Any) -> str:
    return t(P + "flag", flag=TERMS["flag"]) if value == "flag" else str(value)


def _cost(pv: Mapping[str, Any]) -> Count | None:
    """The one resource a move's preview says it costs (Build, Research, Expand, a retreat),
    None when it costs nothing or there is no preview."""
    cost = pv.get("cost") or {}
    return next((Count(int(n), resource(x)) for x, n in cost.items()), None)


def _player_view(view: TekView, player: str | None) -> PlayerView | None:
    return next((p for p in view.get("players", []) if p.get("id") == player), None)


def _region_view(view: TekView, rid: str) -> RegionView | None:
    for s in view.get("map", []):
        for r in s.get("regions", []):
            if r.get("id") == rid:
                return r
    return None


def _ctx(view: TekView) -> StepContext:
    step = view.get("step")
    ctx: StepContext = (step.get("context") if step else None) or {}
    return ctx


def _step(view: TekView) -> str:
    step = view.get("step")
    return str(step.get("name")) if step else "None"


def war_context(view: TekView, name: NameFn) -> str | None:
    """Who fights whom over which region, both sides' resources, the dice once revealed
    (all public: a die stays out of the view's war until the reveal)."""
    war: WarView = _ctx(view).get("war") or {}
    if not war.get("attacker"):
        return None
    attacker = str(war["attacker"])
    defender = None if war.get("neutral") else str(war.get("defender"))
    d_name = name(defender) if defender else t(P + "ctx.neutral")
    cost = t(P + "ctx.war_cost", cost=war["cost"]) if war.get("cost") else ""
    lines = []
    if _step(view) != "war_die":  # its prompt names the war already
        region = _region(war.get("region"))
        line = t(P + "ctx.war", region=region, attacker=name(attacker), defender=d_name, cost=cost)
        lines.append(line)
    sides = []
    for p in (attacker, defender):
        if p:
            me = _player_view(view, p)
            held = me.get("resources", {}) if me else {}
            sides.append(t(P + "ctx.side", player=name(p), resources=_what(held)))
    lines.append(" · ".join(sides))
    dice = war.get("values") or war.get("revealed")
    if dice and defender:
        a, d = _die(dice.get(attacker)), _die(dice.get(defender))
        lines.append(t(P + "ctx.dice", attacker=name(attacker), defender=d_name, a=a, d=d))
    return "\n".join(lines)


def final_breakdown(view: TekView, player: str) -> str | None:
    """§11.2: the VP by source (the parts that scored)."""
    row = next((r for r in view.get("results") or [] if r.get("player") == player), None)
    b = row.get("breakdown", {}) if row else {}
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
            choices = tuple((t(P + f"opt.{key}.{a}"), a) for a in allowed)
            specs.append(OptionSpec(key, t(P + f"opt.{key}"), "choice", default, choices))
    return tuple(specs)


# --- move labels: one function per move type ------------------------------------------------


@dataclass(frozen=True)
class Seen:
    """What a label or prompt is made from: the acting player's view and their own row, the
    step's context and the engine's preview of the move (``{}`` when none was given)."""

    view: TekView
    me: PlayerView | None
    ctx: StepContext
    name: NameFn
    pv: Mapping[str, Any] = field(default_factory=dict)


def _seen(view: TekView, player: str | None, name: NameFn, preview: Preview | None = None) -> Seen:
    return Seen(view, _player_view(view, player), _ctx(view), name, preview or {})


Label = Callable[[Seen, dict[str, Any]], str]


def _gains(v: Seen) -> dict[str, Count]:
    """The preview's gain of each resource, counted (zeros too: a starting split)."""
    gain = v.pv.get("gain") or {}
    return {x: Count(int(gain.get(x, 0)), resource(x)) for x in RESOURCES}


def _l_draft(v: Seen, m: dict[str, Any]) -> str:
    return t(P + "move.draft", faction=faction(m["faction"]))


def _l_side(v: Seen, m: dict[str, Any]) -> str:
    """§4 S2: the side's terrain in region-letter order, in words (issue 24 item 6)."""
    regions = SIDES[m["side"]]["regions"]
    types = ", ".join(word(terrain(regions[k])) for k in sorted(regions))
    return t(P + "move.side", side=m["side"], name=side(m["side"]), types=types)


def _l_start_beginner(v: Seen, m: dict[str, Any]) -> str:
    return t(P + "move.start_beginner", **_gains(v))


def _l_start_mana(v: Seen, m: dict[str, Any]) -> str:
    return t(P + "move.start_mana", mana=Count(int(m["mana"]), resource("mana")))


def _l_start_ore(v: Seen, m: dict[str, Any]) -> str:
    return t(P + "move.start_ore", **_gains(v))


def _l_select(v: Seen, m: dict[str, Any]) -> str:
    return t(P + "move.select", action=action(m["action"]))


def _l_perform(v: Seen, m: dict[str, Any]) -> str:
    """§5 step 3: the action, what it replaces (a substitute, §17) and its cost (§6)."""
    a, instead_of, cost = action(m["action"]), v.pv.get("instead_of"), _cost(v.pv)
    if instead_of:
        selected = action(instead_of)
        if cost is not None:
            return t(P + "move.perform_instead_cost", action=a, selected=selected, cost=cost)
        return t(P + "move.perform_instead", action=a, selected=selected)
    if cost is not None:
        return t(P + "move.perform_cost", action=a, cost=cost)
    return t(P + "move.perform", action=a)


def _l_plain(v: Seen, m: dict[str, Any]) -> str:
    return t(P + f"move.{m['type']}")


def _l_region(v: Seen, m: dict[str, Any]) -> str:
    return t(P + f"move.{m['type']}", region=_region(m["region"]))


def _l_stand_up(v: Seen, m: dict[str, Any]) -> str:
    return t(P + "move.stand_up", region=_region(m["region"]), patrol=action("patrol"))


def _l_swap_from(v: Seen, m: dict[str, Any]) -> str:
    return t(P + "move.swap_from", region=_region(m["region"]), quest=action("quest"))


def _l_move_to(v: Seen, m: dict[str, Any]) -> str:
    """§7.1: the preview says whether the move starts a war, and with whom."""
    rid = m["region"]
    if v.pv.get("neutral_cost") is not None:
        return t(P + "move.move_to_neutral", region=_region(rid), cost=v.pv["neutral_cost"])
    war = v.pv.get("war")
    if war:
        return t(P + "move.move_to_war", region=_region(rid), player=v.name(str(war["defender"])))
    return t(P + "move.move_to", region=_region(rid))


def _l_swap_to(v: Seen, m: dict[str, Any]) -> str:
    key = "move.swap_to_war" if v.pv.get("war") else "move.swap_to"
    return t(P + key, player=v.name(str(v.pv.get("with", "?"))), region=_region(m["region"]))


def _l_expand(v: Seen, m: dict[str, Any]) -> str:
    return t(P + "move.expand", region=_region(m["region"]), cost=_cost(v.pv) or "?")


def _l_trade_pair(v: Seen, m: dict[str, Any]) -> str:
    return t(P + "move.trade_pair", give=resource(m["give"]), get=resource(m["get"]))


def _l_trade_amount(v: Seen, m: dict[str, Any]) -> str:
    """§6.6: what you give and what you receive, the faction's Trade bonus included."""
    give, get = v.ctx.get("give"), v.ctx.get("get")
    received = int(v.pv.get("received", m["amount"]))
    given = Count(int(m["amount"]), resource(give))
    return t(P + "move.trade_amount", given=given, got=Count(received, resource(get)))


def _l_war_die(v: Seen, m: dict[str, Any]) -> str:
    if m["value"] == "flag":
        return t(P + "move.war_flag")
    return t(P + "move.war_die", value=m["value"])


def _l_war_boost(v: Seen, m: dict[str, Any]) -> str:
    """§10.3: the unit paid and the war value it adds (the preview's)."""
    if m["resource"] is None:
        return t(P + "move.war_boost_none")
    unit = Count(1, resource(m["resource"]))
    return t(P + "move.war_boost", unit=unit, value=v.pv.get("adds", "?"))


def _l_war_pay_mana(v: Seen, m: dict[str, Any]) -> str:
    return t(P + "move.war_pay_mana", mana=Count(int(m["mana"]), resource("mana")))


def _l_payment(v: Seen, m: dict[str, Any]) -> str:
    return t(P + f"move.{m['type']}", what=_what(m))


def _l_plunder(v: Seen, m: dict[str, Any]) -> str:
    unit = Count(1, resource(m["resource"]))
    return t(P + "move.plunder", unit=unit, player=v.name(str(v.ctx.get("loser"))))


def _l_choose_resource(v: Seen, m: dict[str, Any]) -> str:
    return t(P + "move.choose_resource", unit=Count(1, resource(m["resource"])))


def _l_convert(v: Seen, m: dict[str, Any]) -> str:
    if m["from"] is None:
        return t(P + "move.convert_none")
    one = Count(1, resource(m["from"])), Count(1, resource(m["to"]))
    return t(P + "move.convert", src=one[0], dst=one[1])


def _l_dragon(v: Seen, m: dict[str, Any]) -> str:
    lair = token("dragons_lair")
    if m["use"]:
        return t(P + "move.dragon_yes", lair=lair, player=v.name(str(v.ctx.get("loser"))))
    return t(P + "move.dragon_no", lair=lair)


def _l_retreat(v: Seen, m: dict[str, Any]) -> str:
    """§10.7: the food the preview says the retreat costs (none after the Dragon's Lair)."""
    cost = Count(int((v.pv.get("cost") or {}).get("food", 0)), resource("food"))
    return t(P + "move.retreat", region=_region(m["region"]), cost=cost if v.pv else "?")


def _l_church(v: Seen, m: dict[str, Any]) -> str:
    return t(P + "move.church", church=token("church"))


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
    "church": _l_church,
    "remove": _l_plain,
    "bandits_remove": _l_plain,
    "move_from": _l_region,
    "stand_up": _l_stand_up,
    "loss_region": _l_region,
    "refuge": _l_region,
    "swap_from": _l_swap_from,
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


def _ability_text(fid: Any, level: int) -> str:
    key = f"{P}ability.{fid}.{level}.text"
    return t(key) if key in ABILITY_TEXTS else ""


def _d_draft(v: Seen, m: dict[str, Any]) -> str | None:
    fid = m["faction"]
    return t(P + "desc.faction", l1=_ability_text(fid, 1), l5=_ability_text(fid, 5))


def _d_perform(v: Seen, m: dict[str, Any]) -> str | None:
    """§6: the level a Build or Research reaches (and the ability it unlocks), its cost."""
    a, pv = m["action"], v.pv
    cost = _cost(pv) or "?"
    if a == "build":
        return t(P + "desc.perform.build", level=pv.get("level", "?"), cost=cost)
    if a == "research":
        named = TERMS.get(str(pv.get("ability"))) or ""
        return t(P + "desc.perform.research", level=pv.get("level", "?"), ability=named, cost=cost)
    if a == "expand":
        return t(P + "desc.perform.expand", cost=cost)
    return t(P + f"desc.perform.{a}")


def _d_collect(v: Seen, m: dict[str, Any]) -> str | None:
    return t(P + "desc.collect")


def _d_war_die(v: Seen, m: dict[str, Any]) -> str | None:
    return None if m["value"] == "flag" else t(P + "desc.war_die", value=m["value"])


def _d_retreat(v: Seen, m: dict[str, Any]) -> str | None:
    """What the retreat leaves of your food (the preview's)."""
    food = int(v.me.get("resources", {}).get("food", 0)) if v.me else 0
    left = int((v.pv.get("left") or {}).get("food", food))
    return t(P + "desc.retreat", res=resource("food"), food=food, left=left)


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
    return t("lobby.finished")


def _p_side(v: Seen, who: str) -> str:
    return t(P + "prompt.side", player=who, card=v.me.get("card") if v.me else None)


def _p_start(v: Seen, who: str) -> str:
    return t(P + "prompt.start", player=who, side=v.me.get("home_side") if v.me else None)


def _p_start_ore(v: Seen, who: str) -> str:
    mana = Count(int(v.ctx.get("mana", 0)), resource("mana"))
    return t(P + "prompt.start_ore", player=who, mana=mana)


def _p_select(v: Seen, who: str) -> str:
    shields = len(v.view.get("shields", [])) + 1
    return t(P + "prompt.select", player=who, turn=v.view.get("turn"), n=shields)


def _p_respond(v: Seen, who: str) -> str:
    other = t(P + ("prompt.respond.pass" if v.ctx.get("active") else "prompt.respond.collect"))
    return t(P + "prompt.respond", action=action(v.ctx.get("action")), player=who, other=other)


def _p_move(step: str) -> Prompt:
    def prompt(v: Seen, who: str) -> str:
        a = action(v.ctx.get("action"))
        return t(P + f"prompt.{step}", player=who, action=a, region=v.ctx.get("from"))

    return prompt


def _p_swap_to(v: Seen, who: str) -> str:
    region = _region(v.ctx.get("from"))
    return t(P + "prompt.swap_to", player=who, ability=CHANGING_PLACES, region=region)


def _p_trade_amount(v: Seen, who: str) -> str:
    give, get = resource(v.ctx.get("give")), resource(v.ctx.get("get"))
    return t(P + "prompt.trade_amount", player=who, give=give, get=get)


def _p_war_die(v: Seen, who: str) -> str:
    war: WarView = v.ctx.get("war") or {}
    step = v.view.get("step")
    actors = step.get("actors", []) if step else []
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
    n = Count(int(v.ctx.get("amount", 0)), TERMS["resource"])
    return t(P + "prompt.lose_resources", player=who, ability=PEACEFUL_FOLK, n=n)


def _p_plunder(v: Seen, who: str) -> str:
    loser = v.name(str(v.ctx.get("loser")))
    return t(P + "prompt.plunder", player=who, ability=PLUNDER, loser=loser)


def _p_dragon(v: Seen, who: str) -> str:
    loser = v.name(str(v.ctx.get("loser")))
    return t(P + "prompt.dragon", player=who, lair=token("dragons_lair"), loser=loser)


def _p_convert(v: Seen, who: str) -> str:
    return t(P + "prompt.convert", player=who, ability=MIMICRY)


def _reason(reason: Any) -> str | Term:
    return REASON_TERMS.get(str(reason)) or t(P + f"reason.{reason}")


def _p_choose_resource(v: Seen, who: str) -> str:
    return t(P + "prompt.choose_resource", player=who, reason=_reason(v.ctx.get("reason")))


def _p_loss(v: Seen, who: str) -> str:
    return t(P + "prompt.loss", player=who, region=_region(v.ctx.get("region")))


def _p_bandits(v: Seen, who: str) -> str:
    n = Count(int(v.ctx.get("amount", 0)), TERMS["resource"])
    return t(P + "prompt.bandits", player=who, region=_region(v.ctx.get("region")), n=n)


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
    "plunder": _p_plunder,
    "dragon": _p_dragon,
    "convert": _p_convert,
    "choose_resource": _p_choose_resource,
    "loss": _p_loss,
    "bandits": _p_bandits,
}


# --- event lines: one function per event type -------------------------------------------------

Line = Callable[[dict[str, Any], str, NameFn], str | None]


def _e_who(key: str) -> Line:
    """Events whose line needs only the player."""

    def line(e: dict[str, Any], who: str, name: NameFn) -> str | None:
        return t(P + f"ev.{key}", player=who)

    return line


def _e_silent(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    """An event for the table's bookkeeping (``handover``, rules §19.4): no log line."""
    return None


def _e_region(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    return t(P + f"ev.{e['type']}", player=who, region=_region(e.get("region")))


def _e_faction(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    return t(P + f"ev.{e['type']}", player=who, faction=faction(e["faction"]))


def _e_side(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    return t(P + f"ev.{e['type']}", player=who, side=e["side"], name=side(e["side"]))


def _e_lost_kingdom(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    sid = e["side"]
    return t(P + "ev.lost_kingdom", lost=TERMS["lost_kingdom"], side=sid, name=side(sid))


def _e_resources_set(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    counts = {x: Count(int(e[x]), resource(x)) for x in RESOURCES}
    return t(P + "ev.resources_set", player=who, **counts)


def _e_tokens_placed(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    tokens = Count(len(e.get("regions", [])), TERMS["exploration_token"])
    return t(P + "ev.tokens_placed", tokens=tokens)


def _e_action_selected(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    return t(P + "ev.action_selected", player=who, action=action(e["action"]))


def _e_performed(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    if e.get("instead_of"):
        instead = action(e["instead_of"])
        return t(
            P + "ev.performed_instead", player=who, action=action(e["action"]), selected=instead
        )
    if e.get("action") in ACTION_COST_RESOURCE:
        return None  # the built/researched/expanded line says it
    return t(P + "ev.performed", player=who, action=action(e["action"]))


def _e_end_triggered(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    return t(P + "ev.end_triggered", cause=t(P + f"ev.cause.{e.get('cause')}"), player=who)


def _e_game_over(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    ranking = "; ".join(
        t(P + "ev.rank", rank=r["rank"], player=name(r["player"]), score=r["score"])
        for r in e.get("results", [])
    )
    return t(P + "ev.game_over", ranking=ranking)


def _e_moved(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    via, dst = action(e.get("via")), _region(e.get("to"))
    return t(P + "ev.moved", player=who, via=via, src=e.get("from"), dst=dst)


def _e_swapped(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    other = name(str(e["with"]))
    return t(
        P + "ev.swapped",
        player=who,
        src=e["from"],
        dst=e["to"],
        other=other,
        ability=CHANGING_PLACES,
    )


def _e_built(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    cost = Count(int(e["cost"]), resource("ore"))
    return t(P + "ev.built", player=who, level=e["level"], cost=cost)


def _e_researched(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    named = ABILITY_BY_NAME.get(str(e["ability"]), str(e["ability"]))
    cost = Count(int(e["cost"]), resource("mana"))
    return t(P + "ev.researched", player=who, level=e["level"], ability=named, cost=cost)


def _e_expanded(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    cost = Count(int(e["cost"]), resource("food"))
    return t(P + "ev.expanded", player=who, region=_region(e["region"]), cost=cost)


def _lost(n: Any) -> str:
    return t(P + "ev.lost_cap", n=n) if n else ""


def _e_traded(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    given = Count(int(e["amount"]), resource(e["give"]))
    got = Count(int(e["received"]), resource(e["get"]))
    return t(P + "ev.traded", player=who, given=given, got=got, lost=_lost(e.get("lost")))


def _e_collected(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    lost = _lost(sum((e.get("lost_to_cap") or {}).values()))
    return t(P + "ev.collected", player=who, what=_what(e.get("gains") or {}), lost=lost)


def _e_resource_chosen(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    unit, reason = Count(1, resource(e["resource"])), _reason(e.get("reason"))
    return t(P + "ev.resource_chosen", player=who, unit=unit, reason=reason)


def _e_converted(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    src = Count(1, resource(e["from"]))
    return t(P + "ev.converted", player=who, src=src, dst=resource(e["to"]))


def _e_arrival_gain(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    gain = Count(int(e["amount"]), resource(e["resource"]))
    return t(P + "ev.arrival_gain", player=who, gain=gain)


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
    da, dd = _die(values.get(a)), _die(values.get(d))
    return t(P + "ev.war_revealed", attacker=name(a), defender=name(d), a=da, d=dd)


def _e_war_boosted(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    unit = Count(1, resource(e["resource"]))
    return t(P + "ev.war_boosted", player=who, unit=unit, value=e["new_value"])


def _e_war_result(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    if e.get("alliance"):
        return t(P + "ev.war_alliance")
    winner, loser = name(str(e.get("winner"))), name(str(e.get("loser")))
    return t(P + "ev.war_result", winner=winner, loser=loser)


def _e_payment(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    return t(P + f"ev.{e['type']}", player=who, what=_what(e))


def _e_alliance(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    players = e.get("players") or ["?", "?"]
    regions = ", ".join(str(r) for r in e.get("regions", []))
    a, b = name(str(players[0])), name(str(players[1]))
    return t(P + f"ev.{e['type']}", a=a, b=b, regions=regions)


def _e_crown_passed(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    loser = name(str(e.get("from")))
    return t(P + "ev.crown_passed", crown=token("crown"), player=who, loser=loser)


def _e_plundered(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    unit, loser = Count(1, resource(e["resource"])), name(str(e.get("from")))
    return t(P + "ev.plundered", player=who, unit=unit, loser=loser)


def _e_dragon_used(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    return t(P + "ev.dragon_used", player=who, loser=name(str(e.get("loser"))), tower=e["tower"])


def _e_retreated(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    cost = Count(int(e["cost"]), resource("food"))
    return t(P + "ev.retreated", player=who, src=e["from"], dst=_region(e["to"]), cost=cost)


def _e_church_used(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    church, dst = token("church"), _region(e["to"])
    return t(P + "ev.church_used", player=who, src=e["from"], dst=dst, church=church)


def _e_neutral_war(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    return t(P + "ev.neutral_war", player=who, region=_region(e["region"]), cost=e["cost"])


def _e_neutral_captured(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    return t(P + "ev.neutral_captured", player=who, n=e["count_left"])


def _e_token_revealed(e: dict[str, Any], who: str, name: NameFn) -> str | None:
    found = token(e["token"])
    return t(P + "ev.token_revealed", player=who, token=found, region=_region(e["region"]))


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
    "handover": _e_silent,
}


# --- status and hand ----------------------------------------------------------------------


def status_lines(view: TekView, name: NameFn) -> list[str]:
    """The turn, the step in words and a line per player (a running game)."""
    shields = ", ".join(word(action(a)) for a in view.get("shields", [])) or t(P + "status.none")
    active = name(str(view.get("active")))
    st = view.get("step")
    step_name = str(st.get("name", "")) if st else ""
    doing = DOING.get(step_name)  # the step in words, not the engine's id
    if doing in SETUP_DOING:  # nobody is active yet: the header names who begins (issue 26)
        lines = [t(P + "status.setup", first=name(str(view.get("first_player"))))]
    else:
        lines = [t(P + "status.turn", turn=view.get("turn"), active=active, shields=shields)]
    step = t(P + f"doing.{doing}") if doing else step_name.replace("_", " ")
    actors = ", ".join(name(a) for a in (st.get("actors", []) if st else []))
    lines.append(t(P + "status.step", step=step, actors=actors))
    lines += [player_line(p, name) for p in view.get("players", [])]
    if view.get("end_triggered"):
        lines.append(t(P + "status.end"))
    return lines


def player_line(p: PlayerView, name: NameFn) -> str:
    r = p.get("resources") or {}
    own = p.get("faction")
    fid = own["id"] if own else "?"
    return t(
        P + "status.player",
        player=name(p["id"]),
        faction=faction(fid),
        magic_name=TERMS["magic"],
        tower_name=TERMS["tower"],
        mana_name=resource("mana"),
        ore_name=resource("ore"),
        food_name=resource("food"),
        magic=p.get("magic"),
        tower=p.get("tower"),
        mana=r.get("mana"),
        ore=r.get("ore"),
        food=r.get("food"),
        meeples=Count(int(p.get("meeples_in_play") or 0), TERMS["meeple"]),
        score=p.get("score_now"),
    )


def hand_lines(view: TekView) -> list[str] | None:
    """The viewer's faction with its abilities (on or not yet), their secret die (§10.2)."""
    me = _player_view(view, view.get("viewer"))
    faction_view = me.get("faction") if me else None
    if not me or not faction_view:
        return None
    magic, fid = int(me.get("magic", 0)), faction_view["id"]
    lines = [t(P + "hand.faction", faction=faction(fid), magic=magic)]
    for lv in faction_view["levels"]:
        key = "hand.level_on" if lv["level"] <= magic else "hand.level_off"
        named, text = ability(fid, lv["level"]), _ability_text(fid, lv["level"])
        lines.append(t(P + key, level=lv["level"], name=named, text=text))
    if "war_die" in view:
        lines.append(t(P + "hand.die", value=_die(view["war_die"])))
    if "war_die_options" in view:
        values = ", ".join(_die(v) for v in view["war_die_options"])
        lines.append(t(P + "hand.die_options", values=values))
    return lines


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
        v = cast(TekView, view)
        step = v.get("step")
        actors = step.get("actors", []) if step else []
        actor = v.get("viewer") or (actors[0] if actors else None)
        return label(_seen(v, actor, name, preview), move)[:80]

    def move_description(
        self,
        view: dict[str, Any],
        move: dict[str, Any],
        name: NameFn,
        preview: Preview | None = None,
    ) -> str | None:
        describe = DESCRIPTIONS.get(str(move.get("type")))
        v = cast(TekView, view)
        text = describe(_seen(v, v.get("viewer"), name, preview), move) if describe else None
        return text[:100] if text else None

    def prompt_text(self, view: dict[str, Any], player: str, name: NameFn) -> str:
        v = cast(TekView, view)
        step = _step(v)
        prompt = PROMPTS.get(step)
        if prompt is None:
            return t(P + f"prompt.{step}", player=name(player))
        return prompt(_seen(v, player, name), name(player))

    def prompt_context(self, view: dict[str, Any], player: str, name: NameFn) -> str | None:
        v = cast(TekView, view)
        return war_context(v, name) if _step(v) in WAR_STEPS else None

    def activity(self, view: dict[str, Any], actor: str, name: NameFn) -> str | None:
        doing = DOING.get(_step(cast(TekView, view)))
        return t(P + f"doing.{doing}") if doing else None

    def final_breakdown(self, view: dict[str, Any], player: str, name: NameFn) -> str | None:
        return final_breakdown(cast(TekView, view), player)

    def event_text(self, event: dict[str, Any], name: NameFn) -> str | None:
        line = EVENT_LINES.get(str(event.get("type")))
        if line is None:
            return super().event_text(event, name)
        who = name(str(event.get("player"))) if event.get("player") else ""
        return line(event, who, name)

    def status_text(self, view: dict[str, Any], name: NameFn) -> str:
        v = cast(TekView, view)
        if not v.get("over"):
            return "\n".join(status_lines(v, name))
        lines = [t("status.game_over")]
        for row in v.get("results") or []:
            player = name(row["player"])
            lines.append(t(P + "status.final", rank=row["rank"], player=player, score=row["score"]))
        return "\n".join(lines)

    def hand_text(self, view: dict[str, Any], name: NameFn) -> str | None:
        lines = hand_lines(cast(TekView, view))
        return "\n".join(lines) if lines else None

    def rules_text(self) -> str:
        return t(P + "rules")
