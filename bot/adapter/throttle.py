"""Where every interaction enters the bot, its work is bounded (issue 31 item 3).

Two gates, both ahead of any store read or Discord request of a handler: the command tree's
``interaction_check`` (:func:`gate_commands`: slash commands and their autocomplete) and the
route table of the persistent components (:func:`limited`: every button and select). Each asks
the client's :class:`~bot.core.ratelimit.Limiter` for a token of the user's bucket and of the
table's: a component names its table (``s:<session>``, wherever it was clicked, a DM prompt
too), a command is about its channel's table (``c:<channel>``: one table per channel). A
refused interaction gets one ephemeral "slow down" answer (an autocomplete an empty list: it
cannot be answered with a message) and nothing else: no store read or write, no other request.

The buckets are per process: with several processes each runs its own shards, and Discord
sends a server's interactions to the shard of that server, so one user's clicks at one table
always meet the same buckets (a DM click goes to shard 0's process: the worst case is a user
getting one burst per process they reach, still bounded).
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable
from dataclasses import fields, replace
from typing import Any

import discord

from bot.adapter.boundary import say
from bot.adapter.routes import Routes
from bot.core import metrics
from bot.core.ratelimit import Limiter
from bot.text.i18n import set_current, t

log = logging.getLogger(__name__)
Interaction = discord.Interaction[Any]
Check = Callable[[Interaction], Awaitable[bool]]
#: the routes whose first argument after the interaction is a table's session id
BY_SESSION = frozenset(
    {
        "lobby_button",
        "play",
        "turn_page",
        "open_prompt",
        "show_hand",
        "replay_step",
        "rematch",
        "undo",
        "watch",
        "references",
        "why",
    }
)


def limiter_of(client: Any) -> Limiter | None:
    """The client's limiter (None for a client without one: nothing is limited)."""
    found = getattr(client, "limiter", None)
    return found if isinstance(found, Limiter) else None


def admit(interaction: Interaction, table: str | None) -> bool:
    """Whether ``interaction`` may do its work (a token taken from the user's and the
    table's buckets)."""
    limiter = limiter_of(interaction.client)
    return limiter is None or limiter.admit(str(interaction.user.id), table)


async def slow_down(interaction: Interaction, kind: str) -> None:
    """The one answer of a refused interaction."""
    metrics.THROTTLED.labels(kind).inc()
    log.info("slowed down user %s (%s)", interaction.user.id, kind)
    try:
        if interaction.type is discord.InteractionType.autocomplete:
            if not interaction.response.is_done():
                await interaction.response.autocomplete([])
            return
        set_current(interaction.locale)
        await say(interaction, t("error.slow_down"))
    except discord.HTTPException as exc:  # expired or already answered: nothing more to do
        log.info("slow down answer failed: %s", exc)


def gate_commands(check: Check) -> Check:
    """The command tree's ``interaction_check``: the buckets first, then ``check``."""

    @functools.wraps(check)
    async def gate(interaction: Interaction) -> bool:
        table = f"c:{interaction.channel_id}" if interaction.channel_id else None
        if not admit(interaction, table):
            kind = (
                "autocomplete"
                if interaction.type is discord.InteractionType.autocomplete
                else "command"
            )
            await slow_down(interaction, kind)
            return False
        return await check(interaction)

    return gate


def _component(name: str, handler: Callable[..., Awaitable[None]]) -> Callable[..., Any]:
    @functools.wraps(handler)
    async def gated(interaction: Interaction, *args: Any) -> None:
        session = args[0] if name in BY_SESSION and args else None
        table = f"s:{session}" if isinstance(session, int) else None
        if not admit(interaction, table):
            await slow_down(interaction, "component")
            return
        await handler(interaction, *args)

    return gated


def _message(handler: Callable[..., Awaitable[None]]) -> Callable[..., Any]:
    """A "help" message (not an interaction): one past the user's bucket gets no answer."""

    @functools.wraps(handler)
    async def gated(client: discord.Client, message: discord.Message) -> None:
        limiter = limiter_of(client)
        if limiter is not None and not limiter.admit(str(message.author.id)):
            metrics.THROTTLED.labels("message").inc()
            return
        await handler(client, message)

    return gated


def limited(routes: Routes) -> Routes:
    """``routes`` with every component's route behind the buckets."""
    changes: dict[str, Any] = {}
    for f in fields(routes):
        handler = getattr(routes, f.name)
        changes[f.name] = (
            _message(handler) if f.name == "help_message" else _component(f.name, handler)
        )
    return replace(routes, **changes)
