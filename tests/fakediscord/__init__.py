"""A local fake of the Discord API for end-to-end tests of the bot.

The unmodified discord.py client connects to it once two attributes point here
(``discord.http.Route.BASE`` and ``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY``,
see ``FakeDiscord.patch_discord``). Modules:

* ``server``   FakeDiscord: aiohttp app, world building, recording, waiting, faults
* ``gateway``  the websocket: HELLO, IDENTIFY/READY, GUILD_CREATE, heartbeats, RESUME, dispatch
* ``rest``     the REST routes (commands, interaction callbacks, webhooks, messages, DMs)
* ``messages`` message bodies: JSON/multipart parsing, Discord's limits, create/edit semantics
* ``actions``  what users do: slash, click, select, submit_modal -> InteractionResult
* ``models``   users, guilds, channels, messages, interactions and their Discord payloads
* ``faults``   429/5xx/slow/any-status answers on demand
* ``strict``   the named checks that make the fake as strict as Discord (switchable)
* ``openapi``  Discord's OpenAPI description (optional): route -> request body schema
* ``schema``   a small JSON-Schema validator for the keywords that description uses
* ``limits``   documented limits (embeds, components, files, commands), with or without the schema
* ``permissions`` channel permission overwrites
* ``ratelimits`` per-route buckets and the global limit, with Discord's headers and 429s

Usage::

    async with FakeDiscord.running() as fake:
        guild = fake.add_guild("Table"); general = fake.add_channel(guild, "general")
        alice = fake.add_user("alice"); bob = fake.add_user("bob", dms_open=False)
        ...start the bot (token anything)...
        await fake.wait_ready()
        lobby = await fake.slash(alice, general, "game new", game="majesty")
        await fake.click(bob, lobby, "Join")
        await fake.idle()
        assert fake.dms(alice)[-1].labels == [...]
"""

from .actions import InteractionResult, UserCannot
from .faults import Fault
from .models import (
    EPHEMERAL,
    LOADING,
    P_ADMINISTRATOR,
    P_MANAGE_CHANNELS,
    Attachment,
    Channel,
    Guild,
    Interaction,
    Member,
    Message,
    User,
    png_size,
)
from .server import FakeDiscord, FakeTimeout, RequestRecord

__all__ = [
    "EPHEMERAL",
    "LOADING",
    "P_ADMINISTRATOR",
    "P_MANAGE_CHANNELS",
    "Attachment",
    "Channel",
    "FakeDiscord",
    "FakeTimeout",
    "Fault",
    "Guild",
    "Interaction",
    "InteractionResult",
    "Member",
    "Message",
    "RequestRecord",
    "User",
    "UserCannot",
    "png_size",
]
