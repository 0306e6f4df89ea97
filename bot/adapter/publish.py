"""After every change: update the board, ping whoever must act, DM the private prompts.

All Discord output about a running session goes through :class:`Publisher`, inside the host's
:meth:`~bot.core.host.SessionHost.publication` (the session's one lock, the latest record), so
two quick moves never publish out of order. Bot-side bookkeeping (message ids, who was prompted
for which decision: :class:`~bot.core.store.Meta`) is read and written only through the host
and survives a restart.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import io
import logging
import time
from collections.abc import AsyncIterator, Callable
from typing import Any

import aiohttp
import discord

from bot.adapter.components import HandButton, OpenPromptButton
from bot.adapter.final import post_final
from bot.adapter.prompts import Prompt, build_prompt, clip, clip_block, make_view
from bot.adapter.translator import Languages
from bot.core.ai_runner import seat_label
from bot.core.errors import HostError
from bot.core.host import Outcome, SessionHost
from bot.core.render import board_alt_text, board_png
from bot.core.store import Meta, SessionRecord
from bot.text import presenters
from bot.text.i18n import game_title, t, using
from games.base import Event

log = logging.getLogger(__name__)

BOARD_EDIT_WINDOW = 3600  # edit the board message while it is younger; repost after
LOG_KEEP = 40
LOG_SHOWN = 8  # log lines on the board; more when one change brought more (a reveal)
LOG_SHOWN_MAX = 25
DM_CLOSED = 50007
UNKNOWN_CHANNEL = 10003
DM_RETRY = 3600  # seconds before a refused DM is tried again within the same table


def name_fn(rec: SessionRecord) -> Callable[[str], str]:
    names = {s.player_id: seat_label(s) for s in rec.seats}  # "AI 1 · hard"
    return lambda pid: names.get(pid, pid)


def mention(pid: str, rec: SessionRecord) -> str:
    return f"<@{pid}>" if pid.isdigit() else name_fn(rec)(pid)


def png_file(png: bytes, filename: str = "board.png",
             description: str | None = None) -> discord.File:
    """An image attachment; ``description`` is its alt text (Discord allows 1024 characters)."""
    alt = description[:1024] if description else None
    return discord.File(io.BytesIO(png), filename=filename, description=alt)


def event_lines(rec: SessionRecord, events: list[Event]) -> list[str]:
    presenter = presenters.get(rec.game)
    name = name_fn(rec)
    lines = []
    for event in events:
        kind = str(event.get("type", ""))
        if kind.startswith("host_"):
            who = event.get("player")
            if kind == "host_started":
                text = t("host.started", players=", ".join(name(p) for p in rec.player_ids))
            else:
                seat = rec.seat_of(who) if isinstance(who, str) else None  # their own name
                shown = seat.name if seat else name(who) if isinstance(who, str) else "?"
                text = t("host." + kind[5:], name=shown)
        else:
            try:
                text = presenter.event_text(event, name) or ""
            except Exception:
                log.exception("event_text failed for %s", kind)
                text = ""
        if text:
            lines.append(clip(text, 300))
    return lines


class NotShown(Exception):
    """A change was stored but Discord did not take its publication; it is retried by the
    turn clock (:meth:`Publisher.retry_behind`). The user is told exactly that."""

    def __init__(self, session_id: int) -> None:
        super().__init__(f"session {session_id}: stored, not shown yet")
        self.session_id = session_id


class Publisher:
    """Shows sessions in Discord through ``client`` (channels, DMs), reading and recording
    through ``host`` only."""

    def __init__(self, client: discord.Client, host: SessionHost) -> None:
        self.bot = client
        self.host = host
        self._dm_channels: dict[str, discord.abc.Messageable] = {}
        #: sessions whose last publication failed (stored, not shown): retried every tick
        self.behind: set[int] = set()
        #: channel messages in the server's language, DMs in each user's (issue 12)
        self.languages = Languages(host, client)

    # -- who is prompted where ---------------------------------------------------------------
    def human_actors(self, rec: SessionRecord) -> list[str]:
        ai = {s.player_id for s in rec.seats if s.is_ai}
        return [p for p in self.host.actors(rec) if p not in ai]

    def is_private(self, rec: SessionRecord, player: str) -> bool:
        """Whether ``player``'s current prompt must not be shown in the channel."""
        if presenters.get(rec.game).private_prompts:
            return True
        return self.host.is_secret_decision(rec, player)

    def public_prompt(self, rec: SessionRecord) -> tuple[str, Prompt] | None:
        """The prompt shown on the board itself, when one player acts in the open."""
        actor = self.public_actor(rec)
        if actor is None:
            return None
        moves = self.host.legal_moves(rec, actor)
        return actor, build_prompt(presenters.get(rec.game), rec.id, rec.version,
                                   self.host.view(rec, actor), actor, moves, name_fn(rec))

    def public_actor(self, rec: SessionRecord) -> str | None:
        actors = self.human_actors(rec)
        if len(actors) == 1 and not self.is_private(rec, actors[0]):
            return actors[0]
        return None

    # -- the whole publication ---------------------------------------------------------------
    async def publish(self, outcome: Outcome, handled: tuple[str, ...] = (),
                      repost: bool = False, catch_up: bool = False) -> None:
        """Show ``outcome`` (its events in the log) on the latest record: board, private
        prompts, pings, hands, final standings. ``handled``: players already prompted in place
        (an edited DM or ephemeral message). ``catch_up``: only if still unshown (another
        process may have shown it meanwhile)."""
        async with self.host.publication(outcome.record.id) as (rec, meta), \
                self.channel_language(rec):
            if catch_up and meta.get("published_version") == rec.version:
                return
            self.record_events(rec, meta, outcome.events)
            if outcome.ratings:  # the game's end: shown by the final standings
                meta["ratings"] = {p: list(c) for p, c in outcome.ratings.items()}
            for p in handled:
                if p in rec.clock:
                    meta.setdefault("prompted", {})[p] = rec.clock[p]["since"]
                meta.setdefault("hand_sig", {})[p] = self.hand_signature(rec, p)
            try:
                await self.show(rec, meta, repost)
            except discord.Forbidden as exc:  # the channel's permissions keep the bot out
                log.warning("session %s: may not post in channel %s (%s)", rec.id,
                            rec.channel_id, exc.code)
                raise HostError("no_channel_permissions") from None
            except (discord.HTTPException, aiohttp.ClientError, OSError) as exc:
                # stored but not shown (Discord 5xx after retries, a deleted channel): the
                # turn clock's next tick tries again (retry_behind), the caller says so
                gone = isinstance(exc, discord.NotFound) and exc.code == UNKNOWN_CHANNEL
                if not gone:  # a deleted channel is not retried
                    self.behind.add(rec.id)
                log.warning("session %s: publishing version %s failed (%s); retried by the "
                            "next clock tick", rec.id, rec.version, exc)
                raise NotShown(rec.id) from exc
            self.behind.discard(rec.id)

    @contextlib.asynccontextmanager
    async def channel_language(self, rec: SessionRecord) -> AsyncIterator[str]:
        """Write in the language of ``rec``'s channel inside the block."""
        with using(await self.languages.channel(rec.guild_id)) as code:
            yield code

    @contextlib.asynccontextmanager
    async def dm_language(self, rec: SessionRecord, user_id: str) -> AsyncIterator[str]:
        """Write in ``user_id``'s language (their channel's if never seen) inside the block."""
        channel = await self.languages.channel(rec.guild_id)
        with using(await self.languages.user(user_id, channel)) as code:
            yield code

    @staticmethod
    def record_events(rec: SessionRecord, meta: Meta, events: list[Event]) -> None:
        lines = event_lines(rec, events)
        meta["log"] = (meta.get("log", []) + lines)[-LOG_KEEP:]
        if lines:
            meta["last_change_lines"] = len(lines)

    async def show(self, rec: SessionRecord, meta: Meta, repost: bool) -> None:
        await self.update_board(rec, meta, repost=repost)
        if rec.status == "running":
            await self.private_prompts(rec, meta)
            await self.ping(rec, meta)
        else:
            await self.drop_ping(rec, meta)
        await self.hands(rec, meta)
        if rec.status == "finished" and not meta.get("final_posted"):
            await self.final(rec, meta)
        meta["published_version"] = rec.version

    async def refresh(self, session_id: int, repost: bool = False,
                      catch_up: bool = False) -> None:
        """Publish the current state without new events (``/game board``, after a restart)."""
        await self.publish(Outcome(await self.host.current(session_id)), repost=repost,
                           catch_up=catch_up)

    async def retry_behind(self) -> None:
        """Show again every session whose last publication failed (one at a time; a session
        that fails again stays behind and never stops the others)."""
        for session_id in sorted(self.behind):
            try:
                await self.refresh(session_id, catch_up=True)
            except NotShown:
                continue
            except Exception as exc:  # a table that cannot be shown at all: give up on it
                self.behind.discard(session_id)
                log.warning("session %s: not shown (%s: %s)", session_id,
                            type(exc).__name__, exc)
            else:
                self.behind.discard(session_id)

    async def clock(self, outcomes: list[Outcome]) -> None:
        """Show what the turn clock did: moves made for idle players, reminders."""
        for out in outcomes:
            if out.moved:
                await self.publish(out)
            if out.reminders:
                await self.reminders(out.record, out.reminders)

    # -- the board message -------------------------------------------------------------------
    def board_embed(self, rec: SessionRecord, meta: Meta, has_image: bool,
                    public: tuple[str, Prompt] | None | bool = True) -> discord.Embed:
        """``public``: the board's own prompt if already built (True: build it here)."""
        game = self.host.game(rec.game)
        presenter = presenters.get(rec.game)
        name = name_fn(rec)
        parts = []
        if rec.state is not None:
            try:
                status = presenter.status_text(self.host.view(rec, None), name)
            except Exception:
                log.exception("status_text failed")
                status = ""
            if status:
                parts.append(status)
        if rec.status == "running":
            waiting = self.human_actors(rec)
            if waiting:
                due = [c["due"] for p, c in rec.clock.items()
                       if p in waiting and c["due"] is not None]  # not an AI seat's
                line = t("board.waiting", names=", ".join(f"**{name(p)}**" for p in waiting))
                if due:
                    line += " " + t("board.deadline", when=f"<t:{int(min(due))}:R>")
                parts.append(line)
            if public is True:
                public = self.public_prompt(rec)
            if isinstance(public, tuple):
                parts.append(public[1].describe())
        elif rec.status == "finished":
            parts.append(t("board.finished"))
        elif rec.status == "abandoned":
            parts.append(t("board.abandoned"))
        shown = min(LOG_SHOWN_MAX, max(LOG_SHOWN, meta.get("last_change_lines", 0)))
        log_lines = meta.get("log", [])[-shown:]
        if log_lines:
            parts.append("\n".join(f"• {line}" for line in log_lines))
        description = "\n\n".join(parts)
        while len(description) > 4000 and log_lines:  # drop the oldest log lines first
            log_lines = log_lines[1:]
            parts[-1] = "\n".join(f"• {line}" for line in log_lines)
            description = "\n\n".join(parts)
        description = clip_block(description, 4000)
        embed = discord.Embed(title=t("board.title", game=game_title(rec.game, game.title),
                                      id=rec.id),
                              description=description, colour=discord.Colour.gold())
        if has_image:
            embed.set_image(url="attachment://board.png")
        embed.set_footer(text=t("board.footer", id=rec.id))
        return embed

    def board_view(self, rec: SessionRecord, public: tuple[str, Prompt] | None | bool = True
                   ) -> discord.ui.View | None:
        if rec.status != "running":
            return None
        items: list[discord.ui.Item[Any]] = []
        if public is True:
            public = self.public_prompt(rec)
        if isinstance(public, tuple):
            items.extend(public[1].items)
        else:
            items.append(OpenPromptButton(rec.id, label=t("board.open_prompt"), row=4))
        items.append(HandButton(rec.id, label=t("board.my_view"), row=4))
        return make_view(items)

    async def update_board(self, rec: SessionRecord, meta: Meta,
                           repost: bool = False) -> None:
        png = await board_png(self.host, rec, None)
        alt = board_alt_text(self.host, rec, None) if png else None
        public = self.public_prompt(rec) if rec.status == "running" else None
        embed = self.board_embed(rec, meta, png is not None, public)
        view = self.board_view(rec, public)
        channel = self.bot.get_partial_messageable(int(rec.channel_id))
        board = meta.get("board")
        now = time.time()
        if board and not repost and now - board["at"] < BOARD_EDIT_WINDOW:
            try:
                await channel.get_partial_message(board["id"]).edit(
                    embed=embed, attachments=[png_file(png, description=alt)] if png else [],
                    view=view)
                return
            except discord.HTTPException as exc:
                log.warning("board edit failed (%s); reposting", exc)
        if board:
            try:  # the old board keeps its picture but loses its buttons
                await channel.get_partial_message(board["id"]).edit(view=None)
            except discord.HTTPException:
                pass
        kwargs: dict[str, Any] = {"embed": embed}
        if png:
            kwargs["file"] = png_file(png, description=alt)
        if view is not None:
            kwargs["view"] = view
        message = await channel.send(**kwargs)
        meta["board"] = {"id": message.id, "at": now}

    # -- notifications -----------------------------------------------------------------------
    async def ping(self, rec: SessionRecord, meta: Meta) -> None:
        """One short channel message when a new decision starts for someone who is not DMed."""
        pinged = meta.setdefault("pinged", {})
        lines = []
        for p in self.human_actors(rec):
            since = rec.since(p)
            if pinged.get(p) == since:
                continue
            if not self.is_private(rec, p):
                lines.append(t("ping.turn", who=mention(p, rec)))
            elif meta.get("prompted", {}).get(p) != since:  # the DM did not go through
                lines.append(t("ping.dm_closed", who=mention(p, rec)))
            else:
                continue
            pinged[p] = since
        if not lines:
            return
        channel = self.bot.get_partial_messageable(int(rec.channel_id))
        old = meta.get("ping")
        if old:
            try:
                await channel.get_partial_message(old).delete()
            except discord.HTTPException:
                pass
        message = await channel.send(
            "\n".join(lines), allowed_mentions=discord.AllowedMentions(users=True))
        meta["ping"] = message.id

    async def drop_ping(self, rec: SessionRecord, meta: Meta) -> None:
        """The game is over: nobody's turn any more."""
        old = meta.pop("ping", None)
        if old:
            channel = self.bot.get_partial_messageable(int(rec.channel_id))
            try:
                await channel.get_partial_message(old).delete()
            except discord.HTTPException:
                pass

    async def dm_channel(self, user_id: str) -> discord.abc.Messageable:
        channel = self._dm_channels.get(user_id)
        if channel is None:
            channel = await self.bot.create_dm(discord.Object(int(user_id)))
            self._dm_channels[user_id] = channel
        return channel

    async def send_dm(self, user_id: str, since: float = 0.0,
                      **kwargs: Any) -> discord.Message | None:
        """DM ``user_id``; None when their DMs are closed. A refusal is remembered: no DM is
        tried again for ``DM_RETRY`` seconds, unless the table opened after the refusal
        (``since``, the session's creation time): people open their DMs between games."""
        if not user_id.isdigit():
            return None
        closed_at = await self.host.dm_refused_at(user_id)
        if closed_at is not None and closed_at >= since and time.time() - closed_at < DM_RETRY:
            return None
        try:
            channel = await self.dm_channel(user_id)
            message = await channel.send(**kwargs)
            if closed_at is not None:
                await self.host.remember_dm(user_id, refused=False)
            return message
        except discord.Forbidden as exc:
            if exc.code == DM_CLOSED:
                await self.host.remember_dm(user_id, refused=True)
            log.info("DM to %s refused (%s)", user_id, exc.code)
            return None
        except discord.HTTPException as exc:
            log.warning("DM to %s failed: %s", user_id, exc)
            return None

    async def private_prompt_payload(self, rec: SessionRecord, player: str
                                     ) -> dict[str, Any]:
        """Embed, image and components of ``player``'s private prompt (or their view)."""
        presenter = presenters.get(rec.game)
        game = self.host.game(rec.game)
        name = name_fn(rec)
        view = self.host.view(rec, player)
        moves = self.host.legal_moves(rec, player)
        png = await board_png(self.host, rec, player)
        parts = []
        hand = presenter.hand_text(view, name) if rec.state is not None else None
        if hand:
            parts.append(hand)
        items: list[discord.ui.Item[Any]] = []
        if moves:
            prompt = build_prompt(presenter, rec.id, rec.version, view, player, moves, name)
            parts.insert(0, prompt.describe())
            items = prompt.items
        else:
            parts.insert(0, t("prompt.nothing"))
        embed = discord.Embed(
            title=t("private.title", game=game_title(rec.game, game.title), id=rec.id),
            description=clip_block("\n\n".join(parts), 3900) + "\n\n" + t(
                "private.where", channel=f"<#{rec.channel_id}>"),
            colour=discord.Colour.blurple())
        payload: dict[str, Any] = {"embed": embed, "view": make_view(items) if items else None}
        if png:
            embed.set_image(url="attachment://board.png")
            payload["file"] = png_file(png, description=board_alt_text(self.host, rec, player))
        return payload

    async def private_prompts(self, rec: SessionRecord, meta: Meta) -> None:
        prompted = meta.setdefault("prompted", {})
        due = [p for p in self.human_actors(rec)
               if self.is_private(rec, p) and prompted.get(p) != rec.since(p)]

        async def one(p: str) -> None:
            async with self.dm_language(rec, p):
                payload = await self.private_prompt_payload(rec, p)
            if payload["view"] is None:
                payload.pop("view")
            message = await self.send_dm(p, rec.created_at, **payload)
            if message is not None:
                prompted[p] = rec.since(p)
                meta.setdefault("hand_sig", {})[p] = self.hand_signature(rec, p)

        await asyncio.gather(*(one(p) for p in due))

    def hand_signature(self, rec: SessionRecord, player: str) -> str | None:
        if rec.state is None:
            return None
        with using("en"):  # the same hand in any reader's language
            text = presenters.get(rec.game).hand_text(self.host.view(rec, player),
                                                      name_fn(rec))
        return hashlib.sha1(text.encode()).hexdigest()[:12] if text else None

    async def hands(self, rec: SessionRecord, meta: Meta) -> None:
        """Games with hands: DM a player their hand whenever it changed (not while prompted)."""
        presenter = presenters.get(rec.game)
        if rec.state is None or rec.status != "running" or not presenter.dm_hand_updates:
            return
        sigs = meta.setdefault("hand_sig", {})
        for seat in rec.seats:
            p = seat.player_id
            if seat.is_ai or not p.isdigit():
                continue
            sig = self.hand_signature(rec, p)
            if sig is None or sigs.get(p) == sig:
                continue
            async with self.dm_language(rec, p):
                text = presenter.hand_text(self.host.view(rec, p), name_fn(rec)) or ""
                title = t("hand.title", game=game_title(rec.game, self.host.game(rec.game).title),
                          id=rec.id)
            embed = discord.Embed(title=title, description=clip_block(text, 4000))
            if await self.send_dm(p, rec.created_at, embed=embed) is not None:
                sigs[p] = sig

    async def final(self, rec: SessionRecord, meta: Meta) -> None:
        """The end of the game: standings with breakdowns and ratings, result DMs, Rematch."""
        await post_final(self, rec, meta)

    async def reminders(self, rec: SessionRecord, players: list[str]) -> None:
        for p in players:
            entry = rec.clock.get(p)
            due = entry["due"] if entry is not None else None
            when = f"<t:{int(due)}:R>" if due else "?"
            async with self.dm_language(rec, p):
                text = t("reminder.dm", channel=f"<#{rec.channel_id}>", when=when)
            if await self.send_dm(p, rec.created_at, content=text) is None:
                channel = self.bot.get_partial_messageable(int(rec.channel_id))
                async with self.channel_language(rec):
                    text = t("reminder.channel", who=mention(p, rec), when=when)
                await channel.send(text, allowed_mentions=discord.AllowedMentions(users=True))
