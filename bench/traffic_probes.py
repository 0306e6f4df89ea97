"""What a player is told when they do something the bot refuses (issue 11 item 4): an outsider
presses Start in the lobby, a seated player who is not acting uses the board (its move component
when the board has one, else Open my prompt). The probes run outside the measured windows: their
requests are not counted."""

from __future__ import annotations

from typing import Any

from bot.text.i18n import t
from tests.e2e.driver import board_message, move_components
from tests.e2e.helpers import refusal
from tests.fakediscord import FakeDiscord, UserCannot

PROBE_USER = "outsider"  # a member of the server who is not seated


async def answer(fake: FakeDiscord, result: Any) -> str:
    """The ephemeral answer to a probe, or what visibly happened instead."""
    try:
        return (await refusal(result, timeout=5)).replace("\n", " / ")
    except AssertionError:
        return f"(no ephemeral answer; callback type {result.type})"


async def lobby_probe(fake: FakeDiscord, users: dict[str, Any], lobby: Any) -> dict[str, str]:
    result = await fake.click(users[PROBE_USER], lobby, t("lobby.start"))
    out = {"outsider presses Start": await answer(fake, result)}
    await fake.idle(quiet=0.02)
    return out


async def board_probe(
    fake: FakeDiscord, channel: Any, users: dict[str, Any], humans: list[str], waiting: list[str]
) -> dict[str, str]:
    """A seated player who is not acting, and the outsider, use the first board."""
    board = board_message(fake, channel)
    idle = [h for h in humans if h not in waiting]
    if board is None:
        return {}
    out: dict[str, str] = {}
    for who, label in (
        (idle[0] if idle else None, "seated player not acting"),
        (PROBE_USER, "outsider"),
    ):
        if who is None:
            continue
        try:
            out[f"{label} uses the board"] = await _use_board(fake, users[who], board)
        except UserCannot as exc:
            out[f"{label} uses the board"] = f"(cannot: {exc})"
        await fake.idle(quiet=0.02)
    return out


async def _use_board(fake: FakeDiscord, user: Any, board: Any) -> str:
    selects, buttons = move_components(board)
    if selects:
        select = selects[0]
        result = await fake.select(
            user, board, select["custom_id"], [select["options"][0]["value"]]
        )
        return "move select: " + await answer(fake, result)
    if buttons:
        result = await fake.click(user, board, buttons[0]["custom_id"])
        return "move button: " + await answer(fake, result)
    if t("board.open_prompt") not in board.labels:  # only while someone needs it (issue 11)
        return "(the board offers no move and no Open my prompt: nothing to press)"
    result = await fake.click(user, board, t("board.open_prompt"))
    return "Open my prompt: " + await answer(fake, result)
