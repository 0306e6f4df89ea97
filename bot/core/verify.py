"""``crowntable verify``: replay every stored session from seed + move log.

Each session is checked on its own: a damaged row is reported as one line and the others are
still checked. A running or finished session without a snapshot is a difference too (the
snapshot is what the bot plays on)."""

from __future__ import annotations

import sys

from bot.core.errors import HostError
from bot.core.host import SessionHost
from bot.core.store import CorruptSession, SessionRecord, StoreError, open_store

#: statuses whose session must carry an engine snapshot
PLAYED = ("running", "finished", "abandoned")


async def check_session(host: SessionHost, session_id: int) -> tuple[str, str] | None:
    """(game, what is wrong) for a session that does not verify, None for one that does."""
    game = "?"
    try:
        rec: SessionRecord = await host.get(session_id)
        game = rec.game
        if rec.status in PLAYED and rec.state is None:
            return game, f"{rec.status}, but the snapshot is missing (NULL)"
        ok, detail = await host.replay(session_id)
    except CorruptSession as exc:
        return game, f"damaged row: {exc}"
    except HostError as exc:
        ok, detail = False, f"{exc.code}: {exc}"
    except Exception as exc:  # one bad session must not hide the others
        ok, detail = False, f"{type(exc).__name__}: {exc}"
    return None if ok else (game, detail)


async def run_verify(url: str) -> int:
    """0: every session replays to its snapshot; 1: some do not (one line each); 2: the
    database cannot be opened (one line)."""
    try:
        store = await open_store(url, read_only=True)
    except StoreError as exc:
        print(f"crowntable: {exc}", file=sys.stderr)
        return 2
    try:
        host = SessionHost(store)
        bad = 0
        ids = await store.session_ids()
        for session_id in ids:
            problem = await check_session(host, session_id)
            if problem is not None:
                bad += 1
                print(f"session {session_id} ({problem[0]}): {problem[1]}")
        print(f"{len(ids)} sessions checked, {bad} differ")
        return 1 if bad else 0
    finally:
        await store.close()
