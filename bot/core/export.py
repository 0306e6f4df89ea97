"""``/game export`` (issue 14 item 6): a finished game as JSON, enough to replay it.

The file holds the game id, the options and the seed, the seats in order, the whole move log
with the time of each move, and the final standings; :func:`replay_export` plays it through the
engine again (``setup(players, options, seed)`` then every move, a take-back putting back the
state before the move it names: :class:`bot.core.takeback.LogReplay`) and returns the outcome,
which must be the one recorded. Only a finished game is exported: the move log of a game still being
played holds secret picks and, with the seed, the hidden deck. ``fairness`` reveals the salt of
the commitment shown since Start (:mod:`bot.core.fairness`); :mod:`bot.core.fairplay` checks
both.
"""

from __future__ import annotations

import json
from typing import Any

from bot.core import fairness
from bot.core.errors import HostError
from bot.core.history import require_played
from bot.core.host import SessionHost
from bot.core.store import MoveRecord, SessionRecord
from bot.core.takeback import LogReplay
from games.base import Game

FORMAT = "crowntable-game"
VERSION = 1


async def export_game(host: SessionHost, rec: SessionRecord) -> dict[str, Any]:
    """The export of finished table ``rec`` (``not_finished`` for any other)."""
    require_played(rec)
    if rec.status != "finished":
        raise HostError("export_not_finished", id=rec.id)
    game = host.game(rec.game)
    moves = await host.moves(rec.id)
    outcome = sorted(game.outcome(host.state(rec)), key=lambda r: (r["rank"], r["player"]))
    return {
        "format": FORMAT,
        "version": VERSION,
        "table": rec.id,
        "game": rec.game,
        "title": game.title,
        "options": rec.options,
        "seed": rec.seed,
        "fairness": fairness.export_fields(rec),
        "seats": [
            {"seat": i, "player": s.player_id, "name": s.name, "ai": s.is_ai}
            for i, s in enumerate(rec.seats)
        ],
        "started_at": rec.created_at,
        "finished_at": moves[-1].at if moves else rec.updated_at,
        "moves": [
            {"seq": m.seq, "player": m.player_id, "move": m.move, "source": m.source, "at": m.at}
            for m in moves
        ],
        "results": [
            {"player": r["player"], "rank": r["rank"], "score": r.get("score")} for r in outcome
        ],
    }


def dumps(data: dict[str, Any]) -> bytes:
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=False).encode("utf-8")


def replay_export(data: dict[str, Any], registry: dict[str, Game]) -> list[dict[str, Any]]:
    """Play an export through its engine again; the final outcome (``ValueError`` when the
    file is not an export, or its moves do not replay to a finished game)."""
    if data.get("format") != FORMAT:
        raise ValueError("not a Crowntable game export")
    game = registry[data["game"]]
    players = [s["player"] for s in sorted(data["seats"], key=lambda s: s["seat"])]
    played = LogReplay(game, game.setup(players, dict(data["options"]), int(data["seed"])))
    for m in sorted(data["moves"], key=lambda m: m["seq"]):  # take-backs (source "undo") too
        played.step(MoveRecord(int(m["seq"]), m["player"], m["move"], m["source"], m["at"]))
    state = played.state
    if not game.is_over(state):
        raise ValueError("the moves do not finish the game")
    return [
        {"player": r["player"], "rank": r["rank"], "score": r.get("score")}
        for r in sorted(game.outcome(state), key=lambda r: (r["rank"], r["player"]))
    ]
