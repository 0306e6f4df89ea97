"""``/crowntable mydata`` and ``/crowntable forget-me`` (issue 31 item 4), only to the player.

``mydata`` answers with a JSON file of everything stored about them
(:func:`bot.core.userdata.export_user`), gzip-compressed when it is larger than the upload
limit of the place it is sent to, refused (nothing sent) when even that is too large.

``forget-me`` asks first: an ephemeral question with **Forget me** and **Cancel**. The
buttons are persistent components (they carry the player's id and until when the question
holds, ten minutes, so they work after a restart and an old question cannot be answered an
hour later); only that player may press them. They live here, beside the only handler they
lead to, rather than in the route table of the game components (:mod:`bot.adapter.routes`).
"""

from __future__ import annotations

import gzip
import io
import json
import re
from typing import Any

import discord

from bot.adapter.boundary import edge, say
from bot.adapter.handlers.common import Interaction, who
from bot.adapter.respond import answer, update, within
from bot.core.errors import HostError
from bot.core.store.base import ACTIVE
from bot.core.userdata import export_user, forget_user
from bot.text.i18n import number, t, tn
from renderers.animate import DEFAULT_LIMIT

#: how long the question of forget-me can be answered (seconds)
CONFIRM_SECS = 600
MIB = 1024 * 1024


def _body(data: dict[str, Any], limit: int) -> tuple[bytes, bool]:
    """The export as a file's bytes, and whether it was compressed; ``mydata_too_big``
    when even compressed it is over ``limit``."""
    raw = json.dumps(data, ensure_ascii=False, indent=1, default=str).encode("utf-8")
    if len(raw) <= limit:
        return raw, False
    packed = gzip.compress(raw, mtime=0)
    if len(packed) > limit:
        raise HostError("mydata_too_big", size=number(len(packed) / MIB))
    return packed, True


@edge
async def mydata(interaction: Interaction) -> None:
    user, _ = who(interaction)
    data = await within(interaction, export_user(interaction.client.host, user))
    body, packed = _body(data, interaction.filesize_limit or DEFAULT_LIMIT)
    name = f"crowntable-my-data-{user}.json" + (".gz" if packed else "")
    counts = {
        "tables": tn("mydata.tables", len(data["seats"])),
        "moves": tn("demo.moves", len(data["moves"])),
        "ratings": tn("mydata.ratings", len(data["ratings"])),
    }
    key = "mydata.done_gz" if packed else "mydata.done"
    await answer(interaction, t(key, **counts), file=discord.File(io.BytesIO(body), name))


class ForgetButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ct:fm:(?P<uid>\d{1,20}):(?P<until>\d{1,12}):(?P<act>yes|no)",
):
    """**Forget me** (``yes``) or **Cancel** (``no``) under the question of forget-me."""

    def __init__(self, user: int, until: int, act: str) -> None:
        self.user, self.until, self.act = user, until, act
        yes = act == "yes"
        super().__init__(
            discord.ui.Button(
                label=t("forget.confirm" if yes else "lobby.cancel"),
                style=discord.ButtonStyle.danger if yes else discord.ButtonStyle.secondary,
                custom_id=f"ct:fm:{user}:{until}:{act}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ForgetButton:
        return cls(int(match["uid"]), int(match["until"]), match["act"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await forget_click(interaction, self.user, self.until, self.act)


@edge
async def forget_me(interaction: Interaction) -> None:
    user, _ = who(interaction)
    host = interaction.client.host
    sessions = await within(interaction, host.sessions.store.user_sessions(user))
    still = sorted(sid for sid, status in sessions.items() if status in ACTIVE)
    if still:
        raise HostError("still_playing", ids=", ".join(f"#{sid}" for sid in still))
    until = int(host.now()) + CONFIRM_SECS
    view = discord.ui.View(timeout=None)
    for act in ("yes", "no"):
        view.add_item(ForgetButton(int(user), until, act))
    asked = tn("forget.ask", len(sessions)) if sessions else t("forget.ask_none")
    await say(interaction, asked, view=view)


@edge
async def forget_click(interaction: Interaction, user: int, until: int, act: str) -> None:
    if interaction.user.id != user:
        raise HostError("forget_not_yours")
    if act == "no":
        await update(interaction, content=t("forget.cancelled"), view=None)
        return
    host = interaction.client.host
    if host.now() > until:
        raise HostError("forget_expired")
    done = await within(interaction, forget_user(host, str(user)), update=True)
    said = tn("forget.done", done.renamed.get("seats", 0), anon=f"`{done.anon}`")
    await update(interaction, content=said, view=None)
