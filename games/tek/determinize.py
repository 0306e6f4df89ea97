"""Tiny Epic Kingdoms ``determinize`` (issue 15): a state ``player`` cannot tell from the real
one, with everything hidden from them drawn again.

What ``player`` does not know (rules §19.3): the value of another player's war die that is set
but not yet revealed (§10.2), which token lies under each face-down exploration token, and the
order of the unused token pool (§14). Everything else (resources, factions, magic, tower, the
map, face-up tokens, the dice after the reveal) is public and stays as it is. The state holds
no generator and no deck of territory cards, so nothing else is hidden.

The resampling is consistent with what was revealed: the hidden tokens are exactly the token
multiset minus the tokens seen (face up, or revealed and discarded), so they are shuffled among
the face-down places and the pool; an opponent's die is drawn among the values that opponent
could have set (``legal_war_dice``, which depends only on public holdings and abilities).
"""

from __future__ import annotations

import random

from games.tek import rules as R
from games.tek.tasks import State


def shuffle_hidden_tokens(s: State, rng: random.Random) -> None:
    """Redeal the face-down tokens and the unused pool among themselves (§14)."""
    places = [r for r, tok in s["tokens"].items() if not tok["up"]]
    # canonical order first: the result must not depend on where the hidden tokens lie now
    hidden = sorted([s["tokens"][r]["id"] for r in places] + list(s["token_pool"]), key=str)
    rng.shuffle(hidden)
    for r, tid in zip(places, hidden, strict=False):
        s["tokens"][r] = {"id": tid, "up": False}
    s["token_pool"] = hidden[len(places) :]


def redraw_secret_dice(s: State, player: str, rng: random.Random) -> None:
    """Draw again every set, unrevealed war die that is not ``player``'s own (§10.2)."""
    war = s["war"]
    if not war or war["neutral"] or war["revealed"]:
        return
    for q in (war["attacker"], war["defender"]):
        if q != player and war["values"][q] is not None:
            war["values"][q] = rng.choice(R.legal_war_dice(s, q))


def determinize(state: State, player: str, rng: random.Random) -> State:
    """A new state with the same ``view(·, player)`` and ``legal_moves(·, player)`` whose
    hidden parts are drawn from ``rng``; ``state`` is not changed."""
    s = R.copy_state(state)
    shuffle_hidden_tokens(s, rng)
    redraw_secret_dice(s, player, rng)
    return s
