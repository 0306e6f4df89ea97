"""Provably fair tables (issue 31 item 2) through the fake Discord only: from Start the board's
footer shows the commitment's first 16 hex characters (the whole one on ``/game status``, also
after a restart); nothing shows the salt while the game runs; the final standings reveal the
seed and the salt, which hash to the commitment shown at Start; the export checks out with
``bot.core.fairplay`` (what ``crowntable verify --export`` runs)."""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

import pytest

import games
from bot.core import fairplay
from bot.text.i18n import t
from tests.e2e.driver import Driver, Player, board_footer, board_message, final_message
from tests.e2e.helpers import open_table, table_id

SEALED = re.compile(r"🔒 shuffle sealed: `([0-9a-f]{16})`$")
REVEAL = re.compile(r"🔓 Shuffle unsealed: seed `(\d+)`, salt `([0-9a-f]{32})`\.")


def requests_with(fake: Any, text: str) -> list[Any]:
    return [r for r in fake.requests if text in json.dumps(r.json, ensure_ascii=False)]


@pytest.mark.asyncio
async def test_the_board_commits_at_start_and_the_final_standings_reveal(world) -> None:
    fake, ch, u = world.fake, world.channel, world.users
    await world.start_bot(seed=None)  # seeds as in production
    lobby = await open_table(world, "majesty", join=("bob",), ai=1)
    sid = table_id(lobby)
    board = board_message(fake, ch)
    assert board is not None
    footer = board_footer(board)
    sealed = SEALED.search(footer)
    assert footer.startswith(t("board.footer", id=sid)) and sealed, footer
    short = sealed.group(1)

    # the whole commitment on /game status, the same after a restart
    await world.stop_bot()
    await world.start_bot(seed=None)
    res = await fake.slash(u["bob"], ch, "game status")
    assert res.ephemeral
    status_footer = res.message.embeds[0]["footer"]["text"]
    full = re.search(r"([0-9a-f]{64})$", status_footer)
    assert full and full.group(1).startswith(short), status_footer
    assert t("fair.sealed_full", full=full.group(1)) in status_footer

    players = [Player(u[n]) for n in ("alice", "bob")]
    final = await Driver(fake, ch, players, seed=5).play()
    await fake.idle()
    text = final.embeds[0]["description"]
    revealed = REVEAL.search(text)
    assert revealed, text
    seed, salt = int(revealed.group(1)), revealed.group(2)
    preimage = f"crowntable-v1:majesty:{seed}:{salt}"
    assert hashlib.sha256(preimage.encode()).hexdigest() == full.group(1)
    assert t("fair.reveal_check", short=short, id=sid) in text
    # the salt was in no request to Discord before the final standings
    assert [r.path for r in requests_with(fake, salt)] == [f"/channels/{ch.id}/messages"]
    assert final_message(fake, ch) is final

    # the board after the end still shows the same short commitment
    assert SEALED.search(board_footer(board_message(fake, ch))).group(1) == short  # type: ignore[union-attr]

    res = await fake.slash(u["alice"], ch, "game export", table=f"#{sid}")
    data = json.loads(res.message.attachment(f"crowntable-table-{sid}.json"))
    assert data["fairness"]["salt"] == salt and data["seed"] == seed
    assert data["fairness"]["commitment"] == full.group(1)
    report = fairplay.check(data, games.REGISTRY)
    assert report.ok, report.lines
    assert report.lines[2] == f"  the board showed its first 16: {short}"


@pytest.mark.asyncio
async def test_a_running_table_shows_the_commitment_but_exports_nothing(world) -> None:
    fake, ch, u = world.fake, world.channel, world.users
    await world.start_bot()
    lobby = await open_table(world, "elves", join=("bob",))
    sid = table_id(lobby)
    rec = await world.bot.host.get(sid)
    salt = rec.meta["fair"]["salt"]
    res = await fake.slash(u["alice"], ch, "game export", table=f"#{sid}")
    assert res.ephemeral and res.text() == t("error.export_not_finished", id=sid)
    assert not res.message.attachments
    assert requests_with(fake, salt) == []  # neither the board, the DMs nor the refusal
    assert SEALED.search(board_footer(board_message(fake, ch)))
