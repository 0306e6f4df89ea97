"""How Tiny Epic Kingdoms is presented: :class:`~bot.text.presenters.tek_base.TekPresenter`
with the teaching members of issue 24 (:mod:`bot.text.presenters.tek_teaching`). Split so
that the teaching modules build on the base presenter without an import cycle."""

from __future__ import annotations

from bot.text.presenters.tek_base import TekPresenter
from bot.text.presenters.tek_teaching import TekTeachingPresenter

PRESENTER: TekPresenter = TekTeachingPresenter(
    game_id="tek",
    title="Tiny Epic Kingdoms",
    secondary_moves=frozenset({"pass"}),
    score_unit="final.vp",
)
