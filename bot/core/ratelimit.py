"""Bounded work per user and per table (issue 31 item 3): token buckets, pure and clock-injected.

A bucket holds at most ``burst`` tokens and gains ``rate`` tokens a second; every interaction
that would do real work (a store read or write, a Discord request beyond its one answer) takes
one token, and an interaction finding its bucket empty is refused before any of that work.
:class:`Limiter` keeps one bucket per user and one per table; an interaction must find a token
in both (it takes from neither when one of them is empty, so a refused click never drains the
table's bucket for the others).

Memory is bounded: a bucket that would be full again is the same as no bucket, so it is dropped
(:meth:`Limiter.sweep`, run every ``sweep_every`` seconds from :meth:`Limiter.admit`); at most
``max_keys`` buckets are kept (past that the longest idle ones go first, which only ever
forgives: a forgotten bucket starts full).

Nothing here knows Discord, the store or the wall clock: ``clock`` is any monotonic seconds
function (``time.monotonic`` in the bot, a list of numbers in the tests).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Rate:
    """``burst`` actions at once, then ``per_second`` actions a second."""

    burst: float
    per_second: float

    def __post_init__(self) -> None:
        if self.burst < 1 or self.per_second <= 0:
            raise ValueError(f"a rate needs burst >= 1 and per_second > 0, not {self}")

    @property
    def refill_s(self) -> float:
        """Seconds an empty bucket takes to be full again."""
        return self.burst / self.per_second


#: a person clicking as fast as they can manages about 3 deliberate clicks a second for a
#: moment, and a turn rarely takes more than 4 interactions (open the prompt, page, choose,
#: confirm): 8 at once and 2 a second is never felt by a player, while a script or a held key
#: gets 2 units of work a second
USER_RATE = Rate(burst=8, per_second=2)
#: a table of up to 8 seats (Empire Engine) whose players all pick at once at the start of a
#: round, each a few clicks: 24 at once and 6 a second covers a whole table acting together
#: and bounds what several accounts hammering one table can cost
TABLE_RATE = Rate(burst=24, per_second=6)


@dataclass
class Bucket:
    tokens: float
    stamp: float

    def level(self, rate: Rate, now: float) -> float:
        """The tokens at ``now`` (refilled since ``stamp``, capped at the burst)."""
        return min(rate.burst, self.tokens + max(0.0, now - self.stamp) * rate.per_second)


@dataclass
class Buckets:
    """One kind of bucket (users, or tables) under one rate."""

    rate: Rate
    max_keys: int
    held: dict[str, Bucket] = field(default_factory=dict)

    def level(self, key: str, now: float) -> float:
        bucket = self.held.get(key)
        return self.rate.burst if bucket is None else bucket.level(self.rate, now)

    def take(self, key: str, now: float) -> None:
        tokens = self.level(key, now) - 1.0
        self.held.pop(key, None)  # re-inserted last: the dict's order is least recently used
        self.held[key] = Bucket(tokens, now)
        while len(self.held) > self.max_keys:
            del self.held[next(iter(self.held))]

    def sweep(self, now: float) -> None:
        """Forget every bucket that is full again (it would behave as a new one)."""
        full = [k for k, b in self.held.items() if b.level(self.rate, now) >= self.rate.burst]
        for key in full:
            del self.held[key]


class Limiter:
    """Token buckets per user and per table. ``admit(user, table)`` says whether an
    interaction may do its work now, and takes its token from both buckets when it may."""

    def __init__(
        self,
        user_rate: Rate = USER_RATE,
        table_rate: Rate = TABLE_RATE,
        *,
        clock: Callable[[], float] = time.monotonic,
        max_keys: int = 50_000,
        sweep_every: float = 60.0,
    ) -> None:
        self.users = Buckets(user_rate, max_keys)
        self.tables = Buckets(table_rate, max_keys)
        self.clock = clock
        self.sweep_every = sweep_every
        self._swept = clock()
        #: refusals so far (the metrics and the bench read it)
        self.refused = 0

    def admit(self, user: str, table: str | None = None) -> bool:
        """True (and one token taken from each bucket) when ``user`` (and ``table``, when the
        interaction is about one) have a token left; False, taking nothing, otherwise."""
        now = self.clock()
        if now - self._swept >= self.sweep_every:
            self.sweep(now)
        if self.users.level(user, now) < 1.0 or (
            table is not None and self.tables.level(table, now) < 1.0
        ):
            self.refused += 1
            return False
        self.users.take(user, now)
        if table is not None:
            self.tables.take(table, now)
        return True

    def sweep(self, now: float | None = None) -> None:
        """Drop the buckets that are full again (bounded memory)."""
        at = self.clock() if now is None else now
        self.users.sweep(at)
        self.tables.sweep(at)
        self._swept = at

    def __len__(self) -> int:
        """Buckets held (users and tables)."""
        return len(self.users.held) + len(self.tables.held)
