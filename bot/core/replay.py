"""Replays (issue 14 item 2): a stored game shown again turn by turn, from the move log.

A replay is the seed and the move log played through the engine again, and it shows only what
a spectator saw at each moment: every frame is ``view(state, None)``, the public view, never a
player's own; its words are the game's public events. So a replay cannot show a secret that
was not public at that moment, and a replay of a game still running ends at its current public
view.

**A frame per turn, not per sub-step** (:mod:`bot.core.turns`). A frame is taken after a move
that ended a turn (the view envelope's ``turn`` advanced), revealed something (an event whose
declared role ``reveals``) or ended the game. A player's several steps in a row (choose a
card, then its effect) are one frame; so are the secret picks of a simultaneous step up to
their reveal. Each frame's view is the board as it was then: its envelope's ``last`` the
events of the turn's latest record, said on the image's "Last:" line (worded like the board's
log); the frame's own text lists the whole turn.
The log is replayed through :class:`bot.core.takeback.LogReplay`, so a take-back shows as it
happened ("X took back their move") and the board after it is the one before the move.
The first frame is the board after setup; the last one is the current (or final) board.

Frames are rebuilt from the store whenever they are asked for, so the buttons of a replay
message keep working after a restart; a small cache keyed by the table and its move count
saves the replaying while someone steps through. ``crowntable replay`` writes the same frames
as PNG files and the animation for people without Discord.
"""

from __future__ import annotations

import asyncio
import logging
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.core.cache import LRU
from bot.core.errors import HostError
from bot.core.gamelog import STARTED_EVENT, record_events
from bot.core.history import require_played
from bot.core.host import SessionHost
from bot.core.render import BoardCache, has_renderer, image_tr
from bot.core.store import MoveRecord, SessionRecord
from bot.core.takeback import LogReplay
from bot.core.turns import mark, turn_ends
from bot.text import i18n
from bot.text.host_events import event_lines
from games.base import ENVELOPE, Event, Game, envelope
from renderers import render_png
from renderers.animate import DEFAULT_LIMIT, Animation, animate

log = logging.getLogger(__name__)

CACHE_SIZE = 16


@dataclass
class Frame:
    """One turn of a replay: the public board after it and what happened in it."""

    index: int
    moves: int  # moves of the log applied up to this frame
    view: dict[str, Any]
    events: list[Event] = field(default_factory=list)


@dataclass
class Replay:
    table: int
    game: str
    title: str
    names: dict[str, str]
    frames: list[Frame]
    finished: bool  # False: a game still running (or abandoned), shown up to its last move

    @property
    def last(self) -> int:
        return len(self.frames) - 1

    def clamp(self, index: int) -> int:
        return max(0, min(self.last, index))


def build_frames(
    game: Game, players: list[str], options: dict[str, Any], seed: int, moves: Sequence[MoveRecord]
) -> list[Frame]:
    """The public frames of a game from its setup and move log (see the module doc)."""
    played = LogReplay(game, game.setup(list(players), dict(options), seed))
    start = [{"type": STARTED_EVENT, "players": list(players)}]
    frames = [Frame(0, 0, frame_view(game, played.state, start))]
    pending: list[Event] = []
    before = mark(game, played.state)
    for n, m in enumerate(moves, start=1):
        events = played.step(m)  # an undo record puts back the state before the move it names
        latest = record_events(m, events)
        pending.extend(latest)
        after = mark(game, played.state)
        if turn_ends(game, before, after, events, game.is_over(played.state)) or n == len(moves):
            frames.append(Frame(len(frames), n, frame_view(game, played.state, latest), pending))
            pending = []
        before = after
    return frames


def frame_view(game: Game, state: Any, events: list[Event]) -> dict[str, Any]:
    """The public view after a turn as the board showed it then: its envelope's ``last``
    the events of the turn's latest record (the host's ``view``)."""
    view = game.view(state, None)
    env = envelope(view)
    if env is not None:
        view[ENVELOPE] = {**env, "last": list(events)}
    return view


def turn_lines(game_id: str, names: dict[str, str], events: Sequence[Event]) -> list[str]:
    """A turn's public events in words (``bot.text.host_events.event_lines``, the board
    log's wording)."""
    return event_lines(game_id, events, lambda pid: names.get(pid, pid))


def last_text(replay: Replay, frame: Frame) -> str | None:
    """The frame's "Last:" line as the board said it then: its envelope's ``last`` events in
    words, "has chosen" left out (None for a view without an envelope)."""
    env = envelope(frame.view)
    if env is None:
        return None
    names = replay.names
    lines = event_lines(replay.game, env["last"], lambda pid: names.get(pid, pid), picks=False)
    return "; ".join(lines) or None


class ReplayCache:
    """Replays by (table, move count): stepping through a replay replays the log once."""

    def __init__(self, size: int = CACHE_SIZE) -> None:
        self.size = size
        self._items: LRU[tuple[int, int, str], Replay] = LRU(size)

    def get(self, key: tuple[int, int, str]) -> Replay | None:
        return self._items.get(key)

    def put(self, key: tuple[int, int, str], replay: Replay) -> None:
        self._items[key] = replay

    def forget(self, table: int) -> None:
        """Drop the replays of ``table`` (its players were renamed: ``bot.core.userdata``)."""
        for key in [k for k in self._items.keys() if k[0] == table]:
            self._items.pop(key)


CACHE = ReplayCache()
IMAGES = BoardCache(size=64)
ANIMATING = asyncio.Semaphore(1)


async def load(host: SessionHost, rec: SessionRecord, cache: ReplayCache = CACHE) -> Replay:
    """The replay of ``rec`` as stored now (a running game: up to its last move)."""
    require_played(rec)
    game = host.game(rec.game)
    key = (rec.id, rec.move_count, rec.status)
    found = cache.get(key)
    if found is not None:
        return found
    moves = await host.moves(rec.id)
    frames = await asyncio.to_thread(
        build_frames, game, rec.player_ids, rec.options, rec.seed, moves
    )
    replay = Replay(rec.id, rec.game, game.title, host.names(rec), frames, rec.status == "finished")
    cache.put(key, replay)
    return replay


def _draw(replay: Replay, index: int, locale: str | None = None) -> bytes:
    frame = replay.frames[index]
    with i18n.using(locale if locale is not None else i18n.current()):
        last = last_text(replay, frame)
    return render_png(replay.game, frame.view, replay.names, image_tr(locale), last)


async def frame_png(replay: Replay, index: int, cache: BoardCache = IMAGES) -> bytes | None:
    """The PNG of one frame (None when the game has no renderer or drawing failed)."""
    if not has_renderer(replay.game):
        return None
    frame = replay.frames[replay.clamp(index)]
    locale = i18n.current()  # the reader's language, as for the boards
    key = cache.key(replay.game, frame.view, {**replay.names, "\x00locale": locale})
    found = cache.get(key)
    if found is not None:
        return found
    try:
        data = await asyncio.to_thread(_draw, replay, frame.index, locale)
    except Exception:
        log.exception("replay frame failed: table %s frame %s", replay.table, index)
        return None
    cache.put(key, data)
    return data


async def animation(replay: Replay, limit: int = DEFAULT_LIMIT) -> Animation | None:
    """The whole game as one animated image (a frame per turn) within ``limit`` bytes."""
    if not has_renderer(replay.game):
        return None
    views = [f.view for f in replay.frames]
    lasts = [last_text(replay, f) for f in replay.frames]
    try:
        async with ANIMATING:  # one at a time: a long game's frames take ~100 MB while drawn
            return await asyncio.to_thread(
                animate,
                replay.game,
                views,
                replay.names,
                limit,
                tr=image_tr(i18n.current()),
                lasts=lasts,
            )
    except ValueError as exc:  # even the smallest one is over the limit: no animation
        log.warning("no replay animation for table %s: %s", replay.table, exc)
        return None
    except Exception:
        log.exception("replay animation failed: table %s", replay.table)
        return None


def write_files(
    replay: Replay, out: Path, limit: int = DEFAULT_LIMIT, progress: Callable[[str], None] = print
) -> list[Path]:
    """Every frame as ``turn-NNNN.png``, the animation, and the turns in words (``turns.txt``)
    into ``out``; returns the files written."""
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    lines = []
    for frame in replay.frames:
        path = out / f"table-{replay.table}-turn-{frame.index:04d}.png"
        path.write_bytes(_draw(replay, frame.index))
        written.append(path)
        words = turn_lines(replay.game, replay.names, frame.events)
        lines.append(f"{frame.index:4d}  " + (" · ".join(words) or "—"))
    anim = animate(
        replay.game,
        [f.view for f in replay.frames],
        replay.names,
        limit,
        lasts=[last_text(replay, f) for f in replay.frames],
    )
    path = out / f"table-{replay.table}.{anim.extension}"
    path.write_bytes(anim.data)
    written.append(path)
    text = out / f"table-{replay.table}-turns.txt"
    text.write_text(
        f"{replay.title} · table #{replay.table}\n" + "\n".join(lines) + "\n", encoding="utf-8"
    )
    written.append(text)
    progress(
        f"{replay.title}, table #{replay.table}: {len(replay.frames)} frames, "
        f"animation {len(anim.data) / 1e6:.2f} MB ({anim.frames} frames, "
        f"{anim.width}x{anim.height}) in {out}"
    )
    return written


#: what a replay writes into its folder (``--force`` removes these, and nothing else)
OURS = ("table-*",)


async def run_replay(db: str, table: int, out: Path, force: bool = False) -> int:
    """``crowntable replay --db PATH TABLE --out DIR``: the database only read; ``out`` new or
    empty (``force``: emptied of an earlier replay's files). Every failure is one line."""
    from bot.core.outdir import OutFolderRefused, check, prepare
    from bot.core.store import StoreError, open_store

    try:
        check(out, force, OURS)
        store = await open_store(db, read_only=True)
    except (StoreError, OutFolderRefused) as exc:
        print(f"crowntable: {exc}", file=sys.stderr)
        return 2
    try:
        host = SessionHost(store)
        rec = await store.get_session(table)
        if rec is None:
            print(f"crowntable: there is no table #{table} in {db}", file=sys.stderr)
            return 2
        try:
            replay = await load(host, rec)
        except HostError as exc:
            print(f"crowntable: {exc}", file=sys.stderr)
            return 2
        if not has_renderer(replay.game):
            print(f"crowntable: {replay.title} has no renderer: nothing to draw", file=sys.stderr)
            return 2
        try:
            prepare(out, force, OURS)
        except OutFolderRefused as exc:
            print(f"crowntable: {exc}", file=sys.stderr)
            return 2
        await asyncio.to_thread(write_files, replay, out)
        return 0
    finally:
        await store.close()
