"""Discord's published OpenAPI description (API v10, discord/discord-api-spec) as the fake's
contract for request bodies: which schema a ``METHOD /path`` body must satisfy.

The file is ``../shared/discord/openapi.json`` next to the repository (override with
``FAKEDISCORD_OPENAPI=/path/openapi.json``). It is required: a strict fake that silently stops
validating would hide exactly the bugs it exists to catch.
"""

from __future__ import annotations

import functools
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .schema import Schema, Validator

REPO_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_SPEC = REPO_ROOT.parent / "shared" / "discord" / "openapi.json"


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


def spec_path() -> Path:
    return Path(os.environ.get("FAKEDISCORD_OPENAPI") or DEFAULT_SPEC)


@functools.cache
def load(path: str | None = None) -> Spec:
    """The parsed spec (cached: 1.2 MB of JSON is parsed once per process)."""
    where = Path(path) if path else spec_path()
    if not where.is_file():
        raise FileNotFoundError(
            f"Discord's OpenAPI description is missing at {where}; the strict fake validates "
            "every request body against it (set FAKEDISCORD_OPENAPI to its path)"
        )
    return Spec(json.loads(where.read_text(encoding="utf-8")))
