"""Issue 11 (request budget): Empire Engine's first placement is one choice. The public part
(the card laid first, or the gear placed with its cube) and the secret part it leads to (the
action on top, or which gear it is) are offered together and applied together: one click and
one request instead of two, two records in the log. The host checks both before storing
either. Runs on both store backends (the fixtures of tests/host)."""

from __future__ import annotations

from typing import Any

import pytest
import pytest_asyncio

import bot.text.catalog_en  # noqa: F401  (registers the bot's texts)
import games
from bot.adapter import custom_ids as ids
from bot.adapter.prompts import build_prompt, choices
from bot.core.host import SessionHost
from bot.text import presenters
from games.base import IllegalMove
from tests.host.conftest import Clock, clock, store  # noqa: F401  (fixtures)

EE = presenters.get("empire_engine")
GAME = games.get("empire_engine")


def name(pid: str) -> str:
    return pid


@pytest_asyncio.fixture
async def host(store, clock):  # noqa: F811
    return SessionHost(store, now=clock, seed_source=lambda: 7)


async def running(host: SessionHost) -> tuple[int, str]:
    await host.create(
        guild_id="g",
        channel_id="c",
        game_id="empire_engine",
        options={},
        user_id="u1",
        user_name="Ann",
        turn_secs=None,
    )
    await host.join("c", "u2", "Bob")
    await host.join("c", "u3", "Cyd")
    out = await host.start("c", "u1")
    return out.record.id, host.actors(out.record)[0]


@pytest.mark.asyncio
async def test_round_one_offers_card_and_action_as_one_choice(host) -> None:
    sid, first = await running(host)
    rec = await host.get(sid)
    moves = host.legal_moves(rec, first)
    assert [m["type"] for m in moves] == ["lay", "lay"]
    view = host.view(rec, first)
    options = choices(EE, view, moves, name, lambda m: host.follow_ups(rec, first, m))
    assert [o.label for o in options] == [
        "Arm on top of L, laid first",
        "Salvage on top of L, laid first",
        "Produce on top of L, laid first",
        "Attack on top of L, laid first",
        "Invent on top of R, laid first",
        "Defend on top of R, laid first",
        "Attack on top of R, laid first",
        "Export on top of R, laid first",
    ]
    assert all(ids.CHAIN in o.digest for o in options)
    assert options[0].description == "All see you lay L first; the action stays hidden"
    assert options[3].description.startswith("Attack: hits ")
    # more than five options: one select, each option carrying both hashes
    prompt = build_prompt(
        EE,
        sid,
        rec.version,
        view,
        first,
        moves,
        name,
        follow=lambda m: host.follow_ups(rec, first, m),
    )
    assert [type(i).__name__ for i in prompt.items] == [
        "MoveSelect",
        "ReferencesButton",
        "WhyButton",
    ]
    values = [o.value for o in prompt.items[0].item.options]
    assert values == [o.digest for o in options]
    # without a follow-up provider (the board's public prompt) the moves stay single
    assert [o.digest for o in choices(EE, view, moves, name)] == [ids.move_hash(m) for m in moves]


@pytest.mark.asyncio
async def test_one_click_stores_both_parts(host) -> None:
    sid, first = await running(host)
    rec = await host.get(sid)
    lay = {"type": "lay", "card": "R"}
    orient = {"type": "orient", "card": "R", "action": "Defend"}
    out = await host.apply(sid, first, lay, expected_version=rec.version, then=orient)
    assert out.moved == [(first, "player"), (first, "player")]
    assert [e["type"] for e in out.events] == ["laid", "picked", "turn_passed"]
    moves = await host.moves(sid)
    assert [(m.player_id, m.move) for m in moves] == [(first, lay), (first, orient)]
    assert first not in host.actors(out.record)  # the next placer is asked now
    assert await host.replay(sid) == (True, "")
    # the secret part is not shown to the others
    for other in ("u1", "u2", "u3"):
        if other != first:
            assert "Defend" not in str(host.view(out.record, other)["seats"])


@pytest.mark.asyncio
async def test_a_follow_up_that_does_not_fit_changes_nothing(host) -> None:
    sid, first = await running(host)
    rec = await host.get(sid)
    lay = {"type": "lay", "card": "R"}
    for bad in (
        {"type": "orient", "card": "L", "action": "Arm"},  # the other card
        {"type": "orient", "card": "R", "action": "Arm"},  # not an action of R
        {"type": "lay", "card": "L"},
    ):
        with pytest.raises(IllegalMove):
            await host.apply(sid, first, lay, expected_version=rec.version, then=bad)
    after = await host.get(sid)
    assert after.version == rec.version and after.move_count == 0


@pytest.mark.asyncio
async def test_later_rounds_offer_gear_and_cube_with_which_gear(host) -> None:
    sid, _ = await running(host)
    rec = await host.get(sid)
    while rec.state["step"] == "orient":  # round 1: every first placement in one click
        p = host.actors(rec)[0]
        moves = host.legal_moves(rec, p)
        follow = host.follow_ups(rec, p, moves[0])
        if follow is None:  # the second card: its action only (a secret move, no chain)
            assert moves[0]["type"] == "orient"
            rec = (await host.apply(sid, p, moves[0])).record
            continue
        rec = (await host.apply(sid, p, moves[0], then=follow[1][0])).record
    if rec.state["step"] != "plan":
        pytest.skip("round 1 ended in a choice step")
    p = host.actors(rec)[0]
    moves = host.legal_moves(rec, p)
    assert {m["type"] for m in moves} == {"place"}
    view = host.view(rec, p)
    options = choices(EE, view, moves, name, lambda m: host.follow_ups(rec, p, m))
    assert len(options) == 2 * len(moves)  # each placement with gear 1 or gear 2
    free = [o.label for o in options if "no cube" in o.label]
    assert free and all(" · gear " in label for label in free)
    for move in moves:  # what the second part would be: a gear move of the same card
        after, then = host.follow_ups(rec, p, move)
        assert [m["type"] for m in then] == ["gear", "gear"]
        assert {m["card"] for m in then} == {move["card"]}


@pytest.mark.asyncio
async def test_no_chain_where_the_next_decision_is_someone_elses_or_public(host) -> None:
    sid, first = await running(host)
    orient_first = {"type": "lay", "card": "L"}
    out = await host.apply(sid, first, orient_first)
    # the action on top is secret itself: nothing follows it as a chain
    for m in host.legal_moves(out.record, first):
        assert host.follow_ups(out.record, first, m) is None
    # another player's move, or a move that is not theirs now: no follow-up
    others = [p for p in ("u1", "u2", "u3") if p != first]
    assert host.follow_ups(out.record, others[0], orient_first) is None


def test_a_chain_label_fits_a_button_and_an_option() -> None:
    s = GAME.setup(["a", "b", "c"], {}, 3)
    p = GAME.actors(s)[0]
    for lay in GAME.legal_moves(s, p):
        after, _ = GAME.apply(s, p, lay)
        for orient in GAME.legal_moves(after, p):
            label = EE.chain_label(GAME.view(s, p), lay, GAME.view(after, p), orient, name)
            assert 0 < len(label) <= 80
            desc: Any = EE.chain_description(
                GAME.view(s, p), lay, GAME.view(after, p), orient, name
            )
            assert desc and len(desc) <= 100
