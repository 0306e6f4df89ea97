"""SessionHost: the one place that runs sessions. Imports nothing from discord.

Every change follows the same path: find the session, take its lock, authorise the actor, call
the engine, persist atomically (compare-and-swap on the version), and return an :class:`Outcome`
saying what happened. The Discord cogs, the terminal ``demo`` and the tests all drive a game
through this class, so they share every rule about lobbies, turns, clocks and standings.

Prompt freshness: every session keeps, for each player who must act, the version at which that
decision began (``clock[p]["since"]``). A prompt made at version ``v`` is still good while
``v >= since``; so in a simultaneous secret step one player's pick does not invalidate the others'
prompts, but a double click or an old prompt from an earlier decision is refused as stale.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import secrets
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

from openskill.models import PlackettLuce

import bot.text.catalog_en  # noqa: F401  (registers the English catalogue)
import games as games_pkg
from bot.core.errors import HostError
from bot.core.store.base import (
    ChannelBusy,
    ClockEntry,
    Meta,
    MoveRecord,
    MoveSource,
    RateFn,
    Rating,
    Seat,
    SessionRecord,
    Store,
    VersionConflict,
)
from games.ai import RandomPlayer
from games.base import Event, Game, IllegalMove, Move, State, canonical, clone

#: turn clock choices (seconds per decision; None = off)
TURN_CLOCKS: dict[str, int | None] = {"off": None, "5m": 300, "1h": 3600, "24h": 86400}
DEFAULT_TURN_SECS: int | None = 86400
MAX_AUTO_MOVES = 10_000


@dataclass
class Outcome:
    """What one host call changed: the session after it and the public events, in order.

    Host-level events (``host_started``, ``host_timeout``, ``host_left`` ...) are mixed in with
    the engine's events so the log reads in order.
    """

    record: SessionRecord
    events: list[Event] = field(default_factory=list)
    moved: list[tuple[str, MoveSource]] = field(default_factory=list)  # (player, source)
    reminders: list[str] = field(default_factory=list)  # players reminded by the clock

    @property
    def finished(self) -> bool:
        return self.record.status == "finished"


def rank_rating(outcome: list[dict[str, Any]], humans: set[str]) -> RateFn:
    """An OpenSkill Plackett-Luce update for the human seats of a finished game."""
    model = PlackettLuce()
    rows = [r for r in outcome if r["player"] in humans]

    def rate(current: dict[str, Rating]) -> dict[str, Rating]:
        if len(rows) < 2:
            return {}
        teams: list[list[Any]] = []
        for r in rows:
            old = current.get(r["player"])
            teams.append([model.rating(mu=old.mu, sigma=old.sigma) if old else model.rating()])
        new = model.rate(teams, ranks=[r["rank"] for r in rows])
        out: dict[str, Rating] = {}
        for r, team in zip(rows, new, strict=True):
            old = current.get(r["player"])
            out[r["player"]] = Rating(
                r["player"], team[0].mu, team[0].sigma,
                (old.games if old else 0) + 1, (old.wins if old else 0) + (r["rank"] == 1),
            )
        return out

    return rate


def conservative(mu: float, sigma: float) -> float:
    """The displayed skill: mu - 3 sigma, so a newcomer starts at 0 and climbs."""
    return mu - 3 * sigma


class SessionHost:
    def __init__(
        self,
        store: Store,
        registry: dict[str, Game] | None = None,
        now: Callable[[], float] = time.time,
        seed_source: Callable[[], int] = lambda: secrets.randbits(31),
    ) -> None:
        self.store = store
        self.registry = registry if registry is not None else games_pkg.REGISTRY
        self.now = now
        self.seed_source = seed_source
        #: one lock per session: moves, lobby changes, the clock and the publication of a
        #: change (with its ``meta`` bookkeeping) all take it
        self._locks: dict[int, asyncio.Lock] = {}
        self._states: dict[int, tuple[int, State]] = {}
        #: the last record this host stored per session; a move starts from it and the CAS
        #: in the store catches any change made elsewhere (then it re-reads and re-validates)
        self._records: dict[int, SessionRecord] = {}

    # -- lookups -----------------------------------------------------------------------------
    def game(self, game_id: str) -> Game:
        try:
            return self.registry[game_id]
        except KeyError:
            raise HostError("unknown_game", game=game_id,
                            known=", ".join(sorted(self.registry))) from None

    def _lock(self, session_id: int) -> asyncio.Lock:
        return self._locks.setdefault(session_id, asyncio.Lock())

    async def active(self, channel_id: str) -> SessionRecord:
        rec = await self.store.active_session(channel_id)
        if rec is None:
            raise HostError("no_session")
        return rec

    async def get(self, session_id: int) -> SessionRecord:
        rec = await self.store.get_session(session_id)
        if rec is None:
            raise HostError("no_session")
        return rec

    async def current(self, session_id: int) -> SessionRecord:
        """The latest record this host knows: the one it last stored or read (no database
        read), else the stored one, kept. Treat it as read-only: every change goes through a
        host method; a change made by another process is caught by the store's CAS."""
        rec = self._records.get(session_id)
        if rec is None:
            rec = self._records[session_id] = await self.get(session_id)
        return rec

    def state(self, rec: SessionRecord) -> State:
        """The engine state of ``rec`` (cached by version)."""
        if rec.state is None:
            raise HostError("not_running")
        cached = self._states.get(rec.id)
        if cached and cached[0] == rec.version:
            return cached[1]
        state = self.game(rec.game).load(rec.state)
        self._states[rec.id] = (rec.version, state)
        return state

    def view(self, rec: SessionRecord, viewer: str | None) -> dict[str, Any]:
        return self.game(rec.game).view(self.state(rec), viewer)

    def actors(self, rec: SessionRecord) -> list[str]:
        return self.game(rec.game).actors(self.state(rec)) if rec.status == "running" else []

    def legal_moves(self, rec: SessionRecord, player: str) -> list[dict[str, Any]]:
        if rec.status != "running":
            return []
        return self.game(rec.game).legal_moves(self.state(rec), player)

    def is_secret_decision(self, rec: SessionRecord, player: str) -> bool:
        """True when any of ``player``'s current moves is secret (prompt them privately)."""
        game, state = self.game(rec.game), self.state(rec)
        return any(game.is_secret(state, player, m) for m in game.legal_moves(state, player))

    def names(self, rec: SessionRecord) -> dict[str, str]:
        return {s.player_id: s.name for s in rec.seats}

    # -- lobby -------------------------------------------------------------------------------
    def check_options(self, game: Game, options: dict[str, Any]) -> dict[str, Any]:
        clean: dict[str, Any] = {}
        for key, value in options.items():
            if key not in game.options:
                raise HostError("unknown_option", option=key, game=game.title)
            allowed = game.options[key][1]
            if isinstance(allowed, (list, tuple)) and canonical(value) not in {
                    canonical(a) for a in allowed}:
                raise HostError("bad_option", option=key, value=value)
            clean[key] = value
        errors = []
        for n in range(game.min_players, game.max_players + 1):
            try:
                game.setup([f"check:{i}" for i in range(n)], dict(clean), 0)
                return clean
            except ValueError as exc:
                errors.append(str(exc))
        raise HostError("bad_setup", detail=errors[-1] if errors else "?")

    async def create(self, *, guild_id: str | None, channel_id: str, game_id: str,
                     options: dict[str, Any], user_id: str, user_name: str,
                     turn_secs: int | None = DEFAULT_TURN_SECS) -> SessionRecord:
        game = self.game(game_id)
        clean = self.check_options(game, options)
        rec = SessionRecord(
            id=0, guild_id=guild_id, channel_id=channel_id, game=game_id, options=clean,
            seed=0, status="lobby", version=0, host_id=user_id, turn_secs=turn_secs,
            seats=[Seat(user_id, user_name)],
        )
        try:
            return await self.store.create_session(rec)
        except ChannelBusy:
            raise HostError("channel_busy") from None

    async def _fresh_lobby(self, session_id: int, expected_version: int | None
                           ) -> SessionRecord:
        """The session as stored now (call under its lock); it must still be in the lobby."""
        rec = await self.get(session_id)
        if rec.status != "lobby":
            raise HostError("not_in_lobby")
        if expected_version is not None and rec.version != expected_version:
            raise HostError("stale")
        return rec

    async def _lobby_change(self, channel_id: str, change: Callable[[SessionRecord], None],
                            expected_version: int | None = None) -> SessionRecord:
        rec = await self.active(channel_id)
        async with self._lock(rec.id):
            rec = await self._fresh_lobby(rec.id, expected_version)
            before = rec.version
            change(rec)
            return await self._save(rec, before)

    async def join(self, channel_id: str, user_id: str, name: str,
                   expected_version: int | None = None) -> SessionRecord:
        def change(rec: SessionRecord) -> None:
            if rec.seat_of(user_id):
                raise HostError("already_joined")
            game = self.game(rec.game)
            if len(rec.seats) >= game.max_players:
                raise HostError("lobby_full", max=game.max_players)
            rec.seats.append(Seat(user_id, name))

        return await self._lobby_change(channel_id, change, expected_version)

    async def add_ai(self, channel_id: str, user_id: str, can_manage: bool = False,
                     expected_version: int | None = None) -> SessionRecord:
        def change(rec: SessionRecord) -> None:
            self._authorise_host(rec, user_id, can_manage)
            game = self.game(rec.game)
            if len(rec.seats) >= game.max_players:
                raise HostError("lobby_full", max=game.max_players)
            n = 1
            while rec.seat_of(f"ai:{n}"):
                n += 1
            rec.seats.append(Seat(f"ai:{n}", f"AI {n}", is_ai=True))

        return await self._lobby_change(channel_id, change, expected_version)

    async def leave(self, channel_id: str, user_id: str,
                    expected_version: int | None = None) -> Outcome:
        """Leave the lobby (the table closes when no human is left), or hand a running seat
        to the AI."""
        rec = await self.active(channel_id)
        if rec.status == "running":
            return await self._hand_to_ai(rec.id, user_id, "host_left")
        outcome_rec = await self._lobby_change(
            channel_id, lambda r: self._remove_from_lobby(r, user_id), expected_version
        )
        return Outcome(outcome_rec)

    def _remove_from_lobby(self, rec: SessionRecord, user_id: str) -> None:
        if not rec.seat_of(user_id):
            raise HostError("not_seated")
        rec.seats = [s for s in rec.seats if s.player_id != user_id]
        humans = [s for s in rec.seats if not s.is_ai]
        if not humans:
            rec.status = "cancelled"
        elif rec.host_id == user_id:
            rec.host_id = humans[0].player_id

    async def kick(self, channel_id: str, user_id: str, target: str, can_manage: bool) -> Outcome:
        rec = await self.active(channel_id)
        self._authorise_host(rec, user_id, can_manage)
        if target == user_id:
            raise HostError("kick_self")
        seat = rec.seat_of(target)
        if seat is None:
            raise HostError("nobody_to_kick", name=target)
        if rec.status == "running":
            return await self._hand_to_ai(rec.id, target, "host_kicked")
        return Outcome(await self._lobby_change(
            channel_id, lambda r: self._remove_from_lobby(r, target)))

    async def cancel(self, channel_id: str, user_id: str, can_manage: bool) -> SessionRecord:
        def change(rec: SessionRecord) -> None:
            self._authorise_host(rec, user_id, can_manage)
            rec.status = "cancelled"

        return await self._lobby_change(channel_id, change)

    def _authorise_host(self, rec: SessionRecord, user_id: str, can_manage: bool) -> None:
        if user_id != rec.host_id and not can_manage:
            host = rec.seat_of(rec.host_id)
            raise HostError("not_host", host=host.name if host else rec.host_id)

    async def start(self, channel_id: str, user_id: str, can_manage: bool = False,
                    expected_version: int | None = None) -> Outcome:
        rec = await self.active(channel_id)
        async with self._lock(rec.id):
            rec = await self._fresh_lobby(rec.id, expected_version)
            if not rec.seat_of(user_id) and not can_manage:
                raise HostError("not_seated")
            game = self.game(rec.game)
            if len(rec.seats) < game.min_players:
                raise HostError("too_few_players", game=game.title, min=game.min_players,
                                count=len(rec.seats))
            seed = self.seed_source()
            try:
                state = game.setup(rec.player_ids, dict(rec.options), seed)
            except ValueError as exc:
                raise HostError("bad_setup", detail=str(exc)) from None
            before = rec.version
            rec.seed, rec.status, rec.state = seed, "running", game.dump(state)
            self._reclock(rec, game.actors(state), None, before + 1)
            rec = await self._save(rec, before)
            self._states[rec.id] = (rec.version, state)
            out = Outcome(rec, [{"type": "host_started", "players": rec.player_ids}])
            await self._auto_moves(rec, out)
            return out

    async def abandon(self, channel_id: str, user_id: str, can_manage: bool) -> SessionRecord:
        rec = await self.active(channel_id)
        async with self._lock(rec.id):
            rec = await self.get(rec.id)
            self._authorise_host(rec, user_id, can_manage)
            before = rec.version
            rec.status = "abandoned" if rec.status == "running" else "cancelled"
            rec.clock = {}
            return await self._save(rec, before)

    # -- play --------------------------------------------------------------------------------
    async def apply(self, session_id: int, player: str, move: Move,
                    expected_version: int | None = None) -> Outcome:
        """Apply ``player``'s ``move``; then let AI seats move until a human must act.

        ``expected_version`` is the version the prompt was made at (None: no staleness check).
        Raises :class:`HostError` or :class:`IllegalMove`; nothing changes when it raises.
        A lost race with another process re-reads the session and validates the move again.
        """
        async with self._lock(session_id):
            for attempt in range(3):
                rec = self._working_copy(session_id) if attempt == 0 else None
                cached = rec is not None
                if rec is None or (expected_version is not None
                                   and expected_version > rec.version):
                    rec = await self.get(session_id)
                    cached = False
                try:
                    out = await self._try_move(rec, player, move, expected_version)
                except (HostError, IllegalMove):
                    # a refusal judged on this host's copy: make sure it is the latest
                    if cached and (await self.get(session_id)).version != rec.version:
                        self._records.pop(session_id, None)
                        continue
                    raise
                except VersionConflict:
                    continue
                await self._auto_moves(rec, out)
                return out
            raise HostError("busy")

    def _working_copy(self, session_id: int) -> SessionRecord | None:
        """The cached record, copied: a move changes its copy, so a reader holding the cached
        one never sees a half-made change."""
        rec = self._records.get(session_id)
        if rec is None:
            return None
        return dataclasses.replace(rec, seats=[dataclasses.replace(s) for s in rec.seats],
                                   clock={p: ClockEntry(**c) for p, c in rec.clock.items()})

    async def _try_move(self, rec: SessionRecord, player: str, move: Move,
                        expected_version: int | None) -> Outcome:
        if rec.status != "running":
            raise HostError("not_running")
        if not rec.seat_of(player):
            raise HostError("not_seated")
        if expected_version is not None and expected_version != rec.version:
            entry = rec.clock.get(player)
            if entry is None or expected_version < entry["since"]:
                raise HostError("stale")
        out = Outcome(rec)
        await self._apply_one(rec, player, move, "player", out)
        return out

    async def _apply_one(self, rec: SessionRecord, player: str, move: Move,
                         source: MoveSource, out: Outcome) -> None:
        game = self.game(rec.game)
        state = self.state(rec)
        new_state, events = game.apply(state, player, move)  # raises IllegalMove
        before = rec.version
        seq = rec.move_count
        rec.state = game.dump(new_state)
        rec.move_count = seq + 1
        finished = game.is_over(new_state)
        results: list[dict[str, Any]] | None = None
        rate: RateFn | None = None
        if finished:
            rec.status = "finished"
            results = game.outcome(new_state)
            humans = {s.player_id for s in rec.seats if not s.player_id.startswith("ai:")}
            results = [r for r in results if r["player"] in humans]
            rate = rank_rating(results, humans)
        self._reclock(rec, game.actors(new_state), player, before + 1)
        if source == "timeout":
            out.events.append({"type": "host_timeout", "player": player})
        try:
            await self._save(rec, before, MoveRecord(seq, player, move, source, self.now()),
                             results if finished else None, rate)
        except VersionConflict:
            self._states.pop(rec.id, None)
            self._records.pop(rec.id, None)
            raise
        self._states[rec.id] = (rec.version, new_state)
        out.record = rec
        out.events.extend(events)
        out.moved.append((player, source))

    async def _auto_moves(self, rec: SessionRecord, out: Outcome) -> None:
        """AI seats move (seeded, so the log replays) until a human must act or the game ends."""
        game = self.game(rec.game)
        ai_ids = {s.player_id for s in rec.seats if s.is_ai}
        for _ in range(MAX_AUTO_MOVES):
            if rec.status != "running":
                return
            state = self.state(rec)
            movers = [p for p in game.actors(state) if p in ai_ids]
            if not movers:
                return
            p = movers[0]
            seq = rec.move_count
            move = RandomPlayer(f"{rec.seed}:ai").choose(game, state, p, seq)
            try:
                await self._apply_one(rec, p, move, "ai", out)
            except VersionConflict:  # another process moved on; it plays the AI seats
                return
        raise RuntimeError(f"session {rec.id}: AI seats did not finish")

    async def _hand_to_ai(self, session_id: int, player: str, event: str) -> Outcome:
        async with self._lock(session_id):
            rec = await self.get(session_id)
            seat = rec.seat_of(player)
            if seat is None:
                raise HostError("not_seated")
            before = rec.version
            seat.is_ai = True
            rec.clock.pop(player, None)
            rec = await self._save(rec, before)
            if rec.state is not None:
                self._states.pop(rec.id, None)
            out = Outcome(rec, [{"type": event, "player": player}])
            await self._auto_moves(rec, out)
            return out

    # -- the turn clock ----------------------------------------------------------------------
    def _reclock(self, rec: SessionRecord, actors: list[str], mover: str | None,
                 version: int) -> None:
        """Keep each waiting player's decision start; start a new one for whoever now acts."""
        if rec.status != "running":
            rec.clock = {}
            return
        ai_ids = {s.player_id for s in rec.seats if s.is_ai}
        now = self.now()
        clock: dict[str, ClockEntry] = {}
        for p in actors:
            if p in ai_ids:
                continue
            old = rec.clock.get(p)
            if old is not None and p != mover:
                clock[p] = old
            elif rec.turn_secs:
                clock[p] = {"since": version, "due": now + rec.turn_secs,
                            "remind": now + rec.turn_secs / 2, "reminded": False}
            else:
                clock[p] = {"since": version, "due": None, "remind": None, "reminded": True}
        rec.clock = clock

    async def run_clock(self, now: float | None = None) -> list[Outcome]:
        """Fire due reminders and deadlines: a reminder at half time, a random legal move at
        the deadline. Safe to call often and from several processes."""
        now = self.now() if now is None else now
        fired: list[Outcome] = []
        for session_id in await self.store.due_sessions(now):
            async with self._lock(session_id):
                rec = await self.get(session_id)
                if rec.status != "running":
                    continue
                out = Outcome(rec)
                await self._time_out(rec, now, out)
                if not await self._remind(rec, now, out):
                    continue
                if out.moved or out.reminders:
                    out.record = rec
                    fired.append(out)
        return fired

    async def _time_out(self, rec: SessionRecord, now: float, out: Outcome) -> None:
        """A random legal move for every player whose deadline passed, then the AI seats."""
        expired = [p for p, c in rec.clock.items() if c["due"] is not None and c["due"] <= now]
        for p in expired:
            if rec.status != "running" or p not in self.actors(rec):
                continue
            move = RandomPlayer(f"{rec.seed}:timeout").choose(
                self.game(rec.game), self.state(rec), p, rec.move_count)
            try:
                await self._apply_one(rec, p, move, "timeout", out)
            except VersionConflict:
                break
        if out.moved:
            await self._auto_moves(rec, out)

    async def _remind(self, rec: SessionRecord, now: float, out: Outcome) -> bool:
        """Mark the half-time reminders as sent (no version bump: prompts stay good); False
        when the session moved on meanwhile (another process)."""
        remind = [p for p, c in rec.clock.items()
                  if not c["reminded"] and c["remind"] is not None and c["remind"] <= now]
        if not remind or rec.status != "running":
            return True
        for p in remind:
            rec.clock[p]["reminded"] = True
        if not await self.store.set_clock(rec):
            self._records.pop(rec.id, None)
            return False
        self._records[rec.id] = rec
        out.reminders.extend(remind)
        return True

    async def _save(self, rec: SessionRecord, before: int, move: MoveRecord | None = None,
                    results: list[dict[str, Any]] | None = None,
                    rate: RateFn | None = None) -> SessionRecord:
        try:
            saved = await self.store.save(rec, before, move, results, rate)
        except BaseException:
            self._records.pop(rec.id, None)
            raise
        self._records[saved.id] = saved
        return saved

    # -- the bot's bookkeeping, standings and history ------------------------------------------
    @contextlib.asynccontextmanager
    async def publication(self, session_id: int) -> AsyncIterator[tuple[SessionRecord, Meta]]:
        """Show a session: under its lock (no move lands meanwhile, two publications never
        interleave), the latest record and a copy of its :class:`Meta` to change; the copy is
        stored when the block ends, also when it fails half-way (what was shown stays known)."""
        async with self._lock(session_id):
            rec = await self.current(session_id)
            meta: Meta = clone(rec.meta)
            try:
                yield rec, meta
            finally:
                await self.store.set_meta(session_id, meta)
                rec.meta = meta

    async def update_meta(self, session_id: int, change: Callable[[Meta], None]
                          ) -> SessionRecord:
        """Read-modify-write of the bookkeeping alone (a lobby message id, a prompt shown)."""
        async with self.publication(session_id) as (rec, meta):
            change(meta)
        return rec

    async def unpublished(self) -> list[int]:
        """Sessions with a stored change not yet shown in Discord (a crash or a restart)."""
        return await self.store.unpublished_sessions()

    async def moves(self, session_id: int) -> list[MoveRecord]:
        return await self.store.moves(session_id)

    async def log_events(self, rec: SessionRecord) -> list[Event]:
        """Every public event of the game so far, in order, replayed from seed + move log
        (a move made by the turn clock is preceded by its ``host_timeout``)."""
        game = self.game(rec.game)
        state = game.setup(rec.player_ids, dict(rec.options), rec.seed)
        out: list[Event] = []
        for m in await self.store.moves(rec.id):
            state, events = game.apply(state, m.player_id, m.move)
            if m.source == "timeout":
                out.append({"type": "host_timeout", "player": m.player_id})
            out.extend(events)
        return out

    async def standings(self, guild_id: str | None, game_id: str | None
                        ) -> list[dict[str, Any]]:
        """Rated players of a guild (one game or all), best displayed skill first."""
        if game_id is not None:
            self.game(game_id)
        rows = await self.store.standings(guild_id, game_id)
        rows.sort(key=lambda r: conservative(r["mu"], r["sigma"]), reverse=True)
        return rows

    async def player_stats(self, guild_id: str | None, player_id: str) -> dict[str, Any]:
        return await self.store.player_stats(guild_id, player_id)

    async def recent_results(self, guild_id: str | None, player_id: str | None,
                             limit: int) -> list[dict[str, Any]]:
        return await self.store.recent_results(guild_id, player_id, limit)

    async def dm_refused_at(self, user_id: str) -> float | None:
        """When a DM to ``user_id`` was last refused (None: the last one went through)."""
        return await self.store.dms_closed_at(user_id)

    async def remember_dm(self, user_id: str, refused: bool) -> None:
        await self.store.set_dms_closed(user_id, refused)

    async def close(self) -> None:
        await self.store.close()

    # -- verification ------------------------------------------------------------------------
    async def replay(self, session_id: int) -> tuple[bool, str]:
        """Replay seed + move log; (True, "") when it reproduces the stored snapshot."""
        rec = await self.get(session_id)
        if rec.status in ("lobby", "cancelled") or rec.state is None:
            return True, ""
        game = self.game(rec.game)
        try:
            state = game.setup(rec.player_ids, dict(rec.options), rec.seed)
            for m in await self.store.moves(session_id):
                state, _ = game.apply(state, m.player_id, m.move)
        except (IllegalMove, ValueError) as exc:
            return False, f"move log does not replay: {exc}"
        if canonical(game.dump(state)) != canonical(rec.state):
            return False, "snapshot differs from the replayed move log"
        return True, ""
    async def user_locale(self, user_id: str) -> str | None:
        """The language ``user_id``'s client last used (for DMs sent unprompted)."""
        return await self.store.user_locale(user_id)

    async def remember_locale(self, user_id: str, locale: str | None) -> None:
        await self.store.set_user_locale(user_id, locale)

    async def guild_locale(self, guild_id: str) -> str | None:
        """The language a server chose for its channels (None: Discord's guild_locale)."""
        return await self.store.guild_locale(guild_id)

    async def set_guild_locale(self, guild_id: str, locale: str | None) -> None:
        await self.store.set_guild_locale(guild_id, locale)

