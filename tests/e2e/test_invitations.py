"""Issue 27 item 2, end to end on SQLite and PostgreSQL: ``/game new … invite:`` and the
lobby's **Invite** send each invitee one DM with the table, the game, the options and a
**Join** that works from the DM (after a restart too); closed DMs get one mention in the
channel instead; bad invitees are refused, only to the host, and nothing is opened or sent;
the invitations expire with the lobby."""

from __future__ import annotations

import pytest

from bot.text.i18n import t
from tests.e2e.driver import board_message
from tests.e2e.helpers import refusal, table_id
from tests.e2e.lobby_support import backend, field

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio]


def invitations(fake, user) -> list:
    return [m for m in fake.dms(user) if m.embeds and "Invitation to table" in m.text()]


@pytest.mark.parametrize("store", ["sqlite", "postgres"])
async def test_invitations_accepted_from_a_dm(world, store) -> None:
    async with backend(world, store) as url:
        await world.start_bot(database_url=url)
        fake, ch, u = world.fake, world.channel, world.users
        fake.set_dms_open(u["cyril"], False)
        res = await fake.slash(
            u["alice"],
            ch,
            "game new majesty",
            turn_clock="off",
            sides="ABBAABAB",
            invite1=u["bob"],
            invite2=u["cyril"],
        )
        lobby = res.message
        assert lobby is not None and not res.ephemeral
        await fake.idle()
        # bob: one DM with the table, the game, the options and Join
        (dm,) = invitations(fake, u["bob"])
        text = dm.text(history=False)
        assert f"table #{table_id(lobby)}: Majesty" in text and "alice invites you" in text
        assert "Sides: A B B A A B A B" in text and t("lobby.join") in dm.labels
        link = f"https://discord.com/channels/{world.guild.id}/{ch.id}/{lobby.id}"
        assert f"[#herna · Deskovky]({link})" in text, text
        # cyril's DMs are closed: one mention in the channel, and nobody else pinged
        pings = [m for m in fake.messages(ch) if "invites you to this table" in (m.content or "")]
        assert len(pings) == 1 and u["cyril"].mention in pings[0].content
        assert u["bob"].mention not in pings[0].content
        assert u["cyril"].mention in field(lobby, t("lobby.invited"))

        # the bot restarts; bob's Join from the DM still seats him at that table
        await world.stop_bot()
        await world.start_bot(database_url=url)
        joined = await fake.click(u["bob"], dm, t("lobby.join"))
        assert joined.type == 7, joined
        await fake.idle()
        assert "You are seated" in dm.text(history=False) and not dm.buttons()
        rec = await world.bot.host.get(table_id(lobby))
        assert [s.name for s in rec.seats] == ["alice", "bob"]
        assert "bob" in field(lobby, t("lobby.players", n=2, max=4))
        assert u["bob"].mention not in field(lobby, t("lobby.invited"))

        # the lobby's Invite: a member picker, only to the host
        r = await fake.click(u["bob"], lobby, t("lobby.invite_button"))
        assert "Only the player who opened the table" in await refusal(r)
        picker = await fake.click(u["alice"], lobby, t("lobby.invite_button"))
        assert picker.ephemeral and picker.message is not None
        sid = next(c for c in picker.message.custom_ids if c.startswith("ct:iv:"))
        sent = await fake.select(u["alice"], picker.message, sid, [u["dana"]])
        assert sent.type == 7 and "Invited" in (sent.content or ""), sent
        await fake.idle()
        assert len(invitations(fake, u["dana"])) == 1
        assert len(invitations(fake, u["bob"])) == 1  # nobody is invited twice

        # emil is invited too, but his DM cannot be edited later (Discord refuses once)
        picker = await fake.click(u["alice"], lobby, t("lobby.invite_button"))
        assert picker.message is not None
        await fake.select(u["alice"], picker.message, sid, [u["emil"]])
        await fake.idle()
        (emil_dm,) = invitations(fake, u["emil"])
        fake.fail(f"PATCH /channels/{emil_dm.channel.id}/messages/*", status=403, code=50001)

        # the lobby starts: the invitations not used say they expired; a Join left on a
        # DM that could not be edited is refused, and seats nobody
        await fake.click(u["alice"], lobby, t("lobby.start"))
        await fake.wait_for(lambda: board_message(fake, ch), timeout=10, what="the board")
        await fake.idle()
        (dana_dm,) = invitations(fake, u["dana"])
        assert "started without you" in dana_dm.text(history=False) and not dana_dm.buttons()
        assert t("lobby.join") in emil_dm.labels
        late = await fake.click(u["emil"], emil_dm, t("lobby.join"))
        assert "started without you" in await refusal(late)
        assert len((await world.bot.host.get(table_id(lobby))).seats) == 2


async def test_bad_invitees_are_refused_and_nothing_is_opened(world) -> None:
    await world.start_bot()
    fake, ch, u = world.fake, world.channel, world.users
    stranger = fake.add_user("stranger", guilds=[])
    robot = fake.add_user("robot")
    robot.bot = True
    cases = (
        ({"invite1": robot}, "is a bot"),
        ({"invite2": stranger}, "is not a member of this server"),
        ({"invite1": u["alice"]}, "You are the host of this table"),
    )
    for invite, said in cases:
        res = await fake.slash(u["alice"], ch, "game new majesty", turn_clock="off", **invite)
        assert res.ephemeral and said in await refusal(res), (invite, res)
    assert not [m for m in fake.messages(ch) if m.embeds]  # no lobby was opened
    assert not any(fake.dms(u[n]) for n in ("bob", "cyril", "dana", "emil"))
    assert not fake.dms(robot) and not fake.dms(stranger)
    # a real table: a second invitation of the same member, and someone else's Join
    res = await fake.slash(
        u["alice"], ch, "game new majesty", turn_clock="off", invite1=u["bob"], invite2=u["bob"]
    )
    lobby = res.message
    assert lobby is not None
    await fake.idle()
    assert len(invitations(fake, u["bob"])) == 1  # the same member twice: one invitation
    picker = await fake.click(u["alice"], lobby, t("lobby.invite_button"))
    assert picker.message is not None
    sid = next(c for c in picker.message.custom_ids if c.startswith("ct:iv:"))
    again = await fake.select(u["alice"], picker.message, sid, [u["bob"]])
    assert "already seated or invited" in await refusal(again)
    # more members than free seats (the picker offers 3; a modified client sends 4)
    many = [u[n] for n in ("cyril", "dana", "emil", "filip")]
    crowd = await fake.select(u["alice"], picker.message, sid, many)
    assert "Free seats at the table: 3" in await refusal(crowd)
    assert not any(fake.dms(u[n]) for n in ("cyril", "dana", "emil", "filip"))
    (dm,) = invitations(fake, u["bob"])
    # the host cancels: bob's invitation says the table was closed
    await fake.click(u["alice"], lobby, t("lobby.cancel"))
    await fake.idle()
    assert "was closed" in dm.text(history=False) and not dm.buttons()
