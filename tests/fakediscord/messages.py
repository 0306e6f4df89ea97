"""Message bodies: parsing JSON / multipart requests, validating them the way Discord does,
and applying them to a stored Message (create or edit)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aiohttp import web

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
        self, errors: dict[str, str], code: int = 50035, message: str = "Invalid Form Body"
    ):
        super().__init__(f"{message}: {errors}")
        self.errors = errors
        self.code = code
        self.message = message


def validate_message(data: dict, *, creating: bool, has_files: bool) -> None:
    """The limits Discord enforces on a message body (the ones a game bot can hit)."""
    errors: dict[str, str] = {}
    content = data.get("content")
    if content is not None and len(str(content)) > 2000:
        errors["content"] = f"Must be 2000 or fewer in length (got {len(str(content))})."
    embeds = data.get("embeds") or []
    if len(embeds) > 10:
        errors["embeds"] = "Must be 10 or fewer in length."
    total = 0
    for i, e in enumerate(embeds):
        limits = {"title": 256, "description": 4096}
        for key, limit in limits.items():
            if len(e.get(key) or "") > limit:
                errors[f"embeds.{i}.{key}"] = f"Must be {limit} or fewer in length."
            total += len(e.get(key) or "")
        fields = e.get("fields") or []
        if len(fields) > 25:
            errors[f"embeds.{i}.fields"] = "Must be 25 or fewer in length."
        for j, f in enumerate(fields):
            if not f.get("name") or len(f["name"]) > 256:
                errors[f"embeds.{i}.fields.{j}.name"] = "Must be between 1 and 256 in length."
            if not f.get("value") or len(f["value"]) > 1024:
                errors[f"embeds.{i}.fields.{j}.value"] = "Must be between 1 and 1024 in length."
            total += len(f.get("name") or "") + len(f.get("value") or "")
        total += len((e.get("footer") or {}).get("text") or "") + len(
            (e.get("author") or {}).get("name") or ""
        )
    if total > 6000:
        errors["embeds"] = "Embed size exceeds maximum size of 6000"
    components = data.get("components") or []
    v2 = bool((data.get("flags") or 0) & IS_COMPONENTS_V2)
    if not v2 and len(components) > 5:
        errors["components"] = "Must be 5 or fewer in length."
    seen: set[str] = set()
    for comp in walk_components(components):
        t = comp.get("type")
        cid = comp.get("custom_id")
        if cid is not None:
            if len(cid) > 100:
                errors[f"custom_id {cid[:20]}"] = "Must be 100 or fewer in length."
            if cid in seen:
                errors[f"custom_id {cid}"] = "Component custom id cannot be duplicated"
            seen.add(cid)
        if t == 1 and not v2:
            kids = comp.get("components") or []
            if not kids or len(kids) > 5:
                errors["components.row"] = "Action rows hold 1 to 5 components."
            if any(k.get("type") != 2 for k in kids) and len(kids) > 1:
                errors["components.row"] = "A select menu must be alone in its action row."
        if t == 2:
            if len(comp.get("label") or "") > 80:
                errors[f"button {comp.get('label')[:20]}"] = "Label must be 80 or fewer in length."
            link = comp.get("style") == 5
            if link and not comp.get("url"):
                errors["button.url"] = "Link buttons need a url."
            if not link and comp.get("style") != 6 and not cid:
                errors["button.custom_id"] = "Buttons need a custom_id."
            if not comp.get("label") and not comp.get("emoji"):
                errors["button.label"] = "Buttons need a label or an emoji."
        if t == 3:
            options = comp.get("options") or []
            if not 1 <= len(options) <= 25:
                errors[f"select {cid}.options"] = (
                    f"Must be between 1 and 25 in length (got {len(options)})."
                )
            values = [o.get("value") for o in options]
            if len(set(values)) != len(values):
                errors[f"select {cid}.options"] = "Option values must be unique."
            for o in options:
                if not o.get("label") or len(o["label"]) > 100 or len(str(o.get("value"))) > 100:
                    errors[f"select {cid}.option"] = "Option label/value must be 1-100 characters."
            if (comp.get("max_values") or 1) > max(1, len(options)):
                errors[f"select {cid}.max_values"] = "max_values exceeds the number of options."
    if creating and not (content or embeds or components or has_files or data.get("attachments")):
        raise InvalidBody({}, code=50006, message="Cannot send an empty message")
    if errors:
        raise InvalidBody(errors)


def apply_message(
    fake: FakeDiscord, msg: Message, data: dict, files: list[UploadedFile] | None, *, creating: bool
) -> None:
    """Apply a create/edit body to `msg` the way Discord does: absent keys stay as they are;
    ``attachments`` lists what to keep (existing ids) and what to add (``id`` = file index);
    ``attachment://name`` in an embed image/thumbnail becomes the attachment's URL."""
    files = files or []
    validate_message(data, creating=creating, has_files=bool(files))
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
