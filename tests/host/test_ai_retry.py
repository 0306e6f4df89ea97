"""A lost AI reply (issue 31): a step that fails (a dead worker, a failed write) is tried
again within 5 s in the same process, not ~23 s later by the turn clock."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.core.ai_runner import AiSeats


class Flaky:
    """A host whose AI step fails ``fails`` times, then plays one move, then owes nothing."""

    def __init__(self, fails: int) -> None:
        self.fails, self.calls, self.moved = fails, 0, False

    def ai_to_move(self, rec: Any) -> str | None:
        return None if self.moved else "ai:1"

    async def ai_step(self, session_id: int) -> Any:
        self.calls += 1
        if self.calls <= self.fails:
            raise OSError("the AI worker died")
        if self.moved:
            return None
        self.moved = True
        return {"session": session_id}


@contextlib.asynccontextmanager
async def nothing() -> AsyncIterator[None]:
    yield


@pytest.mark.asyncio
async def test_a_failed_ai_step_is_tried_again_within_five_seconds() -> None:
    host, shown = Flaky(fails=1), []
    loop = asyncio.get_running_loop()

    async def show(out: Any) -> None:
        shown.append(loop.time())

    seats = AiSeats(host, show, nothing)  # type: ignore[arg-type]
    began = loop.time()
    seats.wake_id(7)
    for _ in range(100):
        if shown:
            break
        await asyncio.sleep(0.05)
    await seats.close()
    assert shown, "the AI never moved again"
    assert shown[0] - began < 5.0
    assert host.calls == 3  # failed, moved, then nothing owed


@pytest.mark.asyncio
async def test_after_its_retries_a_failing_seat_is_left_to_the_turn_clock(
    caplog: pytest.LogCaptureFixture,
) -> None:
    host = Flaky(fails=99)

    async def show(out: Any) -> None:
        raise AssertionError("nothing to show")

    seats = AiSeats(host, show, nothing)  # type: ignore[arg-type]
    seats.RETRY_S = (0.01, 0.01)
    seats.wake_id(7)
    await asyncio.sleep(0.3)
    await seats.close()
    assert host.calls == 3  # the step and two tries again
    assert "the turn clock resumes them" in caplog.text
