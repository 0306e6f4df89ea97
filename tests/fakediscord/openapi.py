"""Discord's published OpenAPI description (API v10, discord/discord-api-spec) as the fake's
contract for request bodies: which schema a ``METHOD /path`` body must satisfy.

Where the file is looked for, in this order (the first that exists wins):

1. ``../shared/discord/openapi.json`` beside the repository (CI and developer machines);
2. ``$DISCORD_OPENAPI`` (``$FAKEDISCORD_OPENAPI``, its older name, still works).

Without it (a plain clone) the fake still runs every other check it has (message, embed and
component limits, files, command trees, permissions, the 3-second window, token lifetimes, rate
limits, deprecated paths, one response): only the ``schema`` check is off, and the process says
so once, in one line on stderr (``schema_off_line()``). The spec's route table serves the schema
check alone (which body schema a route has): the fake answers every route with its own handlers
(``rest.py``), so routing works the same without it.
"""

from __future__ import annotations

import functools
import json
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .schema import Schema, Validator

REPO_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_SPEC = REPO_ROOT.parent / "shared" / "discord" / "openapi.json"
#: environment variables naming the file, in the order they are read
ENV_VARS = ("DISCORD_OPENAPI", "FAKEDISCORD_OPENAPI")
#: how the one line a process prints without a spec begins (``schema_off_line()``)
SCHEMA_OFF = "fakediscord: schema validation is off"


@dataclass(frozen=True)
class Operation:
    method: str
    template: str  # the spec's path, e.g. "/channels/{channel_id}/messages"
    body: Schema | None  # the application/json request body schema
    body_required: bool


class Spec:
    """Route lookup and body validation against one OpenAPI document."""

    def __init__(self, document: dict[str, Any]) -> None:
        self.document = document
        self.validator = Validator(document)
        self._routes: list[tuple[re.Pattern[str], int, Operation]] = []
        for template, item in document["paths"].items():
            for method, op in item.items():
                if method in ("get", "post", "put", "patch", "delete"):
                    self._add(method.upper(), template, op)
        # more literal segments first: ".../messages/@original" before ".../{message_id}"
        self._routes.sort(key=lambda r: -r[1])

    def _add(self, method: str, template: str, op: dict[str, Any]) -> None:
        body = op.get("requestBody") or {}
        schema = ((body.get("content") or {}).get("application/json") or {}).get("schema")
        parts = template.strip("/").split("/")
        regex = "/".join("[^/]+" if p.startswith("{") else re.escape(p) for p in parts)
        literal = sum(1 for p in parts if not p.startswith("{"))
        operation = Operation(method, template, schema, bool(body.get("required")))
        self._routes.append((re.compile(f"^{method} /{regex}$"), literal, operation))

    def operation(self, method: str, path: str) -> Operation | None:
        key = f"{method} {path.rstrip('/') or '/'}"
        for pattern, _, op in self._routes:
            if pattern.match(key):
                return op
        return None

    def body_errors(self, method: str, path: str, body: Any) -> list[str]:
        """Why Discord would refuse this body (empty: valid, or a route the spec lacks)."""
        op = self.operation(method, path)
        if op is None or op.body is None:
            return []
        if body is None:
            return ["<body>: required"] if op.body_required else []
        return self.validator.errors(body, op.body)

    def schema(self, name: str) -> Schema:
        return self.document["components"]["schemas"][name]


def candidates() -> list[Path]:
    """Where the spec may be, in the order it is looked for."""
    found = [DEFAULT_SPEC]
    found += [Path(os.environ[name]) for name in ENV_VARS if os.environ.get(name)]
    return found


def spec_path() -> Path | None:
    """The first candidate that is a file, or None (schema validation is then off)."""
    return next((p for p in candidates() if p.is_file()), None)


@functools.cache
def _parse(path: str) -> Spec:
    """The parsed spec (cached: 1.2 MB of JSON is parsed once per process)."""
    return Spec(json.loads(Path(path).read_text(encoding="utf-8")))


def schema_off_line() -> str:
    """The one line that says schema validation is off, and where the spec was looked for."""
    looked = [str(DEFAULT_SPEC)]
    looked += [f"${name}={os.environ[name]}" for name in ENV_VARS if os.environ.get(name)]
    if len(looked) == 1:
        looked.append("$DISCORD_OPENAPI (not set)")
    return (
        f"{SCHEMA_OFF}: no Discord OpenAPI description at {' or '.join(looked)}; "
        "every other check of the fake is on"
    )


def status_line() -> str | None:
    """``schema_off_line()`` when no spec is found, else None: for a test session's summary
    (a ``pytest_terminal_summary`` hook prints it once, in the controller, under xdist too;
    the line this module prints itself goes to each process's stderr, which pytest captures)."""
    return schema_off_line() if spec_path() is None else None


_announced: list[str] = []  # the line once printed: one per process


def announce_schema_off() -> None:
    """Print ``schema_off_line()`` to stderr, the first time in this process only."""
    if not _announced:
        _announced.append(schema_off_line())
        print(_announced[0], file=sys.stderr, flush=True)


def load(path: str | None = None) -> Spec | None:
    """The spec at `path` (which must exist), else at the first candidate that exists; None
    when there is none: the caller runs without the schema check (announced once)."""
    if path is not None:
        if not Path(path).is_file():
            raise FileNotFoundError(f"Discord's OpenAPI description is missing at {path}")
        return _parse(str(path))
    where = spec_path()
    if where is None:
        announce_schema_off()
        return None
    return _parse(str(where))
