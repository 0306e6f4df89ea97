"""Run a bot entry point in its own process, pointed at a FakeDiscord.

    python -m tests.fakediscord.launch [module:function] [args...]

Reads ``FAKEDISCORD_API_BASE`` and ``FAKEDISCORD_GATEWAY`` (see ``FakeDiscord.env()``), sets
``discord.http.Route.BASE`` and ``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY`` - nothing
else - and calls ``function(args)`` (default ``bot.cli:main``, i.e. ``crowntable run ...``),
exiting with its return value. ``FakeDiscord.spawn()`` starts it for you.
"""

from __future__ import annotations

import importlib
import os
import sys

DEFAULT_TARGET = "bot.cli:main"


def patch_from_env() -> None:
    import discord.gateway
    import discord.http
    import yarl

    discord.http.Route.BASE = os.environ["FAKEDISCORD_API_BASE"]
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["FAKEDISCORD_GATEWAY"])


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    target = DEFAULT_TARGET
    if argv and ":" in argv[0] and not argv[0].startswith("-"):
        target = argv.pop(0)
    patch_from_env()
    module, _, func = target.partition(":")
    result = getattr(importlib.import_module(module), func)(argv)
    return int(result or 0)


def selfcheck(argv: list[str]) -> int:
    """Print what the two attributes point at (used by the fake's own tests)."""
    import discord.gateway
    import discord.http

    print(discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY, *argv)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
