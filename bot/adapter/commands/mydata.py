"""``/crowntable mydata`` and ``/crowntable forget-me`` (issue 31 item 4): any player's own
data, only to them (the ``crowntable`` group is offered to everyone; its server settings,
``language``, check Manage Server themselves)."""

from __future__ import annotations

from discord import app_commands

from bot.adapter.handlers import mydata as mydata_handlers
from bot.adapter.handlers.common import Interaction
from bot.text.i18n import t

#: the persistent components of these commands (registered on the client)
ITEMS = (mydata_handlers.ForgetButton,)


def add_to(group: app_commands.Group) -> None:
    @group.command(name="mydata", description=t("cmd.mydata"))
    async def mydata(interaction: Interaction) -> None:
        await mydata_handlers.mydata(interaction)

    @group.command(name="forget-me", description=t("cmd.forget_me"))
    async def forget_me(interaction: Interaction) -> None:
        await mydata_handlers.forget_me(interaction)
