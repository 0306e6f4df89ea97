"""The ``crowntable`` command: run without a token, demo for every game, verify."""

from __future__ import annotations

import asyncio
import json
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
    proc = subprocess.run([*ENTRY, "run"], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 2
    assert "discord.com/developers/applications" in lines[0]
    assert ".env" in lines[1] and "DISCORD_TOKEN=" in lines[1]


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(games.REGISTRY))
def test_demo_plays_a_whole_game_and_draws_it(game_id: str, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
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
        moves = con.execute("SELECT COUNT(*) FROM moves").fetchone()[0]
        con.close()
        assert len(boards) == moves + 1
        assert len(privates) == game.min_players
        assert boards[-1].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_demo_refuses_an_unknown_game_and_a_bad_player_count(tmp_path: Path) -> None:
    assert main(["demo", "chess", "--out", str(tmp_path)]) == 2
    assert main(["demo", "majesty", "--players", "9", "--out", str(tmp_path)]) == 2


def test_verify_passes_then_detects_a_corrupt_snapshot(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
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


def test_verify_reports_an_unreadable_move_log(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "majesty", "--seed", "3", "--out", str(tmp_path)]) == 0
    con = sqlite3.connect(tmp_path / "demo.db")
    con.execute("UPDATE moves SET move = ? WHERE seq = 0", (json.dumps({"type": "bogus"}),))
    con.commit()
    con.close()
    assert main(["verify", "--db", str(tmp_path / "demo.db")]) == 1
    assert "does not replay" in capsys.readouterr().out
    asyncio.set_event_loop(None)
