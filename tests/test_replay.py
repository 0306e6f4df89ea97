"""Replays, the animation and the export (issue 14 items 2 and 6), below Discord: frames per
turn from public views only, a running game replayed up to its current public view, a leak scan
over every game's frames and texts, the animation within the upload limit, ``crowntable replay``,
and an export replayed by the engine to the same final result."""

from __future__ import annotations

import asyncio
import io
import json
from typing import Any

import pytest
from PIL import Image

import games
from bot.cli import main
from bot.core import export, replay
from bot.core.errors import HostError
from bot.core.host import SessionHost
from bot.core.store import MoveRecord, SQLiteStore
from bot.core.turns import Mark, turn_ends
from games.ai import RandomPlayer
from renderers import animate as anim
from tests.toygame import TOY

PICK3, PICK1 = {"type": "pick", "value": 3}, {"type": "pick", "value": 1}


def played(game: Any, players: list[str], seed: int, limit: int = 10_000) -> list[MoveRecord]:
    """A whole random game's move log."""
    state, ai, moves = game.setup(players, {}, seed), RandomPlayer(seed), []
    while game.actors(state) and len(moves) < limit:
        p = game.actors(state)[0]
        m = ai.choose(game, state, p, len(moves))
        moves.append(MoveRecord(len(moves), p, m, "player", 1000.0 + len(moves)))
        state, _ = game.apply(state, p, m)
    return moves


def test_a_frame_per_turn_not_per_sub_step() -> None:
    # toy, 2 rounds: pick, pick (reveal) | a banks (round 2: both pick) | pick, pick (reveal) |
    # b banks (round 2's start player)
    moves = [
        MoveRecord(i, p, m, "player", 0.0)
        for i, (p, m) in enumerate(
            [
                ("a", PICK3),
                ("b", PICK1),
                ("a", {"type": "bank"}),
                ("a", PICK1),
                ("b", PICK3),
                ("b", {"type": "bank"}),
            ]
        )
    ]
    frames = replay.build_frames(TOY, ["a", "b"], {"rounds": 2}, 5, moves)
    assert [f.moves for f in frames] == [0, 2, 3, 5, 6]
    assert [[e["type"] for e in f.events] for f in frames] == [
        [],
        ["picked", "picked", "revealed"],
        ["bank"],
        ["picked", "picked", "revealed"],
        ["bank", "game_over"],
    ]
    assert frames[-1].view["phase"] == "over" and frames[-1].view["score"] == {"a": 4, "b": 4}
    # the first player's pick alone: the envelope's turn stays, nothing revealed
    assert (
        turn_ends(TOY, Mark(("a", "b"), 0), Mark(("b",), 0), [{"type": "picked"}], False) is False
    )
    assert turn_ends(TOY, Mark(("b",), 1), Mark(("a",), 2), [], False) is True  # turn advanced
    assert turn_ends(TOY, Mark(("a",), 0), Mark(("a",), 0), [{"type": "revealed"}], False) is True
    assert turn_ends(TOY, Mark(("a",), 3), Mark((), 3), [], True) is True
    # each frame's view is the board of then: the last change is the turn's latest record's
    assert [[e["type"] for e in f.view["envelope"]["last"]] for f in frames] == [
        ["host_started"],
        ["picked", "revealed"],
        ["bank"],
        ["picked", "revealed"],
        ["bank", "game_over"],
    ]


def test_a_view_without_an_envelope_makes_every_move_a_turn_of_its_own() -> None:
    """A bare contract-v1 game declares no turns: nothing is guessed from names or actors."""
    legacy = object()
    picked = [{"type": "picked"}]
    assert turn_ends(legacy, Mark(("a", "b"), None), Mark(("b",), None), picked, False) is True
    assert turn_ends(legacy, Mark(("a",), None), Mark(("a",), None), [], False) is True
    assert turn_ends(legacy, Mark(("a",), 2), Mark(("a",), None), [], False) is True
    assert turn_ends(legacy, Mark(("a",), None), Mark((), None), [], True) is True


def test_a_running_game_ends_at_its_current_public_view() -> None:
    moves = [MoveRecord(0, "a", PICK3, "player", 0.0)]  # a's secret pick, b still to pick
    frames = replay.build_frames(TOY, ["a", "b"], {"rounds": 1}, 5, moves)
    assert len(frames) == 2 and frames[-1].moves == 1
    state, events = TOY.apply(TOY.setup(["a", "b"], {"rounds": 1}, 5), "a", PICK3)
    expected = TOY.view(state, None)
    expected["envelope"]["last"] = events  # the latest change, as the board showed it
    assert frames[-1].view == expected
    assert "my_pick" not in json.dumps([f.view for f in frames])
    assert frames[-1].view["chosen"] == {"a": True, "b": False}


class UndoableToy(type(TOY)):  # type: ignore[misc]
    """The toy game whose public bank/pass choice may be taken back."""

    def undoable(self, before: Any, player: str, move: Any, after: Any) -> bool:
        return move["type"] in ("bank", "pass")


def test_undo_records_replay_as_take_backs() -> None:
    game = UndoableToy()
    log = [
        ("a", PICK3, "player"),
        ("b", PICK1, "player"),
        ("a", {"type": "bank"}, "player"),
        ("a", {"type": "undo", "seq": 2}, "undo"),
        ("a", {"type": "pass"}, "player"),
        ("a", PICK1, "player"),
        ("b", PICK3, "player"),
        ("b", {"type": "bank"}, "player"),
    ]
    moves = [MoveRecord(i, p, m, src, 0.0) for i, (p, m, src) in enumerate(log)]
    frames = replay.build_frames(game, ["a", "b"], {"rounds": 2}, 5, moves)
    kinds = [[e["type"] for e in f.events] for f in frames]
    assert kinds[2] == ["bank"] and kinds[3] == ["host_undo", "pass"], kinds
    assert frames[2].view["score"]["a"] == 4 and frames[3].view["score"]["a"] == 3
    assert frames[-1].view["score"] == {"a": 3, "b": 4}


class Recorder:
    """A game whose ``view`` calls are recorded: who was each view made for."""

    def __init__(self, game: Any) -> None:
        self.game, self.viewers = game, []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def view(self, state: Any, viewer: str | None) -> dict[str, Any]:
        self.viewers.append(viewer)
        return self.game.view(state, viewer)


def _leaves(value: Any, path: str = "") -> set[tuple[str, str]]:
    if isinstance(value, dict):
        return {x for k, v in value.items() for x in _leaves(v, f"{path}/{k}")}
    if isinstance(value, list):
        return {x for i, v in enumerate(value) for x in _leaves(v, f"{path}/{i}")}
    return {(path, json.dumps(value))}


@pytest.mark.parametrize("game_id", sorted(games.REGISTRY))
def test_leak_scan_replay_frames_and_texts_are_public_at_their_moment(game_id: str) -> None:
    """Every frame is the spectator's view at its moment (so it holds nothing that was not
    public then), no private view is ever made, and no private-only text of any player's view
    at that moment (a card in a hand, a pick) is in the frame's words."""
    game = games.get(game_id)
    players = [f"p{i}" for i in range(game.max_players)]
    moves = played(game, players, seed=3, limit=400)
    recorder = Recorder(game)
    frames = replay.build_frames(recorder, players, {}, 3, moves)
    assert set(recorder.viewers) == {None}
    names = {p: f"Name{p}" for p in players}
    state = game.setup(players, {}, 3)
    done = secret_moves = hidden = 0
    for frame in frames[1:]:
        latest: list[Any] = []
        for m in moves[done : frame.moves]:
            secret_moves += game.is_secret(state, m.player_id, m.move)
            state, latest = game.apply(state, m.player_id, m.move)
        done = frame.moves
        public = game.view(state, None)
        public["envelope"]["last"] = latest  # the latest change, as the board showed it
        assert frame.view == public
        public_text = json.dumps(public, ensure_ascii=False)
        words = " ".join(replay.turn_lines(game_id, names, frame.events))
        for p in players:
            private = _leaves(game.view(state, p)) - _leaves(public)
            hidden += len(private)
            secrets = {json.loads(v) for k, v in private if "viewer" not in k}
            secrets = {
                x for x in secrets if isinstance(x, str) and len(x) >= 6 and x not in public_text
            }
            for secret in secrets:  # a card in a hand, a pick, a die: never in the words
                assert secret not in words, (game_id, frame.index, p, secret)
    assert len(frames) > 2
    assert hidden > 0 or not secret_moves, game_id  # there were secrets to look for


def test_the_checks_catch_a_frame_made_from_a_private_view() -> None:
    class Leaky(Recorder):
        def view(self, state: Any, viewer: str | None) -> dict[str, Any]:
            return self.game.view(state, "a")

    moves = [MoveRecord(0, "a", PICK3, "player", 0.0)]
    frames = replay.build_frames(Leaky(TOY), ["a", "b"], {"rounds": 1}, 5, moves)
    state, _ = TOY.apply(TOY.setup(["a", "b"], {"rounds": 1}, 5), "a", PICK3)
    secret = _leaves(TOY.view(state, "a")) - _leaves(TOY.view(state, None))
    assert {(k, v) for k, v in secret if "viewer" not in k} & _leaves(frames[-1].view)


def test_animation_a_frame_per_turn_within_the_limit() -> None:
    game = games.get("majesty")
    moves = played(game, ["a", "b"], seed=2)
    frames = replay.build_frames(game, ["a", "b"], {}, 2, moves)
    result = anim.animate("majesty", [f.view for f in frames], {"a": "Ann", "b": "Bob"})
    assert result.frames == len(frames) and len(result.data) <= anim.DEFAULT_LIMIT
    image = Image.open(io.BytesIO(result.data))
    assert image.format == "GIF" and image.n_frames == len(frames)
    assert image.width <= 480
    # a small limit: smaller frames, still every turn
    small = anim.animate("majesty", [f.view for f in frames], None, limit=len(result.data) // 3)
    assert len(small.data) <= len(result.data) // 3 and small.width < result.width
    assert Image.open(io.BytesIO(small.data)).n_frames == len(frames)
    with pytest.raises(ValueError):
        anim.animate("majesty", [f.view for f in frames], None, limit=2000)


def test_long_games_keep_the_first_and_last_turns() -> None:
    assert anim.pick(5, 10) == [0, 1, 2, 3, 4]
    chosen = anim.pick(1000, 200)
    assert len(chosen) == 200 and chosen[0] == 0 and chosen[-1] == 999
    assert anim.scale_for(10, anim.DEFAULT_LIMIT) == anim.MAX_SCALE
    assert anim.scale_for(10_000, anim.DEFAULT_LIMIT) == anim.MIN_SCALE


async def finished_toy(tmp_path: Any) -> tuple[SessionHost, int]:
    store = SQLiteStore(tmp_path / "t.db")
    await store.open()
    host = SessionHost(store, registry={"toy": TOY}, seed_source=lambda: 9)
    await host.create(
        guild_id="g",
        channel_id="c",
        game_id="toy",
        options={"rounds": 2},
        user_id="u1",
        user_name="Ann",
    )
    await host.join("c", "u2", "Bob")
    rec = (await host.start("c", "u1")).record
    for p, m in [
        ("u1", PICK3),
        ("u2", PICK1),
        ("u1", {"type": "pass"}),
        ("u1", PICK1),
        ("u2", PICK3),
    ]:
        await host.apply(rec.id, p, m)
    return host, rec.id


@pytest.mark.asyncio
async def test_export_replays_to_the_same_final_result(tmp_path) -> None:
    host, sid = await finished_toy(tmp_path)
    running = await host.get(sid)
    with pytest.raises(HostError) as exc:
        await export.export_game(host, running)
    assert exc.value.code == "export_not_finished"  # its log holds a secret pick's future
    out = await host.apply(sid, "u2", {"type": "bank"})
    assert out.finished
    data = json.loads(export.dumps(await export.export_game(host, await host.get(sid))))
    assert data["game"] == "toy" and data["seed"] == 9 and data["options"] == {"rounds": 2}
    assert [s["player"] for s in data["seats"]] == ["u1", "u2"]
    assert len(data["moves"]) == 6 and all(m["at"] > 0 for m in data["moves"])
    assert data["results"] == [
        {"player": "u2", "rank": 1, "score": 4},
        {"player": "u1", "rank": 2, "score": 3},
    ]
    assert export.replay_export(data, {"toy": TOY}) == data["results"]
    tampered = {**data, "moves": data["moves"][:-1]}
    with pytest.raises(ValueError):
        export.replay_export(tampered, {"toy": TOY})
    await host.close()


@pytest.mark.asyncio
async def test_export_of_every_game_replays_with_its_engine(tmp_path) -> None:
    store = SQLiteStore(tmp_path / "g.db")
    await store.open()
    host = SessionHost(store, seed_source=lambda: 4)
    for n, game_id in enumerate(sorted(games.REGISTRY)):
        channel = f"c{n}"
        await host.create(
            guild_id="g",
            channel_id=channel,
            game_id=game_id,
            options={},
            user_id="u1",
            user_name="Ann",
        )
        await host.add_ai(channel, "u1")
        rec = (await host.start(channel, "u1")).record
        ai = RandomPlayer(1)
        while rec.status == "running":
            state = host.state(rec)
            move = ai.choose(host.game(game_id), state, "u1", rec.move_count)
            rec = (await host.apply(rec.id, "u1", move)).record
        data = json.loads(export.dumps(await export.export_game(host, rec)))
        assert export.replay_export(data, games.REGISTRY) == data["results"], game_id
        assert len(data["results"]) == 2  # the AI seat too
    await host.close()


def test_crowntable_replay_writes_the_frames_and_the_animation(tmp_path, capsys) -> None:
    async def toy() -> int:
        host, sid = await finished_toy(tmp_path)
        await host.close()
        return sid

    sid = asyncio.run(toy())
    # a game not installed here (the test-only toy): refused in one line
    assert (
        main(["replay", "--db", str(tmp_path / "t.db"), str(sid), "--out", str(tmp_path / "out")])
        == 2
    )
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "Unknown game" in err[0], err
    assert (
        main(["demo", "majesty", "--players", "2", "--seed", "5", "--out", str(tmp_path / "demo")])
        == 0
    )
    capsys.readouterr()
    out = tmp_path / "frames"
    db = str(tmp_path / "demo" / "demo.db")
    assert main(["replay", "--db", db, "1", "--out", str(out)]) == 0
    pngs = sorted(out.glob("table-1-turn-*.png"))
    gif = out / "table-1.gif"
    turns = (out / "table-1-turns.txt").read_text(encoding="utf-8").splitlines()
    assert len(pngs) >= 10 and gif.exists() and len(turns) == len(pngs) + 1
    assert Image.open(gif).n_frames == len(pngs)
    assert "frames" in capsys.readouterr().out
    assert main(["replay", "--db", db, "99", "--out", str(out)]) == 2
