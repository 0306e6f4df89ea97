"""``bot.core.deadlines``: the turn clock's entries, pure rules about a record."""

from __future__ import annotations

from bot.core.deadlines import keep_deadline, reclock, times_out
from bot.core.store import MoveRecord, Seat, SessionRecord


def record(turn_secs: int | None = 300) -> SessionRecord:
    return SessionRecord(
        id=1,
        guild_id="g",
        channel_id="c",
        game="toy",
        options={},
        seed=1,
        status="running",
        version=4,
        host_id="a",
        turn_secs=turn_secs,
        seats=[Seat("a", "A"), Seat("b", "B"), Seat("ai:1", "AI 1", is_ai=True)],
    )


def test_a_waiting_decision_keeps_its_start_and_a_new_one_begins_for_the_mover() -> None:
    rec = record()
    reclock(rec, ["a", "b"], None, 5, now=100.0, ai_budget_s=0.5)
    assert rec.clock["a"] == {"since": 5, "due": 400.0, "remind": 250.0, "reminded": False}
    reclock(rec, ["a", "b"], "a", 6, now=200.0, ai_budget_s=0.5)
    assert rec.clock["a"]["since"] == 6 and rec.clock["b"]["since"] == 5  # b still waits
    reclock(rec, ["b"], "a", 7, now=210.0, ai_budget_s=0.5)
    assert set(rec.clock) == {"b"}


def test_no_clock_no_deadline_and_an_ai_seat_is_timed_for_a_lost_reply() -> None:
    rec = record(turn_secs=None)
    reclock(rec, ["a", "ai:1"], None, 5, now=100.0, ai_budget_s=0.5)
    assert rec.clock["a"] == {"since": 5, "due": None, "remind": None, "reminded": True}
    ai = rec.clock["ai:1"]
    assert ai["since"] == 5 and ai["due"] is not None and ai["due"] > 100.0
    assert ai["remind"] is None and ai["reminded"]
    reclock(rec, ["a", "ai:1"], "a", 6, now=105.0, ai_budget_s=0.5)
    assert rec.clock["ai:1"] is ai  # still waiting: kept
    assert not times_out(rec, "a") and times_out(rec, "ai:1") is False  # no turn clock
    rec.status = "finished"
    reclock(rec, ["a"], None, 7, now=110.0, ai_budget_s=0.5)
    assert rec.clock == {}


def test_a_take_back_gives_no_extra_time() -> None:
    rec = record()
    reclock(rec, ["a"], None, 5, now=1000.0, ai_budget_s=0.5)
    assert times_out(rec, "a")
    moves = [MoveRecord(0, "b", {}, "player", 500.0), MoveRecord(1, "a", {}, "player", 600.0)]
    keep_deadline(rec, "a", 1, moves)  # a's move 1 taken back: timed from record 0
    assert rec.clock["a"]["due"] == 800.0 and rec.clock["a"]["remind"] == 650.0
