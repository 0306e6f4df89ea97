"""The lobby's **Options** (issue 27 item 1): the host opens a panel, only to them, listing
every option of the game with its value, its allowed values in words and its default; a
select picks one option, a modal (a select of its values, or a text field for a number or a
code) changes it. The seats stay; the lobby message shows the new value at once, and Start
is disabled, with the reason, while the options do not fit the players seated."""

from __future__ import annotations

import re
import weakref
from collections import Counter
from typing import Any

import discord

from bot.adapter.boundary import edge
from bot.adapter.handlers.common import Interaction, can_manage, who
from bot.adapter.lobby_message import every_option, show_lobby, value_words
from bot.adapter.prompts import clip, clip_block, make_view
from bot.adapter.respond import answer, update, within
from bot.core.errors import HostError
from bot.core.lobby import authorise_host
from bot.core.options import bad_value
from bot.core.store import SessionRecord
from bot.text import presenters
from bot.text.i18n import game_title, option_name, retranslate, t
from bot.text.presenters import OptionSpec
from games.base import Game

#: the one input of an option's modal
VALUE = "value"
#: per client, the option modals it has open, by custom_id (how many): discord.py keeps their
#: forms in memory; one submitted after a restart is handled from its custom_id
#: (:func:`on_interaction`). A count goes down only once its submit was handled.
OPEN: weakref.WeakKeyDictionary[Any, Counter[str]] = weakref.WeakKeyDictionary()


def open_modals(client: Any) -> Counter[str]:
    return OPEN.setdefault(client, Counter())


MODAL_ID = re.compile(r"ct:lm:(?P<sid>\d+):(?P<key>\w{1,40})")


def specs_of(game_id: str) -> dict[str, OptionSpec]:
    return {spec.name: spec for spec in presenters.get(game_id).option_specs}


def allowed_words(game_id: str, spec: OptionSpec) -> str:
    """The values ``spec`` allows, in words: "yes / no", the choices' labels, a range."""
    if spec.kind == "bool":
        return f"{t('word.yes')} / {t('word.no')}"
    if spec.kind == "choice":
        return " / ".join(value_words(game_id, spec.name, v) for _, v in spec.choices)
    if spec.kind == "int":
        return t("options.allowed_int", min=spec.min_value, max=spec.max_value)
    return t("options.allowed_text")


def panel_message(game: Game, rec: SessionRecord, note: str | None = None) -> dict[str, Any]:
    """The options panel: each option with its value, allowed values and default."""
    embed = discord.Embed(
        title=t("options.title", game=game_title(game.id, game.title), id=rec.id),
        description=t("options.help"),
        colour=discord.Colour.blue(),
    )
    specs = specs_of(game.id)
    values = every_option(game, rec.options)
    for key, value in values.items():
        spec = specs.get(key)
        about = [retranslate(spec.description)] if spec else []
        about.append(t("options.now", value=value_words(game.id, key, value)))
        if spec is not None:
            about.append(t("options.allowed", values=allowed_words(game.id, spec)))
        about.append(t("options.default", value=value_words(game.id, key, game.options[key][0])))
        embed.add_field(name=option_name(key), value=clip_block("\n".join(about), 1024))
    select = OptionSelect(
        rec.id,
        options=[
            discord.SelectOption(
                label=clip(option_name(key), 100),
                value=key,
                description=clip(t("options.now", value=value_words(game.id, key, value)), 100),
            )
            for key, value in list(values.items())[:25]
        ],
        placeholder=t("options.pick"),
    )
    return {"content": note, "embed": embed, "view": make_view([select])}


async def open_panel(interaction: Interaction, rec: SessionRecord) -> None:
    """The Options button: the panel, only to the host (or a manager)."""
    authorise_host(rec, who(interaction)[0], can_manage(interaction))
    game = interaction.client.host.game(rec.game)
    await answer(interaction, **panel_message(game, rec))


class OptionSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"ct:lo:(?P<sid>\d+)"):
    """The options panel's select: the option to change (its modal opens)."""

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
                custom_id=f"ct:lo:{session}",
                placeholder=placeholder or None,
                options=options or [discord.SelectOption(label="…", value="-")],
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> OptionSelect:
        return cls(int(match["sid"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        values = data.get("values") or [""]
        await choose_option(interaction, self.session, str(values[0])[:40])


@edge
async def choose_option(interaction: Interaction, session: int, key: str) -> None:
    host = interaction.client.host
    rec = await host.get(session)
    if rec.status != "lobby":
        raise HostError("not_in_lobby")
    authorise_host(rec, who(interaction)[0], can_manage(interaction))
    game = host.game(rec.game)
    spec = specs_of(game.id).get(key)
    if spec is None or key not in game.options:
        raise bad_value("option", key, game)
    modal = OptionModal(game, rec, spec, open_modals(interaction.client))
    await interaction.response.send_modal(modal)
    modal.opened[modal.custom_id] += 1


class OptionModal(discord.ui.Modal):
    """One option's values: a select (yes/no, the choices) or a text field (a number, a
    code of letters); its current value comes preselected or filled in."""

    def __init__(
        self, game: Game, rec: SessionRecord, spec: OptionSpec, opened: Counter[str]
    ) -> None:
        super().__init__(
            title=clip(t("options.modal_title", name=option_name(spec.name)), 45),
            timeout=900,
            custom_id=f"ct:lm:{rec.id}:{spec.name}",
        )
        self.session, self.spec, self.opened = rec.id, spec, opened
        now = every_option(game, rec.options)[spec.name]
        self.field: discord.ui.Select[Any] | discord.ui.TextInput[Any]
        if spec.kind in ("bool", "choice"):
            self.field = discord.ui.Select(
                custom_id=VALUE, options=_value_options(game.id, spec, now), required=True
            )
        else:
            self.field = discord.ui.TextInput(
                custom_id=VALUE,
                default=None if now is None else str(now),
                required=False,
                max_length=100,
                placeholder=clip(allowed_words(game.id, spec), 100),
            )
        self.add_item(
            discord.ui.Label(
                text=clip(option_name(spec.name), 45),
                description=clip(retranslate(spec.description), 100),
                component=self.field,
            )
        )

    async def on_submit(self, interaction: discord.Interaction[Any], /) -> None:
        if isinstance(self.field, discord.ui.Select):
            raw = str(self.field.values[0]) if self.field.values else ""
        else:
            raw = str(self.field.value or "")
        try:
            await submit_option(interaction, self.session, self.spec.name, raw)
        finally:
            self._close()

    async def on_timeout(self) -> None:
        self._close()

    def _close(self) -> None:
        self.opened[self.custom_id] -= 1
        if self.opened[self.custom_id] <= 0:
            del self.opened[self.custom_id]


def submitted_value(data: dict[str, Any]) -> str:
    """The value input's answer in a modal submit's raw data (a label's select or text)."""
    for row in data.get("components") or []:
        for comp in [row.get("component") or {}, *(row.get("components") or [])]:
            if comp.get("custom_id") == VALUE:
                values = comp.get("values")
                return str(values[0]) if values else str(comp.get("value") or "")
    return ""


async def on_interaction(interaction: discord.Interaction[Any]) -> None:
    """Every interaction passes here (the client's ``on_interaction`` event): an option
    modal opened by the previous process and submitted after a restart is handled from its
    custom_id (its form died with that process; nothing else would answer it)."""
    if interaction.type is not discord.InteractionType.modal_submit:
        return
    data: dict[str, Any] = dict(interaction.data or {})
    custom_id = str(data.get("custom_id") or "")
    found = MODAL_ID.fullmatch(custom_id)
    if found is None or open_modals(interaction.client)[custom_id] > 0:  # a form answers it
        return
    await submit_option(interaction, int(found["sid"]), found["key"], submitted_value(data))


def _value_options(game_id: str, spec: OptionSpec, now: Any) -> list[discord.SelectOption]:
    pairs = [(True, True), (False, False)] if spec.kind == "bool" else list(spec.choices)
    return [
        discord.SelectOption(
            label=clip(value_words(game_id, spec.name, value), 100),
            value=str(i),
            default=value == now and type(value) is type(now),
        )
        for i, (_, value) in enumerate(pairs[:25])
    ]


def parse_value(game: Game, spec: OptionSpec, raw: str) -> Any:
    """The engine value of what the modal sent (a select's index, or the typed text); an
    index not offered or a number that is not one is refused (:func:`bad_value`)."""
    text = raw.strip()
    if spec.kind in ("bool", "choice"):
        values = [True, False] if spec.kind == "bool" else [v for _, v in spec.choices]
        index = int(text) if text.isdigit() else -1
        if not 0 <= index < len(values):
            raise bad_value(spec.name, raw, game)
        return values[index]
    if not text:
        return game.options[spec.name][0]  # left empty: the default
    if spec.kind == "int":
        if not re.fullmatch(r"[+-]?\d{1,9}", text):
            raise bad_value(spec.name, raw, game)
        return int(text)
    return text


@edge
async def submit_option(interaction: Interaction, session: int, key: str, raw: str) -> None:
    host = interaction.client.host
    rec = await host.get(session)
    game = host.game(rec.game)
    spec = specs_of(game.id).get(key)
    if spec is None or key not in game.options:
        raise bad_value("option", key, game)
    value = parse_value(game, spec, raw)
    rec = await within(
        interaction,
        host.lobby.set_options(
            session, who(interaction)[0], can_manage(interaction), {spec.name: value}
        ),
        update=True,
    )
    note = t(
        "options.changed", name=option_name(spec.name), value=value_words(game.id, spec.name, value)
    )
    await update(interaction, **panel_message(game, rec, note))
    await show_lobby(interaction.client, rec)


ITEMS = (OptionSelect,)
