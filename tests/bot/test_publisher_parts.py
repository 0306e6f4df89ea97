"""The publisher's parts without Discord: the board's Open-my-prompt rule and link, the
notices' silent prompts kept in the table's bookkeeping, the private prompts' news."""

from __future__ import annotations

from typing import Any

from bot.adapter.board import Board
from bot.adapter.book import book, peek
from bot.adapter.notify import Notices
from bot.adapter.private import PrivatePrompts
from bot.core.store import Seat, SessionRecord


def record(meta: dict[str, Any] | None = None) -> SessionRecord:
    return SessionRecord(
        id=7,
        guild_id="1",
        channel_id="2",
        game="toy",
        options={},
        seed=0,
        status="running",
        version=3,
        host_id="11",
        turn_secs=None,
        seats=[Seat("11", "Ann"), Seat("12", "Bob"), Seat("ai:1", "AI 1", is_ai=True)],
        meta=meta or {},
    )


class Pub:
    """What the parts ask of the publisher, made up."""

    def __init__(self, actors: list[str]) -> None:
        self.actors = actors
        self.host: Any = type("Host", (), {"now": lambda self: 500.0})()

    def human_actors(self, rec: SessionRecord) -> list[str]:
        return self.actors


def test_open_my_prompt_only_while_a_seated_human_has_closed_dms() -> None:
    rec = record({"dm_closed": ["12"]})  # a row stored the old way
    assert Board.needs_open_button(rec, book(rec.meta))
    rec.status = "finished"
    assert not Board.needs_open_button(rec, book(rec.meta))
    assert not Board.needs_open_button(record(), book({}))


def test_the_board_link() -> None:
    meta = book({"board": {"id": 99, "at": 0.0}})
    assert Board.link(record(), meta) == "https://discord.com/channels/1/2/99"
    assert Board.link(record(), book({})) is None


def test_silent_prompts_are_kept_per_player_and_restored_after_a_restart() -> None:
    rec = record()
    meta = book({"silent": {"12": [1, 400.0]}})  # 12's prompt from before; 12 acts no more
    notices = Notices(Pub(["11"]))  # type: ignore[arg-type]
    notices.mark_silent(rec, meta, "11", 3)
    assert peek(meta, "11")["silent"] == [3, 500.0] and "silent" not in peek(meta, "12")
    restarted = Notices(Pub(["11"]))  # type: ignore[arg-type]
    rec.meta = dict(meta)
    restarted.restore_silent([rec])
    assert restarted.silent == {(7, "11"): (3, 500.0)}


def test_the_news_since_a_players_last_action() -> None:
    meta = book({"log": ["a", "b", "c"], "log_count": 3})
    meta["players"]["11"] = {"seen": 1}
    assert PrivatePrompts.since_last(meta, "11") == ["b", "c"]
    assert PrivatePrompts.since_last(meta, "12") == []
