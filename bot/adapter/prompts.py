"""Turn prompts built from ``legal_moves``: buttons for a few moves, a paged select for many."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.adapter import custom_ids as ids
from bot.adapter.components import MoveButton, MoveSelect, PageButton
from bot.text.i18n import t
from bot.text.presenters import Presenter

BUTTONS_MAX = 5  # up to this many moves become buttons in one row
PAGE = 25  # select menu options per page


def clip(text: str, limit: int) -> str:
    """One line of at most ``limit`` characters (labels, option texts)."""
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def clip_block(text: str, limit: int) -> str:
    """A multi-line text (embed descriptions) cut at ``limit`` characters, newlines kept."""
    text = str(text).strip()
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


@dataclass
class Prompt:
    text: str
    items: list[discord.ui.Item[Any]]
    #: "label: what it does" lines for buttons (a select shows them under each option)
    details: list[str] = field(default_factory=list)
    #: the public facts the decision needs (the presenter's ``prompt_context``), under the text
    context: str = ""

    def describe(self) -> str:
        lines = [f"**{self.text}**"] + ([self.context] if self.context else []) + [
            f"· {d}" for d in self.details]
        return "\n".join(lines)


def build_prompt(
    presenter: Presenter,
    session: int,
    version: int,
    view: dict[str, Any],
    player: str,
    moves: list[dict[str, Any]],
    name: Callable[[str], str],
    page: int = 0,
    first_row: int = 0,
) -> Prompt:
    """The components for ``player``'s ``moves`` (all made at ``version``); the moves the
    presenter calls secondary (pass, decline) are grey buttons."""
    text = presenter.prompt_text(view, player, name)
    context = presenter.prompt_context(view, player, name) or ""
    labels = [clip(presenter.move_label(view, m, name) or str(m.get("type", "?")), 80)
              for m in moves]
    items: list[discord.ui.Item[Any]] = []
    if len(moves) <= BUTTONS_MAX:
        details = []
        for move, label in zip(moves, labels, strict=True):
            desc = presenter.move_description(view, move, name)
            if desc:
                details.append(f"{label}: {clip(desc, 100)}")
            style = (discord.ButtonStyle.secondary
                     if move.get("type") in presenter.secondary_moves
                     else discord.ButtonStyle.primary)
            items.append(MoveButton(session, version, ids.move_hash(move), label=label,
                                    style=style, row=first_row))
        return Prompt(text, items, details, context)
    pages = max(1, (len(moves) + PAGE - 1) // PAGE)
    page = max(0, min(page, pages - 1))
    chunk = list(range(page * PAGE, min(len(moves), (page + 1) * PAGE)))
    options = []
    for i in chunk:
        desc = presenter.move_description(view, moves[i], name)
        options.append(discord.SelectOption(
            label=clip(labels[i], 100), value=ids.move_hash(moves[i]),
            description=clip(desc, 100) if desc else None,
        ))
    placeholder = t("prompt.choose") if pages == 1 else t(
        "prompt.choose_page", page=page + 1, pages=pages)
    items.append(MoveSelect(session, version, page, options=options,
                            placeholder=clip(placeholder, 150), row=first_row))
    if pages > 1:
        items.append(PageButton(session, version, page - 1, label=t("prompt.prev"),
                                disabled=page == 0, row=first_row + 1))
        items.append(PageButton(session, version, page + 1, label=t("prompt.next"),
                                disabled=page >= pages - 1, row=first_row + 1))
    return Prompt(text, items, context=context)


def make_view(items: list[discord.ui.Item[Any]]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view
