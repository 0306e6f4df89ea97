"""``/game ...``: one session per channel, from the lobby to the final standings.

``/game new <game>`` has one subcommand per registered game, its options generated from the
game's presenter ``option_specs`` (choices, defaults), plus the turn clock.
"""

from __future__ import annotations

import inspect
from typing import Any

import discord
from discord import app_commands

from bot.adapter import invite
from bot.adapter.client import Crowntable
from bot.adapter.commands import history as history_commands
from bot.adapter.commands import mine as mine_commands
from bot.adapter.handlers import ending, history, info, lobby, play, rules
from bot.adapter.prompts import clip
from bot.adapter.translator import choice
from bot.core.host import TURN_CLOCKS
from bot.core.options import bad_value
from bot.text import presenters
from bot.text.i18n import retranslate, t, using
from bot.text.presenters import OptionSpec
from games.ai import DEFAULT_LEVEL, LEVELS
from games.base import Game

Interaction = discord.Interaction[Crowntable]
TEACH = "teach"
INVITE = "invite"
KEYWORD = inspect.Parameter.KEYWORD_ONLY
CLOCK_CHOICES = [app_commands.Choice(name=t(f"clock.{k}"), value=k) for k in TURN_CLOCKS]


def _annotation(spec: OptionSpec) -> Any:
    if spec.kind == "bool":
        return bool
    if spec.kind == "int":
        lo = spec.min_value if spec.min_value is not None else -(2**31)
        hi = spec.max_value if spec.max_value is not None else 2**31
        return app_commands.Range[int, lo, hi]
    return str


def _options(game: Game, given: dict[str, Any]) -> dict[str, Any]:
    """The engine options from the command's values (a choice arrives as its index); the
    host checks them (``bot.core.options``)."""
    options: dict[str, Any] = {}
    for spec in presenters.get(game.id).option_specs:
        value = given.get(spec.name)
        if value is None:
            continue
        if spec.kind == "choice":  # a forged payload may carry anything: refused, not raised
            index = int(value) if str(value).isdigit() else -1
            if not 0 <= index < len(spec.choices):
                raise bad_value(spec.name, value, game)
            value = spec.choices[index][1]
        options[spec.name] = value
    return options


def _parameters(game: Game, specs: tuple[OptionSpec, ...]) -> list[inspect.Parameter]:
    params = [
        inspect.Parameter(
            "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
        )
    ]
    params += [
        inspect.Parameter(
            spec.name, inspect.Parameter.KEYWORD_ONLY, default=None, annotation=_annotation(spec)
        )
        for spec in specs
    ]
    params.append(
        inspect.Parameter(
            "turn_clock", inspect.Parameter.KEYWORD_ONLY, default=None, annotation=str
        )
    )
    params.append(  # teach mode (issue 24): a table option of the bot's, not the engine's
        inspect.Parameter(TEACH, inspect.Parameter.KEYWORD_ONLY, default=None, annotation=bool)
    )
    params += [  # members to invite (issue 27 item 2): bot.adapter.invite
        inspect.Parameter(
            name, inspect.Parameter.KEYWORD_ONLY, default=None, annotation=discord.User
        )
        for name in invite_names(game)
    ]
    return params


def invite_names(game: Game) -> list[str]:
    """``invite1`` .. one per seat but the host's: a member picker each (Discord has no
    option taking several users)."""
    return [f"{INVITE}{i}" for i in range(1, game.max_players)]


def new_game_command(game: Game) -> app_commands.Command[Any, Any, Any]:
    """``/game new <game id>`` with the game's options as command options (discord.py reads
    them from the callback's signature, built here from the presenter's option specs)."""
    specs = presenters.get(game.id).option_specs

    async def callback(interaction: Interaction, /, **kwargs: Any) -> None:
        await lobby.new_game(
            interaction,
            game.id,
            _options(game, kwargs),
            kwargs.get("turn_clock"),
            kwargs.get(TEACH) is True,
            [invite.invitee(u) for n in invite_names(game) if (u := kwargs.get(n)) is not None],
        )

    callback.__signature__ = inspect.Signature(_parameters(game, specs))  # type: ignore[attr-defined]
    descriptions = {spec.name: clip(spec.description, 100) for spec in specs}
    descriptions["turn_clock"] = t("cmd.turn_clock")
    descriptions[TEACH] = t("teach.option")
    descriptions.update({name: t("invite.option") for name in invite_names(game)})
    choices: dict[str, list[app_commands.Choice[str]]] = {
        spec.name: [
            app_commands.Choice(name=clip(label, 100), value=str(i))
            for i, (label, _) in enumerate(spec.choices[:25])
        ]
        for spec in specs
        if spec.kind == "choice"
    }
    choices["turn_clock"] = CLOCK_CHOICES
    described = app_commands.choices(**choices)(app_commands.describe(**descriptions)(callback))
    command: app_commands.Command[Any, Any, Any] = app_commands.Command(
        name=game.id,
        callback=described,
        description=app_commands.locale_str(
            clip(t("cmd.new_game", "en", game=game.title), 100),
            key="cmd.new_game",
            texts={"game": f"game.{game.id}.title"},
        ),
    )
    for spec in specs:  # a free-text option's presets are suggested while typing
        if spec.kind == "text" and spec.choices:
            command.autocomplete(spec.name)(_suggest(spec))
    return command


def _suggest(spec: OptionSpec) -> Any:
    """Autocomplete for a free-text option: its presets whose label or value match the text."""

    async def suggest(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        typed = current.strip().lower()
        with using(interaction.locale):  # the presets in the typist's language
            shown = [(retranslate(label), value) for label, value in spec.choices]
        return [
            app_commands.Choice(name=clip(label, 100), value=str(value))
            for label, value in shown
            if typed in label.lower() or str(value).lower().startswith(typed)
        ][:25]

    return suggest


def add_learning(
    game_group: app_commands.Group, game_choices: list[app_commands.Choice[str]]
) -> None:
    """``/game rules <game> [topic]`` and ``/game card <game> <name>`` (issue 24)."""

    @game_group.command(name="rules", description=t("cmd.rules"))
    @app_commands.describe(game=t("cmd.rules_game"), topic=t("rules.cmd_topic"))
    @app_commands.choices(game=game_choices)
    @app_commands.autocomplete(topic=rules.suggest_topic)
    async def rules_command(interaction: Interaction, game: str, topic: str | None = None) -> None:
        await rules.rules(interaction, game, topic)

    @game_group.command(name="card", description=t("card.cmd"))
    @app_commands.describe(game=t("cmd.rules_game"), name=t("card.cmd_name"))
    @app_commands.choices(game=game_choices)
    @app_commands.autocomplete(name=rules.suggest_card)
    async def card(interaction: Interaction, game: str, name: str) -> None:
        await rules.card(interaction, game, name)


def add_endings(game_group: app_commands.Group) -> None:
    """/game abandon (the host's or a manager's), end (a manager's, any table of the server)
    and kick."""

    @game_group.command(name="abandon", description=t("cmd.abandon"))
    async def abandon(interaction: Interaction) -> None:
        await lobby.abandon(interaction)

    @game_group.command(name="end", description=t("cmd.end"))  # a manager's (issue 31)
    @app_commands.describe(table=t("cmd.table"))
    async def end(interaction: Interaction, table: str | None = None) -> None:
        await ending.end(interaction, table)

    @game_group.command(name="kick", description=t("cmd.kick"))
    @app_commands.describe(member=t("cmd.kick_member"))
    async def kick(interaction: Interaction, member: discord.User) -> None:
        await lobby.kick(interaction, member)


def build(registry: dict[str, Game]) -> app_commands.Group:
    game_group = app_commands.Group(name="game", description=t("cmd.game"), guild_only=True)
    new = app_commands.Group(name="new", description=t("cmd.new"), parent=game_group)
    for game in registry.values():
        new.add_command(new_game_command(game))
    game_choices = [choice(f"game.{g.id}.title", g.id) for g in registry.values()]

    @game_group.command(name="join", description=t("cmd.join"))
    async def join(interaction: Interaction) -> None:
        await lobby.lobby_command(interaction, "join")

    @game_group.command(name="leave", description=t("cmd.leave"))
    async def leave(interaction: Interaction) -> None:
        await lobby.lobby_command(interaction, "leave")

    @game_group.command(name="ai", description=t("cmd.ai"))
    @app_commands.describe(level=t("cmd.ai_level"))
    @app_commands.choices(level=[choice(f"ai.level.{lv}", lv) for lv in LEVELS])
    async def add_ai(interaction: Interaction, level: str | None = None) -> None:
        await lobby.lobby_command(interaction, f"ai:{level or DEFAULT_LEVEL}")

    @game_group.command(name="start", description=t("cmd.start"))
    async def start(interaction: Interaction) -> None:
        await lobby.lobby_command(interaction, "start")

    @game_group.command(name="status", description=t("cmd.status"))
    async def status(interaction: Interaction) -> None:
        await info.status(interaction)

    @game_group.command(name="board", description=t("cmd.board"))
    @history_commands.table_option
    async def board(interaction: Interaction, table: str | None = None) -> None:
        await history.board(interaction, table)

    @game_group.command(name="hand", description=t("cmd.hand"))
    async def hand(interaction: Interaction) -> None:
        await play.show_hand(interaction)

    @game_group.command(name="log", description=t("cmd.log"))
    @history_commands.table_option
    async def log(interaction: Interaction, table: str | None = None) -> None:
        await history.game_log(interaction, table)

    add_endings(game_group)
    add_learning(game_group, game_choices)
    mine_commands.add_to(game_group)  # /game mine (issue 27)
    history_commands.add_to(game_group, registry)
    return game_group
