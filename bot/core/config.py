"""Configuration from the environment (and ``.env``). Never log the token.

:func:`load_config` checks every setting and raises :class:`ConfigError` with one line per
mistake (``crowntable`` prints them and exits with status 2), so a typo never becomes a
traceback, a busy loop or a database in a folder named ``mysql:``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TypeVar
from urllib.parse import urlsplit

from dotenv import load_dotenv

T = TypeVar("T")
DEFAULT_DATABASE_URL = "sqlite:///crowntable.db"
LOG_LEVELS = ("CRITICAL", "ERROR", "WARNING", "INFO", "DEBUG")
LOG_FORMATS = ("text", "json")
#: a bare DATABASE_URL path must name an SQLite file by its suffix (``garbage`` is a mistake)
SQLITE_SUFFIXES = (".db", ".sqlite", ".sqlite3")
PORT_MAX = 65535
#: the turn clock's tick (seconds): 0 would busy-loop a core, an hour would make a 5-minute
#: turn clock fire an hour late
CLOCK_INTERVAL_MIN, CLOCK_INTERVAL_MAX = 0.05, 300.0
SHARD_COUNT_MAX = 10_000  # far above what any bot this size needs
SNOWFLAKE_MAX = 2**63 - 1
#: a URL scheme: letters then letters, digits, ``+-.`` and ``://`` (a Windows drive ``C:\\``
#: and a bare path have none)
SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*)://")


class ConfigError(ValueError):
    """The configuration has mistakes: ``problems`` holds one readable line for each."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


@dataclass(frozen=True)
class Config:
    token: str | None
    database_url: str = DEFAULT_DATABASE_URL
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    shard_count: int | None = None
    #: the shards this process runs (None: all of ``shard_count``)
    shard_ids: tuple[int, ...] | None = None
    clock_interval: float = 5.0  # seconds between turn-clock checks
    ai_budget: float = 0.5  # seconds an AI thinks per decision (AI_BUDGET)
    ai_workers: int | None = None  # AI worker processes (AI_WORKERS; None: sized to the machine)
    log_format: str = "text"  # LOG_FORMAT: text, or json (one object per line)
    #: the health and metrics listener (HTTP_PORT; None: off) and its address (HTTP_HOST)
    http_port: int | None = None
    http_host: str = "127.0.0.1"
    #: the Activity web surface (issue 32; WEB_PORT None: off): bot.web
    web: WebConfig | None = None

    def __repr__(self) -> str:  # keep the token (and a database password) out of logs
        return (
            f"Config(token={'set' if self.token else 'missing'}, "
            f"database_url={redact_url(self.database_url)!r}, "
            f"dev_guild_id={self.dev_guild_id})"
        )


@dataclass(frozen=True)
class WebConfig:
    """The web surface's settings (``WEB_*``, ``DISCORD_CLIENT_*``); secrets kept out of repr."""

    port: int
    host: str = "127.0.0.1"
    public_url: str = ""  # the address players reach (links); default http://host:port
    client_id: str | None = None
    client_secret: str | None = field(default=None, repr=False)
    secret: str | None = field(default=None, repr=False)  # WEB_SECRET (None: stored per db)
    api_base: str = "https://discord.com/api/v10"  # DISCORD_API_BASE (the fake's in tests)


def web_config(env: Mapping[str, str], database_url: str, problems: list[str]) -> WebConfig | None:
    """``WEB_PORT`` and the settings beside it (None: the web surface is off)."""
    port = _read(env, "WEB_PORT", lambda r: _int("WEB_PORT", r, 1, PORT_MAX), None, problems)
    if port is None:
        return None
    host = (env.get("WEB_HOST") or "").strip() or "127.0.0.1"
    public = (env.get("WEB_PUBLIC_URL") or "").strip().rstrip("/") or f"http://{host}:{port}"
    if not public.lower().startswith(("http://", "https://")):
        problems.append(f"WEB_PUBLIC_URL={public!r} must start with http:// or https://")
    secret = (env.get("WEB_SECRET") or "").strip() or None
    if secret is not None and len(secret) < 16:
        problems.append("WEB_SECRET is too short: use at least 16 characters")
    if secret is None and database_url.lower().startswith(("postgres:", "postgresql:")):
        problems.append("WEB_PORT with PostgreSQL needs WEB_SECRET (the same in every process)")
    return WebConfig(
        port=port,
        host=host,
        public_url=public,
        client_id=(env.get("DISCORD_CLIENT_ID") or "").strip() or None,
        client_secret=(env.get("DISCORD_CLIENT_SECRET") or "").strip() or None,
        secret=secret,
        api_base=(env.get("DISCORD_API_BASE") or "").strip().rstrip("/")
        or "https://discord.com/api/v10",
    )


def redact_url(url: str) -> str:
    """``url`` without the password of its user part (for messages and logs)."""
    parts = urlsplit(url) if SCHEME.match(url) else None
    if parts is None or parts.password is None:
        return url
    return url.replace(f":{parts.password}@", ":***@", 1)


def check_database_url(url: str) -> str | None:
    """Why ``url`` is not a database Crowntable can open (None: it is): an SQLite path,
    ``sqlite:///path``, or ``postgresql://`` / ``postgres://``; any other scheme is refused
    rather than taken for a file name."""
    found = SCHEME.match(url)
    if found is None:
        if url.lower().startswith(("sqlite:", "postgres:", "postgresql:")):
            return (
                f"DATABASE_URL={redact_url(url)!r} is malformed: write sqlite:///path.db "
                "or postgresql://user:password@host/database"
            )
        if not url.lower().endswith(SQLITE_SUFFIXES):
            return (
                f"DATABASE_URL={redact_url(url)!r} is neither a URL nor an SQLite file name: "
                "write sqlite:///path.db, a path ending in .db, .sqlite or .sqlite3, or "
                "postgresql://user:password@host/database"
            )
        return None  # a plain SQLite file path
    scheme = found.group(1).lower()
    if scheme == "sqlite":
        return None
    if scheme in ("postgresql", "postgres"):
        parts = urlsplit(url)
        try:
            parts.port  # noqa: B018  (raises on a port that is not a number)
        except ValueError:
            return f"DATABASE_URL={redact_url(url)!r}: the port is not a number"
        if not parts.hostname and "host=" not in parts.query:
            return f"DATABASE_URL={redact_url(url)!r} names no server (postgresql://host/db)"
        return None
    return (
        f"DATABASE_URL uses {scheme}://, which Crowntable does not support: use an SQLite "
        "file (sqlite:///crowntable.db) or PostgreSQL (postgresql://user:password@host/db)"
    )


def _int(name: str, raw: str, lo: int, hi: int) -> int:
    try:
        value = int(raw.strip())
    except ValueError:
        raise ValueError(f"{name}={raw!r} is not a whole number") from None
    if not lo <= value <= hi:
        raise ValueError(f"{name}={raw!r} must be between {lo} and {hi}")
    return value


def _float(name: str, raw: str, lo: float, hi: float) -> float:
    try:
        value = float(raw.strip())
    except ValueError:
        raise ValueError(f"{name}={raw!r} is not a number of seconds") from None
    if not lo <= value <= hi:  # also refuses nan and inf
        raise ValueError(f"{name}={raw!r} must be between {lo:g} and {hi:g} seconds")
    return value


def parse_shard_ids(raw: str, count: int | None) -> tuple[int, ...]:
    """``"0,1"`` or ``"0-3"`` (or both: ``"0-2,5"``); each id below ``count``."""
    if count is None:
        raise ValueError("SHARD_IDS is set but SHARD_COUNT is not: set SHARD_COUNT too")
    ids: list[int] = []
    for part in raw.split(","):
        bounds = part.strip().split("-")
        if len(bounds) > 2 or not all(b.strip().isdigit() for b in bounds):
            raise ValueError(f"SHARD_IDS={raw!r}: write shard numbers like 0,1 or a range 0-3")
        lo, hi = int(bounds[0]), int(bounds[-1])
        if lo > hi:
            raise ValueError(f"SHARD_IDS={raw!r}: the range {part.strip()} runs backwards")
        ids.extend(range(lo, hi + 1))
    too_big = sorted({i for i in ids if i >= count})
    if too_big:
        raise ValueError(
            f"SHARD_IDS={raw!r}: shard {too_big[0]} does not exist with "
            f"SHARD_COUNT={count} (shards are 0 to {count - 1})"
        )
    return tuple(sorted(set(ids)))


def _read(
    env: Mapping[str, str], name: str, parse: Callable[[str], T], default: T, problems: list[str]
) -> T:
    raw = env.get(name)
    if raw is None or not raw.strip():
        return default
    try:
        return parse(raw)
    except ValueError as exc:
        problems.append(str(exc))
        return default


def _log_level(raw: str) -> str:
    level = raw.strip().upper()
    if level not in LOG_LEVELS:
        raise ValueError(f"LOG_LEVEL={raw!r} is not one of {', '.join(LOG_LEVELS)}")
    return level


def _log_format(raw: str) -> str:
    value = raw.strip().lower()
    if value not in LOG_FORMATS:
        raise ValueError(f"LOG_FORMAT={raw!r} is not one of {', '.join(LOG_FORMATS)}")
    return value


def config_from(env: Mapping[str, str]) -> Config:
    """The configuration in ``env``; :class:`ConfigError` listing every mistake."""
    problems: list[str] = []
    url = (env.get("DATABASE_URL") or "").strip() or DEFAULT_DATABASE_URL
    bad_url = check_database_url(url)
    if bad_url:
        problems.append(bad_url)
    guild = _read(
        env, "DEV_GUILD_ID", lambda r: _int("DEV_GUILD_ID", r, 1, SNOWFLAKE_MAX), None, problems
    )
    count = _read(
        env, "SHARD_COUNT", lambda r: _int("SHARD_COUNT", r, 1, SHARD_COUNT_MAX), None, problems
    )
    shard_problems: list[str] = []
    shard_ids = _read(env, "SHARD_IDS", lambda r: parse_shard_ids(r, count), None, shard_problems)
    if env.get("SHARD_COUNT", "").strip() and count is None:
        shard_problems = []  # SHARD_COUNT's own mistake already says it
    problems += shard_problems
    interval = _read(
        env,
        "CLOCK_INTERVAL",
        lambda r: _float("CLOCK_INTERVAL", r, CLOCK_INTERVAL_MIN, CLOCK_INTERVAL_MAX),
        5.0,
        problems,
    )
    level = _read(env, "LOG_LEVEL", _log_level, "INFO", problems)
    ai_budget = _read(env, "AI_BUDGET", lambda r: _float("AI_BUDGET", r, 0.0, 10.0), 0.5, problems)
    ai_workers = _read(env, "AI_WORKERS", lambda r: _int("AI_WORKERS", r, 0, 16), None, problems)
    log_format = _read(env, "LOG_FORMAT", _log_format, "text", problems)
    http_port = _read(env, "HTTP_PORT", lambda r: _int("HTTP_PORT", r, 1, PORT_MAX), None, problems)
    http_host = (env.get("HTTP_HOST") or "").strip() or "127.0.0.1"
    web = web_config(env, url, problems)
    if problems:
        raise ConfigError(problems)
    return Config(
        token=(env.get("DISCORD_TOKEN") or "").strip() or None,
        database_url=url,
        dev_guild_id=guild,
        log_level=level,
        shard_count=count,
        shard_ids=shard_ids,
        clock_interval=interval,
        ai_budget=ai_budget,
        ai_workers=ai_workers,
        log_format=log_format,
        http_port=http_port,
        http_host=http_host,
        web=web,
    )


def load_config(env_file: str | None = ".env") -> Config:
    """The configuration of the environment (``env_file`` fills in what it does not set)."""
    if env_file:
        load_dotenv(env_file, override=False)
    return config_from(os.environ)
