"""The adapter's bookkeeping (``bot.adapter.book``): one record per table, one per player; rows
stored before the per-player records are read the new way, and the dead keys go."""

from __future__ import annotations

from typing import Any

from bot.adapter.book import DEAD, book, peek, player, who


def old_row() -> dict[str, Any]:
    """A table's bookkeeping as stored before the per-player records."""
    return {
        "board": {"id": 7, "at": 1.0},
        "log": ["a", "b"],
        "log_count": 2,
        "ping": 99,  # dead since the quiet table (issue 11)
        "pinged": {"11": 3},  # dead too
        "published_version": 12,  # now the shown_version column
        "prompted": {"11": 3, "12": None},
        "notified": {"11": 3},
        "hand_sig": {"12": "abc"},
        "dm": {"11": [5, 6]},
        "acted": {"11": 1000.0},
        "dm_acted": {"11": 999.0},
        "seen": {"11": 2},
        "silent": {"12": [4, 1001.0]},
        "dm_closed": ["12"],
        "dm_notice": ["12"],
        "watching": {"55": [8, 9]},
    }


def test_an_old_row_is_read_as_one_record_per_player() -> None:
    meta = book(old_row())
    assert meta["players"] == {
        "11": {
            "prompted": 3,
            "notified": 3,
            "dm": [5, 6],
            "acted": 1000.0,
            "dm_acted": 999.0,
            "seen": 2,
        },
        "12": {
            "prompted": None,
            "hand_sig": "abc",
            "silent": [4, 1001.0],
            "dm_closed": True,
            "dm_notice": True,
        },
    }
    # the table's own entries stay where they were; spectators are not players
    assert meta["board"] == {"id": 7, "at": 1.0} and meta["watching"] == {"55": [8, 9]}
    assert not set(DEAD) & set(meta)


def test_reading_twice_changes_nothing() -> None:
    once = book(old_row())
    again = book(dict(once))
    assert again == once


def test_peek_reads_without_making_a_record_and_player_makes_one() -> None:
    meta = book({})
    assert peek(meta, "11") == {} and meta["players"] == {}
    player(meta, "11")["acted"] = 5.0
    assert peek(meta, "11") == {"acted": 5.0}


def test_who_lists_the_players_with_a_flag() -> None:
    meta = book(old_row())
    assert who(meta, "dm_closed") == ["12"] and who(meta, "dm_notice") == ["12"]
