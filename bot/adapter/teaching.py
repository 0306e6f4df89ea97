"""Teach mode (issue 24 item 5): the first time a player meets a step of a game, their prompt
opens with the presenter's ``teach_text`` of that step; after that, the plain prompt.

Teach mode is on for a player when they turned it on themselves (``/teach on``), or when the
table was opened with ``teach:true`` (its bookkeeping's ``teach``) and they did not turn it
off. A step counts as taught once the player has decided it with the explanation shown (so a
prompt drawn again before they act keeps it). Both are remembered per user across games and
restarts (the store's ``users.teach`` and ``teach_seen``).

Prompts are built synchronously, so :class:`Teaching` keeps what it read in memory: the
publication warms it for a table's players before any prompt is drawn (one read per player
and game, then nothing); over a shared database (several processes) an entry is read again
after :data:`SHARED_TTL` seconds, so a choice made through another process arrives.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from bot.adapter import book
from bot.core.host import SessionHost
from bot.core.store import SessionRecord
from bot.text import presenters
from games.base import envelope

log = logging.getLogger(__name__)
SHARED_TTL = 60.0


def step_of(view: dict[str, Any]) -> str | None:
    """The envelope's step id of ``view`` (None for a game without an envelope)."""
    env = envelope(view)
    return env["step"]["id"] if env is not None else None


class Teaching:
    def __init__(self, host: SessionHost) -> None:
        self.host = host
        self._choice: dict[str, bool | None] = {}  # user -> their own choice (None: none)
        self._seen: dict[tuple[str, str], set[str]] = {}  # (user, game) -> steps taught
        self._read_at: dict[tuple[str, str], float] = {}

    def _fresh(self, key: tuple[str, str]) -> bool:
        at = self._read_at.get(key)
        if at is None:
            return False
        return not self.host.store.shared or time.monotonic() - at < SHARED_TTL

    async def warm(self, rec: SessionRecord) -> None:
        """Read the teach state of ``rec``'s human players that is not known yet."""
        users = [s.player_id for s in rec.seats if not s.is_ai and s.player_id.isdigit()]
        missing = [u for u in users if not self._fresh((u, rec.game))]
        if not missing:
            return
        try:
            chosen = await self.host.store.user_teach(missing)
            seen = await self.host.store.seen_steps(missing, rec.game)
        except Exception as exc:  # teaching is a courtesy: a prompt is never refused for it
            log.warning("teach state of table %s not read: %s", rec.id, exc)
            return
        now = time.monotonic()
        for user in missing:
            self._choice[user] = chosen.get(user)
            self._seen[(user, rec.game)] = seen.get(user, set())
            self._read_at[(user, rec.game)] = now

    def on_for(self, rec: SessionRecord, user: str) -> bool:
        """Whether ``user`` is taught at ``rec``: their own choice, else the table's flag."""
        choice = self._choice.get(user)
        if choice is not None:
            return choice
        return bool(book.of(rec).get("teach"))

    def intro(self, rec: SessionRecord, user: str, view: dict[str, Any]) -> str | None:
        """The explanation ``user``'s prompt opens with now, or None (a step already taught,
        teach mode off, a state not read yet, a step the presenter does not explain)."""
        step = step_of(view)
        key = (user, rec.game)
        if step is None or key not in self._seen or not self.on_for(rec, user):
            return None
        if step in self._seen[key]:
            return None
        return presenters.get(rec.game).teach_text(step)

    async def taught(self, rec: SessionRecord, user: str, views: list[dict[str, Any]]) -> None:
        """``user`` decided the steps of ``views`` (the view each decision was made in): those
        explained to them count as taught from now on."""
        key = (user, rec.game)
        new = [
            step
            for v in views
            if (step := step_of(v)) is not None and self.intro(rec, user, v) is not None
        ]
        if not new:
            return
        self._seen.setdefault(key, set()).update(new)
        try:
            await self.host.store.mark_seen(user, rec.game, new)
        except Exception as exc:
            log.warning("taught steps of %s not stored: %s", user, exc)

    async def choose(self, user: str, on: bool) -> None:
        """``/teach on|off``: ``user``'s own choice, for every table from now on."""
        await self.host.store.set_user_teach(user, on)
        self._choice[user] = on
