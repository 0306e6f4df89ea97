"""Take-backs (issue 14 item 4): an undo is an entry in the move log, never a deletion.

The log stays append-only. Undoing move ``j`` appends a record of source ``"undo"`` whose move
is ``{"type": "undo", "seq": j}``; replaying the log puts back the state from before ``j``.
Who may undo what is decided here, the same way live (the host) and in replay (``/game log``,
``crowntable verify``, replays and exports), from the log alone:

* the **undo stack** after each record holds the moves that may still be taken back, newest
  last: moves chosen by their player (source ``"player"``; not AI, not the turn clock) that
  the engine calls undoable (:func:`games.base.can_undo`: nothing revealed), all by the same
  player, with nobody else's move in between;
* a move the host played for a player because it was their only one, in sight of everybody
  (source ``"forced"``, :func:`games.base.forced_move`), leaves it as it was when the move
  revealed nothing: an undo of the move before it takes both back;
* any other move empties it (somebody else acted, or something was revealed) and then, if it
  is itself undoable, starts it again with just that move;
* an undo record must name the top of the stack and come from that move's player; it pops it.

So a player may take back their last move, and then the one before it, for as long as nobody
else has acted since and none of them revealed anything.

Anything replaying a stored game plays it through :class:`LogReplay` (or
:func:`replay_moves`): a plain ``game.apply`` of every record would choke on the undo records.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from bot.core.store.base import MoveRecord, MoveSource, SessionRecord
from games.base import Event, Game, IllegalMove, Move, State, can_undo

UNDO = "undo"  # the MoveSource of an undo record
#: the MoveSource of a move the host played as the only one (``games.base.forced_move``)
FORCED: MoveSource = "forced"
UNDO_EVENT = "host_undo"  # the public event an undo shows in the log ("X took back their move")


@dataclass(frozen=True)
class Undoable:
    """A move that may still be taken back: its log ``seq``, its player, the state before it."""

    seq: int
    player: str
    before: State
    #: the newest log seq the take-back covers: ``seq``, or a forced move played after it
    through: int = -1

    @property
    def last(self) -> int:
        return max(self.seq, self.through)


def undo_move(seq: int) -> Move:
    """The ``move`` of the undo record that takes back move ``seq``."""
    return {"type": "undo", "seq": seq}


def undo_target(move: dict[str, Any]) -> int:
    """The seq an undo record takes back (``IllegalMove`` when the record is malformed)."""
    seq = move.get("seq") if isinstance(move, dict) else None
    if move.get("type") != "undo" or not isinstance(seq, int) or isinstance(seq, bool):
        raise IllegalMove("malformed", f"not an undo record: {move!r}")
    return seq


def pushed(
    game: Game,
    stack: list[Undoable],
    seq: int,
    player: str,
    source: str,
    move: Move,
    before: State,
    after: State,
) -> list[Undoable]:
    """The undo stack after ``player``'s ``move`` (log ``seq``) took ``before`` to ``after``.

    A move the host played because it was the only one (source ``"forced"``) is nobody's
    choice: when it revealed nothing it leaves the stack as it was (an undo of the move before
    it takes it back too), else it empties the stack."""
    if source == FORCED:
        if not stack or not can_undo(game, before, player, move, after):
            return []
        return [*stack[:-1], replace(stack[-1], through=seq)]
    if source != "player" or not can_undo(game, before, player, move, after):
        return []
    kept = stack if stack and stack[-1].player == player else []
    return [*kept, Undoable(seq, player, before)]


@dataclass
class LogReplay:
    """Seed + move log through the engine, undo records included: ``state`` and ``stack`` are
    those after the records stepped so far."""

    game: Game
    state: State
    stack: list[Undoable] = field(default_factory=list)

    @classmethod
    def start(cls, game: Game, rec: SessionRecord) -> LogReplay:
        return cls(game, game.setup(rec.player_ids, dict(rec.options), rec.seed))

    def step(self, m: MoveRecord) -> list[Event]:
        """Play one record; its public events (an undo's is :data:`UNDO_EVENT`). Raises
        ``IllegalMove`` for a move the rules refuse or an undo the log does not allow."""
        if m.source == UNDO:
            target = undo_target(m.move)
            top = self.stack[-1] if self.stack else None
            if top is None or top.seq != target or top.player != m.player_id:
                raise IllegalMove(
                    "not_legal",
                    f"record {m.seq}: move {target} may not be taken back by {m.player_id}",
                )
            self.stack.pop()
            self.state = top.before
            return [{"type": UNDO_EVENT, "player": m.player_id, "seq": target}]
        before = self.state
        self.state, events = self.game.apply(before, m.player_id, m.move)
        self.stack = pushed(
            self.game, self.stack, m.seq, m.player_id, m.source, m.move, before, self.state
        )
        return events


def replay_moves(
    game: Game, rec: SessionRecord, moves: Iterable[MoveRecord]
) -> Iterator[tuple[MoveRecord, State, list[Event]]]:
    """Each record of ``moves`` with the state after it and its public events."""
    replay = LogReplay.start(game, rec)
    for m in moves:
        events = replay.step(m)
        yield m, replay.state, events
