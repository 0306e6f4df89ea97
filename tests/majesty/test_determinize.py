"""``GAME.determinize`` (issue 15 item 2): Majesty's only hidden information is the draw deck
(its order and, without the mixed deck, which deck-1 cards went back to the box, rules §1.4);
a determinised state keeps everything a player sees and redraws the deck consistently with it."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from games.base import canonical
from games.majesty import GAME
from games.majesty.determinize import seen_cards
from games.majesty.tables import CARDS, DECK2, card_tier

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"sides": "B"},
    {"mixed_deck": True},
    {"sides": "ABBAABAB", "mixed_deck": True},
]


def sampled_states(every: int = 5) -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    """States along seeded random playouts: 2-4 players, each option set, every few turns."""
    for n in (2, 3, 4):
        for k, options in enumerate(OPTION_SETS):
            seed = 10 * n + k
            rng = random.Random(seed)
            state = GAME.setup(["a", "b", "c", "d"][:n], options, seed)
            step = 0
            while not GAME.is_over(state):
                if step % every == 0:
                    yield state, options
                player = GAME.actors(state)[0]
                state, _ = GAME.apply(state, player, rng.choice(GAME.legal_moves(state, player)))
                step += 1
            yield state, options


def test_determinize_keeps_view_and_legal_moves_and_never_mutates() -> None:
    checked = 0
    for state, _ in sampled_states():
        before = canonical(GAME.dump(state))
        for player in state["players"]:
            det = GAME.determinize(state, player, random.Random(checked))
            assert canonical(GAME.dump(state)) == before, "determinize mutated its input"
            assert canonical(GAME.view(det, player)) == canonical(GAME.view(state, player))
            assert canonical(GAME.view(det, None)) == canonical(GAME.view(state, None))
            assert GAME.legal_moves(det, player) == GAME.legal_moves(state, player)
            again = GAME.determinize(state, player, random.Random(checked))
            assert canonical(GAME.dump(again)) == canonical(GAME.dump(det)), "not deterministic"
            checked += 1
    assert checked > 300


def test_only_the_deck_changes_and_it_is_drawn_from_the_unseen_cards() -> None:
    for state, options in sampled_states(every=7):
        det = GAME.determinize(state, state["players"][0], random.Random(3))
        assert {k: v for k, v in det.items() if k != "deck"} == {
            k: v for k, v in state.items() if k != "deck"
        }
        unseen = set(CARDS) - seen_cards(state)
        deck = det["deck"]
        assert len(deck) == len(state["deck"]) and len(set(deck)) == len(deck)
        assert set(deck) <= unseen
        if options.get("mixed_deck"):
            assert set(deck) == unseen  # nothing was removed from a mixed deck
        else:
            tiers = [card_tier(c) for c in deck]
            assert tiers == sorted(tiers)  # the kept deck-1 cards lie on top of deck 2
            assert {c for c in unseen if c in DECK2} <= set(deck)


def test_the_hidden_deck_actually_varies() -> None:
    # 3 players: 14 of the 33 deck-1 cards kept (§1.4), 6 on display, 8 in the deck over deck 2
    state = GAME.setup(["a", "b", "c"], {}, 5)
    assert [card_tier(c) for c in state["deck"]] == [1] * 8 + [2] * 27
    decks = {tuple(GAME.determinize(state, "a", random.Random(k))["deck"]) for k in range(20)}
    assert len(decks) == 20
    kept = {frozenset(d[:8]) for d in decks}  # which deck-1 cards were kept is hidden too
    assert len(kept) == 20 and all(card_tier(c) == 1 for d in decks for c in d[:8])
    assert all({card_tier(c) for c in d[8:]} == {2} for d in decks)
    mixed = GAME.setup(["a", "b", "c"], {"mixed_deck": True}, 5)
    tops = {GAME.determinize(mixed, "b", random.Random(k))["deck"][0] for k in range(20)}
    assert len(tops) > 1 and {card_tier(c) for c in tops} == {card_tier(mixed["deck"][0])}


def test_states_that_look_the_same_determinize_the_same() -> None:
    for state, _ in sampled_states(every=9):
        other = GAME.determinize(state, "a", random.Random(99))
        for k in range(3):
            a = GAME.determinize(state, "a", random.Random(k))
            b = GAME.determinize(other, "a", random.Random(k))
            assert canonical(GAME.dump(a)) == canonical(GAME.dump(b))


def test_a_determinised_state_plays_to_the_end() -> None:
    for i, (state, _) in enumerate(sampled_states(every=11)):
        rng = random.Random(i)
        s = GAME.determinize(state, state["players"][-1], rng)
        while not GAME.is_over(s):
            player = GAME.actors(s)[0]
            s, _ = GAME.apply(s, player, rng.choice(GAME.legal_moves(s, player)))
        assert len(GAME.outcome(s)) == len(state["players"])
        assert all(r["taken"] == 12 for r in s["realms"].values())
