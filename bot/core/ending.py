"""``/game end`` (issue 31 item 5): a server's manager ends any table of that server.

Who may is the adapter's question (the interaction's resolved permissions); here only the
table itself is checked, under its lock: it belongs to the manager's server (another server's
table is answered as unknown, the same answer as a table that does not exist) and it is still
open (a lobby is cancelled, a running game abandoned: neither counts in the standings).
"""

from __future__ import annotations

from bot.core.errors import HostError
from bot.core.sessions import Sessions
from bot.core.store.base import SessionRecord, Status

#: what an open table becomes when a manager ends it
ENDED_AS: dict[str, Status] = {"lobby": "cancelled", "running": "abandoned"}


async def end_table(sessions: Sessions, session_id: int, guild_id: str) -> SessionRecord:
    """End table ``session_id`` of server ``guild_id``; the record as stored after."""
    async with sessions.lock(session_id):
        rec = await sessions.get(session_id)
        if rec.guild_id != guild_id:
            raise HostError("unknown_table", table=f"#{session_id}")
        if rec.status not in ENDED_AS:
            raise HostError("end_not_open", id=rec.id)
        before = rec.version
        rec.status = ENDED_AS[rec.status]
        rec.clock = {}
        return await sessions.save(rec, before)
