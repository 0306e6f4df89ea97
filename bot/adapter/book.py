"""The adapter's bookkeeping of a table: one typed record per table, one per player.

What Discord needs remembered between two changes of a table (the board message, the recent
log lines, who was prompted for which decision, each player's standing DM...) is the
adapter's own data. The core stores it as an opaque JSON object (``SessionRecord.meta``,
written only inside ``SessionHost.publication``, under the session's lock) and never reads
it, apart from the entries the host keeps itself (``rematch``; ``fair``, the salt of the
table's commitment, :mod:`bot.core.fairness`; both read-only here).

:class:`TableBook` is that object; its ``players`` hold a :class:`PlayerBook` per player id.
:func:`book` reads a stored object as a :class:`TableBook` in place: rows written before the
per-player records (one map per key: ``{"prompted": {"11": 3}, ...}``) are regrouped by
player, and the dead keys (``ping``, ``pinged``; ``published_version``, now the record's
``shown_version`` column) are dropped. Reading twice changes nothing.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable
from typing import Any, NotRequired, TypedDict, cast

from bot.core.host import SessionHost
from bot.core.store import SessionRecord


class BoardRef(TypedDict):
    """The board message of a table: its id and when it was posted (edited while young);
    ``v2``: posted as a components-v2 message, ``shown``: its words (``board._kept``)."""

    id: int
    at: float
    v2: NotRequired[bool]
    shown: NotRequired[dict[str, Any]]


class PlayerBook(TypedDict, total=False):
    """What the adapter remembers about one player of a table (issue 11, quiet by turn)."""

    #: the ``since`` of the decision they were prompted for privately (DM or ephemeral)
    prompted: int | None
    #: the ``since`` of the decision they were told about (a DM, or a line in the channel)
    notified: int | None
    hand_sig: str | None  # signature of the hand text last shown to them by DM
    dm: list[int]  # [DM channel id, message id] of their one standing DM (edited in place)
    acted: float  # when they last acted (host clock)
    dm_acted: float  # when they last acted in their DM (so they are looking at it)
    seen: int  # how many log lines there were when they last acted
    #: a prompt placed without a notification: [``since``, placed at]; nudged once it waits
    #: ACTIVE_WINDOW, also after a restart
    silent: list[float | int | None]
    dm_closed: bool  # a DM to them failed this game: the board offers Open my prompt
    dm_notice: bool  # they were told how to allow DMs (once per game)


class TableBook(TypedDict, total=False):
    """What the adapter remembers about one table."""

    lobby: int  # the lobby message id
    board: BoardRef
    log: list[str]  # recent public log lines, newest last
    log_count: int  # log lines ever recorded
    last_change_lines: int  # how many log lines the last change brought
    board_open: bool  # whether the board offered Open my prompt when last drawn
    board_actors: list[str]  # the human actors when the board was last drawn
    pings: list[int]  # the latest "your turn" channel messages (deleted at the end)
    #: spectators: user id -> [DM channel id, message id] of the one board DM edited in place
    watching: dict[str, list[int]]
    final_posted: bool
    #: at a game's end: player -> [before, after] displayed skill (the host's Outcome.ratings)
    ratings: dict[str, list[float]]
    rematch: int  # the host's: the table opened by this finished game's Rematch (read only)
    #: the host's: ``{"scheme", "salt"}`` of the table's commitment, written at Start (read only)
    fair: dict[str, str]
    #: earlier board messages whose buttons could not be removed when the board was reposted
    old_boards: list[Any]  # a message id (an embed board) or {"id", "shown"} (components v2)
    players: dict[str, PlayerBook]
    #: opened with ``teach:true`` (issue 24): each step explained to each player once
    teach: bool
    #: invitations (issue 27 item 2): user id -> [DM channel id, message id] of the one DM
    #: sent ([] when their DMs were closed: they were mentioned in the channel instead)
    invited: dict[str, list[int]]
    invites_expired: bool  # the table left the lobby: the invitations' DMs say so


#: keys of rows written before the per-player records: key -> map of player id -> value
_BY_PLAYER = ("prompted", "notified", "hand_sig", "dm", "acted", "dm_acted", "seen", "silent")
#: lists of player ids in old rows: key -> the player record's flag
_PLAYER_LISTS = ("dm_closed", "dm_notice")
DEAD = ("ping", "pinged", "published_version")


def book(raw: dict[str, Any]) -> TableBook:
    """``raw`` (a session's stored bookkeeping) as a :class:`TableBook`, upgraded in place."""
    for key in DEAD:
        raw.pop(key, None)
    players = raw.get("players")
    if not isinstance(players, dict):
        players = raw["players"] = {}
    for key in _BY_PLAYER:
        old = raw.pop(key, None)
        if isinstance(old, dict):
            for p, value in old.items():
                players.setdefault(str(p), {})[key] = value
    for key in _PLAYER_LISTS:
        old = raw.pop(key, None)
        if isinstance(old, list):
            for p in old:
                players.setdefault(str(p), {})[key] = True
    return cast(TableBook, raw)


def of(rec: SessionRecord) -> TableBook:
    """The bookkeeping of ``rec`` to read (the record's own copy, upgraded in place)."""
    return book(rec.meta)


def player(meta: TableBook, p: str) -> PlayerBook:
    """``p``'s record, made when missing (to write in)."""
    return meta.setdefault("players", {}).setdefault(p, {})


def peek(meta: TableBook, p: str) -> PlayerBook:
    """``p``'s record to read (an empty one, not kept, when there is none)."""
    return meta.get("players", {}).get(p) or {}


def who(meta: TableBook, flag: str) -> list[str]:
    """The players whose record has ``flag`` (``dm_closed``, ``dm_notice``) set."""
    return [p for p, rec in meta.get("players", {}).items() if rec.get(flag)]


@contextlib.asynccontextmanager
async def publication(
    host: SessionHost, session_id: int
) -> AsyncIterator[tuple[SessionRecord, TableBook]]:
    """``host.publication`` with the bookkeeping read as a :class:`TableBook`."""
    async with host.publication(session_id) as (rec, raw):
        yield rec, book(raw)


async def update(
    host: SessionHost, session_id: int, change: Callable[[TableBook], None]
) -> SessionRecord:
    """``host.update_meta`` with the bookkeeping read as a :class:`TableBook`."""
    return await host.update_meta(session_id, lambda raw: change(book(raw)))
