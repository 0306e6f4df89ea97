""" "Why?" over whole seeded games of King of the Elves (issue 24), in English and Czech: at every
decision, every option's answer carries the numbers that playing it really gives (the move
applied on a copy of the state), and the reference pages, rules topics and the tie note have
the rulebook's numbers."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.text import presenters
from bot.text.i18n import t, using
from games.ai import RandomPlayer
from games.elves import GAME
from tests.elves.helpers import build, play

PRESENTER = presenters.get("elves")
State = dict[str, Any]


def name(player: str) -> str:
    return player


def _gold(s: State, player: str) -> int:
    return int(s["gold"][s["players"].index(player)])


def _after_teleport(s: State, player: str) -> State:
    while s["step"]["kind"] == "teleport_cards":
        s, _ = GAME.apply(s, player, GAME.legal_moves(s, player)[0])
    return s


def numbers(s: State, player: str, move: dict[str, Any]) -> list[int]:
    """What playing ``move`` really does, in the numbers its answer must say."""
    after, events = GAME.apply(s, player, move)
    by = {e["type"]: e for e in events}
    kind = move["type"]
    if kind == "travel":
        return [by["visited"]["cards"], by["visited"]["value"], _gold(after, player)]
    if kind == "teleport":
        after = _after_teleport(after, player)
        return [3, 4, _gold(after, player), after["journey"]["income"]]
    if kind == "end_journey":
        return [by["journey_ended"]["visits"], by["journey_ended"]["income"]]
    if kind == "buy":
        return [by["bought"]["cost"], _gold(after, player)]
    if kind == "remove_village":
        return [by["village_removed"]["cost"], _gold(after, player)]
    if kind == "place_village":
        return [by["village_played"]["slot"] + 1]
    if kind == "draw3":
        return [len(after["draw"])]
    if kind == "pass":
        return [by["passed"]["passes"]]
    if kind in ("discard", "teleport_card"):
        left = after["step"].get("left", 0) if after["step"]["kind"] == s["step"]["kind"] else 0
        return [left] if left else []
    if kind == "play_special":
        return [s["tokens_free"][s["players"].index(player)] - 1]
    return []


def said(text: str, n: int) -> bool:
    return re.search(rf"(?<![\d,]){n}(?![\d,])", text) is not None


def check_decision(s: State, player: str) -> set[str]:
    moves = GAME.legal_moves(s, player)
    options = [(m, GAME.preview(s, player, m)) for m in moves]
    view = GAME.view(s, player)
    answers = {}
    for lang in ("en", "cs"):
        with using(lang):
            lines = PRESENTER.why(view, player, options, name)
        assert len(lines) == len(moves), f"{lang}: an option without an answer"
        answers[lang] = lines
    for i, move in enumerate(moves):
        expected = numbers(s, player, move)
        for lang, lines in answers.items():
            text = lines[i].text
            missing = [n for n in expected if not said(text, n)]
            assert not missing, f"{lang} {move}: {missing} not in {text!r}"
        assert answers["en"][i].text != answers["cs"][i].text
    return {m["type"] for m in moves}


@pytest.mark.parametrize(
    ("n", "options", "seed"),
    [(3, {"teleport": True}, 1), (6, {"teleport": True}, 2), (4, {}, 3), (2, {}, 4)],
)
def test_why_has_the_real_numbers_at_every_decision_of_a_game(
    n: int, options: dict[str, Any], seed: int
) -> None:
    players = [f"p{i}" for i in range(n)]
    s = GAME.setup(players, options, seed)
    ai, k, kinds = RandomPlayer(seed), 0, set()
    while not GAME.is_over(s):
        player = GAME.actors(s)[0]
        kinds |= check_decision(s, player)
        s, _ = GAME.apply(s, player, ai.choose(GAME, s, player, k))
        k += 1
    assert {"play_village", "place_village", "travel", "end_journey", "pass"} <= kinds


def _example6() -> State:
    """Rules Example 3 (the rulebook's): Adam's river with Doris's sea monster, the forest
    with his Gold card and an obstacle, Beata's thief at the desert."""
    p = ["Adam", "Beata", "Carl", "Doris"]
    return build(
        p,
        phase="travel",
        turn="Adam",
        start="Adam",
        realms={
            "Adam": [{"card": "river", "obstacle": ("seamonster", "Doris")}],
            "Beata": [
                {"card": "forest", "gold": "Adam", "obstacle": ("wood", "Carl")},
                {"card": "desert", "thief": "Beata"},
            ],
            "Carl": ["plains", "mountain"],
        },
        hands={"Adam": {"raft": 2, "unicorn": 2, "dragon": 1, "cycle": 1}},
    )


def test_why_names_the_obstacle_the_thief_and_the_gold_card_of_a_step() -> None:
    s, _ = play(_example6(), "Adam", {"type": "travel", "transport": "raft"})
    facts = GAME.preview(s, "Adam", {"type": "travel", "transport": "unicorn"})
    view = GAME.view(s, "Adam")
    with using("en"):
        (line,) = PRESENTER.why(
            view, "Adam", [({"type": "travel", "transport": "unicorn"}, facts)], name
        )
    assert "Unicorn ×2" in line.text and "it pays 8 gold" in line.text
    assert "Wooden obstacle of Carl takes 1 more card" in line.text
    assert "Gold card doubles it" in line.text and "2 visits, 11 gold earned" in line.text
    s, _ = play(s, "Adam", {"type": "travel", "transport": "unicorn"})
    move = {"type": "travel", "transport": "dragon"}
    with using("cs"):
        (line,) = PRESENTER.why(
            GAME.view(s, "Adam"), "Adam", [(move, GAME.preview(s, "Adam", move))], name
        )
    assert "Drak ×1" in line.text and "vynese 6 zlatých" in line.text
    assert "Zloději (Beata) zaplatíš 2 zlaté" in line.text
    assert "3 návštěvy, na této cestě vyděláno 17 zlatých" in line.text


def test_why_says_what_a_removal_costs_from_the_engine() -> None:
    """Rules §6 action 5: 2 gold + 1 per action card (Example 5: a thief and a Gold card)."""
    s = build(
        ["Adam", "Beata", "Carl"],
        turn="Adam",
        realms={"Adam": [{"card": "lake", "thief": "Beata", "gold": "Carl"}]},
    )
    move = {"type": "remove_village", "slot": 0}
    facts = GAME.preview(s, "Adam", move)
    assert facts["cost"] == 4
    with using("en"):
        (line,) = PRESENTER.why(GAME.view(s, "Adam"), "Adam", [(move, facts)], name)
    assert "costs 4 gold (2 action cards at it); your gold becomes 8 gold" in line.text
    with using("cs"):
        (line,) = PRESENTER.why(GAME.view(s, "Adam"), "Adam", [(move, facts)], name)
    assert "stojí 4 zlaté" in line.text and "tvoje zlato: 8 zlatých" in line.text


def test_why_says_when_the_bank_is_short() -> None:
    s = build(
        ["Adam", "Beata", "Carl"],
        phase="travel",
        turn="Adam",
        start="Adam",
        gold={"Adam": 12, "Beata": 150, "Carl": 159},
        realms={"Beata": ["lake"]},
        hands={"Adam": {"raft": 2}},
    )
    move = {"type": "travel", "transport": "raft"}
    with using("en"):
        (line,) = PRESENTER.why(
            GAME.view(s, "Adam"), "Adam", [(move, GAME.preview(s, "Adam", move))], name
        )
    assert "it pays 4 gold" in line.text and "The bank holds only 4 gold: 3 gold short" in line.text
    with using("cs"):
        (line,) = PRESENTER.why(
            GAME.view(s, "Adam"), "Adam", [(move, GAME.preview(s, "Adam", move))], name
        )
    assert "V bance zbývá jen 4 zlaté: chybí 3 zlaté" in line.text


def test_every_reference_has_the_rulebook_numbers() -> None:
    refs = PRESENTER.references()
    facts = {key: dict(ref.facts) for key, ref in refs.items()}
    assert str(facts["lake"]["elves.ref.fact.value"]) == "7 gold"
    assert (
        facts["lake"]["elves.ref.fact.by.raft"] == 2 and facts["lake"]["elves.ref.fact.cards"] == 3
    )
    assert (
        facts["dragon"]["elves.ref.fact.to.forest"] == 2
        and facts["dragon"]["elves.ref.fact.cards"] == 8
    )
    assert str(facts["thief"]["elves.ref.fact.fee"]) == "2 gold"
    assert facts["coat_of_arms"]["elves.ref.fact.per_player"] == 4
    assert facts["bank"]["elves.ref.fact.bank_coins"] == 65
    assert str(facts["bank"]["elves.ref.fact.bank_gold"]) == "325 gold"
    assert facts["draw_pile"]["elves.ref.fact.cards"] == 120
    assert refs["teleport"].where == "§7.5" and refs["lake"].kind == "village"
    with using("cs"):
        assert "hodnota 7 zlatých" in PRESENTER.reference_text("lake")
        assert "65 mincí" in PRESENTER.reference_text("bank")
        assert (
            t(
                "elves.ref.fact.bank_gold",
            )
            == "Hodnota"
        )


def test_the_question_mark_offers_what_the_prompt_offers() -> None:
    s = _example6()
    moves = GAME.legal_moves(s, "Adam")
    assert PRESENTER.offered(GAME.view(s, "Adam"), moves) == ["raft"]


def test_the_rules_topics_follow_the_rulebook() -> None:
    topics = PRESENTER.rules_topics()
    assert topics[:4] == ("overview", "setup", "deal", "planning")
    assert sum(topic.startswith("action.") for topic in topics) == 7  # "SEDM AKCÍ"
    with using("cs"):
        title, text = PRESENTER.rules_page("payouts")
        assert "jezero 7" in text and "10 zlatých jako bonus" in text
        assert PRESENTER.rules_page("action.buy")[1].count("stojí 2, třetí 3") == 1


def test_the_tie_note_names_the_rule_and_the_shared_place() -> None:
    """Rules Example 12: Adam and Beata on 30 gold share the victory; Carl 25 is third."""
    s = build(
        ["Adam", "Beata", "Carl"],
        phase="travel",
        round_no=3,
        start="Carl",
        turn="Beata",
        gold={"Adam": 30, "Beata": 30, "Carl": 25},
    )
    s["rounds"] = 3
    s, _ = play(s, "Beata", {"type": "end_journey"})
    view = GAME.view(s, None)
    with using("en"):
        note = PRESENTER.tie_note(view, name)
    assert note is not None and note.startswith("Adam, Beata share place 1 with 30 gold each.")
    assert "breaks no tie" in note and "Carl" not in note
    with using("cs"):
        note = PRESENTER.tie_note(view, name)
    assert (
        note is not None and "Společné 1. místo se stejným zlatem (30 zlatých): Adam, Beata" in note
    )
    s2 = build(
        ["Adam", "Beata"],
        phase="travel",
        round_no=2,
        start="Beata",
        turn="Adam",
        gold={"Adam": 31, "Beata": 30},
    )
    s2["rounds"] = 2
    s2, _ = play(s2, "Adam", {"type": "end_journey"})
    assert PRESENTER.tie_note(GAME.view(s2, None), name) is None
