"""A click whose own move was stored, but not what follows it (the AI's inline reply, a
forced move, the second part of a chained choice), because the database went away or was busy
between the writes (the chaos soak's finding 4, issue 31): the click is not answered "nothing
was changed" — ``apply`` returns the stored move, the record handed back is what is stored,
and the rest is played once the database is back."""

from __future__ import annotations

from typing import Any

import pytest

from bot.core.store import StoreUnavailable
from bot.core.store.base import StoreBusy


class FailAfter:
    """Let ``n`` calls of the store's ``save`` through, then make one raise ``error``."""

    def __init__(self, store: Any, n: int, error: Exception) -> None:
        self.store, self.n, self.error, self.calls = store, n + 1, error, 0
        self.real = store.save
        store.save = self.save

    async def save(self, *args: Any, **kwargs: Any) -> Any:
        self.calls += 1
        if self.calls == self.n:
            raise self.error
        return await self.real(*args, **kwargs)


@pytest.mark.asyncio
@pytest.mark.parametrize("error", [StoreUnavailable("cut off"), StoreBusy("locked")])
async def test_a_stored_move_whose_ai_reply_was_not_stored_is_not_refused(
    host, store, error
) -> None:
    await host.create(
        guild_id="g", channel_id="c", game_id="toy", options={},
        user_id="u1", user_name="U1", turn_secs=None,
    )  # fmt: skip
    await host.add_ai("c", "u1")
    rec = (await host.start("c", "u1")).record  # inline AI (the host's default)
    game = host.game("toy")
    while True:  # u1 plays until their next move is one the AI seat replies to
        rec = await host.get(rec.id)
        move = host.legal_moves(rec, "u1")[0]
        after, _ = game.apply(host.state(rec), "u1", move)
        if "ai:1" in game.actors(after):
            break
        await host.apply(rec.id, "u1", move)
    earlier = [(m.player_id, m.source) for m in await host.moves(rec.id)]
    FailAfter(store, 1, error)  # the human's save lands, the AI's does not
    out = await host.apply(rec.id, "u1", move, rec.version)  # before the fix: raised
    assert out.moved == [("u1", "player")]
    stored = await host.moves(rec.id)
    assert [(m.player_id, m.source) for m in stored] == [*earlier, ("u1", "player")]
    fresh = await store.get_session(rec.id)
    assert fresh is not None and out.record.version == fresh.version
    assert out.record.move_count == fresh.move_count == len(earlier) + 1
    assert out.record.state == fresh.state  # not the AI's unsaved move
    # the database is back: the AI seat still owes its move and plays it
    assert host.ai_to_move(await host.get(rec.id)) is not None
    again = await host.ai_step(rec.id)
    assert again is not None and len(await host.moves(rec.id)) == len(earlier) + 2
