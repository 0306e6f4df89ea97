"""The Tiny Epic Kingdoms presenter with its teaching members (issue 24): rules by topic
(:mod:`~bot.text.presenters.tek_rules`), the reference and the "?" button
(:mod:`~bot.text.presenters.tek_teach`), "Why?", teach mode and the tie note
(:mod:`~bot.text.presenters.tek_why`). ``bot.text.presenters.tek`` builds ``PRESENTER`` from
:class:`TekTeachingPresenter`; the modules are read as attributes at call time, so any of them
may be imported first."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, cast

from bot.text.presenters import tek_rules, tek_teach, tek_why
from bot.text.presenters.base import NameFn, Preview, Reference, WhyLine
from bot.text.presenters.tek_base import TekPresenter
from games.tek.views import TekView


@dataclass
class TekTeachingPresenter(TekPresenter):
    """:class:`~bot.text.presenters.tek.TekPresenter` that teaches."""

    def rules_topics(self) -> tuple[str, ...]:
        return tek_rules.TOPICS

    def references(self) -> Mapping[str, Reference]:
        return tek_teach.references()

    def reference_text(self, key: str) -> str:
        return tek_teach.reference_text(key)

    def offered(self, view: dict[str, Any], moves: list[dict[str, Any]]) -> list[str]:
        return tek_teach.offered(view, moves)

    def why(
        self,
        view: dict[str, Any],
        player: str,
        options: list[tuple[dict[str, Any], Preview]],
        name: NameFn,
    ) -> list[WhyLine]:
        def label(move: dict[str, Any], pv: Preview) -> str:
            return self.move_label(view, move, name, pv)

        return tek_why.why(player, options, name, label)

    def tie_note(self, view: dict[str, Any], name: NameFn) -> str | None:
        results = cast(TekView, view).get("results") or []
        return tek_why.tie_note(list(results), name)
