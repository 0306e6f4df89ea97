"""Discord's side of an Activity (issue 32): OAuth2, the Activity proxy and the client page
that hosts an Activity in an iframe.

* ``POST /api/v10/oauth2/token``: the authorization-code exchange as Discord's OAuth2 docs
  describe it (``application/x-www-form-urlencoded``; ``client_id`` + ``client_secret`` in the
  form or HTTP Basic; ``grant_type=authorization_code``; a ``code`` good once, for 10 minutes,
  for the client it was made for) -> ``{access_token, token_type: "Bearer", expires_in,
  refresh_token, scope}``; errors ``400 {"error": "invalid_request" | "invalid_grant" |
  "unsupported_grant_type"}``, ``401 {"error": "invalid_client"}``.
* ``GET /api/v10/users/@me`` with ``Authorization: Bearer <access token>``: that user, shaped
  as the OpenAPI's ``UserPIIResponse`` (every required field); an unknown bearer gets 401.
  (A bot token still gets the bot user: :meth:`Rest.get_me`.)
* **The proxy** (``fake.activity_url``): a second listener, the ``<app id>.discordsays.com``
  of this fake, that forwards every path (HTTP and WebSocket, both ways, close codes kept) to
  ``fake.activity_target`` (the bot's ``WEB_PUBLIC_URL``); ``/.proxy/<path>`` is the same as
  ``/<path>``, as Discord maps it. Each proxied request is in ``fake.proxied``.
* ``GET /activity-host?user=<id>&channel_id=&guild_id=&platform=desktop``: the page a Discord
  client shows, an iframe of ``<proxy>/activity?instance_id=…&channel_id=…&guild_id=…&
  frame_id=…&platform=…`` and a script answering the Embedded App SDK's ``postMessage``
  protocol the way Discord's client does (messages ``[opcode, payload]``; opcodes HANDSHAKE 0,
  FRAME 1, CLOSE 2, HELLO 3): HANDSHAKE -> ``DISPATCH READY``; ``AUTHORIZE`` -> ``{code}`` (a
  code this fake's ``/oauth2/token`` accepts, for ``user``); ``AUTHENTICATE`` -> ``{access_token,
  user, scopes, expires, application}``; ``SUBSCRIBE`` / ``UNSUBSCRIBE`` -> ``{evt}``; any other
  command -> ``{}``. Each message the page received and sent is kept by the page in
  ``window.__sdk`` (for browser tests).
* Interaction callback type 12 (``LAUNCH_ACTIVITY``): accepted when the application has the
  ``EMBEDDED`` flag (``fake.enable_activities()``) and the interaction came from a server
  channel; it records ``inter.activity_instance``; otherwise 400 50035 as Discord refuses it.
"""

from __future__ import annotations

import asyncio
import base64
import html
import json
import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import aiohttp
from aiohttp import WSMsgType, web

from . import models as m

if TYPE_CHECKING:
    from .server import FakeDiscord

EMBEDDED = 1 << 17  # ApplicationFlags.EMBEDDED
LAUNCH_ACTIVITY = 12
CODE_LIFETIME = 600.0
TOKEN_LIFETIME = 604800
HOP_HEADERS = {
    "host",
    "connection",
    "upgrade",
    "content-length",
    "transfer-encoding",
    "sec-websocket-key",
    "sec-websocket-version",
    "sec-websocket-extensions",
}


@dataclass
class OAuth:
    """The fake's OAuth2 state: the application's secret, codes and access tokens."""

    client_secret: str = field(default_factory=lambda: secrets.token_hex(16))
    codes: dict[str, tuple[int, float]] = field(default_factory=dict)  # code -> (user, made)
    tokens: dict[str, int] = field(default_factory=dict)  # access token -> user id
    exchanges: list[dict[str, Any]] = field(default_factory=list)  # every /oauth2/token call


def oauth_error(status: int, error: str, about: str) -> web.Response:
    return web.json_response({"error": error, "error_description": about}, status=status)


def make_code(fake: FakeDiscord, user: m.User) -> str:
    """A one-time authorization code for ``user`` (what AUTHORIZE answers)."""
    code = secrets.token_urlsafe(18)
    fake.oauth.codes[code] = (user.id, fake.clock())
    return code


def _client_of(request: web.Request, form: Any) -> tuple[str, str]:
    header = request.headers.get("Authorization", "")
    if header.startswith("Basic "):
        try:
            cid, _, sec = base64.b64decode(header[6:]).decode().partition(":")
        except (ValueError, UnicodeDecodeError):
            return "", ""
        return cid, sec
    return str(form.get("client_id", "")), str(form.get("client_secret", ""))


async def token_exchange(fake: FakeDiscord, request: web.Request) -> web.Response:
    if request.content_type != "application/x-www-form-urlencoded":
        return oauth_error(400, "invalid_request", "body must be application/x-www-form-urlencoded")
    form = await request.post()
    fake.oauth.exchanges.append(
        {k: ("***" if k == "client_secret" else v) for k, v in form.items()}
    )
    cid, secret = _client_of(request, form)
    if cid != str(fake.application_id) or secret != fake.oauth.client_secret:
        return oauth_error(401, "invalid_client", "unknown client or wrong secret")
    if form.get("grant_type") != "authorization_code":
        return oauth_error(400, "unsupported_grant_type", "only authorization_code here")
    made = fake.oauth.codes.pop(str(form.get("code", "")), None)
    if made is None or fake.clock() - made[1] > CODE_LIFETIME:
        return oauth_error(400, "invalid_grant", 'Invalid "code" in request.')
    access = secrets.token_urlsafe(24)
    fake.oauth.tokens[access] = made[0]
    return web.json_response(
        {
            "access_token": access,
            "token_type": "Bearer",
            "expires_in": TOKEN_LIFETIME,
            "refresh_token": secrets.token_urlsafe(24),
            "scope": "identify",
        }
    )


def bearer_user(fake: FakeDiscord, request: web.Request) -> m.User | None:
    header = request.headers.get("Authorization", "")
    if not header.startswith("Bearer "):
        return None
    uid = fake.oauth.tokens.get(header[len("Bearer ") :])
    return fake._users.get(uid) if uid is not None else None


CORS = {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Allow-Headers": "Authorization, Content-Type",
    "Access-Control-Allow-Methods": "GET, OPTIONS",
}


async def me_preflight(fake: FakeDiscord, request: web.Request) -> web.Response:
    """A browser's CORS preflight of ``GET /users/@me`` from the client page (discord.com)."""
    return web.Response(status=204, headers=CORS)


def user_pii(user: m.User) -> dict[str, Any]:
    """``UserPIIResponse``: every field the OpenAPI requires."""
    return user.payload() | {"mfa_enabled": False, "locale": "en-US"}


def is_oauth_request(request: web.Request, api_path: str) -> bool:
    """Requests authorised by OAuth2, not by the bot token."""
    if api_path == "/oauth2/token":
        return True
    if api_path == "/users/@me" and request.method == "OPTIONS":  # a CORS preflight
        return True
    return api_path == "/users/@me" and request.headers.get("Authorization", "").startswith(
        "Bearer "
    )


async def me(fake: FakeDiscord, request: web.Request) -> web.Response | None:
    """``GET /users/@me`` with a bearer token (None: a bot's request, answered as before)."""
    if not request.headers.get("Authorization", "").startswith("Bearer "):
        return None
    user = bearer_user(fake, request)
    if user is None:
        return web.json_response(
            {"message": "401: Unauthorized", "code": 0}, status=401, headers=CORS
        )
    return web.json_response(user_pii(user), headers=CORS)


# -- LAUNCH_ACTIVITY --------------------------------------------------------------------------
def launch(fake: FakeDiscord, inter: Any) -> dict[str, Any]:
    """Accept callback type 12 for ``inter`` (or raise the fake's ApiError as Discord does)."""
    from .rest import ApiError

    if not fake.application_flags & EMBEDDED:
        raise ApiError(400, 50035, "Invalid Form Body", {"type": "application has no activities"})
    if getattr(inter.channel, "guild", None) is None:
        raise ApiError(400, 50035, "Invalid Form Body", {"type": "activities launch in servers"})
    inter.activity_instance = f"i-{m.snowflake()}"
    fake.launched.append(inter)
    return {"type": LAUNCH_ACTIVITY, "activity_instance": {"id": inter.activity_instance}}


# -- the proxy -----------------------------------------------------------------------------------
def _target(fake: FakeDiscord, request: web.Request) -> str:
    path = request.path
    if path.startswith("/.proxy/"):
        path = path[len("/.proxy") :]
    query = f"?{request.query_string}" if request.query_string else ""
    return f"{fake.activity_target.rstrip('/')}{path}{query}"


async def proxy(fake: FakeDiscord, request: web.Request) -> web.StreamResponse:
    if not fake.activity_target:
        return web.Response(status=502, text="no activity target (fake.activity_target)")
    url = _target(fake, request)
    fake.proxied.append(f"{request.method} {request.path_qs}")
    headers = {k: v for k, v in request.headers.items() if k.lower() not in HOP_HEADERS}
    if request.headers.get("Upgrade", "").lower() == "websocket":
        return await proxy_ws(fake, request, url.replace("http", "ws", 1), headers)
    async with fake.proxy_http.request(
        request.method, url, headers=headers, data=await request.read(), allow_redirects=False
    ) as resp:
        body = await resp.read()
        out = {
            k: v
            for k, v in resp.headers.items()
            if k.lower() not in HOP_HEADERS and k.lower() != "content-encoding"
        }
        return web.Response(status=resp.status, body=body, headers=out)


async def proxy_ws(
    fake: FakeDiscord, request: web.Request, url: str, headers: dict[str, str]
) -> web.WebSocketResponse:
    client = web.WebSocketResponse(autoping=True)
    await client.prepare(request)
    headers.pop("Origin", None)
    try:
        upstream = await fake.proxy_http.ws_connect(url, headers=headers, autoping=True)
    except aiohttp.ClientError:
        await client.close(code=1011, message=b"activity unreachable")
        return client

    async def pump(src: Any, dst: Any) -> None:
        async for msg in src:
            if msg.type == WSMsgType.TEXT:
                await dst.send_str(msg.data)
            elif msg.type == WSMsgType.BINARY:
                await dst.send_bytes(msg.data)
            else:
                break

    up = asyncio.ensure_future(pump(upstream, client))
    down = asyncio.ensure_future(pump(client, upstream))
    await asyncio.wait({up, down}, return_when=asyncio.FIRST_COMPLETED)
    if up.done():  # the activity closed: its close code reaches the browser
        await client.close(code=upstream.close_code or 1000, message=b"closed")
    else:
        await upstream.close(code=client.close_code or 1000)
    for task in (up, down):
        task.cancel()
    await asyncio.gather(up, down, return_exceptions=True)
    await upstream.close()
    return client


# -- the host page -------------------------------------------------------------------------------
async def authorize(fake: FakeDiscord, request: web.Request) -> web.Response:
    """The host page's AUTHORIZE: a code for the page's user (the client is signed in)."""
    body = await request.json()
    user = fake._users.get(int(body.get("user", 0)))
    if user is None or str(body.get("client_id")) != str(fake.application_id):
        return web.json_response({"code": 4002, "message": "invalid client or user"}, status=400)
    return web.json_response({"code": make_code(fake, user)})


async def host_page(fake: FakeDiscord, request: web.Request) -> web.Response:
    q = request.query
    user = fake._users.get(int(q.get("user", "0") or 0))
    if user is None:
        return web.Response(status=400, text="?user=<a user id of this fake> is required")
    frame_id = secrets.token_hex(8)
    params = {
        "instance_id": q.get("instance_id") or f"i-{m.snowflake()}",
        "channel_id": q.get("channel_id", ""),
        "guild_id": q.get("guild_id", ""),
        "frame_id": frame_id,
        "platform": q.get("platform", "desktop"),
    }
    src = f"{fake.activity_url}/activity?" + "&".join(f"{k}={v}" for k, v in params.items())
    sdk_user = {k: v for k, v in user_pii(user).items() if v is not None}  # avatar: absent
    config = {
        "client_id": str(fake.application_id),
        "user": sdk_user,
        "frame_id": frame_id,
        "api": fake.api_base,
        "origin": fake.activity_url,
        "instance_id": params["instance_id"],
        "channel_id": params["channel_id"],
        "guild_id": params["guild_id"],
    }
    page = HOST_PAGE.replace("__SRC__", html.escape(src)).replace(
        "__CONFIG__", json.dumps(config).replace("</", "<\\/")
    )
    return web.Response(text=page, content_type="text/html")


HOST_PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>Discord (fake)</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>html,body{margin:0;height:100%;background:#313338}iframe{border:0;width:100%;height:100%}</style>
</head><body><iframe id="activity" src="__SRC__" allow="autoplay; clipboard-write"></iframe>
<script>
const CFG = __CONFIG__;
const frame = document.getElementById("activity");
window.__sdk = {received: [], sent: []};
function send(payload) {
  if (!("evt" in payload)) payload.evt = null;  // the SDK's schema: evt and nonce required
  if (!("nonce" in payload)) payload.nonce = null;
  window.__sdk.sent.push(payload);
  frame.contentWindow.postMessage([1, payload], CFG.origin);
}
async function command(cmd, args, nonce) {
  if (cmd === "AUTHORIZE") {
    const r = await fetch("/activity-host/authorize", {method: "POST",
      headers: {"Content-Type": "application/json"},
      body: JSON.stringify({user: CFG.user.id, client_id: args && args.client_id})});
    const body = await r.json();
    if (!r.ok) return {cmd, nonce, evt: "ERROR", data: body};
    return {cmd, nonce, data: {code: body.code}};
  }
  if (cmd === "AUTHENTICATE") {
    const token = args && args.access_token;
    const r = await fetch(CFG.api + "/users/@me", {headers: {Authorization: "Bearer " + token}});
    if (!r.ok) return {cmd, nonce, evt: "ERROR", data: {code: 4009, message: "Invalid token"}};
    const user = await r.json();
    return {cmd, nonce, data: {access_token: token, user, scopes: ["identify"],
      expires: new Date(Date.now() + 604800000).toISOString(),
      application: {id: CFG.client_id, name: "Crowntable", description: "", icon: null,
                    rpc_origins: []}}};
  }
  if (cmd === "SUBSCRIBE" || cmd === "UNSUBSCRIBE")
    return {cmd, nonce, data: {evt: args && args.event}};
  if (cmd === "GET_CHANNEL")
    return {cmd, nonce, data: {id: CFG.channel_id, guild_id: CFG.guild_id}};
  if (cmd === "GET_INSTANCE_CONNECTED_PARTICIPANTS")
    return {cmd, nonce, data: {participants: [CFG.user]}};
  return {cmd, nonce, data: {}};
}
window.addEventListener("message", async (event) => {
  if (event.source !== frame.contentWindow || event.origin !== CFG.origin) return;
  const [opcode, payload] = Array.isArray(event.data) ? event.data : [null, null];
  window.__sdk.received.push([opcode, payload]);
  if (opcode === 0) {  // HANDSHAKE
    send({cmd: "DISPATCH", evt: "READY", nonce: null, data: {v: 1,
      config: {cdn_host: "cdn.discordapp.com", api_endpoint: "//discord.com/api",
               environment: "production"}, user: CFG.user}});
  } else if (opcode === 1 && payload && payload.cmd) {
    send(await command(payload.cmd, payload.args, payload.nonce));
  } else if (opcode === 2) {  // CLOSE
    frame.remove();
  }
});
</script></body></html>
"""


async def start_proxy(fake: FakeDiscord) -> web.AppRunner:
    """The discordsays listener (a port of its own: the Activity is another origin)."""
    app = web.Application(client_max_size=1024 * 1024)

    async def forward(request: web.Request) -> web.StreamResponse:
        return await proxy(fake, request)

    app.router.add_route("*", "/{tail:.*}", forward)
    runner = web.AppRunner(app, handle_signals=False, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    fake.activity_port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    fake.proxy_http = aiohttp.ClientSession()
    return runner


def routes(fake: FakeDiscord) -> list[tuple[str, str, Any]]:
    """Routes of the main listener (outside ``/api``): the host page and its AUTHORIZE."""

    async def page(request: web.Request) -> web.Response:
        return await host_page(fake, request)

    async def code(request: web.Request) -> web.Response:
        return await authorize(fake, request)

    return [("GET", "/activity-host", page), ("POST", "/activity-host/authorize", code)]
