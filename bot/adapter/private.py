"""Private prompts: a player's own prompt (or view) in their DM or an ephemeral message, what
changed since their last action, and the clicked prompt turned into the next step or a short
receipt (issue 11: one answer per click)."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.adapter import spectate
from bot.adapter.board import LOG_SHOWN
from bot.adapter.book import TableBook, of, peek, player
from bot.adapter.click import Click
from bot.adapter.prompts import build_prompt, clip, clip_block, make_view
from bot.adapter.publishing import Publishing, introduced_once, name_fn, png_file
from bot.core.render import board_alt_text, board_png
from bot.core.store import SessionRecord
from bot.text import presenters
from bot.text.i18n import game_title, t

log = logging.getLogger(__name__)


class PrivatePrompts:
    def __init__(self, pub: Publishing) -> None:
        self.pub = pub

    @staticmethod
    def since_last(meta: TableBook, player_id: str) -> list[str]:
        """The public log lines since ``player_id``'s last action (at most LOG_SHOWN)."""
        count = meta.get("log_count", 0)
        seen = peek(meta, player_id).get("seen", count)
        lines = meta.get("log") or []
        new = min(max(count - seen, 0), LOG_SHOWN, len(lines))
        return lines[-new:] if new else []

    def _parts(
        self, rec: SessionRecord, player_id: str, view: dict[str, Any], news: list[str]
    ) -> tuple[list[str], list[discord.ui.Item[Any]]]:
        """The prompt (or "nothing to decide"), the news and the hand; the prompt's items."""
        pub, presenter, name = self.pub, presenters.get(rec.game), name_fn(rec)
        moves = pub.host.legal_moves(rec, player_id)
        parts, items = [], []
        if moves:
            prompt = build_prompt(
                presenter,
                rec.id,
                rec.version,
                view,
                player_id,
                moves,
                name,
                follow=pub.follow(rec, player_id),
                preview=pub.previews(rec, player_id),
                intro=pub.teaching.intro(rec, player_id, view),
            )
            parts.append(prompt.describe())
            items = prompt.items
        else:
            parts.append(t("prompt.nothing"))
        if news:
            parts.append(t("private.since", lines="\n".join(f"• {x}" for x in news)))
        hand = presenter.hand_text(view, name) if rec.state is not None else None
        if hand:
            parts.append(hand)
        return parts, items

    async def payload(
        self, rec: SessionRecord, player_id: str, meta: TableBook | None = None
    ) -> dict[str, Any]:
        """Embed, image and components of ``player_id``'s private prompt (or their view);
        with ``meta``, what changed since their last action (in words and on the image)."""
        meta = of(rec) if meta is None else meta
        host = self.pub.host
        view = host.view(rec, player_id)
        news = self.since_last(meta, player_id)
        last = clip("; ".join(news), 240) if news else None
        png = await board_png(host, rec, player_id, last=last)
        parts, items = self._parts(rec, player_id, view, news)
        title = game_title(rec.game, host.game(rec.game).title)
        embed = discord.Embed(
            title=t("private.title", game=title, id=rec.id),
            description=clip_block(introduced_once(rec, "\n\n".join(parts)), 3800)
            + "\n\n"
            + self.pub.where(rec, meta),
            colour=discord.Colour.blurple(),
        )
        payload: dict[str, Any] = {
            "embed": embed,
            "view": make_view(items) if items else None,
            "content": None,
        }  # an edit clears an old receipt line
        if png:
            embed.set_image(url="attachment://board.png")
            payload["file"] = png_file(png, description=board_alt_text(host, rec, player_id))
        return payload

    async def answer(self, rec: SessionRecord, meta: TableBook, click: Click) -> None:
        """The mover's clicked prompt becomes their next step, or a short receipt (with their
        hand, in games with one): in place, in the click's one callback."""
        pub, user = self.pub, click.user
        pm = player(meta, user)
        pm["seen"] = meta.get("log_count", 0)
        done = t("private.chosen", move=clip(click.label, 200))
        edit: dict[str, Any]
        if rec.status == "running" and user in pub.host.actors(rec) and pub.is_private(rec, user):
            payload = await self.payload(rec, user, meta)
            file = payload.pop("file", None)
            edit = {
                "content": done,
                "embed": payload["embed"],
                "view": payload["view"],
                "attachments": [file] if file else [],
            }
            pm["prompted"] = pm["notified"] = rec.since(user)
        else:
            embed = self.receipt(rec, meta, user, done)
            edit = {"content": None, "embed": embed, "view": None, "attachments": []}
        spectate.add_undo(pub.host, rec, user, edit)  # Undo on the prompt/receipt (issue 14)
        pm["hand_sig"] = pub.hand_signature(rec, user)
        if click.in_dm and click.message_id is not None and click.channel_id is not None:
            pm["dm"] = [click.channel_id, click.message_id]
        if not await click.update(**edit) and click.in_dm and click.message_id is not None:
            await self.edit_dm(click, edit)

    async def edit_dm(self, click: Click, edit: dict[str, Any]) -> None:
        """The click's callback failed (too late): edit the DM prompt through the channel."""
        try:
            channel = self.pub.bot.get_partial_messageable(int(click.channel_id or 0))
            await channel.get_partial_message(int(click.message_id or 0)).edit(**edit)
        except discord.HTTPException as exc:
            log.info("DM prompt of %s could not be edited either: %s", click.user, exc)

    def receipt(self, rec: SessionRecord, meta: TableBook, user: str, done: str) -> discord.Embed:
        """ "✅ Chosen: …", who acts now, the player's hand (games with hands), the way back."""
        pub = self.pub
        game = pub.host.game(rec.game)
        parts = [done]
        waiting = pub.human_actors(rec) if rec.status == "running" else []
        if waiting:
            parts.append(pub.waiting_line(rec, waiting))
        presenter = presenters.get(rec.game)
        if presenter.dm_hand_updates and rec.state is not None and rec.status == "running":
            hand = presenter.hand_text(pub.host.view(rec, user), name_fn(rec))
            if hand:
                parts.append(hand)
        return discord.Embed(
            title=t("private.title", game=game_title(rec.game, game.title), id=rec.id),
            description=clip_block(introduced_once(rec, "\n\n".join(parts)), 3800)
            + "\n\n"
            + pub.where(rec, meta),
            colour=discord.Colour.dark_grey(),
        )
