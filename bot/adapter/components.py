"""Persistent components (``discord.ui.DynamicItem``): they carry everything in their custom_id,
so they work after a restart. Each callback hands over to its handler through the running
client's route table (:func:`bot.adapter.routes.routes_of`): the handlers build messages out of
these components, so the components do not import them."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.adapter import custom_ids as ids
from bot.adapter.components_teach import (
    HelpRulesButton,
    ReferencesButton,
    RulesTopicSelect,
    WhyButton,
)
from bot.adapter.routes import routes_of


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ct:l:(?P<sid>\d+):(?P<action>join|leave|ai|start|cancel|options|invite)",
):
    def __init__(
        self,
        session: int,
        action: str,
        *,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
    ) -> None:
        self.session, self.action = session, action
        super().__init__(
            discord.ui.Button(
                label=label or action,
                style=style,
                disabled=disabled,
                custom_id=ids.lobby_id(session, action),
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LobbyButton:
        return cls(int(match["sid"]), match["action"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await routes_of(interaction).lobby_button(interaction, self.session, self.action)


class LobbyAiSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"ct:a:(?P<sid>\d+)"):
    """The lobby's select of AI levels: choosing one seats an AI of that level."""

    def __init__(
        self,
        session: int,
        *,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "",
    ) -> None:
        self.session = session
        super().__init__(
            discord.ui.Select(
                custom_id=ids.lobby_ai_id(session),
                placeholder=placeholder or None,
                options=options or [discord.SelectOption(label="…", value="-")],
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LobbyAiSelect:
        return cls(int(match["sid"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        values = data.get("values") or [""]
        await routes_of(interaction).lobby_button(
            interaction, self.session, f"ai:{str(values[0])[:40]}"
        )


class MoveButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ct:m:(?P<sid>\d+):(?P<ver>\d+):(?P<h>[0-9a-f]+(?:\.[0-9a-f]+)?)",
):
    def __init__(
        self,
        session: int,
        version: int,
        digest: str,
        *,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
        row: int | None = None,
    ) -> None:
        self.session, self.version, self.digest = session, version, digest
        super().__init__(
            discord.ui.Button(
                label=label or "…",
                style=style,
                row=row,
                custom_id=f"ct:m:{session}:{version}:{digest}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MoveButton:
        return cls(int(match["sid"]), int(match["ver"]), match["h"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await routes_of(interaction).play(interaction, self.session, self.version, self.digest)


class MoveSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"ct:s:(?P<sid>\d+):(?P<ver>\d+):(?P<page>\d+)",
):
    def __init__(
        self,
        session: int,
        version: int,
        page: int,
        *,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "",
        row: int | None = None,
    ) -> None:
        self.session, self.version, self.page = session, version, page
        super().__init__(
            discord.ui.Select(
                custom_id=ids.select_id(session, version, page),
                row=row,
                options=options or [discord.SelectOption(label="…", value="-")],
                placeholder=placeholder or None,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MoveSelect:
        return cls(int(match["sid"]), int(match["ver"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        values = data.get("values") or []
        digest = str(values[0]) if values else ""
        await routes_of(interaction).play(interaction, self.session, self.version, digest)


class PageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ct:p:(?P<sid>\d+):(?P<ver>\d+):(?P<page>-?\d+)",
):
    def __init__(
        self,
        session: int,
        version: int,
        page: int,
        *,
        label: str = "",
        disabled: bool = False,
        row: int | None = None,
    ) -> None:
        self.session, self.version, self.page = session, version, page
        super().__init__(
            discord.ui.Button(
                label=label or str(page + 1),
                style=discord.ButtonStyle.secondary,
                row=row,
                disabled=disabled,
                custom_id=ids.page_id(session, version, page),
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PageButton:
        return cls(int(match["sid"]), int(match["ver"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await routes_of(interaction).turn_page(interaction, self.session, self.version, self.page)


class OpenPromptButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"ct:o:(?P<sid>\d+)"
):
    def __init__(self, session: int, *, label: str = "", row: int | None = None) -> None:
        self.session = session
        super().__init__(
            discord.ui.Button(
                label=label or "Open my prompt",
                style=discord.ButtonStyle.success,
                row=row,
                custom_id=ids.open_id(session),
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> OpenPromptButton:
        return cls(int(match["sid"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await routes_of(interaction).open_prompt(interaction, self.session)


class HandButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"ct:h:(?P<sid>\d+)"):
    def __init__(self, session: int, *, label: str = "", row: int | None = None) -> None:
        self.session = session
        super().__init__(
            discord.ui.Button(
                label=label or "My view",
                style=discord.ButtonStyle.secondary,
                row=row,
                custom_id=ids.hand_id(session),
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HandButton:
        return cls(int(match["sid"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await routes_of(interaction).show_hand(interaction, self.session)


class RematchButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"ct:r:(?P<sid>\d+)"):
    def __init__(self, session: int, *, label: str = "") -> None:
        self.session = session
        super().__init__(
            discord.ui.Button(
                label=label or "Rematch",
                style=discord.ButtonStyle.primary,
                custom_id=ids.rematch_id(session),
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RematchButton:
        return cls(int(match["sid"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await routes_of(interaction).rematch(interaction, self.session)


class ReplayButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ct:rp:(?P<sid>\d+):(?P<frame>\d+):(?P<action>first|prev|next|last)",
):
    """One of a replay's ⏮ ◀ ▶ ⏭: the table, the frame shown and where to go from it."""

    def __init__(
        self, session: int, frame: int, action: str, *, label: str = "", disabled: bool = False
    ) -> None:
        self.session, self.frame, self.action = session, frame, action
        super().__init__(
            discord.ui.Button(
                label=label or action,
                style=discord.ButtonStyle.secondary,
                disabled=disabled,
                custom_id=ids.replay_id(session, frame, action),
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ReplayButton:
        return cls(int(match["sid"]), int(match["frame"]), match["action"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await routes_of(interaction).replay_step(interaction, self.session, self.frame, self.action)


class UndoButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"ct:u:(?P<sid>\d+):(?P<seq>\d+)"
):
    """Take back move ``seq`` (the board's last move; only its player may)."""

    def __init__(self, session: int, seq: int, *, label: str = "", row: int | None = None) -> None:
        self.session, self.seq = session, seq
        super().__init__(
            discord.ui.Button(
                label=label or "Undo",
                style=discord.ButtonStyle.danger,
                row=row,
                custom_id=ids.undo_id(session, seq),
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> UndoButton:
        return cls(int(match["sid"]), int(match["seq"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await routes_of(interaction).undo(interaction, self.session, self.seq)


class WatchButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"ct:w:(?P<sid>\d+):(?P<on>on|off)"
):
    """Watch a table (on its board) or stop watching it (in the spectator's DM)."""

    def __init__(self, session: int, on: bool, *, label: str = "", row: int | None = None) -> None:
        self.session, self.on = session, on
        super().__init__(
            discord.ui.Button(
                label=label or ("Watch" if on else "Stop watching"),
                row=row,
                style=discord.ButtonStyle.secondary,
                custom_id=ids.watch_id(session, on),
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> WatchButton:
        return cls(int(match["sid"]), match["on"] == "on")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await routes_of(interaction).watch(interaction, self.session, self.on)


ITEMS = (
    LobbyButton,
    LobbyAiSelect,
    MoveButton,
    MoveSelect,
    PageButton,
    OpenPromptButton,
    HandButton,
    RematchButton,
    ReplayButton,
    UndoButton,
    WatchButton,
    ReferencesButton,
    WhyButton,
    RulesTopicSelect,
    HelpRulesButton,
)
