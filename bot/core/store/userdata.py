"""What the store keeps about one player, read out and forgotten (issue 31 item 4), shared by
both backends' mixins (:mod:`bot.core.store.userdata_sqlite`, :mod:`bot.core.store.userdata_pg`).

Forgetting a player rewrites their id in the tables they played to a stable anonymous one
(:func:`anon_id`: ``anon-`` and an HMAC of the id under a key kept in the database, so the
same player always becomes the same stranger and nobody can tell who from the id alone).
The engine's truth (the snapshot, the clock, every move and its mover) is rewritten by exact
value only (:func:`swap_ids`): the engines treat a player id as an opaque string, so the game
replays to the rewritten snapshot, which :mod:`bot.core.userdata` checks before anything is
written. The adapter's bookkeeping (``meta``) also holds the id inside texts (the board's log
lines mention ``<@id>``): there every occurrence is replaced (:func:`swap_in_texts`).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
from dataclasses import dataclass, field
from typing import Any, Protocol

#: the ``guild_settings`` row that holds the key of :func:`anon_id` (no server has this id:
#: Discord's ids are digits); its ``locale`` column carries the key, in hex
ANON_KEY_ROW = "crowntable:anon-key"
ANON_PREFIX = "anon-"
#: the optional table another migration adds (issue 31's away log); read and cleared when it
#: is there, checked at run time
AWAY_LOG = "away_log"


def new_key() -> str:
    return secrets.token_hex(32)


def anon_id(key: str, user_id: str) -> str:
    """The anonymous id that replaces ``user_id`` (the same for the same key and user)."""
    digest = hmac.new(bytes.fromhex(key), user_id.encode(), hashlib.sha256).hexdigest()
    return ANON_PREFIX + digest[:16]


def swap_ids(value: Any, old: str, new: str) -> Any:
    """``value`` (decoded JSON) with every string equal to ``old``, and every key, made ``new``."""
    if isinstance(value, str):
        return new if value == old else value
    if isinstance(value, list):
        return [swap_ids(v, old, new) for v in value]
    if isinstance(value, dict):
        return {(new if k == old else k): swap_ids(v, old, new) for k, v in value.items()}
    return value


def swap_in_texts(value: Any, old: str, new: str) -> Any:
    """Like :func:`swap_ids`, and inside every text too: a mention ``<@old>`` becomes ``new``
    (a name, not a mention), a bare ``old`` not part of a longer number becomes ``new``."""
    if isinstance(value, str):
        said = re.sub(rf"<@!?{re.escape(old)}>", new, value)
        return re.sub(rf"(?<!\d){re.escape(old)}(?!\d)", new, said)
    if isinstance(value, list):
        return [swap_in_texts(v, old, new) for v in value]
    if isinstance(value, dict):
        return {swap_in_texts(k, old, new): swap_in_texts(v, old, new) for k, v in value.items()}
    return value


def dumps(value: Any) -> str:
    """The stores' JSON spelling (compact, sorted keys)."""
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def swap_json(text: str | None, old: str, new: str, *, in_texts: bool = False) -> str | None:
    """A stored JSON text with :func:`swap_ids` (or :func:`swap_in_texts`) applied; the text
    itself when nothing changes (so an untouched row is not rewritten)."""
    if text is None or old not in text:
        return text
    swap = swap_in_texts if in_texts else swap_ids
    return dumps(swap(json.loads(text), old, new))


@dataclass
class Forgotten:
    """What :meth:`UserDataStore.forget_user` changed, counted by table."""

    anon: str
    sessions: int = 0  # session rows rewritten (snapshot, clock, bookkeeping, host, options)
    #: rows that now carry the anonymous id: seats, moves (as their mover), results
    renamed: dict[str, int] = field(default_factory=dict)
    deleted: dict[str, int] = field(default_factory=dict)


class StillPlaying(Exception):
    """The player is seated at (or hosts) a table still open or running: nothing was done."""

    def __init__(self, session_ids: list[int]) -> None:
        super().__init__(f"still at tables {session_ids}")
        self.session_ids = session_ids


class UserDataStore(Protocol):
    async def user_tables(self, user_id: str) -> list[int]:
        """The lobbies and running tables ``user_id`` holds a seat at themselves (not handed
        to the AI), by id."""
        ...

    async def user_sessions(self, user_id: str) -> dict[int, str]:
        """Every session ``user_id`` was seated at or opened, with its status."""
        ...

    async def user_rows(self, user_id: str) -> dict[str, Any]:
        """Every stored row about ``user_id``, by table (``users`` as a whole row or None)."""
        ...

    async def anon_key(self) -> str:
        """The database's key of :func:`anon_id` (made on first use)."""
        ...

    async def forget_user(self, user_id: str, anon: str) -> Forgotten:
        """In one transaction: refuse (:class:`StillPlaying`) while ``user_id`` sits at or
        hosts an open table; else delete their ratings, settings, teach marks, watching and
        away log, and replace their id by ``anon`` in every other session they played."""
        ...


def session_update(row: dict[str, Any], old: str, new: str) -> tuple[Any, ...] | None:
    """(state, clock, meta, host_id, options) of one ``sessions`` row rewritten, or None if
    nothing in it names the player."""
    state = swap_json(row["state"], old, new)
    clock = swap_json(row["clock"], old, new)
    meta = swap_json(row["meta"], old, new, in_texts=True)
    host = new if row["host_id"] == old else row["host_id"]
    options = swap_json(row["options"], old, new)
    after = (state, clock, meta, host, options)
    if after == (row["state"], row["clock"], row["meta"], row["host_id"], row["options"]):
        return None
    return after
