"""Issue 24 for Empire Engine: the "Why?" answer at every decision of seeded whole games, in
English and in Czech, carries the engine's numbers (its ``preview``, rules §17, and what the
move does when applied to a copy); the references, the rules topics and the tie note with the
rulebook's numbers."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.text.i18n import plural_category, t, using
from bot.text.presenters import empire_engine_why as W
from bot.text.presenters.empire_engine import PRESENTER
from games.empire_engine import GAME
from games.empire_engine import data as D
from games.empire_engine.vocab import TERMS, resource
from games.terms import Count
from tests.empire_engine.helpers import SC, R, build

LANGS = ("en", "cs")


def name(p: str) -> str:
    return f"<{p}>"


def n_of(n: int, kind: str, lang: str) -> str:
    """ "2 soldiers" / "2 vojáci" as the texts write a count."""
    return Count(n, resource(kind)).form(lang, "", plural_category(n, lang))


def pile(amounts: dict[str, int], lang: str) -> str:
    return ", ".join(n_of(int(amounts.get(k, 0)), k, lang) for k in D.READY_TYPES)


def action_numbers(facts: dict[str, Any], lang: str) -> list[str]:
    """The phrases an action's facts must show: whom it hits and the piles, the gains."""
    out = []
    if "gain" in facts:
        ((kind, amount),) = facts["gain"].items()
        out.append("+" + n_of(amount, kind, lang))
        if "ready_after" in facts:
            out.append(pile(facts.get("gain_ready_after") or facts["ready_after"], lang))
    if "attack" in facts:
        out += [name(facts["attack"]["target"]), pile(facts["attack"]["target_ready"], lang)]
    if "defend" in facts:
        out += [name(p) for p in facts["defend"]["attackers"]]
        out.append(f"+{facts['defend']['reward']['soldier']}")
    if "export" in facts:
        out.append(n_of(facts["export"]["goods"], "good", lang))
    return out


def expected(state: Any, actor: str, move: dict[str, Any], facts: dict[str, Any], lang: str):
    """The numbers the answer must carry, checked against the move applied to a copy."""
    kind = move["type"]
    if kind == "lay":
        return [p for a in facts["actions"] for p in action_numbers(a, lang)]
    if kind == "orient":
        return action_numbers(facts, lang)
    if kind == "place":
        out = [pile(facts["ready_after"], lang)]
        gears = facts["gears"] if facts["slot"] == 1 else [facts]
        for g in gears:
            out += action_numbers(g, lang)
        after, _ = GAME.apply(state, actor, move)
        if after["step"] == "plan" and after["round"] == state["round"]:  # no reveal yet
            assert after["ready"][actor] == facts["ready_after"]
        return out
    if kind == "gear":
        return action_numbers(facts, lang) + [str(facts["turns"])]
    after, events = GAME.apply(state, actor, move)
    if kind == "block":
        gained = after["score"][actor]["soldier"] - state["score"][actor]["soldier"]
        assert gained == facts["reward"]["soldier"]
        return [f"+{gained}", name(facts["attacker"]), name(facts["target"])]
    if kind == "no_block":
        return [name(facts["attacker"]), pile(facts["theft"]["target_ready"], lang)]
    if kind == "steal":
        theft = next(e for e in events if e["type"] == "theft")
        assert (theft["soldier"], theft["good"]) == (move["soldier"], move["good"])
        left = state["ready"][move["target"]]
        assert {k: left[k] - theft[k] for k in D.READY_TYPES} == facts["target_ready_after"]
        took = [n_of(n, k, lang) for k, n in facts["take"].items() if n]
        return [*took, pile(facts["target_ready_after"], lang)]
    if kind == "joint_export":
        gained = after["score"][actor]["good"] - state["score"][actor]["good"]
        assert gained == facts["goods"] + facts["bonus_good"]
        return [n_of(facts["goods"], "good", lang)]
    if kind == "no_joint_export":
        assert after["ready"][actor]["good"] == facts["kept"]
        return [n_of(facts["kept"], "good", lang)]
    assert kind == "salvage"
    return [n_of(n, k, lang) for k, n in facts["take"].items()]


#: (seats, options, seed, the steps the seeded game reaches besides orient, plan, salvage)
GAMES = [
    (["a", "b"], {}, 1, {"steal"}),
    (["a", "b", "c"], {}, 2, set()),
    (["a", "b", "c", "d"], {"teams": True, "team_joint_export": True}, 6, {"joint_export"}),
    (
        ["a", "b", "c", "d"],
        {
            "teams": True,
            "team_shared_defence": True,
            "team_joint_attack": True,
            "house_powers": True,
        },
        3,
        {"block", "steal"},
    ),
    (["a", "b", "c", "d", "e"], {"house_powers": True}, 5, set()),
]


@pytest.mark.parametrize(("players", "options", "seed", "more"), GAMES)
def test_why_carries_the_engines_numbers_at_every_decision(
    players: list[str], options: dict[str, Any], seed: int, more: set[str]
) -> None:
    s = GAME.setup(players, dict(options), seed)
    rng = random.Random(seed)
    steps: set[str] = set()
    while not GAME.is_over(s):
        for actor in GAME.actors(s):
            moves = GAME.legal_moves(s, actor)
            options_ = [(m, GAME.preview(s, actor, m)) for m in moves]
            view = GAME.view(s, actor)
            steps.add(s["step"])
            for lang in LANGS:
                with using(lang):
                    lines = PRESENTER.why(view, actor, options_, name)
                assert len(lines) == len(moves), (s["step"], lang)
                for line, (move, facts) in zip(lines, options_, strict=True):
                    for phrase in expected(s, actor, move, dict(facts), lang):
                        assert phrase in line.text, (lang, move, phrase, line.text)
                    assert "{" not in line.text and ".." not in line.text
        actor = rng.choice(GAME.actors(s))
        s, _ = GAME.apply(s, actor, rng.choice(GAME.legal_moves(s, actor)))
    assert {"orient", "plan", "salvage", *more} <= steps


def test_why_says_whom_an_attack_hits_and_what_the_turns_mean() -> None:
    """Round 1, 3 players a-b-c: b's L Attack hits c (the left neighbour), its R Attack a."""
    s = GAME.setup(["a", "b", "c"], {}, 0)
    s["start"] = 1
    from games.empire_engine.planning import start_planning

    start_planning(s)
    s, _ = GAME.apply(s, "b", {"type": "lay", "card": "L"})
    move = {"type": "orient", "card": "L", "action": "Attack"}
    facts = GAME.preview(s, "b", move)
    with using("en"):
        (line,) = PRESENTER.why(GAME.view(s, "b"), "b", [(move, facts)], name)
    assert "it hits <c>, your left neighbour" in line.text
    assert "pay 1 soldier" in line.text and "1 soldier, 1 good" in line.text
    with using("cs"):
        (line,) = PRESENTER.why(GAME.view(s, "b"), "b", [(move, facts)], name)
    assert "cíl: <c>, tvůj levý soused" in line.text and "zaplatíš 1 vojáka" in line.text
    assert "dá 1 vojáka ze společné zásoby" in line.text


def test_tie_note_names_the_ready_pile_tie_break() -> None:
    """Rulebook Example 9a: A, B, C all on 18; ready piles 3, 1, 3: A and C share rank 1."""
    s = build(["A", "B", "C"], start="A")
    s["score"] = {"A": SC(4, 6, 2), "B": SC(4, 3, 5), "C": SC(1, 6, 5)}
    s["ready"] = {"A": R(1, 2), "B": R(1, 0), "C": R(0, 3)}
    s["step"] = "over"
    rows = GAME.outcome(s)
    assert [r["score"] for r in rows] == [18, 18, 18]
    view = {"results": rows}
    with using("en"):
        note = PRESENTER.tie_note(view, name)
    assert note == (
        "<A>, <C>, <B>: equal on 18 points; the rulebook's tie-break, the bigger ready pile, "
        "ranks them: <A>: 3 resources (1. place); <C>: 3 resources (1. place); "
        "<B>: 1 resource (3. place)."
    )
    with using("cs"):
        note = PRESENTER.tie_note(view, name)
    assert note is not None and "shodně 18 bodů" in note and "<B>: 1 zdroj (3. místo)" in note


def test_tie_note_shared_place_and_none_without_a_tie() -> None:
    """Example 9b's scores with equal ready piles: 8 and 8, both ready piles 1: shared."""
    s = build(["A", "B"], start="A")
    s["score"] = {"A": SC(3, 2, 0), "B": SC(1, 4, 0)}
    s["ready"] = {"A": R(1, 0), "B": R(0, 1)}
    rows = GAME.outcome({**s, "step": "over"})
    with using("en"):
        note = PRESENTER.tie_note({"results": rows}, name)
    assert note is not None and "equal on 8 points and on ready piles (1 resource)" in note
    assert "share the place" in note
    s["score"]["B"] = SC(1, 5, 0)
    rows = GAME.outcome({**s, "step": "over"})
    assert PRESENTER.tie_note({"results": rows}, name) is None


def test_references_carry_the_rulebooks_numbers() -> None:
    refs = PRESENTER.references()
    assert set(refs) == set(TERMS)
    facts = {k: dict(r.facts) for k, r in refs.items()}
    f = "empire_engine.ref.fact."
    assert facts["action.Arm"][f + "gain"] == Count(2, resource("soldier"))
    assert facts["action.Produce"][f + "gain"] == Count(2, resource("good"))
    assert facts["action.Invent"][f + "gain"] == Count(1, resource("invention"))
    assert facts["action.Attack"][f + "take_two"] == Count(2, TERMS["resource"])
    assert facts["action.Attack"][f + "empty"] == Count(1, resource("soldier"))
    assert facts["action.Defend"][f + "reward"] == Count(1, resource("soldier"))
    assert facts["action.Export"][f + "group"] == 3
    assert facts["pile.score"][f + "bonus"] == 3
    assert facts["round"][f + "rounds"] == "8 / 9 / 8, 12"
    assert facts["card.gear"][f + "turns"] == "1: 1 / 0; 2: 2 / 3"
    assert refs["action.Attack"].where == "§7.3-7.4"
    with using("cs"):
        assert "2 vojáky" in PRESENTER.reference_text("action.Arm")
        assert t(f + "take_two") == "Ve hře dvou hráčů vezme"


def test_offered_names_the_cards_and_actions_of_the_prompt() -> None:
    s = GAME.setup(["a", "b", "c"], {}, 0)
    p = GAME.actors(s)[0]
    keys = PRESENTER.offered(GAME.view(s, p), GAME.legal_moves(s, p))
    assert keys[:5] == ["card.L", "action.Arm", "action.Salvage", "action.Produce", "action.Attack"]
    assert "card.R" in keys and "action.Export" in keys


def test_rules_topics_follow_the_rulebook_with_its_numbers() -> None:
    topics = PRESENTER.rules_topics()
    assert topics[0] == "overview" and "plan_first" in topics and "scoring" in topics
    with using("en"):
        assert "8 rounds with 2 or 4 players, 9 with 3" in PRESENTER.rules_page("setup")[1]
        assert "gear 1 turns 0, gear 2 turns 3" in PRESENTER.rules_page("plan_gears")[1]
    with using("cs"):
        title, text = PRESENTER.rules_page("scoring")
        assert title == "Bodování" and "další 3 body" in text
        assert PRESENTER.teach_text("plan") is not None


def test_tie_note_helper_counts_teams_once() -> None:
    rows = [
        {"player": "a", "team": 0, "score": 9, "rank": 1, "ready_total": 2},
        {"player": "b", "team": 1, "score": 9, "rank": 2, "ready_total": 1},
        {"player": "c", "team": 0, "score": 9, "rank": 1, "ready_total": 2},
        {"player": "d", "team": 1, "score": 9, "rank": 2, "ready_total": 1},
    ]
    with using("en"):
        (note,) = W.tie_notes(rows, name)
    assert note.startswith("<a> + <c>, <b> + <d>: equal on 9 points")
