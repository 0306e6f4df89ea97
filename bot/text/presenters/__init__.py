"""Presenters by game id: ``bot/text/presenters/<id>.py`` exposes ``PRESENTER``."""

from __future__ import annotations

import importlib

from bot.text.presenters.base import OptionSpec, Presenter

__all__ = ["OptionSpec", "Presenter", "get", "register"]

_CACHE: dict[str, Presenter] = {}


def register(presenter: Presenter) -> None:
    """Present ``presenter.game_id`` with ``presenter`` (a game that has no module here: a
    test's, a plug-in's)."""
    _CACHE[presenter.game_id] = presenter


def get(game_id: str) -> Presenter:
    """The presenter of ``game_id`` (generic when the game has none). A presenter module
    registers its catalogue once, when it is imported (its option texts are read then)."""
    if game_id not in _CACHE:
        try:
            module = importlib.import_module(f"{__name__}.{game_id}")
            presenter: Presenter = module.PRESENTER
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.{game_id}":
                raise
            presenter = Presenter(game_id=game_id, title=game_id)
        _CACHE[game_id] = presenter
    return _CACHE[game_id]
