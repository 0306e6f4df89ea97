"""Tables before and around the game: open, join, add an AI, leave, kick, cancel, start,
abandon, rematch. Every change is one compare-and-swap save under the session's lock."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from bot.core import fairness
from bot.core.ai_runner import valid_level
from bot.core.ai_seats import AiSeats
from bot.core.deadlines import reclock
from bot.core.errors import HostError
from bot.core.gamelog import GameLog, started
from bot.core.options import check_options, check_start, merge_options
from bot.core.outcome import Outcome
from bot.core.sessions import Sessions
from bot.core.store.base import ChannelBusy, CorruptSession, Seat, SessionRecord
from games.base import clone

#: the one entry of a session's bookkeeping the host itself keeps: the table a finished
#: game's Rematch opened (everything else in it is the adapter's, opaque to the core)
REMATCH = "rematch"


class Lobby:
    def __init__(
        self, sessions: Sessions, seats: AiSeats, log: GameLog, seed_source: Callable[[], int]
    ) -> None:
        self.sessions = sessions
        self.seats = seats
        self.log = log
        self.seed_source = seed_source

    async def create(
        self,
        *,
        guild_id: str | None,
        channel_id: str,
        game_id: str,
        options: dict[str, Any],
        user_id: str,
        user_name: str,
        turn_secs: int | None,
    ) -> SessionRecord:
        game = self.sessions.game(game_id)
        clean = check_options(game, options)
        rec = SessionRecord(
            id=0,
            guild_id=guild_id,
            channel_id=channel_id,
            game=game_id,
            options=clean,
            seed=0,
            status="lobby",
            version=0,
            host_id=user_id,
            turn_secs=turn_secs,
            seats=[Seat(user_id, user_name)],
        )
        try:
            return await self.sessions.store.create_session(rec)
        except ChannelBusy:
            raise HostError("channel_busy") from None

    async def rematch(
        self, session_id: int, user_id: str, user_name: str
    ) -> tuple[SessionRecord, list[str]]:
        """A new lobby after a finished game (see ``SessionHost.rematch``)."""
        sessions = self.sessions
        async with sessions.lock(session_id), sessions.store.session_lock(session_id):
            old = await sessions.get(session_id)
            self._may_rematch(old, user_id)
            busy = await sessions.store.active_session(old.channel_id)
            if busy is not None:
                raise HostError("rematch_busy", id=busy.id)
            seats = [Seat(user_id, user_name)] + [
                dataclasses.replace(s) for s in old.seats if s.player_id.startswith("ai:")
            ]
            rec = SessionRecord(
                id=0,
                guild_id=old.guild_id,
                channel_id=old.channel_id,
                game=old.game,
                options=dict(old.options),
                seed=0,
                status="lobby",
                version=0,
                host_id=user_id,
                turn_secs=old.turn_secs,
                seats=seats,
            )
            try:
                rec = await sessions.store.create_session(rec)
            except ChannelBusy:
                raise HostError("channel_busy") from None
            meta = clone(old.meta)
            meta[REMATCH] = rec.id
            await sessions.store.set_meta(old.id, meta, old.shown_version)
            old.meta = meta
            sessions.forget(old.id, state=False)
            invited = [
                s.player_id
                for s in old.seats
                if s.player_id != user_id and not s.player_id.startswith("ai:")
            ]
            return rec, invited

    @staticmethod
    def _may_rematch(old: SessionRecord, user_id: str) -> None:
        if old.status != "finished":
            raise HostError("rematch_not_over")
        me = old.seat_of(user_id)
        if me is None or user_id.startswith("ai:"):
            raise HostError("rematch_not_player", id=old.id)
        if REMATCH in old.meta:
            raise HostError("rematch_taken", id=old.meta[REMATCH])

    async def fresh(self, session_id: int, expected_version: int | None) -> SessionRecord:
        """The session as stored now (call under its lock); it must still be in the lobby."""
        rec = await self.sessions.get(session_id)
        if rec.status != "lobby":
            raise HostError("not_in_lobby")
        if expected_version is not None and rec.version != expected_version:
            raise HostError("stale")
        return rec

    async def change(
        self,
        channel_id: str,
        change: Callable[[SessionRecord], None],
        expected_version: int | None = None,
    ) -> SessionRecord:
        """``change`` made to the channel's lobby and stored."""
        rec = await self.sessions.active(channel_id)
        return await self.change_table(rec.id, change, expected_version)

    async def change_table(
        self,
        session_id: int,
        change: Callable[[SessionRecord], None],
        expected_version: int | None = None,
    ) -> SessionRecord:
        """``change`` made to the lobby of table ``session_id`` and stored (a click from a
        DM names its table: it has no channel of its own)."""
        async with self.sessions.lock(session_id):
            rec = await self.fresh(session_id, expected_version)
            before = rec.version
            change(rec)
            return await self.sessions.save(rec, before)

    async def join(
        self, channel_id: str, user_id: str, name: str, expected_version: int | None = None
    ) -> SessionRecord:
        return await self.change(channel_id, self._seat(user_id, name), expected_version)

    async def join_table(self, session_id: int, user_id: str, name: str) -> SessionRecord:
        """Join table ``session_id`` by its id (an invitation's Join, pressed in a DM)."""
        return await self.change_table(session_id, self._seat(user_id, name))

    def _seat(self, user_id: str, name: str) -> Callable[[SessionRecord], None]:
        def change(rec: SessionRecord) -> None:
            if rec.seat_of(user_id):
                raise HostError("already_joined")
            game = self.sessions.game(rec.game)
            if len(rec.seats) >= game.max_players:
                raise HostError("lobby_full", max=game.max_players)
            rec.seats.append(Seat(user_id, name))

        return change

    async def set_options(
        self,
        session_id: int,
        user_id: str,
        can_manage: bool,
        changes: dict[str, Any],
    ) -> SessionRecord:
        """The lobby's options with ``changes`` made (the host's, or a manager's), the seats
        kept. A value the game does not know, or options that work with no seat count at
        all, are refused (:class:`~bot.core.options.OptionRefused`) and nothing is stored;
        options that do not fit the players seated *yet* are a waiting state the lobby
        shows (:func:`bot.core.options.start_problem`)."""

        def change(rec: SessionRecord) -> None:
            authorise_host(rec, user_id, can_manage)
            rec.options = merge_options(self.sessions.game(rec.game), rec.options, changes)

        return await self.change_table(session_id, change)

    async def add_ai(
        self,
        channel_id: str,
        user_id: str,
        can_manage: bool = False,
        expected_version: int | None = None,
        level: str | None = None,
    ) -> SessionRecord:
        """Seat an AI of ``level`` (default medium; an unknown level is refused here, before
        anything is written, never later in the game)."""
        chosen = valid_level(level)

        def change(rec: SessionRecord) -> None:
            authorise_host(rec, user_id, can_manage)
            game = self.sessions.game(rec.game)
            if len(rec.seats) >= game.max_players:
                raise HostError("lobby_full", max=game.max_players)
            n = 1
            while rec.seat_of(f"ai:{n}"):
                n += 1
            rec.seats.append(Seat(f"ai:{n}", f"AI {n}", is_ai=True, ai_level=chosen))

        return await self.change(channel_id, change, expected_version)

    async def leave(
        self, channel_id: str, user_id: str, expected_version: int | None = None
    ) -> Outcome:
        """Leave the lobby (the table closes when no human is left), or hand a running seat
        to the AI."""
        rec = await self.sessions.active(channel_id)
        if rec.status == "running":
            return await self.seats.hand_over(rec.id, user_id, "host_left")
        return Outcome(
            await self.change(channel_id, lambda r: remove_from_lobby(r, user_id), expected_version)
        )

    async def kick(self, channel_id: str, user_id: str, target: str, can_manage: bool) -> Outcome:
        rec = await self.sessions.active(channel_id)
        authorise_host(rec, user_id, can_manage)
        if target == user_id:
            raise HostError("kick_self")
        seat = rec.seat_of(target)
        if seat is None:
            raise HostError("nobody_to_kick", name=target)
        if rec.status == "running":
            return await self.seats.hand_over(rec.id, target, "host_kicked")
        return Outcome(await self.change(channel_id, lambda r: remove_from_lobby(r, target)))

    async def cancel(self, channel_id: str, user_id: str, can_manage: bool) -> SessionRecord:
        def change(rec: SessionRecord) -> None:
            authorise_host(rec, user_id, can_manage)
            rec.status = "cancelled"

        return await self.change(channel_id, change)

    async def start(
        self,
        channel_id: str,
        user_id: str,
        can_manage: bool = False,
        expected_version: int | None = None,
    ) -> Outcome:
        sessions = self.sessions
        rec = await sessions.active(channel_id)
        async with sessions.lock(rec.id):
            rec = await self.fresh(rec.id, expected_version)
            if not rec.seat_of(user_id) and not can_manage:
                raise HostError("join_first")
            game = sessions.game(rec.game)
            if len(rec.seats) < game.min_players:
                raise HostError(
                    "too_few_players", game=game.title, min=game.min_players, count=len(rec.seats)
                )
            check_start(game, rec.options, len(rec.seats))
            seed = self.seed_source()
            try:
                state = game.setup(rec.player_ids, dict(rec.options), seed)
            except ValueError as exc:
                raise HostError("bad_setup", detail=str(exc)) from None
            await fairness.seal(sessions, rec)  # the salt of the seed's commitment
            before = rec.version
            rec.seed, rec.status, rec.state = seed, "running", game.dump(state)
            reclock(rec, game.actors(state), None, before + 1, sessions.now(), sessions.ai.budget_s)
            rec = await sessions.save(rec, before)
            sessions.keep_state(rec, state)
            out = Outcome(rec, [started(rec, game)])
            self.log.remember(rec, out.events)
            await self.seats.play.auto_moves(rec, out)
            return out

    async def abandon(
        self, channel_id: str, user_id: str, can_manage: bool
    ) -> SessionRecord | None:
        """End the channel's table (its host or a manager); None when it was a damaged row,
        closed without being read (nothing to show)."""
        sessions = self.sessions
        try:
            rec = await sessions.active(channel_id)
        except CorruptSession as exc:
            if user_id != exc.host_id and not can_manage:
                raise HostError("not_host", host=f"<@{exc.host_id}>") from None
            async with sessions.lock(exc.session_id):
                await sessions.store.close_damaged(exc.session_id)
            sessions.forget(exc.session_id)
            return None
        async with sessions.lock(rec.id):
            rec = await sessions.get(rec.id)
            authorise_host(rec, user_id, can_manage)
            before = rec.version
            rec.status = "abandoned" if rec.status == "running" else "cancelled"
            rec.clock = {}
            return await sessions.save(rec, before)


def authorise_host(rec: SessionRecord, user_id: str, can_manage: bool) -> None:
    """Only the table's host or someone who may manage the channel."""
    if user_id != rec.host_id and not can_manage:
        host = rec.seat_of(rec.host_id)
        raise HostError("not_host", host=host.name if host else rec.host_id)


def remove_from_lobby(rec: SessionRecord, user_id: str) -> None:
    if not rec.seat_of(user_id):
        raise HostError("not_seated")
    rec.seats = [s for s in rec.seats if s.player_id != user_id]
    humans = [s for s in rec.seats if not s.is_ai]
    if not humans:
        rec.status = "cancelled"
    elif rec.host_id == user_id:
        rec.host_id = humans[0].player_id
