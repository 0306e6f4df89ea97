"""Looking, not playing: ``/game status``, ``/game board``, ``/game log``, ``/standings`` and
``/stats`` (``/game rules`` and ``/game card``: :mod:`bot.adapter.handlers.rules`)."""

from __future__ import annotations

from typing import Any

import discord

from bot.adapter import book
from bot.adapter.boundary import edge, note_game
from bot.adapter.final import score_text
from bot.adapter.handlers.common import Interaction, channel_key, guild_key
from bot.adapter.handlers.lobby import lobby_message
from bot.adapter.prompts import clip_block
from bot.adapter.publish import event_lines, png_file
from bot.adapter.publishing import introduced_once
from bot.adapter.respond import ack, answer, within
from bot.adapter.translator import channel_locale
from bot.core.errors import HostError
from bot.core.host import SessionHost, conservative
from bot.core.render import board_alt_text, board_png
from bot.text.i18n import game_title, number, place_of, t, tn, using

STANDINGS_SHOWN = 20
LOG_SHOWN = 25
RECENT_SHOWN = 5


def title_of(host: SessionHost, game_id: str) -> str:
    """A game's title; the id itself for a game no longer installed."""
    return game_title(game_id, host.game(game_id).title) if game_id in host.registry else game_id


@edge
async def status(interaction: Interaction) -> None:
    client = interaction.client
    await ack(interaction)  # the answer is drawn: acknowledged first, then edited in
    rec = await client.host.active(channel_key(interaction))
    note_game(interaction, rec.game)
    if rec.status == "lobby":
        msg = lobby_message(client.host, rec)
        await answer(interaction, embed=msg["embed"])
        return
    png = await board_png(client.host, rec, None)
    embed = client.publisher.board_embed(rec, book.of(rec), png is not None)
    kwargs: dict[str, Any] = {"embed": embed}
    if png:
        kwargs["file"] = png_file(png, description=board_alt_text(client.host, rec, None))
    await answer(interaction, **kwargs)


@edge
async def board(interaction: Interaction) -> None:
    client = interaction.client
    await ack(interaction)
    rec = await client.host.active(channel_key(interaction))
    if rec.status != "running":
        raise HostError("not_running")
    await client.publisher.refresh(rec.id, repost=True)
    await answer(interaction, t("board.reposted"))


@edge
async def game_log(interaction: Interaction) -> None:
    host = interaction.client.host
    await ack(interaction)
    rec = await host.active(channel_key(interaction))
    if rec.state is None:
        raise HostError("not_running")
    lines = event_lines(rec, await host.log_events(rec), host.game(rec.game))
    text = "\n".join(f"• {line}" for line in lines[-LOG_SHOWN:]) or t("log.empty")
    text = introduced_once(rec, text)  # an AI seat named in full once
    embed = discord.Embed(title=t("log.title", id=rec.id), description=clip_block(text, 4000))
    await answer(interaction, embed=embed)


@edge
async def standings(interaction: Interaction, game_id: str | None) -> None:
    with using(await channel_locale(interaction)):  # said in the channel
        host = interaction.client.host
        rows = await within(
            interaction, host.standings(guild_key(interaction), game_id), ephemeral=False
        )  # a queued database: acknowledged meanwhile
        lines = []
        for i, r in enumerate(rows[:STANDINGS_SHOWN], start=1):
            skill = conservative(r["mu"], r["sigma"])
            game_part = "" if game_id else f" · {title_of(host, r['game'])}"
            lines.append(
                t(
                    "standings.row",
                    rank=i,
                    who=f"<@{r['player_id']}>",
                    skill=number(skill),
                    games=tn("count.games", r["games"]),
                    wins=tn("count.wins", r["wins"]),
                )
                + game_part
            )
        heading = title_of(host, game_id) if game_id else t("standings.all")
        embed = discord.Embed(
            title=t("standings.title", game=heading),
            description="\n".join(lines) or t("standings.empty"),
            colour=discord.Colour.gold(),
        )
        embed.set_footer(text=t("standings.footer"))
        await answer(
            interaction,
            ephemeral=False,
            embed=embed,
            allowed_mentions=discord.AllowedMentions.none(),
        )


async def _stats_lines(host: SessionHost, guild: str | None, player: str) -> list[str]:
    lines = []
    for row in (await host.player_stats(guild, player))["games"]:
        skill = "—" if row["mu"] is None else number(conservative(row["mu"], row["sigma"]))
        lines.append(
            t(
                "stats.row",
                game=title_of(host, row["game"]),
                games=tn("count.games", row["games"]),
                wins=tn("count.wins", row["wins"] or 0),
                avg=number(row["avg_rank"], digits=2),
                skill=skill,
            )
        )
    recent = await host.recent_results(guild, player, RECENT_SHOWN)
    if recent:
        lines += ["", t("stats.recent")]
        lines += [
            t(
                "stats.recent_row",
                game=title_of(host, r["game"]),
                place=place_of(r["rank"], r["players"]),
                score=score_text(r["game"], r["score"]),
            )
            for r in recent
        ]
    return lines


@edge
async def stats(interaction: Interaction, member: discord.abc.User | None) -> None:
    with using(await channel_locale(interaction)):  # said in the channel
        target = member or interaction.user
        lines = await within(
            interaction,
            _stats_lines(interaction.client.host, guild_key(interaction), str(target.id)),
            ephemeral=False,
        )
        embed = discord.Embed(
            title=t("stats.title", name=target.display_name),
            description="\n".join(lines) or t("stats.empty"),
            colour=discord.Colour.teal(),
        )
        await answer(interaction, ephemeral=False, embed=embed)
