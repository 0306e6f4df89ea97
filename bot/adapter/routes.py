"""How a component reaches its handler without importing it: the running client carries a
route table (:class:`Routes`), and a component's callback looks it up on
``interaction.client`` (RoboDanny's ``interaction.client.get_cog(...)`` pattern). So the
components never import the handlers that build messages out of them."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord

Interaction = discord.Interaction[Any]


@dataclass(frozen=True)
class Routes:
    """What each persistent component does when clicked (see :mod:`bot.adapter.components`)."""

    lobby_button: Callable[[Interaction, int, str], Awaitable[None]]
    play: Callable[[Interaction, int, int, str], Awaitable[None]]
    turn_page: Callable[[Interaction, int, int, int], Awaitable[None]]
    open_prompt: Callable[[Interaction, int], Awaitable[None]]
    show_hand: Callable[[Interaction, int | None], Awaitable[None]]
    replay_step: Callable[[Interaction, int, int, str], Awaitable[None]]
    rematch: Callable[[Interaction, int], Awaitable[None]]
    undo: Callable[[Interaction, int, int], Awaitable[None]]  # session, seq (issue 14)
    watch: Callable[[Interaction, int, bool], Awaitable[None]]  # session, on/off
    # teaching (issue 24): a prompt's "?" and "Why?" (session, version), a rules topic chosen
    # or /help's button to a game's rules (game, topic), a "help" mention or DM
    references: Callable[[Interaction, int, int], Awaitable[None]]
    why: Callable[[Interaction, int, int], Awaitable[None]]
    rules_topic: Callable[[Interaction, str, str | None], Awaitable[None]]
    help_message: Callable[[discord.Client, discord.Message], Awaitable[None]]


class RoutedClient(discord.Client):
    """A client that carries the route table of its components."""

    routes: Routes


def routes_of(interaction: Interaction) -> Routes:
    """The route table of the client that received ``interaction``."""
    client = interaction.client
    if not isinstance(client, RoutedClient):
        raise TypeError(f"{type(client).__name__} carries no component routes")
    return client.routes
