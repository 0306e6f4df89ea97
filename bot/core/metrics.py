"""What the bot counts for its operator (issue 28 item 5), in the Prometheus text format.

One registry of its own (not the library's global one, so tests and several hosts in one
process never collide). The core counts moves, move latency, AI thinking time, store errors
and the clock's lag; the adapter counts Discord requests by route and status (429s apart)
and fills the open tables at each scrape. ``bot.adapter.health`` serves ``/metrics`` and
``/healthz`` when ``HTTP_PORT`` is set. Nothing here carries a token, a user or a secret:
labels are game ids, move sources, route templates, status codes and error kinds.
"""

from __future__ import annotations

import re

from prometheus_client import CONTENT_TYPE_LATEST as CONTENT_TYPE
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

__all__ = ["CONTENT_TYPE", "REGISTRY", "exposition", "route_of"]

REGISTRY = CollectorRegistry(auto_describe=True)
FAST = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
SLOW = (0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0)

MOVES = Counter(
    "crowntable_moves",
    "Moves stored, by game and by who chose them",
    ["game", "source"],
    registry=REGISTRY,
)
MOVE_SECONDS = Histogram(
    "crowntable_move_seconds",
    "Time to judge and store a player's move",
    ["game"],
    buckets=FAST,
    registry=REGISTRY,
)
AI_THINK_SECONDS = Histogram(
    "crowntable_ai_think_seconds",
    "Time an AI seat took to choose a move",
    ["game"],
    buckets=SLOW,
    registry=REGISTRY,
)
DISCORD_REQUESTS = Counter(
    "crowntable_discord_requests",
    "Requests to Discord's API by route and answer status",
    ["method", "route", "status"],
    registry=REGISTRY,
)
DISCORD_RATE_LIMITED = Counter(
    "crowntable_discord_rate_limited",
    "429 answers from Discord's API by route",
    ["method", "route"],
    registry=REGISTRY,
)
OPEN_TABLES = Gauge(
    "crowntable_open_tables", "Tables in a lobby or being played", ["status"], registry=REGISTRY
)
CLOCK_LAG_SECONDS = Histogram(
    "crowntable_clock_lag_seconds",
    "How much later than planned a turn-clock tick ran",
    buckets=FAST,
    registry=REGISTRY,
)
STORE_ERRORS = Counter(
    "crowntable_store_errors", "Database failures by kind", ["kind"], registry=REGISTRY
)
THROTTLED = Counter(
    "crowntable_throttled",
    "Interactions refused for coming too fast (issue 31: a user's or a table's token bucket)",
    ["kind"],
    registry=REGISTRY,
)

_ID = re.compile(r"/\d{5,}")
_TOKEN = re.compile(r"/(interactions|webhooks)/(\{id\})/[^/]+")


def route_of(path: str) -> str:
    """A request path as a route template: ids become ``{id}`` and interaction or webhook
    tokens ``{token}`` (``/api/v10/channels/123/messages`` -> ``/channels/{id}/messages``)."""
    path = re.sub(r"^/api/v\d+", "", path.split("?", 1)[0])
    path = _ID.sub("/{id}", path)
    return _TOKEN.sub(r"/\1/\2/{token}", path)


def exposition() -> bytes:
    """Every metric, in the Prometheus text format."""
    return generate_latest(REGISTRY)
