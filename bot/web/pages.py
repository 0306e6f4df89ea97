"""Read-only pages at signed links the bot posts (issue 32 item 4), in English or Czech
(``?lang=``; the reader's browser otherwise): a table's replay, stepped through frame by
frame (the frames of ``/game replay``: public views only, :mod:`bot.core.replay`), and a
server's standings. No sign-in: the link's token (``r1``, :mod:`bot.web.tokens`) is the key,
for that one table or server."""

from __future__ import annotations

import html
from typing import Any

from aiohttp import web

from bot.core import replay as replays
from bot.core.errors import HostError
from bot.core.ratings import conservative
from bot.text.i18n import game_title, number, t, tn, using
from bot.web.state import WEB, reader, refused
from bot.web.tokens import TokenError

STANDINGS_SHOWN = 50
STYLE = (
    "body{font-family:system-ui,sans-serif;max-width:60rem;margin:1rem auto;padding:0 1rem;"
    "background:#1e1f22;color:#dbdee1}a{color:#8ab4f8}img{max-width:100%;height:auto}"
    "nav a{margin-right:1rem}table{border-collapse:collapse}td,th{padding:.25rem .75rem;"
    "text-align:left;border-bottom:1px solid #3f4147}"
)


def document(lang: str, title: str, body: str) -> web.Response:
    text = (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width,initial-scale=1">'
        f"<title>{html.escape(title)}</title><style>{STYLE}</style></head>"
        f"<body><h1>{html.escape(title)}</h1>{body}</body></html>"
    )
    return web.Response(text=text, content_type="text/html", charset="utf-8")


async def _replay(request: web.Request) -> replays.Replay:
    """The replay a request's link opens (``TokenError`` / ``HostError`` otherwise)."""
    state = request.app[WEB]
    raw = request.match_info["table"]
    if not raw.isdigit() or len(raw) > 18:
        raise HostError("unknown_table", table=raw[:20])
    state.tokens.check_read(request.query.get("t"), "replay", int(raw))
    rec = await state.bridge.host.get(int(raw))
    return await replays.load(state.bridge.host, rec)


def _index(request: web.Request, replay: replays.Replay) -> int:
    raw = request.query.get("frame", "")
    return replay.clamp(int(raw)) if raw.isdigit() and len(raw) < 6 else replay.last


def _refusal(request: web.Request, exc: Exception) -> web.Response:
    if isinstance(exc, TokenError):
        return refused(request, 401 if exc.code != "other_table" else 403, f"web.error.{exc.code}")
    if isinstance(exc, HostError):
        return web.json_response({"error": exc.text()}, status=404)
    raise exc


async def replay_page(request: web.Request) -> web.Response:
    lang = reader(request)
    with using(lang):
        try:
            replay = await _replay(request)
        except (TokenError, HostError) as exc:
            return _refusal(request, exc)
        index = _index(request, replay)
        frame = replay.frames[index]
        base = f"/replay/{replay.table}?t={html.escape(request.query['t'])}&lang={lang}"
        nav = [
            ("web.replay.first", 0),
            ("prompt.prev", index - 1),
            ("prompt.next", index + 1),
            ("web.replay.last", replay.last),
        ]
        links = " ".join(
            f'<a href="{base}&frame={replay.clamp(n)}">{html.escape(t(k))}</a>' for k, n in nav
        )
        lines = replays.turn_lines(replay.game, replay.names, frame.events)
        image = f"/replay/{replay.table}/{index}.png?t={html.escape(request.query['t'])}"
        body = (
            f"<p>{html.escape(t('web.replay.frame', n=index + 1, total=replay.last + 1))}</p>"
            f"<nav>{links}</nav>"
            f'<p><img src="{image}&lang={lang}" alt="{html.escape(t("web.replay.alt"))}"></p>'
            "<ul>" + "".join(f"<li>{html.escape(x)}</li>" for x in lines) + "</ul>"
        )
        title = t("replay.title", game=game_title(replay.game, replay.title), id=replay.table)
        return document(lang, title, body)


async def replay_png(request: web.Request) -> web.Response:
    with using(reader(request)):
        try:
            replay = await _replay(request)
        except (TokenError, HostError) as exc:
            return _refusal(request, exc)
        raw = request.match_info["frame"]
        if not raw.isdigit() or int(raw) > replay.last:
            return web.json_response({"error": t("web.error.not_found")}, status=404)
        png = await replays.frame_png(replay, int(raw))
    if png is None:
        return web.json_response({"error": t("web.error.not_found")}, status=404)
    return web.Response(body=png, content_type="image/png")


async def replay_api(request: web.Request) -> web.Response:
    """``GET /api/replay/{table}?t=``: the frames for the front end to draw."""
    with using(reader(request)):
        try:
            replay = await _replay(request)
        except (TokenError, HostError) as exc:
            return _refusal(request, exc)
        out: list[dict[str, Any]] = [
            {
                "index": f.index,
                "view": f.view,
                "envelope": f.view.get("envelope"),
                "text": {"last": replays.turn_lines(replay.game, replay.names, f.events)},
            }
            for f in replay.frames
        ]
    return web.json_response({"game": replay.game, "names": replay.names, "frames": out})


async def standings_page(request: web.Request) -> web.Response:
    state = request.app[WEB]
    lang, guild = reader(request), request.match_info["guild"]
    with using(lang):
        try:
            if not guild.isdigit() or len(guild) > 20:
                raise TokenError("forged")
            state.tokens.check_read(request.query.get("t"), "standings", guild)
        except TokenError as exc:
            return _refusal(request, exc)
        host = state.bridge.host
        rows = (await host.standings(guild, None))[:STANDINGS_SHOWN]
        cells = []
        for i, r in enumerate(rows, start=1):
            who = await state.bridge.user_name(r["player_id"])
            game = host.game(r["game"])
            cells.append(
                f"<tr><td>{i}.</td><td>{html.escape(who)}</td>"
                f"<td>{html.escape(game_title(r['game'], game.title))}</td>"
                f"<td>{number(conservative(r['mu'], r['sigma']))}</td>"
                f"<td>{html.escape(tn('count.games', r['games']))}</td>"
                f"<td>{html.escape(tn('count.wins', r['wins']))}</td></tr>"
            )
        body = (
            "<table>" + "".join(cells) + "</table>"
            if cells
            else f"<p>{html.escape(t('standings.empty'))}</p>"
        ) + f"<p><small>{html.escape(t('standings.footer'))}</small></p>"
        return document(lang, t("web.standings.title"), body)


def add_routes(app: web.Application) -> None:
    app.router.add_get("/replay/{table}", replay_page)
    app.router.add_get("/replay/{table}/{frame}.png", replay_png)
    app.router.add_get("/api/replay/{table}", replay_api)
    app.router.add_get("/standings/{guild}", standings_page)
