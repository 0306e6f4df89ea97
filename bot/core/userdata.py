"""A player's own tables and data (issue 27 item 3, issue 31 item 4), the core's side.

* :func:`my_tables`: every open table a player holds a seat at, with whose turn it is, since
  when and until when: their turns first, the longest waiting first.
* :func:`export_user`: everything stored about a player, as one JSON-ready object.
* :func:`forget_user`: their ratings and settings deleted, their id in the games they played
  replaced by a stable anonymous one (:func:`bot.core.store.userdata.anon_id`). Refused while
  they sit at an open table. Before anything is written, each rewritten game is replayed from
  its seed and rewritten move log to its rewritten snapshot (what ``crowntable verify`` does
  later): a game that would not replay stops the whole request, nothing changed.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.core import replay
from bot.core.errors import HostError
from bot.core.host import SessionHost
from bot.core.snapshot import check_replay
from bot.core.store import CorruptSession, MoveRecord, SessionRecord
from bot.core.store.userdata import Forgotten, StillPlaying, anon_id, swap_ids
from games.base import Game

FORMAT = "crowntable-player-data"
VERSION = 1


@dataclass
class MyTable:
    """One of a player's open tables as ``/game mine`` lists it."""

    rec: SessionRecord
    my_turn: bool
    waiting: list[str]  # the player ids the table waits for (none in a lobby)
    since: float  # when the current decision began (a lobby: when it opened)
    due: float | None  # the deadline of the decision shown (None: no turn clock)


def _began(rec: SessionRecord, player: str) -> float:
    """When ``player``'s current decision began: its deadline less the clock when the turn
    clock times it, else the table's last change (the move that made it their turn)."""
    entry = rec.clock.get(player)
    if entry is not None and rec.turn_secs and entry["due"] is not None:
        seat = rec.seat_of(player)
        if seat is not None and not seat.is_ai:
            return float(entry["due"]) - rec.turn_secs
    return rec.updated_at


def table_of(rec: SessionRecord, user_id: str) -> MyTable:
    """How ``rec`` looks to ``user_id`` in the list."""
    if rec.status != "running":
        return MyTable(rec, False, [], rec.created_at, None)
    waiting = [p for p in rec.clock if rec.seat_of(p) is not None]
    shown = user_id if user_id in rec.clock else (waiting[0] if waiting else None)
    if shown is None:
        return MyTable(rec, False, [], rec.updated_at, None)
    entry = rec.clock[shown]
    due = entry["due"] if rec.turn_secs else None
    return MyTable(rec, shown == user_id, waiting, _began(rec, shown), due)


def order(tables: list[MyTable]) -> list[MyTable]:
    """Their turns first, then the other running tables, then the lobbies; the longest
    waiting first within each."""
    return sorted(
        tables, key=lambda m: (not m.my_turn, m.rec.status != "running", m.since, m.rec.id)
    )


async def my_tables(
    host: SessionHost, user_id: str, shares: Callable[[str | None], bool] = lambda _: True
) -> list[MyTable]:
    """``user_id``'s open tables in the servers ``shares`` says the bot shares with them
    (a damaged row is left out: its channel's players are told when they use it)."""
    tables = []
    for session_id in await host.sessions.store.user_tables(user_id):
        try:
            rec = await host.current(session_id)
        except (CorruptSession, HostError):
            continue
        if rec.status in ("lobby", "running") and shares(rec.guild_id):
            tables.append(table_of(rec, user_id))
    return order(tables)


async def export_user(host: SessionHost, user_id: str) -> dict[str, Any]:
    """Every stored row about ``user_id``: their settings (the ``users`` row as a whole), the
    steps they were taught, the tables they watch, their seats, the tables they opened, their
    own moves, results and ratings (and their away log where the store has one)."""
    rows = await host.sessions.store.user_rows(user_id)
    return {"format": FORMAT, "version": VERSION, "user": user_id, "at": host.now(), **rows}


def renamed(rec: SessionRecord, moves: list[MoveRecord], old: str, new: str) -> SessionRecord:
    """``rec`` as forgetting ``old`` leaves it (``moves`` rewritten in place)."""
    for m in moves:
        m.player_id = new if m.player_id == old else m.player_id
        m.move = swap_ids(m.move, old, new)
    seats = [
        dataclasses.replace(s, player_id=new, name=new) if s.player_id == old else s
        for s in rec.seats
    ]
    return dataclasses.replace(
        rec,
        seats=seats,
        state=swap_ids(rec.state, old, new),
        options=swap_ids(rec.options, old, new),
        host_id=new if rec.host_id == old else rec.host_id,
    )


async def check_forgettable(host: SessionHost, user_id: str, anon: str) -> list[int]:
    """The sessions forgetting ``user_id`` rewrites, each replayed as rewritten first:
    ``still_playing`` while they sit at or host an open table, ``forget_unsafe`` for a game
    that would not replay to its snapshot (a damaged or unknown game is left as the store
    has it: ``verify`` reports it already)."""
    sessions = await host.sessions.store.user_sessions(user_id)
    still = sorted(sid for sid, status in sessions.items() if status in ("lobby", "running"))
    if still:
        raise HostError("still_playing", ids=", ".join(f"#{sid}" for sid in still))
    for session_id in sessions:
        try:
            rec = await host.get(session_id)
            game = host.game(rec.game)
        except (CorruptSession, HostError):
            continue
        moves = await host.moves(session_id)
        # replays are the engine's work: in a thread, so the bot answers others meanwhile
        if not await asyncio.to_thread(still_replays, game, rec, moves, user_id, anon):
            raise HostError("forget_unsafe", id=session_id)
    return list(sessions)


def still_replays(
    game: Game, rec: SessionRecord, moves: list[MoveRecord], old: str, new: str
) -> bool:
    """Whether ``rec``, if it replays now, still does with ``old`` renamed ``new`` (one that
    already does not is ``verify``'s finding, not forgetting's)."""
    kept = [dataclasses.replace(m) for m in moves]  # renamed() rewrites the moves in place
    if check_replay(game, renamed(rec, moves, old, new), moves)[0]:
        return True
    return not check_replay(game, rec, kept)[0]


async def forget_user(host: SessionHost, user_id: str) -> Forgotten:
    """Forget ``user_id`` (see the module doc); :class:`HostError` ``still_playing`` or
    ``forget_unsafe`` with nothing changed."""
    store = host.sessions.store
    anon = anon_id(await store.anon_key(), user_id)
    touched = await check_forgettable(host, user_id, anon)
    try:
        done = await store.forget_user(user_id, anon)
    except StillPlaying as exc:  # they sat down somewhere meanwhile
        ids = ", ".join(f"#{sid}" for sid in exc.session_ids)
        raise HostError("still_playing", ids=ids) from None
    for session_id in touched:
        host.sessions.forget(session_id)
        replay.CACHE.forget(session_id)
    return done
