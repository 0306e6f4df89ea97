"""The lobby message: the table's seats, its options in words, the turn clock, who was
invited, and its buttons (issue 27 item 1: **Start** disabled, with the reason shown, while
the table cannot start; **Options** and **Invite** for the host)."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.adapter import book
from bot.adapter.components import LobbyAiSelect, LobbyButton
from bot.adapter.prompts import make_view
from bot.core.ai_runner import level_label, seat_label
from bot.core.host import TURN_CLOCKS, SessionHost
from bot.core.options import start_problem
from bot.core.store import SessionRecord
from bot.text import presenters
from bot.text.i18n import current, game_title, option_name, option_value, t, using
from games.ai import LEVELS
from games.base import Game

log = logging.getLogger(__name__)

#: the lobby message's buttons: (action, label key, style); the first five make one row
LOBBY_BUTTONS: tuple[tuple[str, str, discord.ButtonStyle], ...] = (
    ("join", "lobby.join", discord.ButtonStyle.primary),
    ("leave", "lobby.leave", discord.ButtonStyle.secondary),
    ("ai", "lobby.ai", discord.ButtonStyle.secondary),
    ("start", "lobby.start", discord.ButtonStyle.success),
    ("cancel", "lobby.cancel", discord.ButtonStyle.danger),
    ("options", "lobby.options", discord.ButtonStyle.secondary),
    ("invite", "lobby.invite_button", discord.ButtonStyle.secondary),
)


def every_option(game: Game, options: dict[str, Any]) -> dict[str, Any]:
    """Each option of ``game`` with its value at this table (the default where unset)."""
    return {name: options.get(name, default) for name, (default, _) in game.options.items()}


def value_words(game_id: str, key: str, value: Any) -> str:
    """An option's value in words, in the current language ("yes", "A B B A A B A B", a
    choice's label; an unset number: "as the rulebook says")."""
    if value is None:
        return t("options.auto")
    specs = {spec.name: spec for spec in presenters.get(game_id).option_specs}
    return option_value(value, specs[key].choices if key in specs else ())


def options_text(game: Game, rec: SessionRecord) -> str:
    """Every option of the table, one line each, those set away from the default in bold."""
    lines = []
    for key, value in every_option(game, rec.options).items():
        line = f"{option_name(key)}: {value_words(game.id, key, value)}"
        lines.append(f"**{line}**" if key in rec.options else line)
    if book.of(rec).get("teach"):  # a table option of the bot's, not the engine's
        lines.append(t("teach.lobby"))
    return "\n".join(lines) or t("lobby.defaults")


def lobby_message(
    host: SessionHost, rec: SessionRecord, locale: str | None = None
) -> dict[str, Any]:
    """The lobby's embed, with its buttons while the table is open; in ``locale`` (the
    channel's language; default: the current one)."""
    with using(locale if locale is not None else current()):
        return _lobby_message(host, rec)


def _seats_text(rec: SessionRecord) -> str:
    return (
        "\n".join(
            f"{i + 1}. {seat_label(s)}{' 🤖' if s.is_ai else ''}"
            f"{' 👑' if s.player_id == rec.host_id else ''}"
            for i, s in enumerate(rec.seats)
        )
        or "—"
    )


def _lobby_message(host: SessionHost, rec: SessionRecord) -> dict[str, Any]:
    game = host.game(rec.game)
    clock = next((k for k, v in TURN_CLOCKS.items() if v == rec.turn_secs), "?")
    embed = discord.Embed(
        title=t("board.title", game=game_title(rec.game, game.title), id=rec.id),
        colour=discord.Colour.blue(),
    )
    problem = start_problem(game, rec.options, len(rec.seats)) if rec.status == "lobby" else None
    if rec.status == "lobby":
        embed.description = t("lobby.help", min=game.min_players, max=game.max_players)
        if problem:
            embed.description += "\n\n" + t("lobby.cannot_start", reason=problem)
    else:
        embed.description = t(f"lobby.{rec.status}")
    embed.add_field(
        name=t("lobby.players", n=len(rec.seats), max=game.max_players),
        value=_seats_text(rec),
        inline=True,
    )
    embed.add_field(name=t("lobby.clock"), value=t(f"clock.{clock}"), inline=True)
    waiting = [p for p in book.of(rec).get("invited", {}) if not rec.seat_of(p)]
    if waiting and rec.status == "lobby":
        embed.add_field(
            name=t("lobby.invited"), value=" ".join(f"<@{p}>" for p in waiting), inline=True
        )
    embed.add_field(name=t("lobby.options"), value=options_text(game, rec), inline=False)
    view = None
    if rec.status == "lobby":
        view = make_view(
            [
                LobbyButton(
                    rec.id,
                    action,
                    label=t(key),
                    style=style,
                    disabled=action == "start" and problem is not None,
                )
                for action, key, style in LOBBY_BUTTONS
            ]
            + [ai_level_select(rec)]
        )
    return {"embed": embed, "view": view}


def ai_level_select(rec: SessionRecord) -> LobbyAiSelect:
    """The select that seats an AI of the chosen level (**Add AI** seats the default)."""
    options = [
        discord.SelectOption(
            label=t("lobby.ai_option", level=level_label(level)),
            value=level,
            description=t(f"ai.about.{level}"),
        )
        for level in LEVELS
    ]
    return LobbyAiSelect(rec.id, options=options, placeholder=t("lobby.ai_pick"))


async def table_locale(client: Any, rec: SessionRecord) -> str:
    """The language of ``rec``'s channel (a click from a DM has no channel of its own)."""
    languages = getattr(client, "languages", None)
    if languages is None:
        return current()
    return str(await languages.channel(rec.guild_id))


async def show_lobby(client: Any, rec: SessionRecord) -> None:
    """Edit ``rec``'s lobby message in its channel to show the table as it is now."""
    lobby = book.of(rec).get("lobby")
    if not lobby:
        return
    channel = client.get_partial_messageable(int(rec.channel_id))
    try:
        await channel.get_partial_message(lobby).edit(
            **lobby_message(client.host, rec, await table_locale(client, rec))
        )
    except discord.HTTPException as exc:
        log.info("lobby message %s not updated: %s", lobby, exc)
