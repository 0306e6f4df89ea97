"""Per-route rate limits and the global limit, answered like Discord (Topics > Rate Limits).

A bucket is a route template plus its major parameter (``channel_id``, ``guild_id``, or a
webhook's id and token): ``POST /channels/1/messages`` and ``POST /channels/2/messages`` are
separate buckets with the same ``X-RateLimit-Bucket`` hash. Each bucket allows ``limit`` requests
per window of ``per`` seconds starting at its first request; every answer carries
``X-RateLimit-Limit/Remaining/Reset/Reset-After/Bucket``, and a request over the limit gets 429
with ``Retry-After`` (whole seconds), ``retry_after`` in the body, ``X-RateLimit-Scope`` and
``Via`` (discord.py treats a 429 without ``Via`` as a Cloudflare ban).

The global limit is 50 requests per second for the bot; the interaction endpoints (callbacks and
the interaction webhook) are not bound to it (Receiving and Responding > Endpoints). The per-route
numbers are Discord's observed ones (it publishes none and says not to hard-code them): message
sends 5 per 5 s per channel, edits 5 per 5 s per channel, deletes 5 per 1 s per channel,
webhooks 5 per 2 s per webhook ("Interactions webhooks share the same rate limit properties as
normal webhooks"); every other route 50 per second per major parameter.

Time scale: end-to-end drivers click at machine speed, so a whole game's moves (a ping posted, a
board edited, a ping deleted per move) would queue behind Discord's windows for minutes (the
8-seat table: 235 board edits, 230 s of waiting at 5 per 5 s). ``FakeDiscord()`` therefore runs
the per-route windows ``DEFAULT_SCALE`` times as long (5 sends per 0.1 s per channel): the same
buckets, counts, headers and 429s, in compressed time, as the driver compresses the players'
thinking time. ``FakeDiscord(rate_limit_scale=1.0)`` has Discord's real windows (the strict
tests use it). The global limit is never scaled.
"""

from __future__ import annotations

import hashlib
import math
import re
import time
from collections.abc import Callable
from dataclasses import dataclass

GLOBAL_LIMIT = 50  # requests per second
ROUTE_LIMITS: dict[str, tuple[int, float]] = {
    "POST /channels/:major/messages": (5, 5.0),
    "PATCH /channels/:major/messages/:id": (5, 5.0),
    "DELETE /channels/:major/messages/:id": (5, 1.0),
    "POST /webhooks/:major": (5, 2.0),
    "PATCH /webhooks/:major/messages/:id": (5, 2.0),
    "DELETE /webhooks/:major/messages/:id": (5, 2.0),
}
DEFAULT_LIMIT = (50, 1.0)
DEFAULT_SCALE = 0.02  # per-route windows in the fake's default time scale (1.0: Discord's)

_MAJOR = re.compile(r"^/(channels|guilds)/(\d+)|^/(webhooks|interactions)/(\d+)/([^/]+)")


def route_key(method: str, path: str) -> tuple[str, str]:
    """(route template, major parameter): ("POST /channels/:major/messages", "123")."""
    major = ""
    match = _MAJOR.match(path)
    rest = path
    if match:
        if match.group(1):
            major, head = match.group(2), f"/{match.group(1)}/:major"
        else:
            major, head = f"{match.group(4)}/{match.group(5)}", f"/{match.group(3)}/:major"
        rest = head + path[match.end() :]
    rest = re.sub(r"/\d{5,}", "/:id", rest)
    rest = rest.replace("/messages/@original", "/messages/:id")
    return f"{method} {rest}", major


def exempt_from_global(path: str) -> bool:
    return path.startswith(("/interactions/", "/webhooks/"))


@dataclass
class Window:
    limit: int
    per: float
    remaining: int = 0
    reset_at: float = 0.0

    def take(self, now: float) -> float | None:
        """Use one request: None if allowed, else the seconds until the window resets."""
        if now >= self.reset_at:
            self.remaining, self.reset_at = self.limit, now + self.per
        if self.remaining <= 0:
            return self.reset_at - now
        self.remaining -= 1
        return None


@dataclass
class Verdict:
    headers: dict[str, str]
    retry_after: float | None = None  # set: answer 429
    scope: str = "user"  # "user" (a route bucket) or "global"


class RateLimiter:
    """Buckets keyed by (route template, major parameter), on the fake's clock."""

    def __init__(self, clock: Callable[[], float], scale: float = 1.0) -> None:
        self.clock = clock
        self.scale = scale  # per-route windows last `per * scale` seconds
        self.buckets: dict[tuple[str, str], Window] = {}
        self.global_window = Window(GLOBAL_LIMIT, 1.0)

    def check(self, method: str, path: str) -> Verdict:
        now = self.clock()
        template, major = route_key(method, path)
        limit, per = ROUTE_LIMITS.get(template, DEFAULT_LIMIT)
        window = self.buckets.setdefault((template, major), Window(limit, per * self.scale))
        if not exempt_from_global(path):
            wait = self.global_window.take(now)
            if wait is not None:
                return Verdict(self._headers(template, window, now), wait, scope="global")
        wait = window.take(now)
        return Verdict(self._headers(template, window, now), wait)

    def exhausted_until(self) -> float:
        """When the last exhausted bucket resets (0.0 if none is exhausted): until then the bot
        may be sleeping before its next request (discord.py waits when Remaining hits 0)."""
        now = self.clock()
        windows = [*self.buckets.values(), self.global_window]
        return max(
            (w.reset_at for w in windows if w.remaining <= 0 and w.reset_at > now), default=0.0
        )

    @staticmethod
    def _headers(template: str, window: Window, now: float) -> dict[str, str]:
        reset_after = max(0.0, window.reset_at - now)
        return {
            "X-RateLimit-Limit": str(window.limit),
            "X-RateLimit-Remaining": str(max(0, window.remaining)),
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": hashlib.sha1(template.encode()).hexdigest()[:16],
            "Via": "1.1 google",
        }


def too_many_requests(verdict: Verdict) -> tuple[dict, dict[str, str]]:
    """(body, headers) of the 429 for a refused request."""
    assert verdict.retry_after is not None
    retry = round(verdict.retry_after, 3)
    headers = dict(verdict.headers)
    headers["Retry-After"] = str(max(1, math.ceil(verdict.retry_after)))
    headers["X-RateLimit-Scope"] = verdict.scope
    if verdict.scope == "global":
        headers["X-RateLimit-Global"] = "true"
    body = {
        "message": "You are being rate limited.",
        "retry_after": retry,
        "global": verdict.scope == "global",
        "code": 0,
    }
    return body, headers
