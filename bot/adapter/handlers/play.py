"""Playing: a move button or select, a prompt's page, "Open my prompt", "My view" and
``/game hand``. A click reads the session once (the host's latest record) and the host checks
the move again under the session's lock."""

from __future__ import annotations

import discord

from bot.adapter import custom_ids as ids
from bot.adapter.boundary import STORED, edge, note_game
from bot.adapter.handlers.common import (
    Interaction,
    channel_key,
    in_private,
    on_its_board,
    payload_kwargs,
    plays,
    who,
)
from bot.adapter.prompts import build_prompt, clip, make_view
from bot.adapter.publish import name_fn
from bot.adapter.respond import ack, answer
from bot.adapter.translator import channel_locale
from bot.core.errors import HostError
from bot.core.host import SessionHost
from bot.core.store import SessionRecord
from bot.text import presenters
from bot.text.i18n import game_title, set_current, t
from bot.text.refusals import whose_turn
from games.base import NOT_YOUR_TURN, IllegalMove


def board_link(rec: SessionRecord) -> str | None:
    board = rec.meta.get("board")
    if not board or not rec.guild_id:
        return None
    return f"https://discord.com/channels/{rec.guild_id}/{rec.channel_id}/{board['id']}"


def pointed(exc: HostError, rec: SessionRecord) -> HostError:
    """A stale-prompt refusal that points at the current board."""
    link = board_link(rec) if exc.code == "stale" else None
    return HostError("stale_link", link=link) if link else exc


def not_your_turn(host: SessionHost, rec: SessionRecord) -> HostError:
    """ "It is bob's turn — they are choosing a card.": who acts now, from the public view."""
    actors = host.actors(rec)
    view = host.view(rec, None) if rec.state is not None and actors else {}
    code, params = whose_turn(rec.game, view, actors, name_fn(rec))
    return HostError(code, **params)


@edge
async def play(interaction: Interaction, session: int, version: int, digest: str) -> None:
    try:
        await _play(interaction, session, version, digest)
    except HostError as exc:
        raise pointed(exc, await interaction.client.host.current(session)) from None
    except IllegalMove as exc:  # another move landed first: name whose turn it is now
        if exc.kind != NOT_YOUR_TURN or exc.code != NOT_YOUR_TURN:
            raise
        host = interaction.client.host
        raise not_your_turn(host, await host.current(session)) from None


async def _play(interaction: Interaction, session: int, version: int, digest: str) -> None:
    client = interaction.client
    host = client.host
    await interaction.response.defer()
    user, _ = who(interaction)
    rec = await host.current(session)
    note_game(interaction, rec.game)
    if rec.status != "running":
        raise HostError("not_running")
    if not plays(rec, user):
        raise HostError("not_seated")
    move = ids.find_move(host.legal_moves(rec, user), digest)
    if move is None:
        acting = user in host.actors(rec)
        if acting or version != rec.version:
            raise HostError("stale")
        raise not_your_turn(host, rec)
    label = presenters.get(rec.game).move_label(host.view(rec, user), move, name_fn(rec))
    out = await host.apply(session, user, move, expected_version=version)
    interaction.extras[STORED] = "error.move_not_shown"  # from here on, the move counts
    handled: tuple[str, ...] = ()
    if in_private(interaction):
        handled = await continue_privately(interaction, out.record, user, label)
    await client.publisher.publish(out, handled=handled)


async def continue_privately(interaction: Interaction, rec: SessionRecord, user: str,
                             label: str) -> tuple[str, ...]:
    """After a move made in a DM or an ephemeral prompt, turn that message into the next
    private prompt, or into a receipt when the player has nothing more to decide."""
    client = interaction.client
    done = t("private.chosen", move=clip(label, 200))
    if rec.status == "running" and user in client.host.actors(rec) and \
            client.publisher.is_private(rec, user):
        payload = await client.publisher.private_prompt_payload(rec, user)
        file = payload.pop("file", None)
        await interaction.edit_original_response(
            content=done, embed=payload["embed"], view=payload["view"],
            attachments=[file] if file else [])
        return (user,)
    game = client.host.game(rec.game)
    receipt = discord.Embed(title=t("private.title", game=game_title(rec.game, game.title),
                                    id=rec.id),
                            description=done + "\n\n" + t("private.where",
                                                          channel=f"<#{rec.channel_id}>"),
                            colour=discord.Colour.dark_grey())
    await interaction.edit_original_response(content=None, embed=receipt, view=None,
                                             attachments=[])
    return ()


@edge
async def turn_page(interaction: Interaction, session: int, version: int, page: int) -> None:
    client = interaction.client
    user, _ = who(interaction)
    rec = await client.host.current(session)
    note_game(interaction, rec.game)
    if user not in client.host.actors(rec):
        raise not_your_turn(client.host, rec) if rec.seat_of(user) else HostError("not_seated")
    entry = rec.clock.get(user)
    if rec.version != version and entry is not None and entry["since"] > version:
        raise pointed(HostError("stale"), rec)
    if not on_its_board(interaction, rec):  # another table's page button on this board
        raise HostError("stale")
    if not in_private(interaction):  # a page of the board's own prompt: the channel's words
        set_current(await channel_locale(interaction))
    prompt = build_prompt(presenters.get(rec.game), rec.id, version,
                          client.host.view(rec, user), user, client.host.legal_moves(rec, user),
                          name_fn(rec), page=page)
    items = prompt.items
    if not in_private(interaction):
        message_view = client.publisher.board_view(rec)
        items = items + [i for i in (message_view.children if message_view else [])
                         if i.row == 4]
    await interaction.response.edit_message(view=make_view(items))


@edge
async def open_prompt(interaction: Interaction, session: int) -> None:
    client = interaction.client
    user, _ = who(interaction)
    rec = await client.host.current(session)
    note_game(interaction, rec.game)
    if not plays(rec, user):
        raise HostError("not_seated")
    if rec.status != "running" or not client.host.legal_moves(rec, user):
        raise HostError("no_legal_move")
    await ack(interaction)  # drawn after the acknowledgement, then edited in
    payload = await client.publisher.private_prompt_payload(rec, user)
    await answer(interaction, **payload_kwargs(payload))
    entry = rec.clock.get(user)
    if entry is not None:
        since = entry["since"]
        await client.host.update_meta(
            session, lambda meta: meta.setdefault("prompted", {}).__setitem__(user, since))


@edge
async def show_hand(interaction: Interaction, session: int | None = None) -> None:
    client = interaction.client
    user, _ = who(interaction)
    rec = (await client.host.current(session) if session is not None
           else await client.host.active(channel_key(interaction)))
    note_game(interaction, rec.game)
    if not plays(rec, user):  # a player who left no longer sees the seat the AI plays
        raise HostError("not_seated")
    if rec.state is None:
        raise HostError("not_running")
    await ack(interaction)
    payload = await client.publisher.private_prompt_payload(rec, user)
    await answer(interaction, **payload_kwargs(payload))
