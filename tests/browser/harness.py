"""Plays a table from browsers and the chat at once: each browser player clicks a random
element of the board their Activity draws (or, for a move no element stands for, one of the
buttons under it; a second click in the small menu when the element offers several), the
chat player answers their prompts through the fake Discord (tests/e2e/driver.py). Measures
click-to-update in the page itself (the time from sending a move to drawing the next frame)."""

from __future__ import annotations

import asyncio
import random
import re
import socket
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.async_api import BrowserContext, Frame, Page

from bot.text.i18n import t
from tests.e2e.driver import Driver, board_message
from tests.e2e.helpers import refusal

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
URL = re.compile(r"https?://\S+?/play/\d+\?t=[\w.\-]+")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class BrowserPlayer:
    name: str
    page: Page
    frame: Frame
    clicks: int = 0
    on_board: int = 0
    buttons: int = 0
    menus: int = 0
    refusals: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)

    async def state(self) -> dict[str, str]:
        return await self.frame.evaluate(
            "() => ({seq: document.body.dataset.seq || '', mine: document.body.dataset.mine || '',"
            " over: document.body.dataset.over || '', notice:"
            " (document.querySelector('.ct-notice[data-kind=error]') || {}).textContent || ''})"
        )

    async def latencies(self) -> list[float]:
        return list(await self.frame.evaluate("() => window.ctStats.latencies"))

    async def draws(self) -> list[float]:
        return list(await self.frame.evaluate("() => window.ctStats.draws"))

    async def waits(self) -> list[float]:
        return list(await self.frame.evaluate("() => window.ctStats.waits"))


def watch_console(player: BrowserPlayer) -> None:
    """Every console error and uncaught exception of the page, kept for the test to assert."""

    def console(msg: Any) -> None:
        if msg.type == "error":
            player.console_errors.append(msg.text)

    player.page.on("console", console)
    player.page.on("pageerror", lambda e: player.console_errors.append(str(e)))


async def sign_in_by_link(
    world: Any, ctx: BrowserContext, name: str, viewport: dict
) -> BrowserPlayer:
    """**Open board** on the chat's board: the ephemeral one-time link, opened in the browser."""
    board = board_message(world.fake, world.channel)
    assert board is not None
    res = await world.fake.click(world.users[name], board, t("web.open_board"))
    text = await refusal(res)
    found = URL.search(text)
    assert found, text
    page = await ctx.new_page()
    await page.set_viewport_size(viewport)
    player = BrowserPlayer(name, page, page.main_frame)
    watch_console(player)
    await page.goto(found.group(0))
    await page.wait_for_selector(".ct-board", timeout=15000)
    return player


async def sign_in_activity(
    world: Any, ctx: BrowserContext, name: str, viewport: dict
) -> BrowserPlayer:
    """The Activity as Discord's client shows it: the fake's activity-host page (the client)
    with the Activity in an iframe from the fake's discordsays proxy. The host page is served
    at https://discord.com, as Discord's is: the Embedded App SDK accepts messages from its own
    origin and Discord's only."""
    fake = world.fake
    platform = "mobile" if viewport is PHONE else "desktop"
    real = fake.activity_host_url(world.users[name], world.channel) + f"&platform={platform}"
    shown = "https://discord.com/activity-host?" + real.split("?", 1)[1]

    async def host(route: Any) -> None:
        if route.request.url.startswith("https://discord.com/activity-host/authorize"):
            answer = await route.fetch(url=f"{fake.http_base}/activity-host/authorize")
        else:
            answer = await route.fetch(url=real)
        await route.fulfill(response=answer)

    await ctx.route("https://discord.com/activity-host**", host)
    page = await ctx.new_page()
    await page.set_viewport_size(viewport)
    player = BrowserPlayer(name, page, page.main_frame)
    watch_console(player)
    await page.goto(shown)
    frame = None
    for _ in range(200):
        frame = next((f for f in page.frames if "/activity?" in f.url), None)
        if frame is not None:
            break
        await asyncio.sleep(0.05)
    assert frame is not None, ([f.url for f in page.frames], player.console_errors)
    player.frame = frame
    try:
        await frame.wait_for_selector(".ct-board", timeout=15000)
    except Exception as exc:  # noqa: BLE001 - say what the page shows instead
        shown = await frame.evaluate("() => document.body.innerText")
        rpc = await page.evaluate("() => JSON.stringify(window.__sdk || null).slice(0, 2000)")
        why = f"{name}: no board: {shown!r}; rpc {rpc}; {player.console_errors}"
        raise AssertionError(why) from exc
    return player


async def ask_why_and_card(player: BrowserPlayer, term: str) -> tuple[str, str]:
    """**Why?** and the card reference ("?" with a name), as a player asks them: the texts
    shown in the sheet (the same as the chat's)."""
    f = player.frame
    texts = []
    for ask in ("why", "card"):
        if ask == "why":
            await f.locator('[data-testid="why"]').click()
        else:
            await f.locator('[data-testid="card-name"]').fill(term)
            await f.locator('[data-testid="card"]').click()
        body = f.locator(".ct-sheet:not([hidden]) .ct-text-body")
        await body.wait_for(timeout=10000)
        texts.append(await body.inner_text())
        await f.locator(".ct-sheet:not([hidden]) .ct-cancel").click()
    return texts[0], texts[1]


async def small_targets(player: BrowserPlayer, least: float = 40.0) -> list[str]:
    """The board's clickable elements and the buttons smaller than ``least`` CSS px."""
    return list(
        await player.frame.evaluate(
            """least => [...document.querySelectorAll('.ct-move, .ct-btn')]
                .map(e => [e.getAttribute('data-move-key') || e.textContent,
                           e.getBoundingClientRect()])
                .filter(([, r]) => r.width > 0 && (r.width < least || r.height < least))
                .map(([k, r]) => `${k} ${r.width.toFixed(0)}x${r.height.toFixed(0)}`)""",
            least,
        )
    )


async def screenshot(player: BrowserPlayer, path: Path) -> None:
    """The whole Activity at the phone's width: the page grown to the board's height for the
    shot (the Activity scrolls inside its frame), then back to the phone's."""
    size = player.page.viewport_size or PHONE
    tall = int(
        await player.frame.evaluate(
            """() => { window.scrollTo(0, 0); const app = document.getElementById('app');
            return Math.ceil(Math.max(document.documentElement.scrollHeight,
                document.body.scrollHeight, app ? app.getBoundingClientRect().bottom + 8 : 0)); }"""
        )
    )
    await player.page.bring_to_front()  # a page in the background may not be painted
    await player.page.set_viewport_size(
        {"width": size["width"], "height": max(size["height"], tall)}
    )
    await player.frame.evaluate(
        "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(null))))"
    )
    await player.page.screenshot(path=str(path))
    await player.page.set_viewport_size(size)


async def click_something(player: BrowserPlayer, rng: random.Random) -> None:
    """A random legal move of this player, clicked where a person would click it."""
    f = player.frame
    targets = await f.eval_on_selector_all(
        ".ct-board .ct-move", "els => els.map(e => e.getAttribute('data-move-key'))"
    )
    loose = await f.eval_on_selector_all(".ct-loose .ct-btn", "els => els.length")
    options = [("board", k) for k in targets] + [("button", i) for i in range(loose)]
    assert options, f"{player.name}: it is my move but nothing can be clicked"
    kind, which = rng.choice(options)
    if kind == "board":
        # the element's first shape: a region's cell, a card's face (its centre may be a
        # neighbour's for an L-shaped region)
        await f.locator(f'.ct-board [data-move-key="{which}"] > rect').first.click()
        player.on_board += 1
    else:
        await f.locator(".ct-loose .ct-btn").nth(int(which)).click()
        player.buttons += 1
    menu = f.locator(".ct-sheet:not([hidden]) .ct-menu [data-move-id]")
    if await menu.count():
        player.menus += 1
        await menu.nth(rng.randrange(await menu.count())).click()
    player.clicks += 1


async def wait_frame(player: BrowserPlayer, seq: str, timeout: float = 10.0) -> None:
    """Until a newer frame is drawn or the move is refused (the notice turns red)."""
    try:
        await player.frame.wait_for_function(
            "seq => document.body.dataset.seq !== seq"
            " || !!document.querySelector('.ct-notice[data-kind=error]')",
            arg=seq,
            timeout=timeout * 1000,
        )
    except Exception as exc:  # noqa: BLE001 - Playwright's TimeoutError: said plainly
        raise AssertionError(f"{player.name}: no new frame {timeout}s after a click") from exc
    st = await player.state()
    if st["seq"] == seq and st["notice"]:
        player.refusals.append(st["notice"])


async def play(
    browsers: list[BrowserPlayer],
    chat: Driver,
    rng: random.Random,
    *,
    shot: Path | None = None,
    shot_after: int = 20,
    max_actions: int = 3000,
    idle_timeout: float = 15.0,
    term: str = "",
    report: dict[str, Any] | None = None,
    stop_after: int | None = None,
) -> dict[str, int]:
    """Until every browser shows the end (or ``stop_after`` moves were made, every browser
    showing the last of them); returns the count of moves by way. The first
    browser is the phone: each of its turns checks its touch targets (``report["small"]``),
    and once, mid-game, it asks Why? and looks ``term`` up (``report["why"]``, ``["card"]``)."""
    counts = {"browser": 0, "chat": 0}
    report = report if report is not None else {}
    report.setdefault("small", set())
    last_progress = time.monotonic()
    for _ in range(max_actions * 10):
        states = [await b.state() for b in browsers]
        if all(s["over"] == "yes" for s in states) and chat.final():
            return counts
        if stop_after is not None and counts["browser"] + counts["chat"] >= stop_after:
            versions: set[str] = set()
            for _ in range(100):  # the last move's frame may still be on its way
                await chat.fake.idle(quiet=0.05)
                versions = {
                    await b.frame.evaluate("() => document.body.dataset.version || ''")
                    for b in browsers
                }
                if len(versions) == 1:
                    return counts
            raise AssertionError(f"the browsers show different versions: {versions}")
        acted = False
        for b, st in zip(browsers, states, strict=True):
            if st["mine"] == "yes" and st["over"] != "yes":
                if b is browsers[0]:
                    report["small"].update(await small_targets(b))
                    if (
                        shot is not None
                        and counts["browser"] >= shot_after
                        and "shot" not in report
                    ):
                        await screenshot(b, shot)
                        report["shot"] = str(shot)
                    if "why" not in report and counts["browser"] >= shot_after and term:
                        report["why"], report["card"] = await ask_why_and_card(b, term)
                await click_something(b, rng)
                await wait_frame(b, st["seq"])
                counts["browser"] += 1
                acted = True
                break
        if not acted:
            found = chat.find_action()
            if found is not None and found[0] not in ("done",) and found[2] is not None:
                kind, who, msg = found
                if kind == "open":
                    await chat.act(kind, who, msg)
                else:
                    await chat.act(kind, who, msg)
                    counts["chat"] += 1
                await chat.fake.idle(quiet=0.01)
                acted = True
        if acted:
            last_progress = time.monotonic()
        elif time.monotonic() - last_progress > idle_timeout:
            raise AssertionError(f"nobody can move for {idle_timeout}s: {states}")
        else:
            await asyncio.sleep(0.02)
        if counts["browser"] + counts["chat"] > max_actions:
            break
    raise AssertionError(f"no end after {counts}")


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
