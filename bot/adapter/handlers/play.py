"""Playing: a move button or select, a prompt's page, "Open my prompt", "My view" and
``/game hand``. A click reads the session once (the host's latest record) and the host checks
the move again under the session's lock."""

from __future__ import annotations

from bot.adapter import book
from bot.adapter.boundary import STORED, edge, note_game
from bot.adapter.click import Click
from bot.adapter.handlers.common import (
    Interaction,
    channel_key,
    in_private,
    on_its_board,
    payload_kwargs,
    plays,
    who,
)
from bot.adapter.moves import not_your_turn, play_move, pointed, refusal
from bot.adapter.prompts import build_prompt, make_view
from bot.adapter.publish import name_fn
from bot.adapter.respond import answer, within
from bot.adapter.translator import channel_locale
from bot.core.errors import HostError
from bot.core.store import SessionRecord
from bot.text import presenters
from bot.text.i18n import set_current
from games.base import IllegalMove


@edge
async def play(interaction: Interaction, session: int, version: int, digest: str) -> None:
    """A move button or select: :func:`bot.adapter.moves.play_move`, the clicked message
    answered in place (:class:`Click`)."""
    click = Click.of(interaction, who(interaction)[0], in_private(interaction))
    click.start()  # acknowledged by itself if the answer is not ready in time
    host = interaction.client.host
    note_game(interaction, (await host.current(session)).game)

    def stored(_rec: SessionRecord) -> None:
        interaction.extras[STORED] = "error.move_not_shown"  # from here on, the move counts

    try:
        await play_move(interaction.client, session, click.user, digest, version, click, stored)
    except (HostError, IllegalMove) as exc:
        said = await refusal(host, session, exc)
        if said is exc:
            raise
        raise said from None
    finally:
        await click.stop()


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
    view = client.host.view(rec, user)
    prompt = build_prompt(
        presenters.get(rec.game),
        rec.id,
        version,
        view,
        user,
        client.host.legal_moves(rec, user),
        name_fn(rec),
        page=page,
        follow=client.publisher.follow(rec, user),
        preview=client.publisher.previews(rec, user),
        intro=client.publisher.teaching.intro(rec, user, view),
    )
    items = prompt.items
    if not in_private(interaction):
        message_view = client.publisher.board_view(rec)
        items = items + [i for i in (message_view.children if message_view else []) if i.row == 4]
    await interaction.response.edit_message(view=make_view(items))


@edge
async def open_prompt(interaction: Interaction, session: int) -> None:
    client = interaction.client
    user, _ = who(interaction)
    rec = await client.host.current(session)
    note_game(interaction, rec.game)
    if not plays(rec, user):
        raise HostError("not_seated")
    if rec.status != "running":
        raise HostError("no_legal_move")
    if not client.host.legal_moves(rec, user):  # say whose turn it is instead
        raise not_your_turn(client.host, rec)
    await client.publisher.teaching.warm(rec)  # after a restart: nothing published yet
    payload = await within(interaction, client.publisher.private_prompt_payload(rec, user))
    await answer(interaction, **payload_kwargs(payload))  # one callback when drawn in time
    entry = rec.clock.get(user)
    if entry is not None:
        since, now = entry["since"], client.host.now()

        def opened(meta: book.TableBook) -> None:  # prompted where they asked; at the table
            pm = book.player(meta, user)
            pm["prompted"], pm["acted"] = since, now

        await book.update(client.host, session, opened)


@edge
async def show_hand(interaction: Interaction, session: int | None = None) -> None:
    client = interaction.client
    user, _ = who(interaction)
    rec = (
        await client.host.current(session)
        if session is not None
        else await client.host.active(channel_key(interaction))
    )
    note_game(interaction, rec.game)
    if not plays(rec, user):  # a player who left no longer sees the seat the AI plays
        raise HostError("not_seated")
    if rec.state is None:
        raise HostError("not_running")
    await client.publisher.teaching.warm(rec)
    payload = await within(interaction, client.publisher.private_prompt_payload(rec, user))
    await answer(interaction, **payload_kwargs(payload))
