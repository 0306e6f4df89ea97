"""Every word the renderers draw, by key, in English: the source texts of the images.

A renderer never writes English itself: it calls ``tr(key, **params)``; :func:`english` is the
default. The bot passes its own translator with the same signature
(:func:`bot.core.render.image_tr`: these keys live in the gettext catalogue as ``img.<key>``,
so the images are drawn in the table's language). An entry may be a plural tuple
(``("{n} soldier", "{n} soldiers")``), chosen by the ``n`` parameter. Keys missing from the
catalogue fall back to the key itself, so a gap is visible, not a crash.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Tr = Callable[..., str]

Entry = str | tuple[str, ...]

CATALOG: dict[str, Entry] = {
    # shared
    "board.now": "Now: {text}",
    "board.last": "Last: {text}",
    "board.nothing_yet": "Nothing played yet.",
    "board.game_over": "Game over.",
    "board.winner": "Game over: {names} won with {score}.",
    "board.winners": "Game over: {names} tied for first with {score}.",
    "board.you": "you",
    "board.round": "Round {round}/{rounds}",
    "board.final": "Final scores",
    "board.rank": "{rank}.",
    "board.rank_tie": "{rank}. (tie)",
    "board.seat_legend": "Each player's colour carries their seat number.",
    "board.final_legend": "Sorted by rank; a shared rank says (tie). The number in a square is "
    "the player's seat.",
    "board.and": " and ",
    "alt.line": "{title}, {round}. {turn}. Scores: {scores}.",
    "alt.score": "{name} {score}",
    "alt.no_scores": "none yet",
    "unit.points": ("{n} pt", "{n} pts"),
    "unit.vp": ("{n} VP", "{n} VP"),
    "unit.gold": ("{n} gold", "{n} gold"),
}


def english(key: str, /, **params: Any) -> str:
    """The English text of ``key`` formatted with ``params`` (the key itself when unknown)."""
    entry = CATALOG.get(key, key)
    if isinstance(entry, tuple):
        entry = entry[0] if params.get("n") == 1 else entry[-1]
    text = entry
    try:
        return text.format(**params) if params else text
    except (KeyError, IndexError, ValueError):
        return text


def register(entries: dict[str, Entry]) -> None:
    """Add a renderer's own keys (each game module registers its words at import)."""
    for key, text in entries.items():
        if CATALOG.get(key, text) != text:
            raise ValueError(f"renderer text key registered twice: {key}")
        CATALOG[key] = text
