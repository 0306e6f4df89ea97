"""Prompts built from legal_moves: buttons for a few moves, a select paged by 25 for many."""

from __future__ import annotations

from bot.adapter import custom_ids as ids
from bot.adapter.components import MoveButton, MoveSelect, PageButton
from bot.adapter.prompts import build_prompt
from bot.text.presenters.base import Presenter


class Numbers(Presenter):
    def move_label(self, view, move, name, preview=None):  # type: ignore[no-untyped-def]
        return f"Number {move['n']}"

    def move_description(self, view, move, name, preview=None):  # type: ignore[no-untyped-def]
        return f"costs {move['n']}"


def moves(count: int) -> list[dict]:
    return [{"type": "pick", "n": i} for i in range(count)]


def move_items(prompt):  # type: ignore[no-untyped-def]
    """The prompt's move buttons and selects (without its "?" and "Why?", issue 24)."""
    return [i for i in prompt.items if isinstance(i, MoveButton | MoveSelect)]


def test_a_few_moves_are_buttons_with_their_effects_listed() -> None:
    prompt = build_prompt(Numbers(), 7, 3, {}, "u1", moves(4), str)
    assert [type(i) for i in move_items(prompt)] == [MoveButton] * 4
    assert [i.item.label for i in move_items(prompt)] == [f"Number {n}" for n in range(4)]
    assert prompt.items[2].item.custom_id == ids.move_id(7, 3, {"type": "pick", "n": 2})
    assert "Number 3: costs 3" in prompt.describe()


def test_many_moves_are_a_select_paged_by_25() -> None:
    all_moves = moves(60)
    first = build_prompt(Numbers(), 7, 3, {}, "u1", all_moves, str, page=0)
    select = next(i for i in first.items if isinstance(i, MoveSelect))
    assert len(select.item.options) == 25
    assert select.item.options[0].description == "costs 0"
    pages = [i for i in first.items if isinstance(i, PageButton)]
    assert [p.page for p in pages] == [-1, 1] and pages[0].item.disabled
    last = build_prompt(Numbers(), 7, 3, {}, "u1", all_moves, str, page=2)
    select = next(i for i in last.items if isinstance(i, MoveSelect))
    assert [o.label for o in select.item.options] == [f"Number {n}" for n in range(50, 60)]
    assert next(i for i in last.items if isinstance(i, PageButton) and i.page == 3).item.disabled
    # every option value finds its move again, on any page
    for page in range(3):
        p = build_prompt(Numbers(), 7, 3, {}, "u1", all_moves, str, page=page)
        sel = next(i for i in p.items if isinstance(i, MoveSelect))
        for option in sel.item.options:
            assert ids.find_move(all_moves, option.value)["n"] == int(option.label.split()[1])


def test_the_presenters_declining_moves_are_grey_buttons() -> None:
    """Which moves decline to act is the game's declaration, not a list in the adapter."""
    import discord

    presenter = Numbers(secondary_moves=frozenset({"pass"}))
    prompt = build_prompt(presenter, 7, 3, {}, "u1", [*moves(2), {"type": "pass", "n": 9}], str)
    styles = [i.item.style for i in move_items(prompt)]
    assert styles == [discord.ButtonStyle.primary] * 2 + [discord.ButtonStyle.secondary]
    plain = build_prompt(Numbers(), 7, 3, {}, "u1", [*moves(2), {"type": "pass", "n": 9}], str)
    assert {i.item.style for i in move_items(plain)} == {discord.ButtonStyle.primary}
