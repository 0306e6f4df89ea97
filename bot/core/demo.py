"""``crowntable demo``: a whole game with random-legal seats through the real host and store."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import games
from bot.core.errors import HostError
from bot.core.host import SessionHost
from bot.core.store import SessionRecord, SQLiteStore
from games.ai import RandomPlayer
from renderers import render_png


async def run_demo(game_id: str, players: int | None, seed: int, out: Path) -> int:
    if game_id not in games.REGISTRY:
        print(f"Unknown game {game_id!r}. Known: {', '.join(sorted(games.REGISTRY))}",
              file=sys.stderr)
        return 2
    game = games.get(game_id)
    n = players or game.min_players
    if not game.min_players <= n <= game.max_players:
        print(f"{game.title} takes {game.min_players}-{game.max_players} players.",
              file=sys.stderr)
        return 2
    out.mkdir(parents=True, exist_ok=True)
    store = SQLiteStore(out / "demo.db")
    await store.open()
    try:
        host = SessionHost(store, seed_source=lambda: seed)
        seats = [f"demo:{i + 1}" for i in range(n)]
        names = {p: f"Player {i + 1}" for i, p in enumerate(seats)}
        names[seats[0]] = "Čeněk Řežábek"
        channel = f"demo-{game_id}-{seed}"
        active = await store.active_session(channel)
        if active is not None:
            await host.abandon(channel, active.host_id, can_manage=True)
        await host.create(guild_id="demo", channel_id=channel, game_id=game_id, options={},
                          user_id=seats[0], user_name=names[seats[0]], turn_secs=None)
        for p in seats[1:]:
            await host.join(channel, p, names[p])
        rec = (await host.start(channel, seats[0])).record
        ai = RandomPlayer(seed)
        turn = 0
        await _draw(host, rec, None, out / f"{game_id}-turn-{turn:04d}.png")
        while rec.status == "running":
            actor = host.actors(rec)[0]
            move = ai.choose(game, host.state(rec), actor, turn)
            try:
                rec = (await host.apply(rec.id, actor, move)).record
            except HostError as exc:
                print(f"refused: {exc}", file=sys.stderr)
                return 1
            turn += 1
            await _draw(host, rec, None, out / f"{game_id}-turn-{turn:04d}.png")
        for i, p in enumerate(seats):
            await _draw(host, rec, p, out / f"{game_id}-private-seat{i + 1}.png")
        print(f"{game.title}: {n} players, {turn} moves, seed {seed}")
        for row in sorted(game.outcome(host.state(rec)), key=lambda r: r["rank"]):
            print(f"  {row['rank']}. {names[row['player']]:<16} {row.get('score')}")
        ok, detail = await host.replay(rec.id)
        print("replay check:", "ok" if ok else detail)
        print(f"images and demo.db in {out}")
        return 0 if ok else 1
    finally:
        await store.close()


async def _draw(host: SessionHost, rec: SessionRecord, viewer: str | None, path: Path) -> None:
    view = host.view(rec, viewer)
    try:
        png = await asyncio.to_thread(render_png, rec.game, view, host.names(rec))
    except ModuleNotFoundError:
        return
    path.write_bytes(png)
