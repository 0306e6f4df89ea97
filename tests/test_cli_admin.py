"""A server admin's commands never lie (issue 28 items 1-3, 6): the commands that read a
database only read it, every failure is one line with exit 2 and creates nothing, the demo is
reproducible and talks, and a backup restores to a database that verifies."""

from __future__ import annotations

import asyncio
import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.cli import main
from bot.core.host import SessionHost
from bot.core.store import SQLiteStore
from bot.core.store.migrations import MIGRATIONS
from tests.toygame import TOY

UNREACHABLE_PG = "postgresql://nobody@127.0.0.1:1/crowntable"


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test in its own folder, with no DATABASE_URL from the environment."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    yield
    asyncio.set_event_loop(None)


def files(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*"))


def one_line(capsys: pytest.CaptureFixture[str], *needles: str) -> str:
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1, err
    assert "Traceback" not in err[0]
    for needle in needles:
        assert needle in err[0], err[0]
    return err[0]


def make_db(path: Path, finished: int = 2, running: int = 1) -> None:
    """A database of toy tables: ``finished`` played to the end, ``running`` half-way."""

    async def build() -> None:
        store = SQLiteStore(path)
        await store.open()
        host = SessionHost(store)
        try:
            for i in range(finished + running):
                await play_toy(host, f"c{i}", until_over=i < finished)
        finally:
            await store.close()

    asyncio.run(build())


async def play_toy(host: SessionHost, channel: str, until_over: bool) -> None:
    await host.create(
        guild_id="g",
        channel_id=channel,
        game_id=TOY.id,
        options={},
        user_id="a",
        user_name="A",
        turn_secs=None,
    )
    await host.join(channel, "b", "B")
    rec = (await host.start(channel, "a")).record
    moves = 0
    while rec.status == "running" and (until_over or moves < 1):
        actor = host.actors(rec)[0]
        move = host.legal_moves(rec, actor)[0]
        rec = (await host.apply(rec.id, actor, move)).record
        moves += 1


@pytest.fixture
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    import games

    monkeypatch.setitem(games.REGISTRY, TOY.id, TOY)


READERS = {
    "verify": lambda db: ["verify", "--db", db],
    "replay": lambda db: ["replay", "1", "--db", db, "--out", "frames"],
    "copy": lambda db: ["copy", "--from", db, "--to", "sqlite:///copy.db"],
    "backup": lambda db: ["backup", "--db", db, "--to", "backup.db"],
    "restore": lambda db: ["restore", "--from", db, "--to", "sqlite:///restored.db"],
}
#: what restore says instead (its --from is a backup file, never a server)
RESTORE_SAYS = {UNREACHABLE_PG: "takes a backup file"}


@pytest.mark.parametrize("command", sorted(READERS))
@pytest.mark.parametrize(
    ("bad", "needle"),
    [
        ("missing.db", "no database at missing.db"),
        ("sqlite:///missing.db", "no database at missing.db"),
        ("folder", "is a folder"),
        ("garbage.db", "not a database"),
        ("mysql://x/y", "mysql://"),
        ("newer.db", "newer than this Crowntable"),
        (UNREACHABLE_PG, "cannot reach PostgreSQL"),
    ],
)
def test_a_read_command_refuses_a_bad_database_in_one_line_and_creates_nothing(
    command: str, bad: str, needle: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "folder").mkdir()
    (tmp_path / "garbage.db").write_text("not a database at all\n" * 50)
    newer = sqlite3.connect(tmp_path / "newer.db")
    newer.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    newer.close()
    before = files(tmp_path)
    stamps = {p: os.stat(tmp_path / p).st_mtime_ns for p in before}
    assert main(READERS[command](bad)) == 2
    one_line(capsys, RESTORE_SAYS.get(bad, needle) if command == "restore" else needle)
    assert files(tmp_path) == before, "a refused command created a file"
    assert {p: os.stat(tmp_path / p).st_mtime_ns for p in before} == stamps


def test_verify_with_no_database_configured_creates_no_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["verify"]) == 2
    one_line(capsys, "no database at crowntable.db")
    assert files(tmp_path) == []


def test_verify_reads_an_older_schema_without_changing_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    con = sqlite3.connect(tmp_path / "old.db")  # a database the previous Crowntable made
    for script in MIGRATIONS[:-1]:
        con.executescript(script)
    con.execute(f"PRAGMA user_version = {len(MIGRATIONS) - 1}")
    con.execute(
        "INSERT INTO sessions (guild_id, channel_id, game, options, seed, status, version,"
        " host_id, created_at, updated_at) VALUES ('g', 'c', 'toy', '{}', 1, 'lobby', 0, 'a', 0, 0)"
    )
    con.commit()
    con.close()
    data = (tmp_path / "old.db").read_bytes()
    assert main(["verify", "--db", "old.db"]) == 0
    assert capsys.readouterr().out.strip().endswith("1 sessions checked, 0 differ")
    assert (tmp_path / "old.db").read_bytes() == data, "verify changed the file it read"
    assert files(tmp_path) == ["old.db"]


def test_out_must_be_a_new_or_empty_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], toy_registered: None
) -> None:
    make_db(tmp_path / "t.db")
    (tmp_path / "a-file").write_text("x")
    assert main(["replay", "1", "--db", "t.db", "--out", "a-file"]) == 2
    one_line(capsys, "a-file is a file")
    assert main(["demo", "majesty", "--out", "a-file"]) == 2
    one_line(capsys, "a-file is a file")
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "notes.txt").write_text("mine")
    assert main(["demo", "majesty", "--out", "full"]) == 2
    one_line(capsys, "not empty", "--force")
    assert main(["demo", "majesty", "--out", "full", "--force"]) == 2
    one_line(capsys, "notes.txt", "nothing was removed")
    assert (tmp_path / "full" / "notes.txt").read_text() == "mine"


def test_copy_creates_only_the_database_it_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], toy_registered: None
) -> None:
    make_db(tmp_path / "t.db")
    before = files(tmp_path)
    assert main(["copy", "--from", "t.db", "--to", "sqlite:///no/such/folder/x.db"]) == 2
    one_line(capsys, "there is no folder no/such/folder")
    assert main(["copy", "--from", "t.db", "--to", "mysql://x/y"]) == 2
    one_line(capsys, "mysql://")
    assert files(tmp_path) == before
    assert main(["copy", "--from", "t.db", "--to", "sqlite:///copy.db"]) == 0
    assert "copy.db" in files(tmp_path)


def test_backup_refuses_an_existing_file_then_round_trips_through_restore(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], toy_registered: None
) -> None:
    make_db(tmp_path / "live.db", finished=20, running=5)
    (tmp_path / "taken.db").write_text("keep me")
    assert main(["backup", "--db", "live.db", "--to", "taken.db"]) == 2
    one_line(capsys, "taken.db already exists")
    assert (tmp_path / "taken.db").read_text() == "keep me"
    assert main(["backup", "--db", "live.db", "--to", "b.db"]) == 0
    out = capsys.readouterr().out
    assert "backup written to b.db" in out and "25 sessions checked, 0 differ" in out
    assert main(["restore", "--from", "b.db", "--to", "sqlite:///restored.db"]) == 0
    assert "verified: every table complete, every session replays" in capsys.readouterr().out
    assert main(["verify", "--db", "restored.db"]) == 0
    assert capsys.readouterr().out.strip().endswith("25 sessions checked, 0 differ")
    assert main(["restore", "--from", "b.db", "--to", "sqlite:///restored.db"]) == 2
    one_line(capsys, "already has sessions")


def moves_of(db: Path) -> list[tuple[str, str]]:
    con = sqlite3.connect(db)
    try:
        return list(con.execute("SELECT player_id, move FROM moves ORDER BY session_id, seq"))
    finally:
        con.close()


@pytest.mark.parametrize("game_id", ["majesty", "empire_engine", "elves", "tek"])
def test_the_demo_replays_the_same_game_for_the_same_seed(
    game_id: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The AI plays without its wall-clock deadline: one seed, one game, move for move (a
    small budget keeps this quick; the live budget only thinks longer)."""
    from bot.core.demo import run_demo

    runs = []
    for out in ("one", "two"):
        assert asyncio.run(run_demo(game_id, 3, 7, tmp_path / out, budget_s=0.01)) == 0
        runs.append(
            (capsys.readouterr().out.replace(out, "OUT"), moves_of(tmp_path / out / "demo.db"))
        )
    assert runs[0] == runs[1]
    assert len(runs[0][1]) > 10
    printed = runs[0][0]
    assert "replay check: ok" in printed
    # each seat's score made up, under the standings
    assert sum(1 for line in printed.splitlines() if line.startswith("     ")) == 3, printed


def test_run_retries_an_unreachable_discord_with_capped_backoff(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Discord out of reach: one line per try, 5 s then doubling up to 5 minutes; the run goes
    on once Discord answers. A refused token stops it with exit 2."""
    import aiohttp
    import discord

    from bot.adapter import app
    from bot.core.config import Config

    tries: list[int] = []

    async def serve(client: object) -> None:
        tries.append(1)
        if len(tries) <= 8:
            raise aiohttp.ClientConnectionError("Cannot connect to host discord.com:443")

    slept: list[float] = []
    monkeypatch.setattr(app, "serve", serve)
    monkeypatch.setattr(app, "make_client", lambda config: object())
    config = Config(token="x", database_url="sqlite:///x.db")
    assert app.run_bot(config, sleep=slept.append) == 0
    assert slept == [5, 10, 20, 40, 80, 160, 300, 300]
    lines = [r.getMessage() for r in caplog.records if r.name == "crowntable"]
    assert len(lines) == 8 and all(line.startswith("cannot reach Discord") for line in lines)
    assert "Traceback" not in caplog.text

    async def refused(client: object) -> None:
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(app, "serve", refused)
    assert app.run_bot(config, sleep=slept.append) == 2


def test_json_logs_are_one_object_per_line(capsys: pytest.CaptureFixture[str]) -> None:
    import json
    import logging

    from bot.adapter.app import JsonLines

    record = logging.LogRecord(
        "crowntable", logging.WARNING, "x.py", 1, "table %s: %s", (3, "ok"), None
    )
    line = JsonLines().format(record)
    entry = json.loads(line)
    assert "\n" not in line
    assert entry["level"] == "WARNING" and entry["logger"] == "crowntable"
    assert entry["message"] == "table 3: ok"


@pytest.mark.parametrize(
    ("url", "ok"),
    [
        ("garbage", False),
        ("data/crowntable", False),
        ("crowntable.db", True),
        ("data/x.sqlite3", True),
        ("sqlite:///anything", True),
        ("postgresql://u@localhost/db", True),
    ],
)
def test_a_bare_database_url_must_name_an_sqlite_file(url: str, ok: bool) -> None:
    from bot.core.config import check_database_url

    problem = check_database_url(url)
    assert (problem is None) == ok, problem
    if not ok:
        assert ".db" in (problem or "") and url in (problem or "")


@pytest.mark.parametrize(
    ("game_id", "options"),
    [
        ("majesty", {"unbounded_meeples": True}),
        ("elves", {"teleport": True, "teleport_anywhere": True, "unlimited_bank": True}),
        (
            "empire_engine",
            {
                "teams": True,
                "team_joint_export": True,
                "joint_export_needs_goods": True,
                "zero_majority_bonus": True,
            },
        ),
        ("tek", {"ruins_retreat": True, "fort_sortie": True, "ruins_each_searcher": True}),
    ],
)
def test_the_demo_plays_the_house_rules(
    game_id: str, options: dict[str, object], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 30: the options added for the open readings are played by the demo (and stored
    with the table as the lobby stores them)."""
    import json

    seats = "4" if options.get("teams") else "2"
    argv = ["demo", game_id, "--seed", "4", "--players", seats, "--out", str(tmp_path / "d")]
    argv += [f"--option={k}={json.dumps(v)}" for k, v in options.items()]
    from bot.core import demo

    real = demo.run_demo

    async def quick(*args: object, **kwargs: object) -> int:
        return await real(*args, **{**kwargs, "budget_s": 0.01})  # type: ignore[arg-type]

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(demo, "run_demo", quick)
        assert main(argv) == 0
    assert "replay check: ok" in capsys.readouterr().out
    con = sqlite3.connect(tmp_path / "d" / "demo.db")
    stored = json.loads(con.execute("SELECT options FROM sessions").fetchone()[0])
    con.close()
    assert {k: stored.get(k) for k in options} == options


def test_the_demo_refuses_an_unknown_option_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["demo", "majesty", "--option", "speed=9", "--out", str(tmp_path / "d")]) == 2
    one_line(capsys, "speed")
    assert not (tmp_path / "d").exists()
