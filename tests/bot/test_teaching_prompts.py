"""The bot's side of issue 24 without Discord: the prompts' **?** and **Why?** within
Discord's limits (with paging and the board's own row), the help page and the rules pages of
every game within theirs, in both languages, and the matching of typed names."""

from __future__ import annotations

from typing import Any

import discord
import pytest

import bot.text.catalog_en  # noqa: F401  (the bot's texts)
import games
from bot.adapter.components import HandButton, MoveButton, MoveSelect, OpenPromptButton
from bot.adapter.components_teach import ReferencesButton, WhyButton
from bot.adapter.handlers.help import ASKS, help_payload
from bot.adapter.handlers.rules import fold, pages, ranked, topics
from bot.adapter.prompts import build_prompt, make_view
from bot.text import presenters
from bot.text.i18n import t, using
from bot.text.presenters.base import Presenter


class Offering(Presenter):
    def move_label(self, view, move, name, preview=None):  # type: ignore[no-untyped-def]
        return f"Pick {move['n']}"

    def offered(self, view: dict[str, Any], moves: list[dict[str, Any]]) -> list[str]:
        return ["thing", "nothing-known"]

    def references(self) -> dict[str, Any]:
        return {"thing": object()}


class Broken(Offering):
    def offered(self, view: dict[str, Any], moves: list[dict[str, Any]]) -> list[str]:
        raise RuntimeError("a presenter's bug")


def moves(n: int) -> list[dict[str, Any]]:
    return [{"type": "pick", "n": i} for i in range(n)]


def rows_of(items: list[discord.ui.Item[Any]]) -> list[list[str]]:
    """The components as Discord lays them out (make_view's rows), by type name."""
    view = make_view(items)
    rows: dict[int, list[str]] = {}
    for child in view.children:
        rows.setdefault(child._rendered_row or 0, []).append(type(child).__name__)
    return [rows[r] for r in sorted(rows)]


def test_five_buttons_then_help_and_why_on_the_next_row() -> None:
    prompt = build_prompt(Offering(), 4, 9, {}, "u1", moves(5), str)
    assert rows_of(prompt.items) == [["MoveButton"] * 5, ["ReferencesButton", "WhyButton"]]
    refs = next(i for i in prompt.items if isinstance(i, ReferencesButton))
    why = next(i for i in prompt.items if isinstance(i, WhyButton))
    assert refs.item.custom_id == "ct:q:4:9" and why.item.custom_id == "ct:y:4:9"
    assert refs.item.label == "?" and why.item.label == t("why.button")


def test_a_paged_select_on_the_board_stays_within_the_limits() -> None:
    prompt = build_prompt(Offering(), 4, 9, {}, "u1", moves(60), str, page=1)
    board = [OpenPromptButton(4, row=4), HandButton(4, row=4)]
    rows = rows_of(prompt.items + board)
    assert rows == [
        ["MoveSelect"],
        ["PageButton", "PageButton", "ReferencesButton", "WhyButton"],
        ["OpenPromptButton", "HandButton"],
    ]
    assert all(len(r) <= 5 for r in rows) and len(rows) <= 5
    select = next(i for i in prompt.items if isinstance(i, MoveSelect))
    assert len(select.item.options) == 25


def test_no_help_button_without_entries_and_a_broken_presenter_costs_only_it() -> None:
    plain = build_prompt(Presenter(), 1, 1, {}, "u1", moves(2), str)
    assert [type(i) for i in plain.items] == [MoveButton, MoveButton, WhyButton]
    broken = build_prompt(Broken(), 1, 1, {}, "u1", moves(2), str)
    assert [type(i) for i in broken.items] == [MoveButton, MoveButton, WhyButton]


def test_teach_mode_opens_the_prompt() -> None:
    prompt = build_prompt(Presenter(), 1, 1, {}, "u1", moves(2), str, intro="Pick a number.")
    assert prompt.describe().splitlines()[0] == t("teach.intro", text="Pick a number.")
    assert not build_prompt(Presenter(), 1, 1, {}, "u1", moves(2), str).intro


@pytest.mark.parametrize("locale", ["en", "cs"])
def test_the_help_page_fits(locale: str) -> None:
    with using(locale):
        payload = help_payload(games.REGISTRY)
        embed = payload["embed"]
        assert len(embed.description or "") <= 2000 and len(embed.title or "") <= 256
        labels = [c.item.label for c in payload["view"].children]
        assert labels == [t("help.rules_button", game=t(f"game.{g}.title")) for g in games.REGISTRY]
        assert all(len(label or "") <= 80 for label in labels)


@pytest.mark.parametrize("locale", ["en", "cs"])
@pytest.mark.parametrize("game_id", sorted(games.REGISTRY))
def test_every_games_rules_pages_fit(game_id: str, locale: str) -> None:
    presenter = presenters.get(game_id)
    order = topics(presenter)
    assert order[0] == "overview" and len(order) == len(set(order))
    with using(locale):
        for topic in order:
            title, text = presenter.rules_page(topic)
            assert 0 < len(title) <= 100 and 0 < len(text) <= 4000, (topic, len(text))


def test_names_match_without_accents_or_case() -> None:
    assert fold("  Mlynářka ") == "mlynarka" and fold("ŽETON") == "zeton"
    named = [("Žeton", "a"), ("Poslední žeton", "b"), ("Příhoz", "c")]
    assert ranked("zet", named) == [("Žeton", "a"), ("Poslední žeton", "b")]
    assert ranked("PŘÍ", named) == [("Příhoz", "c")]
    assert {"help", "pomoc", "napoveda"} <= ASKS


def test_answers_are_split_into_messages_of_2000() -> None:
    entries = [f"entry {i} " + "x" * 900 for i in range(5)]
    out = pages(entries)
    assert [len(p) <= 2000 for p in out] == [True] * len(out) and len(out) == 3
    assert "".join(out).count("entry") == 5
    assert len(pages(["y" * 5000])[0]) == 2000
