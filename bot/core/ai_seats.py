"""AI seats in a running game (issue 15): one AI reply at a time, the start-up catch-up, and
a seat handed to the AI when its player leaves or is removed.

The AI thinks outside the session's lock (people keep playing meanwhile); its move is applied
when the seat still faces the same decision (the same view), else it thinks again. Exactly
once per decision, also with several processes: the store's compare-and-swap decides.
"""

from __future__ import annotations

import logging

from bot.core.ai_runner import TAKEOVER_LEVEL
from bot.core.deadlines import reclock
from bot.core.errors import HostError
from bot.core.outcome import Outcome
from bot.core.play import Play
from bot.core.sessions import Sessions
from bot.core.store.base import SessionRecord, VersionConflict
from games.base import Event, IllegalMove, canonical

log = logging.getLogger(__name__)


class AiSeats:
    def __init__(self, sessions: Sessions, play: Play) -> None:
        self.sessions = sessions
        self.play = play

    async def step(self, session_id: int) -> Outcome | None:
        """One move of an AI seat that owes one; None when none does."""
        sessions, queries = self.sessions, self.play.queries
        for _ in range(3):
            rec = await sessions.current(session_id)
            player = queries.ai_to_move(rec)
            if player is None:
                return None
            seen = canonical(queries.engine_view(rec, player))
            move = await self.play.think(rec, player, "ai")
            async with sessions.lock(session_id):
                rec = await sessions.get(session_id)
                if (
                    queries.ai_to_move(rec) != player
                    or canonical(queries.engine_view(rec, player)) != seen
                ):
                    continue
                out = Outcome(rec)
                try:
                    await self.play.store_move(rec, player, move, "ai", out)
                except (VersionConflict, IllegalMove):
                    continue
                await self.play.auto_moves(rec, out)  # what is forced after it (inline AI: all)
                return out
        return None

    async def owing(self, running: list[SessionRecord] | None = None) -> list[int]:
        """Running sessions where an AI seat owes a move (start-up catch-up: a crash or a
        failed write between a move and the AI's reply). A damaged session is skipped."""
        owing: list[int] = []
        for rec in await self.running_records() if running is None else running:
            try:
                if self.play.queries.ai_to_move(rec) is not None:
                    owing.append(rec.id)
            except Exception as exc:  # one damaged table never stops the others
                log.warning(
                    "AI catch-up: session %s skipped: %s: %s", rec.id, type(exc).__name__, exc
                )
        return owing

    async def running_records(self) -> list[SessionRecord]:
        """Every running session as stored (start-up catch-up); a damaged one is skipped."""
        out: list[SessionRecord] = []
        for session_id in await self.sessions.store.session_ids(("running",)):
            try:
                out.append(await self.sessions.get(session_id))
            except Exception as exc:  # one damaged table never stops the others
                log.warning(
                    "catch-up: session %s skipped: %s: %s", session_id, type(exc).__name__, exc
                )
        return out

    async def hand_over(self, session_id: int, player: str, event: str) -> Outcome:
        """``player``'s seat is played by the AI from now on (they left, or were removed);
        the host's powers go to the next seated human."""
        sessions = self.sessions
        async with sessions.lock(session_id):
            rec = await sessions.get(session_id)
            seat = rec.seat_of(player)
            if seat is None or seat.is_ai:  # already handed over: nothing changes
                raise HostError("not_seated")
            before = rec.version
            seat.is_ai, seat.ai_level = True, TAKEOVER_LEVEL
            rec.clock.pop(player, None)
            if rec.state is not None:  # the AI's reply is owed from now: on the clock
                actors = self.play.queries.actors(rec)
                reclock(rec, actors, player, before + 1, sessions.now(), sessions.ai.budget_s)
            events: list[Event] = [{"type": event, "player": player}]
            if rec.host_id == player:
                heir = next((s for s in rec.seats if not s.is_ai), None)
                if heir is not None:
                    rec.host_id = heir.player_id
                    events.append({"type": "host_new_host", "player": heir.player_id})
            rec = await sessions.save(rec, before)
            if rec.state is not None:
                sessions.forget(rec.id, record=False)
            out = Outcome(rec, events)
            await self.play.auto_moves(rec, out)
            return out
