"""The thinking budget of one decision: a deterministic step count, with a safety deadline.

Choice (issue 15, "deterministic given its seed"): ``budget_s`` is converted into a number of
engine steps, ``budget_s * STEPS_PER_SECOND`` of the game (its ``ai_hints``, measured on the
reference 2-core machine by ``bench/ai.py --calibrate``). The search stops when the steps are
spent, so the same seed and the same view always give the same move, whatever the load.

The wall clock is read only for a safety deadline (``budget_s * DEADLINE_FACTOR``, checked
between iterations): on a machine much slower than the reference it stops the search early,
and only then may the move depend on timing. ``deadline=False`` (tests, replays) turns it off.
"""

from __future__ import annotations

import time

DEADLINE_FACTOR = 1.05


class Budget:
    """Steps left to spend and an optional wall-clock deadline."""

    __slots__ = ("left", "total", "_deadline")

    def __init__(self, steps: int, deadline_s: float | None = None) -> None:
        self.total = max(0, steps)
        self.left = self.total
        self._deadline = None if deadline_s is None else time.perf_counter() + deadline_s

    @classmethod
    def for_seconds(cls, budget_s: float, steps_per_second: float,
                    deadline: bool = True) -> Budget:
        steps = int(budget_s * steps_per_second)
        return cls(steps, budget_s * DEADLINE_FACTOR if deadline else None)

    def spend(self, steps: int) -> None:
        self.left -= steps

    def used(self) -> int:
        return self.total - self.left

    def exhausted(self) -> bool:
        if self.left <= 0:
            return True
        return self._deadline is not None and time.perf_counter() >= self._deadline
