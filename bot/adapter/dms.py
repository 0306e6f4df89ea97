"""Direct messages: one standing DM per player and table, edited in place (issue 11), the
refusals remembered (``users.dms_closed``), and the hand of games whose hand changes between
a player's turns edited into it."""

from __future__ import annotations

import hashlib
import logging
import time
from typing import Any

import discord

from bot.adapter.book import TableBook, peek, player
from bot.adapter.prompts import clip_block
from bot.adapter.publishing import Publishing, introduced_once, name_fn
from bot.core.store import SessionRecord
from bot.text import presenters
from bot.text.i18n import game_title, t, using

log = logging.getLogger(__name__)

DM_CLOSED = 50007
DM_RETRY = 3600  # seconds before a refused DM is tried again within the same table


class DMs:
    def __init__(self, pub: Publishing) -> None:
        self.pub = pub
        self._channels: dict[str, discord.abc.Messageable] = {}

    async def channel(self, user_id: str) -> discord.abc.Messageable:
        channel = self._channels.get(user_id)
        if channel is None:
            channel = await self.pub.bot.create_dm(discord.Object(int(user_id)))
            self._channels[user_id] = channel
        return channel

    async def send(self, user_id: str, since: float = 0.0, **kwargs: Any) -> discord.Message | None:
        """DM ``user_id``; None when their DMs are closed. A refusal is remembered: no DM is
        tried again for ``DM_RETRY`` seconds, unless the table opened after the refusal
        (``since``, the session's creation time): people open their DMs between games."""
        if not user_id.isdigit():
            return None
        host = self.pub.host
        closed_at = await host.dm_refused_at(user_id)
        if closed_at is not None and closed_at >= since and time.time() - closed_at < DM_RETRY:
            return None
        try:
            channel = await self.channel(user_id)
            message = await channel.send(**kwargs)
            if closed_at is not None:
                await host.remember_dm(user_id, refused=False)
            return message
        except discord.Forbidden as exc:
            if exc.code == DM_CLOSED:
                await host.remember_dm(user_id, refused=True)
            log.info("DM to %s refused (%s)", user_id, exc.code)
            return None
        except discord.HTTPException as exc:
            log.warning("DM to %s failed: %s", user_id, exc)
            return None

    async def place(
        self, rec: SessionRecord, meta: TableBook, p: str, payload: dict[str, Any], quiet: bool
    ) -> bool:
        """Show ``payload`` in ``p``'s DM: edit their standing DM when ``quiet`` (a deleted
        one is replaced), else send a new one; False when their DMs are closed."""
        standing = peek(meta, p).get("dm")
        if quiet and standing:
            edit = dict(payload)
            edit.pop("silent", None)  # a message's edit never notifies anyway
            file = edit.pop("file", None)
            edit["attachments"] = [file] if file else []
            try:
                channel = self.pub.bot.get_partial_messageable(standing[0])
                await channel.get_partial_message(standing[1]).edit(**edit)
                return True
            except discord.NotFound:  # the player deleted it: a new one below
                pass
            except discord.HTTPException as exc:
                log.info("DM edit for %s failed (%s); sending a new one", p, exc)
        send = {k: v for k, v in payload.items() if v is not None}
        message = await self.send(p, rec.created_at, **send)
        if message is None:
            return False
        pm = player(meta, p)
        pm["dm"] = [message.channel.id, message.id]
        pm.pop("dm_closed", None)
        return True

    def hand_signature(self, rec: SessionRecord, p: str) -> str | None:
        if rec.state is None:
            return None
        with using("en"):  # the same hand in any reader's language
            view = self.pub.host.view(rec, p)
            text = presenters.get(rec.game).hand_text(view, name_fn(rec))
        return hashlib.sha1(text.encode()).hexdigest()[:12] if text else None

    async def hands(self, rec: SessionRecord, meta: TableBook, mover: str | None = None) -> None:
        """Games with hands: a hand changed by someone else's move is edited into the
        player's standing DM (their prompt, receipt or hand message); a DM is sent only to a
        player who has none yet. Never after their own move (their receipt shows it)."""
        presenter = presenters.get(rec.game)
        if rec.state is None or rec.status != "running" or not presenter.dm_hand_updates:
            return
        for seat in rec.seats:
            p = seat.player_id
            if seat.is_ai or not p.isdigit() or p == mover:
                continue
            sig = self.hand_signature(rec, p)
            if sig is None or peek(meta, p).get("hand_sig") == sig:
                continue
            async with self.pub.dm_language(rec, p):
                payload = await self.hand_payload(rec, meta, p)
            standing = peek(meta, p).get("dm") is not None
            if await self.place(rec, meta, p, payload, quiet=standing):
                player(meta, p)["hand_sig"] = sig

    async def hand_payload(self, rec: SessionRecord, meta: TableBook, p: str) -> dict[str, Any]:
        """``p``'s live prompt again (it shows the hand) or their hand on its own."""
        prompted = peek(meta, p).get("prompted")
        if p in self.pub.human_actors(rec) and prompted == rec.since(p):
            return await self.pub.private_prompt_payload(rec, p, meta)
        host = self.pub.host
        text = presenters.get(rec.game).hand_text(host.view(rec, p), name_fn(rec)) or ""
        title = t("hand.title", game=game_title(rec.game, host.game(rec.game).title), id=rec.id)
        embed = discord.Embed(
            title=title,
            description=clip_block(introduced_once(rec, text), 3800)
            + "\n\n"
            + self.pub.where(rec, meta),
        )
        return {"embed": embed, "view": None, "content": None}
