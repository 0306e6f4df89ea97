"""Screenshots of the fixture viewer (web/dev/) at 390x844, into /work/notes/shots/fixtures/.

(cd web && node build.mjs --dev) && .venv/bin/python web/shoot_fixtures.py
"""

from __future__ import annotations

import functools
import http.server
import sys
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
OUT = Path("/work/notes/shots/fixtures")


def main(names: list[str]) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    handler = functools.partial(Quiet, directory=str(ROOT))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = server.server_address[1]
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path="/usr/bin/chromium")
            page = browser.new_page(viewport={"width": 390, "height": 844})
            page.on("console", lambda m: print("console:", m.text))
            page.on("pageerror", lambda e: print("pageerror:", e))
            for game in ("majesty", "elves", "tek", "empire_engine"):
                page.goto(f"http://127.0.0.1:{port}/web/dev/index.html?sweep={game}")
                page.wait_for_function("window.ctCoverage !== undefined", timeout=60000)
                print(game, page.evaluate("window.ctCoverage"))
            for name in names:
                page.goto(f"http://127.0.0.1:{port}/web/dev/index.html?f={name}")
                page.wait_for_selector(".ct-board")
                page.screenshot(path=str(OUT / f"{name}.png"), full_page=True)
                n = page.locator(".ct-move").count()
                loose = page.locator(".ct-loose .ct-btn").count()
                print(name, "board targets:", n, "buttons:", loose)
            browser.close()
    finally:
        server.shutdown()


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


if __name__ == "__main__":
    main(sys.argv[1:] or ["majesty-en", "elves-en", "tek-en", "empire_engine-en"])
