"""Pillow renderers: a game's view dict -> an image. Pure functions, no Discord, no bot.

Each game has ``renderers/<game id>.py`` exposing::

    def render(view: dict, *, names: dict[str, str] | None = None,
               theme: Theme | None = None, tr: Tr | None = None,
               last: str | None = None) -> PIL.Image.Image
    def summary(board, view) -> (round text, whose turn, [(player, score text)])

``view`` is exactly what ``Game.view(state, viewer)`` returned (``view.get("viewer")`` tells a
private image from the public one); ``names`` maps player ids to display names, in seat order;
``tr`` turns a text key into words (default English, :mod:`renderers.text_en`); ``last`` is
the latest change in words, made by the bot from the view envelope's ``last`` events (a
renderer draws it on its "Last:" line and never words events itself). Call
:func:`render_png` from the bot (off the event loop) for PNG bytes and :func:`alt_text` for
the attachment's description.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

from renderers.encode import to_png
from renderers.kit import Board
from renderers.text_en import Tr, english

__all__ = ["alt_text", "has_renderer", "register", "renderer", "render_png", "to_png"]

#: renderers registered by id (a game outside this package: a test's, a plug-in's); the
#: shipped ones are found by name, ``renderers/<game id>.py``
REGISTERED: dict[str, Any] = {}

TITLE_KEYS = {
    "majesty": "majesty.title",
    "empire_engine": "ee.title",
    "elves": "elves.title",
    "tek": "tek.title",
}


def register(game_id: str, module: Any) -> None:
    """Draw ``game_id`` with ``module`` (anything with ``render`` and ``summary``, and
    optionally ``TITLE_KEY``), for a game that has no ``renderers/<game id>.py``."""
    REGISTERED[game_id] = module


def has_renderer(game_id: str) -> bool:
    if game_id in REGISTERED:
        return True
    return importlib.util.find_spec(f"renderers.{game_id}") is not None


def renderer(game_id: str) -> Any:
    """The module that draws ``game_id``: a registered one, else ``renderers/<game id>.py``."""
    if game_id in REGISTERED:
        return REGISTERED[game_id]
    return importlib.import_module(f"renderers.{game_id}")


def render_png(
    game_id: str,
    view: dict[str, Any],
    names: dict[str, str] | None = None,
    tr: Tr | None = None,
    last: str | None = None,
) -> bytes:
    """PNG bytes of ``view`` drawn by ``renderers/<game_id>.py``; ``last`` is the latest
    public change in words (the bot's wording of the envelope's ``last`` events)."""
    return to_png(renderer(game_id).render(view, names=names, tr=tr, last=last))


def alt_text(
    game_id: str,
    view: dict[str, Any],
    names: dict[str, str] | None = None,
    tr: Tr | None = None,
    seats: list[str] | None = None,
) -> str:
    """One line for the attachment's alt text: game, round, whose turn, scores (issue 13 #6).
    ``seats``: the player ids in seat order (the host's ``rec.player_ids``; default: the
    order of ``names``)."""
    module = renderer(game_id)
    tr = tr or english
    board = Board.new(1, list(seats if seats is not None else names or {}), names, tr=tr)
    round_text, turn, scores = module.summary(board, view)
    listed = ", ".join(tr("alt.score", name=board.name(p), score=s) for p, s in scores)
    line = tr(
        "alt.line",
        title=tr(getattr(module, "TITLE_KEY", None) or TITLE_KEYS.get(game_id, game_id)),
        round=round_text,
        turn=turn.rstrip("."),
        scores=listed or tr("alt.no_scores"),
    )
    return " ".join(line.split())
