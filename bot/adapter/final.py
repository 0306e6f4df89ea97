"""The end of a game as an event (issue 11 part 5, issue 14 part 3).

One channel message: every seat by rank with its score and unit ("🥇 **alice** — 34 points"),
under each the game's own breakdown of that score (the presenter reads it from the final
public view), each rated human's skill before -> after (the displayed skill of ``/standings``;
AI seats are never rated and show none), and a **Rematch** button. Then a DM to every human who
played from DMs (was prompted privately during the game) with their place, score, rating change
and a link to that message. :meth:`bot.adapter.publish.Publisher.final` calls :func:`post_final`
once per game, inside the session's publication.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from typing import Any, Protocol

import discord

from bot.adapter import web_links
from bot.adapter.book import TableBook, peek
from bot.adapter.components import RematchButton
from bot.adapter.prompts import clip, clip_block, make_view
from bot.core.ai_runner import seat_label
from bot.core.host import SessionHost
from bot.core.store import SessionRecord
from bot.text import presenters
from bot.text.i18n import game_title, number, option_name, option_value, place_of, signed, t, tn

log = logging.getLogger(__name__)

MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}
BREAKDOWN_MARK = "↳"

NameFn = Callable[[str], str]


class Publisher(Protocol):
    """What the final standings need of :class:`bot.adapter.publish.Publisher`."""

    bot: discord.Client
    host: SessionHost

    async def send_dm(
        self, user_id: str, since: float = 0.0, **kwargs: Any
    ) -> discord.Message | None: ...

    def dm_language(
        self, rec: SessionRecord, user_id: str
    ) -> contextlib.AbstractAsyncContextManager[str]: ...


def score_text(game_id: str, score: Any) -> str:
    """A final score with its unit ("34 points", "51 gold", "1 VP")."""
    if isinstance(score, bool) or not isinstance(score, (int, float)):
        return str(score)
    if isinstance(score, float) and not score.is_integer():
        return number(score, digits=2)
    return tn(presenters.get(game_id).score_unit, int(score))


def _names(rec: SessionRecord) -> NameFn:
    names = {s.player_id: seat_label(s) for s in rec.seats}  # "AI 1 · hard"
    return lambda pid: names.get(pid, pid)


def _breakdown(rec: SessionRecord, view: dict[str, Any], player: str, name: NameFn) -> str | None:
    try:
        text = presenters.get(rec.game).final_breakdown(view, player, name)
    except Exception:  # a presenter bug must not cost the final standings
        log.exception("final_breakdown failed for %s", rec.game)
        return None
    return clip(text.replace("**", ""), 300) if text else None


def standings_lines(
    rows: list[dict[str, Any]], rec: SessionRecord, view: dict[str, Any]
) -> list[str]:
    """One line per seat by rank (name in bold, score with its unit), its breakdown below."""
    name = _names(rec)
    lines = []
    for r in sorted(rows, key=lambda r: r["rank"]):
        medal = MEDALS.get(r["rank"], f"{r['rank']}.")
        lines.append(f"{medal} **{name(r['player'])}** — {score_text(rec.game, r.get('score'))}")
        detail = _breakdown(rec, view, r["player"], name)
        if detail:
            lines.append(f"{BREAKDOWN_MARK} {detail}")
    return lines


def rating_change(before: float, after: float) -> str:
    """ "0 -> 4.2 (+4.2)", Czech "0 → 4,2 (+4,2)": the displayed skill, as ``/standings``
    rounds it, in the reader's numbers (a true minus sign: "−2.8")."""
    b, a = round(before, 1), round(after, 1)
    return t("final.rating_change", before=number(b), after=number(a), delta=signed(a - b))


def first_rated(before: float) -> bool:
    """A newcomer's displayed skill is 0 (OpenSkill's default μ − 3σ): a first rated game."""
    return abs(before) < 0.05


def rating_lines(rec: SessionRecord, meta: TableBook) -> list[str]:
    """What the skill is, then each rated human's skill before -> after, in seat order
    (nothing for AI seats); a first rated game says that it starts low."""
    ratings = meta.get("ratings") or {}
    name = _names(rec)
    lines = [
        t(
            "final.rating_first" if first_rated(ratings[p][0]) else "final.rating",
            who=name(p),
            change=rating_change(*ratings[p][:2]),
        )
        for p in rec.player_ids
        if p in ratings
    ]
    return [t("final.ratings")] + lines if lines else []


def options_lines(game_id: str, options: dict[str, Any]) -> list[str]:
    """Each option of a table in words, in the current language: "Teams: yes", "Sides: A B B
    A A B A B" (a choice by its label; issue 26 item 4)."""
    specs = {spec.name: spec for spec in presenters.get(game_id).option_specs}
    return [
        f"{option_name(key)}: {option_value(value, specs[key].choices if key in specs else ())}"
        for key, value in options.items()
    ]


def tie_note(rec: SessionRecord, view: dict[str, Any]) -> str | None:
    """The presenter's word on equal scores (which rule separated them), if it has one."""
    try:
        return presenters.get(rec.game).tie_note(view, _names(rec))
    except Exception:  # a presenter bug must not cost the final standings
        log.exception("tie_note failed for %s", rec.game)
        return None


def final_embed(
    rec: SessionRecord,
    meta: TableBook,
    title: str,
    rows: list[dict[str, Any]],
    view: dict[str, Any],
) -> discord.Embed:
    parts = ["\n".join(standings_lines(rows, rec, view))]
    note = tie_note(rec, view)
    if note:
        parts.append(f"⚖️ {note}")
    if rec.options:
        parts.append(t("final.options", options=" · ".join(options_lines(rec.game, rec.options))))
    ratings = rating_lines(rec, meta)
    if ratings:
        parts.append("\n".join(ratings))
    parts.append(t("final.footer"))
    return discord.Embed(
        title=t("final.title", game=title, id=rec.id),
        description=clip_block("\n\n".join(parts), 4000),
        colour=discord.Colour.green(),
    )


def played_from_dms(rec: SessionRecord, meta: TableBook) -> list[str]:
    """The humans still seated who were prompted privately during the game."""
    return [
        s.player_id
        for s in rec.seats
        if not s.is_ai and s.player_id.isdigit() and "prompted" in peek(meta, s.player_id)
    ]


def result_dm(
    rec: SessionRecord, meta: TableBook, title: str, row: dict[str, Any], players: int, link: str
) -> discord.Embed:
    """One player's result, rating change and the way back to the channel."""
    lines = [
        t(
            "final.dm_result",
            place=place_of(row["rank"], players),
            score=score_text(rec.game, row.get("score")),
        )
    ]
    ratings = meta.get("ratings") or {}
    if row["player"] in ratings:
        lines.append(t("final.dm_rating", change=rating_change(*ratings[row["player"]][:2])))
    lines.append(t("final.dm_link", link=link, channel=f"<#{rec.channel_id}>"))
    return discord.Embed(
        title=t("final.dm_title", game=title, id=rec.id),
        description="\n".join(lines),
        colour=discord.Colour.green(),
    )


async def post_final(publisher: Publisher, rec: SessionRecord, meta: TableBook) -> None:
    """The final standings in the channel (with **Rematch**), then the result DMs."""
    host = publisher.host
    game = host.game(rec.game)
    rows = game.outcome(host.state(rec))
    embed = final_embed(rec, meta, game_title(rec.game, game.title), rows, host.view(rec, None))
    web_links.add_to_final(publisher.bot, rec, embed)  # the browser's replay and standings
    view = make_view([RematchButton(rec.id, label=t("final.rematch"))])
    channel = publisher.bot.get_partial_messageable(int(rec.channel_id))
    message = await channel.send(embed=embed, view=view)
    meta["final_posted"] = True
    link = (
        f"https://discord.com/channels/{rec.guild_id}/{rec.channel_id}/{message.id}"
        if rec.guild_id
        else f"<#{rec.channel_id}>"
    )
    by_player = {r["player"]: r for r in rows}
    for p in played_from_dms(rec, meta):
        if p in by_player:
            async with publisher.dm_language(rec, p):  # the player's language (issue 12)
                dm = result_dm(
                    rec, meta, game_title(rec.game, game.title), by_player[p], len(rows), link
                )
            await publisher.send_dm(p, rec.created_at, embed=dm)
