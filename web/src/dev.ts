// The fixture viewer (web/dev/index.html?f=majesty-en): a recorded frame drawn without the
// server. Never shipped.

import { setLocale } from "./i18n";
import type { Frame, Hello } from "./protocol";
import { Page } from "./ui";

(window as { ctDev?: boolean }).ctDev = true;

async function run(): Promise<void> {
  const name = new URLSearchParams(location.search).get("f") ?? "majesty-en";
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
}

void run();
