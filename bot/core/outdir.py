"""The folder a command writes its files into (``demo --out``, ``replay --out``): new or
empty, so that an older run's files never sit beside the new ones (issue 28 item 3)."""

from __future__ import annotations

from pathlib import Path


class OutFolderRefused(Exception):
    """One line: why the files cannot go into that folder."""


def prepare(out: Path, force: bool = False, ours: tuple[str, ...] = ()) -> Path:
    """``out``, created if it is new. An existing file, or a folder with files in it, is
    refused unless ``force`` and every file in it matches one of ``ours`` (glob patterns of
    what the command itself writes): those are removed first. Nothing else is ever deleted."""
    for entry in check(out, force, ours):
        entry.unlink()
    out.mkdir(parents=True, exist_ok=True)
    return out


def check(out: Path, force: bool = False, ours: tuple[str, ...] = ()) -> list[Path]:
    """:class:`OutFolderRefused` when :func:`prepare` would refuse ``out``; else the files
    it would remove. Changes nothing (a command checks before its work, prepares after)."""
    if out.exists() and not out.is_dir():
        raise OutFolderRefused(f"{out} is a file: give --out a new or empty folder")
    if out.is_dir():
        entries = sorted(out.iterdir())
        if entries and not force:
            raise OutFolderRefused(
                f"{out} is not empty: give --out a new or empty folder, or add --force to "
                "empty it of an earlier run's files"
            )
        strangers = [e for e in entries if not e.is_file() or not any(e.match(p) for p in ours)]
        if strangers:
            raise OutFolderRefused(
                f"{out} holds {strangers[0].name}, which this command did not write: "
                "nothing was removed; give --out a new or empty folder"
            )
        return entries
    return []
