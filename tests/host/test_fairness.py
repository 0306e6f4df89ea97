"""Provably fair tables (issue 31 item 2): the commitment to seed and salt made at Start, kept
across restarts on both backends, revealed only once the game is finished, and an export that
checks out only untouched (``bot.core.fairness``, ``bot.core.fairplay``)."""

from __future__ import annotations

import copy
import hashlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.core import fairness, fairplay
from bot.core.errors import HostError
from bot.core.export import export_game
from bot.core.host import SessionHost
from bot.core.store import SQLiteStore
from bot.core.store.postgres import PostgresStore
from tests.test_undo_host import UndoToy

REGISTRY: dict[str, Any] = {"toy": UndoToy()}


def new_host(store: Any, clock: Any, first_seed: int = 101) -> SessionHost:
    seeds = iter(range(first_seed, first_seed + 100))
    return SessionHost(store, registry=REGISTRY, now=clock, seed_source=lambda: next(seeds))


async def started(host: SessionHost, channel: str = "c", rounds: int = 1) -> int:
    await host.create(
        guild_id="g",
        channel_id=channel,
        game_id="toy",
        options={"rounds": rounds},
        user_id="u1",
        user_name="Ann",
        turn_secs=None,
    )
    await host.join(channel, "u2", "Bob")
    return (await host.start(channel, "u1")).record.id


async def finish(host: SessionHost, sid: int) -> None:
    """Round after round: u1 picks 3, u2 picks 1, the round's start player banks."""
    rec = await host.get(sid)
    while rec.status == "running":
        actor = host.actors(rec)[0]
        phase = rec.state["phase"] if rec.state else None
        move = {"type": "bank"} if phase == "bank" else {"type": "pick", "value": 3}
        if phase == "pick" and actor == "u2":
            move = {"type": "pick", "value": 1}
        rec = (await host.apply(sid, actor, move)).record


def reopened(store: Any, clock: Any) -> Any:
    """A second store object over the same database (the bot after a restart)."""
    if isinstance(store, SQLiteStore):
        return SQLiteStore(store.path, clock=clock)
    return PostgresStore(store.url, schema=store.schema, clock=clock, pool_size=2)


@pytest.mark.asyncio
async def test_start_commits_to_seed_and_salt_and_a_restart_keeps_it(store, clock) -> None:
    host = new_host(store, clock)
    sid = await started(host)
    rec = await host.get(sid)
    salt = fairness.salt_of(rec)
    assert salt is not None and len(salt) == 32 and int(salt, 16) >= 0
    proof = fairness.proof(rec)
    assert proof is not None and proof.seed is None and proof.salt is None  # not revealed
    text = f"crowntable-v1:toy:101:{salt}"
    assert proof.commitment == hashlib.sha256(text.encode()).hexdigest()
    assert proof.short == proof.commitment[:16]
    # the adapter's bookkeeping written after Start keeps it
    await host.update_meta(sid, lambda meta: meta.update(board={"id": 5, "at": 1.0}))
    again = new_host(store, clock)  # fresh caches: read from the database
    assert fairness.proof(await again.get(sid)) == proof
    other = reopened(store, clock)
    await other.open()
    try:
        after = new_host(other, clock)
        assert fairness.proof(await after.get(sid)) == proof
        await finish(after, sid)
        done = fairness.proof(await after.get(sid))
        assert done is not None and done.commitment == proof.commitment
        assert (done.seed, done.salt) == (101, salt)  # revealed once finished
    finally:
        await other.close()


@pytest.mark.asyncio
async def test_every_table_has_its_own_salt_and_a_rematch_a_new_one(store, clock) -> None:
    host = new_host(store, clock)
    first = await started(host, "c1")
    second = await started(host, "c2")
    salts = {fairness.salt_of(await host.get(s)) for s in (first, second)}
    assert len(salts) == 2 and None not in salts
    await finish(host, first)
    old = fairness.proof(await host.get(first))
    new, _ = await host.rematch(first, "u1", "Ann")
    assert fairness.salt_of(new) is None and fairness.proof(new) is None  # a lobby: nothing yet
    await host.join("c1", "u2", "Bob")
    rec = (await host.start("c1", "u1")).record
    proof = fairness.proof(rec)
    assert proof is not None and old is not None
    assert fairness.salt_of(rec) != old.salt and rec.seed != old.seed
    assert proof.commitment != old.commitment
    assert fairness.proof(await host.get(first)) == old  # the finished one is unchanged


@pytest.mark.asyncio
async def test_an_undo_keeps_seed_salt_and_commitment(store, clock) -> None:
    host = new_host(store, clock)
    sid = await started(host, rounds=2)
    before = await host.get(sid)
    await host.apply(sid, "u1", {"type": "pick", "value": 3})
    await host.apply(sid, "u2", {"type": "pick", "value": 1})
    await host.apply(sid, "u1", {"type": "bank"})
    await host.undo(sid, "u1", 2)
    rec = await host.get(sid)
    assert (rec.seed, fairness.salt_of(rec)) == (before.seed, fairness.salt_of(before))
    assert fairness.proof(rec) == fairness.proof(before)
    await finish(host, sid)
    data = await export_game(host, await host.get(sid))
    assert [m["source"] for m in data["moves"]].count("undo") == 1
    report = fairplay.check(data, REGISTRY)
    assert report.ok, report.lines


@pytest.mark.asyncio
async def test_only_a_finished_table_reveals_seed_and_salt(store, clock) -> None:
    host = new_host(store, clock)
    sid = await started(host)
    rec = await host.get(sid)
    with pytest.raises(HostError) as refused:
        await export_game(host, rec)
    assert refused.value.code == "export_not_finished"
    assert fairness.export_fields(rec)["commitment"] is None  # no salt while running
    salt = fairness.salt_of(rec)
    assert salt is not None
    await finish(host, sid)
    data = await export_game(host, await host.get(sid))
    fair = data["fairness"]
    assert fair["salt"] == salt and data["seed"] == 101
    assert fair["preimage"] == f"crowntable-v1:toy:101:{salt}"
    assert fair["commitment"] == hashlib.sha256(fair["preimage"].encode()).hexdigest()
    assert fair["short"] == fair["commitment"][:16] and fair["scheme"] == "crowntable-v1"


@pytest.mark.asyncio
async def test_the_check_passes_untouched_and_catches_every_tampering(store, clock) -> None:
    host = new_host(store, clock)
    sid = await started(host, rounds=2)
    await finish(host, sid)
    data = await export_game(host, await host.get(sid))
    report = fairplay.check(copy.deepcopy(data), REGISTRY)
    assert report.ok, report.lines
    assert report.lines[1].startswith("commitment: ok, sha256('crowntable-v1:toy:101:")
    assert "  Ann: rank 1, score 7 (exported: rank 1, score 7) ok" in report.lines
    assert report.lines[-1].startswith("result: fair")

    def tampered(change: Any) -> list[str]:
        forged = copy.deepcopy(data)
        change(forged)
        found = fairplay.check(forged, REGISTRY)
        assert not found.ok
        assert found.lines[-1] == "result: this export does NOT check out"
        return found.lines

    seed = tampered(lambda d: d.update(seed=d["seed"] + 1))
    assert any(line.startswith("commitment: DIFFERS") for line in seed)
    salt = tampered(lambda d: d["fairness"].update(salt="0" * 32))
    assert any(line.startswith("commitment: DIFFERS") for line in salt)

    def move(d: dict[str, Any]) -> None:  # u2 picked 3 in round 1, not 1
        d["moves"][1]["move"]["value"] = 3

    moved = tampered(move)
    assert any("Ann: rank 1, score 4 (exported: rank 1, score 7) DIFFERS" in line for line in moved)
    scored = tampered(lambda d: d["results"][0].update(score=9))
    assert any(line.endswith("(exported: rank 1, score 9) DIFFERS") for line in scored)
    illegal = tampered(lambda d: d["moves"][0]["move"].update(value=7))
    assert any(line.startswith("replay: FAILED: IllegalMove") for line in illegal)


@pytest.mark.asyncio
async def test_a_table_started_before_the_change_has_no_commitment(store, clock) -> None:
    host = new_host(store, clock)
    sid = await started(host)
    rec = await host.get(sid)
    old = {k: v for k, v in rec.meta.items() if k != fairness.KEY}  # as stored before
    await store.set_meta(sid, old, rec.shown_version)
    host = new_host(store, clock)
    await finish(host, sid)
    rec = await host.get(sid)
    assert fairness.proof(rec) is None
    data = await export_game(host, rec)
    assert data["fairness"]["commitment"] is None
    assert "no commitment" in data["fairness"]["note"]
    report = fairplay.check(data, REGISTRY)
    assert report.ok
    assert report.lines[1].startswith("commitment: no commitment")


@pytest.mark.asyncio
async def test_a_start_that_was_not_stored_leaves_a_salt_the_next_start_keeps(store, clock) -> None:
    """Two starts racing: the salt is read and written under the session's lock, the second
    keeps the first's, so whichever start is stored agrees with the salt stored."""
    host = new_host(store, clock)
    await host.create(
        guild_id="g",
        channel_id="c",
        game_id="toy",
        options={"rounds": 1},
        user_id="u1",
        user_name="Ann",
        turn_secs=None,
    )
    rec = await host.join("c", "u2", "Bob")
    first = await fairness.seal(host.sessions, rec)
    assert fairness.salt_of(await host.get(rec.id)) == first  # stored in the lobby already
    started_rec = (await host.start("c", "u1")).record
    assert fairness.salt_of(started_rec) == first
    assert fairness.salt_of(await new_host(store, clock).get(rec.id)) == first


def test_the_documented_one_liners_recompute_the_commitment() -> None:
    """The two commands of docs/fair-tables.md, run as written, print the commitment."""
    salt = "00112233445566778899aabbccddeeff"
    expected = fairness.commitment("majesty", 123456, salt)
    assert fairness.preimage("majesty", 123456, salt) == f"crowntable-v1:majesty:123456:{salt}"
    doc = (Path(__file__).parents[2] / "docs" / "fair-tables.md").read_text(encoding="utf-8")
    commands = [
        line.strip()
        for line in doc.splitlines()
        if line.strip().startswith(("python3 -c", "printf %s"))
    ]
    assert len(commands) == 2, commands
    for command in commands:
        command = command.replace("python3 ", f"{sys.executable} ", 1)
        out = subprocess.run(["sh", "-c", command], capture_output=True, text=True, check=True)
        assert out.stdout.split()[0] == expected, command


def test_the_export_file_check_exit_codes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    assert fairplay.run_check(broken, REGISTRY) == 2
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"format": "something"}), encoding="utf-8")
    assert fairplay.run_check(other, REGISTRY) == 2
    assert fairplay.run_check(tmp_path / "missing.json", REGISTRY) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 3 and all(line.startswith("crowntable: ") for line in err)


@pytest.mark.asyncio
async def test_seeds_are_63_bits_stored_exactly_and_a_real_game_replays(store, clock) -> None:
    """A 31-bit seed can be searched (2^31 setups are hours) for the deal a player sees; the
    default seeds are 63 bits, which both backends keep exactly (PostgreSQL BIGINT)."""
    draws = [SessionHost(store).seed_source() for _ in range(20)]
    assert all(0 <= d < 2**63 for d in draws)
    assert max(draws) >= 2**40  # 20 draws of 31 bits never reach this
    big = 2**63 - 12345
    host = SessionHost(store, now=clock, seed_source=lambda: big)
    await host.create(
        guild_id="g", channel_id="big", game_id="majesty", options={},
        user_id="u1", user_name="Ann", turn_secs=None,
    )  # fmt: skip
    await host.join("big", "u2", "Bob")
    sid = (await host.start("big", "u1")).record.id
    rec = await host.get(sid)
    for _ in range(6):
        actor = host.actors(rec)[0]
        rec = (await host.apply(sid, actor, host.legal_moves(rec, actor)[0])).record
    other = reopened(store, clock)
    await other.open()
    try:
        again = await other.get_session(sid)
        assert again is not None and again.seed == big
    finally:
        await other.close()
    assert (await host.replay(sid))[0]
