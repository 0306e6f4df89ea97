"""Clicks that must not change the game: races, double clicks, outsiders, out-of-turn clicks,
stale prompts, unknown values and unknown games. Each gets a short ephemeral refusal, exactly
one move is applied where one is due, and the board message is left alone."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

import games
from bot.text.i18n import t
from tests.e2e.driver import Driver, Player, board_message, move_components, waiting_names
from tests.e2e.helpers import (
    board_state,
    is_stale,
    move_count,
    open_table,
    receipt,
    receipts,
    refusal,
    refused_now,
    table_id,
)
from tests.fakediscord import InteractionResult, Message
from tests.fakediscord.models import MESSAGE_COMPONENT


async def forged_click(
    fake: Any, user: Any, msg: Message, custom_id: str, values: list[str] | None = None
) -> InteractionResult:
    """A component interaction with a custom_id the message does not (or no longer) show: what
    a Discord client sends from a message it has not refreshed, or what a tampered client sends."""
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": 2 if values is None else 3}
    if values is not None:
        data["values"] = values
    return await fake._interact(MESSAGE_COMPONENT, user, msg.channel, data, message=msg)


async def first_dm_prompt(fake: Any, users: tuple[Any, ...]) -> tuple[Any, list[Message]]:
    """The first of ``users`` to get a DM prompt, and their DM prompts."""
    found = await fake.wait_for(
        lambda: [
            (user, ms)
            for user in users
            for ms in [[m for m in fake.dms(user) if any(move_components(m))]]
            if ms
        ],
        what="the first DM prompt",
    )
    return found[0]


def turn_of(actor: str) -> str:
    """ "It is bob's turn — they are choosing a card from the display." (Majesty's take)."""
    return t("error.turn_of", actor=actor, doing=t("majesty.doing.take"))


def is_turn_of(text: str, *actors: str) -> bool:
    """Whether ``text`` is "It is <one of actors>'s turn — they are ..."."""
    return any(
        text.startswith(t("error.turn_of", actor=a, doing="\0").split("\0")[0]) for a in actors
    )


def first_choice(msg: Message) -> tuple[str, list[str] | None]:
    """(custom_id, values) of the first move option on a prompt message."""
    selects, buttons = move_components(msg)
    if selects:
        return selects[0]["custom_id"], [selects[0]["options"][0]["value"]]
    return buttons[0]["custom_id"], None


async def choose(
    fake: Any, user: Any, msg: Message, choice: tuple[str, list[str] | None]
) -> InteractionResult:
    cid, values = choice
    if values is None:
        return await fake.click(user, msg, cid)
    return await fake.select(user, msg, cid, values)


async def majesty_table(world: Any) -> tuple[int, Any, Any, Message]:
    """A running majesty game (alice, bob); returns (session, actor, other, board)."""
    await world.start_bot()
    lobby = await open_table(world, "majesty", join=("bob",))
    board = board_message(world.fake, world.channel)
    [actor] = waiting_names(board)
    other = "alice" if actor == "bob" else "bob"
    return table_id(lobby), world.users[actor], world.users[other], board


@pytest.mark.asyncio
async def test_two_players_click_the_same_prompt_at_once(world) -> None:
    fake = world.fake
    sid, actor, other, board = await majesty_table(world)
    choice = first_choice(board)
    before = await move_count(world, sid)
    a, b = await asyncio.gather(
        choose(fake, actor, board, choice), choose(fake, other, board, choice)
    )
    await fake.idle()
    assert await move_count(world, sid) == before + 1
    moves = await world.bot.host.moves(sid)
    assert moves[-1].player_id == str(actor.id)
    assert not [m for m in a.followups if m.ephemeral], a.followups
    text = await refusal(b)
    # the refusal names whose turn it is now (issue 11 part 4)
    assert (
        text == t("error.busy")
        or is_turn_of(text, actor.name, other.name)
        or is_stale(text, fake, world.channel)
    ), text
    # the log shows the move once
    log = await fake.slash(actor, world.channel, "game log")
    assert log.ephemeral and log.embeds[0]["title"] == t("log.title", id=sid)


@pytest.mark.asyncio
async def test_double_click_applies_once(world) -> None:
    fake = world.fake
    sid, actor, other, board = await majesty_table(world)
    choice = first_choice(board)
    before = await move_count(world, sid)
    a, b = await asyncio.gather(
        choose(fake, actor, board, choice), choose(fake, actor, board, choice)
    )
    await fake.idle()
    assert await move_count(world, sid) == before + 1
    refused = [r for r in (a, b) if refused_now(r)]
    assert len(refused) == 1, (a.followups, b.followups)
    text = await refusal(refused[0])
    assert (
        text == t("error.busy")
        or is_turn_of(text, actor.name, other.name)
        or is_stale(text, fake, world.channel)
    ), text


@pytest.mark.asyncio
async def test_double_click_on_a_dm_prompt_applies_once(world) -> None:
    fake, u = world.fake, world.users
    await world.start_bot()
    lobby = await open_table(world, "empire_engine", join=("bob",))
    sid = table_id(lobby)
    # empire_engine plans one card at a time: the start player is the one prompted first
    alice, dm = await first_dm_prompt(fake, (u["alice"], u["bob"]))
    prompt = dm[-1]
    choice = first_choice(prompt)
    a, b = await asyncio.gather(
        choose(fake, alice, prompt, choice), choose(fake, alice, prompt, choice)
    )
    await fake.idle()
    assert await move_count(world, sid) == 2  # once: the card laid and its action, one choice
    refused = [r for r in (a, b) if refused_now(r)]
    assert len(refused) == 1, (a.followups, b.followups)
    assert receipt(prompt) is not None


@pytest.mark.asyncio
async def test_refusals_change_nothing(world) -> None:
    fake, ch, u = world.fake, world.channel, world.users
    outsider = u["outsider"]
    sid, actor, other, board = await majesty_table(world)
    choice = first_choice(board)
    state = board_state(fake, ch)
    moves = await move_count(world, sid)

    async def refused(result: InteractionResult, expected: str) -> None:
        text = await refusal(result)
        if expected == t("refusal.stale"):
            assert is_stale(text, fake, ch), text
        else:
            assert text == expected, (result, result.followups)
        await fake.idle()
        assert board_state(fake, ch) == state, "the board message changed"
        assert await move_count(world, sid) == moves

    # an outsider (not seated) clicks a move, "My view" and a lobby button of the running game
    await refused(await choose(fake, outsider, board, choice), t("error.not_seated"))
    await refused(await fake.click(outsider, board, t("board.my_view")), t("error.not_seated"))
    # the player whose turn it is not: told whose it is and what they are deciding
    await refused(await choose(fake, other, board, choice), turn_of(actor.name))
    # an option value that is not in the select (a tampered client; Discord would not send it)
    cid, values = choice
    assert values is not None, "majesty's first prompt is a select menu"
    await refused(await forged_click(fake, actor, board, cid, ["0123456789"]), t("refusal.stale"))

    # the actor moves; the refusals above changed nothing, so exactly this move is applied
    result = await choose(fake, actor, board, choice)
    await fake.idle()
    assert not refused_now(result), result.followups
    assert await move_count(world, sid) == moves + 1


@pytest.mark.asyncio
async def test_lobby_refusals(world) -> None:
    fake, ch, u = world.fake, world.channel, world.users
    await world.start_bot()
    lobby = await open_table(world, "majesty", join=("bob",), start=False)
    seen = len(lobby.versions)

    async def refused(user: str, label: str, expected: str) -> None:
        res = await fake.click(u[user], lobby, label)
        assert await refusal(res) == expected, res
        await fake.idle()
        assert len(lobby.versions) == seen, "the lobby changed"

    not_host = t("error.not_host", host="alice")
    await refused("outsider", t("lobby.start"), t("error.join_first"))
    await refused("outsider", t("lobby.leave"), t("error.not_seated"))
    await refused("bob", t("lobby.ai"), not_host)
    await refused("bob", t("lobby.cancel"), not_host)
    await refused("bob", t("lobby.join"), t("error.already_joined"))
    res = await fake.slash(u["bob"], ch, "game new elves")
    assert res.ephemeral and res.content == t("error.channel_busy")
    # a player alone cannot start majesty (2-4 players)
    await fake.click(u["bob"], lobby, t("lobby.leave"))
    await fake.idle()
    seen = len(lobby.versions)
    # Start is disabled, the reason shown (issue 27); /game start is refused as before
    start = next(b for b in lobby.buttons() if b.get("label") == t("lobby.start"))
    assert start.get("disabled") is True
    assert "needs at least 2 players" in lobby.embeds[0]["description"]
    res = await fake.slash(u["alice"], ch, "game start")
    assert await refusal(res) == t(
        "error.too_few_players", game="Majesty: For the Realm", min=2, count=1
    )
    # Manage Channels may close someone else's table
    await fake.click(u["mod"], lobby, t("lobby.cancel"))
    await fake.idle()
    assert t("lobby.cancelled") in lobby.text(history=False) and not lobby.buttons()


@pytest.mark.asyncio
async def test_stale_ephemeral_prompt_after_the_dm_was_answered(world) -> None:
    """``/game hand`` shows the current prompt ephemerally; once the same decision is made from
    the DM, the ephemeral copy is out of date."""
    fake, ch, u = world.fake, world.channel, world.users
    await world.start_bot()
    lobby = await open_table(world, "empire_engine", join=("bob",))
    sid = table_id(lobby)
    alice, _ = await first_dm_prompt(fake, (u["alice"], u["bob"]))  # the start player
    hand = await fake.slash(alice, ch, "game hand")
    copy = hand.followups[-1] if hand.followups else hand.message
    assert copy.ephemeral and any(move_components(copy)), copy
    dm = [m for m in fake.dms(alice) if any(move_components(m))][-1]
    await choose(fake, alice, dm, first_choice(dm))
    await fake.idle()
    assert await move_count(world, sid) == 2  # the card laid and its action, one choice
    state = board_state(fake, ch)
    res = await choose(fake, alice, copy, first_choice(copy))
    assert is_stale(await refusal(res), fake, ch)
    await fake.idle()
    assert await move_count(world, sid) == 2 and board_state(fake, ch) == state
    # empire_engine: the start player's first card and its face-down action were one choice
    moves = await world.bot.host.moves(sid)
    assert [(m.player_id, m.move["type"]) for m in moves] == [
        (str(alice.id), "lay"),
        (str(alice.id), "orient"),
    ]
    # "Open my prompt" is not on the board: every seated player's DMs work (issue 11; its
    # refusals are in test_secrets, where bob needs it)
    board = board_message(fake, ch)
    assert board is not None and t("board.open_prompt") not in board.labels
    await fake.idle()
    assert await move_count(world, sid) == 2 and board_state(fake, ch) == state


@pytest.mark.asyncio
async def test_unknown_game_and_option_values_are_refused(world) -> None:
    fake, ch, u = world.fake, world.channel, world.users
    alice = u["alice"]
    await world.start_bot()
    known = ", ".join(sorted(games.REGISTRY))
    res = await fake.slash(alice, ch, "game rules", game="chess", _validate=False)
    assert res.ephemeral and res.content == t("error.unknown_game", game="chess", known=known)
    res = await fake.slash(alice, ch, "standings", game="chess", _validate=False)
    assert res.ephemeral and res.content == t("error.unknown_game", game="chess", known=known)
    # option values Discord would not offer (choices are enforced by Discord, not trusted)
    res = await fake.slash(alice, ch, "game new majesty", sides="99", _validate=False)
    assert res.ephemeral and res.content in (
        t("error.bad_setup", detail=t("option_problem.bad_value", option="sides", value="99")),
        t("error.bad_setup", detail="x").replace("x", "")[:20] + res.content[20:],
    ), res
    res = await fake.slash(alice, ch, "game new majesty", turn_clock="7m", _validate=False)
    assert res.ephemeral, "an unknown turn clock must be refused, not silently replaced"
    # nothing was opened
    assert fake.messages(ch) == []
    status = await fake.slash(alice, ch, "game status")
    assert status.ephemeral and status.content == t("error.no_session")


@pytest.mark.asyncio
async def test_simultaneous_secret_picks_at_the_same_instant_both_count(world) -> None:
    """empire_engine plans one card at a time (rules §6), so the picks come in a row: every
    one of round 1's picks answered from the DM prompts counts, no refusal, one reveal."""
    fake, ch, u = world.fake, world.channel, world.users
    alice, bob = u["alice"], u["bob"]
    await world.start_bot()
    lobby = await open_table(world, "empire_engine", join=("bob",))
    sid = table_id(lobby)
    driver = Driver(fake, ch, [Player(alice), Player(bob)], seed=1)
    prompts = []
    for _ in range(4):  # 2 players: lay + orient (one choice), the same, orient, orient
        kind, player, msg = await fake.wait_for(driver.find_action, what="a DM prompt")
        assert kind == "dm"
        result = await driver.act(kind, player, msg)
        await fake.idle()
        assert not refused_now(result), result.followups
        prompts.append(msg)
    assert await move_count(world, sid) == 6
    assert {p.user.name for p in (driver.players)} == {"alice", "bob"}
    board = board_message(fake, ch)
    assert board.text(history=False).count("Round 1 reveal") == 1
    # each clicked prompt showed its receipt (a player's one DM is then edited into their
    # next prompt in place: issue 11)
    assert all(receipts(m) for m in prompts)


@pytest.mark.asyncio
async def test_prompts_of_an_abandoned_game_are_refused(world) -> None:
    fake, ch, u = world.fake, world.channel, world.users
    alice, bob = u["alice"], u["bob"]
    await world.start_bot()
    lobby = await open_table(world, "empire_engine", join=("bob",))
    sid = table_id(lobby)
    dm = await fake.wait_for(
        lambda: [m for m in fake.dms(bob) if any(move_components(m))], what="bob's DM prompt"
    )
    res = await fake.slash(alice, ch, "game abandon")  # the host may
    assert res.content == t("host.abandoned", name="alice")
    await fake.idle()
    res = await choose(fake, bob, dm[-1], first_choice(dm[-1]))
    assert await refusal(res) == t("error.not_running")
    await fake.idle()
    assert await move_count(world, sid) == 0
    assert t("board.abandoned") in board_message(fake, ch).text(history=False)


@pytest.mark.asyncio
async def test_lobby_flow_host_handover_full_table_kick_and_cancel(world) -> None:
    fake, ch, u = world.fake, world.channel, world.users
    await world.start_bot()
    lobby = await open_table(world, "majesty", join=("bob", "cyril", "dana"), start=False)
    seats = lambda: lobby.embeds[0]["fields"][0]["value"]  # noqa: E731
    assert "Players (4/4)" in lobby.text(history=False)
    res = await fake.click(u["emil"], lobby, t("lobby.join"))
    assert await refusal(res) == t("error.lobby_full", max=4)
    # the host kicks dana from the lobby; the host leaves: the crown passes to bob
    res = await fake.slash(u["alice"], ch, "game kick", member=u["dana"])
    assert res.ephemeral and res.content == t("kick.done", name="dana")
    await fake.idle()
    assert "dana" not in seats()
    await fake.click(u["alice"], lobby, t("lobby.leave"))
    assert "alice" not in seats() and "bob 👑" in seats(), seats()
    res = await fake.click(u["cyril"], lobby, t("lobby.cancel"))
    assert await refusal(res) == t("error.not_host", host="bob")
    # bob (now host) adds an AI and starts; joining afterwards is refused
    await fake.click(u["bob"], lobby, t("lobby.ai"))
    assert "AI 1 · medium 🤖" in seats()  # Add AI seats the default level
    res = await fake.slash(u["cyril"], ch, "game start")
    assert res.ephemeral
    await fake.idle()
    assert board_message(fake, ch) is not None
    res = await fake.slash(u["emil"], ch, "game join")
    assert await refusal(res) == t("error.not_in_lobby")
    res = await fake.slash(u["bob"], ch, "game abandon")
    assert res.content == t("host.abandoned", name="bob")
    # a new table; the host closes it with Cancel; the channel is free again
    res = await fake.slash(u["emil"], ch, "game new tek", turn_clock="off")
    await fake.click(u["emil"], res.message, t("lobby.cancel"))
    assert t("lobby.cancelled") in res.message.text(history=False)
    res = await fake.slash(u["emil"], ch, "game status")
    assert await refusal(res) == t("error.no_session")
