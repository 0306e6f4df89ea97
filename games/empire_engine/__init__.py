"""Empire Engine (``empire_engine``): cards laid face down one at a time, 2-8 players.

Hidden information: what is face down while planning (the action set in round 1, which gear
card went under the first engine) is seen only by its player until the reveal; who laid which
card where, in what order, and the cubes on the gears are public. A pending salvage pick is
secret until every salvager has picked. Score piles by type are seen only by their owner and
partner (others see totals) unless ``open_scores`` is on or the game is over. See
docs/rules/empire_engine.md for the rules, :mod:`games.empire_engine.engine` for the engine
(a ``games.base.GameBase``), :mod:`games.empire_engine.views` for the view's declared shape,
:mod:`games.empire_engine.data` for the card tables and colours and
:mod:`games.empire_engine.vocab` for the terms (the names of things, English and Czech) that
the presenter and the renderer import.
"""

from games.empire_engine.engine import GAME, EmpireEngine

__all__ = ["GAME", "EmpireEngine"]
