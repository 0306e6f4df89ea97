"""The one answer to a click on a move: the clicked message updated in place (issue 11 part 6).

A move button or select on the board, in a DM or on an ephemeral prompt is answered with one
interaction callback, ``UPDATE_MESSAGE`` (type 7), that carries the message's new look: the
board with its new image, or the player's next prompt or receipt. The bot has three seconds
for that callback; rendering is cached and usually takes a fraction of it, so the callback
waits for it. Only when the work runs past :data:`GUARD` seconds (a busy database, a cold
render) is the click acknowledged first (a deferred update, type 6) and the message edited
through the interaction's webhook when it is ready: the same picture, one request more.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.adapter import respond

log = logging.getLogger(__name__)

#: seconds of work after which a click is acknowledged before it is answered (Discord's window
#: is 3 s from the click, network time included)
GUARD = 1.8


@dataclass
class Click:
    """A move made by clicking ``message_id`` in ``channel_id`` (a DM when ``guild_id`` is
    None); ``private``: the clicked message is the player's own prompt (DM or ephemeral)."""

    interaction: discord.Interaction[Any]
    user: str
    label: str = ""
    private: bool = False
    message_id: int | None = None
    channel_id: int | None = None
    in_dm: bool = False
    _lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    _guard: asyncio.Task[None] | None = None
    answered: bool = False

    @classmethod
    def of(cls, interaction: discord.Interaction[Any], user: str, private: bool) -> Click:
        message = interaction.message
        return cls(
            interaction,
            user,
            private=private,
            message_id=message.id if message else None,
            channel_id=interaction.channel_id,
            in_dm=interaction.guild_id is None,
        )

    def start(self, budget: float = GUARD) -> None:
        """Acknowledge the click by itself if no answer is ready within ``budget`` seconds."""
        self._guard = asyncio.ensure_future(self._defer_later(budget))

    async def _defer_later(self, budget: float) -> None:
        await asyncio.sleep(budget)
        async with self._lock:
            if self.answered or self.interaction.response.is_done():
                return
            try:
                await self.interaction.response.defer()
            except discord.HTTPException as exc:
                log.warning("could not acknowledge click %s in time: %s", self.interaction.id, exc)

    async def stop(self) -> None:
        """No acknowledgement by the guard from now on (wait for one already on its way)."""
        guard, self._guard = self._guard, None
        if guard is None or guard.done():
            return
        if self._lock.locked():  # the guard is acknowledging right now: let it finish
            await asyncio.gather(guard, return_exceptions=True)
        else:
            guard.cancel()

    async def update(self, **payload: Any) -> bool:
        """Give the clicked message ``payload`` (``edit_message`` keywords); False when Discord
        did not take it (the caller then edits the message another way)."""
        await self.stop()
        async with self._lock:
            try:
                await respond.update(self.interaction, **payload)
            except (discord.HTTPException, ValueError) as exc:
                log.warning(
                    "click %s: updating the clicked message failed: %s", self.interaction.id, exc
                )
                return False
            self.answered = True
            return True

    @property
    def acknowledged(self) -> bool:
        return self.answered or self.interaction.response.is_done()

    async def ack(self) -> None:
        """Acknowledge without changing the message (its update could not be sent)."""
        await self.stop()
        async with self._lock:
            if self.interaction.response.is_done():
                return
            try:
                await self.interaction.response.defer()
            except discord.HTTPException as exc:
                log.warning("click %s: acknowledgement failed: %s", self.interaction.id, exc)
