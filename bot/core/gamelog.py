"""The public events of a game's log, replayed from seed + move log.

A record's public events are the engine's, with the host events that belong to it: a move the
turn clock made is preceded by its ``host_timeout``, an undo record is its ``host_undo``
(:class:`bot.core.takeback.LogReplay`).
"""

from __future__ import annotations

from bot.core.sessions import Sessions
from bot.core.store.base import MoveRecord, SessionRecord
from bot.core.takeback import LogReplay
from games.base import Event

TIMEOUT_EVENT = "host_timeout"  # "X ran out of time; the AI played that move for them"
STARTED_EVENT = "host_started"


def record_events(m: MoveRecord, events: list[Event]) -> list[Event]:
    """The public events of log record ``m`` (``events``: what replaying it gave)."""
    if m.source == "timeout":
        return [{"type": TIMEOUT_EVENT, "player": m.player_id}, *events]
    return list(events)


def started(rec: SessionRecord) -> Event:
    """The event of a game's start: who plays, in seat order."""
    return {"type": STARTED_EVENT, "players": rec.player_ids}


class GameLog:
    def __init__(self, sessions: Sessions) -> None:
        self.sessions = sessions

    async def events(self, rec: SessionRecord) -> list[Event]:
        """Every public event of the game so far, in order, replayed from seed + move log
        (a move made by the turn clock is preceded by its ``host_timeout``)."""
        replay = LogReplay.start(self.sessions.game(rec.game), rec)
        out: list[Event] = []
        for m in await self.sessions.store.moves(rec.id):
            out.extend(record_events(m, replay.step(m)))
        return out
