// The board: a game's drawer draws the view as SVG and names its elements; every legal move
// of the viewer is attached to the element it refers to (a card, a region, a gear, a village).
// Moves no element stands for are left over for the fallback buttons.

import type { Dict, Frame, MoveEntry } from "./protocol";
import { el, seatColour } from "./svg";

export interface DrawContext {
  svg: SVGSVGElement;
  view: Dict;
  viewer: string | null;
  /** the viewer's legal moves (to draw a choice the view itself does not show) */
  moves: Dict[];
  /** whether ``pid`` holds a seat */
  seated(pid: string): boolean;
  /** the seat (0-based) of a player id; seats follow the view's own player order */
  seat(pid: string): number;
  name(pid: string): string;
  colour(pid: string): string;
  /** ``node`` stands for the moves whose key is ``key`` */
  target(node: SVGElement, key: string): void;
}

export interface GameDrawer {
  /** viewBox width: 400 units, about one CSS pixel each on a phone */
  width: number;
  /** the player ids in seat order */
  players(view: Dict): string[];
  /** draws the board into ctx.svg, returns the height used */
  draw(ctx: DrawContext): number;
  /** the element a move belongs to, or null for a fallback button */
  keyOf(move: Dict, view: Dict, viewer: string | null): string | null;
}

export interface Drawn {
  svg: SVGSVGElement;
  /** element key -> the moves made there */
  byKey: Map<string, MoveEntry[]>;
  /** moves without an element on the board */
  loose: MoveEntry[];
}

export function drawBoard(
  drawer: GameDrawer,
  frame: Frame & { view: Dict },
  viewer: string | null,
  names: Record<string, string>,
  choose: (entries: MoveEntry[], anchor: SVGElement) => void,
): Drawn {
  const svg = el("svg", { class: "ct-board", role: "img" });
  const order = drawer.players(frame.view);
  const targets = new Map<string, SVGElement>();
  const ctx: DrawContext = {
    svg,
    view: frame.view,
    viewer,
    moves: frame.moves.map((m) => m.move),
    seated: (pid) => order.includes(pid),
    seat: (pid) => Math.max(0, order.indexOf(pid)),
    name: (pid) => names[pid] ?? (pid.startsWith("ai:") ? `AI ${pid.slice(3)}` : pid),
    colour: (pid) => seatColour(Math.max(0, order.indexOf(pid))),
    target: (node, key) => {
      if (!targets.has(key)) targets.set(key, node);
    },
  };
  const height = drawer.draw(ctx);
  svg.setAttribute("viewBox", `0 0 ${drawer.width} ${Math.ceil(height)}`);
  const byKey = new Map<string, MoveEntry[]>();
  const loose: MoveEntry[] = [];
  for (const entry of frame.moves) {
    const key = drawer.keyOf(entry.move, frame.view, viewer);
    if (key === null || !targets.has(key)) {
      loose.push(entry);
      continue;
    }
    const list = byKey.get(key) ?? [];
    list.push(entry);
    byKey.set(key, list);
  }
  for (const [key, entries] of byKey) {
    const node = targets.get(key);
    if (!node) continue;
    node.classList.add("ct-move");
    node.setAttribute("data-move-key", key);
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
    node.setAttribute("aria-label", entries.map((e) => e.label).join(" / "));
    const title = el("title", {}, node);
    title.textContent = entries.map((e) => e.label).join("\n");
    const fire = (ev: Event): void => {
      ev.preventDefault();
      choose(entries, node);
    };
    node.addEventListener("click", fire);
    node.addEventListener("keydown", (ev) => {
      if (ev instanceof KeyboardEvent && (ev.key === "Enter" || ev.key === " ")) fire(ev);
    });
  }
  return { svg, byKey, loose };
}
