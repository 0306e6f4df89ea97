"""How King of the Elves is presented: :class:`~bot.text.presenters.elves_base.ElvesPresenter`
with the teaching members of issue 24 (:mod:`bot.text.presenters.elves_teach`). Split so
that the teaching modules build on the base presenter without an import cycle."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.text.presenters import elves_teach
from bot.text.presenters.base import NameFn, Preview, Reference, WhyLine
from bot.text.presenters.elves_base import ElvesPresenter, Move


class ElvesTeachingPresenter(ElvesPresenter):
    # -- teaching (issue 24): bot/text/presenters/elves_teach.py ------------------------------
    def rules_topics(self) -> tuple[str, ...]:
        return elves_teach.TOPICS

    def references(self) -> Mapping[str, Reference]:
        return elves_teach.references()

    def offered(self, view: dict[str, Any], moves: list[Move]) -> list[str]:
        return elves_teach.offered(view, moves)

    def why(
        self,
        view: dict[str, Any],
        player: str,
        options: list[tuple[Move, Preview]],
        name: NameFn,
    ) -> list[WhyLine]:
        return elves_teach.why(view, player, options, name)

    def tie_note(self, view: dict[str, Any], name: NameFn) -> str | None:
        return elves_teach.tie_note(view, name)


PRESENTER = ElvesTeachingPresenter(
    game_id="elves",
    title="King of the Elves",
    secondary_moves=frozenset({"pass", "end_journey"}),
    score_unit="final.gold",
)
