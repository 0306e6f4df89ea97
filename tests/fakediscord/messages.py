"""Message bodies: parsing JSON / multipart requests, validating them the way Discord does,
and applying them to a stored Message (create or edit)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import limits
from .models import (
    EPHEMERAL,
    IS_COMPONENTS_V2,
    LOADING,
    SUPPRESS_EMBEDS,
    SUPPRESS_NOTIFICATIONS,
    Attachment,
    Message,
    iso_now,
    snowflake,
    walk_components,
)

if TYPE_CHECKING:
    from .server import FakeDiscord


@dataclass
class UploadedFile:
    index: int
    filename: str
    data: bytes
    content_type: str | None


@dataclass
class Body:
    json: Any = None
    files: list[UploadedFile] | None = None
    raw: bytes = b""


async def parse_body(request: web.Request) -> Body:
    """JSON bodies, or multipart with ``payload_json`` and ``files[n]`` parts (discord.py
    sends every file upload this way, for channel messages, callbacks and webhooks alike)."""
    ctype = request.content_type
    if ctype.startswith("multipart/"):
        body = Body(files=[])
        reader = await request.multipart()
        async for part in reader:
            name = part.name or ""
            if name == "payload_json":
                body.json = json.loads(await part.text())
            elif name.startswith("files[") and name.endswith("]"):
                data = await part.read(decode=False)
                body.files.append(
                    UploadedFile(
                        index=int(name[6:-1]),
                        filename=part.filename or f"file{name[6:-1]}",
                        data=bytes(data),
                        content_type=part.headers.get("Content-Type"),
                    )
                )
            else:
                await part.read()
        return body
    raw = await request.read()
    if raw and ctype == "application/json":
        return Body(json=json.loads(raw), raw=raw)
    return Body(raw=raw)


class InvalidBody(Exception):
    """-> 400 with code 50035 "Invalid Form Body", like Discord."""

    def __init__(
        self,
        errors: dict,
        code: int = 50035,
        message: str = "Invalid Form Body",
        *,
        lines: list[str] | None = None,
    ):
        super().__init__(f"{message}: {lines or errors}")
        self.errors = errors
        self.lines = lines or [f"{k}: {v}" for k, v in errors.items()]
        self.code = code
        self.message = message


def validate_message(
    data: dict, *, creating: bool, has_files: bool, check_limits: bool = True, flags: int = 0
) -> None:
    """The limits Discord enforces on a message body beyond its schema (see ``limits``);
    ``flags``: those of the message being edited."""
    errors = (
        limits.message_errors(data, creating=creating, has_files=has_files, flags=flags)
        if check_limits
        else []
    )
    if errors:
        raise InvalidBody(limits.discord_errors(errors), lines=errors)
    if creating and limits.is_empty(data, has_files=has_files):
        raise InvalidBody({}, code=50006, message="Cannot send an empty message")


def apply_message(
    fake: FakeDiscord, msg: Message, data: dict, files: list[UploadedFile] | None, *, creating: bool
) -> None:
    """Apply a create/edit body to `msg` the way Discord does: absent keys stay as they are;
    ``attachments`` lists what to keep (existing ids) and what to add (``id`` = file index);
    ``attachment://name`` in an embed image/thumbnail becomes the attachment's URL."""
    files = files or []
    validate_message(
        data,
        creating=creating,
        has_files=bool(files),
        check_limits="message_limits" in fake.checks,
        flags=0 if creating else msg.flags,
    )
    if "content" in data:
        msg.content = data["content"] or ""
    if "embeds" in data:
        msg.embeds = [dict(e) for e in (data["embeds"] or [])]
    if "components" in data:
        msg.components = list(data["components"] or [])
    if "flags" in data and data["flags"] is not None:
        allowed = (
            SUPPRESS_EMBEDS
            | IS_COMPONENTS_V2
            | (SUPPRESS_NOTIFICATIONS | EPHEMERAL if creating else 0)
        )
        msg.flags = (msg.flags & ~(SUPPRESS_EMBEDS | IS_COMPONENTS_V2)) | (
            int(data["flags"]) & allowed
        )
    by_index = {f.index: f for f in files}
    if "attachments" in data and data["attachments"] is not None:
        existing = {str(a.id): a for a in msg.attachments}
        new_list: list[Attachment] = []
        for entry in data["attachments"]:
            aid = str(entry.get("id"))
            if aid in existing:
                new_list.append(existing[aid])
            elif aid.isdigit() and int(aid) in by_index:
                f = by_index.pop(int(aid))
                new_list.append(
                    fake._new_attachment(
                        msg.channel,
                        entry.get("filename") or f.filename,
                        f.data,
                        entry.get("description"),
                        f.content_type,
                    )
                )
            else:
                raise InvalidBody({"attachments": f"Unknown attachment id {aid}"})
        msg.attachments = new_list
    for f in sorted(by_index.values(), key=lambda f: f.index):  # files not listed in attachments
        msg.attachments.append(
            fake._new_attachment(msg.channel, f.filename, f.data, None, f.content_type)
        )
    _resolve_embed_attachments(fake, msg)
    _resolve_media_attachments(fake, msg)
    if not creating:
        msg.edited_timestamp = iso_now()
        msg.flags &= ~LOADING
    msg.snapshot()


def _resolve_embed_attachments(fake: FakeDiscord, msg: Message) -> None:
    names = {a.filename: a for a in msg.attachments}
    for embed in msg.embeds:
        for key in ("image", "thumbnail"):
            media = embed.get(key)
            if not isinstance(media, dict):
                continue
            url = media.get("url") or ""
            if url.startswith("attachment://"):
                name = url[len("attachment://") :]
                att = names.get(name)
                if att is None:
                    fake.warnings.append(
                        f"message {msg.id}: embed {key} refers to {url} but the "
                        f"message has no such attachment ({sorted(names)})"
                    )
                    continue
                media["url"] = att.url
                media["proxy_url"] = att.url
                media["attachment"] = name  # fake-only: which file the embed shows
                size = att.payload()
                if "width" in size:
                    media["width"], media["height"] = size["width"], size["height"]


def _resolve_media_attachments(fake: FakeDiscord, msg: Message) -> None:
    """``attachment://name`` in a media gallery item or a thumbnail (components v2) names one
    of the message's attachments; the fake notes which (``attachment``) and warns otherwise."""
    names = {a.filename: a for a in msg.attachments}
    for comp in walk_components(msg.components):
        media = [i.get("media") for i in comp.get("items") or [] if isinstance(i, dict)]
        if comp.get("type") == 11:
            media.append(comp.get("media"))
        for m in media:
            url = str(m.get("url") or "") if isinstance(m, dict) else ""
            if not url.startswith("attachment://"):
                continue
            name = url[len("attachment://") :]
            if name not in names:
                fake.warnings.append(
                    f"message {msg.id}: a component shows {url} but the message has no such "
                    f"attachment ({sorted(names)})"
                )
                continue
            m["attachment"] = name  # fake-only: which file it shows


def new_message(
    fake: FakeDiscord, channel, *, type: int = 0, flags: int = 0, interaction=None, visible_to=None
) -> Message:
    msg = Message(
        id=snowflake(),
        channel=channel,
        author=fake.bot_user,
        type=type,
        flags=flags,
        interaction=interaction,
        visible_to=visible_to,
    )
    if interaction is not None:
        msg.webhook_id = fake.application_id
        msg.application_id = fake.application_id
    return msg
