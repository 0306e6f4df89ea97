"""The thinking budget of one decision: a deterministic step count, with a safety deadline.

Choice (issue 15, "deterministic given its seed"): ``budget_s`` is converted into a number of
engine steps, ``budget_s * STEPS_PER_SECOND`` of the game (its ``ai_hints``, measured on the
reference 2-core machine by ``bench/ai.py --calibrate``). The search stops when the steps are
spent, so the same seed and the same view always give the same move, whatever the load.

The wall clock is read only for a safety deadline (``budget_s * DEADLINE_FACTOR``, checked
between iterations, stopping when one more iteration of the average length would pass it): on
a machine slower than the reference (or shared and loaded) it stops the search early, and
only then may the move depend on timing. ``deadline=False`` (tests, replays) turns it off.
"""

from __future__ import annotations

import time

DEADLINE_FACTOR = 0.85  # of budget_s: the rest absorbs a last long iteration and a loaded
# machine's scheduling delays (p95 target: budget + 10 %)


class Budget:
    """Steps left to spend and an optional wall-clock deadline."""

    __slots__ = ("left", "total", "_deadline", "_start", "_checks")

    def __init__(
        self, steps: int, deadline_s: float | None = None, started: float | None = None
    ) -> None:
        self.total = max(0, steps)
        self.left = self.total
        self._start = time.perf_counter() if started is None else started
        self._deadline = None if deadline_s is None else self._start + deadline_s
        self._checks = 0

    @classmethod
    def for_seconds(
        cls,
        budget_s: float,
        steps_per_second: float,
        deadline: bool = True,
        started: float | None = None,
    ) -> Budget:
        """``started``: when the decision began (``time.perf_counter()``), so the deadline
        also covers the work before the search (reading the view, the first determinisation)."""
        steps = int(budget_s * steps_per_second)
        return cls(steps, budget_s * DEADLINE_FACTOR if deadline else None, started)

    def spend(self, steps: int) -> None:
        self.left -= steps

    def used(self) -> int:
        return self.total - self.left

    def exhausted(self) -> bool:
        """Called once per iteration: out of steps, or the next iteration would end late."""
        if self.left <= 0:
            return True
        if self._deadline is None:
            return False
        self._checks += 1
        now = time.perf_counter()
        return now + (now - self._start) / self._checks >= self._deadline
