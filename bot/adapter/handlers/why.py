"""A prompt's **Why?** and **?** buttons (issue 24 items 3 and 4), answered ephemerally; the
prompt itself never changes.

* **Why?**: for the player whose decision it is, what each option does now: the presenter's
  ``why`` over that player's own view and the engine's ``preview`` of each move (nothing
  they may not see); a game that says nothing more gets each option's label and description.
  Anyone else gets a short refusal, a prompt whose decision has passed says so.
* **?**: the reference entries of the things the prompt offers (``offered``), split into
  messages of at most 2,000 characters.
"""

from __future__ import annotations

from typing import Any

from bot.adapter.boundary import edge, note_game, say
from bot.adapter.handlers.common import Interaction, in_private, plays, who
from bot.adapter.handlers.rules import entry_text, pages
from bot.adapter.prompts import choices, clip, offered
from bot.adapter.publish import name_fn
from bot.core.host import SessionHost
from bot.core.store import SessionRecord
from bot.text import presenters
from bot.text.i18n import t
from bot.text.presenters.base import Preview

PAGES_MAX = 5  # messages of one answer at most


def passed(rec: SessionRecord, player: str, version: int) -> bool:
    """Whether the prompt made at ``version`` no longer asks ``player`` anything (their
    current decision began after it, or they have none)."""
    since = rec.since(player)
    if rec.status != "running" or since is None:
        return True
    return version != rec.version and since > version


def why_lines(host: SessionHost, rec: SessionRecord, player: str) -> list[str]:
    """The answer's lines: the presenter's, else each option's label and description."""
    presenter, name = presenters.get(rec.game), name_fn(rec)
    view = host.view(rec, player)
    moves = host.legal_moves(rec, player)
    options: list[tuple[dict[str, Any], Preview]] = [
        (move, host.preview(rec, player, move)) for move in moves
    ]
    lines = [
        t("why.line", label=clip(line.label, 100), text=line.text)
        for line in presenter.why(view, player, options, name)
    ]
    if lines:
        return lines
    facts = {id(move): preview for move, preview in options}
    shown = choices(presenter, view, moves, name, preview=lambda m: facts.get(id(m), {}))
    return [
        t("why.line", label=clip(c.label, 100), text=c.description) for c in shown if c.description
    ]


async def send_pages(interaction: Interaction, head: str, lines: list[str]) -> None:
    for text in pages([head, *lines])[:PAGES_MAX]:
        await say(interaction, text)


@edge
async def why(interaction: Interaction, session: int, version: int) -> None:
    host = interaction.client.host
    user, _ = who(interaction)
    rec = await host.current(session)
    note_game(interaction, rec.game)
    mine = plays(rec, user) and user in host.actors(rec)
    if not mine:
        key = "why.passed" if version != rec.version or rec.status != "running" else "why.not_yours"
        await say(interaction, t(key))
        return
    if passed(rec, user, version):
        await say(interaction, t("why.passed"))
        return
    lines = why_lines(host, rec, user) or [t("why.none")]
    await send_pages(interaction, t("why.title"), lines)


def prompt_owner(interaction: Interaction, rec: SessionRecord) -> str | None:
    """Whose prompt the clicked **?** is on: the clicker's own (a DM or ephemeral prompt),
    or the board's actor (anyone may read the board's references)."""
    if in_private(interaction):
        user, _ = who(interaction)
        return user if plays(rec, user) else None
    publisher: Any = interaction.client.publisher
    owner: str | None = publisher.public_actor(rec) if rec.status == "running" else None
    return owner


@edge
async def references(interaction: Interaction, session: int, version: int) -> None:
    host = interaction.client.host
    rec = await host.current(session)
    note_game(interaction, rec.game)
    owner = prompt_owner(interaction, rec)
    if owner is None or passed(rec, owner, version):
        await say(interaction, t("why.passed"))
        return
    presenter = presenters.get(rec.game)
    refs = presenter.references()
    keys = offered(presenter, host.view(rec, owner), host.legal_moves(rec, owner))
    entries = [entry_text(presenter, refs[k]) for k in keys]
    if not entries:
        await say(interaction, t("card.nothing_offered"))
        return
    await send_pages(interaction, t("card.offered_title"), entries)
