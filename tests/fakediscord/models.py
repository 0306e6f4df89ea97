"""In-memory Discord world: users, guilds, channels, messages, interactions.

Every object knows how to render itself as the JSON payload real Discord would send
(snowflake ids as strings, ISO timestamps, the keys discord.py 2.x reads).
"""

from __future__ import annotations

import copy
import datetime as dt
import itertools
import struct
import time
from dataclasses import dataclass, field
from typing import Any

DISCORD_EPOCH_MS = 1420070400000

# Channel types
TEXT, DM, PUBLIC_THREAD, PRIVATE_THREAD = 0, 1, 11, 12

# Message flags
EPHEMERAL = 1 << 6
LOADING = 1 << 7
SUPPRESS_EMBEDS = 1 << 2
SUPPRESS_NOTIFICATIONS = 1 << 12
IS_COMPONENTS_V2 = 1 << 15

# Interaction types (what the user did)
PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5

# Interaction callback types (how the bot answered)
PONG = 1
CHANNEL_MESSAGE = 4
DEFERRED_CHANNEL_MESSAGE = 5
DEFERRED_UPDATE_MESSAGE = 6
UPDATE_MESSAGE = 7
AUTOCOMPLETE_RESULT = 8
MODAL = 9
CALLBACK_NAMES = {
    1: "pong",
    4: "channel_message",
    5: "deferred_channel_message",
    6: "deferred_update_message",
    7: "update_message",
    8: "autocomplete_result",
    9: "modal",
}

# Permission bits (the ones a game bot cares about)
P_CREATE_INSTANT_INVITE = 1 << 0
P_ADMINISTRATOR = 1 << 3
P_MANAGE_CHANNELS = 1 << 4
P_MANAGE_GUILD = 1 << 5
P_ADD_REACTIONS = 1 << 6
P_VIEW_CHANNEL = 1 << 10
P_SEND_MESSAGES = 1 << 11
P_MANAGE_MESSAGES = 1 << 13
P_EMBED_LINKS = 1 << 14
P_ATTACH_FILES = 1 << 15
P_READ_MESSAGE_HISTORY = 1 << 16
P_USE_APPLICATION_COMMANDS = 1 << 31
P_MANAGE_THREADS = 1 << 34
P_CREATE_PUBLIC_THREADS = 1 << 35
P_SEND_MESSAGES_IN_THREADS = 1 << 38
ALL_PERMISSIONS = (1 << 50) - 1

EVERYONE_PERMISSIONS = (
    P_CREATE_INSTANT_INVITE
    | P_ADD_REACTIONS
    | P_VIEW_CHANNEL
    | P_SEND_MESSAGES
    | P_EMBED_LINKS
    | P_ATTACH_FILES
    | P_READ_MESSAGE_HISTORY
    | P_USE_APPLICATION_COMMANDS
    | P_CREATE_PUBLIC_THREADS
    | P_SEND_MESSAGES_IN_THREADS
)
BOT_PERMISSIONS = EVERYONE_PERMISSIONS | P_MANAGE_MESSAGES | P_MANAGE_THREADS

_counter = itertools.count(1)


def snowflake() -> int:
    """A real-looking snowflake: creation time in the top bits, so discord.py's
    ``created_at`` works, and a process-wide counter to keep them unique and ordered."""
    ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
    return (ms << 22) | (next(_counter) & 0x3FFFFF)


def iso_now() -> str:
    return dt.datetime.now(dt.UTC).isoformat()


@dataclass(eq=False)
class User:
    id: int
    name: str
    bot: bool = False
    dms_open: bool = True
    dm_channel: Channel | None = None
    #: the language of the user's Discord client (an interaction's ``locale``)
    locale: str = "en-US"

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.name,
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
            "flags": 0,
        }

    def __repr__(self) -> str:
        return f"<User {self.name} {self.id}>"


@dataclass(eq=False)
class Role:
    id: int
    name: str
    permissions: int
    position: int = 0

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }


@dataclass(eq=False)
class Member:
    user: User
    guild: Guild
    roles: list[Role] = field(default_factory=list)
    nick: str | None = None
    joined_at: str = field(default_factory=iso_now)

    @property
    def permissions(self) -> int:
        """Guild-level permissions: @everyone + roles; owner/administrator get everything."""
        if self.user.id == self.guild.owner_id:
            return ALL_PERMISSIONS
        perms = self.guild.everyone.permissions
        for role in self.roles:
            perms |= role.permissions
        return ALL_PERMISSIONS if perms & P_ADMINISTRATOR else perms

    def payload(self, *, with_permissions: bool = False) -> dict[str, Any]:
        data = {
            "user": self.user.payload(),
            "nick": self.nick,
            "avatar": None,
            "banner": None,
            "roles": [str(r.id) for r in self.roles],
            "joined_at": self.joined_at,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
        }
        if with_permissions:
            data["permissions"] = str(self.permissions)
        return data


@dataclass(eq=False)
class Guild:
    id: int
    name: str
    owner_id: int
    everyone: Role = None  # type: ignore[assignment]
    roles: list[Role] = field(default_factory=list)
    channels: list[Channel] = field(default_factory=list)
    members: dict[int, Member] = field(default_factory=dict)
    #: the server's language (``preferred_locale``, an interaction's ``guild_locale``)
    preferred_locale: str = "en-US"

    def __post_init__(self) -> None:
        if self.everyone is None:
            self.everyone = Role(id=self.id, name="@everyone", permissions=EVERYONE_PERMISSIONS)
            self.roles.insert(0, self.everyone)

    def role_for(self, permissions: int) -> Role:
        """A role granting exactly `permissions` (created on first use)."""
        for role in self.roles[1:]:
            if role.permissions == permissions:
                return role
        role = Role(
            id=snowflake(),
            name=f"perms-{permissions}",
            permissions=permissions,
            position=len(self.roles),
        )
        self.roles.append(role)
        return role

    def payload(self) -> dict[str, Any]:
        """The full GUILD_CREATE payload."""
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [r.payload() for r in self.roles],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "preferred_locale": self.preferred_locale,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "joined_at": iso_now(),
            "large": False,
            "unavailable": False,
            "member_count": len(self.members),
            "voice_states": [],
            "members": [m.payload() for m in self.members.values()],
            "channels": [c.payload() for c in self.channels if not c.is_thread],
            "threads": [c.payload() for c in self.channels if c.is_thread],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    def __repr__(self) -> str:
        return f"<Guild {self.name} {self.id}>"


@dataclass(eq=False)
class Channel:
    id: int
    type: int
    name: str = ""
    guild: Guild | None = None
    parent: Channel | None = None  # threads
    recipient: User | None = None  # DM channels
    owner_id: int | None = None  # threads
    messages: list[Message] = field(default_factory=list)
    #: permission overwrites {"id", "type" (0 role, 1 member), "allow", "deny"}; threads use
    #: their parent's (see permissions.py)
    overwrites: list[dict[str, Any]] = field(default_factory=list)

    @property
    def is_thread(self) -> bool:
        return self.type in (PUBLIC_THREAD, PRIVATE_THREAD)

    @property
    def is_dm(self) -> bool:
        return self.type == DM

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def payload(self) -> dict[str, Any]:
        last = str(self.messages[-1].id) if self.messages else None
        if self.is_dm:
            return {
                "id": str(self.id),
                "type": DM,
                "last_message_id": last,
                "flags": 0,
                "recipients": [self.recipient.payload()] if self.recipient else [],
            }
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild.id) if self.guild else None,
            "name": self.name,
            "position": self.guild.channels.index(self) if self.guild else 0,
            "permission_overwrites": [
                {
                    "id": str(o["id"]),
                    "type": o["type"],
                    "allow": str(o["allow"]),
                    "deny": str(o["deny"]),
                }
                for o in self.overwrites
            ],
            "parent_id": str(self.parent.id) if self.parent else None,
            "topic": None,
            "nsfw": False,
            "last_message_id": last,
            "rate_limit_per_user": 0,
            "flags": 0,
        }
        if self.is_thread:
            data.update(
                {
                    "owner_id": str(self.owner_id or 0),
                    "message_count": len(self.messages),
                    "member_count": 1,
                    "total_message_sent": len(self.messages),
                    "thread_metadata": {
                        "archived": False,
                        "auto_archive_duration": 1440,
                        "archive_timestamp": iso_now(),
                        "locked": False,
                        "invitable": True,
                        "create_timestamp": iso_now(),
                    },
                }
            )
            del data["permission_overwrites"]
        return data

    def __repr__(self) -> str:
        kind = {TEXT: "text", DM: "dm", PUBLIC_THREAD: "thread", PRIVATE_THREAD: "thread"}[
            self.type
        ]
        return f"<Channel {kind} {self.name or self.recipient} {self.id}>"


def png_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) of a PNG, or None if `data` is not a PNG."""
    if len(data) >= 24 and data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR":
        return struct.unpack(">II", data[16:24])
    return None


@dataclass(eq=False)
class Attachment:
    id: int
    filename: str
    data: bytes
    url: str
    description: str | None = None
    content_type: str | None = None

    @property
    def is_png(self) -> bool:
        return png_size(self.data) is not None

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type
            or ("image/png" if self.is_png else "application/octet-stream"),
        }
        if self.description:
            data["description"] = self.description
        size = png_size(self.data)
        if size:
            data["width"], data["height"] = size
        return data


def walk_components(components: list[dict]) -> list[dict]:
    """Every component in a message, depth first: action rows, their buttons and selects,
    and components-v2 containers/sections (their `components`, `component`, `accessory`)."""
    found: list[dict] = []
    stack = list(reversed(components or []))
    while stack:
        comp = stack.pop()
        found.append(comp)
        children = list(comp.get("components") or [])
        for key in ("component", "accessory"):
            if isinstance(comp.get(key), dict):
                children.append(comp[key])
        stack.extend(reversed(children))
    return found


@dataclass(eq=False)
class Message:
    """A message as Discord stores it. `versions` keeps every state the message ever had
    (creation and each edit), so leak checks can scan content that was later edited away."""

    id: int
    channel: Channel
    author: User
    content: str = ""
    embeds: list[dict] = field(default_factory=list)
    components: list[dict] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    timestamp: str = field(default_factory=iso_now)
    edited_timestamp: str | None = None
    webhook_id: int | None = None
    application_id: int | None = None
    interaction: Interaction | None = None  # the interaction this message answers
    visible_to: User | None = None  # ephemeral messages: the only user who sees them
    deleted: bool = False
    versions: list[dict] = field(default_factory=list)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """A deferred response ("Bot is thinking...") not yet filled in."""
        return bool(self.flags & LOADING)

    def snapshot(self) -> None:
        self.versions.append(
            {
                "content": self.content,
                "embeds": copy.deepcopy(self.embeds),
                "components": copy.deepcopy(self.components),
                "attachments": [a.filename for a in self.attachments],
                "flags": self.flags,
            }
        )

    def can_see(self, user: User) -> bool:
        if self.deleted:
            return False
        if self.visible_to is not None:
            return self.visible_to is user
        if self.channel.is_dm:
            return self.channel.recipient is user
        guild = self.channel.guild
        return guild is not None and user.id in guild.members

    # --- reading the message the way a test wants to ---------------------------------
    def all_components(self) -> list[dict]:
        return walk_components(self.components)

    def buttons(self) -> list[dict]:
        return [c for c in self.all_components() if c.get("type") == 2]

    def selects(self) -> list[dict]:
        return [c for c in self.all_components() if c.get("type") in (3, 5, 6, 7, 8)]

    @property
    def labels(self) -> list[str]:
        return [b.get("label") or "" for b in self.buttons()]

    @property
    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.all_components() if "custom_id" in c]

    def attachment(self, filename: str) -> bytes:
        for a in self.attachments:
            if a.filename == filename:
                return a.data
        raise KeyError(
            f"{self!r} has no attachment {filename!r}; has {[a.filename for a in self.attachments]}"
        )

    def text(self, *, history: bool = True) -> str:
        """Every human-readable string in the message (content, embeds, component labels,
        select options, attachment names), from every version when `history` is true."""
        versions = self.versions if history else self.versions[-1:]
        parts: list[str] = []
        for v in versions:
            parts.append(v["content"] or "")
            parts.extend(_strings(v["embeds"]))
            parts.extend(_strings(v["components"], components=True))
            parts.extend(v["attachments"])
        return "\n".join(p for p in parts if p)

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel.id),
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [a.payload() for a in self.attachments],
            "embeds": copy.deepcopy(self.embeds),
            "components": copy.deepcopy(self.components),
            "pinned": False,
            "type": self.type,
            "flags": self.flags,
        }
        if self.channel.guild is not None:
            data["guild_id"] = str(self.channel.guild.id)
        if self.webhook_id:
            data["webhook_id"] = str(self.webhook_id)
        if self.application_id:
            data["application_id"] = str(self.application_id)
        if self.interaction is not None:
            data["interaction_metadata"] = self.interaction.metadata()
            data["interaction"] = {
                "id": str(self.interaction.id),
                "type": self.interaction.type,
                "name": self.interaction.command_name or "",
                "user": self.interaction.user.payload(),
            }
        return data

    def __repr__(self) -> str:
        eph = " ephemeral" if self.ephemeral else ""
        return f"<Message {self.id} in {self.channel!r}{eph} {self.content[:40]!r}>"


def _strings(obj: Any, components: bool = False) -> list[str]:
    out: list[str] = []
    if isinstance(obj, str):
        out.append(obj)
    elif isinstance(obj, dict):
        for key, value in obj.items():
            if key in (
                "type",
                "style",
                "custom_id",
                "id",
                "url",
                "proxy_url",
                "color",
                "width",
                "height",
                "min_values",
                "max_values",
                "disabled",
                "spoiler",
            ):
                continue
            if components and key in ("value", "default"):
                continue  # a select option's value is sent back to the bot, never shown
            out.extend(_strings(value, components))
    elif isinstance(obj, list):
        for item in obj:
            out.extend(_strings(item, components))
    return out


@dataclass(eq=False)
class Interaction:
    """One INTERACTION_CREATE the fake dispatched and everything the bot did with it."""

    id: int
    token: str
    type: int
    user: User
    channel: Channel
    data: dict
    payload: dict
    command_name: str | None = None
    message: Message | None = None  # the message a component/modal was used on
    dispatched_at: float | None = None  # loop.time() when the frame went to the bot
    acked_at: float | None = None  # loop.time() of the first callback
    response_type: int | None = None
    response_data: dict | None = None
    original: Message | None = None  # what /messages/@original refers to
    followups: list[Message] = field(default_factory=list)
    modal: dict | None = None  # data of a MODAL callback
    late: bool = False  # the callback came after the 3 s window
    errors: list[str] = field(default_factory=list)

    @property
    def acknowledged(self) -> bool:
        return self.response_type is not None

    @property
    def ack_latency(self) -> float | None:
        if self.dispatched_at is None or self.acked_at is None:
            return None
        return self.acked_at - self.dispatched_at

    def metadata(self) -> dict[str, Any]:
        guild = self.channel.guild
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "user": self.user.payload(),
            "authorizing_integration_owners": {"0": str(guild.id) if guild else "0"},
        }
        if self.original is not None:
            data["original_response_message_id"] = str(self.original.id)
        if self.type == MESSAGE_COMPONENT and self.message is not None:
            data["interacted_message_id"] = str(self.message.id)
        return data

    def __repr__(self) -> str:
        what = self.command_name or self.data.get("custom_id")
        return f"<Interaction {self.id} type={self.type} {what!r} by {self.user.name}>"
