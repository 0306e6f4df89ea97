"""Empire Engine (``empire_engine``): simultaneous secret gear picks, 2-8 players.

Hidden information: each pending orient/plan/salvage pick is seen only by its player until the
reveal (others, the partner included, see "has chosen"); score piles by type are seen only by
their owner and partner (others see totals) unless ``open_scores`` is on or the game is over.
See :mod:`games.empire_engine.engine` for the rules and the full secrecy contract.
"""

from games.empire_engine.engine import GAME, EmpireEngine

__all__ = ["GAME", "EmpireEngine"]
