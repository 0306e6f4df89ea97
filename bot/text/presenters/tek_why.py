"""Tiny Epic Kingdoms' "Why?" answers, teach-mode lines and tie note (issue 24).

``why`` words, for each option of a decision, what the engine's ``preview`` of that move says
it does now (docs/rules/tek.md §19.6): the cost, the gain and what the player holds after,
the level and VP of a Build or Research, the war values, discount and payments of a war die,
the food of a retreat. It reads the preview and the player's own view only and computes no
rule. ``tie_note`` reads the final results' ``tiebreak`` values, which the engine lists in
the rulebook's order ("více figurek ve hře, postavení větší části hradu, dosažená vyšší
úroveň magie, celkový součet všech zdrojů", p.10).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bot.text.i18n import register, t
from bot.text.presenters.base import NameFn, WhyLine
from bot.text.presenters.tek_base import _region, _what, word
from games.tek.data import REGIONS, TERRAIN
from games.tek.vocab import RESOURCES, TERMS, action, resource, terrain, token
from games.terms import Count

P = "tek."
W = P + "why."
Pv = Mapping[str, Any]
Say = Callable[[Pv, Mapping[str, Any], NameFn], str]

CATALOG: dict[str, str] = {
    W + "left": "You would hold {left}.",
    W + "lost": " The cap of 9 takes {lost}.",
    W + "draft": "Level 1, {l1}: {t1} Level 5, {l5}: {t5}",
    W + "side": "Regions: {regions}. Holding them all, a collect gives {yields}.",
    W + "start": "Your {n} start in {region}; collecting there {gives}.",
    W + "start.searching": "Your {n} lie searching in the ruins of {region}: 1 resource of your "
    "choice per collect while they stay.",
    W + "gives": "gives {unit}",
    W + "gives.none": "gives nothing (a capital scores VP at the end instead)",
    W + "gives.choice": "gives 1 resource of your choice while a meeple searches",
    W + "start_split": "You start with {gain}.",
    W + "start_mana": "{mana} now; {rest} left to split between ore and food.",
    W + "token_skip": "{region} stays empty; face-down tokens go to {regions}.",
    W + "select": "Shield {shield} of 5 on {action}. {then}",
    W + "select.last": "Shield {shield} of 5 on {action}: the card is full after this turn. {then}",
    W + "select.end": "The 5th shield: the game ends after this turn. {then}",
    W + "select.cannot": "You could not perform it now; the others may.",
    W + "select.then": "Performing it: {effect}",
    W + "perform.build": "Tower level {level} for {cost}: +{vp} VP.",
    W + "perform.research": "Magic level {level} for {cost}: +{vp} VP and {ability}.",
    W + "perform.research_top": "Magic level {level} for {cost}: +{vp} VP.",
    W + "perform.expand": "A new meeple for {cost} (your meeples in play with it): +1 VP. "
    "Where: {regions}.",
    W + "perform.trade": "One exchange of one resource for another{bonus}.",
    W + "perform.trade_bonus": ", {bonus} more from your faction",
    W + "perform.move": "Move a meeple from {regions}.",
    W + "perform.stand_up": "Stand up a meeple searching in ruins.",
    W + "perform.instead": " (instead of {selected})",
    W + "pass": "You take no action; the shield stays on {action}.",
    W + "collect": "You would get {gain}{choices}.",
    W + "collect.choices": ", then {n} of your choice",
    W + "move_from": "From {region} it may go to {regions}.",
    W + "stand_up": "The meeple stands up: it may move again, but stops giving a resource.",
    W + "move_to": "{region}: collecting there {gives}{token}.",
    W + "move_to.gain": " On arrival you gain {gain}.",
    W + "move_to.token": "; a face-down token lies there",
    W + "move_to.war": "War with {player}: both set a war die in secret and pay their number.",
    W + "move_to.war_ally": "War with your ally {player}: a number breaks every region you share.",
    W + "move_to.neutral": "A neutral war: pay {cost} and capture the neutral meeple (+1 VP).",
    W + "swap_from": "Swap targets: {regions}.",
    W + "swap_to": "Your meeple and {player}'s change places{war}.",
    W + "swap_to.war": "; {player}'s second meeple there means a war",
    W + "expand": "The new meeple goes to {region} for {cost}.",
    W + "trade_pair": "You can give up to {most} and get as much {get}{bonus}.",
    W + "trade_amount": "Give {cost}, get {gain}.",
    W + "war_die.flag": "Costs nothing. A number beats it; two flags: {both}.",
    W + "both.alliance": "an alliance (both meeples stay)",
    W + "both.defender": "the defender wins (2 players)",
    W + "war_die": "Win or lose you pay {value} − discount {discount}, e.g. {pay}. Mana is worth "
    "{vm}, ore {vo}, food {vf}; you can pay up to {most}. Equal numbers: {tie} wins.",
    W + "war_die.free": "Your discount {discount} covers it: you pay nothing. Equal numbers: "
    "{tie} wins.",
    W + "war_boost": "Pay {cost}: your number becomes {value}.",
    W + "war_boost.none": "Keep your number and pay nothing more.",
    W + "war_pay_mana": "{mana} now; payments for the rest to choose from: {n}.",
    W + "pay": "You pay {cost}.",
    W + "war_pay": "You pay {cost}, worth {worth} for {due} due.",
    W + "plunder": "You take {unit} from {player}.",
    W + "gain": "You gain {gain}.",
    W + "convert.none": "You keep what you collected.",
    W + "convert": "You turn {cost} into {gain}.",
    W + "dragon.yes": "{player}'s tower drops to {tower} (−{vp} VP); their meeple may retreat "
    "for free.",
    W + "dragon.no": "{player} resolves the lost meeple as usual.",
    W + "loss_region": "Resolve the meeple in {region} next.",
    W + "retreat": "The meeple moves to {region} for {cost} (1 food per meeple in play).",
    W + "retreat.free": "The meeple moves to {region} for free (the Dragon's Lair).",
    W + "church": "The meeple moves to {region}; the {church} leaves the game.",
    W + "remove": "The meeple goes back to your supply; you will have {n} in play{gain}.",
    W + "remove.gain": ", and you gain {gain}",
    W + "refuge": "Your last meeple stays in play in {region}.",
    # ties (p.10 "V případě remízy rozhoduje toto (v uvedeném pořadí)")
    P + "tie.by": "{players}: {score} VP each; {by}, so {first} ranks ahead "
    "(rulebook p. 10, in this order: meeples, tower, magic, resources).",
    P + "tie.by.meeples": "more meeples in play ({values})",
    P + "tie.by.tower": "the higher tower ({values})",
    P + "tie.by.magic": "the higher magic ({values})",
    P + "tie.by.resources": "more resources left ({values})",
    P + "tie.shared": "{players}: {score} VP each and equal on meeples, tower, magic and "
    "resources, so they share place {rank} (rulebook p. 10: the game ends in a draw).",
}

#: teach mode: two lines for every step a player can be asked (``tek.teach.<step>``)
TEACH: dict[str, str] = {
    "draft": "Pick your faction: it gives you one ability per magic level.\n"
    "Level 1 works once you research it; level 5 also scores a bonus at the end.",
    "side": "Choose the side of your territory card: it becomes your home territory.\n"
    "Forests give mana, mountains ore, plains food; capitals score VP at the end.",
    "start": "Put your two starting meeples in one region of your home territory.\n"
    "Each region you occupy gives its resource whenever you collect.",
    "start_resources": "Split 6 starting resources: first choose the mana.\n"
    "Mana pays for Research, ore for Build, food for Expand and retreats.",
    "start_ore": "Now choose the ore; the rest of the 6 resources is food.\n"
    "Beginners take 2 mana, 1 ore and 3 food.",
    "token_skip": "Choose the home region that stays without an exploration token.\n"
    "The other three get a face-down token each.",
    "select": "Put a shield on an action that has none: everyone may then follow it.\n"
    "You perform it or pass; the others perform it or collect resources.",
    "respond": "Perform the selected action, or collect resources instead.\n"
    "The active player may perform it or pass, but never collect.",
    "move_from": "Choose which meeple moves.\n"
    "Patrol stays on its card; Quest goes from an edge region to another card.",
    "move_to": "Choose where the meeple goes.\nEntering another player's lone meeple starts a war.",
    "swap_to": "Changing Places: your meeple and an opponent's swap regions.\n"
    "If their second meeple stays there, a war starts.",
    "expand": "Choose where the new meeple goes: beside your lone meeple.\n"
    "It costs 1 food per meeple you have in play, the new one included.",
    "trade_pair": "Choose the resource you give and the one you get.\n"
    "One exchange per action; nothing goes above 9.",
    "trade_amount": "Choose how much you give; you get as many of the other.\n"
    "Whatever would go above 9 is lost.",
    "war_die": "Set your war die in secret: a number you can pay, or the white flag.\n"
    "Higher wins, the defender wins ties; both pay their number.",
    "war_boost": "Fury: you are not winning, so you may pay 1 more resource.\n"
    "Your number rises by that resource's war value.",
    "war_pay_mana": "Pay your war cost: choose the mana first.\n"
    "Mana is worth 2, ore 1, food 0 (unless your faction says otherwise).",
    "war_pay": "Pay your war cost with the resources shown.\n"
    "Only the smallest payments that cover it are offered.",
    "lose_resources": "Peaceful Folk: you beat a white flag, so you lose 2 resources.\n"
    "Choose which two.",
    "plunder": "Plunder: you won as the attacker, so take 1 resource from the loser.\n"
    "Choose its type.",
    "choose_resource": "Take 1 resource of your choice.\n"
    "The reason is shown above; nothing goes above 9.",
    "convert": "Mimicry: you may turn 1 resource you just collected into another.\n"
    "Or keep what you collected.",
    "dragon": "The Dragon's Lair: you may make the loser drop a tower level.\n"
    "Their meeple then retreats for free.",
    "loss_region": "The alliance is broken: your meeples in every shared region are lost.\n"
    "Choose which one to resolve next; each retreat is paid separately.",
    "loss": "Your meeple lost the war: retreat it to a free adjacent region or remove it.\n"
    "A retreat costs 1 food per meeple in play; a meeple lying in ruins cannot retreat.",
    "bandits": "Bandits: pay 2 resources of your choice or lose the meeple.\n"
    "With fewer than 2 resources the meeple is lost.",
}
CATALOG.update({f"{P}teach.{step}": text for step, text in TEACH.items()})

#: the tie-breaks in the order of ``tiebreak`` (rules §11.2)
TIE_BREAKS = ("meeples", "tower", "magic", "resources")


def _left(pv: Pv) -> str:
    text = t(W + "left", left=_what(pv.get("left") or {}, "acc"))
    lost = pv.get("lost") or {}
    return text + (t(W + "lost", lost=_what(lost, "acc")) if lost else "")


def _gives(rid: Any) -> str:
    """What collecting region ``rid`` gives (the data's yield of its terrain, §8)."""
    info = REGIONS.get(str(rid))
    kind = str(info["type"]) if info else ""
    y = TERRAIN.get(kind, {}).get("yield")
    if y in RESOURCES:
        return t(W + "gives", unit=Count(1, resource(y)))
    return t(W + ("gives.choice" if kind == "ruins" else "gives.none"))


def _regions(rids: Any) -> str:
    return ", ".join(_region(r) for r in rids or []) or t(P + "nothing")


def _s_draft(pv: Pv, m: Mapping[str, Any], name: NameFn) -> str:
    levels = {a["level"]: a["term"] for a in pv.get("abilities", [])}
    fid = m["faction"]
    texts = {n: t(f"{P}ability.{fid}.{n}.text") for n in (1, 5)}
    return t(W + "draft", l1=TERMS[levels[1]], t1=texts[1], l5=TERMS[levels[5]], t5=texts[5])


def _s_side(pv: Pv, m: Mapping[str, Any], name: NameFn) -> str:
    regions = ", ".join(
        f"{str(r['region'])[-1]} {word(terrain(r['terrain']))}" for r in pv["regions"]
    )
    return t(W + "side", regions=regions, yields=_what(pv.get("yields") or {}, "acc"))


def _s_start(pv: Pv, m: Mapping[str, Any], name: NameFn) -> str:
    n = Count(int(pv["meeples"]), TERMS["meeple"])
    key = "start.searching" if pv.get("searching") else "start"
    return t(W + key, n=n, region=_region(m["region"]), gives=_gives(m["region"]))


def _s_split(pv: Pv, m: Mapping[str, Any], name: NameFn) -> str:
    return t(W + "start_split", gain=_what(pv.get("gain") or {}, "acc"))


def _s_start_mana(pv: Pv, m: Mapping[str, Any], name: NameFn) -> str:
    mana = Count(int(pv["mana"]), resource("mana"))
    return t(W + "start_mana", mana=mana, rest=Count(int(pv["to_split"]), TERMS["resource"]))


def _s_token_skip(pv: Pv, m: Mapping[str, Any], name: NameFn) -> str:
    regions = _regions(pv.get("tokens_in"))
    return t(W + "token_skip", region=_region(m["region"]), regions=regions)


def _effect(a: str, pv: Pv) -> str:
    """What performing ``a`` does, from the preview of ``perform`` (or ``then`` of select)."""
    cost = _what(pv.get("cost") or {}, "acc")
    if a == "build":
        return t(W + "perform.build", level=pv["level"], cost=cost, vp=pv["vp"])
    if a == "research":
        named = TERMS.get(str(pv.get("ability")))
        if named is None:
            return t(W + "perform.research_top", level=pv["level"], cost=cost, vp=pv["vp"])
        return t(W + "perform.research", level=pv["level"], cost=cost, vp=pv["vp"], ability=named)
    if a == "expand":
        return t(W + "perform.expand", cost=cost, regions=_regions(pv.get("regions")))
    if a == "trade":
        bonus = int(pv.get("bonus") or 0)
        more = t(W + "perform.trade_bonus", bonus=bonus) if bonus else ""
        return t(W + "perform.trade", bonus=more)
    if pv.get("from"):
        return t(W + "perform.move", regions=_regions(pv.get("from")))
    return t(W + "perform.stand_up")


def _s_select(pv: Pv, m: Mapping[str, Any], name: NameFn) -> str:
    then = pv.get("then")
    what = t(W + "select.then", effect=_effect(m["action"], then)) if then else ""
    what = what or t(W + "select.cannot")
    key = (
        "select.end"
        if pv.get("ends_game")
        else "select.last"
        if pv.get("last_shield")
        else "select"
    )
    return t(W + key, shield=pv["shield"], action=action(m["action"]), then=what)


def _s_perform(pv: Pv, m: Mapping[str, Any], name: NameFn) -> str:
    text = _effect(m["action"], pv)
    if pv.get("instead_of"):
        text += t(W + "perform.instead", selected=action(pv["instead_of"]))
    if m["action"] in ("build", "research"):
        text += " " + _left(pv)
    return text


def _s_pass(pv: Pv, m: Mapping[str, Any], name: NameFn) -> str:
    return t(W + "pass", action=action(pv["action"]))


def _s_collect(pv: Pv, m: Mapping[str, Any], name: NameFn) -> str:
    n = int(pv.get("choices") or 0)
    choices = t(W + "collect.choices", n=n) if n else ""
    gain = _what(pv.get("gain") or {}, "acc")
    return t(W + "collect", gain=gain, choices=choices) + " " + _left(pv)


def _s_move_from(pv: Pv, m: Mapping[str, Any], name: NameFn) -> str:
    return t(W + "move_from", region=_region(m["region"]), regions=_regions(pv["destinations"]))


def _s_plain(key: str) -> Say:
    def say(pv: Pv, m: Mapping[str, Any], name: NameFn) -> str:
        return t(W + key)

    return say


def _s_move_to(pv: Pv, m: Mapping[str, Any], name: NameFn) -> str:
    if pv.get("neutral_cost") is not None:
        return t(W + "move_to.neutral", cost=pv["neutral_cost"])
    war = pv.get("war")
    if war:
        key = "move_to.war_ally" if war.get("allied") else "move_to.war"
        return t(W + key, player=name(str(war["defender"])))
    tok = t(W + "move_to.token") if pv.get("token") == "face_down" else ""
    text = t(W + "move_to", region=_region(m["region"]), gives=_gives(m["region"]), token=tok)
    gain = pv.get("arrival_gain") or {}
    return text + (t(W + "move_to.gain", gain=_what(gain, "acc")) if gain else "")


def _s_swap_from(pv: Pv, m: Mapping[str, Any], name: NameFn) -> str:
    return t(W + "swap_from", regions=_regions(pv.get("targets")))


def _s_swap_to(pv: Pv, m: Mapping[str, Any], name: NameFn) -> str:
    who = name(str(pv.get("with")))
    war = t(W + "swap_to.war", player=who) if pv.get("war") else ""
    return t(W + "swap_to", player=who, war=war)


def _s_expand(pv: Pv, m: Mapping[str, Any], name: NameFn) -> str:
    cost = _what(pv.get("cost") or {}, "acc")
    return t(W + "expand", region=_region(m["region"]), cost=cost) + " " + _left(pv)


def _s_trade_pair(pv: Pv, m: Mapping[str, Any], name: NameFn) -> str:
    bonus = int(pv.get("bonus") or 0)
    more = t(W + "perform.trade_bonus", bonus=bonus) if bonus else ""
    most = Count(int(pv["most"]), resource(pv["give"]))
    return t(W + "trade_pair", most=most, get=resource(pv["get"]), bonus=more)


def _s_trade(pv: Pv, m: Mapping[str, Any], name: NameFn) -> str:
    cost, gain = _what(pv.get("cost") or {}, "acc"), _what(pv.get("gain") or {}, "acc")
    return t(W + "trade_amount", cost=cost, gain=gain) + " " + _left(pv)


def _s_war_die(pv: Pv, m: Mapping[str, Any], name: NameFn) -> str:
    tie = name(str(pv.get("tie")))
    if m["value"] == "flag":
        return t(W + "war_die.flag", both=t(W + "both." + str(pv.get("both_flags"))))
    pays = pv.get("payments") or []
    if not any(any(p["pay"].values()) for p in pays):
        return t(W + "war_die.free", discount=pv["discount"], tie=tie)
    values = (pv.get("war_values") or {}).get(_me(pv, m), {})
    return t(
        W + "war_die",
        value=m["value"],
        discount=pv["discount"],
        pay=_what(pays[0]["pay"], "acc"),
        vm=values.get("mana", "?"),
        vo=values.get("ore", "?"),
        vf=values.get("food", "?"),
        most=pv["most"],
        tie=tie,
    )


def _me(pv: Pv, m: Mapping[str, Any]) -> str:
    return str(m.get("_player", ""))


def _s_war_boost(pv: Pv, m: Mapping[str, Any], name: NameFn) -> str:
    if m["resource"] is None:
        return t(W + "war_boost.none")
    cost = _what(pv.get("cost") or {}, "acc")
    return t(W + "war_boost", cost=cost, value=pv["new_value"])


def _s_war_pay_mana(pv: Pv, m: Mapping[str, Any], name: NameFn) -> str:
    mana = Count(int(pv["mana"]), resource("mana"))
    return t(W + "war_pay_mana", mana=mana, n=len(pv.get("options") or []))


def _s_pay(pv: Pv, m: Mapping[str, Any], name: NameFn) -> str:
    cost = _what(pv.get("cost") or {}, "acc")
    if m["type"] == "war_pay":
        text = t(W + "war_pay", cost=cost, worth=pv["worth"], due=pv["due"])
    else:
        text = t(W + "pay", cost=cost)
    return text + " " + _left(pv)


def _s_plunder(pv: Pv, m: Mapping[str, Any], name: NameFn) -> str:
    unit = Count(1, resource(pv["resource"]))
    return t(W + "plunder", unit=unit, player=name(str(pv["from"]))) + " " + _left(pv)


def _s_gain(pv: Pv, m: Mapping[str, Any], name: NameFn) -> str:
    return t(W + "gain", gain=_what(pv.get("gain") or {}, "acc")) + " " + _left(pv)


def _s_convert(pv: Pv, m: Mapping[str, Any], name: NameFn) -> str:
    if m["from"] is None:
        return t(W + "convert.none") + " " + _left(pv)
    cost, gain = _what(pv.get("cost") or {}, "acc"), _what(pv.get("gain") or {}, "acc")
    return t(W + "convert", cost=cost, gain=gain) + " " + _left(pv)


def _s_dragon(pv: Pv, m: Mapping[str, Any], name: NameFn) -> str:
    who = name(str(pv["loser"]))
    if not pv.get("use"):
        return t(W + "dragon.no", player=who)
    return t(W + "dragon.yes", player=who, tower=pv["tower"], vp=pv["vp_lost"])


def _s_loss_region(pv: Pv, m: Mapping[str, Any], name: NameFn) -> str:
    return t(W + "loss_region", region=_region(m["region"]))


def _s_retreat(pv: Pv, m: Mapping[str, Any], name: NameFn) -> str:
    food = int((pv.get("cost") or {}).get("food", 0))
    if food == 0:
        return t(W + "retreat.free", region=_region(m["region"]))
    cost = Count(food, resource("food"))
    return t(W + "retreat", region=_region(m["region"]), cost=cost) + " " + _left(pv)


def _s_church(pv: Pv, m: Mapping[str, Any], name: NameFn) -> str:
    return t(W + "church", region=_region(pv.get("to")), church=token("church"))


def _s_remove(pv: Pv, m: Mapping[str, Any], name: NameFn) -> str:
    gain = pv.get("gain") or {}
    more = t(W + "remove.gain", gain=_what(gain, "acc")) if gain else ""
    n = Count(int(pv["meeples_after"]), TERMS["meeple"])
    return t(W + "remove", n=n, gain=more)


def _s_refuge(pv: Pv, m: Mapping[str, Any], name: NameFn) -> str:
    return t(W + "refuge", region=_region(m["region"]))


SAY: dict[str, Say] = {
    "draft": _s_draft,
    "side": _s_side,
    "start": _s_start,
    "start_beginner": _s_split,
    "start_ore": _s_split,
    "start_mana": _s_start_mana,
    "token_skip": _s_token_skip,
    "select": _s_select,
    "perform": _s_perform,
    "pass": _s_pass,
    "collect": _s_collect,
    "move_from": _s_move_from,
    "stand_up": _s_plain("stand_up"),
    "move_to": _s_move_to,
    "swap_from": _s_swap_from,
    "swap_to": _s_swap_to,
    "expand": _s_expand,
    "trade_pair": _s_trade_pair,
    "trade_amount": _s_trade,
    "war_die": _s_war_die,
    "war_boost": _s_war_boost,
    "war_pay_mana": _s_war_pay_mana,
    "war_pay": _s_pay,
    "lose_resources": _s_pay,
    "bandits_pay": _s_pay,
    "plunder": _s_plunder,
    "choose_resource": _s_gain,
    "convert": _s_convert,
    "dragon": _s_dragon,
    "loss_region": _s_loss_region,
    "retreat": _s_retreat,
    "church": _s_church,
    "remove": _s_remove,
    "bandits_remove": _s_remove,
    "refuge": _s_refuge,
}

Label = Callable[[dict[str, Any], Pv], str]


def why(
    player: str, options: list[tuple[dict[str, Any], Pv]], name: NameFn, label: Label
) -> list[WhyLine]:
    """One line per option the engine previewed: its label and what it does now."""
    out = []
    for move, pv in options:
        say = SAY.get(str(move.get("type")))
        if say is None or not pv:
            continue
        text = say(pv, {**move, "_player": player}, name)
        out.append(WhyLine(label(move, pv), text))
    return out


def tie_note(results: list[Mapping[str, Any]], name: NameFn) -> str | None:
    """For each group on equal VP: the first tie-break that separated them, or a shared place."""
    notes = []
    scores = sorted({int(r["score"]) for r in results}, reverse=True)
    for score in scores:
        group = [r for r in results if int(r["score"]) == score]
        if len(group) < 2:
            continue
        players = ", ".join(name(str(r["player"])) for r in group)
        if len({int(r["rank"]) for r in group}) == 1:
            rank = int(group[0]["rank"])
            notes.append(t(P + "tie.shared", players=players, score=score, rank=rank))
            continue
        i = next(k for k in range(len(TIE_BREAKS)) if len({r["tiebreak"][k] for r in group}) > 1)
        values = ", ".join(f"{name(str(r['player']))} {r['tiebreak'][i]}" for r in group)
        by = t(P + f"tie.by.{TIE_BREAKS[i]}", values=values)
        first = name(str(min(group, key=lambda r: int(r["rank"]))["player"]))
        notes.append(t(P + "tie.by", players=players, score=score, by=by, first=first))
    return "\n".join(notes) or None


register(CATALOG)
