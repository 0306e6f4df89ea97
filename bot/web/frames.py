"""The frames a socket receives (web-protocol.md): ``hello`` once, then a ``frame`` after each
stored change. A frame carries ``view(state, viewer)`` exactly as the engine makes it (the
envelope's ``last`` filled by the host), its texts worded in the reader's language, and the
moves of that viewer only. ``viewer`` is the socket's user when they hold a seat themselves,
else None: a spectator, a player who left (the AI plays the seat), anyone else."""

from __future__ import annotations

from typing import Any

from bot.core.ai_runner import seat_label
from bot.core.store import SessionRecord
from bot.text import host_events, presenters
from bot.web.bridge import Bridge


def viewer_of(rec: SessionRecord, user: str | None) -> str | None:
    """Whose private view ``user`` may see at ``rec``: their own seat's, else none."""
    seat = rec.seat_of(user) if user is not None else None
    return user if seat is not None and not seat.is_ai else None


def names(rec: SessionRecord) -> dict[str, str]:
    return {s.player_id: seat_label(s) for s in rec.seats}


def hello(rec: SessionRecord, user: str | None, locale: str) -> dict[str, Any]:
    viewer = viewer_of(rec, user)
    seat = next((i for i, s in enumerate(rec.seats) if s.player_id == viewer), None)
    return {
        "type": "hello",
        "table": rec.id,
        "game": rec.game,
        "viewer": user,
        "locale": locale,
        "seat": seat,
        "names": names(rec),
    }


def texts(
    bridge: Bridge,
    rec: SessionRecord,
    viewer: str | None,
    view: dict[str, Any] | None,
    moves: list[dict[str, Any]],
) -> dict[str, Any]:
    """The worded status (from the public view, as the chat board says it), the latest change
    and ``viewer``'s prompt (None unless they decide now)."""
    if view is None:
        return {"status": "", "last": [], "prompt": None}
    seat_names = names(rec)
    person_names = {s.player_id: s.name for s in rec.seats}

    def name(pid: str) -> str:
        return seat_names.get(pid, pid)

    def person(pid: str) -> str:
        return person_names.get(pid, name(pid))

    presenter = presenters.get(rec.game)
    public = bridge.host.view(rec, None) if viewer is not None else view
    last = list((view.get("envelope") or {}).get("last") or [])
    lines = host_events.event_lines(
        rec.game,
        last,
        name,
        person=person,
        game=bridge.host.game(rec.game),
        picks=False,
    )
    prompt = presenter.prompt_text(view, viewer, name) if viewer is not None and moves else None
    return {"status": presenter.status_text(public, name), "last": lines, "prompt": prompt}


def frame(bridge: Bridge, rec: SessionRecord, user: str | None, seq: int) -> dict[str, Any]:
    """Frame ``seq`` of ``rec`` for the socket of ``user`` (in the current language)."""
    viewer = viewer_of(rec, user)
    view = bridge.host.view(rec, viewer) if rec.state is not None else None
    moves = (
        bridge.options(rec, viewer)
        if viewer is not None and view is not None and rec.status == "running"
        else []
    )
    return {
        "type": "frame",
        "seq": seq,
        "version": rec.version,
        "status": rec.status,
        "view": view,
        "envelope": view.get("envelope") if view is not None else None,
        "text": texts(bridge, rec, viewer, view, moves),
        "moves": moves,
        "why_available": bool(moves),
    }
