"""The differential check of the web frames (issue 32's done criterion): games played at the
frame builder's level (the engine alone, no store, no sockets), every viewer's frame built
after every move, each checked to be derivable from ``view(state, that viewer)``:

* its ``view`` IS the engine's view for that viewer (the envelope's ``last`` filled with the
  latest move's events, as the host does) and ``envelope`` is that view's envelope;
* its ``moves`` are exactly that viewer's legal moves (ids the chat's move hashes; a chained
  option's ``then`` exactly the follow-ups of its move), none for anyone else;
* no other player's secret: where another player picks in secret, the viewer's frames after
  two different picks are the same (views, texts, moves: everything but ``seq``): a frame that
  depended on the pick would differ (``tests/invariants.py``'s secrecy idea, applied to the
  whole frame); the spectator's frame is checked the same way.

A "leak" is any frame failing one of these; :func:`play` returns them (0 expected).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from bot.adapter import custom_ids as ids
from bot.adapter.web_bridge import options
from bot.core.queries import Queries
from bot.core.store.base import Seat, SessionRecord
from bot.web import frames
from games.base import ENVELOPE, Game, canonical, clone, envelope

MAX_MOVES = 2000


@dataclass
class Live:
    """The one table being played: what ``Queries`` asks of ``Sessions``."""

    registry: Game
    current: Any = None
    events: list[dict[str, Any]] = field(default_factory=list)

    def game(self, _game_id: str) -> Game:
        return self.registry

    def state(self, _rec: SessionRecord) -> Any:
        return self.current


class EngineHost:
    """The host methods the frame builder and the options ask, over :class:`Live`."""

    def __init__(self, live: Live) -> None:
        self.live = live
        self.queries = Queries(live)  # type: ignore[arg-type]
        self._views: dict[str | None, dict[str, Any]] = {}
        self._of: Any = None  # the state the kept views are of

    def game(self, game_id: str) -> Game:
        return self.live.game(game_id)

    def view(self, rec: SessionRecord, viewer: str | None) -> dict[str, Any]:
        """The view the host shows (kept per state: the frame builder asks several times)."""
        if self._of is not self.live.current:
            self._views, self._of = {}, self.live.current
        if viewer not in self._views:
            self._views[viewer] = self.fresh(viewer)
        return self._views[viewer]

    def fresh(self, viewer: str | None) -> dict[str, Any]:
        """``view(state, viewer)`` made anew, the envelope's ``last`` filled as the host does."""
        view = self.live.registry.view(self.live.current, viewer)
        env = envelope(view)
        if env is not None:
            view[ENVELOPE] = {**env, "last": clone(self.live.events)}
        return view

    def actors(self, rec: SessionRecord) -> list[str]:
        return self.queries.actors(rec)

    def legal_moves(self, rec: SessionRecord, player: str) -> list[dict[str, Any]]:
        return self.queries.legal_moves(rec, player)

    def follow_ups(self, rec: SessionRecord, player: str, move: Any) -> Any:
        return self.queries.follow_ups(rec, player, move)

    def preview(self, rec: SessionRecord, player: str, move: Any) -> dict[str, Any]:
        return self.queries.preview(rec, player, move)


@dataclass
class EngineBridge:
    host: EngineHost

    def options(self, rec: SessionRecord, viewer: str) -> list[dict[str, Any]]:
        return options(self.host, rec, viewer)  # type: ignore[arg-type]


def record(game: Game, players: list[str], seed: int) -> SessionRecord:
    return SessionRecord(
        id=1,
        guild_id="1",
        channel_id="1",
        game=game.id,
        options={},
        seed=seed,
        status="running",
        version=1,
        host_id=players[0],
        turn_secs=None,
        state={},
        seats=[Seat(p, f"P{i}") for i, p in enumerate(players)],
    )


def without_seq(frame: dict[str, Any]) -> str:
    return canonical({k: v for k, v in frame.items() if k != "seq"})


def leaks_of(bridge: EngineBridge, rec: SessionRecord, players: list[str]) -> list[str]:
    """Every way the current frames are not derivable from their viewer's view."""
    host, live, out = bridge.host, bridge.host.live, []
    game = live.registry
    for viewer in [*players, None]:
        frame = frames.frame(bridge, rec, viewer, 1)  # type: ignore[arg-type]
        if canonical(frame["view"]) != canonical(host.fresh(viewer)):
            out.append(f"{viewer}: the frame's view is not view(state, viewer)")
        if frame["envelope"] != frame["view"].get("envelope"):
            out.append(f"{viewer}: the envelope is not the view's")
        legal = game.legal_moves(live.current, viewer) if viewer is not None else []
        hashes = {ids.move_hash(m): m for m in legal}
        for option in frame["moves"]:
            first, _ = ids.split_digest(option["id"])
            if first not in hashes or canonical(hashes[first]) != canonical(option["move"]):
                out.append(f"{viewer}: {option['id']} is not one of their legal moves")
            follow = host.follow_ups(rec, viewer, option["move"]) if "then" in option else None
            for then in option.get("then", []):
                if follow is None or canonical(then["move"]) not in map(canonical, follow[1]):
                    out.append(f"{viewer}: a follow-up of {option['id']} is not theirs")
        offered = {ids.split_digest(o["id"])[0] for o in frame["moves"]}
        if offered != set(hashes):
            out.append(f"{viewer}: offered {sorted(offered)} but may play {sorted(hashes)}")
    return out


def secret_leaks(
    bridge: EngineBridge, rec: SessionRecord, players: list[str], mover: str, legal: list[Any]
) -> list[str]:
    """Two different secret picks of ``mover``: every other viewer whose view the engine
    keeps the same after either (the pick is hidden from them) must get the same frame."""
    host, live, game = bridge.host, bridge.host.live, bridge.host.live.registry
    secret = [m for m in legal if game.is_secret(live.current, mover, m)]
    if len(secret) < 2:
        return []
    before, events = live.current, live.events
    viewers = [v for v in [*players, None] if v != mover]
    seen: list[dict[str | None, tuple[str, str]]] = []
    for pick in (secret[0], secret[-1]):
        live.current, live.events = game.apply(before, mover, pick)
        seen.append(
            {
                v: (
                    canonical(host.fresh(v)),
                    without_seq(frames.frame(bridge, rec, v, 1)),  # type: ignore[arg-type]
                )
                for v in viewers
            }
        )
    live.current, live.events = before, events
    return [
        f"{v} tells {mover}'s secret picks apart"
        for v in viewers
        if seen[0][v][0] == seen[1][v][0] and seen[0][v][1] != seen[1][v][1]
    ]


def play(
    game: Game, seed: int, n_players: int, sample: float | None = None
) -> tuple[int, int, list[str]]:
    """One seeded random game: (moves, frames checked, leaks). Every viewer's frames are
    checked after every move, or (``sample``) after each move with that probability (drawn
    from the seed: the same moves every run), five times as often where a secret pick is
    made, and always at the end."""
    draw = random.Random(f"sample:{seed}")
    rng = random.Random(seed)
    players = [str(100 + i) for i in range(n_players)]
    live = Live(game)
    live.current = game.setup(players, {}, seed)
    bridge = EngineBridge(EngineHost(live))
    rec = record(game, players, seed)
    leaks: list[str] = []
    checked = moves = 0
    while not game.is_over(live.current) and moves < MAX_MOVES:
        rec.version = moves + 1
        mover = rng.choice(game.actors(live.current))
        legal = game.legal_moves(live.current, mover)
        secret = (
            sample is not None
            and sum(game.is_secret(live.current, mover, m) for m in legal[:2]) == 2
        )
        if sample is None or draw.random() < sample * (5 if secret else 1):
            leaks += leaks_of(bridge, rec, players)
            leaks += secret_leaks(bridge, rec, players, mover, legal)
            checked += n_players + 1
        live.current, live.events = game.apply(live.current, mover, rng.choice(legal))
        moves += 1
    rec.status = "finished"
    leaks += leaks_of(bridge, rec, players)
    return moves, checked + n_players + 1, leaks


def main() -> None:
    """``python -m tests.web.differential [seeds] [--sample P]``: the check over ``seeds``
    seeded games of every game (default 200; every frame, or each move with probability P),
    one line per game."""
    import sys
    import time

    import bot.text.catalog_en  # noqa: F401  (the texts)
    import games

    args = sys.argv[1:]
    sample = float(args[args.index("--sample") + 1]) if "--sample" in args else None
    seeds = int(args[0]) if args and args[0].isdigit() else 200
    for game in games.REGISTRY.values():
        started, moves, checked, leaks = time.perf_counter(), 0, 0, []
        for seed in range(seeds):
            n = min(game.max_players, max(game.min_players, 2 + seed % 3))
            m, c, found = play(game, seed, n, sample)
            moves, checked, leaks = moves + m, checked + c, leaks + found
        took = time.perf_counter() - started
        print(
            f"{game.id}: {seeds} games, {moves} moves, {checked} frames, {len(leaks)} leaks, "
            f"{took:.1f} s",
            leaks[:3],
            flush=True,
        )


if __name__ == "__main__":
    main()
