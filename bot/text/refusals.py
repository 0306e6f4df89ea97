"""Refusals in the player's words: by code, through :func:`bot.text.i18n.t`.

An engine's :class:`~games.base.IllegalMove` is looked up by its precise ``code`` (the game's
own text ``<game>.refusal.<code>`` first, then a shared ``refusal.<code>``), then by its shared
``kind`` (``refusal.<kind>``); the engine's own English is the last fallback, never the first.
A host refusal (``HostError``) is ``error.<code>`` with its parameters.

Every refusal says what to do instead; "not your turn" names who acts now and what they are
deciding (:func:`whose_turn`, from the public view only), so nobody has to guess.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any

from bot.text import presenters
from bot.text.i18n import has, t
from games.base import IllegalMove

NameFn = Callable[[str], str]
log = logging.getLogger(__name__)


def refusal_keys(exc: IllegalMove, game_id: str | None = None) -> list[str]:
    """The catalogue keys tried for ``exc``, in order."""
    keys = [f"{game_id}.refusal.{exc.code}"] if game_id else []
    keys.append(f"refusal.{exc.code}")
    if exc.kind != exc.code:
        keys.append(f"refusal.{exc.kind}")
    return keys


def refusal_text(exc: IllegalMove, game_id: str | None = None) -> str:
    for key in refusal_keys(exc, game_id):
        if has(key):
            return t(key, **exc.params)
    return str(exc)


def host_error_text(code: str, params: Mapping[str, Any]) -> str:
    return t(f"error.{code}", **params)


def whose_turn(
    game_id: str, view: Mapping[str, Any], actors: list[str], name: NameFn
) -> tuple[str, dict[str, Any]]:
    """The host error code and parameters of "it is not your turn" for someone who is not
    among ``actors``: who acts now and, for one actor, what they are deciding (the game's
    presenter reads it from the public ``view``)."""
    if not actors:
        return "not_your_turn", {}
    if len(actors) > 1:
        return "turn_of_many", {"names": ", ".join(name(a) for a in actors)}
    actor = actors[0]
    try:
        doing = presenters.get(game_id).activity(dict(view), actor, name)
    except Exception:  # a presenter bug must not turn a refusal into a failure
        log.exception("activity failed for %s", game_id)
        doing = None
    if doing:
        return "turn_of", {"actor": name(actor), "doing": doing}
    return "turn_of_plain", {"actor": name(actor)}
