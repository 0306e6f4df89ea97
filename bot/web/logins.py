"""One-time login links: each nonce is good once. A used nonce is remembered in memory and
in the table's bookkeeping (``meta["web_logins"]``: nonce -> expiry, expired ones dropped),
recorded under the table's lock before the session token is given out, so two tabs racing
with one link and a restart in between both find it used."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.web.bridge import Bridge
from bot.web.tokens import Login, TokenError

META_KEY = "web_logins"


class Nonces:
    def __init__(self, bridge: Bridge, now: Callable[[], float]) -> None:
        self.bridge = bridge
        self.now = now
        self.used: set[str] = set()

    async def spend(self, login: Login) -> None:
        """Record ``login``'s nonce as used; ``TokenError("used")`` if it already was."""
        if login.nonce in self.used:
            raise TokenError("used")
        taken = False
        now = self.now()

        def record(meta: dict[str, Any]) -> None:
            nonlocal taken
            seen: dict[str, float] = {
                n: e for n, e in dict(meta.get(META_KEY) or {}).items() if e >= now
            }
            if login.nonce in seen:
                taken = True
                return
            seen[login.nonce] = login.expiry
            meta[META_KEY] = seen

        await self.bridge.host.update_meta(login.table, record)
        self.used.add(login.nonce)
        if taken:
            raise TokenError("used")
