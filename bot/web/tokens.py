"""Signed tokens of the web surface (HMAC-SHA256 with ``WEB_SECRET``).

* session ``v1.<user>.<table>.<expiry>.<mac>``: who the socket and the API calls are; table
  ``0`` is an identity proven by Discord's OAuth2 (good for any table), any other number is
  good for that table only (made from a one-time login link);
* one-time login ``l1.<user>.<table>.<expiry>.<nonce>.<mac>``: the link the bot posts where
  Activities are not enabled; its nonce is recorded as used (:class:`Nonces`);
* read-only ``r1.<kind>.<id>.<expiry>.<mac>``: a replay (``replay``, a table) or standings
  (``standings``, a server), no sign-in.

Every part is digits or a short word, so a token never needs escaping in a URL; a token that
does not parse, does not verify, has expired or names another table is refused with a code
(:class:`TokenError`), the same for each way it can be wrong that a forger could probe.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Callable
from dataclasses import dataclass

SESSION_TTL = 12 * 3600  # seconds a session token is good for
LOGIN_TTL = 15 * 60  # a one-time login link
READ_TTL = 30 * 86400  # a replay or standings link
ANY_TABLE = 0  # the table of an identity token (Discord OAuth2): good for every table
KINDS = ("replay", "standings")


class TokenError(Exception):
    """``code``: ``forged`` (does not parse or verify), ``expired``, ``other_table``, ``used``."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


@dataclass(frozen=True)
class Session:
    user: str
    table: int
    expiry: int


@dataclass(frozen=True)
class Login:
    user: str
    table: int
    expiry: int
    nonce: str


def _digits(part: str) -> bool:
    return part.isdigit() and part.isascii() and len(part) <= 20


class Tokens:
    def __init__(self, secret: bytes, now: Callable[[], float]) -> None:
        self.secret = secret
        self.now = now

    def _mac(self, body: str) -> str:
        digest = hmac.new(self.secret, body.encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest).decode().rstrip("=")

    def _sign(self, *parts: str) -> str:
        body = ".".join(parts)
        return f"{body}.{self._mac(body)}"

    def _open(self, token: object, prefix: str, count: int) -> list[str]:
        """The parts of a well-signed token (``TokenError("forged")`` otherwise)."""
        if not isinstance(token, str) or len(token) > 300:
            raise TokenError("forged")
        parts = token.split(".")
        if len(parts) != count or parts[0] != prefix:
            raise TokenError("forged")
        body, mac = ".".join(parts[:-1]), parts[-1]
        if not hmac.compare_digest(self._mac(body).encode(), mac.encode()):
            raise TokenError("forged")
        return parts[1:-1]

    def _fresh(self, expiry: str) -> int:
        if not _digits(expiry):
            raise TokenError("forged")
        if int(expiry) < self.now():
            raise TokenError("expired")
        return int(expiry)

    # -- sessions ----------------------------------------------------------------------------
    def session(self, user: str, table: int = ANY_TABLE, ttl: int = SESSION_TTL) -> str:
        return self._sign("v1", user, str(table), str(int(self.now()) + ttl))

    def check_session(self, token: object, table: int | None = None) -> Session:
        """The session of ``token``; for ``table``: refused unless it is good for that one."""
        user, tab, expiry = self._open(token, "v1", 5)
        if not (_digits(user) and _digits(tab)):
            raise TokenError("forged")
        checked = Session(user, int(tab), self._fresh(expiry))
        if table is not None and checked.table not in (ANY_TABLE, table):
            raise TokenError("other_table")
        return checked

    # -- one-time logins ---------------------------------------------------------------------
    def login(self, user: str, table: int, ttl: int = LOGIN_TTL) -> str:
        nonce = secrets.token_hex(8)
        return self._sign("l1", user, str(table), str(int(self.now()) + ttl), nonce)

    def check_login(self, token: object) -> Login:
        user, tab, expiry, nonce = self._open(token, "l1", 6)
        if not (_digits(user) and _digits(tab) and len(nonce) == 16):
            raise TokenError("forged")
        return Login(user, int(tab), self._fresh(expiry), nonce)

    # -- read-only links ---------------------------------------------------------------------
    def read(self, kind: str, ident: int | str, ttl: int = READ_TTL) -> str:
        return self._sign("r1", kind, str(ident), str(int(self.now()) + ttl))

    def check_read(self, token: object, kind: str, ident: int | str) -> None:
        got_kind, got_id, expiry = self._open(token, "r1", 5)
        if got_kind not in KINDS or not _digits(got_id):
            raise TokenError("forged")
        self._fresh(expiry)
        if got_kind != kind or got_id != str(ident):
            raise TokenError("other_table")
