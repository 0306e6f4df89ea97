"""``/game end`` (issue 31 item 5): members who may manage channels end any open table of their
server (this channel's, or another channel's by id), nobody else; the permission is the one
Discord resolved into the interaction (``member.permissions``), never the bot's own
(``app_permissions``). Forged payloads lie about it in each way a payload can."""

from __future__ import annotations

from typing import Any

import pytest

from bot.text.i18n import t
from tests.e2e.helpers import open_table, table_id
from tests.fakediscord import InteractionResult
from tests.fakediscord import models as fm
from tests.fakediscord.permissions import MEMBER, set_overwrite

EVERYTHING = str(fm.ALL_PERMISSIONS)
#: what an ordinary member has in a channel: no Manage Channels, no Administrator
ORDINARY = str(fm.EVERYONE_PERMISSIONS)


async def end_forged(
    world: Any,
    user: Any,
    channel: Any,
    *,
    member_permissions: str | None = None,
    app_permissions: str | None = None,
    table: str | None = None,
) -> InteractionResult:
    """``/game end`` as the fake would send it, with the resolved permissions replaced."""
    fake = world.fake
    cmd, scope = fake._find_command(user, channel, "game")
    sub: dict[str, Any] = {"name": "end", "type": 1, "options": []}
    if table is not None:
        sub["options"].append({"name": "table", "type": 3, "value": table})
    data: dict[str, Any] = {"id": cmd["id"], "name": "game", "type": 1, "options": [sub]}
    if scope is not None:
        data["guild_id"] = str(scope)
    inter = fake._new_interaction(2, user, channel, data)
    if member_permissions is not None:
        inter.payload["member"]["permissions"] = member_permissions
        inter.payload["channel"]["permissions"] = member_permissions
    if app_permissions is not None:
        inter.payload["app_permissions"] = app_permissions
    await fake._send(inter)
    await fake._await_answer(inter, 10)
    return InteractionResult(fake, inter)


async def status(world: Any, sid: int) -> str:
    return str((await world.bot.host.get(sid)).status)


def refused_as_not_manager(res: InteractionResult) -> None:
    assert res.ephemeral, res
    assert res.content == t("error.end_not_manager"), res.content


@pytest.mark.asyncio
async def test_a_manager_ends_this_channels_table_and_another_channels_by_id(world) -> None:
    fake, ch, u = world.fake, world.channel, world.users
    await world.start_bot()
    sid = table_id(await open_table(world, "majesty", join=("bob",)))
    other = fake.add_channel(world.guild, "druha")
    lobby_b = await open_table(
        world, "elves", host="cyril", join=("dana",), start=False, channel=other
    )
    sid_b = table_id(lobby_b)

    res = await fake.slash(u["mod"], ch, "game end")
    assert not res.ephemeral and res.content == t("host.abandoned", name="mod"), res
    assert await status(world, sid) == "abandoned"
    await fake.idle()

    # another channel's lobby, from #herna, by its id: cancelled; told there, confirmed here
    seen = len(fake.messages(other))
    res = await fake.slash(u["mod"], ch, "game end", table=f"#{sid_b}")
    assert res.ephemeral, res
    assert res.content == t("end.done", id=sid_b, channel=f"<#{other.id}>"), res.content
    assert await status(world, sid_b) == "cancelled"
    await fake.idle()
    notices = [m.content for m in fake.messages(other)[seen:]]
    assert notices == [t("host.abandoned", name="mod")], notices
    # the lobby message no longer offers Join
    assert t("lobby.join") not in lobby_b.labels, lobby_b.labels
    # an ended table cannot be ended again; /game new works in both channels
    again = await fake.slash(u["mod"], ch, "game end", table=str(sid))
    assert again.ephemeral and again.content == t("error.end_not_open", id=sid), again
    none_here = await fake.slash(u["mod"], ch, "game end")
    assert none_here.ephemeral and none_here.content == t("error.no_session"), none_here
    await open_table(world, "tek", join=("bob",), start=False)
    await open_table(world, "tek", host="cyril", join=("dana",), start=False, channel=other)


@pytest.mark.asyncio
async def test_nobody_else_may_end_a_table_whatever_the_payload_claims(world) -> None:
    fake, ch, u = world.fake, world.channel, world.users
    await world.start_bot()
    sid = table_id(await open_table(world, "majesty", join=("bob",)))
    moves = len(await world.bot.host.moves(sid))
    version = (await world.bot.host.get(sid)).version

    # the table's own host, a player, an outsider, as Discord resolves them: no Manage Channels
    for name in ("alice", "bob", "outsider"):
        refused_as_not_manager(await fake.slash(u[name], ch, "game end"))
        refused_as_not_manager(await fake.slash(u[name], ch, "game end", table=str(sid)))
    # the bot may manage the channel (app_permissions: everything), the member may not
    refused_as_not_manager(
        await end_forged(
            world, u["bob"], ch, member_permissions=ORDINARY, app_permissions=EVERYTHING
        )
    )
    # a manager whose permissions in this channel lost the bit (a channel overwrite denies it)
    set_overwrite(ch, u["mod"].id, MEMBER, allow=0, deny=fm.P_MANAGE_CHANNELS)
    refused_as_not_manager(await fake.slash(u["mod"], ch, "game end"))
    # ... and the same payload from a forger: the member's own bits are what counts
    refused_as_not_manager(
        await end_forged(world, u["mod"], ch, member_permissions="0", app_permissions=EVERYTHING)
    )
    set_overwrite(ch, u["mod"].id, MEMBER, allow=0, deny=0)
    # nothing was read into a change: the table plays on
    rec = await world.bot.host.get(sid)
    assert rec.status == "running" and rec.version == version
    assert len(await world.bot.host.moves(sid)) == moves


@pytest.mark.asyncio
async def test_the_administrator_bit_and_a_channel_overwrite_grant_it(world) -> None:
    fake, ch, u = world.fake, world.channel, world.users
    await world.start_bot()
    sid = table_id(await open_table(world, "majesty", join=("bob",)))
    # Administrator alone (Discord resolves it to every bit; a payload may carry the bit only)
    res = await end_forged(world, u["bob"], ch, member_permissions=str(fm.P_ADMINISTRATOR))
    assert not res.ephemeral and res.content == t("host.abandoned", name="bob"), res
    assert await status(world, sid) == "abandoned"
    await fake.idle()

    # an overwrite of this channel lets cyril manage it: Discord's resolution is the truth
    sid = table_id(await open_table(world, "tek", join=("bob",)))
    set_overwrite(ch, u["cyril"].id, MEMBER, allow=fm.P_MANAGE_CHANNELS, deny=0)
    res = await fake.slash(u["cyril"], ch, "game end")
    assert not res.ephemeral and res.content == t("host.abandoned", name="cyril"), res
    assert await status(world, sid) == "abandoned"
    await fake.idle()


@pytest.mark.asyncio
async def test_another_servers_table_is_unknown_and_a_dm_is_refused(world) -> None:
    fake, ch, u = world.fake, world.channel, world.users
    elsewhere = fake.add_guild("Jinde")
    their_channel = fake.add_channel(elsewhere, "obecne")
    boss = fake.add_user("boss", guilds=[])
    fake.add_member(elsewhere, boss, permissions=fm.P_MANAGE_CHANNELS)
    await world.start_bot()
    sid = table_id(await open_table(world, "majesty", join=("bob",)))

    res = await fake.slash(boss, their_channel, "game end", table=str(sid))
    assert res.ephemeral and res.content == t("error.unknown_table", table=str(sid)), res
    # even with everything claimed
    res = await end_forged(
        world, boss, their_channel, member_permissions=EVERYTHING, table=f"#{sid}"
    )
    assert res.ephemeral and res.content == t("error.unknown_table", table=f"#{sid}"), res
    for bad in ("abc", "0", "-3", "9" * 30):
        res = await fake.slash(u["mod"], ch, "game end", table=bad)
        assert res.ephemeral and t("error.unknown_table", table=bad[:20]) == res.content, res
    # a DM (no server, no member permissions: whatever the payload says of the bot's own)
    dm = fake._dm_channel(u["mod"])
    cmd, _ = fake._find_command(u["mod"], ch, "game")
    data = {
        "id": cmd["id"],
        "name": "game",
        "type": 1,
        "options": [
            {"name": "end", "type": 1, "options": [{"name": "table", "type": 3, "value": str(sid)}]}
        ],
    }
    inter = fake._new_interaction(2, u["mod"], dm, data)
    inter.payload["app_permissions"] = EVERYTHING
    await fake._send(inter)
    await fake._await_answer(inter, 10)
    res = InteractionResult(fake, inter)
    assert res.ephemeral and res.content == t("error.guild_only"), res
    assert await status(world, sid) == "running"
