"""Telling players that a decision of theirs began: once, where they play it (issue 11).

A private decision is its DM prompt (a new DM notifies; a standing DM edited in place while
they look at it does not); an open one is a line in the channel ("🎲 @bob, it's your turn"),
unless they are at the table (they acted less than ``ACTIVE_WINDOW`` seconds ago). A prompt
placed without a notification is nudged once it has waited that long (:meth:`Notices.nudge`,
from the turn clock's tick). The turn clock's reminders go out here too.

Each player's notification preference (issue 27 #5, :mod:`bot.core.prefs`) chooses how: a
mention (the default); ``dm``: one DM instead of the mention (the mention when DMs are
closed); ``digest`` and ``off``: no ping, nudge or reminder (the daily digest is
:mod:`bot.adapter.digest`), a private prompt still placed in their DM, silently. Whatever is
chosen, a turn change notifies each player at most once.
"""

from __future__ import annotations

import logging

import discord

from bot.adapter import book
from bot.adapter.book import PlayerBook, TableBook, peek, player
from bot.adapter.publishing import ACTIVE_WINDOW, Publishing, mention
from bot.core.errors import HostError
from bot.core.store import SessionRecord
from bot.text.i18n import game_title, t

log = logging.getLogger(__name__)

PINGS_KEPT = 5  # "your turn" lines removed when the game ends (the latest ones)
QUIET = ("digest", "off")  # preferences told nothing per turn


class Notices:
    def __init__(self, pub: Publishing) -> None:
        self.pub = pub
        #: (session, player) -> (since, placed at): prompts placed without a notification
        self.silent: dict[tuple[int, str], tuple[int | None, float]] = {}

    async def notify(self, rec: SessionRecord, meta: TableBook, mover: str | None) -> None:
        """Tell each player whose decision just began, once, where they play it; the
        channel's lines go out as one message. When Discord refuses that message, those
        players count as not told (the retry of the publication tells them)."""
        lines: list[str] = []
        told: dict[str, PlayerBook] = {}  # player -> their record before
        waiting = [
            p for p in self.pub.human_actors(rec) if peek(meta, p).get("notified") != rec.since(p)
        ]
        prefs = await self.pub.host.prefs.of(waiting) if waiting else {}
        for p in waiting:
            before = peek(meta, p).copy()
            player(meta, p)["notified"] = rec.since(p)
            line = await self._line(rec, meta, p, mover, prefs[p].notify)
            if line:
                lines.append(line)
                told[p] = before
        try:
            await self.channel_lines(rec, meta, lines)
        except BaseException:
            for p, before in told.items():  # not told after all
                pm = player(meta, p)
                if "notified" in before:
                    pm["notified"] = before["notified"]
                else:
                    pm.pop("notified", None)
                if not before.get("dm_notice"):
                    pm.pop("dm_notice", None)
            raise

    async def _line(
        self, rec: SessionRecord, meta: TableBook, p: str, mover: str | None, how: str
    ) -> str | None:
        """The channel line that tells ``p`` (None: told otherwise, or not at all), as their
        preference ``how`` says."""
        since = rec.since(p)
        if self.pub.is_private(rec, p):
            if peek(meta, p).get("prompted") == since:  # the click showed it in place
                return None
            line = await self.deliver_prompt(rec, meta, p, silent=how in QUIET)
            return None if how in QUIET else line
        if p == mover or how in QUIET:  # they go on where they are / asked for no ping
            return None
        if self.pub.active(meta, p):  # at the table: told only if it waits too long
            self.mark_silent(rec, meta, p, since)
            return None
        if how == "dm" and await self.turn_dm(rec, meta, p):
            return None
        return t("ping.turn", who=mention(p, rec))

    async def turn_dm(self, rec: SessionRecord, meta: TableBook, p: str) -> bool:
        """``p``'s one DM saying it is their turn, with the way to the board (preference
        ``dm``); False when their DMs are closed (the caller mentions them instead)."""
        async with self.pub.dm_language(rec, p):
            game = self.pub.host.game(rec.game)
            text = t(
                "ping.turn_dm",
                game=game_title(game.id, game.title),
                place=self.pub.place(rec, meta),
            )
        return await self.pub.send_dm(p, rec.created_at, content=text) is not None

    async def channel_lines(self, rec: SessionRecord, meta: TableBook, lines: list[str]) -> None:
        """One channel message with ``lines`` (it notifies the players it mentions); it stays
        until the game ends (no delete and repost: the notification went out already)."""
        if not lines:
            return
        channel = self.pub.bot.get_partial_messageable(int(rec.channel_id))
        message = await channel.send(
            "\n".join(lines), allowed_mentions=discord.AllowedMentions(users=True)
        )
        meta["pings"] = (meta.get("pings", []) + [message.id])[-PINGS_KEPT:]

    async def drop_pings(self, rec: SessionRecord, meta: TableBook) -> None:
        """The game is over: nobody's turn any more; its last "your turn" lines go (older
        ones stay as the game's history: their notification went out long ago)."""
        channel = self.pub.bot.get_partial_messageable(int(rec.channel_id))
        for message_id in meta.pop("pings", []):
            try:
                await channel.get_partial_message(message_id).delete()
            except discord.HTTPException:
                pass

    async def deliver_prompt(
        self, rec: SessionRecord, meta: TableBook, p: str, silent: bool = False
    ) -> str | None:
        """``p``'s private prompt in their DM: their standing DM edited in place while they
        are at the table, else a new DM (which notifies). None when it arrived; else the
        channel line that tells them to use **Open my prompt** (with, once per game, how to
        allow DMs). ``silent``: a new DM that does not notify (preferences digest and off),
        never nudged."""
        since = rec.since(p)
        async with self.pub.dm_language(rec, p):
            payload = await self.pub.private_prompt_payload(rec, p, meta)
        if silent:
            payload["silent"] = True
        quiet = self.pub.active(meta, p, "dm_acted")  # edited in place only under their eyes
        if await self.pub.place_dm(rec, meta, p, payload, quiet):
            pm = player(meta, p)
            pm["prompted"] = since
            pm["hand_sig"] = self.pub.hand_signature(rec, p)
            if quiet and not silent:
                self.mark_silent(rec, meta, p, since)
            return None
        if not p.isdigit():
            return None
        return self.closed_line(rec, meta, p, self.pub.active(meta, p))  # at the board?

    def closed_line(self, rec: SessionRecord, meta: TableBook, p: str, quiet: bool) -> str | None:
        """The channel line for a player whose DMs are closed: the first time in a game how
        to open them; later only when they are away (at the table they see the board)."""
        pm = player(meta, p)
        pm["dm_closed"] = True
        if not pm.get("dm_notice"):
            pm["dm_notice"] = True
            guild = self.pub.bot.get_guild(int(rec.guild_id)) if rec.guild_id else None
            return t("ping.dm_notice", who=mention(p, rec), server=guild.name if guild else "?")
        if quiet:
            self.mark_silent(rec, meta, p, rec.since(p))
            return None
        return t("ping.dm_closed", who=mention(p, rec))

    def mark_silent(self, rec: SessionRecord, meta: TableBook, p: str, since: int | None) -> None:
        """``p``'s prompt was placed without a notification: :meth:`nudge` them if it waits
        ACTIVE_WINDOW. Kept in the table's bookkeeping too, so a restart still nudges."""
        at = self.pub.host.now()
        self.silent[(rec.id, p)] = (since, at)
        waiting = set(self.pub.human_actors(rec))
        for q, pm in meta.get("players", {}).items():
            if q not in waiting:
                pm.pop("silent", None)
        player(meta, p)["silent"] = [since, at]

    def restore_silent(self, running: list[SessionRecord]) -> None:
        """After a restart: the silent prompts the last run had not nudged yet (the nudge
        skips any whose decision is over)."""
        for rec in running:
            for p, pm in book.of(rec).get("players", {}).items():
                since, at = (pm.get("silent") or [None, None])[:2]
                if at is not None:
                    self.silent.setdefault(
                        (rec.id, p), (None if since is None else int(since), float(at))
                    )

    async def nudge(self) -> None:
        """Prompts placed silently for a player at the table who has not acted on them within
        ACTIVE_WINDOW: notify them now, once (a new DM, or a line in the channel)."""
        now = self.pub.host.now()
        due = [k for k, (_, at) in self.silent.items() if now - at >= ACTIVE_WINDOW]
        for session_id, p in due:
            since, _ = self.silent.pop((session_id, p))
            try:
                rec = await self.pub.host.current(session_id)
            except HostError:
                continue
            if (
                rec.status != "running"
                or rec.since(p) != since
                or p not in self.pub.human_actors(rec)
            ):
                continue
            try:
                await self.nudge_one(rec, p)
            except (discord.HTTPException, HostError) as exc:
                log.info("session %s: nudging %s failed: %s", session_id, p, exc)

    async def nudge_one(self, rec: SessionRecord, p: str) -> None:
        pub = self.pub
        async with book.publication(pub.host, rec.id) as (rec, meta), pub.channel_language(rec):
            peek(meta, p).pop("silent", None)  # nudged now (or back at the table)
            acted = peek(meta, p).get("acted")
            if acted is not None and pub.host.now() - acted < ACTIVE_WINDOW:
                return  # they came back meanwhile
            how = (await pub.host.prefs.of([p]))[p].notify
            private = pub.is_private(rec, p)
            if how in QUIET or (not private and how == "dm" and await self.turn_dm(rec, meta, p)):
                return
            if private and not peek(meta, p).get("dm_closed"):
                async with pub.dm_language(rec, p):
                    payload = await pub.private_prompt_payload(rec, p, meta)
                if await pub.place_dm(rec, meta, p, payload, quiet=False):
                    return
            line = t("ping.dm_closed" if private else "ping.turn", who=mention(p, rec))
            await self.channel_lines(rec, meta, [line])

    async def reminders(self, rec: SessionRecord, players: list[str]) -> None:
        """The turn clock's half-time reminders: by DM, else in the channel (none for the
        players who chose the digest or no notifications)."""
        prefs = await self.pub.host.prefs.of(players)
        for p in [q for q in players if prefs[q].notify not in QUIET]:
            entry = rec.clock.get(p)
            due = entry["due"] if entry is not None else None
            when = f"<t:{int(due)}:R>" if due else "?"
            async with self.pub.dm_language(rec, p):
                text = t("reminder.dm", channel=self.pub.place(rec, book.of(rec)), when=when)
            if await self.pub.send_dm(p, rec.created_at, content=text) is None:
                channel = self.pub.bot.get_partial_messageable(int(rec.channel_id))
                async with self.pub.channel_language(rec):
                    text = t("reminder.channel", who=mention(p, rec), when=when)
                await channel.send(text, allowed_mentions=discord.AllowedMentions(users=True))
