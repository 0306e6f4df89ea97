"""The Empire Engine presenter: labels, event lines, option specs and the rules summary."""

from __future__ import annotations

from bot.text.presenters import get
from bot.text.presenters.empire_engine import PRESENTER
from games.ai import RandomPlayer
from games.empire_engine import GAME
from tests.empire_engine.helpers import R, build, execute, play


def name(pid: str) -> str:
    return {"a": "Čeněk Řežábek", "b": "Bob"}.get(pid, pid)


def test_registered_and_limits() -> None:
    assert get("empire_engine").game_id == "empire_engine"
    assert PRESENTER.private_prompts is True
    text = PRESENTER.rules_text()
    assert len(text) <= 3500 and "empire_engine.rules" not in text
    for key in GAME.options:
        assert f"`{key}`" in text


def test_option_order_and_rounds() -> None:  # generic checks: tests/bot/test_presenters.py
    specs = {s.name: s for s in PRESENTER.option_specs}
    assert list(specs) == list(GAME.options)
    rounds = specs["rounds"]
    assert rounds.kind == "int" and rounds.min_value == 1 and rounds.max_value == 32
    GAME.setup([f"p{i}" for i in range(5)], {"rounds": rounds.max_value}, 0)


CASES = [
    (2, {}, 1),
    (3, {"open_scores": True}, 2),
    (4, {"house_powers": True}, 3),
    (
        4,
        {
            "teams": True,
            "team_joint_invent": True,
            "team_joint_export": True,
            "team_shared_defence": True,
            "team_joint_attack": True,
        },
        4,
    ),
    (4, {"teams": True, "team_shared_defence": True, "team_joint_attack": True}, 9),
    (6, {"rounds": 4, "house_powers": True}, 5),
]


def test_labels_and_event_lines_over_random_playouts() -> None:
    kinds: set[str] = set()
    for n, options, seed in CASES:
        players = ["a", "b", "c", "d", "e", "f"][:n]
        state = GAME.setup(players, options, seed)
        ai = RandomPlayer(seed)
        step = 0
        while not GAME.is_over(state):
            for player in GAME.actors(state):
                view = GAME.view(state, player)
                moves = GAME.legal_moves(state, player)
                facts = [GAME.preview(state, player, m) for m in moves]
                labels = [
                    PRESENTER.move_label(view, m, name, f)
                    for m, f in zip(moves, facts, strict=True)
                ]
                assert all(0 < len(lb) <= 80 for lb in labels), labels
                assert len(set(labels)) == len(labels), labels
                # the engine's facts come from the preview, or from the view without one
                assert labels == [PRESENTER.move_label(view, m, name) for m in moves]
                for m, f in zip(moves, facts, strict=True):
                    kinds.add(m["type"])
                    d = PRESENTER.move_description(view, m, name, f)
                    assert d is None or 0 < len(d) <= 100
                    assert d == PRESENTER.move_description(view, m, name)
                prompt = PRESENTER.prompt_text(view, player, name)
                assert prompt and "empire_engine." not in prompt and "{" not in prompt
                hand = PRESENTER.hand_text(view, name)
                assert hand and "empire_engine." not in hand
            status = PRESENTER.status_text(GAME.view(state, None), name)
            assert "empire_engine." not in status and "{" not in status
            player = GAME.actors(state)[0]
            state, events = GAME.apply(state, player, ai.choose(GAME, state, player, step))
            step += 1
            for e in events:
                kinds.add("ev:" + e["type"])
                line = PRESENTER.event_text(e, name)
                assert line is None or (
                    line and "empire_engine." not in line and "{" not in line
                ), (e, line)
        assert "Game over" in PRESENTER.status_text(GAME.view(state, None), name)
        assert PRESENTER.hand_text(GAME.view(state, None), name) is None
    assert {
        "lay",
        "orient",
        "place",
        "gear",
        "steal",
        "salvage",
        "block",
        "no_block",
        "ev:placed",
        "ev:laid",
        "ev:revealed",
    } <= kinds


def test_plan_labels_show_results_and_cost() -> None:
    s = build(
        ["a", "b"],
        start="a",
        round_=2,
        ready={"a": R(1, 1)},
        tops={"a": ("Attack", "Export"), "b": ("Arm", "Invent")},
    )
    v = GAME.view(s, "a")
    labels = [PRESENTER.move_label(v, m, name) for m in GAME.legal_moves(s, "a")]
    assert labels[:3] == [
        "Gear under L, no cube",
        "Gear under L, cube: 1 soldier (alternate)",
        "Gear under L, cube: 1 good (alternate)",
    ]
    assert "L (left engine card) Attack, R (right) Export" in PRESENTER.prompt_text(v, "a", name)
    s = play(s, "a", {"type": "place", "card": "L", "pay": "good"})
    v = GAME.view(s, "a")
    labels = [PRESENTER.move_label(v, m, name) for m in GAME.legal_moves(s, "a")]
    assert labels == [
        "Attack on L · secret gear 1 (0 quarter turns)",
        "Arm on L · secret gear 2 (3 quarter turns)",
    ]
    assert "Nobody else sees" in PRESENTER.prompt_text(v, "a", name)
    s = play(s, "a", GAME.legal_moves(s, "a")[1])
    while GAME.actors(s) != ["a"]:
        p = GAME.actors(s)[0]
        s = play(s, p, GAME.legal_moves(s, p)[0])
    v = GAME.view(s, "a")
    descs = [PRESENTER.move_description(v, m, name) for m in GAME.legal_moves(s, "a")]
    # the second gear under R is gear 1: 1 quarter turn (Attack, on Bob: issue 11 part 2),
    # alternate 0 (Export)
    assert descs == [
        "The other gear goes here: Attack (gear 1, 1 quarter turn), hits Bob",
        "The other gear goes here: Export (gear 1, 0 quarter turns)",
    ]
    assert (
        "Your pick this step: left engine card (L): Arm, right (R): not chosen yet (cubes: 1 good)."
        in PRESENTER.hand_text(v, name)
    )
    pub = GAME.view(s, None)
    assert "laid L (cube: good)" in PRESENTER.status_text(pub, name)  # issue 24: no codes


def test_block_and_steal_labels() -> None:
    tops = {
        "a": ("Attack", "Invent"),
        "b": ("Salvage", "Defend"),
        "c": ("Produce", "Attack"),
        "d": ("Arm", "Export"),
    }
    s, events = execute(
        ["a", "b", "c", "d"],
        tops,
        start="c",
        ready={"a": R(1, 0), "b": R(2, 1), "c": R(1, 3), "d": R(0, 1)},
    )
    v = GAME.view(s, "b")
    labels = [PRESENTER.move_label(v, m, name) for m in GAME.legal_moves(s, "b")]
    assert labels == [
        "Block c's attack (+1 soldier to score)",
        "Let it through: keep the Defend for a later attack",
    ]
    s, more = GAME.apply(s, "b", GAME.legal_moves(s, "b")[0])
    events = events + more
    v = GAME.view(s, "a")
    labels = [PRESENTER.move_label(v, m, name) for m in GAME.legal_moves(s, "a")]
    assert labels == ["Take 1 soldier from Bob", "Take 1 good from Bob"]
    assert "Bob" in PRESENTER.prompt_text(v, "a", name)
    lines = [PRESENTER.event_text(e, name) for e in events]
    assert "c attacks Bob with the R card." in lines


def test_a_kestrel_block_says_two_soldiers() -> None:
    """The reward is the engine's (preview or the seat's ``block_reward``), and counted."""
    tops = {
        "a": ("Attack", "Invent"),
        "b": ("Salvage", "Defend"),
        "c": ("Produce", "Attack"),
        "d": ("Arm", "Export"),
    }
    s, _ = execute(
        ["a", "b", "c", "d"],
        tops,
        start="c",
        ready={"a": R(1, 0), "b": R(2, 1), "c": R(1, 3), "d": R(0, 1)},
        empires={"b": "Kestrel Dominion"},
    )
    v = GAME.view(s, "b")
    block = GAME.legal_moves(s, "b")[0]
    label = PRESENTER.move_label(v, block, name, GAME.preview(s, "b", block))
    assert (
        label == "Block c's attack (+2 soldiers to score)" == PRESENTER.move_label(v, block, name)
    )
    s, events = GAME.apply(s, "b", block)
    blocked = next(e for e in events if e["type"] == "blocked")
    assert PRESENTER.event_text(blocked, name) == "Bob blocks c's attack (+2 soldiers to score)."


def test_every_option_problem_has_a_text() -> None:
    from bot.text.i18n import has, t
    from tests.empire_engine.test_contract import OPTION_PROBLEMS

    for n, options, _code in OPTION_PROBLEMS:
        problem = GAME.option_check(options, n)
        assert problem is not None
        if problem.code in ("bad_value", "unknown_option", "bad_players"):
            continue  # the generic problems are the bot's
        key = f"empire_engine.option_problem.{problem.code}"
        assert has(key)
        for locale in ("en", "cs"):
            text = t(key, locale, **problem.params)
            assert "{" not in text and "option_problem" not in text


def test_the_turn_passed_event_is_not_logged() -> None:
    assert PRESENTER.event_text({"type": "turn_passed", "to": ["a"]}, name) is None


def test_chained_choices_read_the_same_facts_from_the_preview_and_the_view() -> None:
    """The first placement's one choice (the card or gear laid with its secret part): the
    preview of the public move lists every follow-up's facts; the view after it has them too."""
    state = GAME.setup(["a", "b", "c"], {}, 6)
    ai = RandomPlayer(6)
    checked = hits = 0
    for k in range(80):
        if GAME.is_over(state):
            break
        p = GAME.actors(state)[0]
        view = GAME.view(state, p)
        for move in GAME.legal_moves(state, p):
            if move["type"] not in PRESENTER.chained_moves or GAME.is_secret(state, p, move):
                continue
            after_state, _ = GAME.apply(state, p, move)
            if GAME.actors(after_state) != [p]:
                continue
            after = GAME.view(after_state, p)
            facts = GAME.preview(state, p, move)
            for then in GAME.legal_moves(after_state, p):
                if not GAME.is_secret(after_state, p, then):
                    continue
                with_facts = PRESENTER.chain_description(view, move, after, then, name, facts)
                assert with_facts == PRESENTER.chain_description(view, move, after, then, name)
                hits += bool(with_facts and with_facts.startswith("Attack: hits "))
                checked += 1
        state, _ = GAME.apply(state, p, ai.choose(GAME, state, p, k))
    assert checked and hits
