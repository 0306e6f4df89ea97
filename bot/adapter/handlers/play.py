"""Playing: a move button or select, a prompt's page, "Open my prompt", "My view" and
``/game hand``. A click reads the session once (the host's latest record) and the host checks
the move again under the session's lock."""

from __future__ import annotations

from bot.adapter import book
from bot.adapter import custom_ids as ids
from bot.adapter.boundary import STORED, edge, note_game
from bot.adapter.click import Click
from bot.adapter.handlers.common import (
    Interaction,
    channel_key,
    in_private,
    on_its_board,
    payload_kwargs,
    plays,
    seated_at_running,
    who,
)
from bot.adapter.prompts import build_prompt, make_view
from bot.adapter.publish import name_fn
from bot.adapter.respond import answer, within
from bot.adapter.translator import channel_locale
from bot.core.errors import HostError
from bot.core.host import SessionHost
from bot.core.store import SessionRecord
from bot.text import presenters
from bot.text.i18n import set_current
from bot.text.refusals import whose_turn
from games.base import NOT_YOUR_TURN, IllegalMove


def board_link(rec: SessionRecord) -> str | None:
    board = book.of(rec).get("board")
    if not board or not rec.guild_id:
        return None
    return f"https://discord.com/channels/{rec.guild_id}/{rec.channel_id}/{board['id']}"


def pointed(exc: HostError, rec: SessionRecord) -> HostError:
    """A stale-prompt refusal that points at the current board."""
    link = board_link(rec) if exc.code == "stale" else None
    return HostError("stale_link", link=link) if link else exc


def not_your_turn(host: SessionHost, rec: SessionRecord) -> HostError:
    """ "It is bob's turn — they are choosing a card.": who acts now, from the public view."""
    if rec.status != "running":
        return HostError("not_running")
    actors = host.actors(rec)
    view = host.view(rec, None) if rec.state is not None and actors else {}
    code, params = whose_turn(rec.game, view, actors, name_fn(rec))
    return HostError(code, **params)


@edge
async def play(interaction: Interaction, session: int, version: int, digest: str) -> None:
    click = Click.of(interaction, who(interaction)[0], in_private(interaction))
    click.start()  # acknowledged by itself if the answer is not ready in time
    try:
        await _play(interaction, click, session, version, digest)
    except HostError as exc:
        raise pointed(exc, await interaction.client.host.current(session)) from None
    except IllegalMove as exc:  # another move landed first: name whose turn it is now
        if exc.kind != NOT_YOUR_TURN or exc.code != NOT_YOUR_TURN:
            raise
        host = interaction.client.host
        raise not_your_turn(host, await host.current(session)) from None
    finally:
        await click.stop()


async def _play(
    interaction: Interaction, click: Click, session: int, version: int, digest: str
) -> None:
    """Apply the move, then answer the click with the clicked message's new look (the board,
    or the player's next prompt or receipt) in one callback: :meth:`Publisher.publish`."""
    client = interaction.client
    host = client.host
    user = click.user
    rec = await seated_at_running(interaction, session, user)
    first, second = ids.split_digest(digest)
    move = ids.find_move(host.legal_moves(rec, user), first)
    if move is None:
        acting = user in host.actors(rec)
        if acting or version != rec.version:
            raise HostError("stale")
        raise not_your_turn(host, rec)
    presenter, view = presenters.get(rec.game), host.view(rec, user)
    then = None
    decided = [view]  # the views of the steps decided by this click (teach mode)
    if second is not None:  # a public move and the secret decision it leads to, as one
        follow = host.follow_ups(rec, user, move)
        then = ids.find_move(follow[1], second) if follow is not None else None
        if follow is None or then is None:
            raise HostError("stale")
        decided.append(follow[0])
        facts = host.preview(rec, user, move)
        click.label = presenter.chain_label(view, move, follow[0], then, name_fn(rec), facts)
    else:
        click.label = presenter.move_label(view, move, name_fn(rec), host.preview(rec, user, move))
    await client.publisher.teaching.warm(rec)  # known before the move: taught after it
    out = await host.apply(session, user, move, expected_version=version, then=then)
    interaction.extras[STORED] = "error.move_not_shown"  # from here on, the move counts
    await client.publisher.teaching.taught(rec, user, decided)
    await client.publisher.publish(out, click=click)


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
