"""The key that signs the web surface's tokens: ``WEB_SECRET``, or when it is unset a random
one made once per SQLite database and kept in a file beside it (``<database>.web-secret``,
readable by its owner only), so links the bot posted survive a restart. PostgreSQL needs
``WEB_SECRET`` (``bot.core.config`` says so): several processes must share the key. An
in-memory database gets a key for the process's life."""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from bot.core.store.sqlite import path_from_url


def sqlite_path(database_url: str) -> Path | None:
    """The SQLite file of ``database_url`` (None: in memory, or not SQLite)."""
    if database_url.lower().startswith(("postgres:", "postgresql:")):
        return None
    path = path_from_url(database_url)
    return None if path == ":memory:" or path.startswith("file:") else Path(path)


def web_secret(configured: str | None, database_url: str) -> bytes:
    """The signing key (see the module's docstring)."""
    if configured:
        return configured.encode()
    path = sqlite_path(database_url)
    if path is None:
        return secrets.token_bytes(32)
    keyfile = path.with_name(path.name + ".web-secret")
    try:
        return bytes.fromhex(keyfile.read_text().strip())
    except (OSError, ValueError):
        pass
    key = secrets.token_bytes(32)
    fd = os.open(keyfile, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as out:
        out.write(key.hex())
    return key
