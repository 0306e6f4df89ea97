"""``bot.core.queries``: what the rules say about a session now (nothing is stored)."""

from __future__ import annotations

import pytest

from tests.host.test_host import running


@pytest.mark.asyncio
async def test_actors_moves_and_secret_decisions(host) -> None:
    queries = host.queries
    rec = await running(host)
    assert queries.actors(rec) == ["u1", "u2"]
    assert [m["value"] for m in queries.legal_moves(rec, "u1")] == [1, 2, 3]
    assert queries.is_secret_decision(rec, "u1")
    assert queries.follow_ups(rec, "u1", {"type": "pick", "value": 1}) is None  # secret
    assert queries.engine_view(rec, "u1")["envelope"]["last"] == []  # as the engine made it
    rec.status = "finished"
    assert queries.actors(rec) == [] and queries.legal_moves(rec, "u1") == []


@pytest.mark.asyncio
async def test_previews_come_from_the_engine_and_an_illegal_move_has_none(host) -> None:
    queries = host.queries
    rec = await running(host)
    for p, v in (("u1", 1), ("u2", 2)):
        rec = (await host.apply(rec.id, p, {"type": "pick", "value": v})).record
    assert queries.preview(rec, "u1", {"type": "bank"}) == {"points": 1, "score_after": 1}
    assert queries.preview(rec, "u2", {"type": "bank"}) == {}  # not u2's decision


@pytest.mark.asyncio
async def test_names_and_the_ai_seat_that_owes_a_move(host) -> None:
    queries = host.queries
    await host.create(
        guild_id="g", channel_id="c", game_id="toy", options={}, user_id="u1", user_name="Ann"
    )
    await host.add_ai("c", "u1", level="hard")
    host.inline_ai = False
    rec = (await host.start("c", "u1")).record
    assert queries.names(rec)["ai:1"].startswith("AI 1")
    assert queries.ai_to_move(rec) == "ai:1"
