"""What one host call changed (:class:`Outcome`): every service of the host returns one."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.core.store.base import MoveSource, SessionRecord
from games.base import Event


@dataclass
class Outcome:
    """What one host call changed: the session after it and the public events, in order.

    Host-level events (``host_started``, ``host_timeout``, ``host_left`` ...) are mixed in with
    the engine's events so the log reads in order.
    """

    record: SessionRecord
    events: list[Event] = field(default_factory=list)
    moved: list[tuple[str, MoveSource]] = field(default_factory=list)  # (player, source)
    reminders: list[str] = field(default_factory=list)  # players reminded by the clock
    #: at a game's end: each rated human's displayed skill (``ratings.conservative``), before
    #: and after the game's rating update (empty when nobody was rated: AI seats, one human)
    ratings: dict[str, tuple[float, float]] = field(default_factory=dict)

    @property
    def finished(self) -> bool:
        return self.record.status == "finished"
