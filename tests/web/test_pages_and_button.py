"""**Open board** on the chat board (issue 32 item 3) and the read-only pages at the signed
links the bot posts (item 4): no button while ``WEB_PORT`` is unset; with it, a link with a
one-time login where Activities are not enabled, ``LAUNCH_ACTIVITY`` where they are; a
finished game's replay and the server's standings in English and Czech."""

from __future__ import annotations

import re

import pytest

from bot.text.i18n import t
from tests.e2e.driver import Driver, Player, board_message, final_messages
from tests.e2e.helpers import open_table, table_id
from tests.web.conftest import start_web_bot

LINK = re.compile(r"(http://127\.0\.0\.1:\d+/\S+)")


@pytest.mark.asyncio
async def test_no_open_board_button_while_the_web_surface_is_off(world) -> None:
    await world.start_bot()
    await open_table(world, "majesty", join=("bob",))
    board = board_message(world.fake, world.channel)
    assert t("web.open_board") not in board.labels
    assert getattr(world.bot, "web", None) is None


@pytest.mark.asyncio
async def test_open_board_links_once_or_launches_the_activity(web) -> None:
    world, fake = web.world, web.world.fake
    alice, bob = world.users["alice"], world.users["bob"]
    table = table_id(await open_table(world, "majesty", join=("bob",)))
    board = board_message(fake, world.channel)
    assert t("web.open_board") in board.labels
    res = await fake.click(alice, board, t("web.open_board"))
    assert res.ephemeral and "15 minutes" in res.content, res
    url = LINK.search(res.content).group(1)
    assert url.startswith(f"{web.base}/play/{table}?t=l1.{alice.id}.{table}.")
    async with web.http.get(url) as r:
        assert r.status in (200, 503)  # the page (or "not built" before the front end is)
    token = url.split("?t=", 1)[1]
    async with web.http.post(f"{web.base}/api/login", json={"token": token}) as r:
        body = await r.json()
        assert r.status == 200 and body["user"] == {"id": str(alice.id), "name": "alice"}
    async with web.http.post(f"{web.base}/api/login", json={"token": token}) as r:
        assert r.status == 401
    assert bob is not None and not fake.launched


@pytest.mark.asyncio
async def test_open_board_launches_the_activity_where_activities_are_enabled(world) -> None:
    world.fake.enable_activities()  # the application's EMBEDDED flag, read at login
    w = await start_web_bot(world)
    try:
        await open_table(world, "majesty", join=("bob",))
        board = board_message(world.fake, world.channel)
        res = await world.fake.click(world.users["bob"], board, t("web.open_board"))
        assert res.type == 12 and not res.content and not res.ephemeral
        assert world.fake.launched[-1].activity_instance.startswith("i-")
    finally:
        await w.http.close()


@pytest.mark.asyncio
async def test_a_finished_games_replay_and_the_standings_pages(web) -> None:
    world, fake = web.world, web.world.fake
    table = table_id(await open_table(world, "majesty", join=("bob",)))
    await Driver(fake, world.channel, [Player(world.users[n]) for n in ("alice", "bob")]).play()
    await fake.idle()
    final = final_messages(fake, world.channel)[-1]
    field = next(f for f in final.embeds[0]["fields"] if f["name"] == t("web.link.title"))
    replay_url, standings_url = LINK.findall(field["value"])
    async with web.http.get(replay_url) as r:
        page = await r.text()
        assert r.status == 200 and "Replay · Majesty" in page and f"#{table}" in page
    frames = int(re.search(r"Turn (\d+) of (\d+)", page).group(2))
    assert frames > 5 and f"Turn {frames} of {frames}" in page  # opens on the final board
    async with web.http.get(replay_url.replace("lang=en", "lang=cs") + "&frame=0") as r:
        page = await r.text()
        assert f"Tah 1 z {frames}" in page and "Přehrávka" in page and "Next" not in page
    image = re.search(r'<img src="([^"]+)"', page).group(1).replace("&amp;", "&")
    async with web.http.get(f"{web.base}{image}") as r:
        assert r.status == 200 and (await r.read())[:8] == b"\x89PNG\r\n\x1a\n"
    token = replay_url.split("t=", 1)[1].split("&", 1)[0]
    async with web.http.get(f"{web.base}/api/replay/{table}?t={token}") as r:
        body = await r.json()
        assert len(body["frames"]) == frames and body["frames"][-1]["view"]["envelope"]["over"]
    for bad, status in (
        (token[:-2] + "zz", 401),
        (web.bot.web.tokens.read("replay", table + 1), 403),
    ):
        async with web.http.get(f"{web.base}/replay/{table}?t={bad}") as r:
            assert r.status == status
    async with web.http.get(standings_url) as r:
        page = await r.text()
        assert r.status == 200 and "alice" in page and "bob" in page and "Majesty" in page
    async with web.http.get(standings_url.replace("lang=en", "lang=cs")) as r:
        assert "Pořadí na tomto serveru" in await r.text()
    async with web.http.get(f"{web.base}/standings/{world.guild.id}?t={token}") as r:
        assert r.status == 403  # a replay's token is not the standings'
