"""The teaching components (issue 24), persistent like :mod:`bot.adapter.components`: a
prompt's **?** and **Why?**, the rules' topic select, /help's buttons to each game's rules."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.adapter import custom_ids as ids
from bot.adapter.routes import routes_of


class ReferencesButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"ct:q:(?P<sid>\d+):(?P<ver>\d+)"
):
    """A prompt's **?**: the reference entries of the things it offers (ephemeral)."""

    def __init__(self, session: int, version: int, *, label: str = "?", row: int | None = None):
        self.session, self.version = session, version
        super().__init__(
            discord.ui.Button(
                label=label or "?",
                style=discord.ButtonStyle.secondary,
                row=row,
                custom_id=ids.refs_id(session, version),
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ReferencesButton:
        return cls(int(match["sid"]), int(match["ver"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await routes_of(interaction).references(interaction, self.session, self.version)


class WhyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"ct:y:(?P<sid>\d+):(?P<ver>\d+)"
):
    """A prompt's **Why?**: what each option of the decision does now, for its player."""

    def __init__(self, session: int, version: int, *, label: str = "", row: int | None = None):
        self.session, self.version = session, version
        super().__init__(
            discord.ui.Button(
                label=label or "Why?",
                style=discord.ButtonStyle.secondary,
                row=row,
                custom_id=ids.why_id(session, version),
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> WhyButton:
        return cls(int(match["sid"]), int(match["ver"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await routes_of(interaction).why(interaction, self.session, self.version)


class RulesTopicSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"ct:rt:(?P<game>[a-z0-9_]{1,40})"
):
    """The topics of a game's rules under a rules page: choosing one shows that page."""

    def __init__(
        self,
        game: str,
        *,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "",
    ) -> None:
        self.game = game
        super().__init__(
            discord.ui.Select(
                custom_id=ids.rules_topic_id(game),
                placeholder=placeholder or None,
                options=options or [discord.SelectOption(label="…", value="overview")],
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RulesTopicSelect:
        return cls(match["game"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        values = data.get("values") or [""]
        await routes_of(interaction).rules_topic(interaction, self.game, str(values[0])[:100])


class HelpRulesButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"ct:hr:(?P<game>[a-z0-9_]{1,40})"
):
    """/help's button to a game's rules: their first page, only to the one who pressed it."""

    def __init__(self, game: str, *, label: str = "", row: int | None = None) -> None:
        self.game = game
        super().__init__(
            discord.ui.Button(
                label=label or game,
                style=discord.ButtonStyle.secondary,
                row=row,
                custom_id=ids.help_rules_id(game),
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HelpRulesButton:
        return cls(match["game"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await routes_of(interaction).rules_topic(interaction, self.game, None)
