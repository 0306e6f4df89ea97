"""The shared texts of issue 26, exact, in English and in Czech: numbers by the locale (the
skill change, places, scores), English and Czech plurals in ``/standings`` and ``/stats``,
option values in words, what the skill number is, the presenter's tie note in the final."""

from __future__ import annotations

from typing import Any

import pytest

import games
from bot.adapter.book import TableBook
from bot.adapter.final import (
    final_embed,
    options_lines,
    rating_change,
    rating_lines,
    result_dm,
    score_text,
)
from bot.core.gamelog import first_player, started
from bot.core.store import Seat, SessionRecord
from bot.text import catalog_en, host_events, presenters
from bot.text.host_events import host_event_text, name_once
from bot.text.i18n import place_of, t, tn, using

assert catalog_en  # registers the bot's texts

MINUS = "\u2212"


def _record(game: str = "tek", options: dict[str, Any] | None = None) -> SessionRecord:
    return SessionRecord(
        id=7,
        guild_id="1",
        channel_id="2",
        game=game,
        options=options or {},
        seed=0,
        status="finished",
        version=9,
        host_id="11",
        turn_secs=None,
        seats=[Seat("11", "alice"), Seat("12", "bob"), Seat("ai:1", "AI 1", is_ai=True)],
    )


def _meta(ratings: dict[str, list[float]]) -> TableBook:
    book = TableBook()
    book["ratings"] = ratings
    return book


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        ("en", ["0 → 3.3 (+3.3)", f"0 → {MINUS}2.8 ({MINUS}2.8)", "5 → 5 (±0)"]),
        ("cs", ["0 → 3,3 (+3,3)", f"0 → {MINUS}2,8 ({MINUS}2,8)", "5 → 5 (±0)"]),
    ],
)
def test_the_skill_change_is_written_in_the_readers_numbers(locale, expected) -> None:
    with using(locale):
        assert [rating_change(0.0, 3.3), rating_change(0.0, -2.8), rating_change(5.04, 4.96)] == (
            expected
        )


def test_the_rating_lines_say_what_the_number_is_and_that_a_first_game_starts_low() -> None:
    rec, meta = _record(), _meta({"11": [0.0, 3.3], "12": [4.0, 2.5]})
    with using("en"):
        assert rating_lines(rec, meta) == [
            "Skill = OpenSkill μ − 3σ, as `/standings` shows it: everyone starts at 0 and it "
            "climbs as you play and win.",
            "alice: 0 → 3.3 (+3.3) (a first rated game: the skill starts low)",
            f"bob: 4 → 2.5 ({MINUS}1.5)",
        ]
    with using("cs"):
        assert rating_lines(rec, meta) == [
            "Dovednost = OpenSkill μ − 3σ, jak ji ukazuje `/žebříček`: každý začíná na 0 a s "
            "hrami a výhrami stoupá.",
            "alice: 0 → 3,3 (+3,3) (první hodnocená hra: dovednost začíná nízko)",
            f"bob: 4 → 2,5 ({MINUS}1,5)",
        ]


def test_the_result_dm_places_and_counts_in_both_languages() -> None:
    rec, meta = _record(), _meta({"11": [0.0, 3.3]})
    row: Any = {"player": "11", "rank": 1, "score": 15}
    link = "https://discord.com/channels/1/2/99"
    with using("en"):
        text = result_dm(rec, meta, "Tiny Epic Kingdoms", row, 3, link).description
        assert text is not None and text.startswith(
            "You placed 1st of 3 with 15 VP.\nYour skill: 0 → 3.3 (+3.3).\n"
        )
    with using("cs"):
        text = result_dm(rec, meta, "Malá velká království", row, 3, link).description
        assert text is not None
        assert text.startswith("Tvoje umístění: 1. ze 3, výsledek: 15 VB.\n"), text
        assert "Tvoje dovednost: 0 → 3,3 (+3,3)." in text
    with using("cs"):
        assert score_text("majesty", 160.0) == "160 bodů" and score_text("majesty", 1) == "1 bod"
        assert score_text("majesty", 2.5) == "2,5"


def test_standings_and_stats_count_in_words() -> None:
    def row(games: int, wins: int) -> str:
        return t(
            "standings.row",
            rank=1,
            who="alice",
            skill="3.3",
            games=tn("count.games", games),
            wins=tn("count.wins", wins),
        )

    with using("en"):
        assert row(1, 1) == "**1.** alice · skill 3.3 · 1 game · 1 win"
        assert row(2, 0) == "**1.** alice · skill 3.3 · 2 games · 0 wins"
        assert (
            t("stats.recent_row", game="Majesty", place=place_of(3, 3), score="147 points")
            == "Majesty: 3rd of 3 (147 points)"
        )
    with using("cs"):
        assert row(1, 1) == "**1.** alice · dovednost 3.3 · 1 hra · 1 výhra"
        assert row(3, 2) == "**1.** alice · dovednost 3.3 · 3 hry · 2 výhry"
        assert row(5, 0) == "**1.** alice · dovednost 3.3 · 5 her · 0 výher"
        assert (
            t("stats.recent_row", game="Majesty", place=place_of(3, 3), score="147 bodů")
            == "Majesty: 3. ze 3 (147 bodů)"
        )


def test_options_are_shown_in_words_in_the_lobby_and_the_final() -> None:
    ee = {"teams": True, "rounds": 5}
    with using("en"):
        assert options_lines("empire_engine", ee)[0] == "Teams: yes"
        assert options_lines("majesty", {"sides": "ABBAABAB"}) == ["Sides: A B B A A B A B"]
    with using("cs"):
        assert options_lines("empire_engine", ee)[0] == "Týmy: ano"
        assert options_lines("majesty", {"sides": "ABBAABAB"}) == ["Strany: A B B A A B A B"]
        embed = final_embed(_record("empire_engine", {"teams": False}), _meta({}), "EE", [], {})
        assert "Možnosti: Týmy: ne" in (embed.description or "")


def test_the_final_shows_the_presenters_tie_note(monkeypatch) -> None:
    presenter = presenters.get("tek")
    monkeypatch.setattr(presenter, "tie_note", lambda view, name: f"{name('11')}: more meeples")
    rows: Any = [{"player": "11", "rank": 1, "score": 9}, {"player": "12", "rank": 2, "score": 9}]
    with using("en"):
        embed = final_embed(_record(), _meta({}), "Tiny Epic Kingdoms", rows, {})
    assert "\n\n⚖️ alice: more meeples\n\n" in (embed.description or ""), embed.description
    monkeypatch.setattr(presenter, "tie_note", lambda view, name: None)
    with using("en"):
        embed = final_embed(_record(), _meta({}), "Tiny Epic Kingdoms", rows, {})
    assert "⚖️" not in (embed.description or "")


def test_an_ai_seat_is_introduced_once_per_message() -> None:
    labels = {"AI 1 · medium": "AI 1", "Ann (AI · hard)": "Ann"}
    text = "AI 1 · medium takes 6B.\nAI 1 · medium starts in the north.\nAnn (AI · hard) passes."
    assert name_once(text, labels) == (
        "AI 1 · medium takes 6B.\nAI 1 starts in the north.\nAnn (AI · hard) passes."
    )
    assert name_once("alice takes 6B.", labels) == "alice takes 6B."


def test_the_start_says_who_begins_and_how_they_were_chosen() -> None:
    drawn = {"type": "host_started", "players": ["a", "b"], "first": "b", "drawn": True}
    seat = {"type": "host_started", "players": ["a", "b"], "first": "a", "drawn": False}
    names = {"a": "alice", "b": "bob"}.__getitem__
    with using("en"):
        assert host_event_text(drawn, names) == (
            "The game has started: alice, bob. bob begins (drawn by lot)."
        )
        assert host_event_text(seat, names) == (
            "The game has started: alice, bob. alice begins (the first seat)."
        )
    with using("cs"):
        text = host_event_text(drawn, names)
        assert text is not None and text.endswith(" Začíná: bob (vylosováno)."), text
        text = host_event_text(seat, names)
        assert text is not None and text.endswith(" Začíná: alice (první místo u stolu)."), text


@pytest.mark.parametrize(("game", "drawn"), [("majesty", True), ("tek", True), ("elves", False)])
def test_the_first_player_is_found_and_a_draw_told_from_the_seat_order(game, drawn) -> None:
    rec = _record(game)
    rec.seed = 5
    found = first_player(games.get(game), rec)
    state = games.get(game).setup(rec.player_ids, {}, 5)
    assert found == (games.get(game).actors(state)[0], drawn)
    assert started(rec, games.get(game))["drawn"] is drawn
    assert "first" not in started(rec)  # without the engine: who plays, nothing more


def test_a_time_out_is_said_once_per_turn() -> None:
    names = {"a": "alice", "b": "bob"}.__getitem__
    events = [
        {"type": "host_timeout", "player": "a"},
        {"type": "take", "player": "a", "index": 0},
        {"type": "host_timeout", "player": "a"},  # the same turn's second step
        {"type": "place", "player": "a"},
        {"type": "take", "player": "b", "index": 1},
        {"type": "host_timeout", "player": "a"},  # a later turn
    ]
    with using("en"):
        lines = host_events.event_lines("majesty", events, names)
    said = t("host.timeout", "en", name="alice")
    assert lines.count(said) == 2 and lines[0] == said, lines
