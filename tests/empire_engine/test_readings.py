"""Issue 30: the team joint export after a successful attack, and the readings the rulebook
leaves open, each decided in docs/rules/empire_engine.md §18 (with its Czech sentence) and the
other reading offered as a house rule."""

from __future__ import annotations

from games.empire_engine import GAME
from tests.empire_engine.helpers import SC, R, build, execute, of_type, play

ABC = ["A", "B", "C"]
ABCD = ["A", "B", "C", "D"]
JOINT = {"teams": True, "team_joint_export": True}


def score(s: dict, p: str) -> dict[str, int]:
    return dict(s["score"][p])


def test_p16_successfully_attacked_player_is_not_offered_the_joint_export() -> None:
    """p.16 "Pokud vás jeden z vašich soupeřů úspěšně napadl, tyto akce nelze provést"; p.28
    "Hra se hraje podle běžných pravidel": C (Produce/Export) is robbed by B's L attack, so C's
    Export is cancelled, and C is not asked to export jointly when partner A exports 1 good."""
    tops = {
        "A": ("Arm", "Export"),
        "B": ("Attack", "Invent"),
        "C": ("Produce", "Export"),
        "D": ("Arm", "Invent"),
    }
    s, ev = execute(ABCD, tops, start="A", options=JOINT, ready={"B": R(1, 0)})
    # C produced 2 goods (ready 1 soldier + 3 goods): B picks a good
    assert s["step"] == "steal"
    s = play(s, "B", {"type": "steal", "target": "C", "soldier": 0, "good": 1}, ev)
    assert of_type(ev, "cancelled") == [{"type": "cancelled", "player": "C", "actions": ["Export"]}]
    assert [(e["player"], e["goods"]) for e in of_type(ev, "exported")] == [("A", 1)]
    assert s["step"] == "plan", "C must not be offered the joint export"
    assert s["ready"]["C"] == R(1, 2) and score(s, "C") == SC()
    assert score(s, "A") == SC(good=1)


def test_p16_a_robbed_producer_without_export_may_not_export_jointly_either() -> None:
    """The same sentence for a Produce/Invent partner robbed by B's L attack: no joint export."""
    tops = {
        "A": ("Arm", "Export"),
        "B": ("Attack", "Invent"),
        "C": ("Produce", "Invent"),
        "D": ("Arm", "Invent"),
    }
    s, ev = execute(ABCD, tops, start="A", options=JOINT, ready={"B": R(1, 0)})
    s = play(s, "B", {"type": "steal", "target": "C", "soldier": 0, "good": 1}, ev)
    assert s["step"] == "plan" and s["ready"]["C"] == R(1, 2)
    assert [e["player"] for e in of_type(ev, "exported")] == ["A"]


def test_p29_a_partners_export_of_zero_goods_is_a_successful_export() -> None:
    """p.29 "kdy druhý spoluhráč úspěšně exportuje": A's Export is not cancelled, with 0 goods;
    C (Produce, 1 + 2 goods) may export its 3 goods jointly."""
    tops = {
        "A": ("Arm", "Export"),
        "B": ("Arm", "Invent"),
        "C": ("Produce", "Invent"),
        "D": ("Arm", "Invent"),
    }
    ready = {"A": R(1, 0), "C": R(0, 1)}
    s, ev = execute(ABCD, tops, start="A", options=JOINT, ready=ready)
    assert s["step"] == "joint_export" and GAME.actors(s) == ["C"]
    s = play(s, "C", {"type": "joint_export"}, ev)
    assert score(s, "C") == SC(good=3, invention=1)
    # the house rule: the partner's Export must move at least 1 good
    house = {**JOINT, "joint_export_needs_goods": True}
    s, ev = execute(ABCD, tops, start="A", options=house, ready=ready)
    assert s["step"] == "plan" and s["ready"]["C"] == R(0, 3)
    s, ev = execute(ABCD, tops, start="A", options=house, ready={"A": R(1, 1), "C": R(0, 1)})
    assert s["step"] == "joint_export" and GAME.actors(s) == ["C"]


def _final(options: dict, piles: dict[str, dict[str, int]]) -> dict[str, dict]:
    s = build(ABC, start="A", options=options)
    s["score"] = piles
    s["ready"] = {"A": R(0, 0), "B": R(1, 0), "C": R(0, 0)}
    return {r["player"]: r for r in GAME.outcome({**s, "step": "over"})}


def test_p24_nobody_gets_the_3_point_bonus_for_a_type_all_have_0_of() -> None:
    """p.24 "hráč s nejvyšším počtem zdrojů od každého typu získá další 3 body": no inventions
    anywhere, so no invention bonus; A 4 soldiers +3, B 3 goods +3, C 1 soldier 1 good."""
    piles = {"A": SC(4, 0, 0), "B": SC(0, 3, 0), "C": SC(1, 1, 0)}
    out = _final({}, piles)
    assert [out[p]["score"] for p in ABC] == [7, 6, 2]
    assert [out[p]["majorities"] for p in ABC] == [["soldier"], ["good"], []]
    # the house rule: all tied at 0 inventions, all share the highest count: +3 each
    out = _final({"zero_majority_bonus": True}, piles)
    assert [out[p]["score"] for p in ABC] == [10, 9, 5]
    assert out["C"]["majorities"] == ["invention"]
    assert [out[p]["rank"] for p in ABC] == [1, 2, 3]


def test_p4_score_piles_are_hidden_by_default() -> None:
    """p.4 "Doporučujeme hrát se skrytou hromádkou celkového skóre": by default the others see
    only the number of cubes in a pile; ``open_scores`` (a house rule) shows them by type."""
    s = build(ABC, start="A")
    s["score"]["A"] = SC(2, 1, 1)
    seat = GAME.view(s, "B")["players"]["A"]
    assert seat["score"] is None and seat["score_total"] == 4
    assert GAME.view(s, "A")["players"]["A"]["score"] == SC(2, 1, 1)
    s = build(ABC, start="A", options={"open_scores": True})
    s["score"]["A"] = SC(2, 1, 1)
    assert GAME.view(s, "B")["players"]["A"]["score"] == SC(2, 1, 1)
