"""The shared invariant suite: properties every game must keep, checked by seeded random playouts.

For each game, player count, option set and seed, :func:`check_playout` plays a whole game with
:class:`games.ai.RandomPlayer` and checks at every step that

* ``actors`` are exactly the players with legal moves, and ``[]`` only when the game is over;
* every listed move applies, and ``apply`` never mutates its input;
* malformed, stale, out-of-turn and type-confused moves raise ``IllegalMove`` with a ``code`` and
  leave the state unchanged;
* views are JSON, and a secret pick changes nobody else's view (nor the events) but by
  "has chosen": two different secret picks look the same to everyone else;
* ``dump``/``load`` round-trips through JSON text losslessly;
* replaying seed + moves reproduces the same final state;
* the outcome ranks every player once, rank 1 first, ties sharing a rank;
* a move the engine calls undoable (``games.base.can_undo``) revealed nothing (:func:`check_undo`);
* a move the engine calls forced (``games.base.Formality``) is the only legal one, public, and
  forced in every state the other players cannot tell apart (:func:`check_forced`);
* contract v2 (``games.base.GameBase``): every view carries the same envelope, which agrees with
  ``actors`` / ``is_over`` / ``outcome``; every event type emitted is declared with its role;
  the envelope's turn advances by one exactly for a move that emits a ``turn_end`` event; a
  move that emits a ``reveals`` event is never undoable; ``dump`` carries the schema; and
  ``preview`` answers are JSON data that the same player's determinized twins share
  (:func:`check_envelope`, :func:`check_events`, :func:`check_preview`).
"""

from __future__ import annotations

import copy
import itertools
import json
import random
from typing import Any

from games.ai import RandomPlayer
from games.base import (
    ENVELOPE,
    SCHEMA,
    Determinizable,
    Formality,
    Game,
    GameBase,
    IllegalMove,
    Previewable,
    Undoable,
    can_undo,
    canonical,
    event_role,
)

INTRUDER = "intruder:0"


def option_sets(game: Game) -> list[dict[str, Any]]:
    """The default options, each enumerable value of each option alone, and the game's extras."""
    sets: list[dict[str, Any]] = [{}]
    for name, (default, allowed) in game.options.items():
        if isinstance(allowed, (list, tuple)):
            for value in allowed:
                if canonical(value) != canonical(default):
                    sets.append({name: value})
    sets.extend(getattr(game, "test_option_sets", []))
    unique: dict[str, dict[str, Any]] = {}
    for s in sets:
        unique.setdefault(canonical(s), s)
    return list(unique.values())


def players_for(n: int) -> list[str]:
    return [str(100 + i) for i in range(n)]


def dumped(game: Game, state: Any) -> str:
    return canonical(game.dump(state))


def bad_moves(game: Game, state: Any, player: str, legal: list[dict[str, Any]]) -> list[Any]:
    """Moves that must be refused for ``player`` now."""
    bad: list[Any] = [None, "pass", 3, [], {}, {"type": "no_such_move_type"}, {"type": None}]
    for move in legal[:3]:
        bad.append({**move, "unexpected_key": 1})
        for key, value in move.items():
            if key == "type":
                continue
            if isinstance(value, bool):
                bad.append({**move, key: int(value)})
            elif isinstance(value, int):
                bad.append({**move, key: float(value)})
                bad.append({**move, key: str(value)})
            elif value is None:
                bad.append({**move, key: 0})
        if len(move) > 1:
            bad.append({k: v for k, v in move.items() if k != list(move)[-1]})
    legal_keys = {canonical(m) for m in legal}
    return [m for m in bad if not (isinstance(m, dict) and canonical(m) in legal_keys)]


def assert_refused(game: Game, state: Any, player: str, move: Any, before: str) -> None:
    """``move`` by ``player`` raises ``IllegalMove`` and leaves ``state`` as ``before`` (its
    :func:`dumped` form, which the caller has)."""
    try:
        game.apply(state, player, move)
    except IllegalMove as exc:
        assert isinstance(exc.code, str) and exc.code, "IllegalMove without a code"
        assert str(exc), "IllegalMove without a message"
    else:
        raise AssertionError(f"{game.id}: {player} {move!r} was accepted but is not legal")
    assert dumped(game, state) == before, f"{game.id}: refused move changed the state"


def check_views(game: Game, state: Any, players: list[str]) -> dict[str | None, str]:
    """Every view is JSON; the envelope is one. Returns each viewer's view, canonical."""
    views = {viewer: game.view(state, viewer) for viewer in [None, *players]}
    for view in views.values():
        json.dumps(view, allow_nan=False)
    check_envelope(game, state, players, views)
    return {viewer: canonical(view) for viewer, view in views.items()}


def check_envelope(
    game: Game, state: Any, players: list[str], views: dict[str | None, Any]
) -> None:
    """A :class:`GameBase` game's views (``views``: each viewer's view of ``state``) all carry
    one envelope, true to the engine's answers."""
    if not isinstance(game, GameBase):
        return
    envs = [views[viewer].get(ENVELOPE) for viewer in [None, *players]]
    env = envs[0]
    assert isinstance(env, dict), f"{game.id}: a view without its envelope"
    assert all(canonical(e) == canonical(env) for e in envs), (
        f"{game.id}: the envelope differs between viewers"
    )
    assert sorted(env) == ["actors", "last", "over", "results", "step", "turn"], sorted(env)
    over = game.is_over(state)
    assert env["over"] is over
    assert env["actors"] == ([] if over else game.actors(state)), (
        f"{game.id}: envelope actors {env['actors']} != {game.actors(state)}"
    )
    assert canonical(env["results"]) == canonical(game.outcome(state) if over else [])
    assert env["last"] == [], f"{game.id}: the engine fills the envelope's last"
    step = env["step"]
    assert isinstance(step, dict) and sorted(step) == ["id", "params"], step
    assert isinstance(step["id"], str) and step["id"], f"{game.id}: step without an id"
    assert isinstance(step["params"], dict)
    assert (step["id"] == "over") is over, f"{game.id}: step {step['id']!r} when over={over}"
    assert isinstance(env["turn"], int) and not isinstance(env["turn"], bool)
    assert env["turn"] >= 0
    assert game.dump(state).get(SCHEMA) == game.schema, f"{game.id}: dump without its schema"


def check_events(game: Game, before: Any, after: Any, events: list[dict[str, Any]]) -> None:
    """Every event type is declared with its role; the turn advances by one exactly when one of
    the move's events ends a turn, and never goes back."""
    if not isinstance(game, GameBase):
        return
    for e in events:
        assert e["type"] in game.events, f"{game.id}: event {e['type']!r} has no declared role"
    ended = any(event_role(game, e).turn_end for e in events)
    turn_before, turn_after = game.turn(before), game.turn(after)
    assert turn_after == turn_before + (1 if ended else 0), (
        f"{game.id}: turn {turn_before} -> {turn_after} for events "
        f"{[e['type'] for e in events]} (turn_end: {ended})"
    )


PREVIEW_MOVES = 3
PREVIEW_SAMPLES = 1


def check_preview(
    game: Game, state: Any, player: str, legal: list[dict[str, Any]], seed: int, step: int = 0
) -> int:
    """``preview`` of a few of ``player``'s legal moves: JSON data, the state untouched, the same
    for every state ``player`` cannot tell from this one (``determinize``); a move that is not
    legal is refused. The number of moves previewed."""
    if not isinstance(game, Previewable) or not legal:
        return 0
    before = dumped(game, state)
    chosen = [legal[(step + k * 7) % len(legal)] for k in range(min(PREVIEW_MOVES, len(legal)))]
    for move in chosen:
        answer = game.preview(state, player, copy.deepcopy(move))
        assert isinstance(answer, dict), f"{game.id}: preview of {move} is not a dict"
        text = canonical(answer)
        assert dumped(game, state) == before, f"{game.id}: preview mutated the state"
        if isinstance(game, Determinizable):
            for k in range(PREVIEW_SAMPLES):
                twin = game.determinize(state, player, random.Random(f"{seed}:preview:{step}:{k}"))
                assert canonical(game.preview(twin, player, copy.deepcopy(move))) == text, (
                    f"{game.id}: preview of {move} for {player} depends on what they cannot see"
                )
    try:
        game.preview(state, player, {"type": "no_such_move_type"})
    except IllegalMove:
        pass
    else:
        raise AssertionError(f"{game.id}: preview of a move that is not legal answered")
    return len(chosen)


def check_secret_picks(
    game: Game, state: Any, player: str, legal: list[dict[str, Any]], players: list[str]
) -> None:
    """Two different secret picks by ``player`` must look alike to everybody else."""
    secret = [m for m in legal if game.is_secret(state, player, m)]
    if len(secret) < 2:
        return
    a, b = secret[0], secret[-1]
    sa, ea = game.apply(state, player, a)
    sb, eb = game.apply(state, player, b)
    others = [p for p in players if p != player]
    waiting = set(game.actors(state)) - {player}
    # Only while the same simultaneous step goes on: the last pick triggers the reveal.
    if not waiting or set(game.actors(sa)) != waiting or set(game.actors(sb)) != waiting:
        return
    assert canonical(ea) == canonical(eb), f"{game.id}: events reveal a secret pick: {ea} / {eb}"
    for viewer in [None, *others]:
        va, vb = game.view(sa, viewer), game.view(sb, viewer)
        assert canonical(va) == canonical(vb), f"{game.id}: the view of {viewer} tells {a} from {b}"


UNDO_SAMPLES = 1  # determinizations per player of each undoable move


def diff(a: Any, b: Any, path: str, out: dict[str, tuple[str | None, str | None]]) -> None:
    """Into ``out``: every leaf path where JSON-like ``a`` and ``b`` differ -> (old, new)."""
    if a == b and type(a) is type(b):
        return
    if isinstance(a, dict) and isinstance(b, dict):
        for k in a.keys() | b.keys():
            if k not in b:
                out[f"{path}/{k}"] = (canonical(a[k]), None)
            elif k not in a:
                out[f"{path}/{k}"] = (None, canonical(b[k]))
            else:
                diff(a[k], b[k], f"{path}/{k}", out)
        return
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        for i in range(max(len(a), len(b))):
            if i >= len(b):
                out[f"{path}/{i}"] = (canonical(a[i]), None)
            elif i >= len(a):
                out[f"{path}/{i}"] = (None, canonical(b[i]))
            else:
                diff(a[i], b[i], f"{path}/{i}", out)
        return
    out[path] = (canonical(a), canonical(b))


def change(game: Game, before: Any, after: Any) -> dict[str, tuple[str | None, str | None]]:
    """What a move changed in the dumped state: leaf path -> (old value, new value)."""
    out: dict[str, tuple[str | None, str | None]] = {}
    diff(game.dump(before), game.dump(after), "", out)
    return out


def check_undo(
    game: Game,
    before: Any,
    player: str,
    move: dict[str, Any],
    after: Any,
    players: list[str],
    seed: int,
    step: int = 0,
    events: list[dict[str, Any]] | None = None,
    known: dict[str | None, str] | None = None,
) -> bool:
    """If ``move`` is undoable: putting ``before`` back (through ``dump``/JSON/``load``, as the
    host does) restores exactly its state, views, actors and legal moves; and the move revealed
    nothing. The second part is checked against states that could not be told from ``before``
    (``determinize``) by the mover or by one other player (a different one at each step): the
    same public move must make the same change there
    (path by path, old and new value: a card turned up, a draw, a shuffle, a hidden part that
    changed all differ) and leave every player, and the spectator, the same view and the same
    legal moves. True when the move was undoable. ``known``: the canonical views of ``before``
    (from :func:`check_views`), when the caller has them."""
    claimed = isinstance(game, Undoable) and game.undoable(before, player, move, after)
    if claimed and (game.is_secret(before, player, move) or game.is_over(after)):
        raise AssertionError(f"{game.id}: {move} (secret or the last move) is called undoable")
    if claimed and events and any(event_role(game, e).reveals for e in events):
        raise AssertionError(f"{game.id}: {move} reveals something but is called undoable")
    if not can_undo(game, before, player, move, after):
        return False
    restored = game.load(json.loads(json.dumps(game.dump(before))))
    assert dumped(game, restored) == dumped(game, before), f"{game.id}: undo is not exact"
    assert game.actors(restored) == game.actors(before)
    for viewer in [None, *players]:
        then = known[viewer] if known is not None else canonical(game.view(before, viewer))
        assert canonical(game.view(restored, viewer)) == then
        if viewer is not None:
            assert game.legal_moves(restored, viewer) == game.legal_moves(before, viewer)
    if not isinstance(game, Determinizable):
        return True
    made = change(game, before, after)
    after_views: dict[str | None, str] = {}  # the same few views, asked once each

    def seen_after(viewer: str | None) -> str:
        if viewer not in after_views:
            after_views[viewer] = canonical(game.view(after, viewer))
        return after_views[viewer]

    # the mover (what they drew or saw) and one other player in turn (what the others learn)
    others = [p for p in players if p != player]
    for q in [player, *([others[step % len(others)]] if others else [])]:
        for k in range(UNDO_SAMPLES):
            twin = game.determinize(before, q, random.Random(f"{seed}:undo:{step}:{q}:{k}"))
            try:
                twin_after, _ = game.apply(twin, player, copy.deepcopy(move))
            except IllegalMove:
                continue  # the move depends on what q does not know (the mover's own)
            what = f"{game.id}: undoable {move} by {player} reveals something to {q}"
            assert change(game, twin, twin_after) == made, what + " (a hidden part)"
            for viewer in (q, None):
                assert canonical(game.view(twin_after, viewer)) == seen_after(viewer), (
                    what + f" (the view of {viewer})"
                )
            assert game.legal_moves(twin_after, q) == game.legal_moves(after, q), (
                what + " (their legal moves)"
            )
    return True


FORCED_SAMPLES = 2


def check_forced(game: Game, state: Any, players: list[str], seed: int, step: int = 0) -> list[str]:
    """For every player: ``forced`` is None, or their one legal move, not secret, and the same
    answer in states another player (one in turn) or a spectator's stand-in cannot tell from
    ``state`` (``determinize``): playing it unasked tells nobody anything. The players it
    named."""
    if not isinstance(game, Formality):
        return []
    named = []
    for p in players:
        move = game.forced(state, p)
        if move is None:
            continue
        legal = game.legal_moves(state, p)
        assert [canonical(m) for m in legal] == [canonical(move)], (
            f"{game.id}: forced {move} for {p} but the legal moves are {legal}"
        )
        assert not game.is_secret(state, p, move), f"{game.id}: forced {move} is secret"
        named.append(p)
        if not isinstance(game, Determinizable):
            continue
        others = [q for q in players if q != p]
        for q in others[step % len(others) :][:1] if others else []:
            for k in range(FORCED_SAMPLES):
                twin = game.determinize(state, q, random.Random(f"{seed}:forced:{step}:{k}"))
                assert canonical(game.forced(twin, p)) == canonical(move), (
                    f"{game.id}: forced {move} for {p} depends on what {q} does not see"
                )
    return named


def check_outcome(game: Game, state: Any, players: list[str]) -> list[dict[str, Any]]:
    assert game.actors(state) == []
    for p in players:
        assert game.legal_moves(state, p) == []
    result = game.outcome(state)
    assert sorted(r["player"] for r in result) == sorted(players)
    ranks = [r["rank"] for r in result]
    assert min(ranks) == 1
    for row in result:
        # competition ranking (1, 1, 3) over the scoring units: a player's rank is one more
        # than the number of units strictly ahead, so it never exceeds 1 + players ahead
        # (team games rank the teams: 1, 1, 2, 2)
        ahead_players = sum(1 for r in result if r["rank"] < row["rank"])
        ahead_ranks = len({r["rank"] for r in result if r["rank"] < row["rank"]})
        assert isinstance(row["rank"], int) and not isinstance(row["rank"], bool)
        assert ahead_ranks + 1 <= row["rank"] <= ahead_players + 1, (
            f"{game.id}: ranks are not competition ranks: {ranks}"
        )
    return result


def check_playout(
    game: Game,
    n_players: int,
    options: dict[str, Any],
    seed: int,
    deep_every: int = 1,
    max_moves: int = 20_000,
) -> list[tuple[str, Any]] | None:
    """Play one seeded random game checking every invariant; None when setup refuses options."""
    players = players_for(n_players)
    try:
        state = game.setup(players, copy.deepcopy(options), seed)
    except ValueError:
        return None
    assert dumped(game, game.setup(players, copy.deepcopy(options), seed)) == dumped(game, state), (
        f"{game.id}: setup is not deterministic"
    )
    initial = state
    ai = RandomPlayer(seed)
    rng = random.Random(seed)
    # which moves get the deep checks: one in ``deep_every`` on average, never in step with
    # whose turn it is (every other move of a two-player game would be one player's only)
    picker = random.Random(f"{seed}:deep")
    made: list[tuple[str, Any]] = []
    for step in itertools.count():
        if game.is_over(state):
            break
        assert step < max_moves, f"{game.id}: no end after {max_moves} moves"
        actors = game.actors(state)
        assert actors, f"{game.id}: not over but nobody may act"
        assert len(set(actors)) == len(actors)
        deep = step == 0 or deep_every <= 1 or picker.random() * deep_every < 1
        legal_by: dict[str, list[dict[str, Any]]] = {}
        for p in players:
            legal = game.legal_moves(state, p)
            assert bool(legal) == (p in actors), (
                f"{game.id}: {p} in actors={p in actors} but has {len(legal)} legal moves"
            )
            legal_by[p] = legal
        snap = dumped(game, state)  # the state as it was: every refusal and apply keep it
        known: dict[str | None, str] | None = None
        if deep:
            known = check_views(game, state, players)
            for p in actors:
                for bad in bad_moves(game, state, p, legal_by[p]):
                    assert_refused(game, state, p, bad, snap)
                check_secret_picks(game, state, p, legal_by[p], players)
                check_preview(game, state, p, legal_by[p], seed, step)
            check_forced(game, state, players, seed, step)
            outsiders = [p for p in players if p not in actors] + [INTRUDER]
            some_move = legal_by[actors[0]][0]
            for p in outsiders:
                assert_refused(game, state, p, some_move, snap)
            data = json.loads(json.dumps(game.dump(state)))
            reloaded = game.load(data)
            assert dumped(game, reloaded) == snap, f"{game.id}: dump/load differs"
            assert canonical(game.view(reloaded, None)) == known[None]
        player = actors[rng.randrange(len(actors))]
        move = ai.choose(game, state, player, step)
        new_state, events = game.apply(state, player, copy.deepcopy(move))
        assert dumped(game, state) == snap, f"{game.id}: apply mutated its input"
        if deep:
            check_undo(game, state, player, move, new_state, players, seed, step, events, known)
        json.dumps(events, allow_nan=False)
        assert all(isinstance(e, dict) and "type" in e for e in events)
        check_events(game, state, new_state, events)
        made.append((player, move))
        state = new_state
    check_outcome(game, state, players)
    check_views(game, state, players)
    replay = initial
    for player, move in made:
        replay, _ = game.apply(replay, player, move)
    assert dumped(game, replay) == dumped(game, state), f"{game.id}: replay is not deterministic"
    return made
