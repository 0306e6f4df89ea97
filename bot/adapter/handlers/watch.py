"""**Watch** / **Stop watching** (issue 14 item 5): a table's public board by DM.

Anyone in the channel may press Watch on a board of a table they are not seated at: they get
the public board by DM at once and, from then on, the same message edited whenever the board
changes (:mod:`bot.adapter.spectate`), with Stop watching under it. A seated player gets a
short ephemeral answer instead; a spectator never receives anything but the public view.
"""

from __future__ import annotations

from bot.adapter import book
from bot.adapter.boundary import edge, note_game
from bot.adapter.handlers.common import Interaction, who
from bot.adapter.respond import ack, answer, update
from bot.adapter.spectate import show_to
from bot.core.render import board_png
from bot.text.i18n import t


@edge
async def watch(interaction: Interaction, session: int, on: bool) -> None:
    if on:
        await start_watching(interaction, session)
    else:
        await stop_watching(interaction, session)


async def start_watching(interaction: Interaction, session: int) -> None:
    client = interaction.client
    host = client.host
    user, _ = who(interaction)
    rec, new = await host.watch(session, user)  # refuses a seated player, a finished table
    note_game(interaction, rec.game)
    if not new and user in book.of(rec).get("watching", {}):
        await answer(interaction, t("watch.already", id=session))
        return
    await ack(interaction)  # the first DM draws the board
    async with book.publication(host, session) as (latest, meta):
        png = await board_png(host, latest, None)
        sent = await show_to(client.publisher, latest, meta, user, png, first=True)
    if not sent:
        await host.unwatch(session, user)
        await answer(interaction, t("watch.dm_closed"))
        return
    await answer(interaction, t("watch.started", id=session))


async def stop_watching(interaction: Interaction, session: int) -> None:
    client = interaction.client
    host = client.host
    user, _ = who(interaction)
    removed = await host.unwatch(session, user)

    def forget(meta: book.TableBook) -> None:
        meta.get("watching", {}).pop(user, None)

    await book.update(host, session, forget)
    if not removed:
        await answer(interaction, t("watch.not_watching", id=session))
        return
    await update(interaction, content=t("watch.stopped", id=session), view=None)
