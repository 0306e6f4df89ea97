"""The adapter's part of vacations and notification preferences at each turn-clock tick
(issue 27): the boards whose clock a vacation paused or continued are shown again, and the
daily digests that are due go out (:mod:`bot.core.digest`: claimed in the store first, so
with several processes each goes out once).

A digest is one DM in the reader's language: how many tables wait for them, then one line
per table with the way to its board. Nothing is sent when no table waits (the day's digest
still counts as sent); a user whose DMs are closed gets nothing (logged)."""

from __future__ import annotations

import logging

from bot.adapter.book import of
from bot.adapter.publish import Publisher
from bot.core.store import SessionRecord
from bot.text.i18n import game_title, t, tn, using

log = logging.getLogger(__name__)


async def tick(publisher: Publisher) -> None:
    """Once per turn-clock tick: the vacations' boards, then the digests due."""
    for session_id in publisher.host.vacations.take_touched():
        try:
            await publisher.refresh(session_id)
        except Exception as exc:  # shown by the catch-up at a later change
            log.info("session %s: board not shown after a vacation change: %s", session_id, exc)
    for prefs, due_at in await publisher.host.digests.due():
        try:
            await send_digest(publisher, prefs.user_id, due_at)
        except Exception:
            log.exception("the digest of %s failed", prefs.user_id)


async def send_digest(publisher: Publisher, user_id: str, due_at: float) -> bool:
    """Claim and send ``user_id``'s digest due at ``due_at``; True when a DM went out."""
    host = publisher.host
    if not await host.digests.claim(user_id, due_at):
        return False  # another process sent it
    tables = await host.digests.waiting(user_id)
    if not tables:
        return False
    with using(await publisher.languages.user(user_id)):
        text = digest_text(publisher, tables)
    if await publisher.send_dm(user_id, content=text) is None:
        log.info("the digest of %s was not delivered: DMs closed", user_id)
        return False
    return True


def digest_text(publisher: Publisher, tables: list[SessionRecord]) -> str:
    lines = [tn("digest.head", len(tables))]
    for rec in tables:
        game = publisher.host.game(rec.game)
        lines.append(
            t(
                "digest.line",
                game=game_title(game.id, game.title),
                table=rec.id,
                place=publisher.place(rec, of(rec)),
            )
        )
    return "\n".join(lines)
