"""``crowntable verify --export FILE`` (issue 31 item 2): a player's check of a finished game's
export with the package alone: the commitment recomputed from the revealed seed and salt, the
moves replayed to the exported scores; exit 0 fair, 1 not, 2 not an export."""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.cli import main
from bot.core import export, fairness
from bot.core.host import SessionHost
from bot.core.store import SQLiteStore

ENTRY = [sys.executable, "-m", "bot.cli"]


async def played(db: Path, seed: int) -> dict[str, Any]:
    """A whole two-player Majesty game through the host, each move a seeded random legal
    one, and its export."""
    store = SQLiteStore(db)
    await store.open()
    try:
        host = SessionHost(store, seed_source=lambda: seed)
        await host.create(
            guild_id="g",
            channel_id="c",
            game_id="majesty",
            options={},
            user_id="11",
            user_name="Ann",
            turn_secs=None,
        )
        await host.join("c", "22", "Bob")
        rec = (await host.start("c", "11")).record
        rng = random.Random(seed)
        while rec.status == "running":
            actor = host.actors(rec)[0]
            rec = (await host.apply(rec.id, actor, rng.choice(host.legal_moves(rec, actor)))).record
        return await export.export_game(host, rec)
    finally:
        await store.close()


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    folder = tmp_path_factory.mktemp("fair")
    return asyncio.run(played(folder / "t.db", 424242))


def write(tmp_path: Path, data: dict[str, Any], name: str = "table.json") -> Path:
    path = tmp_path / name
    path.write_bytes(export.dumps(data))
    return path


def test_verify_export_of_an_untouched_game_is_fair(
    exported: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert exported["fairness"]["scheme"] == "crowntable-v1"
    assert main(["verify", "--export", str(write(tmp_path, exported))]) == 0
    out = capsys.readouterr().out.splitlines()
    salt = exported["fairness"]["salt"]
    full = fairness.commitment("majesty", 424242, salt)
    assert out[0] == "table #1 (Majesty: For the Realm), seed 424242"
    assert out[1] == f"commitment: ok, sha256('crowntable-v1:majesty:424242:{salt}') = {full}"
    assert out[2] == f"  the board showed its first 16: {full[:16]}"
    moves = len(exported["moves"])
    assert out[3] == f"replay: {moves} moves replayed to the end"
    scores = {r["player"]: r["score"] for r in exported["results"]}
    ann = [line for line in out if line.startswith("  Ann: ")]
    assert ann and ann[0].endswith(f"score {scores['11']}) ok")
    assert out[-1].startswith("result: fair")


def test_verify_export_catches_a_changed_seed_and_a_changed_move(
    exported: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    seed = json.loads(json.dumps(exported))
    seed["seed"] = 424243
    assert main(["verify", "--export", str(write(tmp_path, seed, "seed.json"))]) == 1
    out = capsys.readouterr().out
    assert "commitment: DIFFERS" in out and out.rstrip().endswith("does NOT check out")
    # a commitment forged to match the new seed passes the hash but not the board's 16
    forged = json.loads(json.dumps(seed))
    forged["fairness"]["commitment"] = fairness.commitment(
        "majesty", 424243, seed["fairness"]["salt"]
    )
    assert main(["verify", "--export", str(write(tmp_path, forged, "forged.json"))]) == 1
    shown = capsys.readouterr().out  # the moves do not fit another deck; and the player ...
    assert f"first 16: {forged['fairness']['commitment'][:16]}" in shown
    assert exported["fairness"]["short"] not in shown  # ... sees it is not the board's
    moved = json.loads(json.dumps(exported))
    first = moved["moves"][0]["move"]
    assert first["type"] == "take" and first["index"] != 0
    first["index"] = 0  # Ann took the first card of the row instead
    assert main(["verify", "--export", str(write(tmp_path, moved, "moved.json"))]) == 1
    out = capsys.readouterr().out
    assert "commitment: ok" in out  # the seed is the committed one ...
    assert "  Ann: rank " in out and ") DIFFERS" in out  # ... but the scores are not those


def test_verify_export_with_the_package_alone(exported: dict[str, Any], tmp_path: Path) -> None:
    """No database, no .env, run from an empty folder: what a player downloading the file does."""
    path = write(tmp_path, exported)
    proc = subprocess.run(
        [*ENTRY, "verify", "--export", str(path)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert "commitment: ok" in proc.stdout and "result: fair" in proc.stdout
    assert sorted(p.name for p in tmp_path.iterdir()) == ["table.json"]  # nothing created


def test_verify_export_refuses_what_is_not_an_export(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["verify", "--export", str(tmp_path / "nothing.json")]) == 2
    (tmp_path / "x.json").write_text("[1, 2]", encoding="utf-8")
    assert main(["verify", "--export", str(tmp_path / "x.json")]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and "not a Crowntable game export" in err[1]
    with pytest.raises(SystemExit) as both:
        main(["verify", "--db", "x.db", "--export", "x.json"])
    assert both.value.code == 2
