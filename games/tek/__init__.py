"""Tiny Epic Kingdoms (``tek``), 2-5 players: see :mod:`games.tek.game` for the flow.

Hidden information: only the war dice (``war_die`` moves, ``is_secret``) are secret until both
war players have set them; the others see "has set". Face-down exploration tokens, the unused
token pool, the territory deck order and the seed are never in any view. All else is public.
"""

from games.tek.game import GAME

__all__ = ["GAME"]
