"""``crowntable verify``: replay every stored session from seed + move log."""

from __future__ import annotations

from bot.core.errors import HostError
from bot.core.host import SessionHost
from bot.core.store import open_store


async def run_verify(url: str) -> int:
    store = await open_store(url)
    try:
        host = SessionHost(store)
        bad = 0
        ids = await store.session_ids()
        for session_id in ids:
            try:
                ok, detail = await host.replay(session_id)
            except HostError as exc:
                ok, detail = False, str(exc)
            except Exception as exc:  # a corrupt row must not hide the others
                ok, detail = False, f"{type(exc).__name__}: {exc}"
            if not ok:
                bad += 1
                rec = await store.get_session(session_id)
                game = rec.game if rec else "?"
                print(f"session {session_id} ({game}): {detail}")
        print(f"{len(ids)} sessions checked, {bad} differ")
        return 1 if bad else 0
    finally:
        await store.close()
