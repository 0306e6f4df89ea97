"""The public events of a game's log, replayed from seed + move log, and the latest change's
(the view envelope's ``last``, issue 23 item 3).

A record's public events are the engine's, with the host events that belong to it: a move the
turn clock made is preceded by its ``host_timeout``, an undo record is its ``host_undo``
(:class:`bot.core.takeback.LogReplay`), and a game without a move yet shows its
``host_started``. Engines keep no copy of their events in their state; the host fills the
envelope's ``last`` (:meth:`GameLog.view`) from what it stored last, kept in memory by the
session's move count when it applies a change (:meth:`GameLog.remember`), and replays the log
when it does not know it (:meth:`GameLog.warm`: after a restart, a move made by another
process). ``view`` is synchronous: the async paths that load a record warm it first.
"""

from __future__ import annotations

import logging
from typing import Any

from bot.core.cache import LRU
from bot.core.sessions import CACHED_SESSIONS, Sessions
from bot.core.store.base import MoveRecord, SessionRecord
from bot.core.takeback import LogReplay
from games.base import ENVELOPE, Event, Game, clone, envelope

log = logging.getLogger(__name__)

TIMEOUT_EVENT = "host_timeout"  # "X ran out of time; the AI played that move for them"
STARTED_EVENT = "host_started"


def record_events(m: MoveRecord, events: list[Event]) -> list[Event]:
    """The public events of log record ``m`` (``events``: what replaying it gave)."""
    if m.source == "timeout":
        return [{"type": TIMEOUT_EVENT, "player": m.player_id}, *events]
    return list(events)


def started(rec: SessionRecord, game: Game | None = None) -> Event:
    """The event of a game's start: who plays, in seat order, and (with ``game``) who begins
    and whether the engine drew them (:func:`first_player`)."""
    event: Event = {"type": STARTED_EVENT, "players": rec.player_ids}
    first = first_player(game, rec) if game is not None else None
    if first is not None:
        event["first"], event["drawn"] = first
    return event


#: other seeds a start is set up with to tell a draw from the seat order
DRAW_PROBES = 16


def first_player(game: Game, rec: SessionRecord) -> tuple[str, bool] | None:
    """The one player who moves first, and whether that was drawn: the same seats and options
    under other seeds start with someone else (None: everyone starts at once, or no seed)."""
    if not isinstance(rec.seed, int) or len(rec.player_ids) < 2:
        return None

    def first(seed: int) -> str | None:
        actors = game.actors(game.setup(rec.player_ids, dict(rec.options), seed))
        return actors[0] if len(actors) == 1 else None

    try:
        who = first(rec.seed)
        others = {first(rec.seed + k) for k in range(1, DRAW_PROBES + 1)}
    except Exception:  # a start that cannot be set up again says only who plays
        log.exception("first player of %s not found", rec.game)
        return None
    return (who, others != {who}) if who is not None else None


class GameLog:
    def __init__(self, sessions: Sessions, size: int = CACHED_SESSIONS) -> None:
        self.sessions = sessions
        #: session -> (move count, the public events of its latest record)
        self._last: LRU[int, tuple[int, list[Event]]] = LRU(size)
        #: session -> a replay of its log so far (a miss steps only the records it lacks)
        self._replays: LRU[int, tuple[int, LogReplay, list[Event]]] = LRU(max(1, size // 8))
        #: game id -> whether its views carry an envelope
        self._enveloped: dict[str, bool] = {}

    async def events(self, rec: SessionRecord) -> list[Event]:
        """Every public event of the game so far, in order, replayed from seed + move log
        (a move made by the turn clock is preceded by its ``host_timeout``)."""
        replay = LogReplay.start(self.sessions.game(rec.game), rec)
        out: list[Event] = []
        for m in await self.sessions.store.moves(rec.id):
            out.extend(record_events(m, replay.step(m)))
        return out

    # -- the latest change ------------------------------------------------------------------
    def remember(self, rec: SessionRecord, events: list[Event]) -> None:
        """``events`` are the public events of ``rec``'s latest record (just stored)."""
        self._last[rec.id] = (rec.move_count, list(events))

    def last(self, rec: SessionRecord) -> list[Event] | None:
        """The public events of ``rec``'s latest change, when known (no database read)."""
        known = self._last.get(rec.id)
        return known[1] if known is not None and known[0] == rec.move_count else None

    def view(self, rec: SessionRecord, viewer: str | None) -> dict[str, Any]:
        """The engine's view of ``rec`` for ``viewer``, its envelope's ``last`` filled in
        (left as the engine made it when not known: warm the record first)."""
        game = self.sessions.game(rec.game)
        view = game.view(self.sessions.state(rec), viewer)
        env = envelope(view)
        if env is not None:
            last = self.last(rec)
            if last is not None:
                view[ENVELOPE] = {**env, "last": clone(last)}
        return view

    async def warm(self, rec: SessionRecord) -> None:
        """Know ``rec``'s latest change (replaying its log if need be) before its view is
        asked for. Never raises: a table that cannot be replayed shows no last change."""
        if rec.state is None or self.last(rec) is not None:
            return
        try:
            if not self._has_envelope(rec):
                return
            await self._derive(rec)
        except Exception as exc:  # a damaged table is reported where it is played
            log.info("session %s: no last change (%s: %s)", rec.id, type(exc).__name__, exc)

    def _has_envelope(self, rec: SessionRecord) -> bool:
        if rec.game not in self._enveloped:
            game = self.sessions.game(rec.game)
            view = game.view(self.sessions.state(rec), None)
            self._enveloped[rec.game] = envelope(view) is not None
        return self._enveloped[rec.game]

    async def _derive(self, rec: SessionRecord) -> None:
        moves = await self.sessions.store.moves(rec.id)
        if not moves:
            self.remember(rec, [started(rec, self.sessions.game(rec.game))])
            return
        cached = self._replays.get(rec.id)
        if cached is None or cached[0] > len(moves):
            cached = (0, LogReplay.start(self.sessions.game(rec.game), rec), [])
        done, replay, events = cached
        for m in moves[done:]:
            events = record_events(m, replay.step(m))
        self._replays[rec.id] = (len(moves), replay, events)
        self._last[rec.id] = (len(moves), events)
