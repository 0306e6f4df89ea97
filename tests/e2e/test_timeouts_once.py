"""Issue 27 item 6, end to end: a turn the clock plays for an idle player is said once (one
"ran out of time" line per time-out, however many steps the AI then plays for them), an AI
seat's full label ("AI 1 · medium") once per message, and the half-time reminder as before
(one DM per idle player)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.text.i18n import t
from tests.e2e.driver import board_message, waiting_names
from tests.e2e.helpers import open_table, table_id
from tests.fakediscord.models import _strings

pytestmark = [pytest.mark.e2e, pytest.mark.asyncio]

FULL = "AI 1 · medium"


def _displays(components: list[dict[str, Any]]) -> list[str]:
    """The text displays of a components-v2 message (not its buttons' or options' labels)."""
    out: list[str] = []
    for c in components:
        if c.get("type") == 10:
            out.append(c.get("content") or "")
        out += _displays(c.get("components") or [])
    return out


def words(version: dict[str, Any]) -> str:
    """What one version of a message says: its content, embeds and text displays."""
    parts = [version["content"] or "", *_strings(version["embeds"])]
    return "\n".join(parts + _displays(version["components"]))


def reminders(fake: Any, user: Any) -> list:
    return [m for m in fake.dms(user) if (m.content or "").startswith("⏳ Reminder")]


async def test_a_timeout_is_said_once_and_an_ai_seat_named_once(world) -> None:
    await world.start_bot()
    fake, ch, u = world.fake, world.channel, world.users
    lobby = await open_table(world, "empire_engine", join=("bob",), ai=1, clock="5m")
    sid = table_id(lobby)
    idle: list[str] = []
    for skew in (305, 610):  # two turns in a row nobody plays: two time-outs
        [who] = waiting_names(board_message(fake, ch))
        idle.append(who)
        world.skew = skew - 145  # half time of this decision: one reminder
        person, line = u[who], t("host.timeout", name=who)
        await fake.wait_for(lambda p=person: reminders(fake, p), timeout=5, what="the reminder")
        world.skew = skew
        await fake.wait_for(
            lambda line=line: line in board_message(fake, ch).text(history=False),
            timeout=10,
            what=f"{who}'s time-out on the board",
        )
        await fake.idle(quiet=0.6)
    assert idle[0] != idle[1], idle
    moves = await world.bot.host.moves(sid)
    timed_out = [str(m.player_id) for m in moves if m.source == "timeout"]
    assert set(timed_out) == {str(u[n].id) for n in idle}, timed_out
    # each idle player: one reminder, one line per time-out in every version of every message
    assert [len(reminders(fake, u[n])) for n in idle] == [1, 1]
    messages = fake.public_messages() + fake.dms(u["alice"]) + fake.dms(u["bob"])
    seen_timeouts = 0
    for msg in messages:
        for version in msg.versions:
            text = words(version)
            for n in idle:
                assert text.count(t("host.timeout", name=n)) <= 1, (msg, text)
                seen_timeouts += text.count(t("host.timeout", name=n))
            assert text.count(FULL) <= 1, (msg, text)  # the AI seat introduced once
    assert seen_timeouts >= 2
    final = words(board_message(fake, ch).versions[-1])
    assert [final.count(t("host.timeout", name=n)) for n in idle] == [1, 1], final
    assert final.count(FULL) == 1 and "AI 1" in final.replace(FULL, "", 1), final
