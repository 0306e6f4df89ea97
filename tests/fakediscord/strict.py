"""The checks that make the fake as strict as Discord, by name, each switchable.

``FakeDiscord(disabled_checks={"rate_limits"})`` turns one off for a test that needs it off;
``KNOWN_BOT_FAULTS`` (listed with reasons in README.md) is off by default until the bot is fixed.

Checks run on a request before its handler; one that refuses answers as Discord would and the
request lands in ``fake.rejections`` (the e2e fixture fails a test with any rejection through
``fake.problems()``).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

from . import limits
from .openapi import Spec

CHECKS: dict[str, str] = {
    "schema": "every request body against Discord's OpenAPI description",
    "message_limits": "embed totals, component counts/placement/lengths, custom_id uniqueness",
    "files": "at most 10 files, each at most 10 MiB (413 above)",
    "command_limits": "command tree: names, counts, duplicates, 8000 characters per command",
    "ack_deadline": "initial response within 3 s (else 404 Unknown interaction)",
    "token_expiry": "interaction token valid 15 minutes (then 401 Invalid Webhook Token)",
    "permissions": "the bot's channel permissions on channel messages",
    "rate_limits": "per-route buckets and the global 50/s, with realistic 429s",
    "deprecated_paths": "no deferred message filled in by a follow-up (Discord: deprecated; "
    "edit @original instead): accepted, but each use is a problem",
}
#: refusals that are always on (labels for ``RequestRecord.rejected``, not switchable)
ALWAYS: dict[str, str] = {
    "one_response": "exactly one initial response (a second gets 400, 40060)",
}

#: checks the bot is known to fail, off by default until the bot is fixed: name -> reason.
#: Keep in step with README.md ("Checks switched off").
KNOWN_BOT_FAULTS: dict[str, str] = {}


@dataclass(frozen=True)
class Rejection:
    status: int
    code: int
    message: str
    check: str
    lines: list[str] = field(default_factory=list)

    @property
    def errors(self) -> dict[str, Any] | None:
        return limits.discord_errors(self.lines) if self.status == 400 and self.lines else None


def enabled_checks(disabled: set[str] | frozenset[str] | None) -> set[str]:
    """Every check but `disabled` (default: KNOWN_BOT_FAULTS plus the comma-separated names in
    ``FAKEDISCORD_DISABLE``, for bisecting a failure by hand)."""
    if disabled is None:
        env = os.environ.get("FAKEDISCORD_DISABLE", "")
        off = set(KNOWN_BOT_FAULTS) | {n.strip() for n in env.split(",") if n.strip()}
    else:
        off = set(disabled)
    unknown = off - set(CHECKS)
    if unknown:
        raise ValueError(f"unknown checks {sorted(unknown)}; known: {sorted(CHECKS)}")
    return set(CHECKS) - off


def check_body(
    spec: Spec | None,
    checks: set[str],
    method: str,
    path: str,
    body: Any,
    file_sizes: list[int],
) -> Rejection | None:
    """Schema, file and command-tree checks of one request (message limits run when the
    message is applied, see messages.validate_message)."""
    if "schema" in checks and spec is not None:
        lines = spec.body_errors(method, path, body)
        if lines:
            return Rejection(400, 50035, "Invalid Form Body", "schema", lines)
    if "files" in checks and file_sizes:
        too_many, too_big = limits.file_errors(file_sizes)
        if too_big:
            return Rejection(413, 40005, "Request entity too large", "files", too_big)
        if too_many:
            return Rejection(400, 50035, "Invalid Form Body", "files", too_many)
    if "command_limits" in checks and "/commands" in path and isinstance(body, list | dict):
        lines = _command_lines(method, body)
        if lines:
            return Rejection(400, 50035, "Invalid Form Body", "command_limits", lines)
    return None


def _command_lines(method: str, body: Any) -> list[str]:
    if method == "PUT" and isinstance(body, list):
        return limits.command_list_errors(body)
    if method in ("POST", "PATCH") and isinstance(body, dict):
        return limits.command_errors(body)
    return []
