"""Dump recorded frames (view + legal moves, worded) from the engines into web/fixtures/.

Not shipped: a development aid so the front end can be built without the server.
    .venv/bin/python web/fixtures_gen.py
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games  # noqa: E402
from bot.adapter.custom_ids import move_hash  # noqa: E402
from bot.text import presenters  # noqa: E402
from bot.text.i18n import using  # noqa: E402

OUT = Path(__file__).resolve().parent / "fixtures"
NAMES = {"p1": "Alice", "p2": "Bob", "p3": "Cyril", "p4": "Dana"}


def frame(game_id: str, state: Any, viewer: str, locale: str) -> dict[str, Any]:
    game = games.get(game_id)
    presenter = presenters.get(game_id)
    view = game.view(state, viewer)

    def name(pid: str) -> str:
        return NAMES.get(pid, pid)

    with using(locale):
        moves = [
            {"id": move_hash(m), "label": presenter.move_label(view, m, name), "move": m}
            for m in game.legal_moves(state, viewer)
        ]
        status = presenter.status_text(view, name)
    return {
        "type": "frame",
        "seq": 1,
        "version": 1,
        "status": "running",
        "view": view,
        "envelope": view.get("envelope"),
        "text": {"status": status, "last": [], "prompt": None},
        "moves": moves,
        "why_available": True,
    }


def play(game_id: str, steps: int, seed: int = 7) -> None:
    game = games.get(game_id)
    players = list(NAMES)[: max(game.min_players, min(4, game.max_players))]
    state = game.setup(players, {}, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        actors = game.actors(state)
        if not actors:
            break
        actor = rng.choice(actors)
        state, _events = game.apply(state, actor, rng.choice(game.legal_moves(state, actor)))
    viewer = (game.actors(state) or players)[0]
    for locale in ("en", "cs"):
        hello = {
            "type": "hello",
            "table": 1,
            "game": game_id,
            "viewer": viewer,
            "locale": locale,
            "seat": players.index(viewer),
            "names": NAMES,
        }
        data = {"hello": hello, "frame": frame(game_id, state, viewer, locale)}
        path = OUT / f"{game_id}-{locale}.json"
        path.write_text(json.dumps(data, ensure_ascii=False, indent=1))
        print(path)


def sweep(game_id: str, seed: int = 11, every: int = 3) -> None:
    """Every ``every``-th decision of a whole random game, as the deciding player saw it
    (English): the fixture viewer's coverage check (web/dev/index.html?sweep=<game>)."""
    game = games.get(game_id)
    players = list(NAMES)[: max(game.min_players, min(4, game.max_players))]
    state = game.setup(players, {}, seed)
    rng = random.Random(seed)
    frames, n = [], 0
    while game.actors(state):
        actor = rng.choice(game.actors(state))
        if n % every == 0:
            frames.append({"viewer": actor, "frame": frame(game_id, state, actor, "en")})
        state, _events = game.apply(state, actor, rng.choice(game.legal_moves(state, actor)))
        n += 1
    path = OUT / f"{game_id}-sweep.json"
    path.write_text(json.dumps({"game": game_id, "names": NAMES, "frames": frames}))
    print(path, len(frames))


if __name__ == "__main__":
    OUT.mkdir(exist_ok=True)
    for gid in sorted(games.REGISTRY):
        play(gid, int(sys.argv[1]) if len(sys.argv) > 1 else 12)
        sweep(gid)
