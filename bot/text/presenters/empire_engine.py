"""How Empire Engine is shown in Discord: options, move labels, log lines, status and rules.

Planning and Salvage are simultaneous secret picks and the prompts show the player's own
ready pile and pending choice, so ``private_prompts`` is True (DM, ephemeral fallback). Block
and steal prompts carry no secret, but the bot sends them to that player only as well. Every
text lives in ``CATALOG`` under ``empire_engine.*`` keys and goes through :func:`bot.text.i18n.t`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.text.i18n import t
from bot.text.presenters.base import NameFn, OptionSpec, Presenter
from games.empire_engine import data as D

P = "empire_engine."

CATALOG: dict[str, str] = {
    # options
    P + "opt.long_game": "Longer game: 12 rounds (2-4 players)",
    P + "opt.rounds": "Rounds for 5-8 players (default: smallest multiple of players >= 8)",
    P + "opt.open_scores": "Score piles by type are public (default: only totals are)",
    P + "opt.teams": "Team game: 4 players, partners sit opposite",
    P + "opt.team_joint_invent": "Team: both partners Invent -> +1 invention for the team",
    P + "opt.team_joint_export": "Team: a partner's Export lets the Produce partner export too",
    P + "opt.team_shared_defence": "Team: Defend may block an attack on your partner (pay 1)",
    P + "opt.team_joint_attack": "Team: both partners attack one opponent -> 1 extra theft",
    P + "opt.empire_powers": "Empire powers (HOUSE powers, not the printed texts)",
    # resources
    P + "res.soldier": "soldier",
    P + "res.soldiers": "soldiers",
    P + "res.good": "good",
    P + "res.goods": "goods",
    P + "res.invention": "invention",
    P + "res.inventions": "inventions",
    # moves
    P + "move.orient": "L: {L} · R: {R}",
    P + "move.plan.free": "{L} + {R} (gears {tl}/{tr}, free)",
    P + "move.plan.pay": "{L} + {R} (gears {tl}/{tr}, pay {pay})",
    P + "move.block.self": "Block {attacker}'s attack (+{reward} soldier to score)",
    P + "move.block.partner": "Block {attacker}'s attack on {target} (pay 1 {pay})",
    P + "move.no_block": "Do not block (Defend stays idle)",
    P + "move.steal": "Take {what} from {target}",
    P + "move.salvage": "Salvage {what}",
    P + "desc.orient": "Round 1 sets the engines; it costs nothing",
    P + "desc.plan": "L {dl}, R {dr}; cost: {cost}",
    P + "desc.turn": "turns {k}",
    P + "desc.stays": "stays",
    P + "desc.free": "free",
    P + "desc.block.self": "The blocked attacker gets nothing",
    P + "desc.block.partner": "Shared defence: 1 {pay} from your ready pile to the supply",
    P + "desc.no_block": "Your partner's attacker takes their theft",
    P + "desc.steal": "{target}'s ready pile: {soldier} soldiers, {good} goods",
    P + "desc.salvage": "Goes to your score pile (safe from thefts)",
    # prompts
    P + "prompt.orient": "Round 1/{rounds}: choose the action facing up on each engine. "
                         "L: Arm, Salvage, Produce, Attack. R: Invent, Defend, Attack, Export.",
    P + "prompt.plan": "Round {round}/{rounds}: place your gears. Now L: {L}, R: {R}. "
                       "Ready: {soldier} soldiers, {good} goods. Gear 1 turns 1 (alternate 0), "
                       "gear 2 turns 2 (alternate 3); each alternate costs 1 soldier or good.",
    P + "prompt.block": "{player}, you Defend: choose which attack to block.",
    P + "prompt.steal": "{player}, your attack on {target} succeeds: take {q}. "
                        "Their ready pile: {soldier} soldiers, {good} goods.",
    P + "prompt.steal_extra": "{player}, joint attack on {target}: take 1 more. "
                              "Their ready pile: {soldier} soldiers, {good} goods.",
    P + "prompt.salvage": "{player}, Salvage: choose what goes to your score pile.",
    P + "prompt.over": "The game is over.",
    P + "prompt.wait": "Waiting for {players}.",
    # events
    P + "ev.round_started": "Round {round} begins; start player {player}.",
    P + "ev.picked.orient": "{player} has chosen.",
    P + "ev.picked.plan": "{player} has chosen.",
    P + "ev.picked.salvage": "{player} has chosen what to salvage.",
    P + "ev.revealed": "Round {round} reveal: {picks}",
    P + "ev.reveal_pick": "{player} {L}/{R}",
    P + "ev.reveal_pay": "{player} {L}/{R} (paid {pay})",
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
    P + "ev.exported": "{player} exports {goods} good{s} to the score pile{bonus}.",
    P + "ev.exported_joint": "{player} joint-exports {goods} good{s} to the score pile{bonus}.",
    P + "ev.export_bonus": " (+1 good, Compound Interest)",
    P + "ev.salvaged": "{player} salvages {count} resource{s}.",
    P + "ev.salvaged_open": "{player} salvages {what}.",
    P + "ev.round_ended": "Round {round} ends; next start player {player}.",
    P + "ev.game_over": "Game over. {ranking}",
    P + "nothing": "nothing",
    P + "supply": "{n} soldier{s} from the supply",
    # status
    P + "status.head": "Round {round}/{rounds} · start player {start} · {step}",
    P + "status.over": "Game over after {rounds} rounds.",
    P + "status.line": "{player}{empire}: {tops} · ready {soldier}S {good}G · score {score}"
                       "{mark}",
    P + "status.final": "{rank}. {player}: {score} points ({resources} + {bonus} bonus)",
    P + "status.team": "Teams: {a} vs {b}",
    P + "status.chosen": " · chosen",
    P + "status.choosing": " · choosing…",
    P + "step.orient": "everyone orients the engines",
    P + "step.plan": "everyone places gears",
    P + "step.block": "{player} chooses a block",
    P + "step.steal": "{player} chooses what to take",
    P + "step.salvage": "salvagers choose",
    P + "step.over": "game over",
    # hand
    P + "hand.score": "Your score pile: {pile} ({total} in all).",
    P + "hand.pending": "Your pick this step: {pick}.",
    P + "hand.partner": "Partner {player}'s score pile: {pile}.",
    P + "hand.empire": "Your empire: {empire}: {power}. {text}",
    "empire_engine.rules": (
        "**Empire Engine** (2-4 players, up to 8; 8 rounds, 9 with 3 players, 12 long)\n"
        "Each player has two engine cards. **L**: Arm, Salvage, Produce, Attack. **R**: Invent, "
        "Defend, Attack, Export. Only the action on top works. Everyone starts with a ready "
        "pile of 1 soldier and 1 good; only the **score pile** scores.\n\n"
        "**Plan (secret, all at once).** Round 1: pick the top action of each engine. Later: "
        "gear 1 turns one engine 1 quarter turn (alternate 0, the action stays), gear 2 turns "
        "the other 2 (alternate 3). Each alternate costs 1 soldier or good, paid at the reveal. "
        "The picks are revealed together.\n\n"
        "**Group 1.** Arm: +2 soldiers (ready). Produce: +2 goods (ready). Invent: +1 invention "
        "(score).\n"
        "**Group 2.** Attack costs 1 soldier (both attacks: 2; with only 1 soldier both fail "
        "and it is lost). L attacks the left neighbour, R the right one. All attacks pay first. "
        "Defend blocks one attack on you (+1 soldier to score; you pick if two come). Each "
        "unblocked attack takes 1 resource of the thief's choice from the target's ready pile "
        "(2 with two players), soldiers from the supply if it is short.\n"
        "**Group 3.** If you were successfully attacked, your Export and Salvage are cancelled. "
        "Export: all goods ready -> score. Salvage (secret): +1 soldier, good or invention to "
        "score.\n"
        "The start player passes left each round; thefts and blocks go in player order.\n\n"
        "**End.** Score = resources in the score pile + 3 for the most of each type (ties all "
        "get it; none for 0). Tie-break: bigger ready pile; still tied = shared win.\n\n"
        "**Secrets.** Picks stay hidden until the reveal; score piles show only totals to "
        "others (partners see each other's).\n\n"
        "**Options.** `long_game`: 12 rounds (2-4 players). `rounds`: length for 5-8 players "
        "(default 5→10, 6→12, 7→14, 8→8). `open_scores`: score piles and salvages public. "
        "`teams`: 4 players, partners opposite, piles added for scoring. "
        "`team_joint_invent`: both Invent -> +1 invention. `team_joint_export`: a partner's "
        "Export lets the Produce partner export too. `team_shared_defence`: Defend may block an "
        "attack on the partner for 1 soldier/good. `team_joint_attack`: both partners hit one "
        "opponent -> 1 extra theft. `empire_powers` (HOUSE designs): Kestrel Dominion (block "
        "+2 soldiers; idle Defend +1 ready soldier), Nova Centralis (export 2+ goods: +1 good), "
        "Sylphian Commonwealth (Salvage 2 different types), Grail Prelacy (gear 2 alternate is "
        "free)."
    ),
}

RES_SHORT = {"soldier": "S", "good": "G", "invention": "I"}


def _s(n: int) -> str:
    return "" if n == 1 else "s"


def _res(kind: str, n: int) -> str:
    return t(P + "res." + (kind if n == 1 else kind + "s"))


def _count(kind: str, n: int) -> str:
    return f"{n} {_res(kind, n)}"


def _mix(soldier: int, good: int, supply: int = 0) -> str:
    """ "1 soldier + 1 good", "2 goods", "nothing"."""
    parts = []
    if soldier:
        parts.append(_count("soldier", soldier))
    if good:
        parts.append(_count("good", good))
    if supply:
        parts.append(t(P + "supply", n=supply, s=_s(supply)))
    return " + ".join(parts) if parts else t(P + "nothing")


def _pay_text(ps: int, pg: int) -> str:
    if ps and pg:
        return f"1 {_res('soldier', 1)} + 1 {_res('good', 1)}"
    if ps:
        return _count("soldier", ps)
    return _count("good", pg)


def _pile(pile: dict[str, int]) -> str:
    """ "2 soldiers, 1 good, 0 inventions"."""
    return ", ".join(_count(r, int(pile.get(r, 0))) for r in D.SCORE_TYPES)


def _seat(view: dict[str, Any], player: str) -> dict[str, Any]:
    for seat in view.get("seats", []):
        if seat.get("player") == player:
            return dict(seat)
    return {}


def option_specs() -> tuple[OptionSpec, ...]:
    """Every option of rules file §11.1, with the rules-file default."""
    specs = []
    for key, (default, _allowed) in D.OPTIONS.items():
        desc = t(P + "opt." + key)
        if key == "rounds":
            specs.append(OptionSpec(key, desc, "int", default, (), D.ROUNDS_RANGE[0],
                                    D.ROUNDS_RANGE[1]))
        else:
            specs.append(OptionSpec(key, desc, "bool", default))
    return tuple(specs)


def _register() -> None:
    from bot.text import i18n

    i18n.register(CATALOG)


_register()


@dataclass
class EmpireEnginePresenter(Presenter):
    """Presenter for ``empire_engine``."""

    catalog: dict[str, str] = field(default_factory=lambda: dict(CATALOG))
    option_specs: tuple[OptionSpec, ...] = field(default_factory=option_specs)
    private_prompts: bool = True

    # -- moves ---------------------------------------------------------------------------------

    def move_label(self, view: dict[str, Any], move: dict[str, Any], name: NameFn) -> str:
        kind = move.get("type")
        if kind == "orient":
            label = t(P + "move.orient", L=move.get("L"), R=move.get("R"))
        elif kind == "plan":
            ps, pg = int(move.get("pay_soldier", 0)), int(move.get("pay_good", 0))
            key = "move.plan.pay" if ps + pg else "move.plan.free"
            label = t(P + key, L=move.get("L"), R=move.get("R"), tl=move.get("turn_L"),
                      tr=move.get("turn_R"), pay=_pay_text(ps, pg) if ps + pg else "")
        elif kind == "block":
            me = str(view.get("viewer") or (view.get("current") or {}).get("defender") or "")
            if move.get("pay") is None:
                reward = 2 if _seat(view, me).get("empire") == "Kestrel Dominion" and \
                    view.get("options", {}).get("empire_powers") else 1
                label = t(P + "move.block.self", attacker=name(str(move.get("attacker"))),
                          reward=reward)
            else:
                label = t(P + "move.block.partner", attacker=name(str(move.get("attacker"))),
                          target=name(str(move.get("target"))),
                          pay=_res(str(move.get("pay")), 1))
        elif kind == "no_block":
            label = t(P + "move.no_block")
        elif kind == "steal":
            label = t(P + "move.steal", what=_mix(int(move.get("soldier", 0)),
                                                  int(move.get("good", 0))),
                      target=name(str(move.get("target"))))
        elif kind == "salvage":
            what = " + ".join(f"1 {_res(r, 1)}" for r in move.get("take", []))
            label = t(P + "move.salvage", what=what)
        else:
            label = super().move_label(view, move, name)
        return label[:80]

    def move_description(
        self, view: dict[str, Any], move: dict[str, Any], name: NameFn
    ) -> str | None:
        kind = move.get("type")
        text: str | None = None
        if kind == "orient":
            text = t(P + "desc.orient")
        elif kind == "plan":
            def turn(k: Any) -> str:
                return t(P + "desc.stays") if k == 0 else t(P + "desc.turn", k=k)
            ps, pg = int(move.get("pay_soldier", 0)), int(move.get("pay_good", 0))
            cost = _pay_text(ps, pg) if ps + pg else t(P + "desc.free")
            text = t(P + "desc.plan", dl=turn(move.get("turn_L")), dr=turn(move.get("turn_R")),
                     cost=cost)
        elif kind == "block":
            if move.get("pay") is None:
                text = t(P + "desc.block.self")
            else:
                text = t(P + "desc.block.partner", pay=_res(str(move.get("pay")), 1))
        elif kind == "no_block":
            text = t(P + "desc.no_block")
        elif kind == "steal":
            ready = _seat(view, str(move.get("target"))).get("ready") or {}
            text = t(P + "desc.steal", target=name(str(move.get("target"))),
                     soldier=ready.get("soldier", 0), good=ready.get("good", 0))
        elif kind == "salvage":
            text = t(P + "desc.salvage")
        return text[:100] if text else None

    def prompt_text(self, view: dict[str, Any], player: str, name: NameFn) -> str:
        step = view.get("step")
        me = _seat(view, player)
        ready = me.get("ready") or {"soldier": 0, "good": 0}
        if step == "orient":
            return t(P + "prompt.orient", rounds=view.get("rounds"))
        if step == "plan":
            return t(P + "prompt.plan", round=view.get("round"), rounds=view.get("rounds"),
                     L=me.get("top_L"), R=me.get("top_R"), soldier=ready["soldier"],
                     good=ready["good"])
        if step == "block":
            return t(P + "prompt.block", player=name(player))
        if step == "steal":
            cur = view.get("current") or {}
            target = str(cur.get("target"))
            tr = _seat(view, target).get("ready") or {"soldier": 0, "good": 0}
            key = "prompt.steal_extra" if cur.get("joint_extra") else "prompt.steal"
            q = int(view.get("theft_quantity", 1))
            return t(P + key, player=name(player), target=name(target), q=q,
                     soldier=tr["soldier"], good=tr["good"])
        if step == "salvage":
            return t(P + "prompt.salvage", player=name(player))
        return t(P + "prompt.over")

    # -- events ----------------------------------------------------------------------------------

    def event_text(self, event: dict[str, Any], name: NameFn) -> str | None:
        et = event.get("type")

        def nm(key: str) -> str:
            return name(str(event.get(key)))

        if et == "round_started":
            return t(P + "ev.round_started", round=event.get("round"),
                     player=name(str(event.get("start_player"))))
        if et == "picked":
            return t(P + f"ev.picked.{event.get('step', 'plan')}", player=nm("player"))
        if et == "revealed":
            parts = []
            for pid, pick in (event.get("picks") or {}).items():
                pay = int(pick.get("pay_soldier", 0)) + int(pick.get("pay_good", 0))
                if pay:
                    parts.append(t(P + "ev.reveal_pay", player=name(pid), L=pick.get("L"),
                                   R=pick.get("R"), pay=_pay_text(int(pick["pay_soldier"]),
                                                                  int(pick["pay_good"]))))
                else:
                    parts.append(t(P + "ev.reveal_pick", player=name(pid), L=pick.get("L"),
                                   R=pick.get("R")))
            return t(P + "ev.revealed", round=event.get("round"), picks="; ".join(parts))
        if et == "gained":
            if event.get("action") == "JointInvent":
                return t(P + "ev.gained_joint", player=nm("player"))
            n = int(event.get("amount", 0))
            return t(P + "ev.gained", player=nm("player"), action=event.get("action"),
                     amount=n, resource=_res(str(event.get("resource")), n),
                     pile=event.get("pile"))
        if et == "attack_paid":
            return t(P + "ev.attack_paid", player=nm("player"), target=nm("target"),
                     card=event.get("card"))
        if et == "attack_failed":
            return t(P + f"ev.attack_failed.{event.get('reason')}", player=nm("player"))
        if et == "blocked":
            key = "ev.blocked" if event.get("pay") is None else "ev.blocked_paid"
            return t(P + key, defender=nm("defender"), attacker=nm("attacker"),
                     target=nm("target"), reward=event.get("reward_soldiers"),
                     pay=_res(str(event.get("pay")), 1))
        if et == "defend_idle":
            key = "ev.defend_idle_bonus" if event.get("bonus_ready_soldier") else \
                "ev.defend_idle"
            return t(P + key, player=nm("player"))
        if et == "theft":
            what = _mix(int(event.get("soldier", 0)), int(event.get("good", 0)),
                        int(event.get("supply_soldier", 0)))
            key = "ev.theft_extra" if event.get("joint_extra") else "ev.theft"
            return t(P + key, attacker=nm("attacker"), target=nm("target"), what=what)
        if et == "cancelled":
            return t(P + "ev.cancelled", player=nm("player"),
                     actions=" and ".join(event.get("actions", [])))
        if et == "exported":
            goods = int(event.get("goods", 0))
            bonus = t(P + "ev.export_bonus") if event.get("bonus_good") else ""
            key = "ev.exported_joint" if event.get("joint") else "ev.exported"
            return t(P + key, player=nm("player"), goods=goods, s=_s(goods), bonus=bonus)
        if et == "salvaged":
            if "take" in event:
                what = " + ".join(f"1 {_res(r, 1)}" for r in event["take"])
                return t(P + "ev.salvaged_open", player=nm("player"), what=what)
            c = int(event.get("count", 1))
            return t(P + "ev.salvaged", player=nm("player"), count=c, s=_s(c))
        if et == "round_ended":
            return t(P + "ev.round_ended", round=event.get("round"),
                     player=name(str(event.get("next_start_player"))))
        if et == "game_over":
            ranking = "; ".join(f"{r['rank']}. {name(r['player'])} {r['score']}"
                                for r in sorted(event.get("results", []),
                                                key=lambda r: r["rank"]))
            return t(P + "ev.game_over", ranking=ranking)
        return super().event_text(event, name)

    # -- status ----------------------------------------------------------------------------------

    def status_text(self, view: dict[str, Any], name: NameFn) -> str:
        lines: list[str] = []
        step = str(view.get("step"))
        if step == "over":
            lines.append(t(P + "status.over", rounds=view.get("rounds")))
            for row in sorted(view.get("results") or [], key=lambda r: r["rank"]):
                lines.append(t(P + "status.final", rank=row["rank"], player=name(row["player"]),
                               score=row["score"], resources=row["resources"],
                               bonus=row["bonus"]))
            return "\n".join(lines)
        actors = view.get("actors") or []
        who = name(str(actors[0])) if actors else ""
        lines.append(t(P + "status.head", round=view.get("round"), rounds=view.get("rounds"),
                       start=name(str(view.get("start_player"))),
                       step=t(P + f"step.{step}", player=who)))
        teams = view.get("teams")
        if teams:
            lines.append(t(P + "status.team", a=" + ".join(name(p) for p in teams[0]),
                           b=" + ".join(name(p) for p in teams[1])))
        chosen = view.get("chosen") or {}
        participants = set(view.get("participants") or [])
        for seat in view.get("seats", []):
            p = seat["player"]
            tops = f"{seat.get('top_L') or '?'}/{seat.get('top_R') or '?'}"
            sc = seat.get("score")
            score = str(seat.get("score_total", 0))
            if sc:
                score += " (" + " ".join(f"{RES_SHORT[r]}{sc[r]}" for r in D.SCORE_TYPES) + ")"
            mark = ""
            if p in participants:
                mark = t(P + "status.chosen") if chosen.get(p) else t(P + "status.choosing")
            emp = f" [{seat['empire']}]" if seat.get("empire") else ""
            lines.append(t(P + "status.line", player=name(p), empire=emp, tops=tops,
                           soldier=seat["ready"]["soldier"], good=seat["ready"]["good"],
                           score=score, mark=mark))
        return "\n".join(lines)

    def hand_text(self, view: dict[str, Any], name: NameFn) -> str | None:
        you = view.get("you")
        if not you:
            return None
        sc = you.get("score") or {}
        lines = [t(P + "hand.score", pile=_pile(sc), total=sum(sc.values()))]
        pending = you.get("pending")
        if pending:
            if "take" in pending:
                pick = "Salvage " + " + ".join(pending["take"])
            else:
                pick = f"L {pending.get('L')}, R {pending.get('R')}"
                pay = int(pending.get("pay_soldier", 0)) + int(pending.get("pay_good", 0))
                if pay:
                    pick += " (pay " + _pay_text(int(pending["pay_soldier"]),
                                                 int(pending["pay_good"])) + ")"
            lines.append(t(P + "hand.pending", pick=pick))
        if you.get("partner") and you.get("partner_score"):
            ps = you["partner_score"]
            lines.append(t(P + "hand.partner", player=name(str(you["partner"])), pile=_pile(ps)))
        empire = _seat(view, str(you.get("player"))).get("empire")
        if empire:
            e = D.EMPIRE_BY_NAME[empire]
            lines.append(t(P + "hand.empire", empire=empire, power=e["power"], text=e["text"]))
        return "\n".join(lines)

    def rules_text(self) -> str:
        return t("empire_engine.rules")


PRESENTER = EmpireEnginePresenter(game_id="empire_engine", title="Empire Engine")
