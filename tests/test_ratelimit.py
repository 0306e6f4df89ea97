"""The token buckets of bot.core.ratelimit alone, on a clock the tests move by hand."""

from __future__ import annotations

import pytest

from bot.core.ratelimit import TABLE_RATE, USER_RATE, Limiter, Rate


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def limiter(**kwargs: object) -> tuple[Limiter, Clock]:
    clock = Clock()
    return Limiter(Rate(3, 1.0), Rate(5, 2.0), clock=clock, **kwargs), clock  # type: ignore[arg-type]


def test_a_burst_then_the_refill_rate() -> None:
    lim, clock = limiter()
    assert [lim.admit("u") for _ in range(4)] == [True, True, True, False]
    assert lim.refused == 1
    clock.now += 0.5  # half a token: still nothing
    assert not lim.admit("u")
    clock.now += 0.5
    assert lim.admit("u") and not lim.admit("u")
    clock.now += 100  # never more than the burst, however long the pause
    assert [lim.admit("u") for _ in range(4)] == [True, True, True, False]


def test_users_do_not_share_a_bucket() -> None:
    lim, _ = limiter()
    for _ in range(3):
        assert lim.admit("spammer")
    assert not lim.admit("spammer")
    assert lim.admit("other")


def test_the_table_bucket_bounds_many_users_and_a_refusal_takes_nothing() -> None:
    lim, clock = limiter()
    assert [lim.admit(f"u{i}", "t1") for i in range(6)] == [True] * 5 + [False]
    assert lim.admit("u9", "t2")  # another table is not touched
    assert lim.admit("u9")  # nor a user's interaction about no table
    # u0 refused for the table: their own bucket kept its tokens
    clock.now += 0.5  # one table token back
    assert lim.admit("u0", "t1")
    assert lim.users.level("u0", clock.now) == pytest.approx(3 - 2 + 0.5)
    # a user with an empty bucket takes nothing from the table
    for _ in range(3):
        lim.admit("hog", "t3")
    before = lim.tables.level("t3", clock.now)
    assert not lim.admit("hog", "t3")
    assert lim.tables.level("t3", clock.now) == before


def test_memory_is_bounded_full_buckets_are_dropped() -> None:
    lim, clock = limiter(sweep_every=10.0)
    for i in range(100):
        lim.admit(f"u{i}", f"t{i}")
    assert len(lim) == 200
    clock.now += 3.0  # the user buckets (3 tokens at 1/s) are full again, the tables earlier
    lim.sweep()
    assert len(lim) == 0
    lim.admit("x")
    clock.now += 11.0  # admit sweeps by itself every sweep_every seconds
    lim.admit("y")
    assert set(lim.users.held) == {"y"}


def test_at_most_max_keys_the_longest_idle_go_first() -> None:
    lim, clock = limiter(max_keys=3)
    for user in ("a", "b", "c"):
        lim.admit(user)
        clock.now += 0.01
    lim.admit("a")  # a is the most recent now
    lim.admit("d")
    assert list(lim.users.held) == ["c", "a", "d"]


def test_rates_chosen_for_people() -> None:
    # a fast human: 3 clicks a second for 4 seconds is never refused
    lim = Limiter(clock=(clock := Clock()))
    for _ in range(12):
        assert lim.admit("human", "table")
        clock.now += 1 / 3
    # a script: 50 clicks within 0.98 s get the burst and one more (the next is due at 1.0 s)
    lim = Limiter(clock=(clock := Clock()))
    admitted = 0
    for _ in range(50):
        admitted += lim.admit("bot", "table")
        clock.now += 0.02
    assert admitted == USER_RATE.burst + 1
    assert TABLE_RATE.burst > USER_RATE.burst and TABLE_RATE.per_second > USER_RATE.per_second


def test_bad_rates_are_refused() -> None:
    with pytest.raises(ValueError):
        Rate(0, 1)
    with pytest.raises(ValueError):
        Rate(2, 0)
    assert Rate(8, 2).refill_s == 4
