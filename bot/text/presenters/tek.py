"""How Tiny Epic Kingdoms is shown in Discord: options, move labels, log lines, status, rules.

The only secret is a war die. The bot sends the war-die step to each war player privately
(``is_secret`` moves: DM with an ephemeral fallback) while the channel shows who has chosen;
ordinary turn prompts hold nothing secret, so ``private_prompts`` is False. Labels and the hand
text are built from the acting player's own view (it carries their own unrevealed die and the
values they can afford); event lines use public events only. Every text lives in ``CATALOG``
under ``tek.*`` keys and goes through :func:`bot.text.i18n.t`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.text.i18n import t
from bot.text.presenters.base import NameFn, OptionSpec, Presenter
from games.tek.data import FACTIONS, REGIONS, SIDES, TOKENS

P = "tek."

CATALOG: dict[str, str] = {
    # options
    P + "opt.factions": "How factions are assigned: at random, drafted (N+1 pool) or chosen",
    P + "opt.factions.random": "Random",
    P + "opt.factions.draft": "Draft",
    P + "opt.factions.choice": "Free choice",
    P + "opt.exploration": "Exploration tokens variant (Crown, Treasure, Bandits, Camp, Fort...)",
    # words
    P + "action.patrol": "Patrol", P + "action.quest": "Quest", P + "action.build": "Build",
    P + "action.research": "Research", P + "action.expand": "Expand",
    P + "action.trade": "Trade",
    P + "res.mana": "mana", P + "res.ore": "ore", P + "res.food": "food",
    P + "type.forest": "forest", P + "type.mountain": "mountain", P + "type.plains": "plains",
    P + "type.capital": "capital", P + "type.ruins": "ruins",
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
    P + "prompt.draft": "{player}, draft your faction (the last one left is not used).",
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
    P + "reason.ruins": "searching ruins", P + "reason.one_meeple": "one-meeple bonus",
    P + "reason.ability": "faction ability", P + "reason.treasure": "treasure",
    P + "reason.hospitality": "Hospitality", P + "reason.scavengers": "Scavengers",
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
    P + "ev.cause.meeples": "7 meeples", P + "ev.cause.tower": "tower 6",
    P + "ev.cause.magic": "magic 5",
    P + "ev.game_over": "Game over: {ranking}",
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
                         "{mana}/{ore}/{food} (mana/ore/food) · {meeples} meeples · {score} VP",
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

RES = ("mana", "ore", "food")


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


def _faction_name(fid: Any) -> str:
    f = FACTIONS.get(str(fid))
    return str(f["name"]) if f else str(fid)


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


def option_specs() -> tuple[OptionSpec, ...]:
    """Every option of rules file §3 with its default."""
    return (
        OptionSpec("factions", t(P + "opt.factions"), "choice", "random",
                   ((t(P + "opt.factions.random"), "random"),
                    (t(P + "opt.factions.draft"), "draft"),
                    (t(P + "opt.factions.choice"), "choice"))),
        OptionSpec("exploration", t(P + "opt.exploration"), "bool", False),
    )


def _register() -> None:
    from bot.text import i18n

    i18n.register(CATALOG)


_register()


@dataclass
class TekPresenter(Presenter):
    """Presenter for ``tek``."""

    catalog: dict[str, str] = field(default_factory=lambda: dict(CATALOG))
    option_specs: tuple[OptionSpec, ...] = field(default_factory=option_specs)
    private_prompts: bool = False

    # -- moves ---------------------------------------------------------------------------------

    def move_label(self, view: dict[str, Any], move: dict[str, Any], name: NameFn) -> str:
        return self._label(view, move, name)[:80]

    def _label(self, view: dict[str, Any], move: dict[str, Any], name: NameFn) -> str:
        kind = move.get("type")
        me = _player_view(view, view.get("viewer") or (view.get("step") or {}).get(
            "actors", [None])[0])
        ctx = _ctx(view)
        if kind == "draft":
            return t(P + "move.draft", faction=_faction_name(move["faction"]))
        if kind == "side":
            side = SIDES[move["side"]]
            types = " ".join(t(P + f"type.{side['regions'][k]}")[0].upper()
                             for k in sorted(side["regions"]))
            return t(P + "move.side", side=move["side"], name=side["name"], types=types)
        if kind == "start":
            return t(P + "move.start", region=_region(move["region"]))
        if kind == "start_beginner":
            from games.tek.data import C
            split = C["beginner_split"]
            return t(P + "move.start_beginner", **split)
        if kind == "start_mana":
            return t(P + "move.start_mana", mana=move["mana"])
        if kind == "start_ore":
            mana = int(ctx.get("mana", 0))
            return t(P + "move.start_ore", mana=mana, ore=move["ore"],
                     food=6 - mana - int(move["ore"]))
        if kind == "token_skip":
            return t(P + "move.token_skip", region=_region(move["region"]))
        if kind == "select":
            return t(P + "move.select", action=_action(move["action"]))
        if kind == "perform":
            a = move["action"]
            costs = me.get("costs") or {}
            res = {"build": "ore", "research": "mana", "expand": "food"}.get(a)
            selected = ctx.get("action")
            cost = costs.get(a) if res else None
            if selected and selected != a:
                if cost is not None:
                    return t(P + "move.perform_instead_cost", action=_action(a),
                             selected=_action(selected), cost=cost, res=_res(res))
                return t(P + "move.perform_instead", action=_action(a),
                         selected=_action(selected))
            if cost is not None:
                return t(P + "move.perform_cost", action=_action(a), cost=cost, res=_res(res))
            return t(P + "move.perform", action=_action(a))
        if kind in ("pass", "collect", "church", "remove", "bandits_remove"):
            return t(P + f"move.{kind}")
        if kind in ("move_from", "stand_up", "loss_region", "refuge"):
            return t(P + f"move.{kind}", region=_region(move["region"]))
        if kind == "move_to":
            rid = move["region"]
            r = _region_view(view, rid)
            occupants = [m["owner"] for m in r.get("meeples", [])]
            others = [o for o in occupants if o != me.get("id")]
            if others and others[0] == "neutral":
                return t(P + "move.move_to_neutral", region=_region(rid),
                         cost=view.get("neutral_meeples", "?"))
            if others:
                return t(P + "move.move_to_war", region=_region(rid), player=name(others[0]))
            return t(P + "move.move_to", region=_region(rid))
        if kind == "swap_from":
            return t(P + "move.swap_from", region=_region(move["region"]))
        if kind == "swap_to":
            rid = move["region"]
            owners = [m["owner"] for m in _region_view(view, rid).get("meeples", [])]
            key = "move.swap_to_war" if len(owners) > 1 else "move.swap_to"
            return t(P + key, player=name(str(owners[0] if owners else "?")),
                     region=_region(rid))
        if kind == "expand":
            return t(P + "move.expand", region=_region(move["region"]),
                     cost=(me.get("costs") or {}).get("expand", "?"))
        if kind == "trade_pair":
            return t(P + "move.trade_pair", give=_res(move["give"]), get=_res(move["get"]))
        if kind == "trade_amount":
            n = int(move["amount"])
            bonus = 1 if (me.get("faction") or {}).get("id") == "humans" and me.get(
                "magic", 0) >= 1 else 0
            return t(P + "move.trade_amount", amount=n, give=_res(ctx.get("give")),
                     got=n + bonus, get=_res(ctx.get("get")))
        if kind == "war_die":
            if move["value"] == "flag":
                return t(P + "move.war_flag")
            return t(P + "move.war_die", value=move["value"])
        if kind == "war_boost":
            if move["resource"] is None:
                return t(P + "move.war_boost_none")
            return t(P + "move.war_boost", res=_res(move["resource"]),
                     value=self._war_value(me, move["resource"]))
        if kind == "war_pay_mana":
            return t(P + "move.war_pay_mana", mana=move["mana"])
        if kind in ("war_pay", "lose_resources", "bandits_pay"):
            return t(P + f"move.{kind}", what=_what(move))
        if kind == "plunder":
            return t(P + "move.plunder", res=_res(move["resource"]),
                     player=name(str(ctx.get("loser"))))
        if kind == "choose_resource":
            return t(P + "move.choose_resource", res=_res(move["resource"]))
        if kind == "convert":
            if move["from"] is None:
                return t(P + "move.convert_none")
            return t(P + "move.convert", src=_res(move["from"]), dst=_res(move["to"]))
        if kind == "dragon":
            if move["use"]:
                return t(P + "move.dragon_yes", player=name(str(ctx.get("loser"))))
            return t(P + "move.dragon_no")
        if kind == "retreat":
            war = ctx.get("war") or {}
            cost = (me.get("costs") or {}).get("retreat", "?")
            if ctx.get("region") == war.get("region") and war.get("dragon"):
                cost = 0
            return t(P + "move.retreat", region=_region(move["region"]), cost=cost)
        return super().move_label(view, move, name)

    @staticmethod
    def _war_value(me: dict[str, Any], resource: str) -> int:
        from games.tek.data import FACTION_HOOKS, C
        values = dict(C["war_values"])
        faction = (me.get("faction") or {}).get("id")
        for level, h in FACTION_HOOKS.get(str(faction), []):
            if h["hook"] == "war_value" and level <= int(me.get("magic", 0)):
                values[h["resource"]] = h["value"]
        return int(values[resource])

    def move_description(
        self, view: dict[str, Any], move: dict[str, Any], name: NameFn
    ) -> str | None:
        kind = move.get("type")
        me = _player_view(view, view.get("viewer"))
        text: str | None = None
        if kind == "draft":
            levels = FACTIONS[move["faction"]]["levels"]
            text = t(P + "desc.faction", l1=levels[0]["text"], l5=levels[4]["text"])
        elif kind == "perform":
            a = move["action"]
            costs = me.get("costs") or {}
            if a == "build":
                text = t(P + "desc.perform.build", level=int(me.get("tower", 0)) + 1,
                         cost=costs.get("build"))
            elif a == "research":
                level = int(me.get("magic", 0)) + 1
                levels = (me.get("faction") or {}).get("levels") or []
                ability = levels[level - 1]["name"] if 0 < level <= len(levels) else ""
                text = t(P + "desc.perform.research", level=level, ability=ability,
                         cost=costs.get("research"))
            elif a == "expand":
                text = t(P + "desc.perform.expand", cost=costs.get("expand"))
            else:
                text = t(P + f"desc.perform.{a}")
        elif kind == "collect":
            text = t(P + "desc.collect")
        elif kind == "war_die" and move["value"] != "flag":
            text = t(P + "desc.war_die", value=move["value"])
        elif kind == "retreat":
            food = int((me.get("resources") or {}).get("food", 0))
            cost = (me.get("costs") or {}).get("retreat") or 0
            text = t(P + "desc.retreat", food=food, left=food - int(cost))
        return text[:100] if text else None

    # -- prompts -------------------------------------------------------------------------------

    def prompt_text(self, view: dict[str, Any], player: str, name: NameFn) -> str:
        st = view.get("step") or {}
        step = str(st.get("name"))
        ctx = _ctx(view)
        me = _player_view(view, player)
        who = name(player)
        if step == "over":
            return t(P + "prompt.over")
        if step == "side":
            return t(P + "prompt.side", player=who, card=me.get("card"))
        if step == "start":
            return t(P + "prompt.start", player=who, side=me.get("home_side"))
        if step == "start_ore":
            return t(P + "prompt.start_ore", player=who, mana=ctx.get("mana"))
        if step == "select":
            return t(P + "prompt.select", player=who, turn=view.get("turn"),
                     n=len(view.get("shields", [])) + 1)
        if step == "respond":
            other = "pass" if ctx.get("active") else "collect"
            return t(P + "prompt.respond", action=_action(ctx.get("action")), player=who,
                     other=t(P + f"prompt.respond.{other}"))
        if step in ("move_from", "move_to"):
            return t(P + f"prompt.{step}", player=who, action=_action(ctx.get("action")),
                     region=ctx.get("from"))
        if step == "swap_to":
            return t(P + "prompt.swap_to", player=who, region=_region(ctx.get("from")))
        if step == "trade_amount":
            return t(P + "prompt.trade_amount", player=who, give=_res(ctx.get("give")),
                     get=_res(ctx.get("get")))
        if step == "war_die":
            war = ctx.get("war") or {}
            return t(P + "prompt.war_die", region=_region(war.get("region")),
                     attacker=name(str(war.get("attacker"))),
                     defender=name(str(war.get("defender"))),
                     waiting=", ".join(name(a) for a in st.get("actors", [])))
        if step in ("war_pay", "war_pay_mana"):
            return t(P + f"prompt.{step}", player=who, due=ctx.get("due"))
        if step == "lose_resources":
            return t(P + "prompt.lose_resources", player=who, n=2)
        if step in ("plunder", "dragon"):
            return t(P + f"prompt.{step}", player=who, loser=name(str(ctx.get("loser"))))
        if step == "choose_resource":
            return t(P + "prompt.choose_resource", player=who,
                     reason=t(P + f"reason.{ctx.get('reason')}"))
        if step in ("loss", "bandits"):
            return t(P + f"prompt.{step}", player=who, region=_region(ctx.get("region")))
        return t(P + f"prompt.{step}", player=who)

    # -- events --------------------------------------------------------------------------------

    def event_text(self, event: dict[str, Any], name: NameFn) -> str | None:
        et = str(event.get("type"))
        who = name(str(event.get("player"))) if event.get("player") else ""

        def nm(key: str) -> str:
            return name(str(event.get(key)))

        if et == "faction_assigned":
            return t(P + "ev.faction_assigned", player=who, faction=_faction_name(event["faction"]))
        if et == "lost_kingdom":
            side = str(event["side"])
            return t(P + "ev.lost_kingdom", side=side, name=SIDES[side]["name"])
        if et == "faction_drafted":
            return t(P + "ev.faction_drafted", player=who, faction=_faction_name(event["faction"]))
        if et == "side_chosen":
            side = str(event["side"])
            return t(P + "ev.side_chosen", player=who, side=side, name=SIDES[side]["name"])
        if et in ("start_placed", "stood_up", "removed", "refuge", "bandits_removed"):
            return t(P + f"ev.{et}", player=who, region=_region(event.get("region")))
        if et == "resources_set":
            return t(P + "ev.resources_set", player=who, mana=event["mana"], ore=event["ore"],
                     food=event["food"])
        if et == "tokens_placed":
            return t(P + "ev.tokens_placed", n=len(event.get("regions", [])))
        if et in ("shields_cleared", "passed"):
            return t(P + f"ev.{et}", player=who)
        if et == "clear_turn":
            return t(P + "ev.clear_turn", player=who)
        if et == "action_selected":
            return t(P + "ev.action_selected", player=who, action=_action(event["action"]))
        if et == "performed":
            if event.get("instead_of"):
                return t(P + "ev.performed_instead", player=who, action=_action(event["action"]),
                         selected=_action(event["instead_of"]))
            if event.get("action") in ("build", "research", "expand"):
                return None  # the built/researched/expanded line says it
            return t(P + "ev.performed", player=who, action=_action(event["action"]))
        if et == "end_triggered":
            return t(P + "ev.end_triggered", cause=t(P + f"ev.cause.{event.get('cause')}"),
                     player=who)
        if et == "game_over":
            ranking = "; ".join(f"{r['rank']}. {name(r['player'])} {r['score']} VP"
                                for r in event.get("results", []))
            return t(P + "ev.game_over", ranking=ranking)
        if et == "moved":
            return t(P + "ev.moved", player=who, via=_action(event.get("via")),
                     src=event.get("from"), dst=_region(event.get("to")))
        if et == "swapped":
            return t(P + "ev.swapped", player=who, src=event["from"], dst=event["to"],
                     other=nm("with"))
        if et == "built":
            return t(P + "ev.built", player=who, level=event["level"], cost=event["cost"])
        if et == "researched":
            return t(P + "ev.researched", player=who, level=event["level"],
                     ability=event["ability"], cost=event["cost"])
        if et == "expanded":
            return t(P + "ev.expanded", player=who, region=_region(event["region"]),
                     cost=event["cost"])
        if et == "traded":
            lost = t(P + "ev.lost_cap", n=event["lost"]) if event.get("lost") else ""
            return t(P + "ev.traded", player=who, amount=event["amount"], give=_res(event["give"]),
                     received=event["received"], get=_res(event["get"]), lost=lost)
        if et == "collected":
            lost_n = sum((event.get("lost_to_cap") or {}).values())
            lost = t(P + "ev.lost_cap", n=lost_n) if lost_n else ""
            return t(P + "ev.collected", player=who, what=_what(event.get("gains") or {}),
                     lost=lost)
        if et == "resource_chosen":
            return t(P + "ev.resource_chosen", player=who, res=_res(event["resource"]),
                     reason=t(P + f"reason.{event.get('reason')}"))
        if et == "converted":
            return t(P + "ev.converted", player=who, src=_res(event["from"]),
                     dst=_res(event["to"]))
        if et == "arrival_gain":
            return t(P + "ev.arrival_gain", player=who, amount=event["amount"],
                     res=_res(event["resource"]))
        if et == "war_started":
            allied = t(P + "ev.war_allied") if event.get("allied") else ""
            return t(P + "ev.war_started", region=_region(event["region"]),
                     attacker=nm("attacker"), defender=nm("defender"), allied=allied)
        if et == "war_die_set":
            return t(P + "ev.war_die_set", player=who)
        if et == "war_revealed":
            values = event.get("values") or {}
            a, d = str(event.get("attacker")), str(event.get("defender"))
            return t(P + "ev.war_revealed", attacker=name(a), defender=name(d),
                     a=_die(values.get(a)), d=_die(values.get(d)))
        if et == "war_boosted":
            return t(P + "ev.war_boosted", player=who, res=_res(event["resource"]),
                     value=event["new_value"])
        if et == "war_result":
            if event.get("alliance"):
                return t(P + "ev.war_alliance")
            return t(P + "ev.war_result", winner=nm("winner"), loser=nm("loser"))
        if et in ("war_paid", "resources_lost", "bandits_paid"):
            return t(P + f"ev.{et}", player=who, what=_what(event))
        if et in ("alliance_formed", "alliance_broken"):
            players = event.get("players") or ["?", "?"]
            regions = ", ".join(str(r) for r in event.get("regions", []))
            return t(P + f"ev.{et}", a=name(str(players[0])), b=name(str(players[1])),
                     regions=regions)
        if et == "crown_passed":
            return t(P + "ev.crown_passed", player=who, loser=nm("from"))
        if et == "plundered":
            return t(P + "ev.plundered", player=who, res=_res(event["resource"]),
                     loser=nm("from"))
        if et == "dragon_used":
            return t(P + "ev.dragon_used", player=who, loser=nm("loser"), tower=event["tower"])
        if et == "retreated":
            return t(P + "ev.retreated", player=who, src=event["from"],
                     dst=_region(event["to"]), cost=event["cost"])
        if et == "church_used":
            return t(P + "ev.church_used", player=who, src=event["from"],
                     dst=_region(event["to"]))
        if et == "neutral_war":
            return t(P + "ev.neutral_war", player=who, region=_region(event["region"]),
                     cost=event["cost"])
        if et == "neutral_captured":
            return t(P + "ev.neutral_captured", player=who, n=event["count_left"])
        if et == "token_revealed":
            token = TOKENS.get(str(event["token"]), {}).get("name", event["token"])
            return t(P + "ev.token_revealed", player=who, token=token,
                     region=_region(event["region"]))
        return super().event_text(event, name)

    # -- status, hand, rules -------------------------------------------------------------------

    def status_text(self, view: dict[str, Any], name: NameFn) -> str:
        lines: list[str] = []
        if view.get("over"):
            lines.append(t(P + "status.over"))
            for row in view.get("results") or []:
                lines.append(t(P + "status.final", rank=row["rank"], player=name(row["player"]),
                               score=row["score"]))
            return "\n".join(lines)
        shields = ", ".join(_action(a) for a in view.get("shields", [])) or t(P + "status.none")
        lines.append(t(P + "status.turn", turn=view.get("turn"),
                       active=name(str(view.get("active"))), shields=shields))
        st = view.get("step") or {}
        lines.append(t(P + "status.step", step=str(st.get("name", "")).replace("_", " "),
                       actors=", ".join(name(a) for a in st.get("actors", []))))
        for p in view.get("players", []):
            r = p.get("resources") or {}
            lines.append(t(P + "status.player", player=name(p["id"]),
                           faction=(p.get("faction") or {}).get("name", "?"),
                           magic=p.get("magic"), tower=p.get("tower"), mana=r.get("mana"),
                           ore=r.get("ore"), food=r.get("food"),
                           meeples=p.get("meeples_in_play"), score=p.get("score_now")))
        if view.get("end_triggered"):
            lines.append(t(P + "status.end"))
        return "\n".join(lines)

    def hand_text(self, view: dict[str, Any], name: NameFn) -> str | None:
        me = _player_view(view, view.get("viewer"))
        faction = me.get("faction")
        if not faction:
            return None
        magic = int(me.get("magic", 0))
        lines = [t(P + "hand.faction", faction=faction["name"], magic=magic)]
        for lv in faction["levels"]:
            key = "hand.level_on" if lv["level"] <= magic else "hand.level_off"
            lines.append(t(P + key, level=lv["level"], name=lv["name"], text=lv["text"]))
        if "war_die" in view:
            lines.append(t(P + "hand.die", value=_die(view["war_die"])))
        if "war_die_options" in view:
            lines.append(t(P + "hand.die_options",
                           values=", ".join(_die(v) for v in view["war_die_options"])))
        return "\n".join(lines)

    def rules_text(self) -> str:
        return t(P + "rules")


def _die(value: Any) -> str:
    return "🏳️ flag" if value == "flag" else str(value)


PRESENTER = TekPresenter(game_id="tek", title="Tiny Epic Kingdoms")
