"""``WEB_*`` settings (issue 32): off by default, each mistake one line, secrets never in repr."""

from __future__ import annotations

import pytest

from bot.core.config import ConfigError, config_from
from bot.web.secret import web_secret


def test_the_web_surface_is_off_unless_web_port_is_set() -> None:
    assert config_from({"DISCORD_TOKEN": "x"}).web is None


def test_web_settings_are_read_and_checked() -> None:
    env = {
        "WEB_PORT": "8081",
        "WEB_HOST": "0.0.0.0",
        "WEB_PUBLIC_URL": "https://play.example.org/",
        "DISCORD_CLIENT_ID": "123",
        "DISCORD_CLIENT_SECRET": "very-secret-value",
        "WEB_SECRET": "s" * 32,
    }
    web = config_from(env).web
    assert web is not None and web.port == 8081 and web.host == "0.0.0.0"
    assert web.public_url == "https://play.example.org" and web.client_id == "123"
    assert "very-secret-value" not in repr(web) and "s" * 32 not in repr(web)
    assert config_from({"WEB_PORT": "9000"}).web.public_url == "http://127.0.0.1:9000"
    with pytest.raises(ConfigError) as exc:
        config_from({"WEB_PORT": "70000", "WEB_SECRET": "short"})
    assert len(exc.value.problems) == 1  # the port; the rest is not read without one
    with pytest.raises(ConfigError) as exc:
        config_from({"WEB_PORT": "80", "WEB_PUBLIC_URL": "play.example.org", "WEB_SECRET": "x"})
    assert len(exc.value.problems) == 2
    with pytest.raises(ConfigError) as exc:
        config_from({"WEB_PORT": "80", "DATABASE_URL": "postgresql://u@h/db"})
    assert "WEB_SECRET" in exc.value.problems[0]


def test_without_web_secret_a_key_is_kept_beside_the_database(tmp_path) -> None:
    url = f"sqlite:///{tmp_path / 'ct.db'}"
    first = web_secret(None, url)
    assert web_secret(None, url) == first and len(first) == 32
    assert (tmp_path / "ct.db.web-secret").stat().st_mode & 0o077 == 0
    assert web_secret("configured-secret", url) == b"configured-secret"
    assert web_secret(None, "sqlite://") != web_secret(None, "sqlite://")  # in memory
