"""The AI levels behind ``games.ai.get`` (issue 15, item 1 and "Bad input")."""

from __future__ import annotations

import itertools
import logging
import random
from typing import Any

import pytest

import games
from games import ai
from games.ai.budget import Budget
from games.ai.hints import Hints, hints_for
from games.ai.ismcts import Search
from games.ai.playout import NoDeterminize, seeded_rng
from games.base import Determinizable, Game, Move, is_listed
from tests.ai_invariants import HiddenToy, positions

TOY = HiddenToy()
GAMES = [TOY, *games.REGISTRY.values()]
SEARCHING = ("easy", "medium", "hard")


def ids(game: Game) -> str:
    return game.id


def some_positions(game: Game, n: int = 6, every: int = 7) -> list[tuple[Any, str]]:
    return list(itertools.islice(positions(game, 2, 1, every), n))


def needs_determinize(game: Game) -> None:
    if not isinstance(game, Determinizable):
        pytest.skip(f"{game.id} has no determinize yet (issue 15 item 2, the game owner's part)")


# -- the interface


def test_the_levels_and_the_default() -> None:
    assert ai.LEVELS == ("random", "easy", "medium", "hard")
    assert ai.DEFAULT_LEVEL == "medium"
    for level in ai.LEVELS:
        assert ai.get(level).level == level


def test_an_unknown_level_is_a_clear_error_before_any_game() -> None:
    with pytest.raises(
        ValueError,
        match=r"unknown AI level 'expert': choose one of random, "
        r"easy, medium, hard",
    ):
        ai.check_level("expert")
    with pytest.raises(ValueError, match="unknown AI level"):
        ai.get("Hard")
    with pytest.raises(ValueError, match="budget_s"):
        ai.get("hard", budget_s=-1)


def test_random_player_stays_importable_from_games_ai() -> None:
    from games.ai import RandomPlayer, play_out

    state, made = play_out(TOY, TOY.setup(["a", "b"], {}, 0), seed=2)
    assert TOY.is_over(state) and made
    assert RandomPlayer(1).choose(TOY, TOY.setup(["a", "b"], {}, 0), "a")["type"] == "pick"


@pytest.mark.parametrize("level", ai.LEVELS)
@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_every_level_answers_a_legal_move(game: Any, level: str) -> None:
    if level != "random":
        needs_determinize(game)
    for state, player in some_positions(game):
        bot = ai.get(level, seed=4, budget_s=0.02, deadline=False)
        move = bot.choose(game, state, player)
        assert is_listed(move, game.legal_moves(state, player)), (level, move)


@pytest.mark.parametrize("level", SEARCHING)
@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_the_same_seed_and_state_give_the_same_move(game: Any, level: str) -> None:
    needs_determinize(game)
    for state, player in some_positions(game, 3):
        a, b = (
            ai.get(level, seed=9, budget_s=0.02, deadline=False).choose(game, state, player)
            for _ in range(2)
        )
        assert a == b


def test_a_search_without_determinize_refuses_rather_than_peeks() -> None:
    from tests.toygame import TOY as PLAIN

    state = PLAIN.setup(["a", "b"], {}, 0)
    with pytest.raises(NoDeterminize, match="cannot search it without peeking"):
        ai.get("hard", budget_s=0.05).choose(PLAIN, state, "a")
    assert ai.get("random").choose(PLAIN, state, "a")["type"] == "pick"


# -- budget 0, one legal move


class Exploding(HiddenToy):
    """A game whose determinize must not be called (the answer must come at once)."""

    def determinize(self, s: dict[str, Any], player: str, rng: random.Random) -> Any:
        raise AssertionError("searched although the answer was immediate")


def test_a_budget_of_zero_answers_at_once() -> None:
    game = Exploding()
    state = game.setup(["a", "b"], {}, 0)
    for level in ai.LEVELS:  # no search at all: the game's determinize would raise
        move = ai.get(level, seed=1, budget_s=0).choose(game, state, "a")
        assert is_listed(move, game.legal_moves(state, "a"))


def test_a_single_legal_move_answers_at_once() -> None:
    game = Exploding()
    state = game.setup(["a", "b"], {"rounds": 1}, 0)
    for p in ("a", "b"):
        state, _ = game.apply(state, p, {"type": "pick", "value": 1})
    state = {**state, "phase": "bank"}

    class OneMove(Exploding):
        def legal_moves(self, s: dict[str, Any], player: str) -> list[Move]:
            return super().legal_moves(s, player)[:1]

    for level in ai.LEVELS:
        assert ai.get(level, budget_s=5).choose(OneMove(), state, "a") == {"type": "bank"}


# -- the budget is deterministic steps (and a safety deadline)


def test_the_budget_is_steps_from_seconds_and_the_deadline_only_a_cap() -> None:
    b = Budget.for_seconds(0.5, 6000.0)
    assert b.total == 3000 and not b.exhausted()
    b.spend(3000)
    assert b.exhausted()
    late = Budget(10**9, deadline_s=0.0)
    assert late.exhausted()
    assert not Budget.for_seconds(0.5, 6000.0, deadline=False).exhausted()


def test_the_search_spends_its_budget_and_no_more_than_one_iteration_over() -> None:
    state = TOY.setup(["a", "b"], {"rounds": 3}, 0)
    budget = Budget(400)
    search = Search(TOY, hints_for(TOY), seeded_rng(1, TOY, state, "a"), budget, "a", 50)
    edges = search.run(state)
    assert budget.left <= 0 and budget.left > -20
    assert sum(e.visits for e in edges.values()) == search.iterations
    assert {e.available for e in edges.values()} == {search.iterations}


# -- what the search finds


def test_hard_takes_the_point_the_toy_game_offers() -> None:
    """Toy game, last round, a to bank or pass: banking wins the game, passing loses it."""
    state = TOY.setup(["a", "b"], {"rounds": 1}, 0)
    state = {**state, "phase": "bank", "score": {"a": 0, "b": 0}}
    for level in ("medium", "hard"):
        bot = ai.get(level, seed=1, budget_s=0.05, deadline=False)
        assert bot.choose(TOY, state, "a") == {"type": "bank"}


def test_simultaneous_secret_picks_are_searched_for_every_actor() -> None:
    """Both toy players pick at once: the root keeps separate statistics for each of them."""
    state = TOY.setup(["a", "b"], {"rounds": 2}, 0)
    budget = Budget(600)
    search = Search(TOY, hints_for(TOY), seeded_rng(1, TOY, state, "b"), budget, "b", 50)
    search.run(state)
    assert set(search.root.edges) == {"a", "b"}
    assert all(len(e) == 3 for e in search.root.edges.values())


@pytest.mark.parametrize("game", list(games.REGISTRY.values()), ids=ids)
def test_each_game_has_hints_that_score_every_player(game: Game) -> None:
    hints = hints_for(game)
    assert isinstance(hints, Hints) and hints.steps_per_second > 1000
    for state, _ in some_positions(game, 3, every=11):
        scores = hints.scores(state)
        assert sorted(scores) == sorted(state["players"])
        assert all(isinstance(v, float) for v in scores.values())


# -- failures fall back to a random legal move, logged


class Broken:
    level = "broken"

    def choose(self, game: Game, state: Any, player: str) -> Move:
        raise RuntimeError("boom")


class Wrong:
    level = "wrong"

    def choose(self, game: Game, state: Any, player: str) -> Move:
        return {"type": "pick", "value": 7}


@pytest.mark.parametrize("bot", [Broken(), Wrong()], ids=["raises", "illegal"])
def test_a_failing_ai_falls_back_to_a_random_legal_move_and_logs_it(
    bot: Any, caplog: pytest.LogCaptureFixture
) -> None:
    state = TOY.setup(["a", "b"], {}, 0)
    with caplog.at_level(logging.WARNING, logger="games.ai"):
        move = ai.safe_choose(bot, TOY, state, "a", seed=1)
    assert is_listed(move, TOY.legal_moves(state, "a"))
    assert any(bot.level in r.getMessage() for r in caplog.records)
    assert ai.safe_choose(bot, TOY, state, "a", seed=1) == move  # seeded


def test_safe_choose_passes_a_good_answer_through() -> None:
    state = TOY.setup(["a", "b"], {}, 0)
    bot = ai.get("hard", seed=2, budget_s=0.02, deadline=False)
    assert ai.safe_choose(bot, TOY, state, "a") == bot.choose(TOY, state, "a")


def test_flat_monte_carlo_scores_every_move() -> None:
    state = TOY.setup(["a", "b"], {"rounds": 1}, 0)
    state = {**state, "phase": "bank"}
    bot = ai.FlatMonteCarlo(seed=1, budget_s=0.02, deadline=False)
    assert bot.choose(TOY, state, "a") == {"type": "bank"}
    assert bot.iterations >= 2
