"""The turn clock's entries (``SessionRecord.clock``): when each waiting decision began and
when it is due. Pure rules about a record; :mod:`bot.core.clock` fires them.

Prompt freshness: every session keeps, for each player who must act, the version at which that
decision began (``clock[p]["since"]``). A prompt made at version ``v`` is still good while
``v >= since``; so in a simultaneous secret step one player's pick does not invalidate the
others' prompts, but a double click or an old prompt from an earlier decision is refused as
stale.
"""

from __future__ import annotations

from bot.core.ai_runner import resume_after
from bot.core.store.base import ClockEntry, MoveRecord, SessionRecord


def reclock(
    rec: SessionRecord,
    actors: list[str],
    mover: str | None,
    version: int,
    now: float,
    ai_budget_s: float,
) -> None:
    """Keep each waiting player's decision start; start a new one for whoever now acts. An AI
    seat that must act is on the clock too: its reply is resumed if it was lost (issue 17 #1)."""
    if rec.status != "running":
        rec.clock = {}
        return
    ai_ids = {s.player_id for s in rec.seats if s.is_ai}
    clock: dict[str, ClockEntry] = {}
    for p in actors:
        old = rec.clock.get(p)
        if p in ai_ids:
            clock[p] = _ai_entry(old, p == mover, version, now + resume_after(ai_budget_s))
        elif old is not None and p != mover:
            clock[p] = old
        elif rec.turn_secs:
            clock[p] = {
                "since": version,
                "due": now + rec.turn_secs,
                "remind": now + rec.turn_secs / 2,
                "reminded": False,
            }
        else:
            clock[p] = {"since": version, "due": None, "remind": None, "reminded": True}
    rec.clock = clock


def _ai_entry(old: ClockEntry | None, moved: bool, version: int, due: float) -> ClockEntry:
    """An AI seat's entry: kept while it waits (an AI entry: no reminder, a due time), else a
    new one due when its reply counts as lost."""
    if old is not None and not moved and old["remind"] is None and old["due"] is not None:
        return old
    return {"since": version, "due": due, "remind": None, "reminded": True}


def times_out(rec: SessionRecord, player: str) -> bool:
    """Whether ``player``'s decision has a deadline (a turn clock is on and they are timed)."""
    entry = rec.clock.get(player)
    return entry is not None and bool(rec.turn_secs) and entry["due"] is not None


def keep_deadline(rec: SessionRecord, player: str, seq: int, moves: list[MoveRecord]) -> None:
    """A take-back of ``player``'s move ``seq`` gives no extra time: their decision is timed
    from when it began (the log record before the move taken back), not from the undo."""
    entry = rec.clock.get(player)
    if entry is None or not rec.turn_secs or entry["due"] is None:
        return
    began = moves[seq - 1].at if seq > 0 else moves[seq].at
    entry["due"] = min(entry["due"], began + rec.turn_secs)
    if entry["remind"] is not None:
        entry["remind"] = min(entry["remind"], began + rec.turn_secs / 2)
