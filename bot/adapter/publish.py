"""After every change: update the board, tell whoever must act, DM the private prompts.

All Discord output about a running session goes through :class:`Publisher`, inside the host's
:meth:`~bot.core.host.SessionHost.publication` (the session's one lock, the latest record), so
two quick moves never publish out of order. The adapter's bookkeeping (message ids, who was
prompted for which decision: :class:`~bot.adapter.book.TableBook`) is read and written only
through the host and survives a restart.

The publisher is a façade over its parts: the board message (:mod:`bot.adapter.board`), the
notifications (:mod:`bot.adapter.notify`), the DMs (:mod:`bot.adapter.dms`) and the private
prompts (:mod:`bot.adapter.private`); the end of a game is :mod:`bot.adapter.final`, the
spectators' DMs :mod:`bot.adapter.spectate`.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any, Literal

import aiohttp
import discord

from bot.adapter import book, spectate
from bot.adapter.board import Board, Public
from bot.adapter.book import TableBook, peek, player
from bot.adapter.click import Click
from bot.adapter.dms import DMs
from bot.adapter.final import post_final
from bot.adapter.notify import Notices
from bot.adapter.private import PrivatePrompts
from bot.adapter.prompts import Follow, PreviewFn, Prompt, build_prompt, clip
from bot.adapter.publishing import ACTIVE_WINDOW as ACTIVE_WINDOW
from bot.adapter.publishing import NotShown as NotShown
from bot.adapter.publishing import name_fn as name_fn
from bot.adapter.publishing import png_file as png_file
from bot.adapter.teaching import Teaching
from bot.adapter.translator import Languages
from bot.core.errors import HostError
from bot.core.host import Outcome, SessionHost
from bot.core.store import SessionRecord, StoreUnavailable
from bot.text import host_events, presenters
from bot.text.i18n import using
from games.base import Event, Game

log = logging.getLogger(__name__)

LOG_KEEP = 40
UNKNOWN_CHANNEL = 10003


def event_lines(
    rec: SessionRecord, events: list[Event], game: Game | None = None, picks: bool = False
) -> list[str]:
    """``events`` of ``rec`` as log lines (``bot.text.host_events.event_lines``): the host's
    events name a seat by its own name; "has chosen" events are left out unless ``picks``
    (the board's "Still choosing" line says it); each line clipped for an embed."""
    name = name_fn(rec)

    def person(pid: str) -> str:
        seat = rec.seat_of(pid)
        return seat.name if seat else name(pid)

    lines = host_events.event_lines(rec.game, events, name, person=person, game=game, picks=picks)
    return [clip(line, 300) for line in lines]


class Publisher:
    """Shows sessions in Discord through ``client`` (channels, DMs), reading and recording
    through ``host`` only.

    Quiet by turn (issue 11): a player is told once when a decision of theirs begins, where
    they play it (:mod:`bot.adapter.notify`); a player who keeps acting is never told again;
    the clicked message itself turns into the next step or a receipt
    (:class:`~bot.adapter.click.Click`)."""

    def __init__(self, client: discord.Client, host: SessionHost) -> None:
        self.bot = client
        self.host = host
        #: sessions whose last publication failed (stored, not shown): retried every tick
        self.behind: set[int] = set()
        #: channel messages in the server's language, DMs in each user's (issue 12)
        self.languages = Languages(host, client)
        self.board = Board(self)
        self.notices = Notices(self)
        self.dms = DMs(self)
        self.private = PrivatePrompts(self)
        #: teach mode's state of the players (issue 24), warmed before each publication
        self.teaching = Teaching(host)

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
        view = self.host.view(rec, actor)
        return actor, build_prompt(
            presenters.get(rec.game),
            rec.id,
            rec.version,
            view,
            actor,
            moves,
            name_fn(rec),
            preview=self.previews(rec, actor),
            intro=self.teaching.intro(rec, actor, view),
        )

    def public_actor(self, rec: SessionRecord) -> str | None:
        actors = self.human_actors(rec)
        if len(actors) == 1 and not self.is_private(rec, actors[0]):
            return actors[0]
        return None

    def active(
        self, meta: TableBook, player: str, where: Literal["acted", "dm_acted"] = "acted"
    ) -> bool:
        """Whether ``player`` is at the table: they acted less than ACTIVE_WINDOW ago
        (``where="dm_acted"``: in their DM, so they are looking at it)."""
        at = peek(meta, player).get(where)
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
        try:
            async with (
                book.publication(self.host, outcome.record.id) as (rec, meta),
                self.channel_language(rec),
            ):
                if catch_up and rec.shown_version == rec.version:
                    return
                await self.teaching.warm(rec)
                self.record_events(rec, meta, outcome.events)
                if outcome.ratings:  # the game's end: shown by the final standings
                    meta["ratings"] = {p: list(c) for p, c in outcome.ratings.items()}
                for p in handled:
                    pm = player(meta, p)
                    if p in rec.clock:
                        pm["prompted"] = rec.clock[p]["since"]
                    pm["hand_sig"] = self.hand_signature(rec, p)
                await self._show_or_say(rec, meta, repost, click)
        except StoreUnavailable:
            # stored, but the database went away before it was shown (the bookkeeping, the
            # watchers): the turn clock's next tick shows it, as a change Discord refused
            self.behind.add(outcome.record.id)
            raise

    async def _show_or_say(
        self, rec: SessionRecord, meta: TableBook, repost: bool, click: Click | None
    ) -> None:
        """:meth:`show`, with Discord's refusals said as what they mean for the player."""
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

    def record_events(self, rec: SessionRecord, meta: TableBook, events: list[Event]) -> None:
        lines = event_lines(rec, events, self.host.game(rec.game))
        meta["log"] = (meta.get("log", []) + lines)[-LOG_KEEP:]
        meta["log_count"] = meta.get("log_count", 0) + len(lines)
        if lines:
            meta["last_change_lines"] = len(lines)

    async def show(
        self, rec: SessionRecord, meta: TableBook, repost: bool, click: Click | None = None
    ) -> None:
        mover = click.user if click else None
        await self.host.undoable_move(rec)  # known before any Undo button is made
        if mover is not None:
            pm = player(meta, mover)
            pm["acted"] = self.host.now()
            if click is not None and click.in_dm:
                pm["dm_acted"] = self.host.now()
        if click is not None and click.private:
            await self.private.answer(rec, meta, click)
        if self.board_due(rec, meta, repost, click):
            await self._show_board(rec, meta, repost, click)
        if click is not None and not click.acknowledged:  # its callbacks failed
            await click.ack()
        if rec.status == "running":
            await self.notices.notify(rec, meta, mover)
            if self.board.needs_open_button(rec, meta) != meta.get("board_open"):
                await self.board.update(rec, meta)  # a DM just failed: the board offers it
        else:
            await self.notices.drop_pings(rec, meta)
        await self.dms.hands(rec, meta, mover)
        if rec.status == "finished" and not meta.get("final_posted"):
            await post_final(self, rec, meta)
        rec.shown_version = rec.version

    async def _show_board(
        self, rec: SessionRecord, meta: TableBook, repost: bool, click: Click | None
    ) -> None:
        """The new board: in the clicked board's own callback when it can, else edited or
        posted; then the spectators' DMs (issue 14)."""
        if meta.get("old_boards"):
            await self.board.strip_old_boards(rec, meta)
        shown = (
            click is not None
            and not click.private
            and not repost
            and await self.board.answer(rec, meta, click)
        )
        if not shown:
            await self.board.update(rec, meta, repost=repost)
        await spectate.update_watchers(self, rec, meta)

    def board_due(
        self, rec: SessionRecord, meta: TableBook, repost: bool, click: Click | None
    ) -> bool:
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
            except (NotShown, StoreUnavailable):  # still refused, or the database still away
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
                await self.notices.reminders(out.record, out.reminders)

    # -- the parts, by the names the handlers, spectate and final use ------------------------
    def waiting_line(self, rec: SessionRecord, waiting: list[str]) -> str:
        return self.board.waiting_line(rec, waiting)

    def board_embed(
        self, rec: SessionRecord, meta: TableBook, has_image: bool, public: Public = True
    ) -> discord.Embed:
        return self.board.embed(rec, meta, has_image, public)

    def board_view(
        self,
        rec: SessionRecord,
        public: Public = True,
        meta: TableBook | None = None,
        extra: list[discord.ui.Item[Any]] | None = None,
    ) -> discord.ui.View | None:
        return self.board.view(rec, public, meta, extra)

    def where(self, rec: SessionRecord, meta: TableBook) -> str:
        return self.board.where(rec, meta)

    def place(self, rec: SessionRecord, meta: TableBook) -> str:
        return self.board.place(rec, meta)

    async def send_dm(
        self, user_id: str, since: float = 0.0, **kwargs: Any
    ) -> discord.Message | None:
        return await self.dms.send(user_id, since, **kwargs)

    async def place_dm(
        self, rec: SessionRecord, meta: TableBook, p: str, payload: dict[str, Any], quiet: bool
    ) -> bool:
        return await self.dms.place(rec, meta, p, payload, quiet)

    def hand_signature(self, rec: SessionRecord, player: str) -> str | None:
        return self.dms.hand_signature(rec, player)

    def since_last(self, meta: TableBook, player: str) -> list[str]:
        return self.private.since_last(meta, player)

    async def private_prompt_payload(
        self, rec: SessionRecord, player: str, meta: TableBook | None = None
    ) -> dict[str, Any]:
        return await self.private.payload(rec, player, meta)

    def mark_silent(self, rec: SessionRecord, meta: TableBook, p: str, since: int | None) -> None:
        self.notices.mark_silent(rec, meta, p, since)

    async def channel_lines(self, rec: SessionRecord, meta: TableBook, lines: list[str]) -> None:
        await self.notices.channel_lines(rec, meta, lines)

    def restore_silent(self, running: list[SessionRecord]) -> None:
        self.notices.restore_silent(running)

    async def nudge(self) -> None:
        await self.notices.nudge()
