"""No peeking (issue 15, item 2): the invariant suite's determinize and AI checks over every
registered game (and the toy game with hidden picks), and proof that they catch an AI that
reads the hidden state."""

from __future__ import annotations

import hashlib
import itertools
import random
from typing import Any

import pytest

import games
from games import ai
from games.base import Determinizable, Game, Move, canonical
from tests.ai_invariants import (
    HiddenToy,
    check_depends_only_on_what_is_seen,
    check_keeps_what_is_seen,
    check_same_looking_same_move,
    hidden_variations,
    positions,
)

TOY = HiddenToy()
GAMES = [TOY, *games.REGISTRY.values()]
BUDGET = 0.02  # seconds, as a step budget (deadline off): small, and the same on any machine
EVERY = {"toy": 1, "majesty": 3, "empire_engine": 1, "elves": 9, "tek": 17}
LIMIT = 24  # positions per game and check
#: Options under which a game hides most (TEK hides only war dice without exploration tokens).
OPTIONS: dict[str, dict[str, Any]] = {"tek": {"exploration": True}}


def needs_determinize(game: Game) -> None:
    if not isinstance(game, Determinizable):
        pytest.skip(
            f"{game.id} has no determinize(state, player, rng) yet (issue 15 item 2, "
            "the game owner's part): this check runs as soon as it lands"
        )


def sample(game: Game, limit: int = LIMIT) -> list[tuple[Any, str]]:
    out: list[tuple[Any, str]] = []
    sizes = sorted({game.min_players, min(game.max_players, 4)})
    for n, seed in itertools.product(sizes, range(2)):
        found = positions(game, n, seed, EVERY.get(game.id, 5), OPTIONS.get(game.id))
        out.extend(itertools.islice(found, limit // 4))
    return out


def ids(game: Game) -> str:
    return game.id


@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_determinize_keeps_the_view_and_the_legal_moves(game: Any) -> None:
    needs_determinize(game)
    for i, (state, player) in enumerate(sample(game)):
        check_keeps_what_is_seen(game, state, player, random.Random(i))


@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_determinize_depends_only_on_what_the_player_has_seen(game: Any) -> None:
    needs_determinize(game)
    compared = sum(check_depends_only_on_what_is_seen(game, s, p) for s, p in sample(game))
    assert compared > 0, f"{game.id}: no position with anything hidden to compare"


@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_determinize_varies_what_is_hidden(game: Any) -> None:
    """Every game here hides something (deck order, picks, hands, gold, tokens)."""
    needs_determinize(game)
    varied = sum(hidden_variations(game, s, p) > 0 for s, p in sample(game))
    assert varied >= len(sample(game)) // 4, f"{game.id}: determinize hardly varies anything"


@pytest.mark.parametrize("level", ["random", "easy", "medium", "hard"])
@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_same_looking_states_give_the_same_move(game: Any, level: str) -> None:
    needs_determinize(game)
    compared = 0
    for state, player in sample(game, 12):
        pair = check_same_looking_same_move(
            game, lambda: ai.get(level, seed=3, budget_s=BUDGET, deadline=False), state, player
        )
        compared += pair is not None
    assert compared > 0, f"{game.id}: no look-alike positions were compared"


# -- planted cheats: each must be caught by the check above


class HashOfState:
    """Reads the whole state (hidden parts included) to pick a move."""

    def choose(self, game: Game, state: Any, player: str) -> Move:
        legal = game.legal_moves(state, player)
        digest = hashlib.sha256(canonical(game.dump(state)).encode()).digest()
        return legal[digest[0] % len(legal)]


class Transparent:
    """The game as seen by a cheat: ``determinize`` hands back the real state."""

    def __init__(self, game: Game) -> None:
        self._game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def determinize(self, state: Any, player: str, rng: random.Random) -> Any:
        return state


class PeekingHard:
    """The real ``hard`` search, run on the true state instead of determinised ones."""

    def choose(self, game: Game, state: Any, player: str) -> Move:
        bot = ai.get("hard", seed=3, budget_s=BUDGET * 3, deadline=False)
        return bot.choose(Transparent(game), state, player)  # type: ignore[arg-type]


@pytest.mark.parametrize("cheat", [HashOfState, PeekingHard])
@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_a_planted_ai_that_reads_the_hidden_state_is_caught(game: Any, cheat: type) -> None:
    needs_determinize(game)
    for state, player in sample(game, 40):
        try:
            check_same_looking_same_move(game, cheat, state, player)
        except AssertionError:
            return  # caught
    pytest.fail(f"{cheat.__name__} was not caught in {game.id}")


def test_the_honest_ai_answers_the_same_whatever_the_hidden_pick() -> None:
    """Toy game: b's secret pick (1 or 3) is hidden from a; every level answers a the same."""
    s = TOY.setup(["a", "b"], {"rounds": 2}, 0)
    low, _ = TOY.apply(s, "b", {"type": "pick", "value": 1})
    high, _ = TOY.apply(s, "b", {"type": "pick", "value": 3})
    assert canonical(TOY.view(low, "a")) == canonical(TOY.view(high, "a"))
    for level in ai.LEVELS:
        answers = [
            ai.get(level, seed=5, budget_s=0.05, deadline=False).choose(TOY, x, "a")
            for x in (low, high)
        ]
        assert answers[0] == answers[1], level
