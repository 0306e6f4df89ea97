"""Answering an interaction: in time, once, and never through the deprecated path.

Discord wants an acknowledgement within three seconds. A handler either answers directly (a
message, or an update of the clicked message) or acknowledges first and then edits that first
response into the answer (``edit_original_response``): the deferred-message + follow-up path,
which Discord documents as deprecated, is never used. A follow-up message is sent only as a
second message (an answer after a component's deferred update, or a note after the answer).

:func:`within` runs a piece of work (a database write) against a budget: quick work is answered
directly, slow work (another process holds the database) is acknowledged when the budget runs
out and answered when it ends, so the user always gets an answer and it always tells the truth.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from typing import Any, TypeVar

import discord

log = logging.getLogger(__name__)
T = TypeVar("T")
#: how long a handler may work before it acknowledges (Discord allows 3 s end to end)
BUDGET = 1.5
ANSWERED = "answered"  # interaction.extras key: the first response carries the answer


def _deferred_message(interaction: discord.Interaction[Any]) -> bool:
    """Whether the first response was a "thinking" defer still to be turned into the answer."""
    kind = interaction.response.type
    return (
        kind == discord.InteractionResponseType.deferred_channel_message
        and not interaction.extras.get(ANSWERED)
    )


async def ack(
    interaction: discord.Interaction[Any], *, ephemeral: bool = True, update: bool = False
) -> None:
    """Acknowledge now, answer later: ``update`` for a component whose message will be
    edited (a deferred update), else a "thinking" message that :func:`answer` fills in."""
    if interaction.response.is_done():
        return
    if update:
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=ephemeral, thinking=True)


#: Discord's limits on what a message says: its content, an embed's description
CONTENT_LIMIT, EMBED_LIMIT = 2000, 4096


def fit(text: str | None, limit: int = CONTENT_LIMIT) -> str | None:
    """``text`` within Discord's ``limit`` ("…" where cut): every answer passes through here,
    so no refusal, however long the value it repeats, is itself refused by Discord."""
    if text is None or len(text) <= limit:
        return text
    return text[: limit - 1] + "…"


def _fitted(payload: dict[str, Any]) -> dict[str, Any]:
    """``payload`` with its embeds' descriptions fitted (their other parts are the bot's own)."""
    for embed in [payload.get("embed"), *(payload.get("embeds") or [])]:
        if isinstance(embed, discord.Embed) and embed.description:
            embed.description = fit(embed.description, EMBED_LIMIT)
    return payload


def _as_edit(content: str | None, payload: dict[str, Any]) -> dict[str, Any]:
    """Message keywords (``send_message`` style) as ``edit_original_response`` keywords."""
    out: dict[str, Any] = {k: v for k, v in payload.items() if k not in ("file", "files")}
    files = ([payload["file"]] if payload.get("file") else []) + list(payload.get("files") or [])
    if files:
        out["attachments"] = files
    if content is not None:
        out["content"] = content
    return out


async def answer(
    interaction: discord.Interaction[Any],
    content: str | None = None,
    *,
    ephemeral: bool = True,
    **payload: Any,
) -> None:
    """Answer with a message: directly when not acknowledged yet; after a "thinking" defer by
    editing that message (its visibility was chosen by the defer); otherwise (the answer was
    given, or a component's deferred update) as a new follow-up message. The text is fitted
    to Discord's limits (:func:`fit`)."""
    payload = _fitted({k: v for k, v in payload.items() if v is not None})
    content = fit(content)
    if not interaction.response.is_done():
        await interaction.response.send_message(content, ephemeral=ephemeral, **payload)
    elif _deferred_message(interaction):
        await interaction.edit_original_response(**_as_edit(content, payload))
    else:
        await interaction.followup.send(
            content or discord.utils.MISSING, ephemeral=ephemeral, **payload
        )
    interaction.extras[ANSWERED] = True


async def update(interaction: discord.Interaction[Any], **payload: Any) -> None:
    """Change the clicked message: an update response, or an edit after a deferred update."""
    if isinstance(payload.get("content"), str):
        payload["content"] = fit(payload["content"])
    payload = _fitted(payload)
    if not interaction.response.is_done():
        await interaction.response.edit_message(**payload)
    else:
        await interaction.edit_original_response(**_as_edit(None, payload))
    interaction.extras[ANSWERED] = True


async def within(
    interaction: discord.Interaction[Any],
    work: Awaitable[T],
    *,
    ephemeral: bool = True,
    update: bool = False,
    budget: float = BUDGET,
) -> T:
    """``await work``, acknowledging the interaction (:func:`ack`) if it takes longer than
    ``budget`` seconds. The work is never cancelled: a write that finishes late is still
    reported, so the answer matches what was stored."""
    task = asyncio.ensure_future(work)
    try:
        return await asyncio.wait_for(asyncio.shield(task), budget)
    except TimeoutError:
        try:
            await ack(interaction, ephemeral=ephemeral, update=update)
        except discord.HTTPException as exc:  # the user sees no answer; the work goes on
            log.warning("could not acknowledge interaction %s in time: %s", interaction.id, exc)
        return await task
