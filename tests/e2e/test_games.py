"""Every registered game, played to the final standings through Discord only: slash commands,
lobby buttons, board components and the DM prompts, at two player counts and at its largest
table. What is expected of a game is read from the game itself (its presenter's declarations,
whether it has secret decisions), not from a list of games."""

from __future__ import annotations

import re
from typing import Any

import pytest

import games
from bot.core.ai_runner import seat_label
from bot.core.takeback import LogReplay
from bot.text import presenters
from bot.text.i18n import t
from tests.e2e.driver import Driver, Player, board_message
from tests.e2e.helpers import (
    board_png,
    files_sent_to,
    has_private_prompts,
    is_png,
    open_table,
    prompt_versions,
    table_id,
)

GAMES = sorted(games.REGISTRY)


async def private_deciders(world: Any, rec: Any, all_private: bool) -> set[str]:
    """The players who made a decision that is prompted privately (a secret move, or any move
    of a game whose every prompt is private), read from the stored log."""
    game = world.bot.host.game(rec.game)
    replay = LogReplay.start(game, rec)
    out: set[str] = set()
    for m in await world.bot.host.moves(rec.id):
        before = replay.state
        replay.step(m)
        if m.source == "player" and (all_private or game.is_secret(before, m.player_id, m.move)):
            out.add(m.player_id)
    return out


def third_seat(game: str) -> tuple[tuple[str, ...], int]:
    """The third seat of a 3-seat game: (humans joining by /game join, AI seats). Every
    other game takes a human by ``/game join`` and the rest an AI seat, so both ways of filling
    a seat are played."""
    return (("cyril",), 0) if GAMES.index(game) % 2 == 0 else ((), 1)


@pytest.mark.asyncio
@pytest.mark.parametrize("seats", [2, 3])
@pytest.mark.parametrize("game", GAMES)
async def test_full_game(world, game: str, seats: int) -> None:
    await world.start_bot()
    fake, ch, u = world.fake, world.channel, world.users
    humans = ["alice", "bob"]
    join_cmd: tuple[str, ...] = ()
    ai = 0
    if seats == 3:
        join_cmd, ai = third_seat(game)
        humans += list(join_cmd)
    lobby = await open_table(world, game, join=("bob",), join_cmd=join_cmd, ai=ai)
    sid = table_id(lobby)

    # the lobby turned into a record of the table: no buttons, every seat listed
    assert lobby.components == [] or not lobby.buttons(), lobby.components
    assert t("lobby.running") in lobby.text(history=False)
    seat_field = lobby.embeds[0]["fields"][0]
    assert seat_field["name"].startswith(f"Players ({seats}/")
    for name in humans:
        assert name in seat_field["value"]

    # the board: an embed with the PNG attached as board.png
    board = board_message(fake, ch)
    assert board is not None and table_id(board) == sid
    assert is_png(board_png(fake, board))

    driver = Driver(fake, ch, [Player(u[n]) for n in humans], seed=seats)
    final = await driver.play()
    assert driver.stats.refusals == []

    # final standings: every seat once, ranks in order, a score each
    text = final.embeds[0]["description"]
    rows = [line for line in text.splitlines() if "**" in line]
    names = [re.search(r"\*\*(.+?)\*\*", line).group(1) for line in rows]  # type: ignore[union-attr]
    expected = humans + [f"AI {i + 1} · medium" for i in range(ai)]  # Add AI: the default
    assert sorted(names) == sorted(expected), text
    assert rows[0].startswith("🥇"), text
    scores = [int(re.search(r"— (-?\d+)", line).group(1)) for line in rows]  # type: ignore[union-attr]
    assert scores == sorted(scores, reverse=True), text
    # ... exactly what the engine says of the stored game
    rec = await world.bot.host.get(sid)
    outcome = world.bot.host.game(game).outcome(world.bot.host.state(rec))
    by_name = {s.player_id: seat_label(s) for s in rec.seats}
    expected = sorted((by_name[r["player"]], r["score"]) for r in outcome)
    assert expected == sorted(zip(names, scores, strict=True)), (expected, text)
    assert f"table #{sid}" in final.embeds[0]["title"]

    # the board shows the end and offers nothing to click
    board = board_message(fake, ch)
    assert t("board.finished") in board.text(history=False)
    assert not [c for c in board.custom_ids if c.startswith(("ct:m:", "ct:s:", "ct:o:"))]
    assert is_png(board_png(fake, board))

    if has_private_prompts(game):
        # secret decisions were made from DM prompts, each with the private image. Who owed a
        # private decision depends on the play: in a game whose every prompt is private
        # someone did; a TEK human may never be at war (its AI seat thinks against a clock,
        # so the play differs under load): then nobody did, and nobody got a prompt
        owed = await private_deciders(world, rec, presenters.get(game).private_prompts)
        if presenters.get(game).private_prompts:
            assert owed, "nobody made a private decision"
        assert (driver.stats.via["dm"] > 0) == bool(owed), (driver.stats.via, owed)
        for name in humans:
            prompts = [v for m in fake.dms(u[name]) for v in prompt_versions(m)]
            assert prompts or str(u[name].id) not in owed, f"{name} got no private prompt"
            if not prompts:
                continue
            for v in prompts:
                assert "only you see this" in v["embeds"][0]["title"]
                assert "board.png" in v["attachments"], v["attachments"]
                assert v["embeds"][0]["image"]["url"].endswith("/board.png")
            dm_channel = u[name].dm_channel
            files = files_sent_to(fake, dm_channel.id)
            assert files and all(n == "board.png" and is_png(data) for n, data in files)
            if presenters.get(game).private_prompts:
                # prompts that show a private view: the private image is the player's own
                # view, not a copy of the public board
                public = {data for _, data in files_sent_to(fake, ch.id)}
                assert not public & {data for _, data in files}
    else:
        # an open game: every decision is on the board, nobody is DMed a prompt
        assert driver.stats.via == {"board": driver.stats.actions, "dm": 0, "ephemeral": 0}
        assert all(not m.custom_ids for n in humans for m in fake.dms(u[n]))

    # the server's standings for this game: the humans (AI seats are not rated), 1 game each
    res = await fake.slash(u["alice"], ch, "standings", game=game)
    rated = [line for line in res.text().splitlines() if "<@" in line]
    assert sorted(rated) == sorted(line for line in rated if " · 1 game · " in line)
    assert {re.search(r"<@(\d+)>", line).group(1) for line in rated} == {  # type: ignore[union-attr]
        str(u[n].id) for n in humans
    }

    # nothing the bot posted points at a missing image, no error answers
    assert not fake.problems()

    # no "it's your turn" ping is left standing under the final standings
    pings = [m for m in fake.messages(ch) if m.content.startswith(("🎲", "✉️"))]
    assert not pings, pings


@pytest.mark.asyncio
@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
async def test_full_table(world, game: str) -> None:
    """Each game's largest table: every message stays within Discord's limits
    (``fake.problems()``)."""
    fake, ch, u = world.fake, world.channel, world.users
    seats = games.get(game).max_players
    names = ["alice", "bob", "cyril", "dana", "emil", "filip", "mod", "outsider"][:seats]
    await world.start_bot()
    lobby = await open_table(world, game, join=tuple(names[1:]))
    assert f"Players ({seats}/{seats})" in lobby.text()
    final = await Driver(fake, ch, [Player(u[n]) for n in names], seed=seats).play()
    rows = [line for line in final.embeds[0]["description"].splitlines() if "**" in line]
    assert sorted(re.search(r"\*\*(.+?)\*\*", r).group(1) for r in rows) == sorted(names)  # type: ignore[union-attr]
    assert not fake.problems()
