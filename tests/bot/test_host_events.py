"""One wording per event (``bot.text.host_events``): the host's events are worded once, from
their catalogue keys; every reader of the log (the board, replays, ``/game log``, the boards'
"Last:" line) words events through :func:`event_lines`."""

from __future__ import annotations

from bot.core import replay
from bot.text.host_events import event_lines, host_event_text, is_pick
from bot.text.i18n import t, using
from tests.toygame import TOY

NAMES = {"u1": "AI 1 · hard", "u2": "Bob"}


def name(pid: str) -> str:
    return NAMES.get(pid, pid)


def test_each_host_event_is_worded_from_its_key() -> None:
    assert host_event_text({"type": "host_started", "players": ["u1", "u2"]}, name) == t(
        "host.started", players="AI 1 · hard, Bob"
    )
    for kind in ("timeout", "left", "kicked", "new_host", "undo"):
        event = {"type": f"host_{kind}", "player": "u2"}
        assert host_event_text(event, name) == t(f"host.{kind}", name="Bob")
    own = host_event_text({"type": "host_left", "player": "u1"}, name, lambda p: "Ann")
    assert own == t("host.left", name="Ann")  # a seat by its own name
    assert host_event_text({"type": "host_unknown", "player": "u2"}, name) is None
    with using("cs"):
        assert host_event_text({"type": "host_undo", "player": "u2"}, name) == t(
            "host.undo", "cs", name="Bob"
        )


def test_the_board_leaves_out_picks_by_their_declared_role() -> None:
    events = [
        {"type": "picked", "player": "u1"},
        {"type": "host_timeout", "player": "u2"},
        {"type": "bank", "player": "u2"},
    ]
    assert is_pick(TOY, "toy", events[0]) and not is_pick(TOY, "toy", events[2])
    lines = event_lines("toy", events, name, game=TOY, picks=False)
    assert lines[0] == t("host.timeout", name="Bob") and len(lines) == 2
    assert len(event_lines("toy", events, name, game=TOY)) == 3


def test_replays_word_turns_the_same_way() -> None:
    events = [{"type": "host_undo", "player": "u2", "seq": 3}, {"type": "pass", "player": "u2"}]
    assert replay.turn_lines("toy", NAMES, events) == event_lines("toy", events, name)
