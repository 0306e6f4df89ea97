"""Take-backs at the table (issue 14): the undo stack per session and the undo itself.

Who may take back what follows from the log alone (:mod:`bot.core.takeback`, the rules of the
log); this service keeps the stack per session in memory by version, rebuilds it from the log
when it is missing or behind (a restart, another process), and stores an undo as a record of
the log (never a deletion).
"""

from __future__ import annotations

from bot.core.cache import LRU
from bot.core.deadlines import keep_deadline, reclock, times_out
from bot.core.errors import HostError
from bot.core.gamelog import GameLog
from bot.core.outcome import Outcome
from bot.core.sessions import CACHED_SESSIONS, Sessions
from bot.core.store.base import MoveRecord, MoveSource, SessionRecord, VersionConflict
from bot.core.takeback import UNDO_EVENT, LogReplay, Undoable, pushed, undo_move, undo_target
from games.base import Event, Move, State


class TakeBacks:
    def __init__(self, sessions: Sessions, log: GameLog, size: int = CACHED_SESSIONS) -> None:
        self.sessions = sessions
        self.log = log
        #: per session, the undo stack at a version; rebuilt from the log when missing or behind
        self._undo: LRU[int, tuple[int, list[Undoable]]] = LRU(size)

    def push(
        self,
        rec: SessionRecord,
        before: int,
        seq: int,
        player: str,
        source: MoveSource,
        move: Move,
        state: State,
        new_state: State,
    ) -> None:
        """The undo stack after a stored move, when the one before it is known."""
        known = self._undo.get(rec.id)
        stack = known[1] if known is not None and known[0] == before else None
        game = self.sessions.game(rec.game)
        new = pushed(game, stack or [], seq, player, source, move, state, new_state)
        if stack is None and new:  # an older part of it may be missing: rebuild when asked
            self._undo.pop(rec.id, None)
        else:
            self._undo[rec.id] = (rec.version, new)

    def forget(self, session_id: int) -> None:
        self._undo.pop(session_id, None)

    async def stack(self, rec: SessionRecord) -> list[Undoable]:
        """The moves of ``rec`` that may still be taken back, newest last (see
        :mod:`bot.core.takeback`); [] unless the game is running."""
        if rec.status != "running":
            return []
        known = self._undo.get(rec.id)
        if known is not None and known[0] == rec.version:
            return list(known[1])
        replay = LogReplay.start(self.sessions.game(rec.game), rec)
        for m in await self.sessions.store.moves(rec.id):
            replay.step(m)
        self._undo[rec.id] = (rec.version, replay.stack)
        return list(replay.stack)

    def hint(self, rec: SessionRecord) -> tuple[str, int] | None:
        """(player, seq) of the move an Undo button would take back, from what is known
        already (no database read; None when the stack of this version is not known yet)."""
        known = self._undo.get(rec.id)
        if rec.status != "running" or known is None or known[0] != rec.version:
            return None
        stack = known[1]
        if not stack or stack[-1].last != rec.move_count - 1:
            return None
        seat = rec.seat_of(stack[-1].player)
        return (stack[-1].player, stack[-1].seq) if seat and not seat.is_ai else None

    async def undo(self, session_id: int, player: str, seq: int) -> Outcome:
        """``player`` takes back their move ``seq`` (see ``SessionHost.undo``)."""
        async with self.sessions.lock(session_id):
            for _ in range(3):
                rec = await self.sessions.get(session_id)
                stack = await self.checked(rec, player, seq)
                try:
                    return await self._save_undo(rec, stack)
                except VersionConflict:
                    continue
            raise HostError("busy")

    async def checked(self, rec: SessionRecord, player: str, seq: int) -> list[Undoable]:
        """The undo stack when ``player`` may take back ``seq`` now; else the refusal."""
        if rec.status != "running":
            raise HostError("not_running")
        seat = rec.seat_of(player)
        if seat is None or seat.is_ai:
            raise HostError("not_seated")
        stack = await self.stack(rec)
        if stack and stack[-1].seq == seq and stack[-1].player == player:
            return stack
        if any(u.seq == seq and u.player == player for u in stack):
            raise HostError("undo_newest_first")
        raise HostError(refusal(await self.sessions.store.moves(rec.id), player, seq))

    async def _save_undo(self, rec: SessionRecord, stack: list[Undoable]) -> Outcome:
        sessions = self.sessions
        game, top = sessions.game(rec.game), stack[-1]
        before, seq = rec.version, rec.move_count
        rec.state = game.dump(top.before)
        rec.move_count = seq + 1
        now, budget = sessions.now(), sessions.ai.budget_s
        reclock(rec, game.actors(top.before), top.player, before + 1, now, budget)
        if times_out(rec, top.player):  # no extra time: timed from when the decision began
            keep_deadline(rec, top.player, top.seq, await sessions.store.moves(rec.id))
        record = MoveRecord(seq, top.player, undo_move(top.seq), "undo", sessions.now())
        try:
            rec = await sessions.save(rec, before, record)
        except VersionConflict:
            sessions.forget(rec.id, record=False)
            self.forget(rec.id)
            raise
        sessions.keep_state(rec, top.before)
        self._undo[rec.id] = (rec.version, stack[:-1])
        events: list[Event] = [{"type": UNDO_EVENT, "player": top.player, "seq": top.seq}]
        self.log.remember(rec, events)
        return Outcome(rec, events, moved=[(top.player, "undo")])


def refusal(moves: list[MoveRecord], player: str, seq: int) -> str:
    """Why ``player`` may not take back move ``seq`` (it is not on the undo stack)."""
    target = moves[seq] if 0 <= seq < len(moves) else None
    if target is None or target.source == "undo":
        return "undo_too_late"
    if target.player_id != player or target.source != "player":
        return "undo_not_yours"
    if any(m.source == "undo" and undo_target(m.move) == seq for m in moves[seq + 1 :]):
        return "undo_done"
    if seq == len(moves) - 1 or all(m.player_id == player for m in moves[seq + 1 :]):
        return "undo_revealed"
    return "undo_too_late"
