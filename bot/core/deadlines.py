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
from bot.core.store.base import ClockEntry, MoveRecord, SessionRecord, Store


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


def paused(entry: ClockEntry) -> bool:
    """Whether ``entry`` is paused by a vacation (issue 27 #4)."""
    return "resume" in entry


def pause(entry: ClockEntry, stopped: float, until: float) -> bool:
    """Pause a timed human's entry from ``stopped`` (when their time stopped counting) to the
    end of their vacation ``until``: the deadline and the reminder are set aside with the
    seconds they had left, so neither fires while they are away. An entry paused already
    only gets the new end; an untimed one is only marked (the board says so)."""
    if paused(entry):
        entry["resume"] = until
        return True
    due, remind = entry["due"], entry["remind"]
    entry["resume"] = until  # shown on the board ("on vacation until ...") even untimed
    if due is None:
        return True
    entry["left"] = max(0.0, due - stopped)
    entry["remind_left"] = (
        max(0.0, remind - stopped) if remind is not None and not entry["reminded"] else None
    )
    entry["resume"] = until
    entry["due"] = entry["remind"] = None
    entry["reminded"] = True
    return True


def resume(entry: ClockEntry, now: float) -> bool:
    """The vacation is over: the time that was left continues from ``now`` (not a fresh turn
    time: going away and coming back must not reset a deadline). False when not paused."""
    if not paused(entry):
        return False
    left = entry.pop("left", None)
    remind_left = entry.pop("remind_left", None)
    entry.pop("resume", None)
    if left is None:  # untimed: nothing was set aside
        return True
    entry["due"] = now + left
    entry["remind"] = None if remind_left is None else now + remind_left
    entry["reminded"] = remind_left is None
    return True


def _human(rec: SessionRecord, p: str) -> bool:
    seat = rec.seat_of(p)
    return seat is not None and not seat.is_ai and not p.startswith("ai:")


async def mark_away(store: Store, rec: SessionRecord, before: int, now: float) -> None:
    """Before a save: the entry of a waiting player on vacation is paused (one read of the
    waiting humans). A decision that begins now starts paused with its whole turn time; an
    older one that is not paused (another process's cached record, written over a pause)
    is paused again from when the vacation began."""
    waiting = [p for p, c in rec.clock.items() if not paused(c) and _human(rec, p)]
    if not waiting or rec.status != "running":
        return
    prefs = await store.user_prefs(waiting)
    for p in waiting:
        pr = prefs.get(p)
        if pr is None or pr.away_until is None or not pr.away(now):
            continue
        entry = rec.clock[p]
        stopped = now if entry["since"] == before + 1 else await _stopped(store, rec, p, now)
        pause(entry, stopped, pr.away_until)


async def _stopped(store: Store, rec: SessionRecord, p: str, now: float) -> float:
    """When ``p``'s running entry stopped counting: the start of their vacation, or of their
    decision when it began later."""
    entry = rec.clock[p]
    spells = [s for s in await store.away_spells(p, now) if s.ended is None]
    began = (entry["due"] or now) - (rec.turn_secs or 0)
    return max(spells[-1].started if spells else now, began)


async def settle(store: Store, rec: SessionRecord, now: float) -> bool:
    """The turn clock's look at vacations before it fires anything: a paused entry whose
    vacation is over (or was ended elsewhere) continues, one still away gets the new end;
    a human whose reminder or deadline is due while on vacation is paused instead (from
    when their vacation began, or their decision, the later). True when ``rec.clock``
    changed (the caller stores it)."""
    due = [
        p
        for p, c in rec.clock.items()
        if _human(rec, p)
        and (
            (paused(c) and c.get("resume", now) <= now)
            or (c["due"] is not None and c["due"] <= now)
            or (not c["reminded"] and c["remind"] is not None and c["remind"] <= now)
        )
    ]
    if not due:
        return False
    prefs = await store.user_prefs(due)
    changed = False
    for p in due:
        entry, pr = rec.clock[p], prefs.get(p)
        until = pr.away_until if pr is not None and pr.away(now) else None
        if until is None:
            changed = resume(entry, now) or changed
            continue
        stopped = now if paused(entry) else await _stopped(store, rec, p, now)
        changed = pause(entry, stopped, until) or changed
    return changed
