"""Every frame a socket gets is derivable from ``view(state, that viewer)`` and tells nobody
another player's secret (issue 32): :mod:`tests.web.differential`, quick (one game of each,
every frame) and over 200 seeded games per game (``slow``: each move's frames with a small
probability, secret picks five times as often); and the check shown to catch planted leaks."""

from __future__ import annotations

from typing import Any

import pytest

import games
from bot.web import frames
from tests.web import differential


@pytest.mark.parametrize("game_id", sorted(games.REGISTRY))
def test_every_frame_of_a_game_is_derivable_from_its_viewers_view(game_id: str) -> None:
    game = games.get(game_id)
    moves, checked, leaks = differential.play(game, 1, max(game.min_players, 3), sample=0.2)
    assert moves > 10 and checked > 3 * (max(game.min_players, 3) + 1)
    assert leaks == []


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(games.REGISTRY))
def test_no_frame_leaks_over_200_seeded_games(game_id: str) -> None:
    game = games.get(game_id)
    total = []
    for seed in range(200):
        n = min(game.max_players, max(game.min_players, 2 + seed % 3))
        _, _, leaks = differential.play(game, seed, n, sample=0.01)
        total += leaks
    assert total == []


def leaking_frame(real: Any) -> Any:
    """A frame builder that lets another player's view slip into a frame."""

    def frame(bridge: Any, rec: Any, user: str | None, seq: int) -> dict[str, Any]:
        out = real(bridge, rec, user, seq)
        other = next((s.player_id for s in rec.seats if s.player_id != user), None)
        if other is not None and out["view"] is not None:
            out["text"]["prompt"] = str(bridge.host.fresh(other))
        return out

    return frame


def planted_view(real: Any) -> Any:
    def frame(bridge: Any, rec: Any, user: str | None, seq: int) -> dict[str, Any]:
        out = real(bridge, rec, user, seq)
        other = next((s.player_id for s in rec.seats if s.player_id != user), None)
        out["view"] = bridge.host.fresh(other)
        return out

    return frame


def extra_move(real: Any) -> Any:
    def frame(bridge: Any, rec: Any, user: str | None, seq: int) -> dict[str, Any]:
        out = real(bridge, rec, user, seq)
        if user is None:
            out["moves"] = [{"id": "0123456789", "label": "x", "move": {"type": "x"}}]
        return out

    return frame


@pytest.mark.parametrize("plant", [leaking_frame, planted_view, extra_move])
def test_the_check_catches_planted_leaks(monkeypatch: pytest.MonkeyPatch, plant: Any) -> None:
    """Another player's view in the words, in place of the view, a move offered to a
    spectator: each is found (Empire Engine: secret picks from the first round)."""
    monkeypatch.setattr(frames, "frame", plant(frames.frame))
    _, _, leaks = differential.play(games.get("empire_engine"), 3, 3, sample=0.5)
    assert leaks, "a planted leak went unnoticed"
