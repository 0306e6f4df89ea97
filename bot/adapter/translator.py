"""Slash commands in the reader's language: discord.py's :class:`app_commands.Translator` over
the gettext catalogues (issue 12 item 3).

discord.py turns every command name, description, option name and description and choice
name into a ``locale_str`` and asks :meth:`CatalogTranslator.translate` for each of Discord's
locales when the tree is synced; the answers become ``name_localizations`` and
``description_localizations``. The catalogue key of a text is, in this order:

* the ``key`` given with the text (``locale_str("5 minutes", key="clock.5m")``, with
  ``params`` for its fields and ``texts`` for fields that are catalogue texts themselves, such
  as a game's title: ``texts={"game": "game.tek.title"}``);
* a key derived from where the text is, by the command's qualified name:
  ``command.game.new.majesty.name``, ``command.game.join.description``,
  ``command.game.kick.option.member.name``, ``...option.member.description``; an option's
  name may also be shared by every command (``option.member.name``);
* the key whose English text is exactly this text (descriptions and choices written with
  ``t("cmd.join")`` need nothing more).

So a new command needs only catalogue keys. A text without a translation stays English; a
translated name is lowercased and must match Discord's name pattern (else English is kept and
a warning logged); a description is cut to 100 characters.
"""

from __future__ import annotations

import asyncio
import logging
import re
from typing import Any

from discord import Locale, app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.text import i18n

log = logging.getLogger(__name__)

NAME = re.compile(r"^[-_\w]{1,32}$")  # Discord's \p{L}\p{N}-_; \w adds only "_" to those
NAMES = (Where.command_name, Where.group_name, Where.parameter_name)
DESCRIPTIONS = (Where.command_description, Where.group_description, Where.parameter_description)
DESCRIPTION_MAX = 100
CHOICE_MAX = 100


def dotted(qualified_name: str) -> str:
    return ".".join(qualified_name.split())


def derived_keys(context: app_commands.TranslationContext[Any, Any]) -> list[str]:
    """The keys a text has by its place in the command tree (most specific first)."""
    where, data = context.location, context.data
    if where in (Where.command_name, Where.group_name):
        return [f"command.{dotted(data.qualified_name)}.name"]
    if where in (Where.command_description, Where.group_description):
        return [f"command.{dotted(data.qualified_name)}.description"]
    if where in (Where.parameter_name, Where.parameter_description):
        part = "name" if where is Where.parameter_name else "description"
        command = dotted(data.command.qualified_name)
        return [f"command.{command}.option.{data.name}.{part}", f"option.{data.name}.{part}"]
    return []


def catalogue_text(
    string: app_commands.locale_str, context: app_commands.TranslationContext[Any, Any], locale: str
) -> str | None:
    """The translation of ``string`` in ``locale`` (a catalogue code), or None."""
    extras = string.extras
    keys = [extras["key"]] if extras.get("key") else []
    keys += derived_keys(context)
    keys += i18n.keys_of(string.message)
    for key in keys:
        text = i18n.translated(key, locale)
        if text is not None:
            params = dict(extras.get("params") or {})
            for field, title_key in (extras.get("texts") or {}).items():
                params[field] = i18n.translated(title_key, locale) or i18n.t(title_key, "en")
            return text.format(**params) if params else text
    if not re.search(r"[^\W\d_]", string.message):  # "3", "2-4": the same in every language
        return string.message
    return None


def command_name(text: str) -> str | None:
    """A translated name as Discord takes it, or None when it cannot be one."""
    name = "-".join(text.lower().split())
    return name if NAME.match(name) else None


class CatalogTranslator(app_commands.Translator):
    """Answers from ``bot/text/locale/<lang>``; English (the code's own texts) is the
    default every other locale sees."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: Locale,
        context: app_commands.TranslationContext[Any, Any],
    ) -> str | None:
        code = i18n.normalise(locale)
        if code == i18n.DEFAULT_LOCALE:
            return None
        text = catalogue_text(string, context, code)
        if text is None:
            return None
        if context.location in NAMES:
            name = command_name(text)
            if name is None:
                log.warning("%s name %r is not a Discord name; English is kept", code, text)
            return name
        if context.location in DESCRIPTIONS:
            return text[:DESCRIPTION_MAX]
        return text[:CHOICE_MAX]


def choice(key: str, value: Any, **params: Any) -> app_commands.Choice[Any]:
    """A choice whose label is the catalogue text ``key`` (English in the command, translated
    by :class:`CatalogTranslator` for each locale)."""
    label = i18n.t(key, "en", **params)[:CHOICE_MAX]
    return app_commands.Choice(
        name=app_commands.locale_str(label, key=key, params=params), value=value
    )


# -- who reads in which language ----------------------------------------------------------------


class Languages:
    """The language of each reader (issue 12 item 3), cached per process.

    A channel message (board, pings, final result, lobby) is in the server's language: the one
    chosen with ``/crowntable language`` (stored), else Discord's ``guild_locale`` (from the
    last interaction there, else the gateway's guild), else English. An ephemeral answer is in
    the interaction's ``locale``; a DM the bot sends unprompted is in the user's remembered
    locale (stored whenever it changes), else the channel's language."""

    def __init__(self, host: Any, client: Any = None) -> None:
        self.host = host
        self.client = client
        self._chosen: dict[str, str | None] = {}
        self._guild_seen: dict[str, str] = {}
        self._users: dict[str, str] = {}
        self._writes: set[asyncio.Future[None]] = set()  # remembered locales being stored

    async def channel(self, guild_id: str | None) -> str:
        """The language of channel messages in server ``guild_id`` (None: a DM: English)."""
        if not guild_id:
            return i18n.DEFAULT_LOCALE
        if guild_id not in self._chosen:
            self._chosen[guild_id] = await self.host.guild_locale(guild_id)
        chosen = self._chosen[guild_id]
        if chosen:
            return i18n.normalise(chosen)
        if guild_id in self._guild_seen:
            return self._guild_seen[guild_id]
        guild = self.client.get_guild(int(guild_id)) if self.client and guild_id.isdigit() else None
        return i18n.normalise(getattr(guild, "preferred_locale", None))

    async def user(self, user_id: str, fallback: str = i18n.DEFAULT_LOCALE) -> str:
        """The language of a DM to ``user_id`` (``fallback``: never seen)."""
        if user_id not in self._users:
            stored = await self.host.user_locale(user_id) if user_id.isdigit() else None
            if stored is None:
                return fallback
            self._users[user_id] = i18n.normalise(stored)
        return self._users[user_id]

    def chose(self, guild_id: str, locale: str | None) -> None:
        """``/crowntable language`` stored a new choice (None: the server's own again)."""
        self._chosen[guild_id] = locale

    async def saw(self, user_id: str, locale: Any, guild_id: str | None, guild_locale: Any) -> str:
        """An interaction arrived: remember the user's locale (stored when it changed) and the
        server's; returns the reader's language."""
        code = i18n.normalise(locale)
        if guild_id and guild_locale is not None:
            self._guild_seen[guild_id] = i18n.normalise(guild_locale)
        if locale is not None and user_id.isdigit() and self._users.get(user_id) != code:
            self._users[user_id] = code
            # a write: in the background, so a busy database never delays the acknowledgement
            task = asyncio.ensure_future(self._remember(user_id, code))
            self._writes.add(task)
            task.add_done_callback(self._writes.discard)
        return code

    async def _remember(self, user_id: str, code: str) -> None:
        try:
            await self.host.remember_locale(user_id, code)
        except Exception as exc:  # the language is a courtesy: never the cause of a failure
            log.warning("could not remember the locale of user %s: %s", user_id, exc)


async def channel_locale(interaction: Any) -> str:
    """The language of channel messages where ``interaction`` happened."""
    guild = str(interaction.guild_id) if interaction.guild_id else None
    languages = getattr(interaction.client, "languages", None)
    if languages is None:
        return i18n.normalise(getattr(interaction, "guild_locale", None))
    return str(await languages.channel(guild))


async def reader_locale(interaction: Any) -> str:
    """Note ``interaction``'s reader and make their language the current one."""
    languages = getattr(interaction.client, "languages", None)
    locale = getattr(interaction, "locale", None)
    if languages is not None:
        guild = str(interaction.guild_id) if interaction.guild_id else None
        await languages.saw(
            str(interaction.user.id), locale, guild, getattr(interaction, "guild_locale", None)
        )
    return i18n.set_current(locale)
