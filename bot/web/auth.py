"""Discord sign-in (issue 32 item 3): the Activity's OAuth2 code is exchanged here, on the
server, with ``DISCORD_CLIENT_SECRET`` (never sent to a browser), and the user is whoever
Discord's ``/users/@me`` says the access token belongs to."""

from __future__ import annotations

import logging
from dataclasses import dataclass

import aiohttp

from bot.core.config import WebConfig

log = logging.getLogger(__name__)
TIMEOUT = aiohttp.ClientTimeout(total=10)


class SignInFailed(Exception):
    """``code``: ``signin_off`` (no client id or secret configured) or ``signin_failed``."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


@dataclass(frozen=True)
class Discorder:
    id: str
    name: str
    access_token: str


async def exchange(config: WebConfig, http: aiohttp.ClientSession, code: str) -> Discorder:
    """The user behind the OAuth2 ``code`` (``SignInFailed`` when Discord does not say)."""
    if not (config.client_id and config.client_secret):
        raise SignInFailed("signin_off")
    form = {
        "client_id": config.client_id,
        "client_secret": config.client_secret,
        "grant_type": "authorization_code",
        "code": code,
    }
    try:
        async with http.post(f"{config.api_base}/oauth2/token", data=form) as resp:
            body = await resp.json(content_type=None)
            if resp.status != 200 or not isinstance(body, dict):
                log.info("web sign-in: the code exchange was refused (%s)", resp.status)
                raise SignInFailed("signin_failed")
        token = body.get("access_token")
        if not isinstance(token, str) or not token:
            raise SignInFailed("signin_failed")
        headers = {"Authorization": f"Bearer {token}"}
        async with http.get(f"{config.api_base}/users/@me", headers=headers) as resp:
            me = await resp.json(content_type=None)
            if resp.status != 200 or not isinstance(me, dict):
                log.info("web sign-in: /users/@me refused the token (%s)", resp.status)
                raise SignInFailed("signin_failed")
    except (aiohttp.ClientError, TimeoutError, ValueError) as exc:
        log.warning("web sign-in: Discord did not answer (%s)", type(exc).__name__)
        raise SignInFailed("signin_failed") from None
    user = str(me.get("id", ""))
    if not user.isdigit():
        raise SignInFailed("signin_failed")
    name = me.get("global_name") or me.get("username") or user
    return Discorder(user, str(name), token)
