"""The fake Discord works with the real, unmodified discord.py client.

A small bot defined here uses what Crowntable uses (an app command group with a subcommand
group and typed options, a persistent DynamicItem button, a select, DMs, ephemeral replies,
a deferred reply whose follow-up carries a PNG inside an embed, edits) and the tests check
what the fake recorded, then inject each fault.
"""

from __future__ import annotations

import asyncio
import struct
import time
import zlib
from collections.abc import AsyncIterator
from dataclasses import dataclass

import discord
import pytest
import pytest_asyncio
from discord import app_commands
from discord.ext import commands

from tests.fakediscord import EPHEMERAL, FakeDiscord, FakeTimeout, UserCannot, png_size

#: this file's own test bot answers through the deprecated defer + follow-up path on purpose
#: (the fake models it); the e2e suite keeps the check on (the bot never uses it)
OLD_PATHS = {"deprecated_paths"}


def tiny_png(width: int = 3, height: int = 2) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    raw = b"".join(b"\x00" + b"\xff\x00\x00" * width for _ in range(height))
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )


PNG = tiny_png()


# --- the bot under test -----------------------------------------------------------------
class JoinButton(discord.ui.DynamicItem[discord.ui.Button], template=r"t:join:(?P<sid>\d+)"):
    """Persistent: rebuilt from its custom_id, so it works on messages from before a restart."""

    def __init__(self, sid: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Join", style=discord.ButtonStyle.primary, custom_id=f"t:join:{sid}"
            )
        )
        self.sid = sid

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["sid"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        interaction.client.events.append(("join", self.sid, interaction.user.id))
        await interaction.response.edit_message(
            content=f"Lobby {self.sid}: {interaction.user.name} joined"
        )


class LobbyView(discord.ui.View):
    def __init__(self, sid: int) -> None:
        super().__init__(timeout=None)
        self.add_item(JoinButton(sid))
        self.add_item(discord.ui.Button(label="Closed", custom_id="t:closed", disabled=True))
        self.add_item(discord.ui.Button(label="Rules", url="https://example.com/rules"))

    @discord.ui.select(
        custom_id="t:seat",
        placeholder="Pick a seat",
        row=1,
        options=[discord.SelectOption(label=f"Seat {i}", value=str(i)) for i in range(1, 4)],
    )
    async def seat(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        interaction.client.events.append(("seat", select.values, interaction.user.id))
        await interaction.response.send_message(
            f"You sit in seat {select.values[0]}", ephemeral=True
        )


class SecretView(discord.ui.View):
    """Sent ephemerally and by DM; its button answers ephemerally / by deferring + editing."""

    def __init__(self) -> None:
        super().__init__(timeout=60)

    @discord.ui.button(label="Reveal", custom_id="t:reveal")
    async def reveal(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        interaction.client.events.append(("reveal", interaction.user.id, interaction.guild_id))
        await interaction.response.defer()  # type 6 (deferred update)
        await interaction.edit_original_response(content="revealed: 7 of swords", view=None)


class AskModal(discord.ui.Modal, title="Name your kingdom"):
    kingdom = discord.ui.TextInput(label="Kingdom", custom_id="t:kingdom", max_length=20)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        interaction.client.events.append(("modal", self.kingdom.value))
        await interaction.response.send_message(f"Welcome to {self.kingdom.value}", ephemeral=True)


game = app_commands.Group(name="game", description="Play a game")
admin = app_commands.Group(name="admin", description="Admin tools", parent=game)


@game.command(name="new", description="Open a lobby")
@app_commands.describe(game="Which game", players="How many seats")
@app_commands.choices(
    game=[
        app_commands.Choice(name="Majesty", value="majesty"),
        app_commands.Choice(name="Elves", value="elves"),
    ]
)
async def game_new(
    interaction: discord.Interaction,
    game: app_commands.Choice[str],
    players: app_commands.Range[int, 2, 4] = 2,
    public: bool = True,
) -> None:
    bot = interaction.client
    bot.events.append(("new", game.value, players, public, type(interaction.channel).__name__))
    sid = len(bot.events)
    await interaction.response.send_message(
        f"Lobby {sid} for {game.value} ({players} seats)", view=LobbyView(sid)
    )


@admin.command(name="reset", description="Reset the table")
async def admin_reset(
    interaction: discord.Interaction, confirm: bool, who: discord.Member | None = None
) -> None:
    interaction.client.events.append(
        ("reset", confirm, who.id if who else None, interaction.permissions.manage_channels)
    )
    await interaction.response.send_message(f"reset={confirm}", ephemeral=True)


@app_commands.command(name="hand", description="Your secret hand")
async def hand(interaction: discord.Interaction) -> None:
    await interaction.response.send_message(
        "Your hand: 7 of swords", ephemeral=True, view=SecretView()
    )


@app_commands.command(name="board", description="Show the board")
async def board(interaction: discord.Interaction) -> None:
    await interaction.response.defer(thinking=True)
    embed = discord.Embed(title="Board", description="Round 1").set_image(
        url="attachment://board.png"
    )
    await interaction.followup.send(
        embed=embed, file=discord.File(__import__("io").BytesIO(PNG), "board.png")
    )
    await interaction.edit_original_response(content="Board (edited)")


@app_commands.command(name="announce", description="Post and edit a channel message")
async def announce(interaction: discord.Interaction) -> None:
    await interaction.response.defer(ephemeral=True)
    msg = await interaction.channel.send("Round 1 begins")
    await msg.edit(content="Round 1 begins (edited)")
    await interaction.followup.send("done", ephemeral=True)


@app_commands.command(name="dm", description="DM a player")
async def dm(interaction: discord.Interaction, user: discord.User) -> None:
    await interaction.response.defer(ephemeral=True)
    try:
        await user.send("Your secret: 42", view=SecretView())
    except discord.Forbidden as exc:
        interaction.client.events.append(("forbidden", exc.status, exc.code))
        await interaction.followup.send(
            f"DMs closed ({exc.code})", ephemeral=True, view=SecretView()
        )
    else:
        await interaction.followup.send("sent", ephemeral=True)


@app_commands.command(name="ask", description="Open a modal")
async def ask(interaction: discord.Interaction) -> None:
    await interaction.response.send_modal(AskModal())


@app_commands.command(name="slow", description="Answers after a delay")
async def slow(interaction: discord.Interaction, seconds: float) -> None:
    await asyncio.sleep(seconds)
    await interaction.response.send_message(f"slept {seconds}")


@app_commands.command(name="twice", description="Answers twice (a bug)")
async def twice(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("first")
    try:
        await interaction.followup.send("second via webhook")
        await discord.InteractionResponse(interaction).send_message("again")  # the bug
    except discord.HTTPException as exc:
        interaction.client.events.append(("twice", exc.status, exc.code))


@app_commands.command(name="local", description="A guild-only command")
async def local(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("local")


async def game_names(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    return [
        app_commands.Choice(name=n.title(), value=n)
        for n in ("majesty", "elves", "tek")
        if current in n
    ]


@app_commands.command(name="rules", description="Rules of a game")
@app_commands.autocomplete(game=game_names)
async def rules(interaction: discord.Interaction, game: str) -> None:
    await interaction.response.send_message(f"rules of {game}")


class FakeTestBot(commands.Bot):
    def __init__(self, guild_id: int) -> None:
        super().__init__(
            command_prefix="!", intents=discord.Intents.default(), guild_ready_timeout=0.05
        )
        self.guild_id = guild_id
        self.events: list[tuple] = []

    async def before_identify_hook(self, shard_id, *, initial=False) -> None:
        pass  # discord.py sleeps 5 s before every IDENTIFY but the first (INVALID_SESSION test)

    async def setup_hook(self) -> None:
        self.add_dynamic_items(JoinButton)
        for cmd in (game, hand, board, announce, dm, ask, slow, twice, rules):
            self.tree.add_command(cmd)
        self.tree.add_command(local, guild=discord.Object(self.guild_id))
        await self.tree.sync()
        await self.tree.sync(guild=discord.Object(self.guild_id))


def subprocess_bot(argv: list[str]) -> int:
    """The same bot as a process of its own (``FakeDiscord.spawn(target=...)``)."""
    FakeTestBot(int(argv[0])).run("fake-token", log_handler=None)
    return 0


# --- fixtures ---------------------------------------------------------------------------
@dataclass
class World:
    fake: FakeDiscord
    bot: FakeTestBot
    task: asyncio.Task
    guild: object
    general: object
    thread: object
    alice: object
    bob: object
    carol: object
    mod: object


async def start_bot(fake: FakeDiscord, guild_id: int) -> tuple[FakeTestBot, asyncio.Task]:
    bot = FakeTestBot(guild_id)
    task = asyncio.create_task(bot.start("fake-token"))
    await fake.wait_ready(task=task)
    return bot, task


async def stop_bot(fake: FakeDiscord, bot: FakeTestBot, task: asyncio.Task) -> None:
    await bot.close()
    await asyncio.wait_for(task, 10)
    await fake.wait_disconnected()


@pytest_asyncio.fixture
async def world() -> AsyncIterator[World]:
    async with FakeDiscord.running(disabled_checks=OLD_PATHS) as fake:
        guild = fake.add_guild("Crowntable Test")
        general = fake.add_channel(guild, "general")
        thread = fake.add_thread(general, "majesty-table")
        alice = fake.add_user("alice")
        bob = fake.add_user("bob")
        carol = fake.add_user("carol", dms_open=False)
        mod = fake.add_user("mod", manage_channels=True)
        bot, task = await start_bot(fake, guild.id)
        w = World(fake, bot, task, guild, general, thread, alice, bob, carol, mod)
        try:
            yield w
        finally:
            await stop_bot(fake, bot, task)
        assert not fake.unhandled, fake.unhandled


# --- connection and command registration ------------------------------------------------
@pytest.mark.asyncio
async def test_identify_ready_and_command_sync(world: World) -> None:
    fake, bot = world.fake, world.bot
    assert bot.user.id == fake.bot_user.id and bot.application_id == fake.application_id
    conn = fake.gateway.connections[0]
    assert conn.query["v"] == "10" and conn.query["encoding"] == "json"
    assert conn.query.get("compress") == "zlib-stream" and conn.compressor is not None
    identify = next(d for op, d in fake.gateway_log if op == 2)
    assert (
        identify["token"] == "<redacted>" and identify["intents"] == discord.Intents.default().value
    )
    assert any(op == 1 for op, _ in fake.gateway_log)  # heartbeats
    await asyncio.wait_for(bot.wait_until_ready(), 5)
    assert [g.id for g in bot.guilds] == [world.guild.id]
    cached = bot.get_guild(world.guild.id)  # no members intent: only the bot
    assert cached.member_count == 6 and [m.id for m in cached.members] == [bot.user.id]
    assert {c.name for c in bot.get_guild(world.guild.id).channels} == {"general"}
    assert bot.get_channel(world.thread.id).name == "majesty-table"
    paths = fake.command_paths()
    assert {"game new", "game admin reset", "hand", "board", "dm", "ask"} <= set(paths)
    assert fake.command_paths(world.guild) == ["local"]
    game_cmd = next(c for c in fake.commands[None] if c["name"] == "game")
    assert {o["name"]: o["type"] for o in game_cmd["options"]} == {"admin": 2, "new": 1}
    new = next(o for o in game_cmd["options"] if o["name"] == "new")
    assert [(o["name"], o["type"], o.get("required", False)) for o in new["options"]] == [
        ("game", 3, True),
        ("players", 4, False),
        ("public", 5, False),
    ]
    assert ("PUT", f"/applications/{fake.application_id}/guilds/{world.guild.id}/commands") in [
        (r.method, r.path) for r in fake.requests
    ]
    # the world can grow while the bot is connected (CHANNEL_CREATE precedes the interaction)
    late = fake.add_channel(world.guild, "late")
    dave = fake.add_user("dave")
    res = await fake.slash(dave, late, "game new", game="elves")
    assert bot.get_channel(late.id).name == "late" and bot.events[-1][-1] == "TextChannel"
    assert res.message.interaction.user is dave


# --- slash commands ---------------------------------------------------------------------
@pytest.mark.asyncio
async def test_slash_subcommands_options_and_lobby_message(world: World) -> None:
    fake, bot = world.fake, world.bot
    lobby = await fake.slash(world.alice, world.general, "game new majesty", players=3)
    assert lobby.type == 4 and not lobby.ephemeral and lobby.latency < 3
    assert bot.events[-1] == ("new", "majesty", 3, True, "TextChannel")
    assert lobby.content.startswith("Lobby 1 for majesty (3 seats)")
    assert lobby.labels == ["Join", "Closed", "Rules"]
    assert fake.messages(world.general) == [lobby.message]
    assert lobby.message.interaction.user is world.alice

    reset = await fake.slash(
        world.mod, world.general, "game admin reset", confirm=True, who=world.bob
    )
    assert reset.ephemeral and reset.flags & EPHEMERAL and reset.content == "reset=True"
    assert bot.events[-1] == ("reset", True, world.bob.id, True)
    assert reset.message not in fake.messages(world.general)
    assert fake.ephemerals(world.mod) == [reset.message]

    in_thread = await fake.slash(world.bob, world.thread, "game new", game="elves", public=False)
    assert bot.events[-1] == ("new", "elves", 2, False, "Thread")
    assert fake.messages(world.thread) == [in_thread.message]

    with pytest.raises(UserCannot, match="not one of the choices"):
        await fake.slash(world.alice, world.general, "game new", game="chess")
    with pytest.raises(UserCannot, match="no option"):
        await fake.slash(world.alice, world.general, "game new", game="majesty", speed=3)
    with pytest.raises(UserCannot, match="must be <= 4"):
        await fake.slash(world.alice, world.general, "game new", game="majesty", players=9)
    local = await fake.slash(world.alice, world.general, "local")
    assert local.content == "local"


# --- components -------------------------------------------------------------------------
@pytest.mark.asyncio
async def test_dynamic_button_select_and_concurrent_clicks(world: World) -> None:
    fake, bot = world.fake, world.bot
    lobby = await fake.slash(world.alice, world.general, "game new", game="majesty")
    joined = await fake.click(world.bob, lobby.message, "Join")
    assert joined.type == 7 and joined.message is lobby.message
    assert lobby.message.content == "Lobby 1: bob joined"
    assert len(lobby.message.versions) == 2 and "Lobby 1 for majesty" in lobby.message.text()
    assert bot.events[-1] == ("join", 1, world.bob.id)

    seat = await fake.select(world.alice, lobby, "Pick a seat", ["2"])
    assert seat.ephemeral and seat.content == "You sit in seat 2"
    assert bot.events[-1] == ("seat", ["2"], world.alice.id)
    await fake.select(world.bob, lobby, "t:seat", "Seat 3")  # by label
    assert bot.events[-1] == ("seat", ["3"], world.bob.id)

    with pytest.raises(UserCannot, match="disabled"):
        await fake.click(world.alice, lobby, "Closed")
    with pytest.raises(UserCannot, match="link button"):
        await fake.click(world.alice, lobby, "Rules")
    with pytest.raises(UserCannot, match="no component"):
        await fake.click(world.alice, lobby, "Leave")
    with pytest.raises(UserCannot, match="no option"):
        await fake.select(world.alice, lobby, "Pick a seat", ["9"])

    a, b = await fake.click_together((world.alice, lobby, "Join"), (world.bob, lobby, "Join"))
    assert (
        a.type == b.type == 7
        and abs(a.interaction.dispatched_at - b.interaction.dispatched_at) < 0.05
    )
    # discord.py runs a DynamicItem only if its custom_id is on the clicked message (as Discord
    # sends it now): a custom_id the message no longer has is dropped and never answered.
    forged = await fake.send_component(world.alice, lobby, "t:join:99", wait=False)
    await asyncio.sleep(0.3)
    assert forged.type is None and fake.unanswered(older_than=0.2) == [forged.interaction]
    assert ("join", 99, world.alice.id) not in bot.events
    joins = [e[2] for e in bot.events if e[0] == "join"]
    assert sorted(joins[-2:]) == sorted([world.alice.id, world.bob.id])
    assert fake.slowest_ack() < 3 and fake.unanswered(older_than=0) == [forged.interaction]


@pytest.mark.asyncio
async def test_ephemeral_button_defer_update_and_edit_original(world: World) -> None:
    fake, bot = world.fake, world.bot
    hand_ = await fake.slash(world.alice, world.general, "hand")
    assert hand_.ephemeral and hand_.labels == ["Reveal"]
    with pytest.raises(UserCannot, match="cannot see"):
        await fake.click(world.bob, hand_, "Reveal")
    revealed = await fake.click(world.alice, hand_, "Reveal")
    assert revealed.type == 6
    await fake.idle()
    assert hand_.message.content == "revealed: 7 of swords" and hand_.message.components == []
    assert bot.events[-1] == ("reveal", world.alice.id, world.guild.id)
    assert fake.messages(world.general) == []
    assert "7 of swords" not in "\n".join(x.text() for x in fake.visible_to(world.bob))
    assert "7 of swords" in "\n".join(x.text() for x in fake.everything_sent_to(world.alice))
    with pytest.raises(UserCannot, match="no component"):
        await fake.click(world.alice, hand_, "Reveal")  # the edit removed the button
    again = await fake.click(
        world.alice, hand_, "Reveal", stale=True
    )  # a client that missed the edit
    assert again.type == 6
    await fake.idle()
    assert not fake.problems()
    with pytest.raises(discord.NotFound):  # ephemeral: not reachable via /channels
        await world.bot.http.delete_message(world.general.id, hand_.message.id)
    [problem] = fake.problems()
    assert "10008" in problem and "is ephemeral" in problem


@pytest.mark.asyncio
async def test_deferred_reply_followup_with_png_in_embed(world: World) -> None:
    fake = world.fake
    res = await fake.slash(world.alice, world.general, "board")
    assert res.type == 5 and res.deferred and not res.ephemeral
    await fake.idle()
    msg = res.message
    assert not msg.loading and msg.content == "Board (edited)"
    assert fake.attachments(msg) == [PNG] and png_size(fake.attachments(res)[0]) == (3, 2)
    embed = msg.embeds[0]
    assert embed["title"] == "Board" and embed["image"]["attachment"] == "board.png"
    assert embed["image"]["url"] == msg.attachments[0].url and embed["image"]["width"] == 3
    upload = next(r for r in fake.requests if r.files)
    assert (
        upload.method == "POST"
        and upload.path.startswith("/webhooks/")
        and upload.files == [("board.png", PNG)]
    )
    assert not fake.warnings
    # the served attachment is readable through discord.py itself
    fetched = await world.bot.get_channel(world.general.id).fetch_message(msg.id)
    assert await fetched.attachments[0].read() == PNG


@pytest.mark.asyncio
async def test_channel_message_send_and_edit(world: World) -> None:
    fake = world.fake
    res = await fake.slash(world.alice, world.general, "announce")
    await fake.idle()
    [posted] = fake.messages(world.general)
    assert posted.content == "Round 1 begins (edited)" and posted.author is fake.bot_user
    assert [v["content"] for v in posted.versions] == ["Round 1 begins", "Round 1 begins (edited)"]
    assert res.ephemeral and res.content == "done"
    channel = world.bot.get_channel(world.general.id)
    second = await channel.send("temporary")
    await channel.delete_messages([discord.Object(posted.id), second])  # bulk delete
    assert fake.messages(world.general) == [] and posted.deleted
    assert "Round 1 begins" in fake.public_messages()[0].text()  # deleted still counts for leaks


# --- DMs --------------------------------------------------------------------------------
@pytest.mark.asyncio
async def test_dm_open_and_closed_and_click_in_dm(world: World) -> None:
    fake, bot = world.fake, world.bot
    sent = await fake.slash(world.alice, world.general, "dm", user=world.bob)
    assert sent.content == "sent"
    [dm_msg] = fake.dms(world.bob)
    assert dm_msg.content == "Your secret: 42" and dm_msg.channel.recipient is world.bob
    reveal = await fake.click(world.bob, dm_msg, "Reveal")
    assert reveal.interaction.payload["user"]["id"] == str(world.bob.id)
    assert "member" not in reveal.interaction.payload and reveal.interaction.payload["context"] == 1
    await fake.idle()
    assert dm_msg.content == "revealed: 7 of swords"
    assert bot.events[-1] == ("reveal", world.bob.id, None)

    closed = await fake.slash(world.alice, world.general, "dm", user=world.carol)
    assert closed.content == "DMs closed (50007)" and closed.ephemeral
    assert bot.events[-1] == ("forbidden", 403, 50007)
    assert fake.dms(world.carol) == [] and fake.blocked_dms[0][0] is world.carol
    assert "42" in fake.blocked_dms[0][1]["content"]


@pytest.mark.asyncio
async def test_modal_submit(world: World) -> None:
    fake, bot = world.fake, world.bot
    res = await fake.slash(world.alice, world.general, "ask")
    assert res.type == 9 and res.modal["title"] == "Name your kingdom"
    with pytest.raises(UserCannot, match="allows 20"):
        await fake.submit_modal(world.alice, res, {"t:kingdom": "x" * 21})
    done = await fake.submit_modal(world.alice, res, {"t:kingdom": "Elfheim"})
    assert done.content == "Welcome to Elfheim" and done.ephemeral
    assert bot.events[-1] == ("modal", "Elfheim")


# --- timing -----------------------------------------------------------------------------
@pytest.mark.asyncio
async def test_ack_latency_and_late_answers(world: World) -> None:
    fake = world.fake
    res = await fake.slash(world.alice, world.general, "slow", seconds=0.3)
    assert 0.3 <= res.latency < 2.5 and fake.slowest_ack() >= 0.3
    fake.ack_deadline = 0.5  # Discord's is 3 s; shortened to keep the test fast
    with pytest.raises(AssertionError, match="already failed"):
        await fake.slash(world.alice, world.general, "slow", seconds=0.7)
    assert fake.interactions()[-1].late


@pytest.mark.asyncio
async def test_double_acknowledge_is_refused(world: World) -> None:
    fake, bot = world.fake, world.bot
    res = await fake.slash(world.alice, world.general, "twice")
    await fake.idle()
    assert res.content == "first" and [f.content for f in res.followups] == ["second via webhook"]
    assert ("twice", 400, 40060) in bot.events


# --- faults -----------------------------------------------------------------------------
@pytest.mark.asyncio
async def test_rate_limit_is_retried(world: World) -> None:
    fake = world.fake
    fault = fake.rate_limit("POST /channels/*/messages", times=2, retry_after=0.2)
    await fake.slash(world.alice, world.general, "announce")
    await fake.idle()
    assert fault.hits == 2 and fake.messages(world.general)[0].content == "Round 1 begins (edited)"
    posts = [r.status for r in fake.requests if r.method == "POST" and r.path.endswith("/messages")]
    assert posts == [429, 429, 200]
    # interaction callbacks and follow-ups go through discord.py's webhook adapter: also retried
    fake.rate_limit("POST /interactions/*/*/callback", retry_after=0.1)
    fake.rate_limit("POST /webhooks/**", retry_after=0.1)
    res = await fake.slash(world.alice, world.general, "announce")
    assert res.content == "done"
    assert [r.status for r in fake.requests if r.fault] == [429, 429, 429, 429]


@pytest.mark.asyncio
async def test_server_error_is_retried_and_slow_response(world: World) -> None:
    fake = world.fake
    fake.server_error("POST /channels/*/messages", times=1, status=502)
    fake.slow("PATCH /channels/*/messages/*", 0.4)
    await fake.slash(world.alice, world.general, "announce", _timeout=8)
    await fake.idle(timeout=8)
    assert [r.status for r in fake.requests if r.path.endswith("/messages")] == [502, 200]
    assert fake.messages(world.general)[0].content == "Round 1 begins (edited)"
    assert any(r.fault == "slow" for r in fake.requests)


@pytest.mark.asyncio
async def test_forbidden_code_50007_reaches_the_bot(world: World) -> None:
    fake, bot = world.fake, world.bot
    user = await bot.fetch_user(world.carol.id)
    with pytest.raises(discord.Forbidden) as exc:
        await user.send("hello")
    assert exc.value.status == 403 and exc.value.code == 50007
    fake.set_dms_open(world.carol, True)
    await user.send("hello")
    assert [x.content for x in fake.dms(world.carol)] == ["hello"]


@pytest.mark.asyncio
async def test_dropped_gateway_resumes_and_replays(world: World) -> None:
    fake, bot = world.fake, world.bot
    resumed = asyncio.Event()

    async def on_resumed() -> None:
        resumed.set()

    bot.add_listener(on_resumed)
    await fake.drop_gateway()
    await asyncio.wait_for(resumed.wait(), 5)
    res = await fake.slash(world.alice, world.general, "hand")
    assert res.content == "Your hand: 7 of swords"
    # an interaction dispatched while the connection is down is replayed on RESUME
    await fake.drop_gateway(abrupt=True, wait_resumed=False)
    await fake.wait_for(lambda: not fake.gateway.connected, timeout=5)
    res = await fake.slash(world.bob, world.general, "hand", _timeout=10)
    assert res.content == "Your hand: 7 of swords"
    assert fake.gateway.session.resumes == 2
    assert [c.query.get("compress") for c in fake.gateway.connections] == ["zlib-stream"] * 3
    await fake.request_reconnect()
    assert fake.gateway.session.resumes == 3
    assert (await fake.slash(world.alice, world.general, "local")).content == "local"
    await fake.invalidate_session()  # a fresh IDENTIFY, new session
    assert len(fake.gateway.sessions) == 2 and fake.gateway.session.resumes == 0
    assert (await fake.slash(world.alice, world.general, "local")).content == "local"


# --- restart ----------------------------------------------------------------------------
@pytest.mark.asyncio
async def test_new_bot_process_handles_old_messages() -> None:
    async with FakeDiscord.running(disabled_checks=OLD_PATHS) as fake:
        guild = fake.add_guild()
        general = fake.add_channel(guild, "general")
        alice, bob = fake.add_user("alice"), fake.add_user("bob")
        bot, task = await start_bot(fake, guild.id)
        lobby = await fake.slash(alice, general, "game new", game="majesty")
        await stop_bot(fake, bot, task)
        assert not fake.gateway.connected
        with pytest.raises(FakeTimeout):  # nobody is listening: it fails
            await fake.click(bob, lobby, "Join", timeout=0.3)
        bot2, task2 = await start_bot(fake, guild.id)
        try:
            joined = await fake.click(bob, lobby, "Join")  # a message from before the restart
            assert joined.type == 7 and lobby.message.content == "Lobby 1: bob joined"
            assert bot2.events == [("join", 1, bob.id)]
            assert len(fake.gateway.sessions) == 2
        finally:
            await stop_bot(fake, bot2, task2)


@pytest.mark.asyncio
async def test_bot_in_its_own_process_survives_a_crash() -> None:
    async with FakeDiscord.running(disabled_checks=OLD_PATHS) as fake:
        guild = fake.add_guild()
        general = fake.add_channel(guild, "general")
        alice, bob = fake.add_user("alice"), fake.add_user("bob")
        check = await fake.spawn("hello", target="tests.fakediscord.launch:selfcheck")
        assert await check.wait() == 0, check.output()
        assert check.output().split() == [fake.api_base, fake.gateway_url, "hello"]

        target = "tests.test_fakediscord:subprocess_bot"
        proc = await fake.spawn(str(guild.id), target=target)
        try:
            await fake.wait_ready(timeout=30, task=proc)
            lobby = await fake.slash(alice, general, "game new", game="elves")
        finally:
            await proc.kill()  # a crash: no clean close
        await fake.wait_disconnected()
        proc2 = await fake.spawn(str(guild.id), target=target)
        try:
            await fake.wait_for(lambda: fake.gateway.connected, timeout=30)
            await fake.click(bob, lobby, "Join")
            assert lobby.message.content == "Lobby 1: bob joined"
        finally:
            assert await proc2.stop() == 0, proc2.output()
        assert [c.session.resumes for c in fake.gateway.connections] == [0, 0]
        assert not fake.problems()


@pytest.mark.asyncio
async def test_autocomplete_who_saw_and_problems(world: World) -> None:
    fake = world.fake
    assert await fake.autocomplete(world.alice, world.general, "rules", "game", "es") == [
        {"name": "Majesty", "value": "majesty"},
        {"name": "Elves", "value": "elves"},
    ]
    assert (
        await fake.slash(world.alice, world.general, "rules", game="tek")
    ).content == "rules of tek"
    await fake.slash(world.alice, world.general, "hand")
    await fake.slash(world.alice, world.general, "dm", user=world.bob)
    await fake.slash(world.alice, world.general, "dm", user=world.carol)
    await fake.idle()
    assert fake.who_saw("7 of swords") == {world.alice}
    assert fake.who_saw("Your secret: 42") == {world.bob}  # carol's DM was refused
    assert fake.who_saw("rules of tek") == {
        world.alice,
        world.bob,
        world.carol,
        world.mod,
        fake.owner,
    }
    assert not fake.problems()
    await fake.slash(world.alice, world.general, "twice")
    await fake.idle()
    assert any("already acknowledged" in p for p in fake.problems())


@pytest.mark.asyncio
async def test_members_intent_gets_members_and_chunks() -> None:
    async with FakeDiscord.running(disabled_checks=OLD_PATHS) as fake:
        guild = fake.add_guild()
        fake.add_channel(guild, "general")
        alice = fake.add_user("alice")
        intents = discord.Intents.default()
        intents.members = True
        client = discord.Client(intents=intents, guild_ready_timeout=0.05)
        task = asyncio.create_task(client.start("token"))
        try:
            await fake.wait_ready(commands=False, task=task)
            await asyncio.wait_for(client.wait_until_ready(), 5)
            assert {m.name for m in client.get_guild(guild.id).members} == {
                "Crowntable",
                "app-owner",
                "alice",
            }
            chunked = await asyncio.wait_for(client.get_guild(guild.id).chunk(), 5)
            assert len(chunked) == 3 and any(
                op == 8 for op, _ in fake.gateway_log
            )  # REQUEST_GUILD_MEMBERS
            member = await client.get_guild(guild.id).fetch_member(alice.id)
            assert member.name == "alice"
        finally:
            await client.close()
            await asyncio.wait_for(task, 10)


class TwoShardBot(discord.AutoShardedClient):
    async def before_identify_hook(self, shard_id, *, initial=False) -> None:
        pass  # discord.py waits 5 s between IDENTIFYs by default


@pytest.mark.asyncio
async def test_two_shards_get_their_own_guilds() -> None:
    async with FakeDiscord.running(disabled_checks=OLD_PATHS) as fake:
        ms = int(time.time() * 1000) - 1420070400000  # a snowflake's top bits: its timestamp
        even = fake.add_guild("even", id=((ms & ~1) << 22) + 1)  # shard (id >> 22) % 2 == 0
        odd = fake.add_guild("odd", id=((ms | 1) << 22) + 1)  # shard 1
        chans = {g.name: fake.add_channel(g, "general") for g in (even, odd)}
        alice = fake.add_user("alice")
        client = TwoShardBot(
            intents=discord.Intents.default(), shard_count=2, guild_ready_timeout=0.05
        )
        seen: list[tuple[int, int | None]] = []

        @client.event
        async def on_interaction(interaction: discord.Interaction) -> None:
            seen.append((interaction.guild_id, client.get_guild(interaction.guild_id).shard_id))
            await interaction.response.send_message("ok")

        fake.commands[None] = [{"id": "1", "name": "ping", "description": "p", "type": 1}]
        task = asyncio.create_task(client.start("token"))
        try:
            await fake.wait_for(
                lambda: len(fake.gateway.live_sessions) == 2 and fake.gateway.connected,
                timeout=10,
                what="two shards",
            )
            assert sorted(s.shard[0] for s in fake.gateway.live_sessions) == [0, 1]
            await asyncio.wait_for(client.wait_until_ready(), 5)
            assert {g.name: g.shard_id for g in client.guilds} == {"even": 0, "odd": 1}
            for name in ("even", "odd"):
                assert (await fake.slash(alice, chans[name], "ping")).content == "ok"
            assert seen == [(even.id, 0), (odd.id, 1)]
        finally:
            await client.close()
            await asyncio.wait_for(task, 10)


@pytest.mark.asyncio
async def test_wrong_token_is_refused() -> None:
    async with FakeDiscord.running(token="right-token") as fake:
        client = discord.Client(intents=discord.Intents.default())
        try:
            with pytest.raises(discord.LoginFailure):
                await client.login("wrong-token")
        finally:
            await client.close()
        assert fake.requests[0].status == 401 and "token" in fake.requests[0].note
