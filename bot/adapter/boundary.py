"""The one error boundary of the adapter: every refusal becomes one short ephemeral answer.

Handlers are wrapped by :func:`edge`, slash commands' failures reach :func:`on_command_error`
(the command tree's error handler). A refusal (:class:`~bot.core.errors.HostError`,
:class:`~games.base.IllegalMove`) is answered through the translation function by its code
(:mod:`bot.text.refusals`); anything unexpected is logged with context and answered politely.
While the bot shuts down, a failure is the shutdown's doing (Discord's connection is going
away): it is logged as such and nobody is told "nothing was changed" about a change that was
stored and will be shown after the restart.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Concatenate, ParamSpec

import discord
from discord import app_commands

from bot.adapter import respond
from bot.adapter.client import Crowntable
from bot.adapter.publish import NotShown
from bot.adapter.translator import reader_locale
from bot.core import metrics
from bot.core.errors import HostError
from bot.core.store import CorruptSession, StoreBusy, StoreUnavailable
from bot.text.i18n import set_current, t
from bot.text.refusals import refusal_text
from games.base import IllegalMove

log = logging.getLogger(__name__)
P = ParamSpec("P")
Interaction = discord.Interaction[Crowntable]
Handler = Callable[Concatenate[Interaction, P], Awaitable[None]]


def answer_to(exc: HostError | IllegalMove, game_id: str | None) -> str:
    """The player's text for a refusal: by code, in the player's words."""
    if isinstance(exc, HostError):
        return exc.text()
    return refusal_text(exc, game_id)


def note_game(interaction: discord.Interaction[Any], game_id: str) -> None:
    """Tell the boundary which game an interaction is about (for the game's refusal texts)."""
    interaction.extras["game"] = game_id


async def say(
    interaction: discord.Interaction[Any],
    content: str | None = None,
    *,
    ephemeral: bool = True,
    **kwargs: Any,
) -> None:
    """Answer ``interaction`` whether or not it was already acknowledged (never through the
    deprecated defer + follow-up path: :func:`bot.adapter.respond.answer`)."""
    await respond.answer(interaction, content, ephemeral=ephemeral, **kwargs)


#: interaction.extras key: the catalogue key telling what was stored when Discord then
#: refused to show it (a move: "your move counts")
STORED = "stored"


def not_shown_text(interaction: discord.Interaction[Any]) -> str:
    """The answer when a change was stored but its publication failed: exactly that."""
    return t(str(interaction.extras.get(STORED, "error.not_shown")))


async def _fail(interaction: Interaction, what: str) -> None:
    """Something unexpected: log it with context and say so, unless the bot is stopping."""
    if interaction.client.closing:
        log.warning(
            "%s interrupted by the shutdown (user %s, channel %s); a stored change "
            "is shown after the restart",
            what,
            interaction.user.id,
            interaction.channel_id,
        )
        return
    log.exception(
        "%s failed (user %s, channel %s)", what, interaction.user.id, interaction.channel_id
    )
    stored = interaction.extras.get(STORED)  # the change is kept: never "nothing was changed"
    try:
        await say(interaction, not_shown_text(interaction) if stored else t("error.internal"))
    except discord.HTTPException:
        pass


def edge(handler: Handler[P]) -> Handler[P]:
    """Run ``handler`` as one interaction in progress (shutdown waits for it), answering its
    refusals and failures."""

    @functools.wraps(handler)
    async def wrapper(interaction: Interaction, /, *args: P.args, **kwargs: P.kwargs) -> None:
        client = interaction.client
        set_current(interaction.locale)  # the reader's language (issue 12)
        if client.closing:
            await say(interaction, t("error.restarting"))
            return
        try:
            async with client.working():
                await reader_locale(interaction)
                await handler(interaction, *args, **kwargs)
        except (HostError, IllegalMove) as exc:
            await say(interaction, answer_to(exc, interaction.extras.get("game")))
        except CorruptSession as exc:
            metrics.STORE_ERRORS.labels("corrupt_session").inc()
            log.warning("%s: %s", handler.__name__, exc)
            await say(interaction, t("error.damaged"))
        except NotShown:
            await say(interaction, not_shown_text(interaction))
        except (StoreBusy, StoreUnavailable) as exc:  # the database said no: a retry helps
            metrics.STORE_ERRORS.labels(type(exc).__name__).inc()
            client.recheck = True  # a write may have landed unseen: the clock looks
            log.warning("%s: %s", handler.__name__, exc)
            await say(
                interaction,
                not_shown_text(interaction)
                if interaction.extras.get(STORED)
                else t("error.db_busy"),
            )
        except Exception:
            await _fail(interaction, handler.__name__)

    return wrapper


#: what discord.py raises for a payload no Discord client sends (an unknown subcommand, a
#: missing required option, options that do not match the registered command)
TAMPERED = (app_commands.CommandNotFound, app_commands.CommandSignatureMismatch)


async def check_command(interaction: Interaction) -> bool:
    """The command tree's ``interaction_check``: an autocomplete request for an option that
    has none is answered with no suggestions and a warning (discord.py would log an error
    and leave it unanswered)."""
    if interaction.type is not discord.InteractionType.autocomplete:
        return True
    command = interaction.command
    focused = _focused_option(interaction.data or {})
    params = getattr(command, "parameters", None) or []
    if any(p.display_name == focused and p.autocomplete for p in params):
        return True
    log.warning(
        "refused autocomplete of %r on /%s from user %s",
        focused,
        getattr(command, "qualified_name", "?"),
        interaction.user.id,
    )
    if not interaction.response.is_done():
        await interaction.response.autocomplete([])
    return False


def _focused_option(data: Any) -> str | None:
    """The name of the option being typed in an autocomplete payload."""
    stack = list(data.get("options") or []) if isinstance(data, dict) else []
    while stack:
        option = stack.pop()
        if not isinstance(option, dict):
            continue
        if option.get("focused"):
            return str(option.get("name"))
        stack.extend(option.get("options") or [])
    return None


async def on_command_error(interaction: Interaction, error: app_commands.AppCommandError) -> None:
    """The command tree's error handler: failures before or outside a handler's ``edge``."""
    original = getattr(error, "original", error)
    set_current(interaction.locale)
    if isinstance(original, (HostError, IllegalMove)):
        text = answer_to(original, interaction.extras.get("game"))
    elif isinstance(error, app_commands.NoPrivateMessage):
        text = t("error.guild_only")
    elif isinstance(error, app_commands.TransformerError):
        text = t("error.bad_input")
    elif isinstance(error, TAMPERED):  # no Discord client sends these: a forged payload
        log.warning("refused a malformed command from user %s: %s", interaction.user.id, error)
        text = t("error.bad_command")
    else:
        log.error(
            "command %s failed", interaction.command and interaction.command.name, exc_info=original
        )
        text = t("error.internal")
    try:
        await say(interaction, text)
    except discord.HTTPException:
        pass
