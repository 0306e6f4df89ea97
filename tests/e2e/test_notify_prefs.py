"""Notification preferences end to end (issue 27 #5), on SQLite and on PostgreSQL: a whole
four-player Majesty game where alice keeps the default (a mention), bob chose a DM, cyril the
daily digest and dana nothing; every player is away from the table at each turn change (the
clock moves past the "at the table" window before each move), so each decision that begins
notifies by the preference, and what each player was sent is counted against the decisions
that began for them (runs of their moves in the move log). The digest goes out once at its
hour (claimed in the store), listing the one waiting table with the way to its board."""

from __future__ import annotations

import asyncio
from collections import Counter

import pytest

from bot.adapter.publishing import ACTIVE_WINDOW
from bot.text.i18n import t
from tests.e2e.conftest import World
from tests.e2e.driver import Driver, Player, board_message, waiting_names
from tests.e2e.helpers import open_table, table_id
from tests.e2e.test_vacation import db_url, start  # noqa: F401  (the two-backend fixture)
from tests.fakediscord.models import SUPPRESS_NOTIFICATIONS

PREFS = {"alice": "mention", "bob": "dm", "cyril": "digest", "dana": "off"}
#: counted per player, printed by the test (the closing note quotes them)
COUNTS: dict[str, dict[str, dict[str, int]]] = {}


def decisions_begun(players: list[str]) -> Counter[str]:
    """Decisions that began for each player: the runs of their moves in the log."""
    runs: Counter[str] = Counter()
    for i, p in enumerate(players):
        if i == 0 or players[i - 1] != p:
            runs[p] += 1
    return runs


@pytest.mark.slow  # a 48-move game on each backend: about 40 s each on 2 cores
@pytest.mark.asyncio
async def test_each_preference_over_a_whole_game(world: World, db_url: str | None) -> None:  # noqa: F811
    fake, ch, u = world.fake, world.channel, world.users
    await start(world, db_url)
    hour = int(((world.bot.host.now() // 3600) + 12) % 24)  # half a day from now (UTC)
    # refusals first: nothing is stored
    said = await fake.slash(u["cyril"], ch, "crowntable notify", choice="digest")
    assert said.ephemeral and said.text() == t("error.digest_hour")
    said = await fake.slash(u["cyril"], ch, "crowntable notify", choice="digest", hour=99)
    assert said.text() == t("error.digest_hour")
    said = await fake.slash(
        u["cyril"], ch, "crowntable notify", choice="digest", hour=hour, utc_offset="+25"
    )
    assert said.text() == t("error.utc_offset")
    said = await fake.slash(u["cyril"], ch, "crowntable notify", choice="pigeon", _validate=False)
    assert said.ephemeral and said.text() == t("error.notify_choice", choice="pigeon")
    assert (await world.bot.host.prefs.of([str(u["cyril"].id)]))[str(u["cyril"].id)].notify == (
        "mention"
    )
    for name, choice in PREFS.items():
        extra = {"hour": hour, "utc_offset": "+0"} if choice == "digest" else {}
        said = await fake.slash(u[name], ch, "crowntable notify", choice=choice, **extra)
        assert said.ephemeral and said.text() == t(
            f"notify.set.{choice}", hour=f"{hour:02d}", offset="+0"
        ), said.text()

    sid = table_id(await open_table(world, "majesty", join=("bob", "cyril", "dana")))
    world.skew += ACTIVE_WINDOW + 1  # nobody is at the table any more
    await asyncio.sleep(0.5)
    await fake.idle()
    driver = Driver(fake, ch, [Player(u[n]) for n in PREFS], seed=4)
    digested = False
    while True:
        kind, player, msg = await fake.wait_for(driver.find_action, timeout=10, what="a turn")
        if kind == "done":
            break
        if player.user.name == "cyril" and not digested:  # her digest's hour comes
            world.skew += 12 * 3600 + 60
            await fake.wait_for(
                lambda: [m for m in fake.dms(u["cyril"]) if m.content.startswith("☀️")],
                timeout=5,
                what="cyril's digest",
            )
            digested = True
            await asyncio.sleep(0.5)  # more ticks: no second digest
        world.skew += ACTIVE_WINDOW + 1
        await driver.act(kind, player, msg)
        await fake.idle()
    assert digested

    ids = {str(u[n].id): n for n in PREFS}
    moves = [ids[m.player_id] for m in await world.bot.host.moves(sid)]
    begun = decisions_begun(moves)
    everything = fake.all_messages(include_deleted=True)
    counts: dict[str, dict[str, int]] = {}
    for name in PREFS:
        tag = f"<@{u[name].id}>"
        in_channel = [m for m in everything if m.channel.id == ch.id and tag in (m.content or "")]
        dms = fake.dms(u[name])
        counts[name] = {
            "decisions": begun[name],
            "mentions": sum((m.content or "").startswith("🎲") for m in in_channel),
            "turn_dms": sum(m.content.startswith("🎲") for m in dms),
            "digests": sum(m.content.startswith("☀️") for m in dms),
            "dms": len(dms),
        }
    COUNTS[db_url and "postgres" or "sqlite"] = counts
    print("notification counts:", counts)
    a, b, c, d = (counts[n] for n in PREFS)
    assert a["mentions"] == a["decisions"] >= 10 and a["turn_dms"] == 0
    assert b["turn_dms"] == b["decisions"] >= 10 and b["mentions"] == 0
    assert c["mentions"] == c["turn_dms"] == 0 and c["digests"] == 1
    assert d["mentions"] == d["turn_dms"] == d["digests"] == 0
    [digest] = [m for m in fake.dms(u["cyril"]) if m.content.startswith("☀️")]
    assert digest.content.startswith("☀️ 1 table is waiting for you:"), digest.content
    assert f"discord.com/channels/{world.guild.id}/{ch.id}/" in digest.content
    assert f"#{sid}" in digest.content
    # the preferences survive a restart
    await world.stop_bot()
    await start(world, db_url)
    got = await world.bot.host.prefs.of([str(u[n].id) for n in PREFS])
    assert [got[str(u[n].id)].notify for n in PREFS] == list(PREFS.values())
    assert board_message(fake, ch) is not None and waiting_names(board_message(fake, ch)) == []


@pytest.mark.asyncio
async def test_a_private_prompt_still_comes_silently_when_notifications_are_off(
    world: World,
) -> None:
    """A secret choice must reach its player whatever they chose (a game never stalls): with
    ``off`` (and ``digest``) the DM prompt is sent with SUPPRESS_NOTIFICATIONS, and no line
    in the channel mentions them; a default player's DM prompt notifies as before."""
    fake, ch, u = world.fake, world.channel, world.users
    await world.start_bot()
    said = await fake.slash(u["bob"], ch, "crowntable notify", choice="off")
    assert said.ephemeral
    await open_table(world, "empire_engine", join=("bob",))
    world.skew += ACTIVE_WINDOW + 1
    driver = Driver(fake, ch, [Player(u["alice"]), Player(u["bob"])], seed=2)

    def prompts() -> dict[str, list]:
        return {n: fake.dms(u[n]) for n in ("alice", "bob")}  # every DM is a prompt here

    for _ in range(20):  # until each has had a DM prompt
        if all(prompts().values()):
            break
        kind, player, msg = await fake.wait_for(driver.find_action, timeout=10, what="a turn")
        world.skew += ACTIVE_WINDOW + 1
        await driver.act(kind, player, msg)
        await fake.idle()
    got = prompts()
    assert got["alice"] and got["bob"], got
    assert all(m.flags & SUPPRESS_NOTIFICATIONS for m in got["bob"])
    assert not any(m.flags & SUPPRESS_NOTIFICATIONS for m in got["alice"])
    await fake.idle()
    tag = f"<@{u['bob'].id}>"
    assert not [m for m in fake.all_messages(include_deleted=True) if tag in (m.content or "")]


@pytest.mark.asyncio
async def test_no_half_time_reminder_when_notifications_are_off(world: World) -> None:
    fake, ch, u = world.fake, world.channel, world.users
    await world.start_bot()
    await open_table(world, "majesty", join=("bob",), clock="5m")
    [first] = waiting_names(board_message(fake, ch))
    other = "bob" if first == "alice" else "alice"
    await fake.slash(u[first], ch, "crowntable notify", choice="off")
    world.skew = 160  # past half time
    await asyncio.sleep(0.6)
    await fake.idle()
    reminders = [
        m
        for m in fake.all_messages(include_deleted=True)
        if (m.content or "").startswith("⏳") and not m.ephemeral
    ]
    assert reminders == [], [m.content for m in reminders]
    assert not fake.dms(u[first]) and not fake.dms(u[other])


@pytest.mark.asyncio
async def test_a_dm_players_nudge_is_a_dm(world: World) -> None:
    """bob (``dm``) is at the table when his turn comes (he acted a moment ago): nothing then;
    when he has not moved within the "at the table" window, the nudge is one DM, not a
    mention in the channel."""
    fake, ch, u = world.fake, world.channel, world.users
    await world.start_bot()
    await fake.slash(u["bob"], ch, "crowntable notify", choice="dm")
    await open_table(world, "majesty", join=("bob",))
    driver = Driver(fake, ch, [Player(u["alice"]), Player(u["bob"])], seed=6)
    for _ in range(2):  # both act: both are at the table
        kind, player, msg = await fake.wait_for(driver.find_action, timeout=10, what="a turn")
        await driver.act(kind, player, msg)
        await fake.idle()
    [waiting] = waiting_names(board_message(fake, ch))
    if waiting != "bob":  # one more move: bob's turn, bob just acted
        kind, player, msg = await fake.wait_for(driver.find_action, timeout=10, what="a turn")
        await driver.act(kind, player, msg)
        await fake.idle()
    assert waiting_names(board_message(fake, ch)) == ["bob"]
    tag = f"<@{u['bob'].id}>"

    def told() -> tuple[int, int]:
        dms = sum(m.content.startswith("🎲") for m in fake.dms(u["bob"]))
        lines = [m for m in fake.all_messages(include_deleted=True) if tag in (m.content or "")]
        return dms, len(lines)

    before = told()
    world.skew += ACTIVE_WINDOW + 1
    await fake.wait_for(lambda: told()[0] > before[0], timeout=5, what="bob's nudge DM")
    await asyncio.sleep(0.5)
    await fake.idle()
    assert told() == (before[0] + 1, before[1])  # one DM, no mention
