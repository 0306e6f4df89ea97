"""How Empire Engine is shown in Discord: options, move labels, log lines, status and rules.

Planning lays cards face down one at a time (docs/rules/empire_engine.md §6): the placer's
prompt shows their own ready pile and what they have set so far, and Salvage is a secret pick,
so ``private_prompts`` is True (DM, ephemeral fallback). Every text lives in ``CATALOG`` under
``empire_engine.*`` keys and goes through :func:`bot.text.i18n.t`; labels, descriptions,
prompts and log lines are tables of small functions, one per move, step or event kind.

Nothing here is a rule: the names of things are the game's terms
(``games.empire_engine.vocab.TERMS``, passed as text parameters), and what a move does (whom
an Attack hits, what the second gear brings up, what a block gives) comes from the engine: the
move's ``preview`` (rules §17) or the public view fields the engine fills (each seat's
``neighbours``, ``aims`` and ``block_reward``, the viewer's ``second_gear``; rules §10.2).
Every view is read as the engine's declared ``views.EmpireView`` (:func:`as_view`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, cast

from bot.text.i18n import current, plural_category, t, tn
from bot.text.presenters import empire_engine_teach as teach
from bot.text.presenters import empire_engine_why as why
from bot.text.presenters.base import NameFn, OptionSpec, Presenter, Preview, Reference, WhyLine
from games.empire_engine import data as D
from games.empire_engine.views import Aim, EmpireView, Pile, PlacingView, SeatView
from games.empire_engine.vocab import TERMS, action, resource
from games.terms import Count, Term

P = "empire_engine."
View = EmpireView
Move = dict[str, Any]
Facts = Mapping[str, Any]

CATALOG: dict[str, str | tuple[str, ...]] = {
    # options (the names and defaults come from the engine's options)
    P + "opt.long_game": "Longer game: 12 rounds (2-4 players)",
    P + "opt.rounds": "Rounds for 5-8 players (default: smallest multiple of players >= 8)",
    P + "opt.open_scores": "House rule: open score piles by type (the rulebook hides them)",
    P + "opt.teams": "Team game: 4 players, partners sit opposite",
    P + "opt.team_joint_invent": "Team: both partners Invent -> +1 invention for the team",
    P + "opt.team_joint_export": "Team: a partner's Export lets the Produce partner export too",
    P + "opt.team_shared_defence": "Team: Defend may block an attack on your partner (pay 1)",
    P + "opt.team_joint_attack": "Team: both partners attack one opponent -> 1 extra theft",
    P + "opt.house_powers": "House powers: invented empire powers (not the printed game)",
    P + "opt.joint_export_needs_goods": "House rule: a joint export needs the partner to "
    "export 1+ good",
    P + "opt.zero_majority_bonus": "House rule: all tied at 0 of a type get the 3-point bonus",
    # option problems (games.empire_engine.setup.options_problem, codes and params)
    P + "option_problem.rounds_range": "Rounds: leave it empty or give a whole number from {min} "
    "to {max}.",
    P + "option_problem.long_game_players": "The longer game is only for 2-{max} players.",
    P + "option_problem.rounds_players": "The number of rounds can be set only with {min} or more "
    "players.",
    P + "option_problem.team_options_need_teams": "The team option {option} needs the team game "
    "(teams).",
    P + "option_problem.teams_players": "The team game needs exactly {players} players.",
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
    P + "move.block.self": (
        "Block {attacker}'s attack (+{reward} soldier to score)",
        "Block {attacker}'s attack (+{reward} soldiers to score)",
    ),
    P + "move.block.partner": "Block {attacker}'s attack on {target} (pay 1 {pay})",
    P + "move.no_block": "Do not block (Defend stays idle)",
    P + "move.hold": "Let it through: keep the Defend for a later attack",
    P + "move.pass_partner": "Do not block it (keep your Defend)",
    P + "move.steal": "Take {what} from {target}",
    P + "move.joint_export": "Export jointly: all {goods} goods to your score pile",
    P + "move.no_joint_export": "Keep the goods in your ready pile",
    P + "move.salvage": "Salvage {what}",
    P + "desc.lay": "Everyone sees which card you lay; its action stays hidden",
    P + "desc.orient": "Face down until the reveal; nothing to pay in round 1",
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
    "first). L (your left engine card): {L}. R (your right one): {R}.",
    P + "prompt.orient": "Round 1/{rounds}: choose the action on top of your {card}; it "
    "stays face down until everyone has laid both cards.",
    P + "prompt.place": "Round {round}/{rounds}: lay a gear face down. Now on top: L (left "
    "engine card) {L}, R (right) {R}. Ready pile: {ready}. Gear 1 turns its card 1 quarter "
    "turn, gear 2 turns it 2; a cube on the gear (seen by all) makes the alternate: gear 1 "
    "turns 0, gear 2 turns 3.",
    P + "prompt.place2": "Round {round}/{rounds}: your second gear goes under your {card}. "
    "Ready pile: {ready}. A cube makes it the alternate.",
    P + "prompt.gear": "Round {round}/{rounds}: which gear is it? Nobody else sees this.",
    P + "prompt.block": "{player}, you Defend: {attacker} attacks {target}.",
    P + "prompt.steal": "{player}, your attack on {target} succeeds: take {q}. "
    "Their ready pile: {ready}.",
    P + "prompt.steal_extra": "{player}, joint attack on {target}: take 1 more. "
    "Their ready pile: {ready}.",
    P + "prompt.joint_export": "{player}, your partner exported: you may export your goods too.",
    P + "prompt.salvage": "{player}, Salvage: choose what goes to your score pile.",
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
    P + "ev.blocked": (
        "{defender} blocks {attacker}'s attack (+{reward} soldier to score).",
        "{defender} blocks {attacker}'s attack (+{reward} soldiers to score).",
    ),
    P + "ev.blocked_paid": (
        "{defender} pays 1 {pay} and blocks {attacker}'s attack on {target} (+{reward} soldier "
        "to score).",
        "{defender} pays 1 {pay} and blocks {attacker}'s attack on {target} (+{reward} soldiers "
        "to score).",
    ),
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
    P + "status.line": "{player}{empire}: {tops} · ready pile: {ready} · score pile: {score}{mark}",
    P + "status.face_down": "face down",
    P + "status.unset": "not chosen yet",
    P + "status.cube": "{card} (cube: {pay})",
    P + "status.score_kinds": "{total} ({pile})",
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
        "to your score pile). House rules: `joint_export_needs_goods`: a partner's Export of 0 "
        "goods does not count for the joint export. `zero_majority_bonus`: players all tied at "
        "0 of a type each get the 3 points."
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


def as_view(view: Mapping[str, Any]) -> EmpireView:
    """A view from the bot (``dict[str, Any]``) as the engine's declared view, once, at the
    presenter's entry: from there on mypy checks every key this module reads."""
    return cast(EmpireView, view)


# ---------------------------------------------------------------- terms as text parameters


class _Noun:
    """A term in the form its count asks for, without the number ("+2 {resource}" ->
    "soldiers", Czech "vojáci"); the catalogue's spec names the case (``{resource:acc}``)."""

    __slots__ = ("n", "term")

    def __init__(self, n: int, term: Term) -> None:
        self.n, self.term = n, term

    def __format__(self, spec: str) -> str:
        locale = current()
        return self.term.form(locale, f"{spec or 'nom'}.{plural_category(self.n, locale)}")

    def __str__(self) -> str:
        return format(self, "")


class _Join:
    """Several terms or counts as one text parameter ("1 soldier + 1 good"), each in the
    reader's language and in the form the catalogue's spec names (``{what:acc}``)."""

    __slots__ = ("items", "sep")

    def __init__(self, items: Iterable[Term | Count | _Noun | str], sep: str) -> None:
        self.items, self.sep = list(items), sep

    def __format__(self, spec: str) -> str:
        locale = current()
        words = []
        for item in self.items:
            if isinstance(item, Count):
                words.append(item.form(locale, spec, plural_category(item.n, locale)))
            elif isinstance(item, Term):
                words.append(item.form(locale, spec))
            elif isinstance(item, _Noun):
                words.append(format(item, spec))
            else:
                words.append(item)
        return self.sep.join(words)

    def __str__(self) -> str:
        return format(self, "")


def _res(kind: str, n: int) -> _Noun:
    """The resource's word for the count ``n`` ("soldiers"; Czech "vojáci" / "vojáků")."""
    return _Noun(n, resource(kind))


def _count(kind: str, n: int) -> Count:
    return Count(n, resource(kind))


def _action(name: Any) -> Term | str:
    """An engine action ("Export") as its term; "not chosen yet" while not set (no "?")."""
    if name in D.ACTION_GROUP or name == "JointInvent":
        return action(str(name))
    return t(P + "status.unset")


#: the engine's words that are phrases, not names (the names are the game's terms)
WORDS: dict[str, str | tuple[str, ...]] = {
    P + "pile.pair": "{soldiers}, {goods}",
    P + "pending.salvage": "Salvage {take}",
    P + "pending.cubes": "{pick} (cubes: {cubes})",
    P + "pending.pick": "left engine card (L): {L}, right (R): {R}",
    P + "desc.second_gear": (
        "{action} (gear {gear}, {turns} quarter turn)",
        "{action} (gear {gear}, {turns} quarter turns)",
    ),
}


def _mix(soldier: int, good: int, supply: int = 0) -> _Join:
    """ "1 soldier + 1 good", "2 goods", "1 soldier from the supply", "nothing"."""
    if supply:  # only a theft from an empty pile (rules §7.3 2d)
        return _Join([tn(P + "supply", supply)], "")
    parts = [_count(k, n) for k, n in (("soldier", soldier), ("good", good)) if n]
    return _Join(parts, " + ") if parts else _Join([t(P + "nothing")], "")


def _pay_text(ps: int, pg: int) -> _Join:
    if ps and pg:
        return _Join([_count("soldier", 1), _count("good", 1)], " + ")
    return _Join([_count("soldier", ps) if ps else _count("good", pg)], "")


def _pile(pile: Mapping[str, Any]) -> _Join:
    """ "2 soldiers, 1 good, 0 inventions"."""
    return _Join([_count(r, int(pile.get(r, 0))) for r in D.SCORE_TYPES], ", ")


def _ready_text(ready: Mapping[str, Any]) -> str:
    """ "1 soldier, 2 goods" (each count with its own plural form)."""
    return t(
        P + "pile.pair",
        soldiers=_count("soldier", int(ready.get("soldier", 0))),
        goods=_count("good", int(ready.get("good", 0))),
    )


def _seat(view: View, player: str) -> SeatView | None:
    return view["players"].get(player)


def _ready(view: View, player: str) -> Pile:
    seat = _seat(view, player)
    return seat["ready"] if seat else {"soldier": 0, "good": 0}


def _placing(view: View) -> PlacingView | dict[str, Any]:
    return view.get("placing") or {}


def _current(view: View) -> dict[str, Any]:
    return view.get("current") or {}


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


# ---------------------------------------------------------------- neighbours (§2), from the view


def neighbours_text(view: View, player: str, name: NameFn) -> str | None:
    """Whom ``player``'s attacks hit and whose attacks hit them (the engine's ``neighbours``)."""
    seat = _seat(view, player)
    if seat is None or len(view["seat_order"]) < 2:
        return None
    left, right = seat["neighbours"]["left"], seat["neighbours"]["right"]
    if left == right:
        return t(P + "ctx.neighbours_two", other=name(left))
    return t(P + "ctx.neighbours", left=name(left), right=name(right))


def seating_text(view: View, name: NameFn) -> str:
    """ "Seats clockwise: A → B → C → A." (the board's seating order)."""
    order = [name(str(p)) for p in view["seat_order"]]
    return t(P + "ctx.seating", order=" → ".join(order + order[:1]))


def _view_aim(view: View, move: Move) -> Aim | None:
    """Whom the Attack ``move`` puts on top hits: the viewer's seat's ``aims`` (the engine's)."""
    seat = _seat(view, str(view.get("viewer")))
    if move.get("action") != "Attack" or seat is None:
        return None
    return seat["aims"].get(str(move.get("card")))


def _aim(view: View, move: Move, facts: Facts | None) -> Mapping[str, Any] | None:
    """Whom the action ``move`` sets up hits: the preview's ``attack``, else the view's."""
    if facts and "action" in facts:
        return facts.get("attack")
    return _view_aim(view, move)


def _hits_text(aim: Mapping[str, Any] | None, name: NameFn) -> str | None:
    if not aim:
        return None
    return t(
        P + "desc.attack_hits", target=name(str(aim["target"])), side=t(P + "side." + aim["side"])
    )


def _activity(view: View, actor: str, name: NameFn) -> str | None:
    step = str(view["step"])
    if P + "doing." + step not in CATALOG:
        return None
    cur = _current(view)
    return t(
        P + "doing." + step,
        attacker=name(str(cur.get("attacker"))),
        target=name(str(cur.get("target"))),
    )


def _breakdown(view: View, player: str) -> str | None:
    row = next((r for r in view.get("results") or [] if r.get("player") == player), None)
    if row is None:
        return None
    kinds = _Join([_res(str(k), 2) for k in row.get("majorities") or []], ", ")
    most = t(P + "final.most", kinds=kinds) if kinds.items else ""
    return t(
        P + "final.breakdown",
        resources=row.get("resources", 0),
        bonus=row.get("bonus", 0),
        most=most,
    )


# ---------------------------------------------------------------- move labels (§12)

Label = Callable[[View, Move, NameFn, Facts], str]


def _defender(view: View) -> str:
    return str(view.get("viewer") or _current(view).get("defender") or "")


def _label_block(view: View, move: Move, name: NameFn, facts: Facts) -> str:
    if move.get("pay") is None:
        seat = _seat(view, _defender(view))
        reward = (facts.get("reward") or {}).get("soldier") if facts else None
        if reward is None:
            reward = seat["block_reward"] if seat else D.BLOCK_REWARD
        return tn(
            P + "move.block.self",
            int(reward),
            attacker=name(str(move.get("attacker"))),
            reward=reward,
        )
    return t(
        P + "move.block.partner",
        attacker=name(str(move.get("attacker"))),
        target=name(str(move.get("target"))),
        pay=resource(str(move.get("pay"))),
    )


def _holding(view: View) -> bool:
    """The current block choice is about an attack on the defender (keep it or not)."""
    cur = _current(view)
    return bool(cur.get("target") == cur.get("defender"))


def _label_no_block(view: View, move: Move, name: NameFn, facts: Facts) -> str:
    return t(P + ("move.hold" if _holding(view) else "move.pass_partner"))


def _label_place(view: View, move: Move, name: NameFn, facts: Facts) -> str:
    pay = move.get("pay")
    if pay is None:
        return t(P + "move.place.free", card=move.get("card"))
    return t(P + "move.place.pay", card=move.get("card"), pay=resource(str(pay)))


def _label_steal(view: View, move: Move, name: NameFn, facts: Facts) -> str:
    return t(
        P + "move.steal",
        what=_mix(int(move.get("soldier", 0)), int(move.get("good", 0))),
        target=name(str(move.get("target"))),
    )


def _label_salvage(view: View, move: Move, name: NameFn, facts: Facts) -> str:
    return t(P + "move.salvage", what=_Join([_count(r, 1) for r in move.get("take", [])], " + "))


def _label_joint_export(view: View, move: Move, name: NameFn, facts: Facts) -> str:
    goods = facts.get("goods") if facts else None
    if goods is None:
        goods = _ready(view, str(view.get("viewer"))).get("good", 0)
    return t(P + "move.joint_export", goods=goods)


LABELS: dict[str, Label] = {
    "lay": lambda v, m, n, f: t(P + "move.lay", card=m.get("card")),
    "orient": lambda v, m, n, f: t(
        P + "move.orient", card=m.get("card"), action=_action(m.get("action"))
    ),
    "place": _label_place,
    "gear": lambda v, m, n, f: tn(
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
    "no_joint_export": lambda v, m, n, f: t(P + "move.no_joint_export"),
    "salvage": _label_salvage,
}


# ---------------------------------------------------------------- descriptions

Describe = Callable[[View, Move, NameFn, Facts], "str | None"]


def _second(view: View, card: str, alternate: bool) -> tuple[str, int, int] | None:
    """(action on top, gear, quarter turns) of the second gear under ``card``: the engine's
    ``you.second_gear`` (the viewer knows their first gear)."""
    you = view.get("you")
    second = you.get("second_gear") if you else None
    if not second or second["card"] != card:
        return None
    result = second["alternate" if alternate else "free"]
    return str(result["action"]), int(result["gear"]), int(result["turns"])


def second_result(view: View, card: str, alternate: bool) -> str | None:
    """What the second gear does under ``card`` (``you.second_gear``), in words."""
    found = _second(view, card, alternate)
    if found is None:
        return None
    act, gear, k = found
    return tn(P + "desc.second_gear", k, action=_action(act), gear=gear, turns=k)


def _second_facts(view: View, move: Move, facts: Facts) -> tuple[str, int, int, Any] | None:
    """(action, gear, turns, whom its Attack hits) of a second-gear ``move``: the preview's,
    else the view's."""
    if facts and "gear" in facts and "action" in facts:
        return str(facts["action"]), int(facts["gear"]), int(facts["turns"]), facts.get("attack")
    found = _second(view, str(move.get("card")), move.get("pay") is not None)
    if found is None:
        return None
    aim = _view_aim(view, {"action": found[0], "card": move.get("card")})
    return (*found, aim)


def _desc_place(view: View, move: Move, name: NameFn, facts: Facts) -> str | None:
    alternate = move.get("pay") is not None
    if _placing(view).get("slot") == 2:
        found = _second_facts(view, move, facts)
        if found is not None:
            act, gear, k, aim = found
            result = tn(P + "desc.second_gear", k, action=_action(act), gear=gear, turns=k)
            text = t(P + "desc.second", result=result)
            if aim:  # whom it hits (issue 11)
                text += t(P + "desc.hits", target=name(str(aim["target"])))
            return text
    return t(P + ("desc.place.pay" if alternate else "desc.place.free"))


def _desc_block(view: View, move: Move, name: NameFn, facts: Facts) -> str | None:
    if move.get("pay") is None:
        return t(P + "desc.block.self")
    return t(P + "desc.block.partner", pay=resource(str(move.get("pay"))))


def _desc_steal(view: View, move: Move, name: NameFn, facts: Facts) -> str | None:
    ready = _ready(view, str(move.get("target")))
    return t(P + "desc.steal", target=name(str(move.get("target"))), ready=_ready_text(ready))


DESCRIPTIONS: dict[str, Describe] = {
    "lay": lambda v, m, n, f: t(P + "desc.lay"),
    "orient": lambda v, m, n, f: _hits_text(_aim(v, m, f), n) or t(P + "desc.orient"),
    "place": _desc_place,
    "gear": lambda v, m, n, f: _hits_text(_aim(v, m, f), n) or t(P + "desc.gear"),
    "block": _desc_block,
    "no_block": lambda v, m, n, f: t(P + ("desc.hold" if _holding(v) else "desc.no_block")),
    "steal": _desc_steal,
    "joint_export": lambda v, m, n, f: t(P + "desc.joint_export"),
    "salvage": lambda v, m, n, f: t(P + "desc.salvage"),
}


def _chain_aim(after: View, move: Move, then: Move, facts: Facts | None) -> Any:
    """Whom the secret follow-up ``then`` of ``move`` hits: the preview of ``move`` lists
    every follow-up (``actions`` of a lay, ``gears`` of a place); else ``after``'s aims."""
    if facts:
        for option in facts.get("actions") or []:
            if option.get("action") == then.get("action"):
                return option.get("attack")
        for option in facts.get("gears") or []:
            if option.get("gear") == then.get("gear"):
                return option.get("attack")
        return None
    return _view_aim(after, then)


# ---------------------------------------------------------------- prompts, one per step

Prompt = Callable[[View, str, NameFn], str]


def _prompt_orient(view: View, player: str, name: NameFn) -> str:
    placing = _placing(view)
    if placing.get("part") == "lay":
        return t(
            P + "prompt.lay",
            rounds=view["rounds"],
            **{c: _Join([action(a) for a in D.ENGINE_ORDER[c]], ", ") for c in D.CARDS},
        )
    card = TERMS.get(f"card.{placing.get('card')}", str(placing.get("card")))
    return t(P + "prompt.orient", rounds=view["rounds"], card=card)


def _prompt_plan(view: View, player: str, name: NameFn) -> str:
    placing, me = _placing(view), _seat(view, player)
    ready = _ready(view, player)
    common = {"round": view["round"], "rounds": view["rounds"], "ready": _ready_text(ready)}
    if placing.get("part") == "gear":
        return t(P + "prompt.gear", **common)
    if placing.get("slot") == 2:
        card = TERMS.get(f"card.{placing.get('card')}", str(placing.get("card")))
        return t(P + "prompt.place2", card=card, **common)
    tops = (me["top_L"], me["top_R"]) if me else (None, None)
    return t(P + "prompt.place", L=_action(tops[0]), R=_action(tops[1]), **common)


def _prompt_block(view: View, player: str, name: NameFn) -> str:
    cur = _current(view)
    return t(
        P + "prompt.block",
        player=name(player),
        attacker=name(str(cur.get("attacker"))),
        target=name(str(cur.get("target"))),
    )


def _prompt_steal(view: View, player: str, name: NameFn) -> str:
    cur = _current(view)
    target = str(cur.get("target"))
    key = "prompt.steal_extra" if cur.get("joint_extra") else "prompt.steal"
    return t(
        P + key,
        player=name(player),
        target=name(target),
        q=int(view["theft_quantity"]),
        ready=_ready_text(_ready(view, target)),
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
        pay=resource(str(e.get("pay"))),
    )


def _reveal_part(pid: str, pick: dict[str, Any], name: NameFn) -> str:
    ps, pg = int(pick.get("pay_soldier", 0)), int(pick.get("pay_good", 0))
    tops = {"L": _action(pick.get("L")), "R": _action(pick.get("R"))}
    if ps + pg:
        return t(P + "ev.reveal_pay", player=name(pid), pay=_pay_text(ps, pg), **tops)
    return t(P + "ev.reveal_pick", player=name(pid), **tops)


def _ev_revealed(e: dict[str, Any], name: NameFn) -> str:
    parts = [_reveal_part(pid, pick, name) for pid, pick in (e.get("picks") or {}).items()]
    return t(P + "ev.revealed", round=e.get("round"), picks="; ".join(parts))


def _ev_gained(e: dict[str, Any], name: NameFn) -> str:
    if e.get("action") == "JointInvent":
        return t(P + "ev.gained_joint", player=_nm(e, "player", name))
    n = int(e.get("amount", 0))
    return t(
        P + "ev.gained",
        player=_nm(e, "player", name),
        action=_action(e.get("action")),
        amount=n,
        resource=_res(str(e.get("resource")), n),
        pile=TERMS.get(f"pile.{e.get('pile')}", str(e.get("pile"))),
    )


def _ev_blocked(e: dict[str, Any], name: NameFn) -> str:
    key = "ev.blocked" if e.get("pay") is None else "ev.blocked_paid"
    reward = int(e.get("reward_soldiers") or 0)
    return tn(
        P + key,
        reward,
        defender=_nm(e, "defender", name),
        attacker=_nm(e, "attacker", name),
        target=_nm(e, "target", name),
        reward=reward,
        pay=resource(str(e.get("pay"))) if e.get("pay") else "",
    )


def _ev_theft(e: dict[str, Any], name: NameFn) -> str:
    what = _mix(int(e.get("soldier", 0)), int(e.get("good", 0)), int(e.get("supply_soldier", 0)))
    key = "ev.theft_extra" if e.get("joint_extra") else "ev.theft"
    return t(P + key, attacker=_nm(e, "attacker", name), target=_nm(e, "target", name), what=what)


def _ev_exported(e: dict[str, Any], name: NameFn) -> str | None:
    goods = int(e.get("goods", 0))
    if not goods and not e.get("bonus_good"):
        return None  # an Export of no goods moved nothing: nothing to log (issue 26)
    bonus = t(P + "ev.export_bonus") if e.get("bonus_good") else ""
    key = "ev.exported_joint" if e.get("joint") else "ev.exported"
    return tn(P + key, goods, player=_nm(e, "player", name), goods=goods, bonus=bonus)


def _ev_salvaged(e: dict[str, Any], name: NameFn) -> str:
    if "take" in e:
        what = _Join([_count(r, 1) for r in e["take"]], " + ")
        return t(P + "ev.salvaged_open", player=_nm(e, "player", name), what=what)
    c = int(e.get("count", 1))
    return tn(P + "ev.salvaged", c, player=_nm(e, "player", name), count=c)


def _ev_game_over(e: dict[str, Any], name: NameFn) -> str:
    ranking = "; ".join(
        f"{r['rank']}. {name(r['player'])} {r['score']}"
        for r in sorted(e.get("results", []), key=lambda r: r["rank"])
    )
    return t(P + "ev.game_over", ranking=ranking)


def _ev_defend_idle(e: dict[str, Any], name: NameFn) -> str | None:
    """Only Honour Guard's idle-Defend soldier is news; an idle Defend did nothing (issue 26)."""
    if not e.get("bonus_ready_soldier"):
        return None
    return t(P + "ev.defend_idle_bonus", player=_nm(e, "player", name))


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
        actions=_Join([_action(a) for a in e.get("actions", [])], t("word.and")),
    ),
    "exported": _ev_exported,
    "salvaged": _ev_salvaged,
    # the envelope's actors say whose turn it is now: nothing to log (rules §16)
    "turn_passed": lambda e, n: None,
    "round_ended": lambda e, n: t(
        P + "ev.round_ended", round=e.get("round"), player=_nm(e, "next_start_player", n)
    ),
    "game_over": _ev_game_over,
}


# ---------------------------------------------------------------- status and hand


def _score_text(seat: SeatView) -> str:
    """The score pile's size, and its kinds in words where the viewer may see them (§10.1)."""
    sc, total = seat["score"], _Join([Count(int(seat["score_total"]), TERMS["resource"])], "")
    if sc:
        return t(P + "status.score_kinds", total=total, pile=_pile(sc))
    return format(total)


def _mark(view: View, seat: SeatView) -> str:
    p = seat["player"]
    if p not in set(view["participants"]):
        return ""
    mark = t(P + "status.chosen") if (view["chosen"] or {}).get(p) else t(P + "status.choosing")
    laid = seat["placed"]
    if laid:
        cards = ", ".join(
            t(P + "status.cube", card=x["card"], pay=resource(str(x["pay"])))
            if x["pay"]
            else str(x["card"])
            for x in laid
        )
        mark = t(P + "status.laid", cards=cards) + mark
    return mark


def _seat_line(view: View, seat: SeatView, name: NameFn) -> str:
    hidden = t(P + "status.face_down")
    tops = _Join([_action(seat[k]) if seat[k] else hidden for k in ("top_L", "top_R")], " / ")
    emp = f" [{seat['empire']}]" if seat["empire"] else ""
    return t(
        P + "status.line",
        player=name(seat["player"]),
        empire=emp,
        tops=tops,
        ready=_ready_text(seat["ready"]),
        score=_score_text(seat),
        mark=_mark(view, seat),
    )


def _final_lines(view: View, name: NameFn) -> list[str]:
    lines = [t(P + "status.over", rounds=view["rounds"])]
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
        return t(P + "pending.salvage", take=_Join([resource(k) for k in pending["take"]], " + "))
    pick = t(
        P + "pending.pick",
        L=_action(pending.get("L")),
        R=_action(pending.get("R")),
    )
    ps, pg = int(pending.get("pay_soldier", 0)), int(pending.get("pay_good", 0))
    return t(P + "pending.cubes", pick=pick, cubes=_pay_text(ps, pg)) if ps + pg else pick


def _hand_lines(view: View, name: NameFn) -> list[str]:
    you = view.get("you")
    if you is None:
        return []
    sc = you["score"]
    lines = [t(P + "hand.score", pile=_pile(sc), total=sum(sc.values()))]
    if you["pending"]:
        lines.append(t(P + "hand.pending", pick=_pending_text(you["pending"])))
    if you["partner"] and you["partner_score"]:
        lines.append(
            t(
                P + "hand.partner",
                player=name(str(you["partner"])),
                pile=_pile(you["partner_score"]),
            )
        )
    seat = _seat(view, you["player"])
    empire = seat["empire"] if seat else None
    if empire:
        e = D.EMPIRE_BY_NAME[empire]
        power = TERMS[f"power.{e['power']}"]
        lines.append(
            t(P + "hand.empire", empire=TERMS[f"empire.{empire}"], power=power, text=e["text"])
        )
    return lines


@dataclass
class EmpireEnginePresenter(Presenter):
    """Presenter for ``empire_engine``; every view it gets is read as ``EmpireView``."""

    catalog: dict[str, str] = field(
        default_factory=lambda: {k: v for k, v in CATALOG.items() if isinstance(v, str)}
    )
    option_specs: tuple[OptionSpec, ...] = field(default_factory=option_specs)
    private_prompts: bool = True
    #: the first placement is one choice: the card (or gear) laid and its secret part
    chained_moves: frozenset[str] = frozenset({"lay", "place"})

    def move_label(
        self, view: dict[str, Any], move: Move, name: NameFn, preview: Preview | None = None
    ) -> str:
        fn = LABELS.get(str(move.get("type")))
        label = fn(as_view(view), move, name, preview or {}) if fn else None
        return (label or super().move_label(view, move, name))[:80]

    def move_description(
        self, view: dict[str, Any], move: Move, name: NameFn, preview: Preview | None = None
    ) -> str | None:
        fn = DESCRIPTIONS.get(str(move.get("type")))
        text = fn(as_view(view), move, name, preview or {}) if fn else None
        return text[:100] if text else None

    def chain_label(
        self,
        view: dict[str, Any],
        move: Move,
        after: dict[str, Any],
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
                pay=resource(str(pay)) if pay is not None else "",
            )[:80]
        if move.get("type") == "lay" and then.get("type") == "orient":
            return t(
                P + "move.lay_orient", action=_action(then.get("action")), card=then.get("card")
            )[:80]
        return super().chain_label(view, move, after, then, name)[:80]

    def chain_description(
        self,
        view: dict[str, Any],
        move: Move,
        after: dict[str, Any],
        then: Move,
        name: NameFn,
        preview: Preview | None = None,
    ) -> str | None:
        hits = _hits_text(_chain_aim(as_view(after), move, then, preview), name)
        if hits:
            return hits[:100]
        card = then.get("card") or move.get("card")  # a last gear's follow-up has none
        if move.get("type") == "place":
            key = "desc.place_gear.pay" if move.get("pay") is not None else "desc.place_gear.free"
            return t(P + key, card=card)[:100]
        if move.get("type") == "lay":
            return t(P + "desc.lay_orient", card=card)[:100]
        return super().chain_description(view, move, after, then, name)

    def prompt_text(self, view: dict[str, Any], player: str, name: NameFn) -> str:
        fn = PROMPTS.get(str(view.get("step")))
        return fn(as_view(view), player, name) if fn else t("lobby.finished")

    def prompt_context(self, view: dict[str, Any], player: str, name: NameFn) -> str | None:
        if str(view.get("step")) not in ("orient", "plan"):
            return None  # block and steal prompts name attacker and target already
        return neighbours_text(as_view(view), player, name)

    def activity(self, view: dict[str, Any], actor: str, name: NameFn) -> str | None:
        return _activity(as_view(view), actor, name)

    def final_breakdown(self, view: dict[str, Any], player: str, name: NameFn) -> str | None:
        return _breakdown(as_view(view), player)

    def event_text(self, event: dict[str, Any], name: NameFn) -> str | None:
        kind = str(event.get("type"))
        return EVENTS[kind](event, name) if kind in EVENTS else super().event_text(event, name)

    def status_text(self, view: dict[str, Any], name: NameFn) -> str:
        v = as_view(view)
        step = str(v["step"])
        if step == "over":
            return "\n".join(_final_lines(v, name))
        actors = v["actors"]
        who = name(str(actors[0])) if actors else ""
        lines = [
            t(
                P + "status.head",
                round=v["round"],
                rounds=v["rounds"],
                start=name(str(v["start_player"])),
                step=t(P + f"step.{step}", player=who),
            )
        ]
        lines.append(seating_text(v, name))
        teams = v["teams"]
        if teams:
            lines.append(
                t(
                    P + "status.team",
                    a=" + ".join(name(p) for p in teams[0]),
                    b=" + ".join(name(p) for p in teams[1]),
                )
            )
        lines.extend(_seat_line(v, seat, name) for seat in v["seats"])
        return "\n".join(lines)

    def hand_text(self, view: dict[str, Any], name: NameFn) -> str | None:
        lines = _hand_lines(as_view(view), name)
        return "\n".join(lines) if lines else None

    def rules_text(self) -> str:
        return t("empire_engine.rules")

    # -- teaching (issue 24): empire_engine_teach.py and empire_engine_why.py
    def rules_topics(self) -> tuple[str, ...]:
        return teach.TOPICS

    def references(self) -> Mapping[str, Reference]:
        return teach.references()

    def reference_text(self, key: str) -> str:
        return teach.reference_text(key)

    def offered(self, view: dict[str, Any], moves: list[Move]) -> list[str]:
        return teach.offered(view, moves)

    def why(
        self,
        view: dict[str, Any],
        player: str,
        options: list[tuple[Move, Preview]],
        name: NameFn,
    ) -> list[WhyLine]:
        """Each option's label and what it does now, from its preview (rules §17)."""
        lines = []
        for move, facts in options:
            text = why.why_text({"type": move.get("type"), **facts}, name) if facts else None
            if text:
                lines.append(WhyLine(self.move_label(view, move, name, facts), text))
        return lines

    def tie_note(self, view: dict[str, Any], name: NameFn) -> str | None:
        notes = why.tie_notes(list(as_view(view).get("results") or []), name)
        return "\n".join(notes) if notes else None


PRESENTER = EmpireEnginePresenter(
    game_id="empire_engine",
    title="Empire Engine",
    secondary_moves=frozenset({"no_block"}),
)
