// Empire Engine: every seat's engine (the two cards' top actions, ready soldiers and goods,
// the score), the viewer's two engine cards with the actions they can turn to (click a card
// to lay it, an action to orient or gear it), a rival to steal from (click their row).

import type { DrawContext, GameDrawer } from "../board";
import { tr } from "../i18n";
import { num, obj, str, strs, type Dict } from "../protocol";
import { el, group, patternFill, rgb, seatDisc, text, THEME, type Pattern, type RGB } from "../svg";
import { term } from "../terms";

const W = 400;
/** renderers/ee_parts.py RESOURCE, CARD, GEAR */
const RESOURCE: Record<string, RGB> = { soldier: [250, 140, 140], good: [240, 200, 60], invention: [110, 170, 240] };
const CARD: RGB = [250, 236, 205];
const ACTION_LOOK: Record<string, [RGB, Pattern, string]> = {
  Arm: [[250, 140, 140], "plain", "⚔"],
  Attack: [[230, 110, 100], "hatch", "➶"],
  Defend: [[200, 200, 205], "cross", "◈"],
  Produce: [[240, 200, 60], "dots", "⚙"],
  Invent: [[110, 170, 240], "waves", "✦"],
  Export: [[150, 200, 150], "grid", "⇪"],
  Salvage: [[210, 170, 120], "backhatch", "⚓"],
};

function actionTile(ctx: DrawContext, parent: SVGGElement, x: number, y: number, w: number, h: number, action: string): SVGGElement {
  const g = group(parent, { class: "ct-action", "data-action": action });
  const look = ACTION_LOOK[action] ?? [[220, 220, 220] as RGB, "plain" as Pattern, "?"];
  el("rect", { x, y, width: w, height: h, rx: 6, fill: patternFill(ctx.svg, look[0], look[1], 10), stroke: THEME.ink }, g);
  el("rect", { x: x + 3, y: y + h - 17, width: w - 6, height: 14, rx: 3, fill: "rgba(255,255,255,0.88)" }, g);
  const name = term("empire_engine", `action.${action}`, true);
  text(g, x + w / 2, y + h - 6, name, { "font-size": name.length > 6 ? 8 : 10, "text-anchor": "middle", "font-weight": 700 });
  text(g, x + w / 2, y + h / 2 - 1, look[2], { "font-size": 15, "text-anchor": "middle" });
  return g;
}

function pile(g: SVGGElement, x: number, y: number, kind: string, n: number): number {
  const c = RESOURCE[kind] ?? [200, 200, 200];
  el("rect", { x, y, width: 24, height: 18, rx: 4, fill: rgb(c), stroke: THEME.ink }, g);
  text(g, x + 12, y + 13, String(n), { "font-size": 11, "font-weight": 700, "text-anchor": "middle" });
  text(g, x + 27, y + 13, term("empire_engine", `resource.${kind}`, true), { "font-size": 9, fill: THEME.muted });
  return x + 76;
}

function drawSeat(ctx: DrawContext, pid: string, seat: Dict, y: number): number {
  const g = group(ctx.svg, { class: "ct-seat", "data-player": pid });
  const acting = strs(ctx.view["actors"]).includes(pid);
  el("rect", { x: 2, y, width: W - 4, height: 52, rx: 6, fill: THEME.panel, stroke: acting ? THEME.highlight : THEME.line, "stroke-width": acting ? 3 : 1 }, g);
  seatDisc(g, 16, y + 15, 10, ctx.seat(pid));
  const done = seat["chosen"] === true ? " ✓" : "";
  text(g, 32, y + 20, `${ctx.name(pid)}${pid === ctx.viewer ? ` (${tr("you")})` : ""}${done}`, { "font-size": 13, "font-weight": 700 });
  text(g, W - 8, y + 20, `${tr("score")}: ${num(seat["score_total"])}`, { "font-size": 12, "text-anchor": "end" });
  const ready = obj(seat["ready"]);
  let x = pile(g, 10, y + 28, "soldier", num(ready["soldier"]));
  x = pile(g, x, y + 28, "good", num(ready["good"]));
  for (const side of ["L", "R"]) {
    const top = str(seat[`top_${side}`]);
    if (top) {
      const look = ACTION_LOOK[top];
      el("rect", { x: x + 6, y: y + 27, width: 82, height: 20, rx: 4, fill: look ? patternFill(ctx.svg, look[0], look[1], 8) : "#eee", stroke: THEME.ink }, g);
      el("rect", { x: x + 9, y: y + 30, width: 76, height: 14, rx: 3, fill: "rgba(255,255,255,0.85)" }, g);
      text(g, x + 47, y + 41, `${side}: ${term("empire_engine", `action.${top}`, true)}`, { "font-size": 9, "text-anchor": "middle" });
      x += 86;
    }
  }
  const placed = (Array.isArray(seat["placed"]) ? seat["placed"] : []).map(obj);
  if (placed.length) text(g, W - 8, y + 42, placed.map((p) => `▮${str(p["card"])}`).join(" "), { "font-size": 11, "text-anchor": "end" });
  if (pid !== ctx.viewer) ctx.target(g, `player:${pid}`);
  return y + 56;
}

function drawMine(ctx: DrawContext, y: number): number {
  const you = obj(ctx.view["you"]);
  if (!ctx.viewer || !you["player"]) return y;
  const rotations = obj(you["rotations"]);
  const me = obj(obj(ctx.view["players"])[ctx.viewer]);
  const half = (W - 12) / 2;
  for (const [i, card] of ["L", "R"].entries()) {
    const x = 4 + i * (half + 4);
    const g = group(ctx.svg, { class: "ct-engine", "data-card": card });
    el("rect", { x, y, width: half, height: 130, rx: 8, fill: rgb(CARD), stroke: THEME.ink, "stroke-width": 1.5 }, g);
    const top = str(me[`top_${card}`]);
    text(g, x + 8, y + 18, `${card} · ${top ? term("empire_engine", `action.${top}`) : ""}`, { "font-size": 13, "font-weight": 700 });
    ctx.target(g, `card:${card}`);
    const actions: string[] = [...strs(rotations[card])];
    if (!actions.length && top && !ctx.moves.some((m) => str(m["card"]) === card && m["action"])) actions.push(top);
    for (const m of ctx.moves) {
      const a = str(m["action"]);
      if (str(m["card"]) === card && a && !actions.includes(a)) actions.push(a);
    }
    const tw = (half - 12) / Math.max(4, actions.length);
    actions.forEach((a, k) => {
      const tile = actionTile(ctx, g, x + 6 + k * tw, y + 30, tw - 2, 64, a);
      text(tile, x + 6 + k * tw + (tw - 2) / 2, y + 108, k === 0 ? "·" : `↻${k}`, { "font-size": 11, "text-anchor": "middle", fill: THEME.muted });
      ctx.target(tile, `act:${card}:${a}`);
    });
  }
  return y + 136;
}

export const empire: GameDrawer = {
  width: W,
  players: (view) => strs(view["seat_order"]),
  draw(ctx) {
    const bg = el("rect", { x: 0, y: 0, width: W, height: 10, fill: THEME.background }, ctx.svg);
    const v = ctx.view;
    text(ctx.svg, 6, 18, tr("round", { n: num(v["round"]), of: num(v["rounds"]) }), { "font-size": 13, fill: THEME.muted });
    let y = drawMine(ctx, 26);
    const seats = obj(v["players"]);
    for (const pid of strs(v["seat_order"])) y = drawSeat(ctx, pid, obj(seats[pid]), y);
    bg.setAttribute("height", String(y + 4));
    return y + 4;
  },
  keyOf(move) {
    const type = str(move["type"]);
    const card = str(move["card"]);
    if (type === "lay" || type === "place") return `card:${card}`;
    if ((type === "orient" || type === "gear") && move["action"]) return `act:${card}:${str(move["action"])}`;
    if (type === "steal") return `player:${str(move["target"])}`;
    return null;
  },
};
