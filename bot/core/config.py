"""Configuration from the environment (and ``.env``). Never log the token."""

from __future__ import annotations

import os
from dataclasses import dataclass

from dotenv import load_dotenv


@dataclass(frozen=True)
class Config:
    token: str | None
    database_url: str = "sqlite:///crowntable.db"
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    shard_count: int | None = None
    clock_interval: float = 5.0  # seconds between turn-clock checks

    def __repr__(self) -> str:  # keep the token out of logs and tracebacks
        return (f"Config(token={'set' if self.token else 'missing'}, "
                f"database_url={self.database_url!r}, dev_guild_id={self.dev_guild_id})")


def _int(value: str | None) -> int | None:
    return int(value) if value and value.strip() else None


def load_config(env_file: str | None = ".env") -> Config:
    if env_file:
        load_dotenv(env_file, override=False)
    return Config(
        token=os.environ.get("DISCORD_TOKEN") or None,
        database_url=os.environ.get("DATABASE_URL") or "sqlite:///crowntable.db",
        dev_guild_id=_int(os.environ.get("DEV_GUILD_ID")),
        log_level=(os.environ.get("LOG_LEVEL") or "INFO").upper(),
        shard_count=_int(os.environ.get("SHARD_COUNT")),
        clock_interval=float(os.environ.get("CLOCK_INTERVAL") or 5.0),
    )
