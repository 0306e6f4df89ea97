"""**Undo** (issue 14 item 4): the last move's player takes it back from the board.

The button carries the log seq of the move it takes back, so a click after the next player
moved, a second click, or a click by someone else names a move that may no longer be taken back
and is refused by the host (one short ephemeral answer, nothing changed). Otherwise the host
appends the undo record and the board shows the state from before the move, with "X took back
their move" in its log; the player's prompt for that decision comes again.
"""

from __future__ import annotations

from bot.adapter.boundary import STORED, edge
from bot.adapter.handlers.common import Interaction, on_its_board, seated_at_running, who
from bot.adapter.respond import ack, within
from bot.core.errors import HostError


@edge
async def undo(interaction: Interaction, session: int, seq: int) -> None:
    client = interaction.client
    host = client.host
    user, _ = who(interaction)
    rec = await seated_at_running(interaction, session, user)
    if not on_its_board(interaction, rec):  # another table's button pasted onto this board
        raise HostError("stale")
    out = await within(interaction, host.undo(session, user, seq), update=True)
    interaction.extras[STORED] = "error.undo_not_shown"  # the take-back is stored
    await ack(interaction, update=True)  # the board is edited by the publication
    await client.publisher.publish(out)
