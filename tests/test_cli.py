"""The ``crowntable`` command: run without a token, demo for every game, verify."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

import games
from bot.cli import main

ENTRY = [sys.executable, "-m", "bot.cli"]


def test_run_without_a_token_explains_and_exits_2(tmp_path: Path) -> None:
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    proc = subprocess.run(
        [*ENTRY, "run"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 2
    assert "discord.com/developers/applications" in lines[0]
    assert ".env" in lines[1] and "DISCORD_TOKEN=" in lines[1]


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(games.REGISTRY))
def test_demo_plays_a_whole_game_and_draws_it(
    game_id: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = games.get(game_id)
    assert main(["demo", game_id, "--seed", "5", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "replay check: ok" in out
    rows = [line for line in out.splitlines() if line.startswith("  ") and "." in line]
    assert len(rows) == game.min_players
    boards = sorted(tmp_path.glob(f"{game_id}-turn-*.png"))
    privates = sorted(tmp_path.glob(f"{game_id}-private-seat*.png"))
    if boards:  # the game has a renderer: a board after every move, a private view per seat
        con = sqlite3.connect(tmp_path / "demo.db")
        # a move the host played as the only one comes with the move before it
        moves = con.execute("SELECT COUNT(*) FROM moves WHERE source != 'forced'").fetchone()[0]
        con.close()
        assert len(boards) == moves + 1
        assert len(privates) == game.min_players
        assert boards[-1].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_demo_refuses_an_unknown_game_and_a_bad_player_count(tmp_path: Path) -> None:
    assert main(["demo", "chess", "--out", str(tmp_path)]) == 2
    assert main(["demo", "majesty", "--players", "9", "--out", str(tmp_path)]) == 2


def test_verify_passes_then_detects_a_corrupt_snapshot(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["demo", "majesty", "--seed", "2", "--out", str(tmp_path)]) == 0
    db = tmp_path / "demo.db"
    assert main(["verify", "--db", str(db)]) == 0
    assert "0 differ" in capsys.readouterr().out
    con = sqlite3.connect(db)
    state = json.loads(con.execute("SELECT state FROM sessions").fetchone()[0])
    state["round"] = 99 if state.get("round") != 99 else 98
    con.execute("UPDATE sessions SET state = ?", (json.dumps(state),))
    con.commit()
    con.close()
    assert main(["verify", "--db", f"sqlite:///{db}"]) == 1
    assert "snapshot differs" in capsys.readouterr().out


def test_verify_reports_an_unreadable_move_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["demo", "majesty", "--seed", "3", "--out", str(tmp_path)]) == 0
    con = sqlite3.connect(tmp_path / "demo.db")
    con.execute("UPDATE moves SET move = ? WHERE seq = 0", (json.dumps({"type": "bogus"}),))
    con.commit()
    con.close()
    assert main(["verify", "--db", str(tmp_path / "demo.db")]) == 1
    assert "does not replay" in capsys.readouterr().out
    asyncio.set_event_loop(None)


# -- issue 17: a bad start is one line per mistake and exit status 2, never a traceback or a
# -- hang (findings 5, 8, 9); verify survives a damaged row (3) and flags a NULL snapshot (13)


def run_cli(
    tmp_path: Path, env: dict[str, str], *args: str, prefix: tuple[str, ...] = ()
) -> subprocess.CompletedProcess[str]:
    """``crowntable --env /nonexistent run`` with only ``env`` (and a token: the checks must
    come before Discord is contacted; the test machine has no route to Discord)."""
    full = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "DISCORD_TOKEN": "not-a-token", **env}
    return subprocess.run(
        [*prefix, *ENTRY, "--env", "/nonexistent", *(args or ("run",))],
        cwd=tmp_path,
        env=full,
        capture_output=True,
        text=True,
        timeout=60,
    )


def one_line_exit_2(proc: subprocess.CompletedProcess[str], *needles: str) -> str:
    assert proc.returncode == 2, (proc.returncode, proc.stderr[-2000:])
    assert "Traceback" not in proc.stderr, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, lines
    for needle in needles:
        assert needle in lines[0], lines[0]
    assert "ready" not in proc.stdout + proc.stderr
    return lines[0]


@pytest.mark.parametrize(
    ("env", "needle"),
    [
        ({"DATABASE_URL": "mysql://u:secret@db.example/crowntable"}, "mysql://"),
        ({"DATABASE_URL": "postgresql://u@host:notaport/db"}, "port"),
        ({"DATABASE_URL": "sqlite:crowntable.db"}, "malformed"),
        ({"DEV_GUILD_ID": "my-server"}, "DEV_GUILD_ID"),
        ({"DEV_GUILD_ID": "-4"}, "DEV_GUILD_ID"),
        ({"SHARD_COUNT": "two"}, "SHARD_COUNT"),
        ({"SHARD_COUNT": "0"}, "SHARD_COUNT"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "0-3"}, "shard 2"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "0,x"}, "SHARD_IDS"),
        ({"SHARD_IDS": "0"}, "SHARD_COUNT"),
        ({"CLOCK_INTERVAL": "0"}, "CLOCK_INTERVAL"),
        ({"CLOCK_INTERVAL": "soon"}, "CLOCK_INTERVAL"),
        ({"CLOCK_INTERVAL": "nan"}, "CLOCK_INTERVAL"),
        ({"LOG_LEVEL": "LOUD"}, "LOG_LEVEL"),
    ],
)
def test_each_configuration_mistake_is_one_line_and_exit_2(
    tmp_path: Path, env: dict[str, str], needle: str
) -> None:
    line = one_line_exit_2(run_cli(tmp_path, env), needle)
    assert "secret" not in line  # a password in DATABASE_URL is never printed
    assert list(tmp_path.iterdir()) == []  # nothing created: no "mysql:" folder, no database


def test_every_mistake_is_reported_at_once(tmp_path: Path) -> None:
    proc = run_cli(
        tmp_path,
        {
            "DATABASE_URL": "redis://x",
            "DEV_GUILD_ID": "abc",
            "CLOCK_INTERVAL": "-1",
            "LOG_LEVEL": "chatty",
        },
    )
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 4, lines
    assert [
        w
        for w in ("redis://", "DEV_GUILD_ID", "CLOCK_INTERVAL", "LOG_LEVEL")
        if not any(w in line for line in lines)
    ] == []


def test_the_accepted_forms_of_each_setting() -> None:
    from bot.core.config import config_from

    base = {"DISCORD_TOKEN": "x"}
    for url in (
        "crowntable.db",
        "/var/lib/ct/x.db",
        "sqlite:///x.db",
        "sqlite:////abs/x.db",
        "postgresql://u:p@db:5432/ct",
        "postgres://db/ct",
    ):
        assert config_from({**base, "DATABASE_URL": url}).database_url == url
    cfg = config_from(
        {
            **base,
            "SHARD_COUNT": "4",
            "SHARD_IDS": "0-1,3",
            "DEV_GUILD_ID": "42",
            "CLOCK_INTERVAL": "0.5",
            "LOG_LEVEL": "debug",
        }
    )
    assert (cfg.shard_count, cfg.shard_ids, cfg.dev_guild_id) == (4, (0, 1, 3), 42)
    assert (cfg.clock_interval, cfg.log_level) == (0.5, "DEBUG")
    assert "secret" not in repr(config_from({**base, "DATABASE_URL": "postgresql://u:secret@h/d"}))


def _newer_schema_db(path: Path) -> None:
    con = sqlite3.connect(path)
    con.execute("PRAGMA user_version = 99")
    con.commit()
    con.close()


def test_a_newer_schema_is_refused_before_ready(tmp_path: Path) -> None:
    _newer_schema_db(tmp_path / "new.db")
    one_line_exit_2(run_cli(tmp_path, {"DATABASE_URL": "sqlite:///new.db"}), "newer")


def test_a_file_that_is_not_sqlite_is_refused_without_hanging(tmp_path: Path) -> None:
    (tmp_path / "notes.db").write_text("shopping list: bread, milk\n" * 100)
    one_line_exit_2(run_cli(tmp_path, {"DATABASE_URL": "notes.db"}), "notes.db", "not a database")


def _without_root_powers() -> tuple[str, ...]:
    """A command prefix under which file permissions hold (root ignores them)."""
    if os.geteuid() != 0:
        return ()
    if shutil.which("setpriv") is None:
        pytest.skip("running as root without setpriv: read-only files cannot be simulated")
    drop = "-dac_override,-dac_read_search"
    return ("setpriv", f"--bounding-set={drop}", f"--inh-caps={drop}")


def test_a_read_only_database_file_is_refused_at_start(tmp_path: Path) -> None:
    db = tmp_path / "ro.db"
    con = sqlite3.connect(db)
    con.execute("CREATE TABLE t (a)")
    con.commit()
    con.close()
    db.chmod(0o444)
    tmp_path.chmod(0o555)
    try:
        proc = run_cli(tmp_path, {"DATABASE_URL": "ro.db"}, prefix=_without_root_powers())
    finally:
        tmp_path.chmod(0o755)
    one_line_exit_2(proc, "ro.db")


def test_a_read_only_folder_is_refused_at_start(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        proc = run_cli(
            tmp_path, {"DATABASE_URL": "sqlite:///ro/fresh.db"}, prefix=_without_root_powers()
        )
    finally:
        folder.chmod(0o755)
    one_line_exit_2(proc, "fresh.db")


@pytest.mark.parametrize(
    "url",
    [
        "postgresql://crowntable:wrong@127.0.0.1:1/crowntable",  # nothing listens there
        "postgresql://postgres@127.0.0.1:5432/no_such_database_17",  # refused (or unreachable)
    ],
)
def test_an_unreachable_or_refusing_postgresql_is_one_line(tmp_path: Path, url: str) -> None:
    line = one_line_exit_2(run_cli(tmp_path, {"DATABASE_URL": url}), "PostgreSQL")
    assert "wrong" not in line


def test_verify_checks_every_session_past_a_damaged_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["demo", "majesty", "--seed", "4", "--out", str(tmp_path / "a")]) == 0
    db = tmp_path / "a" / "demo.db"
    con = sqlite3.connect(db)
    row = con.execute("SELECT * FROM sessions").fetchone()
    cols = [d[0] for d in con.execute("SELECT * FROM sessions").description]
    for channel in ("c2", "c3"):  # two more copies of the finished game
        values = dict(zip(cols, row, strict=True))
        values.pop("id")
        values["channel_id"] = channel
        con.execute(
            f"INSERT INTO sessions ({', '.join(values)}) VALUES ({', '.join('?' for _ in values)})",
            list(values.values()),
        )
    con.execute("UPDATE sessions SET clock = '{broken' WHERE channel_id = 'c2'")
    con.execute("UPDATE sessions SET status = 'running', state = NULL WHERE channel_id = 'c3'")
    con.commit()
    con.close()
    capsys.readouterr()
    assert main(["verify", "--db", str(db)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "3 sessions checked, 2 differ", out
    assert any("session 2" in line and "damaged" in line for line in out), out
    assert any("session 3" in line and "snapshot is missing" in line for line in out), out
    asyncio.set_event_loop(None)


def test_verify_of_an_unusable_database_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "x.db").write_text("not a database at all\n" * 50)
    assert main(["verify", "--db", str(tmp_path / "x.db")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "not a database" in err[0], err
    asyncio.set_event_loop(None)


def test_a_renamed_column_is_refused_at_start(tmp_path: Path) -> None:
    """Finding 5: the schema version matches but a column was renamed (by hand, or by a newer
    Crowntable that kept the number): refused at start, not at the first query."""
    from bot.core.store import SQLiteStore

    async def make() -> None:
        store = SQLiteStore(tmp_path / "renamed.db")
        await store.open()
        await store.close()

    asyncio.run(make())
    con = sqlite3.connect(tmp_path / "renamed.db")
    con.execute("ALTER TABLE sessions RENAME COLUMN state TO snapshot")
    con.commit()
    con.close()
    one_line_exit_2(run_cli(tmp_path, {"DATABASE_URL": "renamed.db"}), "sessions.state")
    asyncio.set_event_loop(None)
