"""The host's events in words, and every event of a game's log in words (issue 23 item 3).

The host makes a few events of its own (``host_started``, ``host_timeout``, ``host_left``,
``host_kicked``, ``host_new_host``, ``host_undo``); they are worded here, once, from their
catalogue keys (``host.<name>``). :func:`event_lines` words a list of events for every reader
of the log: the board's log, replays and their ``turns.txt``, ``/game log`` and the boards'
"Last:" line: host events here, the game's own by its presenter's ``event_text``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import games
from bot.text import presenters
from bot.text.i18n import register, t
from games.base import Game, event_role

log = logging.getLogger(__name__)
NameFn = Callable[[str], str]

HOST_PREFIX = "host_"
TIMEOUT = "host_timeout"

EN: dict[str, str | tuple[str, ...]] = {
    # the host's events in the log
    "host.started": "The game has started: {players}.",
    "host.first_drawn": "{name} begins (drawn by lot).",
    "host.first_seat": "{name} begins (the first seat).",
    "host.timeout": "⏰ {name} ran out of time; the AI played that move for them.",
    "host.left": "{name} left the game; an AI plays their seat from now on.",
    "host.kicked": "{name} was removed; an AI plays their seat from now on.",
    "host.new_host": "👑 {name} is the host now.",
    "host.undo": "↩️ {name} took back their move.",
    # said by the lobby when a table is closed (not events of the log)
    "host.abandoned": "The game was abandoned by {name}. It will not count in the standings.",
    "host.abandoned_damaged": "{name} closed this channel's damaged table. `/game new` opens a new one.",  # noqa: E501
}
register(EN)


def is_host_event(event: Mapping[str, Any]) -> bool:
    return str(event.get("type", "")).startswith(HOST_PREFIX)


def host_event_text(
    event: Mapping[str, Any], name: NameFn, person: NameFn | None = None
) -> str | None:
    """A host event in words (None for one without a text): its player by ``person`` (a
    seat's own name; default ``name``), the players of a start by ``name``."""
    kind = str(event.get("type", ""))
    key = "host." + kind[len(HOST_PREFIX) :]
    if not kind.startswith(HOST_PREFIX) or key not in EN:
        return None
    if kind == "host_started":
        text = t(key, players=", ".join(name(str(p)) for p in event.get("players") or []))
        first = event.get("first")
        if isinstance(first, str):  # who begins, and how they were chosen (issue 26 item 5)
            how = "host.first_drawn" if event.get("drawn") else "host.first_seat"
            text += " " + t(how, name=(person or name)(first))
        return text
    who = event.get("player")
    return t(key, name=(person or name)(who) if isinstance(who, str) else "?")


def is_pick(game: Game | None, game_id: str, event: Mapping[str, Any]) -> bool:
    """Whether ``event`` only says that someone made a secret choice ("alice has chosen"):
    its declared role (``games.base.EventRole.pick``)."""
    game = game if game is not None else games.REGISTRY.get(game_id)
    return game is not None and event_role(game, event).pick


def event_lines(
    game_id: str,
    events: Iterable[Mapping[str, Any]],
    name: NameFn,
    *,
    person: NameFn | None = None,
    game: Game | None = None,
    picks: bool = True,
) -> list[str]:
    """``events`` in words, one line each, in the current language: the host's events by
    this module (``person`` names the player of one, a seat's own name; default ``name``), the
    game's by its presenter. ``picks=False`` leaves out the events that only say someone has
    chosen (``game`` tells them: :func:`is_pick`; the board's "Still choosing" line says it).
    A time-out is said once per turn: the clock playing the same player's next step (nobody
    else moved in between) says nothing more."""
    presenter = presenters.get(game_id)
    lines = []
    timed_out: str | None = None  # whose time-out was said last, while only they moved since
    for event in events:
        if not picks and is_pick(game, game_id, event):
            continue
        mover = event.get("player")
        if event.get("type") == TIMEOUT:
            if mover == timed_out:  # the same turn's next step, played by the clock too
                continue
            timed_out = mover if isinstance(mover, str) else None
        elif mover != timed_out:  # someone else (or nobody named) moved: a new turn
            timed_out = None
        try:
            if is_host_event(event):
                text = host_event_text(event, name, person)
            else:
                text = presenter.event_text(dict(event), name)
        except Exception:  # a presenter bug must not cost the log
            log.exception("event_text failed for %s", event.get("type"))
            text = None
        if text:
            lines.append(text)
    return lines


def name_once(text: str, labels: Mapping[str, str]) -> str:
    """``text`` (one message) with each AI seat's full label (``"AI 1 · medium"``) kept at
    its first mention and shortened to the seat's own name (``"AI 1"``) after it: a seat is
    introduced once per message, not on every line (issue 26 item 5)."""
    for full, short in labels.items():
        at = text.find(full) if full and full != short else -1
        if at >= 0:
            end = at + len(full)
            text = text[:end] + text[end:].replace(full, short)
    return text
