"""``bot.core.takebacks``: the undo stack per session and why a take-back is refused."""

from __future__ import annotations

import pytest

from bot.core.store import MoveRecord
from bot.core.takebacks import refusal
from tests.test_undo_host import UndoToy, picks, running, toy_host


def log(*entries: tuple[str, str]) -> list[MoveRecord]:
    return [MoveRecord(i, p, {"type": "x"}, src, 0.0) for i, (p, src) in enumerate(entries)]


def test_each_refusal_is_read_off_the_log() -> None:
    moves = log(("a", "player"), ("b", "player"), ("a", "ai"))
    assert refusal(moves, "a", 9) == "undo_too_late"  # no such move
    assert refusal(moves, "b", 0) == "undo_not_yours"
    assert refusal(moves, "a", 2) == "undo_not_yours"  # the AI chose it
    assert refusal(moves, "a", 0) == "undo_too_late"  # b acted since
    assert refusal(log(("a", "player")), "a", 0) == "undo_revealed"  # still last: it showed
    undone = [
        *log(("a", "player"), ("a", "player")),
        MoveRecord(2, "a", {"type": "undo", "seq": 1}, "undo", 0.0),
    ]
    assert refusal(undone, "a", 1) == "undo_done"


@pytest.mark.asyncio
async def test_the_stack_is_kept_by_version_and_rebuilt_from_the_log(store, clock) -> None:
    host = toy_host(store, clock, {"toy": UndoToy()})
    sid = await running(host)
    await picks(host, sid)
    out = await host.apply(sid, "u1", {"type": "bank"})
    takebacks = host.takebacks
    assert takebacks.hint(out.record) == ("u1", 2)  # known without a read
    takebacks.forget(sid)
    assert takebacks.hint(out.record) is None
    assert [u.seq for u in await takebacks.stack(out.record)] == [2]  # from the log
    assert takebacks.hint(out.record) == ("u1", 2)
