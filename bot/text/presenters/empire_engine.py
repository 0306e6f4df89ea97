"""How Empire Engine is shown in Discord: options, move labels, log lines, status and rules.

Planning lays cards face down one at a time (rules file §6): the placer's prompt shows their
own ready pile and what they have set so far, and Salvage is a secret pick, so
``private_prompts`` is True (DM, ephemeral fallback). Every text lives in ``CATALOG`` under
``empire_engine.*`` keys and goes through :func:`bot.text.i18n.t`; labels, descriptions,
prompts and log lines are tables of small functions, one per move, step or event kind.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.text.i18n import t, tn
from bot.text.presenters.base import NameFn, OptionSpec, Presenter, Preview
from games.empire_engine import data as D

P = "empire_engine."
View = dict[str, Any]
Move = dict[str, Any]

CATALOG: dict[str, str | tuple[str, ...]] = {
    # options (the names and defaults come from the engine's options)
    P + "opt.long_game": "Longer game: 12 rounds (2-4 players)",
    P + "opt.rounds": "Rounds for 5-8 players (default: smallest multiple of players >= 8)",
    P + "opt.open_scores": "Score piles by type are public (default: only totals are)",
    P + "opt.teams": "Team game: 4 players, partners sit opposite",
    P + "opt.team_joint_invent": "Team: both partners Invent -> +1 invention for the team",
    P + "opt.team_joint_export": "Team: a partner's Export lets the Produce partner export too",
    P + "opt.team_shared_defence": "Team: Defend may block an attack on your partner (pay 1)",
    P + "opt.team_joint_attack": "Team: both partners attack one opponent -> 1 extra theft",
    P + "opt.house_powers": "House powers: invented empire powers (not the printed game)",
    # resources
    P + "res.soldier": "soldier",
    P + "res.soldiers": "soldiers",
    P + "res.good": "good",
    P + "res.goods": "goods",
    P + "res.invention": "invention",
    P + "res.inventions": "inventions",
    # moves
    P + "move.lay": "Lay engine {card} face down first",
    P + "move.orient": "{action} on top of {card}",
    P + "move.place.free": "Gear under {card}, no cube",
    P + "move.place.pay": "Gear under {card}, cube: 1 {pay} (alternate)",
    P + "move.gear": (
        "{action} on {card} · secret gear {gear} ({turns} quarter turn)",
        "{action} on {card} · secret gear {gear} ({turns} quarter turns)",
    ),
    P + "move.lay_orient": "{action} on top of {card}, laid first",
    P + "move.place_gear.free": (
        "{action} on {card} · gear {gear} ({turns} quarter turn), no cube",
        "{action} on {card} · gear {gear} ({turns} quarter turns), no cube",
    ),
    P + "move.place_gear.pay": (
        "{action} on {card} · gear {gear} ({turns} quarter turn), cube: 1 {pay}",
        "{action} on {card} · gear {gear} ({turns} quarter turns), cube: 1 {pay}",
    ),
    P + "move.block.self": "Block {attacker}'s attack (+{reward} soldier to score)",
    P + "move.block.partner": "Block {attacker}'s attack on {target} (pay 1 {pay})",
    P + "move.no_block": "Do not block (Defend stays idle)",
    P + "move.hold": "Let it through: keep the Defend for a later attack",
    P + "move.pass_partner": "Do not block it (keep your Defend)",
    P + "move.steal": "Take {what} from {target}",
    P + "move.joint_export": "Export jointly: all {goods} goods to your score pile",
    P + "move.no_joint_export": "Keep the goods in your ready pile",
    P + "move.salvage": "Salvage {what}",
    P + "desc.lay": "Everyone sees which card you lay; its action stays hidden",
    P + "desc.orient": "Face down until the reveal; round 1 costs nothing",
    P + "desc.place.free": "Normal rotation: gear 1 turns 1, gear 2 turns 2",
    P + "desc.place.pay": "Alternate: gear 1 turns 0, gear 2 turns 3; the cube is seen",
    P + "desc.gear": "Only you know which gear this is until the reveal",
    P + "desc.lay_orient": "All see you lay {card} first; the action stays hidden",
    P + "desc.place_gear.free": "All see a gear under {card}; which gear stays secret",
    P + "desc.place_gear.pay": "All see the gear under {card} and its cube; which gear "
    "stays secret",
    P + "desc.second": "The other gear goes here: {result}",
    P + "desc.block.self": "The blocked attacker gets nothing",
    P + "desc.block.partner": "Shared defence: 1 {pay} from your ready pile to the supply",
    P + "desc.no_block": "Your partner's attacker takes their theft",
    P + "desc.hold": "Another attacker may still come; if not, your Defend is idle",
    P + "desc.steal": "{target}'s ready pile: {ready}",
    P + "desc.joint_export": "Team joint export: your partner exported this round",
    P + "desc.salvage": "Goes to your score pile (safe from thefts)",
    # prompts
    P + "prompt.lay": "Round 1/{rounds}: lay one engine card face down (you choose which "
    "first). L: {L}. R: {R}.",
    P + "prompt.orient": "Round 1/{rounds}: choose the action on top of engine {card}; it "
    "stays face down until everyone has laid both cards.",
    P + "prompt.place": "Round {round}/{rounds}: lay a gear face down. Now L: {L}, R: {R}. "
    "Ready: {ready}. A cube on the gear (seen by "
    "all) makes it an alternate: gear 1 turns 0, gear 2 turns 3.",
    P + "prompt.place2": "Round {round}/{rounds}: your second gear goes under {card}. Ready: "
    "{ready}. A cube makes it the alternate.",
    P + "prompt.gear": "Round {round}/{rounds}: which gear is it? Nobody else sees this.",
    P + "prompt.block": "{player}, you Defend: {attacker} attacks {target}.",
    P + "prompt.steal": "{player}, your attack on {target} succeeds: take {q}. "
    "Their ready pile: {ready}.",
    P + "prompt.steal_extra": "{player}, joint attack on {target}: take 1 more. "
    "Their ready pile: {ready}.",
    P + "prompt.joint_export": "{player}, your partner exported: you may export your goods too.",
    P + "prompt.salvage": "{player}, Salvage: choose what goes to your score pile.",
    P + "prompt.over": "The game is over.",
    P + "prompt.wait": "Waiting for {players}.",
    # events
    P + "ev.round_started": "Round {round} begins; start player {player}.",
    P + "ev.laid": "{player} lays engine {card} face down.",
    P + "ev.placed.free": "{player} lays a gear face down under {card}.",
    P + "ev.placed.pay": "{player} lays a gear face down under {card} with a {pay} on it "
    "(alternate).",
    P + "ev.picked.orient": "{player} has set it.",
    P + "ev.picked.plan": "{player} has chosen the gear.",
    P + "ev.picked.salvage": "{player} has chosen what to salvage.",
    P + "ev.revealed": "Round {round} reveal: {picks}",
    P + "ev.reveal_pick": "{player} {L}/{R}",
    P + "ev.reveal_pay": "{player} {L}/{R} (paid {pay})",
    P + "ev.cubes_scored": "{player}'s cubes go to the score pile (Foretold Path).",
    P + "ev.gained": "{player}: {action} +{amount} {resource} ({pile}).",
    P + "ev.gained_joint": "{player}: joint invention +1 invention (score).",
    P + "ev.attack_paid": "{player} attacks {target} with the {card} card.",
    P + "ev.attack_failed.no_soldier": "{player}'s attack fails: no soldier.",
    P + "ev.attack_failed.one_soldier_for_two": "{player} has 1 soldier for two attacks: "
    "it is lost and both attacks fail.",
    P + "ev.blocked": "{defender} blocks {attacker}'s attack (+{reward} soldier to score).",
    P + "ev.blocked_paid": "{defender} pays 1 {pay} and blocks {attacker}'s attack on "
    "{target} (+{reward} soldier to score).",
    P + "ev.defend_idle": "{player}'s Defend is idle.",
    P + "ev.defend_idle_bonus": "{player}'s Defend is idle: +1 soldier (ready, Honour Guard).",
    P + "ev.theft": "{attacker} takes {what} from {target}.",
    P + "ev.theft_extra": "Joint attack: {attacker} takes {what} more from {target}.",
    P + "ev.cancelled": "{player} was attacked: {actions} cancelled.",
    P + "ev.exported": (
        "{player} exports {goods} good to the score pile{bonus}.",
        "{player} exports {goods} goods to the score pile{bonus}.",
    ),
    P + "ev.exported_joint": (
        "{player} joint-exports {goods} good to the score pile{bonus}.",
        "{player} joint-exports {goods} goods to the score pile{bonus}.",
    ),
    P + "ev.export_bonus": " (+1 good, Compound Interest)",
    P + "ev.salvaged": (
        "{player} salvages {count} resource.",
        "{player} salvages {count} resources.",
    ),
    P + "ev.salvaged_open": "{player} salvages {what}.",
    P + "ev.round_ended": "Round {round} ends; next start player {player}.",
    P + "ev.game_over": "Game over. {ranking}",
    P + "nothing": "nothing",
    P + "supply": ("{n} soldier from the supply", "{n} soldiers from the supply"),
    # status
    P + "status.head": "Round {round}/{rounds} · start player {start} · {step}",
    P + "status.over": "Game over after {rounds} rounds.",
    P + "status.line": "{player}{empire}: {tops} · ready {soldier}S {good}G · score {score}{mark}",
    P + "status.final": "{rank}. {player}: {score} points ({resources} + {bonus} bonus)",
    P + "status.team": "Teams: {a} vs {b}",
    P + "status.chosen": " · chosen",
    P + "status.choosing": " · choosing…",
    P + "status.laid": " · laid {cards}",
    P + "step.orient": "{player} lays an engine card",
    P + "step.plan": "{player} lays a gear",
    P + "step.block": "{player} chooses a block",
    P + "step.steal": "{player} chooses what to take",
    P + "step.joint_export": "{player} may export jointly",
    P + "step.salvage": "salvagers choose",
    P + "step.over": "game over",
    # hand
    P + "hand.score": "Your score pile: {pile} ({total} in all).",
    P + "hand.pending": "Your pick this step: {pick}.",
    P + "hand.partner": "Partner {player}'s score pile: {pile}.",
    P + "hand.empire": "Your empire (house power): {empire}: {power}. {text}",
    "empire_engine.rules": (
        "**Empire Engine** (2-4 players, up to 8; 8 rounds, 9 with 3 players, 12 long)\n"
        "Each player has two engine cards. **L**: Arm, Salvage, Produce, Attack. **R**: Invent, "
        "Defend, Attack, Export. Only the action on top works. Everyone starts with a ready "
        "pile of 1 soldier and 1 good; only the **score pile** scores.\n\n"
        "**Plan (face down, one card at a time).** The start player lays one card, then "
        "clockwise; the second cards from the last player back anticlockwise. Round 1: lay an "
        "engine card with the action you want on top. Later: gear 1 turns its engine 1 quarter "
        "turn, gear 2 turns the other 2; a cube (1 soldier or good, seen by all) on a gear makes "
        "it the alternate (0 or 3). Which card you laid is hidden until the reveal.\n\n"
        "**Group 1.** Arm: +2 soldiers (ready). Produce: +2 goods (ready). Invent: +1 invention "
        "(score).\n"
        "**Group 2.** Attacks go in player order, each paid with 1 soldier just before it (two "
        "attacks with 1 soldier: both fail, it is lost). L attacks the left neighbour, R the "
        "right one. Defend blocks one attack on you (+1 soldier to score); if another attacker "
        "may come you choose when. An unblocked attack takes 1 resource of the thief's choice "
        "from the target's ready pile (2 with two players); an empty pile gives 1 soldier "
        "from the supply.\n"
        "**Group 3.** If you were successfully attacked, your Export and Salvage are cancelled. "
        "Export: all goods ready -> score. Salvage (secret): +1 soldier, good or invention to "
        "score.\n\n"
        "**End.** Score = resources in the score pile + 3 for the most of each type (ties all "
        "get it; none for 0). Tie-break: bigger ready pile; still tied = shared win.\n\n"
        "**Secrets.** Face-down cards stay hidden until the reveal; score piles show only "
        "totals to others (partners see each other's).\n\n"
        "**Options.** `long_game`: 12 rounds (2-4 players). `rounds`: length for 5-8 players "
        "(default 5→10, 6→12, 7→14, 8→8). `open_scores`: score piles and salvages public. "
        "`teams`: 4 players, partners opposite, piles added for scoring. "
        "`team_joint_invent`: both Invent -> +1 invention. `team_joint_export`: when a partner "
        "exports, the Produce partner may export too. `team_shared_defence`: Defend may block "
        "an attack on the partner for 1 soldier/good. `team_joint_attack`: both partners hit "
        "one opponent -> 1 extra theft. `house_powers`: a HOUSE variant - the printed empire "
        "abilities are not in the rulebook, so these are invented: Kestrel Dominion (block +2 "
        "soldiers; idle Defend +1 ready soldier), Nova Centralis (export 2+ goods: +1 good), "
        "Sylphian Commonwealth (Salvage 2 different types), Grail Prelacy (alternate cubes go "
        "to your score pile)."
    ),
}

#: whom each plan hits (issue 11: every prompt carries what the decision needs), what the
#: player to act is deciding (for "it is X's turn"), the final score's parts
CATALOG.update(
    {
        P + "ctx.neighbours": "Your left neighbour is {left}: your L Attack hits them, their R "
        "Attack hits you. Your right neighbour is {right}: your R Attack hits "
        "them, their L Attack hits you. Defend blocks one attack on you.",
        P + "ctx.neighbours_two": "{other} is both your neighbours: both your Attacks hit them, "
        "and both of theirs hit you. Defend blocks one attack on you.",
        P + "ctx.seating": "Seats clockwise: {order}.",
        P + "desc.attack_hits": "Attack: hits {target}, your {side} neighbour",
        P + "desc.hits": ", hits {target}",
        P + "side.left": "left",
        P + "side.right": "right",
        P + "doing.orient": "laying an engine card face down",
        P + "doing.plan": "laying a gear face down",
        P + "doing.block": "deciding whether to block {attacker}'s attack on {target}",
        P + "doing.steal": "choosing what to take from {target}",
        P + "doing.joint_export": "deciding on a joint export",
        P + "doing.salvage": "choosing what to salvage",
        P + "final.breakdown": "{resources} in the score pile + {bonus} majority bonus{most}",
        P + "final.most": " (most {kinds})",
    }
)

RES_SHORT = {"soldier": "S", "good": "G", "invention": "I"}


def _res(kind: str, n: int) -> str:
    """The resource's word for the count ``n`` ("soldiers"; Czech "vojáci" / "vojáků")."""
    key = P + "word." + kind
    return tn(key, n) if key in WORDS else kind


def _count(kind: str, n: int) -> str:
    key = P + "n." + kind
    return tn(key, n) if key in WORDS else f"{n} {kind}"


def _action(action: Any) -> str:
    """An engine action ("Export") in the reader's language."""
    key = f"{P}action.{action}"
    return t(key) if key in WORDS else str(action)


#: the engine's words: resources by count, its actions (the English names of data.py)
WORDS: dict[str, str | tuple[str, ...]] = {
    **{P + "word." + k: (k, k + "s") for k in ("soldier", "good", "invention")},
    **{P + "n." + k: ("{n} " + k, "{n} " + k + "s") for k in ("soldier", "good", "invention")},
    **{f"{P}action.{a}": a for a in D.ACTION_GROUP},
    P + "pile.ready": "ready pile",
    P + "pile.pair": "{soldiers}, {goods}",
    P + "pile.score": "score pile",
    P + "and": " and ",
    P + "pending.salvage": "Salvage {take}",
    P + "pending.cubes": "{pick} (cubes: {cubes})",
    P + "desc.second_gear": (
        "{action} (gear {gear}, {turns} quarter turn)",
        "{action} (gear {gear}, {turns} quarter turns)",
    ),
}


def _mix(soldier: int, good: int, supply: int = 0) -> str:
    """ "1 soldier + 1 good", "2 goods", "nothing"."""
    parts = []
    if soldier:
        parts.append(_count("soldier", soldier))
    if good:
        parts.append(_count("good", good))
    if supply:
        parts.append(tn(P + "supply", supply))
    return " + ".join(parts) if parts else t(P + "nothing")


def _pay_text(ps: int, pg: int) -> str:
    if ps and pg:
        return f"{_count('soldier', 1)} + {_count('good', 1)}"
    if ps:
        return _count("soldier", ps)
    return _count("good", pg)


def _pile(pile: dict[str, int]) -> str:
    """ "2 soldiers, 1 good, 0 inventions"."""
    return ", ".join(_count(r, int(pile.get(r, 0))) for r in D.SCORE_TYPES)


def _ready_text(ready: dict[str, int]) -> str:
    """ "1 soldier, 2 goods" (each count with its own plural form)."""
    return t(
        P + "pile.pair",
        soldiers=_count("soldier", int(ready.get("soldier", 0))),
        goods=_count("good", int(ready.get("good", 0))),
    )


def _seat(view: View, player: str) -> dict[str, Any]:
    for seat in view.get("seats", []):
        if seat.get("player") == player:
            return dict(seat)
    return {}


def _ready(view: View, player: str) -> dict[str, int]:
    return _seat(view, player).get("ready") or {"soldier": 0, "good": 0}


def option_specs() -> tuple[OptionSpec, ...]:
    """Every engine option (names, defaults, ranges from the engine); the labels are ours."""
    specs = []
    for key, (default, allowed) in D.OPTIONS.items():
        desc = t(P + "opt." + key)
        if isinstance(allowed, (list, tuple)):
            specs.append(OptionSpec(key, desc, "bool", default))
        else:
            specs.append(
                OptionSpec(key, desc, "int", default, (), D.ROUNDS_RANGE[0], D.ROUNDS_RANGE[1])
            )
    return tuple(specs)


def _register() -> None:
    from bot.text import i18n

    i18n.register(CATALOG)
    i18n.register(WORDS)


_register()


# ---------------------------------------------------------------- neighbours (§2)


def neighbours(view: View, player: str) -> tuple[str, str] | None:
    """``player``'s (left, right) neighbours: clockwise is to the left (rules §2)."""
    order = [str(p) for p in view.get("seat_order") or []]
    if player not in order or len(order) < 2:
        return None
    i = order.index(player)
    return order[(i + 1) % len(order)], order[(i - 1) % len(order)]


def neighbours_text(view: View, player: str, name: NameFn) -> str | None:
    """Whom ``player``'s attacks hit and whose attacks hit them (public: the seating)."""
    pair = neighbours(view, player)
    if pair is None:
        return None
    left, right = pair
    if left == right:
        return t(P + "ctx.neighbours_two", other=name(left))
    return t(P + "ctx.neighbours", left=name(left), right=name(right))


def seating_text(view: View, name: NameFn) -> str:
    """ "Seats clockwise: A → B → C → A." (the board's seating order)."""
    order = [name(str(p)) for p in view.get("seat_order") or []]
    return t(P + "ctx.seating", order=" → ".join(order + order[:1]))


def _attack_hits(view: View, move: Move, name: NameFn) -> str | None:
    """For a move that puts an Attack on top: whom it hits."""
    if move.get("action") != "Attack" or move.get("card") not in ("L", "R"):
        return None
    pair = neighbours(view, str(view.get("viewer")))
    if pair is None:
        return None
    side = "left" if move["card"] == "L" else "right"
    target = pair[0] if side == "left" else pair[1]
    return t(P + "desc.attack_hits", target=name(target), side=t(P + "side." + side))


def _activity(view: View, actor: str, name: NameFn) -> str | None:
    step = str(view.get("step"))
    if P + "doing." + step not in CATALOG:
        return None
    cur = view.get("current") or {}
    return t(
        P + "doing." + step,
        attacker=name(str(cur.get("attacker"))),
        target=name(str(cur.get("target"))),
    )


def _breakdown(view: View, player: str) -> str | None:
    row = next((r for r in view.get("results") or [] if r.get("player") == player), None)
    if row is None:
        return None
    kinds = [_res(str(k), 2) for k in row.get("majorities") or []]
    most = t(P + "final.most", kinds=", ".join(kinds)) if kinds else ""
    return t(
        P + "final.breakdown",
        resources=row.get("resources", 0),
        bonus=row.get("bonus", 0),
        most=most,
    )


# ---------------------------------------------------------------- move labels (§12)

Label = Callable[[View, Move, NameFn], str]


def _defender(view: View) -> str:
    return str(view.get("viewer") or (view.get("current") or {}).get("defender") or "")


def _label_block(view: View, move: Move, name: NameFn) -> str:
    if move.get("pay") is None:
        me = _defender(view)
        kestrel = _seat(view, me).get("empire") == "Kestrel Dominion" and view.get(
            "options", {}
        ).get("house_powers")
        return t(
            P + "move.block.self",
            attacker=name(str(move.get("attacker"))),
            reward=2 if kestrel else 1,
        )
    return t(
        P + "move.block.partner",
        attacker=name(str(move.get("attacker"))),
        target=name(str(move.get("target"))),
        pay=_res(str(move.get("pay")), 1),
    )


def _holding(view: View) -> bool:
    """The current block choice is about an attack on the defender (keep it or not)."""
    cur = view.get("current") or {}
    return bool(cur.get("target") == cur.get("defender"))


def _label_no_block(view: View, move: Move, name: NameFn) -> str:
    return t(P + ("move.hold" if _holding(view) else "move.pass_partner"))


def _label_place(view: View, move: Move, name: NameFn) -> str:
    pay = move.get("pay")
    if pay is None:
        return t(P + "move.place.free", card=move.get("card"))
    return t(P + "move.place.pay", card=move.get("card"), pay=_res(str(pay), 1))


def _label_steal(view: View, move: Move, name: NameFn) -> str:
    return t(
        P + "move.steal",
        what=_mix(int(move.get("soldier", 0)), int(move.get("good", 0))),
        target=name(str(move.get("target"))),
    )


def _label_salvage(view: View, move: Move, name: NameFn) -> str:
    return t(P + "move.salvage", what=" + ".join(_count(r, 1) for r in move.get("take", [])))


def _label_joint_export(view: View, move: Move, name: NameFn) -> str:
    goods = _ready(view, str(view.get("viewer"))).get("good", 0)
    return t(P + "move.joint_export", goods=goods)


LABELS: dict[str, Label] = {
    "lay": lambda v, m, n: t(P + "move.lay", card=m.get("card")),
    "orient": lambda v, m, n: t(
        P + "move.orient", card=m.get("card"), action=_action(m.get("action"))
    ),
    "place": _label_place,
    "gear": lambda v, m, n: tn(
        P + "move.gear",
        int(m.get("turns") or 0),
        card=m.get("card"),
        action=_action(m.get("action")),
        gear=m.get("gear"),
        turns=m.get("turns"),
    ),
    "block": _label_block,
    "no_block": _label_no_block,
    "steal": _label_steal,
    "joint_export": _label_joint_export,
    "no_joint_export": lambda v, m, n: t(P + "move.no_joint_export"),
    "salvage": _label_salvage,
}


# ---------------------------------------------------------------- descriptions

Describe = Callable[[View, Move, NameFn], "str | None"]


def _second(view: View, card: str, alternate: bool) -> tuple[str, int, int] | None:
    """(action on top, gear, quarter turns) of the second gear under ``card``."""
    you = view.get("you") or {}
    pending, rotations = you.get("pending") or {}, you.get("rotations") or {}
    first = next(
        (k for c in D.CARDS if c != card for k in [pending.get(f"turn_{c}")] if k is not None), None
    )
    if first is None or card not in rotations:
        return None
    gear = 2 if first in D.GEAR_TURNS[1] else 1
    k = D.GEAR_TURNS[gear][1 if alternate else 0]
    return str(rotations[card][k]), gear, k


def second_result(view: View, card: str, alternate: bool) -> str | None:
    """What the second gear does under ``card`` (the viewer knows their first gear)."""
    found = _second(view, card, alternate)
    if found is None:
        return None
    action, gear, k = found
    return tn(P + "desc.second_gear", k, action=_action(action), gear=gear, turns=k)


def _desc_place(view: View, move: Move, name: NameFn) -> str | None:
    alternate = move.get("pay") is not None
    placing = view.get("placing") or {}
    if placing.get("slot") == 2:
        result = second_result(view, str(move.get("card")), alternate)
        found = _second(view, str(move.get("card")), alternate)
        pair = neighbours(view, str(view.get("viewer")))
        if result and found and found[0] == "Attack" and pair:  # whom it hits (issue 11)
            target = pair[0] if move.get("card") == "L" else pair[1]
            return t(P + "desc.second", result=result) + t(P + "desc.hits", target=name(target))
        if result:
            return t(P + "desc.second", result=result)
    return t(P + ("desc.place.pay" if alternate else "desc.place.free"))


def _desc_block(view: View, move: Move, name: NameFn) -> str | None:
    if move.get("pay") is None:
        return t(P + "desc.block.self")
    return t(P + "desc.block.partner", pay=_res(str(move.get("pay")), 1))


def _desc_steal(view: View, move: Move, name: NameFn) -> str | None:
    ready = _ready(view, str(move.get("target")))
    return t(P + "desc.steal", target=name(str(move.get("target"))), ready=_ready_text(ready))


DESCRIPTIONS: dict[str, Describe] = {
    "lay": lambda v, m, n: t(P + "desc.lay"),
    "orient": lambda v, m, n: _attack_hits(v, m, n) or t(P + "desc.orient"),
    "place": _desc_place,
    "gear": lambda v, m, n: _attack_hits(v, m, n) or t(P + "desc.gear"),
    "block": _desc_block,
    "no_block": lambda v, m, n: t(P + ("desc.hold" if _holding(v) else "desc.no_block")),
    "steal": _desc_steal,
    "joint_export": lambda v, m, n: t(P + "desc.joint_export"),
    "salvage": lambda v, m, n: t(P + "desc.salvage"),
}


# ---------------------------------------------------------------- prompts, one per step

Prompt = Callable[[View, str, NameFn], str]


def _prompt_orient(view: View, player: str, name: NameFn) -> str:
    placing = view.get("placing") or {}
    if placing.get("part") == "lay":
        return t(
            P + "prompt.lay",
            rounds=view.get("rounds"),
            **{c: ", ".join(_action(a) for a in D.ENGINE_ORDER[c]) for c in D.CARDS},
        )
    return t(P + "prompt.orient", rounds=view.get("rounds"), card=placing.get("card"))


def _prompt_plan(view: View, player: str, name: NameFn) -> str:
    placing, me = view.get("placing") or {}, _seat(view, player)
    ready = _ready(view, player)
    common = {"round": view.get("round"), "rounds": view.get("rounds"), "ready": _ready_text(ready)}
    if placing.get("part") == "gear":
        return t(P + "prompt.gear", **common)
    if placing.get("slot") == 2:
        return t(P + "prompt.place2", card=placing.get("card"), **common)
    return t(P + "prompt.place", L=_action(me.get("top_L")), R=_action(me.get("top_R")), **common)


def _prompt_block(view: View, player: str, name: NameFn) -> str:
    cur = view.get("current") or {}
    return t(
        P + "prompt.block",
        player=name(player),
        attacker=name(str(cur.get("attacker"))),
        target=name(str(cur.get("target"))),
    )


def _prompt_steal(view: View, player: str, name: NameFn) -> str:
    cur = view.get("current") or {}
    target = str(cur.get("target"))
    tr = _ready(view, target)
    key = "prompt.steal_extra" if cur.get("joint_extra") else "prompt.steal"
    return t(
        P + key,
        player=name(player),
        target=name(target),
        q=int(view.get("theft_quantity", 1)),
        ready=_ready_text(tr),
    )


PROMPTS: dict[str, Prompt] = {
    "orient": _prompt_orient,
    "plan": _prompt_plan,
    "block": _prompt_block,
    "steal": _prompt_steal,
    "joint_export": lambda v, p, n: t(P + "prompt.joint_export", player=n(p)),
    "salvage": lambda v, p, n: t(P + "prompt.salvage", player=n(p)),
}


# ---------------------------------------------------------------- log lines, one per event

Line = Callable[[dict[str, Any], NameFn], "str | None"]


def _nm(event: dict[str, Any], key: str, name: NameFn) -> str:
    return name(str(event.get(key)))


def _ev_placed(e: dict[str, Any], name: NameFn) -> str:
    if e.get("pay") is None:
        return t(P + "ev.placed.free", player=_nm(e, "player", name), card=e.get("card"))
    return t(
        P + "ev.placed.pay",
        player=_nm(e, "player", name),
        card=e.get("card"),
        pay=_res(str(e.get("pay")), 1),
    )


def _reveal_part(pid: str, pick: dict[str, Any], name: NameFn) -> str:
    ps, pg = int(pick.get("pay_soldier", 0)), int(pick.get("pay_good", 0))
    if ps + pg:
        return t(
            P + "ev.reveal_pay",
            player=name(pid),
            L=_action(pick.get("L")),
            R=_action(pick.get("R")),
            pay=_pay_text(ps, pg),
        )
    return t(
        P + "ev.reveal_pick", player=name(pid), L=_action(pick.get("L")), R=_action(pick.get("R"))
    )


def _ev_revealed(e: dict[str, Any], name: NameFn) -> str:
    parts = [_reveal_part(pid, pick, name) for pid, pick in (e.get("picks") or {}).items()]
    return t(P + "ev.revealed", round=e.get("round"), picks="; ".join(parts))


def _ev_gained(e: dict[str, Any], name: NameFn) -> str:
    if e.get("action") == "JointInvent":
        return t(P + "ev.gained_joint", player=_nm(e, "player", name))
    n = int(e.get("amount", 0))
    pile = f"{P}pile.{e.get('pile')}"
    return t(
        P + "ev.gained",
        player=_nm(e, "player", name),
        action=_action(e.get("action")),
        amount=n,
        resource=_res(str(e.get("resource")), n),
        pile=t(pile) if pile in WORDS else e.get("pile"),
    )


def _ev_blocked(e: dict[str, Any], name: NameFn) -> str:
    key = "ev.blocked" if e.get("pay") is None else "ev.blocked_paid"
    return t(
        P + key,
        defender=_nm(e, "defender", name),
        attacker=_nm(e, "attacker", name),
        target=_nm(e, "target", name),
        reward=e.get("reward_soldiers"),
        pay=_res(str(e.get("pay")), 1),
    )


def _ev_theft(e: dict[str, Any], name: NameFn) -> str:
    what = _mix(int(e.get("soldier", 0)), int(e.get("good", 0)), int(e.get("supply_soldier", 0)))
    key = "ev.theft_extra" if e.get("joint_extra") else "ev.theft"
    return t(P + key, attacker=_nm(e, "attacker", name), target=_nm(e, "target", name), what=what)


def _ev_exported(e: dict[str, Any], name: NameFn) -> str:
    goods = int(e.get("goods", 0))
    bonus = t(P + "ev.export_bonus") if e.get("bonus_good") else ""
    key = "ev.exported_joint" if e.get("joint") else "ev.exported"
    return tn(P + key, goods, player=_nm(e, "player", name), goods=goods, bonus=bonus)


def _ev_salvaged(e: dict[str, Any], name: NameFn) -> str:
    if "take" in e:
        what = " + ".join(_count(r, 1) for r in e["take"])
        return t(P + "ev.salvaged_open", player=_nm(e, "player", name), what=what)
    c = int(e.get("count", 1))
    return tn(P + "ev.salvaged", c, player=_nm(e, "player", name), count=c)


def _ev_game_over(e: dict[str, Any], name: NameFn) -> str:
    ranking = "; ".join(
        f"{r['rank']}. {name(r['player'])} {r['score']}"
        for r in sorted(e.get("results", []), key=lambda r: r["rank"])
    )
    return t(P + "ev.game_over", ranking=ranking)


def _ev_defend_idle(e: dict[str, Any], name: NameFn) -> str:
    key = "ev.defend_idle_bonus" if e.get("bonus_ready_soldier") else "ev.defend_idle"
    return t(P + key, player=_nm(e, "player", name))


EVENTS: dict[str, Line] = {
    "round_started": lambda e, n: t(
        P + "ev.round_started", round=e.get("round"), player=_nm(e, "start_player", n)
    ),
    "laid": lambda e, n: t(P + "ev.laid", player=_nm(e, "player", n), card=e.get("card")),
    "placed": _ev_placed,
    "picked": lambda e, n: t(P + f"ev.picked.{e.get('step', 'plan')}", player=_nm(e, "player", n)),
    "revealed": _ev_revealed,
    "cubes_scored": lambda e, n: t(P + "ev.cubes_scored", player=_nm(e, "player", n)),
    "gained": _ev_gained,
    "attack_paid": lambda e, n: t(
        P + "ev.attack_paid",
        player=_nm(e, "player", n),
        target=_nm(e, "target", n),
        card=e.get("card"),
    ),
    "attack_failed": lambda e, n: t(
        P + f"ev.attack_failed.{e.get('reason')}", player=_nm(e, "player", n)
    ),
    "blocked": _ev_blocked,
    "defend_idle": _ev_defend_idle,
    "theft": _ev_theft,
    "cancelled": lambda e, n: t(
        P + "ev.cancelled",
        player=_nm(e, "player", n),
        actions=t(P + "and").join(_action(a) for a in e.get("actions", [])),
    ),
    "exported": _ev_exported,
    "salvaged": _ev_salvaged,
    "round_ended": lambda e, n: t(
        P + "ev.round_ended", round=e.get("round"), player=_nm(e, "next_start_player", n)
    ),
    "game_over": _ev_game_over,
}


# ---------------------------------------------------------------- status and hand


def _score_text(seat: dict[str, Any]) -> str:
    sc, score = seat.get("score"), str(seat.get("score_total", 0))
    if sc:
        score += " (" + " ".join(f"{RES_SHORT[r]}{sc[r]}" for r in D.SCORE_TYPES) + ")"
    return score


def _mark(view: View, seat: dict[str, Any]) -> str:
    p = seat["player"]
    if p not in set(view.get("participants") or []):
        return ""
    mark = t(P + "status.chosen") if (view.get("chosen") or {}).get(p) else t(P + "status.choosing")
    laid = seat.get("placed") or []
    if laid:
        cards = ", ".join(
            str(x["card"]) + (f"+{RES_SHORT[x['pay']]}" if x.get("pay") else "") for x in laid
        )
        mark = t(P + "status.laid", cards=cards) + mark
    return mark


def _seat_line(view: View, seat: dict[str, Any], name: NameFn) -> str:
    tops = f"{_action(seat.get('top_L') or '?')}/{_action(seat.get('top_R') or '?')}"
    emp = f" [{seat['empire']}]" if seat.get("empire") else ""
    return t(
        P + "status.line",
        player=name(seat["player"]),
        empire=emp,
        tops=tops,
        soldier=seat["ready"]["soldier"],
        good=seat["ready"]["good"],
        score=_score_text(seat),
        mark=_mark(view, seat),
    )


def _final_lines(view: View, name: NameFn) -> list[str]:
    lines = [t(P + "status.over", rounds=view.get("rounds"))]
    for row in sorted(view.get("results") or [], key=lambda r: r["rank"]):
        lines.append(
            t(
                P + "status.final",
                rank=row["rank"],
                player=name(row["player"]),
                score=row["score"],
                resources=row["resources"],
                bonus=row["bonus"],
            )
        )
    return lines


def _pending_text(pending: dict[str, Any]) -> str:
    if "take" in pending:
        return t(P + "pending.salvage", take=" + ".join(_res(k, 1) for k in pending["take"]))
    pick = f"L {_action(pending.get('L') or '?')}, R {_action(pending.get('R') or '?')}"
    ps, pg = int(pending.get("pay_soldier", 0)), int(pending.get("pay_good", 0))
    return t(P + "pending.cubes", pick=pick, cubes=_pay_text(ps, pg)) if ps + pg else pick


def _hand_lines(view: View, you: dict[str, Any], name: NameFn) -> list[str]:
    sc = you.get("score") or {}
    lines = [t(P + "hand.score", pile=_pile(sc), total=sum(sc.values()))]
    if you.get("pending"):
        lines.append(t(P + "hand.pending", pick=_pending_text(you["pending"])))
    if you.get("partner") and you.get("partner_score"):
        lines.append(
            t(
                P + "hand.partner",
                player=name(str(you["partner"])),
                pile=_pile(you["partner_score"]),
            )
        )
    empire = _seat(view, str(you.get("player"))).get("empire")
    if empire:
        e = D.EMPIRE_BY_NAME[empire]
        lines.append(t(P + "hand.empire", empire=empire, power=e["power"], text=e["text"]))
    return lines


@dataclass
class EmpireEnginePresenter(Presenter):
    """Presenter for ``empire_engine``."""

    catalog: dict[str, str] = field(
        default_factory=lambda: {k: v for k, v in CATALOG.items() if isinstance(v, str)}
    )
    option_specs: tuple[OptionSpec, ...] = field(default_factory=option_specs)
    private_prompts: bool = True
    #: the first placement is one choice: the card (or gear) laid and its secret part
    chained_moves: frozenset[str] = frozenset({"lay", "place"})

    def move_label(
        self, view: View, move: Move, name: NameFn, preview: Preview | None = None
    ) -> str:
        fn = LABELS.get(str(move.get("type")))
        label = fn(view, move, name) if fn else super().move_label(view, move, name)
        return label[:80]

    def move_description(
        self, view: View, move: Move, name: NameFn, preview: Preview | None = None
    ) -> str | None:
        fn = DESCRIPTIONS.get(str(move.get("type")))
        text = fn(view, move, name) if fn else None
        return text[:100] if text else None

    def chain_label(
        self,
        view: View,
        move: Move,
        after: View,
        then: Move,
        name: NameFn,
        preview: Preview | None = None,
    ) -> str:
        """One choice for the first placement: the card laid with its action (round 1), the
        gear placed (with its cube) with which gear it is (later rounds)."""
        if move.get("type") == "place" and then.get("type") == "gear":
            pay = move.get("pay")
            key = P + ("move.place_gear.pay" if pay is not None else "move.place_gear.free")
            return tn(
                key,
                int(then.get("turns") or 0),
                action=_action(then.get("action")),
                card=then.get("card"),
                gear=then.get("gear"),
                turns=then.get("turns"),
                pay=_res(str(pay), 1) if pay is not None else "",
            )[:80]
        if move.get("type") == "lay" and then.get("type") == "orient":
            return t(
                P + "move.lay_orient", action=_action(then.get("action")), card=then.get("card")
            )[:80]
        return super().chain_label(view, move, after, then, name)[:80]

    def chain_description(
        self,
        view: View,
        move: Move,
        after: View,
        then: Move,
        name: NameFn,
        preview: Preview | None = None,
    ) -> str | None:
        hits = _attack_hits(after, then, name)
        if hits:
            return hits[:100]
        card = then.get("card")
        if move.get("type") == "place":
            key = "desc.place_gear.pay" if move.get("pay") is not None else "desc.place_gear.free"
            return t(P + key, card=card)[:100]
        if move.get("type") == "lay":
            return t(P + "desc.lay_orient", card=card)[:100]
        return super().chain_description(view, move, after, then, name)

    def prompt_text(self, view: View, player: str, name: NameFn) -> str:
        fn = PROMPTS.get(str(view.get("step")))
        return fn(view, player, name) if fn else t(P + "prompt.over")

    def prompt_context(self, view: View, player: str, name: NameFn) -> str | None:
        if str(view.get("step")) not in ("orient", "plan"):
            return None  # block and steal prompts name attacker and target already
        return neighbours_text(view, player, name)

    def activity(self, view: View, actor: str, name: NameFn) -> str | None:
        return _activity(view, actor, name)

    def final_breakdown(self, view: View, player: str, name: NameFn) -> str | None:
        return _breakdown(view, player)

    def event_text(self, event: dict[str, Any], name: NameFn) -> str | None:
        fn = EVENTS.get(str(event.get("type")))
        return fn(event, name) if fn else super().event_text(event, name)

    def status_text(self, view: View, name: NameFn) -> str:
        step = str(view.get("step"))
        if step == "over":
            return "\n".join(_final_lines(view, name))
        actors = view.get("actors") or []
        who = name(str(actors[0])) if actors else ""
        lines = [
            t(
                P + "status.head",
                round=view.get("round"),
                rounds=view.get("rounds"),
                start=name(str(view.get("start_player"))),
                step=t(P + f"step.{step}", player=who),
            )
        ]
        lines.append(seating_text(view, name))
        teams = view.get("teams")
        if teams:
            lines.append(
                t(
                    P + "status.team",
                    a=" + ".join(name(p) for p in teams[0]),
                    b=" + ".join(name(p) for p in teams[1]),
                )
            )
        lines.extend(_seat_line(view, seat, name) for seat in view.get("seats", []))
        return "\n".join(lines)

    def hand_text(self, view: View, name: NameFn) -> str | None:
        you = view.get("you")
        return "\n".join(_hand_lines(view, you, name)) if you else None

    def rules_text(self) -> str:
        return t("empire_engine.rules")


PRESENTER = EmpireEnginePresenter(
    game_id="empire_engine",
    title="Empire Engine",
    secondary_moves=frozenset({"no_block"}),
    pick_events=frozenset({"picked"}),
)
