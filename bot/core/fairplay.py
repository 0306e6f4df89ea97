"""``crowntable verify --export FILE``: check a game's export as a player can, with the package
alone (issue 31 item 2; decision record 0022).

Two checks, both printed: the commitment (SHA-256 of ``crowntable-v1:{game}:{seed}:{salt}``,
:mod:`bot.core.fairness`) recomputed from the revealed seed and salt must be the exported one,
the one whose first 16 characters the board showed from Start; and the exported moves,
replayed through the engine from that seed (take-backs included), must reach the end with
every player's exported rank and score. Exit 0 when both hold (an export of a table started
before provably fair tables has no commitment: said so, and only the replay is checked), 1
when either fails, 2 when the file cannot be read as an export.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.core import fairness
from bot.core.export import FORMAT, replay_export
from games.base import Game


@dataclass
class Report:
    """What :func:`check` found: ``lines`` to print, ``ok`` for the exit status."""

    lines: list[str] = field(default_factory=list)
    ok: bool = True

    def fail(self, line: str) -> None:
        self.lines.append(line)
        self.ok = False


def check_commitment(data: dict[str, Any], report: Report) -> None:
    """The revealed seed and salt hash to the exported commitment (or there is none)."""
    fair = data.get("fairness")
    if not isinstance(fair, dict) or fair.get("commitment") is None:
        report.lines.append(
            "commitment: no commitment (the table started before provably fair tables); "
            "only the replay is checked"
        )
        return
    salt, shown, seed = fair.get("salt"), fair.get("commitment"), data.get("seed")
    if fair.get("scheme") != fairness.SCHEME:
        report.fail(f"commitment: unknown scheme {fair.get('scheme')!r}")
        return
    if not fairness.valid_salt(salt) or not isinstance(seed, int) or isinstance(seed, bool):
        report.fail("commitment: the seed or the salt is missing or malformed")
        return
    text = fairness.preimage(str(data.get("game")), seed, str(salt))
    again = fairness.commitment(str(data.get("game")), seed, str(salt))
    if again != shown:
        report.fail(f"commitment: DIFFERS: sha256({text!r}) is {again}, the export says {shown}")
        return
    report.lines.append(f"commitment: ok, sha256({text!r}) = {again}")
    report.lines.append(f"  the board showed its first {fairness.SHORT}: {fairness.short(again)}")


def _key(row: dict[str, Any]) -> tuple[Any, Any, Any]:
    return row.get("player"), row.get("rank"), row.get("score")


def check_replay(data: dict[str, Any], registry: dict[str, Game], report: Report) -> None:
    """The moves replay to the end with the exported ranks and scores."""
    try:
        replayed = replay_export(data, registry)
    except KeyError as exc:
        report.fail(f"replay: the export lacks {exc} (or names a game not installed)")
        return
    except Exception as exc:  # a tampered move: IllegalMove, or the game does not finish
        report.fail(f"replay: FAILED: {type(exc).__name__}: {exc}")
        return
    exported = {r.get("player"): r for r in data.get("results") or [] if isinstance(r, dict)}
    names = {s.get("player"): s.get("name") for s in data.get("seats") or [] if isinstance(s, dict)}
    report.lines.append(f"replay: {len(data.get('moves') or [])} moves replayed to the end")
    for row in replayed:
        them = exported.get(row["player"], {})
        same = _key(them) == _key(row)
        mark = "ok" if same else "DIFFERS"
        line = (
            f"  {names.get(row['player']) or row['player']}: rank {row['rank']}, "
            f"score {row['score']} (exported: rank {them.get('rank')}, "
            f"score {them.get('score')}) {mark}"
        )
        if same:
            report.lines.append(line)
        else:
            report.fail(line)
    if set(exported) != {r["player"] for r in replayed}:
        report.fail("replay: the exported results name other players than the seats")


def check(data: Any, registry: dict[str, Game]) -> Report:
    """Both checks of an export already parsed."""
    report = Report()
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        report.fail("not a Crowntable game export (format crowntable-game)")
        return report
    report.lines.append(
        f"table #{data.get('table')} ({data.get('title') or data.get('game')}), "
        f"seed {data.get('seed')}"
    )
    check_commitment(data, report)
    check_replay(data, registry, report)
    report.lines.append(
        "result: fair: the seed was fixed at Start and the moves give the exported scores"
        if report.ok
        else "result: this export does NOT check out"
    )
    return report


def run_check(path: Path, registry: dict[str, Game]) -> int:
    """Print the checks of the export in ``path``: 0 it checks out, 1 it does not, 2 the file
    cannot be read (one line)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        print(f"crowntable: cannot read {path}: {exc.__class__.__name__}", file=sys.stderr)
        return 2
    except ValueError as exc:
        print(f"crowntable: {path} is not JSON ({exc})", file=sys.stderr)
        return 2
    report = check(data, registry)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        print(f"crowntable: {path}: {report.lines[0]}", file=sys.stderr)
        return 2
    print("\n".join(report.lines))
    return 0 if report.ok else 1
