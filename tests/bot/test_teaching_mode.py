"""Teach mode's rules (:mod:`bot.adapter.teaching`) over a real SQLite store: a user's own
choice wins over the table's flag, a step is explained until it is decided with the
explanation shown, a step the presenter does not explain is never counted as taught, and a
fresh process reads it all back."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from bot.adapter.teaching import Teaching, step_of
from bot.core.store import Seat, SessionRecord, SQLiteStore
from bot.text import presenters
from bot.text.presenters.base import Presenter


class Explaining(Presenter):
    def teach_text(self, step: str) -> str | None:
        return f"About {step}." if step != "quiet" else None


def view(step: str) -> dict[str, Any]:
    return {
        "envelope": {
            "actors": [],
            "step": {"id": step, "params": {}},
            "over": False,
            "results": [],
            "turn": 0,
            "last": [],
        }
    }


def table(teach: bool) -> SessionRecord:
    return SessionRecord(
        id=1,
        guild_id="g",
        channel_id="c",
        game="teachtest",
        options={},
        seed=1,
        status="running",
        version=3,
        host_id="11",
        turn_secs=None,
        seats=[Seat("11", "alice"), Seat("22", "bob"), Seat("ai:1", "AI", is_ai=True)],
        meta={"teach": True} if teach else {},
    )


@pytest.fixture
def presenter(monkeypatch: pytest.MonkeyPatch) -> Explaining:
    p = Explaining(game_id="teachtest", title="Teach test")
    monkeypatch.setitem(presenters._CACHE, "teachtest", p)
    return p


@pytest.mark.asyncio
async def test_choices_flags_and_steps_taught(tmp_path, presenter) -> None:
    store = SQLiteStore(tmp_path / "t.db")
    await store.open()
    try:
        host: Any = SimpleNamespace(store=store)
        teaching = Teaching(host)
        plain, taught = table(False), table(True)
        assert step_of(view("draft")) == "draft" and step_of({}) is None
        assert teaching.intro(taught, "11", view("draft")) is None  # not read yet: plain
        await teaching.warm(taught)
        assert teaching.intro(taught, "11", view("draft")) == "About draft."
        assert teaching.intro(plain, "11", view("draft")) is None  # no flag, no choice
        await teaching.choose("22", False)  # bob's own "off" wins over the table's flag
        assert teaching.intro(taught, "22", view("draft")) is None
        await teaching.choose("11", True)
        assert teaching.intro(plain, "11", view("draft")) == "About draft."
        # decided with the explanation shown: taught; a step with no words: never counted
        await teaching.taught(plain, "11", [view("draft"), view("quiet")])
        assert teaching.intro(plain, "11", view("draft")) is None
        assert teaching.intro(plain, "11", view("build")) == "About build."
        await teaching.taught(taught, "22", [view("build")])  # bob was not shown it
        assert await store.seen_steps(["11", "22"], "teachtest") == {"11": {"draft"}, "22": set()}
        # a new process reads the same back
        again = Teaching(host)
        await again.warm(plain)
        assert again.intro(plain, "11", view("draft")) is None
        assert again.intro(plain, "11", view("build")) == "About build."
        assert again.intro(taught, "22", view("build")) is None
    finally:
        await store.close()
