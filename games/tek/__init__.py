"""Tiny Epic Kingdoms (``tek``): see :mod:`games.tek.game` for the engine and what is hidden."""

from games.tek.game import GAME

__all__ = ["GAME"]
