"""What one REST request to Discord is, in words: its route template (method + path with the ids
taken out, DM channels told apart from the game channel) and the rate-limit bucket it draws on.

Discord's limits (Topics > Rate Limits; the observed per-route numbers the fake uses,
tests/fakediscord/ratelimits.py): 50 requests per second for the whole bot, interaction
callbacks and interaction webhooks exempt; message creates 5 per 5 s per channel, edits 5 per
5 s per channel, deletes 5 per 1 s per channel.
"""

from __future__ import annotations

import re
from typing import Any

GLOBAL_LIMIT = 50.0  # requests per second, the whole bot, every server
#: per-channel buckets: route template -> (requests, per seconds)
CHANNEL_LIMITS: dict[str, tuple[int, float]] = {
    "POST /channels/{channel}/messages": (5, 5.0),
    "PATCH /channels/{channel}/messages/{id}": (5, 5.0),
    "DELETE /channels/{channel}/messages/{id}": (5, 1.0),
}
#: interaction callback types (Receiving and Responding > Interaction Callback Type)
CALLBACK_TYPES = {
    4: "message",
    5: "deferred message",
    6: "deferred update",
    7: "update message",
    8: "autocomplete",
    9: "modal",
}
ROUTE_NAMES = {
    "POST /interactions/{id}/{token}/callback": "interaction callback",
    "POST /webhooks/{app}/{token}": "follow-up create",
    "PATCH /webhooks/{app}/{token}/messages/{id}": "follow-up/original edit",
    "DELETE /webhooks/{app}/{token}/messages/{id}": "follow-up/original delete",
    "GET /webhooks/{app}/{token}/messages/{id}": "follow-up/original fetch",
    "POST /channels/{channel}/messages": "channel message create",
    "PATCH /channels/{channel}/messages/{id}": "channel message edit",
    "DELETE /channels/{channel}/messages/{id}": "channel message delete",
    "POST /channels/{dm}/messages": "DM message create",
    "PATCH /channels/{dm}/messages/{id}": "DM message edit",
    "DELETE /channels/{dm}/messages/{id}": "DM message delete",
    "POST /users/@me/channels": "DM channel create",
}
_INTERACTION = re.compile(r"^/interactions/\d+/[^/]+/callback$")
_WEBHOOK = re.compile(r"^/webhooks/\d+/[^/]+(?P<rest>/messages/(?:\d+|@original))?$")
_CHANNEL = re.compile(r"^/channels/(?P<ch>\d+)(?P<rest>/messages(?:/\d+)?)?(?P<tail>/.*)?$")


def template(method: str, path: str, dm_channels: set[int]) -> str:
    """``POST /channels/{channel}/messages``, ``PATCH /webhooks/{app}/{token}/messages/{id}``..."""
    if _INTERACTION.match(path):
        return f"{method} /interactions/{{id}}/{{token}}/callback"
    found = _WEBHOOK.match(path)
    if found:
        tail = "/messages/{id}" if found.group("rest") else ""
        return f"{method} /webhooks/{{app}}/{{token}}{tail}"
    found = _CHANNEL.match(path)
    if found:
        where = "{dm}" if int(found.group("ch")) in dm_channels else "{channel}"
        rest = found.group("rest") or ""
        rest = re.sub(r"/\d+$", "/{id}", rest)
        return f"{method} /channels/{where}{rest}{found.group('tail') or ''}"
    return f"{method} " + re.sub(r"/\d{5,}", "/{id}", path)


def route_label(method: str, path: str, body: Any, dm_channels: set[int]) -> str:
    """A short name: ``interaction callback: deferred update``, ``DM message create``..."""
    tpl = template(method, path, dm_channels)
    name = ROUTE_NAMES.get(tpl, tpl)
    if name == "interaction callback" and isinstance(body, dict):
        kind = int(body.get("type") or 0)
        name += f": {CALLBACK_TYPES.get(kind, str(kind))}"
        data = body.get("data") or {}
        if kind == 4 and int(data.get("flags") or 0) & 64:
            name += " (ephemeral)"
    return name


def counts_globally(path: str) -> bool:
    """Whether a request draws on the bot's global 50/s (interaction endpoints do not)."""
    return not path.startswith(("/interactions/", "/webhooks/"))


def channel_bucket(method: str, path: str, dm_channels: set[int]) -> str | None:
    """The per-channel bucket template of a request in a guild channel, else None."""
    tpl = template(method, path, dm_channels)
    return tpl if tpl in CHANNEL_LIMITS else None
