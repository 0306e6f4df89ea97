"""Moves: a player's move (and a chained choice's second part), the moves nobody has to
choose (formalities), and with ``inline_ai`` the AI seats' replies.

Every stored move takes the same path (:meth:`Play.store_move`): the engine applies it, the
snapshot, the move record and (at the end) the results and rating update are saved in one
compare-and-swap, the turn clock is reset for whoever acts now, and the undo stack moves on.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from bot.core import metrics
from bot.core.ai_runner import TAKEOVER_LEVEL, seat_level
from bot.core.deadlines import reclock
from bot.core.errors import HostError
from bot.core.gamelog import GameLog, record_events
from bot.core.outcome import Outcome
from bot.core.queries import Queries
from bot.core.ratings import final_results
from bot.core.sessions import Sessions
from bot.core.store.base import (
    ClockEntry,
    MoveRecord,
    MoveSource,
    RateFn,
    SessionRecord,
    StoreBusy,
    StoreUnavailable,
    VersionConflict,
)
from bot.core.takeback import FORCED
from bot.core.takebacks import TakeBacks
from games.base import IllegalMove, Move, forced_move, is_listed

#: a write that did not happen and may be tried again (the database away or busy)
TRANSIENT = (StoreUnavailable, StoreBusy)

log = logging.getLogger(__name__)
MAX_AUTO_MOVES = 10_000


class Play:
    def __init__(
        self,
        sessions: Sessions,
        queries: Queries,
        takebacks: TakeBacks,
        log: GameLog,
        inline_ai: bool,
    ) -> None:
        self.sessions = sessions
        self.queries = queries
        self.takebacks = takebacks
        self.log = log
        #: True: a change lets the AI seats reply before it returns (the demo, tests); False
        #: (the bot): each AI reply is its own ``ai_step``, shown before the next one
        self.inline_ai = inline_ai

    async def apply(
        self,
        session_id: int,
        player: str,
        move: Move,
        expected_version: int | None = None,
        then: Move | None = None,
    ) -> Outcome:
        """``player``'s ``move`` (and ``then``), then the moves nobody chooses (see
        ``SessionHost.apply``). A refusal judged on this host's copy is judged again on the
        stored record when that one is newer; a lost race re-reads and validates again."""
        sessions = self.sessions
        started = time.perf_counter()
        async with sessions.lock(session_id):
            for attempt in range(3):
                rec = sessions.working_copy(session_id) if attempt == 0 else None
                cached = rec is not None
                if rec is None or (expected_version is not None and expected_version > rec.version):
                    rec = await sessions.get(session_id)
                    cached = False
                try:
                    out = await self._try_move(rec, player, move, expected_version, then)
                except (HostError, IllegalMove):
                    if cached and (await sessions.get(session_id)).version != rec.version:
                        sessions.forget(session_id, state=False)
                        continue
                    raise
                except VersionConflict:
                    continue
                metrics.MOVE_SECONDS.labels(rec.game).observe(time.perf_counter() - started)
                try:
                    await self.auto_moves(rec, out)
                except TRANSIENT as exc:  # the player's move is stored: it is not "nothing"
                    self.sessions.forget(session_id)  # (the soak's finding 4, issue 31)
                    log.warning("session %s: a move after %s's not stored: %s", rec.id, player, exc)
                return out
            raise HostError("busy")

    async def _try_move(
        self,
        rec: SessionRecord,
        player: str,
        move: Move,
        expected_version: int | None,
        then: Move | None = None,
    ) -> Outcome:
        if rec.status != "running":
            raise HostError("not_running")
        seat = rec.seat_of(player)
        if seat is None or (seat.is_ai and not player.startswith("ai:")):  # left: the AI plays
            raise HostError("not_seated")
        if expected_version is not None and expected_version != rec.version:
            entry = rec.clock.get(player)
            if entry is None or expected_version < entry["since"]:
                raise HostError("stale")
        if then is not None:  # both parts must be legal before the first is stored
            follow = self.queries.follow_ups(rec, player, move)
            if follow is None or not is_listed(then, follow[1]):
                raise IllegalMove("not_legal", "That choice is not available now.")
        out = Outcome(rec)
        await self.store_move(rec, player, move, "player", out)
        if then is not None:
            try:
                await self.store_move(rec, player, then, "player", out)
            except VersionConflict:  # another process moved on: the first part stands,
                log.warning("session %s: the second part of a choice lost a race", rec.id)
            except TRANSIENT as exc:  # the first part stands; the second is asked again
                self.sessions.forget(rec.id)
                log.warning("session %s: the second part of a choice not stored: %s", rec.id, exc)
        return out

    async def store_move(
        self, rec: SessionRecord, player: str, move: Move, source: MoveSource, out: Outcome
    ) -> None:
        """Apply ``move`` to ``rec`` and store it (one compare-and-swap); ``out`` gets its
        events. Raises ``IllegalMove`` (nothing stored) or ``VersionConflict`` (a lost race:
        the caches of the session are dropped)."""
        sessions = self.sessions
        game = sessions.game(rec.game)
        state = sessions.state(rec)
        new_state, events = game.apply(state, player, move)  # raises IllegalMove
        before, seq = rec.version, rec.move_count
        clock = {p: ClockEntry(**c) for p, c in rec.clock.items()}
        undo = (rec.state, rec.move_count, rec.status, clock)
        rec.state = game.dump(new_state)
        rec.move_count = seq + 1
        results: list[dict[str, Any]] | None = None
        rate: RateFn | None = None
        ratings: dict[str, tuple[float, float]] = {}
        if game.is_over(new_state):
            rec.status = "finished"
            humans = {s.player_id for s in rec.seats if not s.player_id.startswith("ai:")}
            results, rate, ratings = final_results(game.outcome(new_state), humans)
        actors = game.actors(new_state)
        reclock(rec, actors, player, before + 1, sessions.now(), sessions.ai.budget_s)
        if source == "timeout":
            out.events.append({"type": "host_timeout", "player": player})
        record = MoveRecord(seq, player, move, source, sessions.now())
        try:
            await sessions.save(rec, before, record, results, rate)
        except VersionConflict:
            sessions.forget(rec.id)
            raise
        except BaseException:  # not stored: ``rec`` goes back to what is stored
            rec.state, rec.move_count, rec.status, rec.clock = undo
            raise
        metrics.MOVES.labels(rec.game, source).inc()
        sessions.keep_state(rec, new_state)
        self.takebacks.push(rec, before, seq, player, source, move, state, new_state)
        self.log.remember(rec, record_events(record, events))
        out.record = rec
        out.events.extend(events)
        out.moved.append((player, source))
        out.ratings.update(ratings)

    async def think(self, rec: SessionRecord, player: str, source: MoveSource) -> Move:
        """The AI's move for ``player`` (its seat's level; an idle human's: the takeover
        level), thought in the AI runner's worker; always legal."""
        seat = rec.seat_of(player)
        level = seat_level(seat) if seat is not None and seat.is_ai else TAKEOVER_LEVEL
        return await self.sessions.ai.choose(
            self.sessions.game(rec.game),
            self.sessions.state(rec),
            player,
            level,
            f"{rec.seed}:{source}:{rec.move_count}",
        )

    async def auto_moves(self, rec: SessionRecord, out: Outcome) -> None:
        """The moves nobody has to choose (:meth:`forced_step`), and with ``inline_ai`` the AI
        seats' moves, until a human must choose or the game ends (the bot runs AI seats one
        ``ai_step`` at a time instead, showing each)."""
        for _ in range(MAX_AUTO_MOVES):
            if await self.forced_step(rec, out):
                continue
            if not self.inline_ai:
                return
            p = self.queries.ai_to_move(rec)
            if p is None:
                return
            move = await self.think(rec, p, "ai")
            try:
                await self.store_move(rec, p, move, "ai", out)
            except VersionConflict:  # another process moved on; it plays the AI seats
                return
        raise RuntimeError(f"session {rec.id}: AI seats did not finish")

    async def forced_step(self, rec: SessionRecord, out: Outcome) -> bool:
        """Play one move the rules leave no choice in, in sight of everybody
        (:func:`games.base.forced_move`: the second Empire Engine gear with nothing to pay an
        alternate with), for whoever owes it, human or AI; False when there is none. Asking
        would cost the player a click and the table a turn change, and tell nobody anything."""
        if rec.status != "running" or rec.state is None:
            return False
        game, state = self.sessions.game(rec.game), self.sessions.state(rec)
        for p in game.actors(state):
            move = forced_move(game, state, p)
            if move is None:
                continue
            try:
                await self.store_move(rec, p, move, FORCED, out)
            except VersionConflict:  # another process moved on; it plays what is forced
                return False
            return True
        return False
