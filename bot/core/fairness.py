"""Provably fair tables (issue 31 item 2): a commitment to the seed, shown at Start, revealed
at the end (decision record 0022).

At Start the host draws the game's seed (``seed_source``) and a random salt (16 bytes,
:func:`secrets.token_hex`); the table's commitment is

    sha256(f"crowntable-v1:{game}:{seed}:{salt}".encode("ascii")).hexdigest()

(``game`` the game id, ``seed`` the decimal seed, ``salt`` 32 lower-case hex characters). The
board shows its first :data:`SHORT` hex characters from the first move on; the final message
and the export of the finished game reveal the seed and the salt, so anyone can recompute it
(``crowntable verify --export FILE`` does, and replays the moves to the final scores). The
salt makes the commitment say nothing about a seed of only 31 bits (without it, hashing every
seed would find it).

The salt lives in the session's bookkeeping (``meta[KEY]``), written by :func:`seal` before
the start is stored, so it survives restarts and both backends without a store migration. A
session started before this change has no salt: it shows no commitment, its export says so
and verify reports "no commitment" (not an error). Undo keeps seed and salt (the seed is the
session's; a take-back only appends to the move log); a rematch is a new session, so a new
seed and a new salt. Nothing reveals seed or salt while the game is not finished.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass
from typing import Any

from bot.core.sessions import Sessions
from bot.core.store.base import SessionRecord

SCHEME = "crowntable-v1"
#: the session bookkeeping's entry the host keeps for this (``{"scheme", "salt"}``)
KEY = "fair"
SHORT = 16  # hex characters of the commitment on the board (64 bits)
SALT_BYTES = 16
_SALT = re.compile(r"[0-9a-f]{32}")
#: the one-liner a player runs to check the revealed values (docs, final message, export)
RECIPE = 'sha256("crowntable-v1:{game}:{seed}:{salt}")'


def preimage(game: str, seed: int, salt: str) -> str:
    """The text that is hashed: ``crowntable-v1:majesty:123456:0f1e...``."""
    return f"{SCHEME}:{game}:{int(seed)}:{salt}"


def commitment(game: str, seed: int, salt: str) -> str:
    """The full commitment, 64 lower-case hex characters."""
    return hashlib.sha256(preimage(game, seed, salt).encode("ascii")).hexdigest()


def short(full: str) -> str:
    return full[:SHORT]


def valid_salt(salt: object) -> bool:
    return isinstance(salt, str) and _SALT.fullmatch(salt) is not None


def salt_of(rec: SessionRecord) -> str | None:
    """The table's salt (None: started before provably fair tables, or not started)."""
    return salt_in(rec.meta)


@dataclass(frozen=True)
class Proof:
    """What a table can show of its commitment: ``seed`` and ``salt`` only once finished."""

    game: str
    commitment: str
    seed: int | None = None
    salt: str | None = None

    @property
    def short(self) -> str:
        return short(self.commitment)

    @property
    def revealed(self) -> bool:
        return self.salt is not None


def proof(rec: SessionRecord) -> Proof | None:
    """The commitment of a started table (revealed when finished); None without one."""
    salt = salt_of(rec)
    if salt is None or rec.status in ("lobby", "cancelled") or rec.state is None:
        return None
    full = commitment(rec.game, rec.seed, salt)
    if rec.status != "finished":
        return Proof(rec.game, full)
    return Proof(rec.game, full, int(rec.seed), salt)


def export_fields(rec: SessionRecord) -> dict[str, Any]:
    """The export's ``fairness`` object (of a finished table: seed and salt revealed)."""
    found = proof(rec)
    if found is None or not found.revealed:
        return {
            "scheme": None,
            "commitment": None,
            "note": "no commitment: this table started before provably fair tables",
        }
    return {
        "scheme": SCHEME,
        "commitment": found.commitment,
        "short": found.short,
        "salt": found.salt,
        "preimage": preimage(rec.game, rec.seed, str(found.salt)),
        "recipe": RECIPE,
    }


async def seal(sessions: Sessions, rec: SessionRecord) -> str:
    """Give lobby ``rec`` its salt before its start is stored (call under the session's lock,
    once the setup worked); the salt. Read and written under the store's lock of the session,
    like every change of the bookkeeping, so a publication of another process loses nothing;
    a salt already there (a start that was not stored) is kept, so two racing starts agree."""
    async with sessions.store.session_lock(rec.id):
        head = await sessions.store.session_head(rec.id)
        meta: dict[str, Any] = dict(head[1]) if head is not None else dict(rec.meta)
        shown = head[2] if head is not None else rec.shown_version
        current = salt_in(meta)
        if current is None:
            current = secrets.token_hex(SALT_BYTES)
            meta[KEY] = {"scheme": SCHEME, "salt": current}
            await sessions.store.set_meta(rec.id, meta, shown)
        rec.meta, rec.shown_version = meta, shown
        return current


def salt_in(meta: dict[str, Any]) -> str | None:
    """The salt kept in a bookkeeping object (None when there is none, or it is damaged)."""
    entry = meta.get(KEY)
    if not isinstance(entry, dict) or entry.get("scheme") != SCHEME:
        return None
    salt = entry.get("salt")
    return salt if valid_salt(salt) else None
