"""``/crowntable mydata`` and ``/crowntable forget-me`` (issue 31 item 4), end to end, on
SQLite and on PostgreSQL: the JSON file of everything stored about a player; forgetting
them after the confirmation button (refused at an open table, cancelled, expired, not for
someone else's id), their finished game then replaying, verifying and exporting with an
anonymous player in their place."""

from __future__ import annotations

import json

import pytest

import games
from bot.core.export import replay_export
from bot.core.store.userdata import ANON_PREFIX
from bot.core.verify import check_session
from bot.text.i18n import t, tn
from tests.e2e.driver import Driver, Player
from tests.e2e.helpers import open_table, table_id
from tests.e2e.test_faults import forged_click
from tests.e2e.userdata_world import backend  # noqa: F401  (the fixture: SQLite or PostgreSQL)


async def finished_game(world, host: str = "alice", guest: str = "bob") -> int:
    lobby = await open_table(world, "majesty", host, join=(guest,))
    u = world.users
    final = await Driver(world.fake, world.channel, [Player(u[host]), Player(u[guest])], 5).play()
    assert final is not None
    return table_id(lobby)


def export_of(result) -> dict:
    files = result.attachments
    assert len(files) == 1
    return json.loads(files[0])


@pytest.mark.asyncio
async def test_my_data_then_forget_me(backend, world) -> None:  # noqa: F811
    fake, ch, u = world.fake, world.channel, world.users
    alice = u["alice"]
    await world.start_bot(**backend)
    sid = await finished_game(world)
    await fake.slash(alice, ch, "teach on")

    res = await fake.slash(alice, ch, "crowntable mydata")
    assert res.ephemeral
    data = export_of(res)
    assert data["user"] == str(alice.id) and data["format"] == "crowntable-player-data"
    assert [s["session_id"] for s in data["seats"]] == [sid]
    moves = [m for m in await world.bot.host.moves(sid) if m.player_id == str(alice.id)]
    assert len(data["moves"]) == len(moves) > 0
    assert [r["games"] for r in data["ratings"]] == [1]
    assert data["users"]["teach"] in (1, True)
    counts = {
        "tables": tn("mydata.tables", 1),
        "moves": tn("demo.moves", len(moves)),
        "ratings": tn("mydata.ratings", 1),
    }
    assert res.text().startswith(t("mydata.done", **counts))
    assert res.message.attachments[0].filename == f"crowntable-my-data-{alice.id}.json"
    # bob's data holds nothing of alice's
    bobs = export_of(await fake.slash(u["bob"], ch, "crowntable mydata"))
    assert all(m["session_id"] == sid for m in bobs["moves"])
    assert str(alice.id) not in json.dumps(bobs["users"])

    # an open table: refused with the reason, nothing changed
    other = fake.add_channel(world.guild, "dalsi")
    lobby = table_id(await open_table(world, "tek", "alice", start=False, channel=other))
    refused = await fake.slash(alice, ch, "crowntable forget-me")
    assert refused.ephemeral and not refused.labels
    assert refused.text() == t("error.still_playing", ids=f"#{lobby}")
    await fake.slash(alice, other, "game abandon")

    # the question, Cancel, then Forget me
    asked = await fake.slash(alice, ch, "crowntable forget-me")
    assert asked.ephemeral and asked.content == tn("forget.ask", 2)  # the game and the lobby
    assert asked.labels == [t("forget.confirm"), t("lobby.cancel")]
    cancelled = await fake.click(alice, asked.message, t("lobby.cancel"))
    assert cancelled.message.content == t("forget.cancelled") and not cancelled.message.labels
    assert export_of(await fake.slash(alice, ch, "crowntable mydata"))["ratings"]
    asked = await fake.slash(alice, ch, "crowntable forget-me")
    done = await fake.click(alice, asked.message, t("forget.confirm"))
    said = done.message.content
    anon = said.split("`")[1]
    assert anon.startswith(ANON_PREFIX)
    assert said == tn("forget.done", 2, anon=f"`{anon}`") and not done.message.labels

    # nothing is left under alice's id; the game replays, verifies, exports as the stranger's
    after = export_of(await fake.slash(alice, ch, "crowntable mydata"))
    assert after["seats"] == after["moves"] == after["ratings"] == after["results"] == []
    assert after["hosted"] == [] and after["teach_seen"] == []
    host = world.bot.host
    assert await check_session(host, sid) is None
    rec = await host.get(sid)
    assert str(alice.id) not in rec.player_ids and anon in rec.player_ids
    exported = export_of(await fake.slash(u["bob"], ch, "game export", table=f"#{sid}"))
    assert [s["player"] for s in exported["seats"]].count(anon) == 1
    assert [s["name"] for s in exported["seats"]].count(anon) == 1
    assert str(alice.id) not in json.dumps(exported)
    assert replay_export(exported, games.REGISTRY) == exported["results"]
    history = (await fake.slash(u["bob"], ch, "game history")).text()
    assert anon in history and str(alice.id) not in history
    standings = (await fake.slash(u["bob"], ch, "standings")).text()
    assert anon not in standings and str(alice.id) not in standings
    assert str(u["bob"].id) in standings


@pytest.mark.asyncio
async def test_the_question_expires_and_is_only_for_its_player(world) -> None:
    fake, ch, u = world.fake, world.channel, world.users
    await world.start_bot()
    lobby = await open_table(world, "tek", "bob", start=False)  # a message bob can click on
    await fake.slash(u["alice"], ch, "teach on")
    asked = await fake.slash(u["alice"], ch, "crowntable forget-me")
    assert asked.content == t("forget.ask_none")  # no table yet
    custom_id = next(
        c["custom_id"]
        for row in asked.components
        for c in row["components"]
        if c.get("label") == t("forget.confirm")
    )
    assert custom_id.startswith(f"ct:fm:{u['alice'].id}:")
    # bob's tampered client sends alice's button from a message he can see: refused
    forged = await forged_click(fake, u["bob"], lobby, custom_id)
    assert forged.ephemeral and forged.text() == t("error.forget_not_yours")
    assert export_of(await fake.slash(u["alice"], ch, "crowntable mydata"))["users"]["teach"]
    world.skew = 601  # the question holds ten minutes
    late = await fake.click(u["alice"], asked.message, t("forget.confirm"))
    assert late.text() == t("error.forget_expired")
    assert export_of(await fake.slash(u["alice"], ch, "crowntable mydata"))["users"]["teach"]


def test_a_large_export_is_compressed_and_a_huge_one_refused() -> None:
    """The file must fit the upload limit (10 MiB for a server without boosts): over it, the
    JSON is gzipped; when even that does not fit, nothing is sent and the player is told."""
    import gzip

    from bot.adapter.handlers.mydata import _body
    from bot.core.errors import HostError

    data = {"moves": [{"seq": i, "move": {"type": "take", "card": "Miller"}} for i in range(500)]}
    raw, packed = _body(data, 1_000_000)
    assert not packed and json.loads(raw) == data
    small, packed = _body(data, len(raw) - 1)
    assert packed and len(small) < len(raw) // 5 and json.loads(gzip.decompress(small)) == data
    with pytest.raises(HostError) as refused:
        _body(data, 100)
    assert refused.value.code == "mydata_too_big"
