"""What the web surface's handlers share (:class:`Web`) and how they answer a refusal."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import aiohttp
from aiohttp import web

from bot.core.config import WebConfig
from bot.text.i18n import t, using
from bot.web.bridge import Bridge
from bot.web.hub import Hub
from bot.web.logins import Nonces
from bot.web.tokens import Tokens

LANGS = ("en", "cs")


class Web:
    """Everything the handlers share: the bridge, the tokens, the sockets."""

    def __init__(
        self, config: WebConfig, bridge: Bridge, secret: bytes, now: Callable[[], float] = time.time
    ) -> None:
        self.config = config
        self.bridge = bridge
        self.tokens = Tokens(secret, now)
        self.nonces = Nonces(bridge, now)
        self.hub = Hub(bridge)
        self.http: aiohttp.ClientSession | None = None

    def link(self, path: str) -> str:
        return f"{self.config.public_url}{path}"


WEB: web.AppKey[Web] = web.AppKey("web")


def reader(request: web.Request) -> str:
    """The reader's language: ``?lang=``, else the browser's first choice we have."""
    lang = request.query.get("lang", "")
    if lang in LANGS:
        return lang
    accept = request.headers.get("Accept-Language", "").lower()
    return "cs" if accept.startswith(("cs", "sk")) else "en"


def refused(request: web.Request, status: int, key: str, **params: Any) -> web.Response:
    with using(reader(request)):
        return web.json_response({"error": t(key, **params)}, status=status)
