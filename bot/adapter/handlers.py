"""What each command and component does: parse -> host -> publish -> respond.

Every handler is wrapped by :func:`edge`, the one place where refusals (``HostError``,
``IllegalMove``) become a short ephemeral answer and anything unexpected is logged with context
and answered politely. Every interaction is acknowledged at once (a response or a defer), so
Discord's three-second window is never missed however long rendering takes.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.adapter import custom_ids as ids
from bot.adapter.components import LobbyButton
from bot.adapter.prompts import clip, clip_block, make_view
from bot.adapter.publish import event_lines, name_fn, png_file
from bot.core.errors import HostError
from bot.core.host import TURN_CLOCKS, Outcome, conservative
from bot.core.render import board_png
from bot.core.store import SessionRecord
from bot.text import presenters
from bot.text.i18n import t
from games.base import IllegalMove

if TYPE_CHECKING:
    from bot.adapter.client import Crowntable

log = logging.getLogger(__name__)
Handler = Callable[..., Awaitable[None]]


def bot_of(interaction: discord.Interaction[Any]) -> Crowntable:
    return interaction.client  # type: ignore[return-value]


async def say(interaction: discord.Interaction[Any], content: str | None = None, *,
              ephemeral: bool = True, **kwargs: Any) -> None:
    """Answer ``interaction`` whether or not it was already acknowledged."""
    kwargs = {k: v for k, v in kwargs.items() if v is not None}
    if interaction.response.is_done():
        await interaction.followup.send(content or discord.utils.MISSING, ephemeral=ephemeral,
                                        **kwargs)
    else:
        await interaction.response.send_message(content, ephemeral=ephemeral, **kwargs)


def edge(handler: Handler) -> Handler:
    @functools.wraps(handler)
    async def wrapper(interaction: discord.Interaction[Any], *args: Any, **kwargs: Any) -> None:
        bot = bot_of(interaction)
        if bot.closing:
            await say(interaction, t("error.restarting"))
            return
        try:
            async with bot.working():
                await handler(interaction, *args, **kwargs)
        except (HostError, IllegalMove) as exc:
            await say(interaction, str(exc))
        except Exception:
            log.exception("%s failed (user %s, channel %s)", handler.__name__,
                          interaction.user.id, interaction.channel_id)
            try:
                await say(interaction, t("error.internal"))
            except discord.HTTPException:
                pass

    return wrapper


def who(interaction: discord.Interaction[Any]) -> tuple[str, str]:
    return str(interaction.user.id), interaction.user.display_name


def can_manage(interaction: discord.Interaction[Any]) -> bool:
    perms = interaction.permissions
    return bool(perms and (perms.manage_channels or perms.administrator))


def channel_key(interaction: discord.Interaction[Any]) -> str:
    return str(interaction.channel_id)


# -- the lobby -------------------------------------------------------------------------------
def lobby_message(bot: Crowntable, rec: SessionRecord) -> dict[str, Any]:
    game = bot.host.game(rec.game)
    presenter = presenters.get(rec.game)
    seats = "\n".join(
        f"{i + 1}. {s.name}{' 🤖' if s.is_ai else ''}{' 👑' if s.player_id == rec.host_id else ''}"
        for i, s in enumerate(rec.seats)) or "—"
    labels = {spec.name: spec for spec in presenter.option_specs}
    opts = []
    for key, value in rec.options.items():
        spec = labels.get(key)
        shown = next((lbl for lbl, v in spec.choices if v == value), value) if spec else value
        opts.append(f"{key}: {shown}")
    clock = next((k for k, v in TURN_CLOCKS.items() if v == rec.turn_secs), "?")
    embed = discord.Embed(title=t("lobby.title", game=game.title, id=rec.id),
                          colour=discord.Colour.blue())
    if rec.status == "lobby":
        embed.description = t("lobby.help", min=game.min_players, max=game.max_players)
    else:
        embed.description = t(f"lobby.{rec.status}")
    embed.add_field(name=t("lobby.players", n=len(rec.seats), max=game.max_players),
                    value=seats, inline=True)
    embed.add_field(name=t("lobby.options"), value="\n".join(opts) or t("lobby.defaults"),
                    inline=True)
    embed.add_field(name=t("lobby.clock"), value=t(f"clock.{clock}"), inline=True)
    view = None
    if rec.status == "lobby":
        view = make_view([
            LobbyButton(rec.id, "join", label=t("lobby.join"), style=discord.ButtonStyle.primary),
            LobbyButton(rec.id, "leave", label=t("lobby.leave")),
            LobbyButton(rec.id, "ai", label=t("lobby.ai")),
            LobbyButton(rec.id, "start", label=t("lobby.start"),
                        style=discord.ButtonStyle.success),
            LobbyButton(rec.id, "cancel", label=t("lobby.cancel"),
                        style=discord.ButtonStyle.danger),
        ])
    return {"embed": embed, "view": view}


async def refresh_lobby(bot: Crowntable, rec: SessionRecord) -> None:
    lobby = rec.meta.get("lobby")
    if not lobby:
        return
    channel = bot.get_partial_messageable(int(rec.channel_id))
    try:
        await channel.get_partial_message(lobby).edit(**lobby_message(bot, rec))
    except discord.HTTPException as exc:
        log.info("lobby message %s not updated: %s", lobby, exc)


async def remember_lobby(bot: Crowntable, interaction: discord.Interaction[Any],
                         rec: SessionRecord) -> None:
    message = await interaction.original_response()
    await bot.publisher.update_meta(rec.id, lambda meta: meta.__setitem__("lobby", message.id))
    rec.meta = {**rec.meta, "lobby": message.id}


@edge
async def new_game(interaction: discord.Interaction[Any], game_id: str,
                   options: dict[str, Any], turn_clock: str | None) -> None:
    bot = bot_of(interaction)
    user, name = who(interaction)
    if turn_clock is not None and turn_clock not in TURN_CLOCKS:
        raise HostError("bad_option", option="turn_clock", value=turn_clock)
    secs = TURN_CLOCKS[turn_clock or "24h"]
    rec = await bot.host.create(
        guild_id=str(interaction.guild_id) if interaction.guild_id else None,
        channel_id=channel_key(interaction), game_id=game_id, options=options,
        user_id=user, user_name=name, turn_secs=secs)
    await interaction.response.send_message(**{k: v for k, v in lobby_message(bot, rec).items()
                                               if v is not None})
    await remember_lobby(bot, interaction, rec)


async def _lobby_action(interaction: discord.Interaction[Any], action: str,
                        from_button: bool) -> None:
    bot = bot_of(interaction)
    user, name = who(interaction)
    channel = channel_key(interaction)
    if action == "start":
        await interaction.response.defer(ephemeral=not from_button, thinking=not from_button)
        out = await bot.host.start(channel, user, can_manage(interaction))
        rec = out.record
        await refresh_lobby(bot, rec)
        await bot.publisher.publish(out)
        if not from_button:
            await interaction.followup.send(t("lobby.started"), ephemeral=True)
        return
    if action == "join":
        rec = await bot.host.join(channel, user, name)
        text = t("lobby.joined", name=name)
    elif action == "leave":
        out = await bot.host.leave(channel, user)
        rec = out.record
        if rec.status == "running":
            await interaction.response.defer(ephemeral=True, thinking=not from_button)
            await bot.publisher.publish(out)
            await say(interaction, t("lobby.left_running"))
            return
        text = t("lobby.left", name=name)
    elif action == "ai":
        rec = await bot.host.add_ai(channel, user, can_manage(interaction))
        text = t("lobby.ai_added")
    elif action == "cancel":
        rec = await bot.host.cancel(channel, user, can_manage(interaction))
        text = t("lobby.cancelled_by", name=name)
    else:
        raise HostError("stale")
    if from_button:
        await interaction.response.edit_message(**lobby_message(bot, rec))
    else:
        await interaction.response.send_message(text, ephemeral=action != "cancel")
        await refresh_lobby(bot, rec)


@edge
async def lobby_button(interaction: discord.Interaction[Any], session: int, action: str) -> None:
    bot = bot_of(interaction)
    rec = await bot.host.active(channel_key(interaction))
    if rec.id != session:
        raise HostError("stale")
    await _lobby_action(interaction, action, from_button=True)


@edge
async def lobby_command(interaction: discord.Interaction[Any], action: str) -> None:
    await _lobby_action(interaction, action, from_button=False)


# -- playing ---------------------------------------------------------------------------------
def in_private(interaction: discord.Interaction[Any]) -> bool:
    message = interaction.message
    return interaction.guild_id is None or bool(message and message.flags.ephemeral)


def board_link(rec: SessionRecord) -> str | None:
    board = rec.meta.get("board")
    if not board or not rec.guild_id:
        return None
    return f"https://discord.com/channels/{rec.guild_id}/{rec.channel_id}/{board['id']}"


def pointed(exc: HostError, rec: SessionRecord) -> HostError:
    """A stale-prompt refusal that points at the current board."""
    link = board_link(rec) if exc.code == "stale" else None
    return HostError("stale_link", link=link) if link else exc


@edge
async def play(interaction: discord.Interaction[Any], session: int, version: int,
               digest: str) -> None:
    try:
        await _play(interaction, session, version, digest)
    except HostError as exc:
        raise pointed(exc, await bot_of(interaction).host.get(session)) from None


async def _play(interaction: discord.Interaction[Any], session: int, version: int,
                digest: str) -> None:
    bot = bot_of(interaction)
    await interaction.response.defer()
    user, _ = who(interaction)
    rec = await bot.host.get(session)
    if rec.status != "running":
        raise HostError("not_running")
    if not rec.seat_of(user):
        raise HostError("not_seated")
    moves = bot.host.legal_moves(rec, user)
    move = ids.find_move(moves, digest)
    if move is None:
        acting = user in bot.host.actors(rec)
        raise HostError("stale" if acting or version != rec.version else "not_your_turn")
    presenter = presenters.get(rec.game)
    label = presenter.move_label(bot.host.view(rec, user), move, name_fn(rec))
    out = await bot.host.apply(session, user, move, expected_version=version)
    handled: tuple[str, ...] = ()
    if in_private(interaction):
        handled = await continue_privately(interaction, out.record, user, label)
    await bot.publisher.publish(out, handled=handled)


async def continue_privately(interaction: discord.Interaction[Any], rec: SessionRecord,
                             user: str, label: str) -> tuple[str, ...]:
    """After a move made in a DM or an ephemeral prompt, turn that message into the next
    private prompt, or into a receipt when the player has nothing more to decide."""
    bot = bot_of(interaction)
    rec = await bot.host.get(rec.id)
    done = t("private.chosen", move=clip(label, 200))
    if rec.status == "running" and user in bot.host.actors(rec) and bot.publisher.is_private(
            rec, user):
        payload = await bot.publisher.private_prompt_payload(rec, user)
        file = payload.pop("file", None)
        await interaction.edit_original_response(
            content=done, embed=payload["embed"], view=payload["view"],
            attachments=[file] if file else [])
        return (user,)
    game = bot.host.game(rec.game)
    receipt = discord.Embed(title=t("private.title", game=game.title, id=rec.id),
                            description=done + "\n\n" + t("private.where",
                                                          channel=f"<#{rec.channel_id}>"),
                            colour=discord.Colour.dark_grey())
    await interaction.edit_original_response(content=None, embed=receipt, view=None,
                                             attachments=[])
    return ()


@edge
async def turn_page(interaction: discord.Interaction[Any], session: int, version: int,
                    page: int) -> None:
    bot = bot_of(interaction)
    user, _ = who(interaction)
    rec = await bot.host.get(session)
    if user not in bot.host.actors(rec):
        raise HostError("not_your_turn" if rec.seat_of(user) else "not_seated")
    if rec.version != version and rec.clock.get(user, {}).get("since", 0) > version:
        raise pointed(HostError("stale"), rec)
    from bot.adapter.prompts import build_prompt

    view = bot.host.view(rec, user)
    prompt = build_prompt(presenters.get(rec.game), rec.id, version, view, user,
                          bot.host.legal_moves(rec, user), name_fn(rec), page=page)
    items = prompt.items
    if not in_private(interaction):
        message_view = bot.publisher.board_view(rec)
        keep = [i for i in (message_view.children if message_view else []) if i.row == 4]
        items = items + keep
    await interaction.response.edit_message(view=make_view(items))


@edge
async def open_prompt(interaction: discord.Interaction[Any], session: int) -> None:
    bot = bot_of(interaction)
    user, _ = who(interaction)
    rec = await bot.host.get(session)
    if not rec.seat_of(user):
        raise HostError("not_seated")
    if rec.status != "running" or not bot.host.legal_moves(rec, user):
        raise HostError("no_legal_move")
    await interaction.response.defer(ephemeral=True, thinking=True)
    payload = await bot.publisher.private_prompt_payload(rec, user)
    await interaction.followup.send(ephemeral=True, **{k: v for k, v in payload.items()
                                                       if v is not None})
    since = rec.clock.get(user, {}).get("since")
    await bot.publisher.update_meta(
        session, lambda meta: meta.setdefault("prompted", {}).__setitem__(user, since))


@edge
async def show_hand(interaction: discord.Interaction[Any], session: int | None = None) -> None:
    bot = bot_of(interaction)
    user, _ = who(interaction)
    rec = (await bot.host.get(session) if session is not None
           else await bot.host.active(channel_key(interaction)))
    if not rec.seat_of(user):
        raise HostError("not_seated")
    if rec.state is None:
        raise HostError("not_running")
    await interaction.response.defer(ephemeral=True, thinking=True)
    payload = await bot.publisher.private_prompt_payload(rec, user)
    await interaction.followup.send(ephemeral=True, **{k: v for k, v in payload.items()
                                                       if v is not None})


# -- information -----------------------------------------------------------------------------
@edge
async def status(interaction: discord.Interaction[Any]) -> None:
    bot = bot_of(interaction)
    rec = await bot.host.active(channel_key(interaction))
    if rec.status == "lobby":
        msg = lobby_message(bot, rec)
        await interaction.response.send_message(embed=msg["embed"], ephemeral=True)
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    png = await board_png(bot.host, rec, None)
    embed = bot.publisher.board_embed(rec, rec.meta, png is not None)
    kwargs: dict[str, Any] = {"embed": embed}
    if png:
        kwargs["file"] = png_file(png)
    await interaction.followup.send(ephemeral=True, **kwargs)


@edge
async def board(interaction: discord.Interaction[Any]) -> None:
    bot = bot_of(interaction)
    rec = await bot.host.active(channel_key(interaction))
    if rec.status != "running":
        raise HostError("not_running")
    await interaction.response.defer(ephemeral=True, thinking=True)
    await bot.publisher.refresh(rec.id, repost=True)
    await interaction.followup.send(t("board.reposted"), ephemeral=True)


@edge
async def game_log(interaction: discord.Interaction[Any]) -> None:
    bot = bot_of(interaction)
    rec = await bot.host.active(channel_key(interaction))
    if rec.state is None:
        raise HostError("not_running")
    await interaction.response.defer(ephemeral=True, thinking=True)
    game = bot.host.game(rec.game)
    state = game.setup(rec.player_ids, dict(rec.options), rec.seed)
    lines: list[str] = []
    for m in await bot.store.moves(rec.id):
        state, events = game.apply(state, m.player_id, m.move)
        if m.source == "timeout":
            events = [{"type": "host_timeout", "player": m.player_id}, *events]
        lines.extend(event_lines(rec, events))
    text = "\n".join(f"• {line}" for line in lines[-25:]) or t("log.empty")
    embed = discord.Embed(title=t("log.title", id=rec.id), description=clip_block(text, 4000))
    await interaction.followup.send(embed=embed, ephemeral=True)


@edge
async def abandon(interaction: discord.Interaction[Any]) -> None:
    bot = bot_of(interaction)
    user, name = who(interaction)
    rec = await bot.host.abandon(channel_key(interaction), user, can_manage(interaction))
    await interaction.response.send_message(t("host.abandoned", name=name))
    if rec.meta.get("board"):
        await bot.publisher.refresh(rec.id)
    else:
        await refresh_lobby(bot, rec)


@edge
async def kick(interaction: discord.Interaction[Any], member: discord.abc.User) -> None:
    bot = bot_of(interaction)
    user, _ = who(interaction)
    try:
        out = await bot.host.kick(channel_key(interaction), user, str(member.id),
                                  can_manage(interaction))
    except HostError as exc:
        if exc.code == "nobody_to_kick":
            raise HostError("nobody_to_kick", name=member.display_name) from None
        raise
    await interaction.response.send_message(t("kick.done", name=member.display_name),
                                            ephemeral=True)
    if out.record.status == "running":
        await bot.publisher.publish(out)
    else:
        await refresh_lobby(bot, out.record)


@edge
async def rules(interaction: discord.Interaction[Any], game_id: str) -> None:
    bot = bot_of(interaction)
    game = bot.host.game(game_id)
    text = presenters.get(game_id).rules_text()
    embed = discord.Embed(title=t("rules.title", game=game.title),
                          description=clip_block(text, 4000))
    await interaction.response.send_message(embed=embed, ephemeral=True)


@edge
async def standings(interaction: discord.Interaction[Any], game_id: str | None) -> None:
    bot = bot_of(interaction)
    if game_id is not None:
        bot.host.game(game_id)
    guild = str(interaction.guild_id) if interaction.guild_id else None
    rows = await bot.store.standings(guild, game_id)
    rows.sort(key=lambda r: conservative(r["mu"], r["sigma"]), reverse=True)
    lines = []
    for i, r in enumerate(rows[:20], start=1):
        title = bot.host.game(r["game"]).title if r["game"] in bot.host.registry else r["game"]
        skill = conservative(r["mu"], r["sigma"])
        game_part = "" if game_id else f" · {title}"
        lines.append(t("standings.row", rank=i, who=f"<@{r['player_id']}>", skill=f"{skill:.1f}",
                       games=r["games"], wins=r["wins"]) + game_part)
    heading = bot.host.game(game_id).title if game_id else t("standings.all")
    embed = discord.Embed(title=t("standings.title", game=heading),
                          description="\n".join(lines) or t("standings.empty"),
                          colour=discord.Colour.gold())
    embed.set_footer(text=t("standings.footer"))
    await interaction.response.send_message(embed=embed,
                                            allowed_mentions=discord.AllowedMentions.none())


@edge
async def stats(interaction: discord.Interaction[Any], member: discord.abc.User | None) -> None:
    bot = bot_of(interaction)
    target = member or interaction.user
    guild = str(interaction.guild_id) if interaction.guild_id else None
    data = await bot.store.player_stats(guild, str(target.id))
    lines = []
    for row in data["games"]:
        title = bot.host.game(row["game"]).title if row["game"] in bot.host.registry else row[
            "game"]
        skill = "—" if row["mu"] is None else f"{conservative(row['mu'], row['sigma']):.1f}"
        lines.append(t("stats.row", game=title, games=row["games"], wins=row["wins"] or 0,
                       avg=f"{row['avg_rank']:.2f}", skill=skill))
    recent = await bot.store.recent_results(guild, str(target.id), 5)
    if recent:
        lines.append("")
        lines.append(t("stats.recent"))
        for r in recent:
            title = bot.host.game(r["game"]).title if r["game"] in bot.host.registry else r["game"]
            lines.append(t("stats.recent_row", game=title, rank=r["rank"], players=r["players"],
                           score=r["score"]))
    embed = discord.Embed(title=t("stats.title", name=target.display_name),
                          description="\n".join(lines) or t("stats.empty"),
                          colour=discord.Colour.teal())
    await interaction.response.send_message(embed=embed)


async def publish_clock(bot: Crowntable, outcomes: list[Outcome]) -> None:
    for out in outcomes:
        if out.moved:
            await bot.publisher.publish(out)
        if out.reminders:
            await bot.publisher.reminders(out.record, out.reminders)
