"""Turn prompts built from ``legal_moves``: buttons for a few moves, a paged select for many."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.adapter import custom_ids as ids
from bot.adapter.components import MoveButton, MoveSelect, PageButton
from bot.adapter.components_teach import ReferencesButton, WhyButton
from bot.text.i18n import t
from bot.text.presenters import Presenter
from bot.text.presenters.base import Preview

log = logging.getLogger(__name__)

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
    #: teach mode's explanation of the step, the first time this player meets it (issue 24)
    intro: str = ""

    def describe(self) -> str:
        lines = (
            ([t("teach.intro", text=self.intro)] if self.intro else [])
            + [f"**{self.text}**"]
            + ([self.context] if self.context else [])
            + [f"· {d}" for d in self.details]
        )
        return "\n".join(lines)


#: ``follow(move)``: the view after ``move`` and the same player's secret moves then, when
#: ``move`` leads straight to them (``SessionHost.follow_ups``), else None
Follow = Callable[[dict[str, Any]], "tuple[dict[str, Any], list[dict[str, Any]]] | None"]
#: ``preview(move)``: what ``move`` would do now (``SessionHost.preview``), ``{}`` if unknown
PreviewFn = Callable[[dict[str, Any]], Preview]


@dataclass(frozen=True)
class Choice:
    """One option of a prompt: a move, or a public move with its secret follow-up."""

    digest: str  # the custom_id part: a move hash, or two joined by CHAIN
    label: str
    description: str | None
    secondary: bool


def choices(
    presenter: Presenter,
    view: dict[str, Any],
    moves: list[dict[str, Any]],
    name: Callable[[str], str],
    follow: Follow | None = None,
    preview: PreviewFn | None = None,
) -> list[Choice]:
    """The options for ``moves``: a move of the presenter's ``chained_moves`` that leads to a
    secret decision of the same player is offered once per follow-up, both parts in one.
    ``preview`` gives the engine's facts of each move to the presenter's labels."""
    out: list[Choice] = []
    for move in moves:
        facts = preview(move) if preview is not None else {}
        nxt = (
            follow(move)
            if follow is not None and move.get("type") in presenter.chained_moves
            else None
        )
        if nxt is None:
            out.append(
                Choice(
                    ids.move_hash(move),
                    presenter.move_label(view, move, name, facts) or str(move.get("type", "?")),
                    presenter.move_description(view, move, name, facts),
                    move.get("type") in presenter.secondary_moves,
                )
            )
            continue
        after, then_moves = nxt
        for then in then_moves:
            out.append(
                Choice(
                    ids.chain_hash(move, then),
                    presenter.chain_label(view, move, after, then, name, facts),
                    presenter.chain_description(view, move, after, then, name, facts),
                    False,
                )
            )
    return out


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
    follow: Follow | None = None,
    preview: PreviewFn | None = None,
    intro: str | None = None,
) -> Prompt:
    """The components for ``player``'s ``moves`` (all made at ``version``); the moves the
    presenter calls secondary (pass, decline) are grey buttons. With ``follow``, a public
    move and its secret follow-up are one option (:func:`choices`). Under the options, on
    the row of the paging buttons: **?** (when the presenter names things the options offer)
    and **Why?** (:func:`teaching_items`); ``intro``: teach mode's words above the question."""
    text = presenter.prompt_text(view, player, name)
    context = presenter.prompt_context(view, player, name) or ""
    options = choices(presenter, view, moves, name, follow, preview)
    labels = [clip(c.label, 80) for c in options]
    items: list[discord.ui.Item[Any]] = []
    extra = teaching_items(presenter, session, version, view, moves, first_row + 1)
    if len(options) <= BUTTONS_MAX:
        details = []
        for choice, label in zip(options, labels, strict=True):
            if choice.description:
                details.append(f"{label}: {clip(choice.description, 100)}")
            style = (
                discord.ButtonStyle.secondary if choice.secondary else discord.ButtonStyle.primary
            )
            items.append(
                MoveButton(session, version, choice.digest, label=label, style=style, row=first_row)
            )
        return Prompt(text, items + extra, details, context, intro or "")
    items.extend(select_page(session, version, options, page, first_row))
    return Prompt(text, items + extra, context=context, intro=intro or "")


def offered(presenter: Presenter, view: dict[str, Any], moves: list[dict[str, Any]]) -> list[str]:
    """The reference keys of what ``moves`` offer that the presenter has entries for (a
    presenter's mistake costs the **?** button, never the prompt)."""
    try:
        refs = presenter.references()
        return [k for k in dict.fromkeys(presenter.offered(view, moves)) if k in refs]
    except Exception:
        log.exception("%s: offered() failed", presenter.game_id)
        return []


def teaching_items(
    presenter: Presenter,
    session: int,
    version: int,
    view: dict[str, Any],
    moves: list[dict[str, Any]],
    row: int,
) -> list[discord.ui.Item[Any]]:
    """**?** (the reference of the things offered, when there are any) and **Why?**."""
    items: list[discord.ui.Item[Any]] = []
    if offered(presenter, view, moves):
        items.append(ReferencesButton(session, version, label=t("card.button"), row=row))
    items.append(WhyButton(session, version, label=clip(t("why.button"), 80), row=row))
    return items


def select_page(
    session: int, version: int, options: list[Choice], page: int, first_row: int
) -> list[discord.ui.Item[Any]]:
    """More options than buttons: one page of a select menu (25 options), with paging buttons
    under it when there are several pages."""
    items: list[discord.ui.Item[Any]] = []
    pages = max(1, (len(options) + PAGE - 1) // PAGE)
    page = max(0, min(page, pages - 1))
    chunk = list(range(page * PAGE, min(len(options), (page + 1) * PAGE)))
    select_options = []
    for i in chunk:
        desc = options[i].description
        select_options.append(
            discord.SelectOption(
                label=clip(options[i].label, 100),
                value=options[i].digest,
                description=clip(desc, 100) if desc else None,
            )
        )
    placeholder = (
        t("prompt.choose") if pages == 1 else t("prompt.choose_page", page=page + 1, pages=pages)
    )
    items.append(
        MoveSelect(
            session,
            version,
            page,
            options=select_options,
            placeholder=clip(placeholder, 150),
            row=first_row,
        )
    )
    if pages > 1:
        items.append(
            PageButton(
                session,
                version,
                page - 1,
                label=t("prompt.prev"),
                disabled=page == 0,
                row=first_row + 1,
            )
        )
        items.append(
            PageButton(
                session,
                version,
                page + 1,
                label=t("prompt.next"),
                disabled=page >= pages - 1,
                row=first_row + 1,
            )
        )
    return items


def make_view(items: list[discord.ui.Item[Any]]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view
