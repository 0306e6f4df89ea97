// The fixture viewer (web/dev/index.html?f=majesty-en): a recorded frame drawn without the
// server; ?sweep=<game> draws every frame of a recorded game and counts, per move type, the
// moves drawn on the board and those left to buttons (window.ctCoverage). Never shipped.

import { drawBoard } from "./board";
import { drawerFor } from "./games/index";
import { setLocale } from "./i18n";
import type { Frame, Hello } from "./protocol";
import { Page } from "./ui";

(window as { ctDev?: boolean }).ctDev = true;

type Coverage = Record<string, { board: number; loose: number }>;

async function sweep(game: string): Promise<void> {
  const res = await fetch(`../fixtures/${game}-sweep.json`);
  const data = (await res.json()) as { names: Record<string, string>; frames: { viewer: string; frame: Frame }[] };
  const drawer = drawerFor(game);
  const coverage: Coverage = {};
  const errors: string[] = [];
  for (const { viewer, frame } of data.frames) {
    try {
      if (frame.view === null) continue;
      const drawn = drawBoard(drawer, { ...frame, view: frame.view }, viewer, data.names, () => undefined);
      for (const entries of drawn.byKey.values()) {
        for (const e of entries) {
          const t = String(e.move["type"]);
          (coverage[t] ??= { board: 0, loose: 0 }).board += 1;
        }
      }
      for (const e of drawn.loose) (coverage[String(e.move["type"])] ??= { board: 0, loose: 0 }).loose += 1;
    } catch (err) {
      errors.push(String(err));
    }
  }
  (window as { ctCoverage?: unknown }).ctCoverage = { coverage, errors, frames: data.frames.length };
}

async function run(): Promise<void> {
  const params = new URLSearchParams(location.search);
  const game = params.get("sweep");
  if (game) return sweep(game);
  const name = params.get("f") ?? "majesty-en";
  const res = await fetch(`../fixtures/${name}.json`);
  const data = (await res.json()) as { hello: Hello; frame: Frame };
  setLocale(data.hello.locale);
  const root = document.getElementById("app");
  if (!root) return;
  const page = new Page(root, {
    move: (id) => page.say(`move ${id}`),
    why: () => page.showText("Why? (fixture)"),
    card: (n) => page.showText(`card ${n}`),
  });
  page.greet(data.hello);
  page.show(data.frame);
  Object.assign(window, { ctPage: page, ctFrame: data.frame });
}

void run();
