// Which drawer draws which game; a game without one gets a plain panel and buttons only.

import type { GameDrawer } from "../board";
import { str, strs } from "../protocol";
import { el, text, THEME } from "../svg";
import { elves } from "./elves";
import { empire } from "./empire_engine";
import { majesty } from "./majesty";
import { tek } from "./tek";

const DRAWERS: Record<string, GameDrawer> = { majesty, elves, tek, empire_engine: empire };

const plain: GameDrawer = {
  width: 400,
  players: (view) => strs(view["players"]),
  draw(ctx) {
    el("rect", { x: 0, y: 0, width: 400, height: 40, fill: THEME.background }, ctx.svg);
    text(ctx.svg, 8, 25, str(ctx.view["game"]), { "font-size": 14 });
    return 40;
  },
  keyOf: () => null,
};

export function drawerFor(game: string): GameDrawer {
  return DRAWERS[game] ?? plain;
}
