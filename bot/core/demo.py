"""``crowntable demo``: a whole game through the real host and store, every seat played by the
AI at ``--ai LEVEL`` (default medium, so a newcomer sees sensible play; issue 15 item 4).

``--locale cs`` plays it in Czech: the printed summary and every image come from the Czech
catalogue (the same ``t`` and image translator as the bot's; issue 12 item 5).

A seed gives the same game move for move on any machine (issue 28 item 3): the AI plays
without its wall-clock safety deadline (``games.ai.get(..., deadline=False)``), so its moves
depend on the seed and the view alone. ``--out`` is a new or empty folder (``--force``
empties it of an earlier demo's files); a terminal sees the moves and the time go by."""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path
from typing import Any

import games
from bot.core.ai_runner import DEFAULT_BUDGET_S
from bot.core.errors import HostError
from bot.core.host import SessionHost
from bot.core.options import option_problem, problem_text
from bot.core.outdir import OutFolderRefused, check, prepare
from bot.core.render import image_tr
from bot.core.store import SessionRecord, SQLiteStore
from bot.text import catalog_en, i18n, presenters
from bot.text.i18n import t, tn
from games import ai
from renderers import render_png

_ = catalog_en  # registers the bot's texts (the demo's own among them)


async def run_demo(
    game_id: str,
    players: int | None,
    seed: int,
    out: Path,
    level: str = ai.DEFAULT_LEVEL,
    budget_s: float = DEFAULT_BUDGET_S,
    locale: str = "en",
    force: bool = False,
    options: dict[str, Any] | None = None,
) -> int:
    """Play and draw one game, printed and drawn in ``locale`` (unknown: English), with the
    game's ``options`` (``--option name=value``; the defaults for the rest)."""
    with i18n.using(locale):
        return await _run_demo(game_id, players, seed, out, level, budget_s, force, options or {})


#: what a demo writes into its folder (``--force`` removes these, and nothing else)
DEMO_FILES = ("*.png", "demo.db", "demo.db-wal", "demo.db-shm", "demo.db-journal")


async def _run_demo(
    game_id: str,
    players: int | None,
    seed: int,
    out: Path,
    level: str,
    budget_s: float,
    force: bool,
    options: dict[str, Any],
) -> int:
    refused = _refusal(game_id, players, out, force, options)
    if refused:
        print(refused, file=sys.stderr)
        return 2
    game = games.get(game_id)
    title = i18n.game_title(game_id, game.title)
    n = players or game.min_players
    prepare(out, force, DEMO_FILES)
    store = SQLiteStore(out / "demo.db")
    await store.open()
    try:
        host = SessionHost(store, seed_source=lambda: seed)
        seats = [f"demo:{i + 1}" for i in range(n)]
        names = {p: t("demo.player", number=i + 1) for i, p in enumerate(seats)}
        names[seats[0]] = "Čeněk Řežábek"
        channel = await _seat(host, store, game_id, seed, seats, names, options)
        rec = (await host.start(channel, seats[0])).record
        played = await _play(host, game, rec, level, seed, budget_s, out)
        if played is None:
            return 1
        rec, turn = played
        for i, p in enumerate(seats):
            await _draw(host, rec, p, out / f"{game_id}-private-seat{i + 1}.png")
        print(
            t(
                "demo.summary",
                game=title,
                players=tn("demo.players", n),
                moves=tn("demo.moves", turn),
                seed=seed,
            )
        )
        rows = sorted(game.outcome(host.state(rec)), key=lambda r: r["rank"])
        _print_outcome(game_id, rows, names)
        _print_breakdowns(host, rec, [r["player"] for r in rows], names)
        ok, detail = await host.replay(rec.id)
        print(t("demo.replay_ok") if ok else t("demo.replay_bad", detail=detail))
        print(t("demo.where", out=out))
        return 0 if ok else 1
    finally:
        await store.close()


def _refusal(
    game_id: str, players: int | None, out: Path, force: bool, options: dict[str, Any]
) -> str | None:
    """Why the demo cannot be played as asked (one line; None: it can)."""
    if game_id not in games.REGISTRY:
        return t("demo.unknown_game", game=game_id, known=", ".join(sorted(games.REGISTRY)))
    game = games.get(game_id)
    problem = option_problem(game, options, players or game.min_players)
    if problem is not None:
        title = i18n.game_title(game_id, game.title)
        wrong = t("demo.seats", game=title, min=game.min_players, max=game.max_players)
        return wrong if problem.code == "bad_players" else problem_text(game, problem)
    try:
        check(out, force, DEMO_FILES)
    except OutFolderRefused as exc:
        return f"crowntable: {exc}"
    return None


async def _seat(
    host: SessionHost,
    store: SQLiteStore,
    game_id: str,
    seed: int,
    seats: list[str],
    names: dict[str, str],
    options: dict[str, Any],
) -> str:
    """A new lobby with every seat taken (an older demo table in the same file abandoned):
    its channel."""
    channel = f"demo-{game_id}-{seed}"
    active = await store.active_session(channel)
    if active is not None:
        await host.abandon(channel, active.host_id, can_manage=True)
    await host.create(
        guild_id="demo",
        channel_id=channel,
        game_id=game_id,
        options=options,
        user_id=seats[0],
        user_name=names[seats[0]],
        turn_secs=None,
    )
    for p in seats[1:]:
        await host.join(channel, p, names[p])
    return channel


async def _play(
    host: SessionHost,
    game: games.Game,
    rec: SessionRecord,
    level: str,
    seed: int,
    budget_s: float,
    out: Path,
) -> tuple[SessionRecord, int] | None:
    """Every seat played by the AI to the end, the public board drawn after every move: the
    final record and the number of moves (None: a move was refused)."""
    turn = 0
    progress = Progress()
    await _draw(host, rec, None, out / f"{rec.game}-turn-{turn:04d}.png")
    while rec.status == "running":
        actor = host.actors(rec)[0]
        bot = ai.get(level, seed=f"{seed}:{turn}", budget_s=budget_s, deadline=False)
        move = ai.safe_choose(bot, game, host.state(rec), actor, f"{seed}:{turn}")
        try:
            rec = (await host.apply(rec.id, actor, move)).record
        except HostError as exc:
            print(f"refused: {exc}", file=sys.stderr)
            return None
        turn += 1
        progress.show(turn)
        await _draw(host, rec, None, out / f"{rec.game}-turn-{turn:04d}.png")
    progress.done(turn)
    return rec, turn


class Progress:
    """The moves and the time so far: one line redrawn in place on a terminal, a line every
    :attr:`EVERY` seconds otherwise (a log, a pipe), on standard error."""

    EVERY = 15.0

    def __init__(self) -> None:
        self.start = self.last = time.monotonic()
        self.tty = sys.stderr.isatty()

    def line(self, moves: int) -> str:
        return t(
            "demo.progress", moves=tn("demo.moves", moves), secs=int(time.monotonic() - self.start)
        )

    def show(self, moves: int) -> None:
        now = time.monotonic()
        if self.tty:
            print("\r" + self.line(moves), end="", file=sys.stderr, flush=True)
        elif now - self.last >= self.EVERY:
            self.last = now
            print(self.line(moves), file=sys.stderr, flush=True)

    def done(self, moves: int) -> None:
        if self.tty:
            print("\r" + self.line(moves), file=sys.stderr, flush=True)


def _print_outcome(game_id: str, rows: list[dict[str, Any]], names: dict[str, str]) -> None:
    unit = presenters.get(game_id).score_unit
    for row in sorted(rows, key=lambda r: r["rank"]):
        score = row.get("score")
        shown = tn(unit, score) if isinstance(score, int) and i18n.has(unit) else score
        print(f"  {row['rank']}. {names[row['player']]:<16} {shown}")


def _print_breakdowns(
    host: SessionHost, rec: SessionRecord, order: list[str], names: dict[str, str]
) -> None:
    """Each seat's final score made up, as the final message says it, in standings order."""
    presenter = presenters.get(rec.game)
    view = host.view(rec, None)
    for player in order:
        line = presenter.final_breakdown(view, player, lambda p: names.get(p, p))
        if line:
            print(f"     {names[player]}: {line}")


async def _draw(host: SessionHost, rec: SessionRecord, viewer: str | None, path: Path) -> None:
    view = host.view(rec, viewer)
    try:
        png = await asyncio.to_thread(render_png, rec.game, view, host.names(rec), image_tr())
    except ModuleNotFoundError:
        return
    path.write_bytes(png)
