"""One path for a move (issue 32 item 2): a click on a chat button and a click on the
Activity's board both end here, in :func:`play_move`: the same lookup of the clicked move among
the player's legal moves, the same staleness check, ``SessionHost.apply`` (validation, the
compare-and-swap, undo stack, clock, AI seats) and the same publication (the chat board, the
prompts, the notifications; the web sockets get their frames from the publication's hook).
:func:`refusal` words what went wrong the way the chat's error boundary says it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from bot.adapter import book
from bot.adapter import custom_ids as ids
from bot.adapter.click import Click
from bot.adapter.publishing import name_fn
from bot.core.errors import HostError
from bot.core.host import Outcome, SessionHost
from bot.core.store import SessionRecord
from bot.text import presenters
from bot.text.refusals import whose_turn
from games.base import NOT_YOUR_TURN, IllegalMove

if TYPE_CHECKING:
    from bot.adapter.client import Crowntable


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


async def refusal(host: SessionHost, session: int, exc: Exception) -> Exception:
    """What to say for ``exc`` raised by :func:`play_move`: a stale refusal pointing at the
    board, "it is bob's turn" for a move another move overtook; anything else as it is."""
    if isinstance(exc, HostError):
        return pointed(exc, await host.current(session))
    if isinstance(exc, IllegalMove) and exc.kind == NOT_YOUR_TURN and exc.code == NOT_YOUR_TURN:
        return not_your_turn(host, await host.current(session))
    return exc


def seated_at_running(rec: SessionRecord, user: str) -> None:
    if rec.status != "running":
        raise HostError("not_running")
    seat = rec.seat_of(user)
    if seat is None or seat.is_ai:
        raise HostError("not_seated")


async def play_move(
    client: Crowntable,
    session: int,
    user: str,
    digest: str,
    version: int,
    click: Click | None = None,
    stored: Callable[[SessionRecord], None] | None = None,
) -> Outcome:
    """Apply ``user``'s move ``digest`` (a move hash, or a chain hash: a public move and the
    secret decision it leads to) offered at ``version``, then publish it (answering ``click``
    with the clicked message's new look when there is one). ``stored`` is called once the move
    is stored, before the publication (from there on the move counts, whatever Discord does).
    Raises :class:`HostError` / :class:`IllegalMove` (nothing stored) or the publication's
    errors (stored; ``NotShown``)."""
    host = client.host
    rec = await host.current(session)
    seated_at_running(rec, user)
    first, second = ids.split_digest(digest)
    move = ids.find_move(host.legal_moves(rec, user), first)
    if move is None:
        if user in host.actors(rec) or version != rec.version:
            raise HostError("stale")
        raise not_your_turn(host, rec)
    presenter, view = presenters.get(rec.game), host.view(rec, user)
    then = None
    decided = [view]  # the views of the steps decided by this click (teach mode)
    label = ""
    if second is not None:  # a public move and the secret decision it leads to, as one
        follow = host.follow_ups(rec, user, move)
        then = ids.find_move(follow[1], second) if follow is not None else None
        if follow is None or then is None:
            raise HostError("stale")
        decided.append(follow[0])
        facts = host.preview(rec, user, move)
        label = presenter.chain_label(view, move, follow[0], then, name_fn(rec), facts)
    else:
        label = presenter.move_label(view, move, name_fn(rec), host.preview(rec, user, move))
    if click is not None:
        click.label = label
    await client.publisher.teaching.warm(rec)  # known before the move: taught after it
    out = await host.apply(session, user, move, expected_version=version, then=then)
    if stored is not None:
        stored(out.record)
    await client.publisher.teaching.taught(rec, user, decided)
    await client.publisher.publish(out, click=click)
    return out
