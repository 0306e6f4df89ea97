"""After the game (issue 14): ``/game history``, ``/game log`` and ``/game board`` of any table
of the server, ``/game replay`` with its persistent ⏮ ◀ ▶ ⏭ buttons and the animation, and
``/game export``.

A table id is typed as shown everywhere (``12`` or ``#12``) and found only within the server
asking (:mod:`bot.core.history`): another server's id is answered as an unknown one. Every
refusal is checked before anything is posted, so it is one short ephemeral answer.
"""

from __future__ import annotations

import io
import logging
import time
from typing import Any

import discord
from discord import app_commands

from bot.adapter import book
from bot.adapter.boundary import edge, note_game
from bot.adapter.components import ReplayButton
from bot.adapter.handlers import info
from bot.adapter.handlers.common import Interaction, channel_key, guild_key
from bot.adapter.prompts import clip, clip_block, make_view
from bot.adapter.publish import event_lines, png_file
from bot.adapter.respond import ack, answer, update
from bot.core import export as game_export
from bot.core import history as past
from bot.core import replay as replays
from bot.core.errors import HostError
from bot.core.host import SessionHost
from bot.core.render import board_alt_text, board_png
from bot.core.store import SessionRecord
from bot.text.i18n import game_title, t, tn
from renderers.animate import DEFAULT_LIMIT

log = logging.getLogger(__name__)
HISTORY_SHOWN = 10
LOG_SHOWN = 25
SUGGESTED = 25
ACTIVE = ("lobby", "running")
MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}
#: replay buttons: action -> label, in their order on the message
STEPS = {"first": "⏮", "prev": "◀", "next": "▶", "last": "⏭"}


def _who(row: dict[str, Any]) -> str:
    pid = str(row["player"])
    return f"<@{pid}>" if pid.isdigit() and not row["ai"] else f"**{row['name']}**"


def history_line(game: past.PastGame) -> str:
    places = " · ".join(
        f"{MEDALS.get(r['rank'], str(r['rank']) + '.')} {_who(r)} {r['score']}"
        for r in game.standings
    )
    return t(
        "history.row",
        id=game.table,
        game=game_title(game.game, game.title),
        when=f"<t:{int(game.finished_at)}:d>",
        players=places,
    )


@edge
async def history(
    interaction: Interaction, member: discord.abc.User | None, game_id: str | None
) -> None:
    host = interaction.client.host
    guild = guild_key(interaction)
    if guild is None:
        raise HostError("guild_only")
    games = await past.recent_games(
        host, guild, str(member.id) if member else None, game_id, HISTORY_SHOWN
    )
    lines = [history_line(g) for g in games]
    heading = game_title(game_id, host.game(game_id).title) if game_id else t("standings.all")
    title = (
        t("history.title_member", name=member.display_name, game=heading)
        if member
        else t("history.title", game=heading)
    )
    embed = discord.Embed(
        title=clip(title, 256),
        description=clip_block("\n".join(lines) or t("history.empty"), 4000),
        colour=discord.Colour.dark_teal(),
    )
    embed.set_footer(text=t("history.footer"))
    await answer(
        interaction, embed=embed, ephemeral=False, allowed_mentions=discord.AllowedMentions.none()
    )


async def table_of(interaction: Interaction, table: str | None) -> SessionRecord:
    """The table an option names (this server only), or without one this channel's table:
    its active one, else the game that ended here last."""
    host = interaction.client.host
    if table is not None:
        rec = await past.find_table(host, guild_key(interaction), table)
    else:
        rec = await past.channel_table(host, guild_key(interaction), channel_key(interaction))
    note_game(interaction, rec.game)
    return rec


@edge
async def board(interaction: Interaction, table: str | None) -> None:
    """``/game board``: this channel's running game is posted again (as before); a finished
    game, or any table by its id, is shown to the asker alone."""
    rec = await table_of(interaction, table)
    if table is None and rec.status in ACTIVE:
        await info.board(interaction)
        return
    past.require_played(rec)
    client = interaction.client
    client.host.game(rec.game)
    await ack(interaction)
    png = await board_png(client.host, rec, None)
    embed = client.publisher.board_embed(rec, book.of(rec), png is not None, public=None)
    kwargs: dict[str, Any] = {"embed": embed}
    if png:
        kwargs["file"] = png_file(png, description=board_alt_text(client.host, rec, None))
    await answer(interaction, **kwargs)


@edge
async def game_log(interaction: Interaction, table: str | None) -> None:
    """``/game log`` of this channel's table (also just after its game ended) or of any table
    of the server by its id."""
    rec = await table_of(interaction, table)
    if table is None and rec.status in ACTIVE:
        await info.game_log(interaction)
        return
    past.require_played(rec)
    host = interaction.client.host
    host.game(rec.game)
    await ack(interaction)
    lines = event_lines(rec, await host.log_events(rec), host.game(rec.game))
    text = "\n".join(f"• {line}" for line in lines[-LOG_SHOWN:]) or t("log.empty")
    embed = discord.Embed(title=t("log.title", id=rec.id), description=clip_block(text, 4000))
    await answer(interaction, embed=embed)


# -- replays ---------------------------------------------------------------------------------
def replay_buttons(replay: replays.Replay, index: int) -> discord.ui.View:
    at_start, at_end = index <= 0, index >= replay.last
    disabled = {"first": at_start, "prev": at_start, "next": at_end, "last": at_end}
    return make_view(
        [
            ReplayButton(replay.table, index, action, label=label, disabled=disabled[action])
            for action, label in STEPS.items()
        ]
    )


def replay_embed(replay: replays.Replay, index: int, has_image: bool) -> discord.Embed:
    frame = replay.frames[index]
    lines = replays.turn_lines(replay.game, replay.names, frame.events)
    head = (
        t("replay.setup")
        if index == 0
        else tn("replay.turn", frame.moves, turn=index, total=replay.last)
    )
    parts = [head, "\n".join(f"• {clip(line, 300)}" for line in lines)]
    if not replay.finished:
        parts.append(t("replay.running"))
    title = t("replay.title", game=game_title(replay.game, replay.title), id=replay.table)
    embed = discord.Embed(
        title=clip(title, 256),
        description=clip_block("\n\n".join(p for p in parts if p), 4000),
        colour=discord.Colour.blurple(),
    )
    if has_image:
        embed.set_image(url="attachment://replay.png")
    embed.set_footer(text=t("replay.footer", id=replay.table))
    return embed


async def frame_message(replay: replays.Replay, index: int) -> dict[str, Any]:
    """The replay message at frame ``index``: embed, image, buttons."""
    png = await replays.frame_png(replay, index)
    out: dict[str, Any] = {
        "embed": replay_embed(replay, index, png is not None),
        "view": replay_buttons(replay, index),
    }
    out["attachments"] = (
        [
            png_file(
                png,
                "replay.png",
                t(
                    "replay.alt",
                    game=game_title(replay.game, replay.title),
                    id=replay.table,
                    n=index,
                ),
            )
        ]
        if png
        else []
    )
    return out


async def _replay_of(host: SessionHost, rec: SessionRecord) -> replays.Replay:
    past.require_played(rec)
    host.game(rec.game)  # a game no longer installed is refused before anything is posted
    return await replays.load(host, rec)


@edge
async def replay(interaction: Interaction, table: str) -> None:
    """``/game replay <table>``: the step-through message (from the setup), then the animated
    image of the whole game."""
    host = interaction.client.host
    rec = await table_of(interaction, table)
    past.require_played(rec)
    host.game(rec.game)
    await ack(interaction, ephemeral=False)
    shown = await _replay_of(host, rec)
    message = await frame_message(shown, 0)
    files = message.pop("attachments")
    await answer(interaction, ephemeral=False, **message, files=files)
    started = time.monotonic()
    anim = await replays.animation(shown, limit=interaction.filesize_limit or DEFAULT_LIMIT)
    if anim is None:
        return
    log.info(
        "replay of table %s: %d frames, %d bytes in %.1f s",
        shown.table,
        anim.frames,
        len(anim.data),
        time.monotonic() - started,
    )
    text = tn("replay.animation", anim.frames, id=shown.table, turns=shown.last)
    await interaction.followup.send(
        text,
        file=discord.File(
            io.BytesIO(anim.data),
            filename=f"table-{shown.table}.{anim.extension}",
            description=clip(
                t("replay.animation_alt", game=game_title(shown.game, shown.title), id=shown.table),
                1024,
            ),
        ),
    )


@edge
async def replay_step(interaction: Interaction, session: int, index: int, action: str) -> None:
    """A ⏮ ◀ ▶ ⏭ click: the message moves to that frame (rebuilt from the store, so it works
    after a restart; a game still running is shown up to its current public board)."""
    await ack(interaction, update=True)
    host = interaction.client.host
    rec = await past.find_table(host, guild_key(interaction), session)
    note_game(interaction, rec.game)
    shown = await _replay_of(host, rec)
    target = {"first": 0, "prev": index - 1, "next": index + 1, "last": shown.last}
    await update(interaction, **await frame_message(shown, shown.clamp(target.get(action, index))))


# -- export ----------------------------------------------------------------------------------
@edge
async def export(interaction: Interaction, table: str) -> None:
    host = interaction.client.host
    rec = await table_of(interaction, table)
    host.game(rec.game)
    data = game_export.dumps(await game_export.export_game(host, rec))
    if len(data) > (interaction.filesize_limit or DEFAULT_LIMIT):
        raise HostError("export_too_big", id=rec.id)
    await answer(
        interaction,
        tn("export.done", len(await host.moves(rec.id)), id=rec.id),
        file=discord.File(io.BytesIO(data), filename=f"crowntable-table-{rec.id}.json"),
    )


# -- the table option ------------------------------------------------------------------------
async def suggest_table(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete of a table option: the server's recent finished games."""
    guild = guild_key(interaction)
    if guild is None:
        return []
    host = interaction.client.host
    typed = current.strip().lstrip("#")
    try:
        rows = await host.store.finished_games(guild, None, None, SUGGESTED)
    except Exception as exc:  # a suggestion is a courtesy: typing the id still works
        log.warning("table suggestions failed: %s", exc)
        return []
    out = []
    for row in rows:
        if typed and not str(row["session_id"]).startswith(typed):
            continue
        title = (
            game_title(row["game"], host.game(row["game"]).title)
            if row["game"] in host.registry
            else row["game"]
        )
        day = time.strftime("%Y-%m-%d", time.gmtime(row["finished_at"]))
        out.append(
            app_commands.Choice(
                name=clip(f"#{row['session_id']} · {title} · {day}", 100),
                value=str(row["session_id"]),
            )
        )
    return out
