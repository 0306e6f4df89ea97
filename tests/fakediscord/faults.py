"""Faults on demand: make the next N matching REST requests fail or stall.

A route is written ``"METHOD /path"`` relative to /api/v10, with ``*`` for one path segment
and ``**`` for any rest, e.g. ``"POST /channels/*/messages"`` or ``"* /webhooks/**"``.
"""

from __future__ import annotations

import math
import re
import time
from dataclasses import dataclass

from aiohttp import web


def compile_route(route: str) -> re.Pattern[str]:
    method, _, path = route.strip().partition(" ")
    if not path:
        method, path = "*", method
    method_re = "[A-Z]+" if method == "*" else re.escape(method.upper())
    parts = []
    for seg in path.strip("/").split("/"):
        if seg == "**":
            parts.append(".*")
        elif seg == "*":
            parts.append("[^/]+")
        else:
            parts.append(re.escape(seg))
    return re.compile(f"^{method_re} /{'/'.join(parts)}$")


@dataclass(eq=False)
class Fault:
    route: str
    kind: str  # "429" | "5xx" | "slow" | "status"
    times: int | None  # None = forever
    status: int = 0
    retry_after: float = 0.0
    is_global: bool = False
    delay: float = 0.0
    body: dict | None = None
    hits: int = 0

    def __post_init__(self) -> None:
        self.pattern = compile_route(self.route)

    def matches(self, method: str, path: str) -> bool:
        if self.times is not None and self.hits >= self.times:
            return False
        return bool(self.pattern.match(f"{method} {path}"))

    @property
    def exhausted(self) -> bool:
        return self.times is not None and self.hits >= self.times


def ratelimit_headers(
    bucket: str, *, remaining: int = 49, reset_after: float = 1.0
) -> dict[str, str]:
    """The headers discord.py reads to track buckets (X-Ratelimit-*). `Via` must be present on
    a 429 or discord.py assumes a Cloudflare ban and raises instead of retrying."""
    return {
        "X-RateLimit-Limit": "50",
        "X-RateLimit-Remaining": str(remaining),
        "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
        "X-RateLimit-Reset-After": f"{reset_after:.3f}",
        "X-RateLimit-Bucket": bucket,
        "Via": "1.1 google",
    }


def rate_limited_response(fault: Fault, bucket: str) -> web.Response:
    headers = ratelimit_headers(bucket, remaining=0, reset_after=fault.retry_after)
    headers["Retry-After"] = str(max(1, math.ceil(fault.retry_after)))
    headers["X-RateLimit-Scope"] = "global" if fault.is_global else "user"
    if fault.is_global:
        headers["X-RateLimit-Global"] = "true"
    body = {
        "message": "You are being rate limited.",
        "retry_after": fault.retry_after,
        "global": fault.is_global,
        "code": 0,
    }
    return web.json_response(body, status=429, headers=headers)
