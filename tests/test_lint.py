"""Strict where it is cheap: ruff over the whole tree, mypy --strict over the pure layers and
plain mypy over the bot."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)


def test_ruff() -> None:
    proc = run("ruff", "check", ".")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_mypy_strict_on_games_and_renderers_and_mypy_on_bot() -> None:
    strict = run("mypy", "--strict", "games", "renderers")
    assert strict.returncode == 0, strict.stdout + strict.stderr
    bot = run("mypy", "bot")
    assert bot.returncode == 0, bot.stdout + bot.stderr
