"""The other slash commands: rules, status, board, hand, log, leave, abandon, kick, and the
long-term ``/standings`` and ``/stats`` after finished games."""

from __future__ import annotations

import re

import pytest

import games
from bot.text import presenters
from bot.text.i18n import t, tn
from tests.e2e.driver import Driver, Player, board_message, final_message
from tests.e2e.helpers import board_png, is_png, move_count, open_table, refusal, table_id
from tests.fakediscord.models import walk_components

TITLES = {g.id: g.title for g in games.REGISTRY.values()}


EXPECTED_COMMANDS = (
    {f"game new {g}" for g in TITLES}
    | {
        f"game {c}"
        for c in (
            "join",
            "leave",
            "ai",
            "start",
            "status",
            "board",
            "hand",
            "log",
            "abandon",
            "end",
            "kick",
            "rules",
            "history",
            "replay",
            "export",
            "card",
        )
    }
    | {"standings", "stats", "crowntable language", "help", "teach on", "teach off"}
    | {"game mine", "mine", "crowntable mydata", "crowntable forget-me"}  # issues 27, 31
    | {"crowntable away", "crowntable back", "crowntable notify"}
)


@pytest.mark.asyncio
async def test_commands_register_globally_and_per_guild(world) -> None:
    fake, ch, u = world.fake, world.channel, world.users
    await world.start_bot()
    assert set(fake.command_paths()) == EXPECTED_COMMANDS
    # games are played in server channels: /game is not offered in DMs; /mine and /crowntable
    # are (issue 27: a player's tables, vacation and notifications; issue 31: their data)
    for cmd in fake.commands[None]:
        if cmd["name"] == "mine":
            assert cmd.get("contexts") == [0, 1], cmd
            continue
        if cmd["name"] != "crowntable":
            assert cmd.get("dm_permission") is False or cmd.get("contexts") == [0], cmd["name"]
    await world.stop_bot()
    fake.commands.clear()
    await world.start_bot(dev_guild_id=world.guild.id)  # DEV_GUILD_ID: instant guild sync
    assert set(fake.command_paths(world.guild)) == EXPECTED_COMMANDS
    res = await fake.slash(u["alice"], ch, "game rules", game="tek")
    assert res.ephemeral and res.embeds


@pytest.mark.asyncio
async def test_rules_for_each_game(world) -> None:
    fake, ch, u = world.fake, world.channel, world.users
    await world.start_bot()
    for game, title in TITLES.items():
        res = await fake.slash(u["outsider"], ch, "game rules", game=game)
        assert res.ephemeral, res
        embed = res.embeds[0]
        assert embed["title"] == t("rules.title", game=title)
        text = embed["description"]
        assert len(text) > 300 and text != t("rules.none"), (game, text[:100])
        # the first page: the game's overview (goal and a turn), from its presenter
        assert presenters.get(game).rules_page("overview")[1] in text, (game, text[:200])
    assert fake.messages(ch) == []  # nothing public


@pytest.mark.asyncio
async def test_status_board_hand_log(world) -> None:
    fake, ch, u = world.fake, world.channel, world.users
    alice, bob, outsider = u["alice"], u["bob"], u["outsider"]
    await world.start_bot()
    lobby = await open_table(world, "empire_engine", join=("bob",), start=False)
    sid = table_id(lobby)

    # in the lobby: status shows the lobby, the other commands say the game is not running
    res = await fake.slash(outsider, ch, "game status")
    assert res.ephemeral and "Players (2/" in res.text()
    res = await fake.slash(alice, ch, "game log")
    assert await refusal(res) == t("error.not_running")
    res = await fake.slash(bob, ch, "game start")
    assert res.ephemeral and t("lobby.started") in res.text()
    await fake.idle()
    board = board_message(fake, ch)
    assert board is not None and table_id(board) == sid
    assert t("lobby.running") in lobby.text(history=False)

    # status: only to the caller, with the public board image
    res = await fake.slash(outsider, ch, "game status")
    assert res.ephemeral and f"table #{sid}" in res.text()
    assert (
        is_png(res.attachments[0])
        if res.attachments
        else is_png(res.followups[-1].attachment("board.png"))
    )

    # log: no moves yet, then the first moves
    res = await fake.slash(alice, ch, "game log")
    assert res.ephemeral and t("log.empty") in res.text()
    driver = Driver(fake, ch, [Player(alice), Player(bob)], seed=1)
    # empire_engine lays one card at a time: round 1 is 6 moves for two, in 4 choices (the
    # first card laid with its action is one choice; then each second card's action)
    for _ in range(4):
        kind, player, dm = await fake.wait_for(driver.find_action, what="a DM prompt")
        await driver.act(kind, player, dm)
        await fake.idle()
    assert await move_count(world, sid) == 6
    res = await fake.slash(alice, ch, "game log")
    assert res.ephemeral and res.embeds[0]["title"] == t("log.title", id=sid)
    assert "Round 1 reveal" in res.text() and t("log.empty") not in res.text()

    # hand: the caller's private view with the private image; outsiders are refused
    res = await fake.slash(bob, ch, "game hand")
    msg = res.followups[-1] if res.followups else res.message
    assert msg.ephemeral and "only you see this" in msg.embeds[0]["title"]
    assert is_png(msg.attachment("board.png"))
    assert "Your score pile" in msg.text()
    res = await fake.slash(outsider, ch, "game hand")
    assert await refusal(res) == t("error.not_seated")
    # "My view" button on the board does the same
    res = await fake.click(alice, board_message(fake, ch), t("board.my_view"))
    msg = res.followups[-1] if res.followups else res.message
    assert msg.ephemeral and "only you see this" in msg.embeds[0]["title"]

    # board: reposted at the bottom; the old one keeps its picture but loses its buttons
    old = board_message(fake, ch)
    res = await fake.slash(outsider, ch, "game board")
    assert res.ephemeral and t("board.reposted") in res.text()
    await fake.idle()
    new = board_message(fake, ch)
    assert new.id != old.id and fake.messages(ch)[-1] is new
    interactive = {2, 3, 5, 6, 7, 8}  # buttons and selects (a V2 text display stays)
    assert not [c for c in walk_components(old.components) if c.get("type") in interactive]
    assert old.attachments
    assert is_png(board_png(fake, new)) and t("board.my_view") in new.labels


@pytest.mark.asyncio
async def test_leave_kick_abandon(world) -> None:
    fake, ch, u = world.fake, world.channel, world.users
    alice, bob, cyril, mod = u["alice"], u["bob"], u["cyril"], u["mod"]
    await world.start_bot()
    lobby = await open_table(world, "majesty", join=("bob", "cyril"))
    sid = table_id(lobby)

    # kick: only the host or Manage Channels; not yourself; only seated players
    res = await fake.slash(bob, ch, "game kick", member=cyril)
    assert await refusal(res) == t("error.not_host", host="alice")
    res = await fake.slash(alice, ch, "game kick", member=alice)
    assert await refusal(res) == t("error.kick_self")
    res = await fake.slash(alice, ch, "game kick", member=cyril)
    assert res.ephemeral and res.content == t("kick.done", name="cyril")
    await fake.idle()
    assert t("host.kicked", name="cyril") in board_message(fake, ch).text(history=False)

    # leave: an AI takes bob's seat, the game goes on
    res = await fake.slash(bob, ch, "game leave")
    assert t("lobby.left_running") in res.text()
    await fake.idle()
    # bob's turn was played by the AI at once (its moves push the line out of the board's
    # 8-line log in the same update, so we read the move log)
    moves = await world.bot.host.moves(sid)
    assert any(m.player_id == str(bob.id) and m.source == "ai" for m in moves), moves
    assert "**bob**" not in board_message(fake, ch).text(history=False).split("⏳")[-1]
    res = await fake.slash(bob, ch, "game leave")
    assert res.ephemeral  # already an AI seat: nothing more to leave

    # abandon: not by a plain player, yes by Manage Channels
    moves = await move_count(world, sid)
    res = await fake.slash(bob, ch, "game abandon")
    assert await refusal(res) == t("error.not_host", host="alice")
    assert await move_count(world, sid) == moves
    res = await fake.slash(mod, ch, "game abandon")
    assert not res.ephemeral and res.content == t("host.abandoned", name="mod")
    await fake.idle()
    board = board_message(fake, ch)
    assert t("board.abandoned") in board.text(history=False)
    assert not [c for c in board.custom_ids if c.startswith(("ct:m:", "ct:s:", "ct:o:"))]
    assert final_message(fake, ch) is None
    res = await fake.slash(alice, ch, "game status")
    assert await refusal(res) == t("error.no_session")
    # the channel is free again
    res = await fake.slash(alice, ch, "game new empire_engine", turn_clock="off")
    assert not res.ephemeral and t("lobby.join") in res.labels
    # an abandoned game is not rated
    res = await fake.slash(alice, ch, "standings")
    assert t("standings.empty") in res.text()


@pytest.mark.asyncio
async def test_kick_someone_not_seated(world) -> None:
    fake, ch, u = world.fake, world.channel, world.users
    await world.start_bot()
    await open_table(world, "majesty", join=("bob",))
    res = await fake.slash(u["alice"], ch, "game kick", member=u["dana"])
    text = await refusal(res)
    assert text in (
        t("error.nobody_to_kick", name="dana"),
        t("error.nobody_to_kick", name=f"<@{u['dana'].id}>"),
    ), text


@pytest.mark.asyncio
async def test_standings_and_stats_after_finished_games(world) -> None:
    fake, ch, u = world.fake, world.channel, world.users
    alice, bob, cyril = u["alice"], u["bob"], u["cyril"]
    await world.start_bot()
    res = await fake.slash(alice, ch, "standings")
    assert t("standings.empty") in res.text()
    res = await fake.slash(alice, ch, "stats")
    assert t("stats.empty") in res.text()

    winners = {}
    for game, seats, seed in (("majesty", ("bob",), 1), ("empire_engine", ("bob", "cyril"), 2)):
        await open_table(world, game, join=seats)
        players = [Player(alice)] + [Player(u[n]) for n in seats]
        final = await Driver(fake, ch, players, seed=seed).play()
        first = final.embeds[0]["description"].splitlines()[0]
        winners[game] = re.search(r"\*\*(.+?)\*\*", first).group(1)  # type: ignore[union-attr]
        await fake.idle()

    # /standings: public, every player of each game with their games count
    res = await fake.slash(cyril, ch, "standings")
    assert not res.ephemeral
    text = res.text()
    assert res.embeds[0]["title"] == t("standings.title", game=t("standings.all"))
    for user, n in ((alice, 2), (bob, 2), (cyril, 1)):
        rows = [line for line in text.splitlines() if f"<@{user.id}>" in line]
        assert len(rows) == n, (user.name, rows)
        assert all(" · 1 game · " in r for r in rows), rows
    res = await fake.slash(cyril, ch, "standings", game="majesty")
    rows = [line for line in res.text().splitlines() if "<@" in line]
    assert len(rows) == 2 and f"<@{cyril.id}>" not in res.text()
    win_row = next(r for r in rows if f"<@{u[winners['majesty']].id}>" in r)
    assert " · 1 win" in win_row and "1 wins" not in win_row

    # /stats: your own, and someone else's
    res = await fake.slash(alice, ch, "stats")
    assert not res.ephemeral and res.embeds[0]["title"] == t("stats.title", name="alice")
    text = res.text()
    assert "**Majesty: For the Realm**: 1 game," in text and "**Empire Engine**: 1 game," in text
    assert t("stats.recent") in text
    assert len(re.findall(r"\d(st|nd|rd|th) of \d \(\d+ (point|points)\)", text)) == 2, text
    res = await fake.slash(alice, ch, "stats", member=cyril)
    assert res.embeds[0]["title"] == t("stats.title", name="cyril")
    assert "**Empire Engine**: 1 game," in res.text() and "Majesty" not in res.text()
    wins = 1 if winners["empire_engine"] == "cyril" else 0
    assert f"1 game, {tn('count.wins', wins)}" in res.text()


@pytest.mark.asyncio
@pytest.mark.parametrize("game_id", sorted(TITLES))
async def test_every_board_image_carries_alt_text(world, game_id) -> None:
    """Issue 13 item 6: the board attachment has a one-line description (game and scores)."""
    fake, ch = world.fake, world.channel
    await world.start_bot()
    await open_table(world, game_id, join=("bob",))
    await fake.idle()
    board = board_message(fake, ch)
    assert board is not None
    pictures = [a for a in board.attachments if a.filename == "board.png"]
    assert pictures, "the board has no picture"
    alt = pictures[0].description or ""
    assert "alice" in alt and "bob" in alt and "\n" not in alt and len(alt) <= 1024, alt
