"""Every game's presenter offers exactly the engine's options, with Discord's limits, and its
texts are filled in (no raw catalogue keys). Per-game specifics live in tests/<game>/."""

from __future__ import annotations

import pytest

import games
from bot.text import presenters
from games.base import canonical

GAMES = sorted(games.REGISTRY)


@pytest.mark.parametrize("game_id", GAMES)
def test_option_specs_match_the_engine_options(game_id: str) -> None:
    game, presenter = games.get(game_id), presenters.get(game_id)
    specs = {s.name: s for s in presenter.option_specs}
    assert set(specs) == set(game.options)
    for key, (default, allowed) in game.options.items():
        spec = specs[key]
        assert canonical(spec.default) == canonical(default), key
        assert spec.name == spec.name.lower() and len(spec.name) <= 32
        assert 0 < len(spec.description) <= 100 and f"{game_id}." not in spec.description
        assert spec.kind in ("bool", "choice", "int", "text")
        assert len(spec.choices) <= 25
        if isinstance(allowed, (list, tuple)):
            if spec.kind == "bool":
                assert sorted(allowed) == [False, True], key
            elif spec.kind == "choice":
                assert [canonical(v) for _, v in spec.choices] == [canonical(v) for v in allowed]
        for label, value in spec.choices:
            assert 0 < len(label) <= 100
            game.setup([f"p{i}" for i in range(game.min_players)], {key: value}, 0)


@pytest.mark.parametrize("game_id", GAMES)
def test_rules_summary_fits_one_screen(game_id: str) -> None:
    text = presenters.get(game_id).rules_text()
    assert 200 < len(text) <= 3500 and f"{game_id}.rules" not in text
    for option in games.get(game_id).options:
        assert option in text, f"the rules summary does not explain {option}"
