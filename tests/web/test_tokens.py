"""Bad input at the web surface (issue 32): forged, expired and other tables' tokens, a login
link used twice (also after a restart), moves that are not the player's, stale or replayed,
bad messages and a flood: each refused with a short message, nothing stored, the socket closed
where it must be. The token rules themselves first, without a server."""

from __future__ import annotations

import aiohttp
import pytest

from bot.web import server
from bot.web.tokens import TokenError, Tokens
from tests.e2e.helpers import open_table, table_id
from tests.web.conftest import start_web_bot


def test_tokens_refuse_forgery_expiry_and_other_tables() -> None:
    now = [1000.0]
    tokens = Tokens(b"k" * 32, lambda: now[0])
    good = tokens.session("42", 7)
    assert tokens.check_session(good, 7).user == "42"
    identity = tokens.session("42")
    assert tokens.check_session(identity, 99).table == 0  # Discord proved who: any table
    for bad in (
        good[:-1] + ("A" if good[-1] != "A" else "B"),
        good.replace("v1.42", "v1.43"),
        "v1.42.7.99999999999",
        "",
        None,
        7,
        "x" * 400,
        good + ".x",
        Tokens(b"other" * 8, lambda: now[0]).session("42", 7),
    ):
        with pytest.raises(TokenError) as exc:
            tokens.check_session(bad, 7)
        assert exc.value.code == "forged", bad
    with pytest.raises(TokenError) as exc:
        tokens.check_session(good, 8)
    assert exc.value.code == "other_table"
    once = tokens.login("42", 7)
    assert tokens.check_login(once).table == 7
    with pytest.raises(TokenError):
        tokens.check_session(once, 7)  # a login link is not a session
    read = tokens.read("replay", 7)
    tokens.check_read(read, "replay", 7)
    with pytest.raises(TokenError) as exc:
        tokens.check_read(read, "replay", 8)
    assert exc.value.code == "other_table"
    with pytest.raises(TokenError):
        tokens.check_read(read, "standings", 7)
    now[0] += 13 * 3600
    for check in (lambda: tokens.check_session(good, 7), lambda: tokens.check_login(once)):
        with pytest.raises(TokenError) as exc:
            check()
        assert exc.value.code == "expired"


async def refused_before_any_frame(web, table: int, session: str) -> tuple[int | None, list]:
    sock = await web.socket(table, session)
    code = await sock.closed()
    assert not [m for m in sock.got if m["type"] in ("hello", "frame")], sock.got
    return code, sock.got


@pytest.mark.asyncio
async def test_sockets_refuse_bad_tokens_and_moves_and_close_on_flood(web) -> None:
    world = web.world
    host_user = world.users["alice"]
    first = table_id(await open_table(world, "majesty", join=("bob",)))
    second = table_id(
        await open_table(
            world,
            "majesty",
            host="cyril",
            join=("dana",),
            channel=world.fake.add_channel(world.guild, "druha"),
        )
    )
    mine = web.session_for(host_user, first)
    code, said = await refused_before_any_frame(web, second, mine)  # another table's token
    assert code == 4401 and "another table" in said[0]["message"]
    code, said = await refused_before_any_frame(web, first, mine[:-2] + "xx")
    assert code == 4401 and "not valid" in said[0]["message"]
    expired = web.bot.web.tokens.session(str(host_user.id), first, ttl=-5)
    code, said = await refused_before_any_frame(web, first, expired)
    assert code == 4401 and "expired" in said[0]["message"]
    code, _ = await refused_before_any_frame(web, 999, web.session_for(host_user))
    assert code == 4404
    rec = await web.bot.host.current(first)
    moves_before = len(await web.bot.host.store.moves(first))
    actor = rec.seat_of(web.bot.host.actors(rec)[0])
    by_id = {str(u.id): u for u in world.users.values()}
    idle = next(s for s in rec.seats if s.player_id != actor.player_id)
    sock = await web.socket(first, web.session_for(by_id[idle.player_id], first))
    await sock.recv("hello")
    frame = await sock.recv("frame")
    assert frame["moves"] == []
    acting = await web.socket(first, web.session_for(by_id[actor.player_id], first))
    await acting.recv("hello")
    own = await acting.recv("frame")
    # another player's move id, a made-up id, a stale version: refused, nothing stored
    ref = await sock.move(own["moves"][0]["id"], own["version"])
    err = await sock.recv("error")
    assert err["ref"] == ref and actor.name in err["message"]  # "It is <actor>'s turn ..."
    ref = await acting.move("0123456789", own["version"])
    assert (await acting.recv("error"))["ref"] == ref
    ref = await acting.move(own["moves"][0]["id"], own["version"] - 1)
    assert (await acting.recv("error"))["ref"] == ref
    assert len(await web.bot.host.store.moves(first)) == moves_before
    # a move sent twice (a replayed frame): stored once, the second refused
    await acting.move(own["moves"][0]["id"], own["version"])
    await acting.recv("ack")
    again = await acting.move(own["moves"][0]["id"], own["version"])
    assert (await acting.recv("error"))["ref"] == again
    assert len(await web.bot.host.store.moves(first)) == moves_before + 1
    # ping, why, bad messages: 5 bad ones close the socket (4400)
    await sock.ws.send_json({"type": "ping"})
    assert (await sock.recv("pong"))["type"] == "pong"
    for _ in range(5):
        await sock.ws.send_str("{not json")
    assert await sock.closed() == 4400
    # a flood closes the socket (4429)
    flood = await web.socket(first, web.session_for(by_id[idle.player_id], first))
    for _ in range(40):
        await flood.ws.send_json({"type": "ping"})
    assert await flood.closed() == 4429
    assert len(await web.bot.host.store.moves(first)) == moves_before + 1


@pytest.mark.asyncio
async def test_login_links_are_good_once_even_after_a_restart(web) -> None:
    world = web.world
    alice = world.users["alice"]
    table = table_id(await open_table(world, "majesty", join=("bob",)))
    link_a = web.bot.web.tokens.login(str(alice.id), table)
    link_b = web.bot.web.tokens.login(str(alice.id), table)
    async with web.http.post(f"{web.base}/api/login", json={"token": link_a}) as r:
        assert r.status == 200
        body = await r.json()
    assert body["table"] == table and body["user"]["id"] == str(alice.id)
    sock = await web.socket(table, body["session"])
    assert (await sock.recv())["type"] == "hello"
    async with web.http.post(f"{web.base}/api/login", json={"token": link_a}) as r:
        assert r.status == 401 and "already been used" in (await r.json())["error"]
    async with web.http.post(
        f"{web.base}/api/login",
        json={"token": link_b[:-3] + "abc"},
        headers={"Accept-Language": "cs"},
    ) as r:
        assert r.status == 401 and "není platné" in (await r.json())["error"]
    await sock.ws.close()
    await world.stop_bot()
    await web.http.close()
    web2 = await start_web_bot(world)
    try:
        async with web2.http.post(f"{web2.base}/api/login", json={"token": link_a}) as r:
            assert r.status == 401  # remembered in the table's bookkeeping
        async with web2.http.post(f"{web2.base}/api/login", json={"token": link_b}) as r:
            assert r.status == 200  # the same secret: links survive a restart
    finally:
        await web2.http.close()


@pytest.mark.asyncio
async def test_sign_in_exchanges_the_code_server_side_through_the_proxy(
    web, monkeypatch, tmp_path
) -> None:
    world, fake = web.world, web.world.fake
    (tmp_path / "index.html").write_text(
        '<base href="__BASE__"><meta name="discord-client-id" content="__DISCORD_CLIENT_ID__">'
    )
    monkeypatch.setattr(server, "STATIC", tmp_path)
    async with web.http.get(f"{fake.activity_url}/activity?frame_id=1&instance_id=i") as r:
        page = await r.text()
    assert r.status == 200 and f'content="{fake.application_id}"' in page
    assert '<base href="/">' in page
    alice = world.users["alice"]
    table = table_id(await open_table(world, "majesty", join=("bob",)))
    signed = await web.sign_in(alice, via=fake.activity_url)  # through the Activity proxy
    assert signed["user"] == {"id": str(alice.id), "name": "alice"}
    assert fake.oauth.exchanges[-1]["client_id"] == str(fake.application_id)
    assert fake.client_secret not in str(signed)
    async with web.http.post(f"{fake.activity_url}/.proxy/api/token", json={"code": "nope"}) as r:
        assert r.status == 401
    for record in fake.requests:  # Discord's refusal of the forged code was the point
        if record.path == "/oauth2/token" and record.status == 400:
            record.fault = "a forged code (this test)"
    headers = {"Authorization": f"Bearer {signed['session']}"}
    url = f"{fake.activity_url}/api/tables?channel_id={world.channel.id}"
    async with web.http.get(url, headers=headers) as r:
        found = await r.json()
    assert found["table"] == table
    async with web.http.get(f"{web.base}/api/tables?channel_id=123", headers=headers) as r:
        assert r.status == 404
    async with web.http.get(url) as r:
        assert r.status == 401
    sock = await web.socket(table, found["session"], via=fake.activity_url)
    assert (await sock.recv())["viewer"] == str(alice.id)
    assert (await sock.recv())["type"] == "frame"
    assert any(p.startswith("GET /ws?") for p in fake.proxied)
    bad = await web.socket(table, "v1.1.1.1.x", via=fake.activity_url)
    assert await bad.closed() == 4401  # the close code crosses the proxy
    async with (
        aiohttp.ClientSession() as http,
        http.get(fake.activity_host_url(alice, world.channel)) as r,
    ):
        page = await r.text()
    assert f"{fake.activity_url}/activity?instance_id=" in page and "AUTHENTICATE" in page
    assert 'name="viewport"' in page and "nonce: null" in page and '"avatar"' not in page
    async with aiohttp.ClientSession() as http, http.options(f"{fake.api_base}/users/@me") as r:
        assert r.status == 204 and r.headers["Access-Control-Allow-Origin"] == "*"
