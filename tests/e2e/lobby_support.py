"""What the lobby tests share (issue 27): the two backends the bot runs on, a lobby's
buttons and fields, the options panel driven as the host drives it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from bot.text.i18n import t
from tests.fakediscord import InteractionResult, Message
from tests.host import pg


@asynccontextmanager
async def backend(world: Any, name: str) -> AsyncIterator[str]:
    """The bot's ``DATABASE_URL`` for ``name``: the test's SQLite file, or a throw-away
    PostgreSQL schema (skipped where no server answers)."""
    if name == "sqlite":
        yield f"sqlite:///{world.db}"
        return
    await pg.require_pg()
    schema = pg.new_schema()
    await pg.create_schema(schema)
    try:
        yield pg.PG_URL + ("&" if "?" in pg.PG_URL else "?") + f"search_path={schema}"
    finally:
        await world.stop_bot()
        await pg.drop_schema(schema)


def button(msg: Message, label: str) -> dict:
    found = [b for b in msg.buttons() if b.get("label") == label]
    assert len(found) == 1, (label, msg.labels)
    return found[0]


def start_disabled(msg: Message) -> bool:
    return bool(button(msg, t("lobby.start")).get("disabled"))


def field(msg: Message, name: str) -> str:
    fields = {f["name"]: f["value"] for f in msg.embeds[0].get("fields") or []}
    return fields.get(name, "")


def description(msg: Message) -> str:
    return msg.embeds[0].get("description") or ""


async def change_option(
    world: Any, user: str, lobby: Message, option: str, value: str
) -> InteractionResult:
    """The host's way: **Options**, pick ``option`` in the panel, submit ``value`` (a select
    value of the modal, or the text typed) in its modal. Returns the modal's answer."""
    fake, u = world.fake, world.users
    panel = await fake.click(u[user], lobby, t("lobby.options"))
    assert panel.ephemeral and panel.message is not None, panel
    sid = next(c for c in panel.message.custom_ids if c.startswith("ct:lo:"))
    opened = await fake.select(u[user], panel.message, sid, [option])
    assert opened.type == 9 and opened.modal is not None, opened
    return await fake.submit_modal(u[user], opened, value=value)
