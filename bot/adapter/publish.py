"""After every change: update the board, ping whoever must act, DM the private prompts.

All Discord output about a running session goes through :class:`Publisher`, inside the host's
:meth:`~bot.core.host.SessionHost.publication` (the session's one lock, the latest record), so
two quick moves never publish out of order. Bot-side bookkeeping (message ids, who was prompted
for which decision: :class:`~bot.core.store.Meta`) is read and written only through the host
and survives a restart.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import logging
import time
from collections.abc import AsyncIterator, Callable
from typing import Any

import aiohttp
import discord

from bot.adapter import spectate
from bot.adapter.click import Click
from bot.adapter.components import HandButton, OpenPromptButton
from bot.adapter.final import post_final
from bot.adapter.prompts import (
    Follow,
    PreviewFn,
    Prompt,
    build_prompt,
    clip,
    clip_block,
    make_view,
)
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
#: a player who acted less than this many seconds ago is at the table: their next prompt is
#: edited into their standing DM (or shown on the board) without a notification; one follows
#: if it waits this long unanswered (Publisher.nudge)
ACTIVE_WINDOW = 120.0
PINGS_KEPT = 5  # "your turn" lines removed when the game ends (the latest ones)


def name_fn(rec: SessionRecord) -> Callable[[str], str]:
    names = {s.player_id: seat_label(s) for s in rec.seats}  # "AI 1 · hard"
    return lambda pid: names.get(pid, pid)


def mention(pid: str, rec: SessionRecord) -> str:
    return f"<@{pid}>" if pid.isdigit() else name_fn(rec)(pid)


def png_file(
    png: bytes, filename: str = "board.png", description: str | None = None
) -> discord.File:
    """An image attachment; ``description`` is its alt text (Discord allows 1024 characters)."""
    alt = description[:1024] if description else None
    return discord.File(io.BytesIO(png), filename=filename, description=alt)


def event_lines(rec: SessionRecord, events: list[Event]) -> list[str]:
    presenter = presenters.get(rec.game)
    name = name_fn(rec)
    lines = []
    picks: frozenset[str] = getattr(presenter, "pick_events", frozenset())
    for event in events:
        kind = str(event.get("type", ""))
        if kind in picks:  # "alice has chosen.": the board's "Still choosing" line says it
            continue
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
    through ``host`` only.

    Quiet by turn (issue 11): a player is told once when a decision of theirs begins, where
    they play it: their one DM prompt (a new DM, which notifies, or their standing DM edited in
    place while they are at the table: they acted less than :data:`ACTIVE_WINDOW` seconds ago)
    or one line in the channel. A player who keeps acting is never told again; the clicked
    message itself turns into the next step or a receipt (:class:`~bot.adapter.click.Click`).
    A prompt placed silently (edited in place) is followed by a notification once it has waited
    :data:`ACTIVE_WINDOW` seconds (:meth:`nudge`, from the turn clock's tick)."""

    def __init__(self, client: discord.Client, host: SessionHost) -> None:
        self.bot = client
        self.host = host
        self._dm_channels: dict[str, discord.abc.Messageable] = {}
        #: sessions whose last publication failed (stored, not shown): retried every tick
        self.behind: set[int] = set()
        #: channel messages in the server's language, DMs in each user's (issue 12)
        self.languages = Languages(host, client)
        #: (session, player) -> (since, placed at): prompts placed without a notification
        self.silent: dict[tuple[int, str], tuple[int | None, float]] = {}

    # -- who is prompted where ---------------------------------------------------------------
    def human_actors(self, rec: SessionRecord) -> list[str]:
        ai = {s.player_id for s in rec.seats if s.is_ai}
        return [p for p in self.host.actors(rec) if p not in ai]

    def is_private(self, rec: SessionRecord, player: str) -> bool:
        """Whether ``player``'s current prompt must not be shown in the channel."""
        if presenters.get(rec.game).private_prompts:
            return True
        return self.host.is_secret_decision(rec, player)

    def follow(self, rec: SessionRecord, player: str) -> Follow:
        """``player``'s follow-up decisions for a private prompt (``SessionHost.follow_ups``):
        a public move and the secret one it leads to are offered as one choice."""
        return lambda move: self.host.follow_ups(rec, player, move)

    def previews(self, rec: SessionRecord, player: str) -> PreviewFn:
        """What each of ``player``'s moves would do now (``SessionHost.preview``)."""
        return lambda move: self.host.preview(rec, player, move)

    def public_prompt(self, rec: SessionRecord) -> tuple[str, Prompt] | None:
        """The prompt shown on the board itself, when one player acts in the open."""
        actor = self.public_actor(rec)
        if actor is None:
            return None
        moves = self.host.legal_moves(rec, actor)
        return actor, build_prompt(
            presenters.get(rec.game),
            rec.id,
            rec.version,
            self.host.view(rec, actor),
            actor,
            moves,
            name_fn(rec),
            preview=self.previews(rec, actor),
        )

    def public_actor(self, rec: SessionRecord) -> str | None:
        actors = self.human_actors(rec)
        if len(actors) == 1 and not self.is_private(rec, actors[0]):
            return actors[0]
        return None

    def active(self, meta: Meta, player: str, where: str = "acted") -> bool:
        """Whether ``player`` is at the table: they acted less than ACTIVE_WINDOW ago
        (``where="dm_acted"``: in their DM, so they are looking at it)."""
        at = (meta.get(where) or {}).get(player)  # type: ignore[attr-defined]
        return at is not None and self.host.now() - at < ACTIVE_WINDOW

    # -- the whole publication ---------------------------------------------------------------
    async def publish(
        self,
        outcome: Outcome,
        handled: tuple[str, ...] = (),
        repost: bool = False,
        catch_up: bool = False,
        click: Click | None = None,
    ) -> None:
        """Show ``outcome`` (its events in the log) on the latest record: the clicked message
        (``click``), board, private prompts, notifications, hands, final standings.
        ``handled``: players already prompted in place (an edited DM or ephemeral message).
        ``catch_up``: only if still unshown (another process may have shown it meanwhile)."""
        async with (
            self.host.publication(outcome.record.id) as (rec, meta),
            self.channel_language(rec),
        ):
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
                await self.show(rec, meta, repost, click)
            except discord.Forbidden as exc:  # the channel's permissions keep the bot out
                log.warning(
                    "session %s: may not post in channel %s (%s)", rec.id, rec.channel_id, exc.code
                )
                raise HostError("no_channel_permissions") from None
            except (discord.HTTPException, aiohttp.ClientError, OSError) as exc:
                # stored but not shown (Discord 5xx after retries, a deleted channel): the
                # turn clock's next tick tries again (retry_behind), the caller says so
                gone = isinstance(exc, discord.NotFound) and exc.code == UNKNOWN_CHANNEL
                if not gone:  # a deleted channel is not retried
                    self.behind.add(rec.id)
                log.warning(
                    "session %s: publishing version %s failed (%s); retried by the next clock tick",
                    rec.id,
                    rec.version,
                    exc,
                )
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
        meta["log_count"] = meta.get("log_count", 0) + len(lines)
        if lines:
            meta["last_change_lines"] = len(lines)

    async def show(
        self, rec: SessionRecord, meta: Meta, repost: bool, click: Click | None = None
    ) -> None:
        mover = click.user if click else None
        await self.host.undoable_move(rec)  # known before any Undo button is made
        if mover is not None:
            meta.setdefault("acted", {})[mover] = self.host.now()
            if click is not None and click.in_dm:
                meta.setdefault("dm_acted", {})[mover] = self.host.now()
        if click is not None and click.private:
            await self.answer_private(rec, meta, click)
        if self.board_due(rec, meta, repost, click):
            if meta.get("old_boards"):
                await self.strip_old_boards(
                    self.bot.get_partial_messageable(int(rec.channel_id)), meta
                )
            shown = (
                click is not None
                and not click.private
                and not repost
                and await self.answer_board(rec, meta, click)
            )
            if not shown:
                await self.update_board(rec, meta, repost=repost)
            await spectate.update_watchers(self, rec, meta)  # their DMs (issue 14)
        if click is not None and not click.acknowledged:  # its callbacks failed
            await click.ack()
        if rec.status == "running":
            await self.notify(rec, meta, mover)
            if self.needs_open_button(rec, meta) != meta.get("board_open"):
                await self.update_board(rec, meta)  # a DM just failed: the board offers it
        else:
            await self.drop_pings(rec, meta)
        await self.hands(rec, meta, mover)
        if rec.status == "finished" and not meta.get("final_posted"):
            await self.final(rec, meta)
        meta["published_version"] = rec.version

    def board_due(self, rec: SessionRecord, meta: Meta, repost: bool, click: Click | None) -> bool:
        """Whether the board must change: not while a player goes on through the sub-steps
        of a private turn (the same players act; the board catches up when the turn ends)."""
        if repost or click is None or not click.private or rec.status != "running":
            return True
        actors = sorted(self.human_actors(rec))
        return (
            click.user not in actors
            or meta.get("board_actors") != actors
            or not self.is_private(rec, click.user)
        )  # their next step is on the board

    async def refresh(self, session_id: int, repost: bool = False, catch_up: bool = False) -> None:
        """Publish the current state without new events (``/game board``, after a restart)."""
        await self.publish(
            Outcome(await self.host.current(session_id)), repost=repost, catch_up=catch_up
        )

    async def retry_behind(self) -> None:
        """Show again every session whose last publication failed (one at a time; a session
        that fails again stays behind and never stops the others); then :meth:`nudge`."""
        for session_id in sorted(self.behind):
            try:
                await self.refresh(session_id, catch_up=True)
            except NotShown:
                continue
            except Exception as exc:  # a table that cannot be shown at all: give up on it
                self.behind.discard(session_id)
                log.warning("session %s: not shown (%s: %s)", session_id, type(exc).__name__, exc)
            else:
                self.behind.discard(session_id)
        await self.nudge()

    async def clock(self, outcomes: list[Outcome]) -> None:
        """Show what the turn clock did: moves made for idle players, reminders."""
        for out in outcomes:
            if out.moved:
                await self.publish(out)
            if out.reminders:
                await self.reminders(out.record, out.reminders)

    # -- the board message -------------------------------------------------------------------
    def waiting_line(self, rec: SessionRecord, waiting: list[str]) -> str:
        """ "⏳ Waiting for **bob**." or, while everyone waited for chooses in secret,
        "⏳ Still choosing: **alice**, **bob**." (their picks are not log lines)."""
        name = name_fn(rec)
        names = ", ".join(f"**{name(p)}**" for p in waiting)
        secret = all(self.host.is_secret_decision(rec, p) for p in waiting)
        line = t("board.choosing" if secret else "board.waiting", names=names)
        due = [
            c["due"] for p, c in rec.clock.items() if p in waiting and c["due"] is not None
        ]  # not an AI seat's
        if due:
            line += " " + t("board.deadline", when=f"<t:{int(min(due))}:R>")
        return line

    def board_embed(
        self,
        rec: SessionRecord,
        meta: Meta,
        has_image: bool,
        public: tuple[str, Prompt] | None | bool = True,
    ) -> discord.Embed:
        """``public``: the board's own prompt if already built (True: build it here)."""
        game = self.host.game(rec.game)
        presenter = presenters.get(rec.game)
        parts = []
        if rec.state is not None:
            try:
                status = presenter.status_text(self.host.view(rec, None), name_fn(rec))
            except Exception:
                log.exception("status_text failed")
                status = ""
            if status:
                parts.append(status)
        if rec.status == "running":
            waiting = self.human_actors(rec)
            if waiting:
                parts.append(self.waiting_line(rec, waiting))
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
        embed = discord.Embed(
            title=t("board.title", game=game_title(rec.game, game.title), id=rec.id),
            description=description,
            colour=discord.Colour.gold(),
        )
        if has_image:
            embed.set_image(url="attachment://board.png")
        embed.set_footer(text=t("board.footer", id=rec.id))
        return embed

    def needs_open_button(self, rec: SessionRecord, meta: Meta) -> bool:
        """**Open my prompt** is on the board only while a seated player needs it: their DMs
        are closed (or a DM to them failed) during this game."""
        closed = set(meta.get("dm_closed") or [])
        return rec.status == "running" and any(
            s.player_id in closed for s in rec.seats if not s.is_ai
        )

    def extra_buttons(self, rec: SessionRecord) -> list[discord.ui.Item[Any]]:
        """Buttons other features add to the board's last row (Undo, Watch ...)."""
        return spectate.board_items(self.host, rec)

    def board_view(
        self,
        rec: SessionRecord,
        public: tuple[str, Prompt] | None | bool = True,
        meta: Meta | None = None,
        extra: list[discord.ui.Item[Any]] | None = None,
    ) -> discord.ui.View | None:
        if rec.status != "running":
            return None
        items: list[discord.ui.Item[Any]] = []
        if public is True:
            public = self.public_prompt(rec)
        if isinstance(public, tuple):
            items.extend(public[1].items)
        if self.needs_open_button(rec, rec.meta if meta is None else meta):
            items.append(OpenPromptButton(rec.id, label=t("board.open_prompt"), row=4))
        items.append(HandButton(rec.id, label=t("board.my_view"), row=4))
        items.extend(self.extra_buttons(rec) + list(extra or []))
        return make_view(items)

    async def board_payload(self, rec: SessionRecord, meta: Meta) -> dict[str, Any]:
        """The board message's embed, image and components (``edit`` keywords)."""
        png = await board_png(self.host, rec, None)
        alt = board_alt_text(self.host, rec, None) if png else None
        public = self.public_prompt(rec) if rec.status == "running" else None
        embed = self.board_embed(rec, meta, png is not None, public)
        meta["board_open"] = self.needs_open_button(rec, meta)
        meta["board_actors"] = sorted(self.human_actors(rec))
        return {
            "embed": embed,
            "view": self.board_view(rec, public, meta),
            "attachments": [png_file(png, description=alt)] if png else [],
        }

    async def answer_board(self, rec: SessionRecord, meta: Meta, click: Click) -> bool:
        """The click's one callback carries the new board (UPDATE_MESSAGE); False when the
        clicked message is not the board (then it only loses its buttons) or Discord
        refused."""
        board = meta.get("board")
        if (
            not board
            or board["id"] != click.message_id
            or time.time() - board["at"] >= BOARD_EDIT_WINDOW
        ):
            await click.update(view=None)
            return False
        return await click.update(**await self.board_payload(rec, meta))

    async def update_board(self, rec: SessionRecord, meta: Meta, repost: bool = False) -> None:
        payload = await self.board_payload(rec, meta)
        channel = self.bot.get_partial_messageable(int(rec.channel_id))
        board = meta.get("board")
        now = time.time()
        if board and not repost and now - board["at"] < BOARD_EDIT_WINDOW:
            try:
                await channel.get_partial_message(board["id"]).edit(**payload)
                return
            except discord.HTTPException as exc:  # deleted (404) or refused: a new board
                log.warning("board edit failed (%s); reposting", exc)
        if board:
            try:  # the old board keeps its picture but loses its buttons
                await channel.get_partial_message(board["id"]).edit(view=None)
            except discord.NotFound:
                pass
            except discord.HTTPException:  # tried again with the next board change
                meta["old_boards"] = (meta.get("old_boards", []) + [board["id"]])[-5:]
        kwargs: dict[str, Any] = {"embed": payload["embed"]}
        if payload["attachments"]:
            kwargs["file"] = payload["attachments"][0]
        if payload["view"] is not None:
            kwargs["view"] = payload["view"]
        message = await channel.send(**kwargs)
        meta["board"] = {"id": message.id, "at": now}

    @staticmethod
    async def strip_old_boards(channel: discord.PartialMessageable, meta: Meta) -> None:
        """Old boards whose buttons Discord would not take away when the board was posted
        anew: try again (nothing to do, no request, in the normal case)."""
        left = []
        for message_id in meta.get("old_boards", []):
            try:
                await channel.get_partial_message(message_id).edit(view=None)
            except discord.NotFound:
                continue
            except discord.HTTPException:
                left.append(message_id)
        if left:
            meta["old_boards"] = left
        else:
            meta.pop("old_boards", None)

    def board_link(self, rec: SessionRecord, meta: Meta) -> str | None:
        board = meta.get("board")
        if not board or not rec.guild_id:
            return None
        return f"https://discord.com/channels/{rec.guild_id}/{rec.channel_id}/{board['id']}"

    def table_place(self, rec: SessionRecord, meta: Meta) -> tuple[str, str, str] | None:
        """(channel name, server name, link to the board) of ``rec``'s table; None when one
        of them is unknown (no guild cached, the channel gone, no board yet)."""
        guild = self.bot.get_guild(int(rec.guild_id)) if rec.guild_id else None
        channel = guild.get_channel_or_thread(int(rec.channel_id)) if guild else None
        link = self.board_link(rec, meta)
        if guild is None or channel is None or link is None:
            return None
        return channel.name, guild.name, link

    def place(self, rec: SessionRecord, meta: Meta) -> str:
        """``[#herna · Deskovky](link to the board)`` (``<#channel>`` when unknown)."""
        found = self.table_place(rec, meta)
        if found is None:
            return f"<#{rec.channel_id}>"
        channel, server, link = found
        return f"[#{channel} · {server}]({link})"

    def where(self, rec: SessionRecord, meta: Meta) -> str:
        """The way back to the table from a DM: server, channel, and a link to the board."""
        found = self.table_place(rec, meta)
        if found is None:
            return t("private.where", channel=f"<#{rec.channel_id}>")
        channel, server, link = found
        return t("private.where_link", channel=channel, server=server, link=link)

    # -- notifications -----------------------------------------------------------------------
    async def notify(self, rec: SessionRecord, meta: Meta, mover: str | None) -> None:
        """Tell each player whose decision just began, once, where they play it; the
        channel's lines go out as one message. When Discord refuses that message, those
        players count as not told (the retry of the publication tells them)."""
        notified = meta.setdefault("notified", {})
        was, notice = dict(notified), list(meta.get("dm_notice") or [])
        lines: list[str] = []
        told: list[str] = []
        for p in self.human_actors(rec):
            since = rec.since(p)
            if notified.get(p) == since:
                continue
            notified[p] = since
            if self.is_private(rec, p):
                if meta.get("prompted", {}).get(p) == since:  # the click showed it in place
                    continue
                line = await self.deliver_prompt(rec, meta, p)
            elif p == mover:  # they go on where they are: never told again
                continue
            elif self.active(meta, p):  # at the table: told only if it waits too long
                self.mark_silent(rec, meta, p, since)
                continue
            else:
                line = t("ping.turn", who=mention(p, rec))
            if line:
                lines.append(line)
                told.append(p)
        try:
            await self.channel_lines(rec, meta, lines)
        except BaseException:
            for p in told:
                if p in was:
                    notified[p] = was[p]
                else:
                    notified.pop(p, None)
            meta["dm_notice"] = [
                q for q in meta.get("dm_notice") or [] if q in notice or q not in told
            ]
            raise

    async def channel_lines(self, rec: SessionRecord, meta: Meta, lines: list[str]) -> None:
        """One channel message with ``lines`` (it notifies the players it mentions); it stays
        until the game ends (no delete and repost: the notification went out already)."""
        if not lines:
            return
        channel = self.bot.get_partial_messageable(int(rec.channel_id))
        message = await channel.send(
            "\n".join(lines), allowed_mentions=discord.AllowedMentions(users=True)
        )
        meta["pings"] = (meta.get("pings", []) + [message.id])[-PINGS_KEPT:]

    async def drop_pings(self, rec: SessionRecord, meta: Meta) -> None:
        """The game is over: nobody's turn any more; its last "your turn" lines go (older
        ones stay as the game's history: their notification went out long ago)."""
        channel = self.bot.get_partial_messageable(int(rec.channel_id))
        for message_id in meta.pop("pings", []):
            try:
                await channel.get_partial_message(message_id).delete()
            except discord.HTTPException:
                pass

    async def deliver_prompt(self, rec: SessionRecord, meta: Meta, p: str) -> str | None:
        """``p``'s private prompt in their DM: their standing DM edited in place while they
        are at the table, else a new DM (which notifies). None when it arrived; else the
        channel line that tells them to use **Open my prompt** (with, once per game, how to
        allow DMs)."""
        since = rec.since(p)
        async with self.dm_language(rec, p):
            payload = await self.private_prompt_payload(rec, p, meta)
        quiet = self.active(meta, p, "dm_acted")  # edited in place only under their eyes
        if await self.place_dm(rec, meta, p, payload, quiet):
            meta.setdefault("prompted", {})[p] = since
            meta.setdefault("hand_sig", {})[p] = self.hand_signature(rec, p)
            if quiet:
                self.mark_silent(rec, meta, p, since)
            return None
        if not p.isdigit():
            return None
        return self.closed_line(rec, meta, p, self.active(meta, p))  # at the board?

    def closed_line(self, rec: SessionRecord, meta: Meta, p: str, quiet: bool) -> str | None:
        """The channel line for a player whose DMs are closed: the first time in a game how
        to open them; later only when they are away (at the table they see the board)."""
        closed = meta.setdefault("dm_closed", [])
        if p not in closed:
            closed.append(p)
        told = meta.setdefault("dm_notice", [])
        if p not in told:
            told.append(p)
            guild = self.bot.get_guild(int(rec.guild_id)) if rec.guild_id else None
            return t("ping.dm_notice", who=mention(p, rec), server=guild.name if guild else "?")
        if quiet:
            self.mark_silent(rec, meta, p, rec.since(p))
            return None
        return t("ping.dm_closed", who=mention(p, rec))

    async def place_dm(
        self, rec: SessionRecord, meta: Meta, p: str, payload: dict[str, Any], quiet: bool
    ) -> bool:
        """Show ``payload`` in ``p``'s DM: edit their standing DM when ``quiet`` (a deleted
        one is replaced), else send a new one; False when their DMs are closed."""
        standing = (meta.get("dm") or {}).get(p)
        if quiet and standing:
            edit = dict(payload)
            file = edit.pop("file", None)
            edit["attachments"] = [file] if file else []
            try:
                channel = self.bot.get_partial_messageable(standing[0])
                await channel.get_partial_message(standing[1]).edit(**edit)
                return True
            except discord.NotFound:  # the player deleted it: a new one below
                pass
            except discord.HTTPException as exc:
                log.info("DM edit for %s failed (%s); sending a new one", p, exc)
        send = {k: v for k, v in payload.items() if v is not None}
        message = await self.send_dm(p, rec.created_at, **send)
        if message is None:
            return False
        meta.setdefault("dm", {})[p] = [message.channel.id, message.id]
        closed = meta.get("dm_closed") or []
        if p in closed:
            closed.remove(p)
        return True

    def mark_silent(self, rec: SessionRecord, meta: Meta, p: str, since: int | None) -> None:
        """``p``'s prompt was placed without a notification: :meth:`nudge` them if it waits
        ACTIVE_WINDOW. Kept in the session's bookkeeping too, so a restart still nudges."""
        at = self.host.now()
        self.silent[(rec.id, p)] = (since, at)
        waiting = set(self.human_actors(rec))
        kept = {q: v for q, v in (meta.get("silent") or {}).items() if q in waiting}
        meta["silent"] = {**kept, p: [since, at]}

    def restore_silent(self, running: list[SessionRecord]) -> None:
        """After a restart: the silent prompts the last run had not nudged yet (the nudge
        skips any whose decision is over)."""
        for rec in running:
            for p, (since, at) in (rec.meta.get("silent") or {}).items():
                if at is not None:
                    self.silent.setdefault(
                        (rec.id, p), (None if since is None else int(since), float(at))
                    )

    async def nudge(self) -> None:
        """Prompts placed silently for a player at the table who has not acted on them within
        ACTIVE_WINDOW: notify them now, once (a new DM, or a line in the channel)."""
        now = self.host.now()
        due = [k for k, (_, at) in self.silent.items() if now - at >= ACTIVE_WINDOW]
        for session_id, p in due:
            since, _ = self.silent.pop((session_id, p))
            try:
                rec = await self.host.current(session_id)
            except HostError:
                continue
            if rec.status != "running" or rec.since(p) != since or p not in self.human_actors(rec):
                continue
            try:
                await self.nudge_one(rec, p)
            except (discord.HTTPException, HostError) as exc:
                log.info("session %s: nudging %s failed: %s", session_id, p, exc)

    async def nudge_one(self, rec: SessionRecord, p: str) -> None:
        async with self.host.publication(rec.id) as (rec, meta), self.channel_language(rec):
            (meta.get("silent") or {}).pop(p, None)  # nudged now (or back at the table)
            acted = (meta.get("acted") or {}).get(p)
            if acted is not None and self.host.now() - acted < ACTIVE_WINDOW:
                return  # they came back meanwhile
            if self.is_private(rec, p) and p not in (meta.get("dm_closed") or []):
                async with self.dm_language(rec, p):
                    payload = await self.private_prompt_payload(rec, p, meta)
                if await self.place_dm(rec, meta, p, payload, quiet=False):
                    return
            await self.channel_lines(
                rec,
                meta,
                [
                    t(
                        "ping.dm_closed" if self.is_private(rec, p) else "ping.turn",
                        who=mention(p, rec),
                    )
                ],
            )

    async def dm_channel(self, user_id: str) -> discord.abc.Messageable:
        channel = self._dm_channels.get(user_id)
        if channel is None:
            channel = await self.bot.create_dm(discord.Object(int(user_id)))
            self._dm_channels[user_id] = channel
        return channel

    async def send_dm(
        self, user_id: str, since: float = 0.0, **kwargs: Any
    ) -> discord.Message | None:
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

    # -- private prompts ---------------------------------------------------------------------
    def since_last(self, meta: Meta, player: str) -> list[str]:
        """The public log lines since ``player``'s last action (at most LOG_SHOWN)."""
        count = meta.get("log_count", 0)
        seen = (meta.get("seen") or {}).get(player, count)
        new = min(max(count - seen, 0), LOG_SHOWN, len(meta.get("log") or []))
        return (meta.get("log") or [])[-new:] if new else []

    async def private_prompt_payload(
        self, rec: SessionRecord, player: str, meta: Meta | None = None
    ) -> dict[str, Any]:
        """Embed, image and components of ``player``'s private prompt (or their view); with
        ``meta``, what changed since their last action (in words and on the image)."""
        meta = rec.meta if meta is None else meta
        presenter = presenters.get(rec.game)
        game = self.host.game(rec.game)
        name = name_fn(rec)
        view = self.host.view(rec, player)
        moves = self.host.legal_moves(rec, player)
        news = self.since_last(meta, player)
        last = clip("; ".join(news), 240) if news else None
        png = await board_png(self.host, rec, player, last=last)
        parts = []
        hand = presenter.hand_text(view, name) if rec.state is not None else None
        if moves:
            prompt = build_prompt(
                presenter,
                rec.id,
                rec.version,
                view,
                player,
                moves,
                name,
                follow=self.follow(rec, player),
                preview=self.previews(rec, player),
            )
            parts.append(prompt.describe())
            items = prompt.items
        else:
            parts.append(t("prompt.nothing"))
            items = []
        if news:
            parts.append(t("private.since", lines="\n".join(f"• {x}" for x in news)))
        if hand:
            parts.append(hand)
        embed = discord.Embed(
            title=t("private.title", game=game_title(rec.game, game.title), id=rec.id),
            description=clip_block("\n\n".join(parts), 3800) + "\n\n" + self.where(rec, meta),
            colour=discord.Colour.blurple(),
        )
        payload: dict[str, Any] = {
            "embed": embed,
            "view": make_view(items) if items else None,
            "content": None,
        }  # an edit clears an old receipt line
        if png:
            embed.set_image(url="attachment://board.png")
            payload["file"] = png_file(png, description=board_alt_text(self.host, rec, player))
        return payload

    async def answer_private(self, rec: SessionRecord, meta: Meta, click: Click) -> None:
        """The mover's clicked prompt becomes their next step, or a short receipt (with their
        hand, in games with one): in place, in the click's one callback."""
        user = click.user
        meta.setdefault("seen", {})[user] = meta.get("log_count", 0)
        done = t("private.chosen", move=clip(click.label, 200))
        if rec.status == "running" and user in self.host.actors(rec) and self.is_private(rec, user):
            payload = await self.private_prompt_payload(rec, user, meta)
            file = payload.pop("file", None)
            edit = {
                "content": done,
                "embed": payload["embed"],
                "view": payload["view"],
                "attachments": [file] if file else [],
            }
            meta.setdefault("prompted", {})[user] = rec.since(user)
            meta.setdefault("notified", {})[user] = rec.since(user)
        else:
            edit = {
                "content": None,
                "embed": self.receipt(rec, meta, user, done),
                "view": None,
                "attachments": [],
            }
        spectate.add_undo(self.host, rec, user, edit)  # Undo on the prompt/receipt (issue 14)
        meta.setdefault("hand_sig", {})[user] = self.hand_signature(rec, user)
        if click.in_dm and click.message_id is not None and click.channel_id is not None:
            meta.setdefault("dm", {})[user] = [click.channel_id, click.message_id]
        if not await click.update(**edit) and click.in_dm and click.message_id is not None:
            await self.edit_dm(click, edit)

    async def edit_dm(self, click: Click, edit: dict[str, Any]) -> None:
        """The click's callback failed (too late): edit the DM prompt through the channel."""
        try:
            channel = self.bot.get_partial_messageable(int(click.channel_id or 0))
            await channel.get_partial_message(int(click.message_id or 0)).edit(**edit)
        except discord.HTTPException as exc:
            log.info("DM prompt of %s could not be edited either: %s", click.user, exc)

    def receipt(self, rec: SessionRecord, meta: Meta, user: str, done: str) -> discord.Embed:
        """ "✅ Chosen: …", who acts now, the player's hand (games with hands), the way back."""
        game = self.host.game(rec.game)
        parts = [done]
        waiting = self.human_actors(rec) if rec.status == "running" else []
        if waiting:
            parts.append(self.waiting_line(rec, waiting))
        presenter = presenters.get(rec.game)
        if presenter.dm_hand_updates and rec.state is not None and rec.status == "running":
            hand = presenter.hand_text(self.host.view(rec, user), name_fn(rec))
            if hand:
                parts.append(hand)
        return discord.Embed(
            title=t("private.title", game=game_title(rec.game, game.title), id=rec.id),
            description=clip_block("\n\n".join(parts), 3800) + "\n\n" + self.where(rec, meta),
            colour=discord.Colour.dark_grey(),
        )

    def hand_signature(self, rec: SessionRecord, player: str) -> str | None:
        if rec.state is None:
            return None
        with using("en"):  # the same hand in any reader's language
            text = presenters.get(rec.game).hand_text(self.host.view(rec, player), name_fn(rec))
        return hashlib.sha1(text.encode()).hexdigest()[:12] if text else None

    async def hands(self, rec: SessionRecord, meta: Meta, mover: str | None = None) -> None:
        """Games with hands: a hand changed by someone else's move is edited into the
        player's standing DM (their prompt, receipt or hand message); a DM is sent only to a
        player who has none yet. Never after their own move (their receipt shows it)."""
        presenter = presenters.get(rec.game)
        if rec.state is None or rec.status != "running" or not presenter.dm_hand_updates:
            return
        sigs = meta.setdefault("hand_sig", {})
        for seat in rec.seats:
            p = seat.player_id
            if seat.is_ai or not p.isdigit() or p == mover:
                continue
            sig = self.hand_signature(rec, p)
            if sig is None or sigs.get(p) == sig:
                continue
            async with self.dm_language(rec, p):
                payload = await self.hand_payload(rec, meta, p)
            standing = (meta.get("dm") or {}).get(p) is not None
            if await self.place_dm(rec, meta, p, payload, quiet=standing):
                sigs[p] = sig

    async def hand_payload(self, rec: SessionRecord, meta: Meta, p: str) -> dict[str, Any]:
        """``p``'s live prompt again (it shows the hand) or their hand on its own."""
        prompted = (meta.get("prompted") or {}).get(p)
        if p in self.human_actors(rec) and prompted == rec.since(p):
            return await self.private_prompt_payload(rec, p, meta)
        presenter = presenters.get(rec.game)
        text = presenter.hand_text(self.host.view(rec, p), name_fn(rec)) or ""
        title = t(
            "hand.title", game=game_title(rec.game, self.host.game(rec.game).title), id=rec.id
        )
        embed = discord.Embed(
            title=title, description=clip_block(text, 3800) + "\n\n" + self.where(rec, meta)
        )
        return {"embed": embed, "view": None, "content": None}

    async def final(self, rec: SessionRecord, meta: Meta) -> None:
        """The end of the game: standings with breakdowns and ratings, result DMs, Rematch."""
        await post_final(self, rec, meta)

    async def reminders(self, rec: SessionRecord, players: list[str]) -> None:
        for p in players:
            entry = rec.clock.get(p)
            due = entry["due"] if entry is not None else None
            when = f"<t:{int(due)}:R>" if due else "?"
            async with self.dm_language(rec, p):
                text = t("reminder.dm", channel=self.place(rec, rec.meta), when=when)
            if await self.send_dm(p, rec.created_at, content=text) is None:
                channel = self.bot.get_partial_messageable(int(rec.channel_id))
                async with self.channel_language(rec):
                    text = t("reminder.channel", who=mention(p, rec), when=when)
                await channel.send(text, allowed_mentions=discord.AllowedMentions(users=True))
