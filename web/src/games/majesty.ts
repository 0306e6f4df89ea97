// Majesty: the display row (take a card: click it), the realms (place a split card: click the
// location it goes to), meeples, points and the majorities.

import type { DrawContext, GameDrawer } from "../board";
import { tr } from "../i18n";
import { arr, num, obj, str, strs, type Dict } from "../protocol";
import { el, group, inkOn, patternFill, rgb, seatDisc, text, THEME, tint, type Pattern, type RGB } from "../svg";
import { count, term } from "../terms";

const LOCATIONS = ["mill", "brewery", "cottage", "guardhouse", "barracks", "inn", "castle"];
const HOME: Record<string, string> = {
  miller: "mill",
  brewer: "brewery",
  witch: "cottage",
  guard: "guardhouse",
  knight: "barracks",
  innkeeper: "inn",
  noble: "castle",
};
/** renderers/majesty.py CREST (vocab CHAR_COLOUR), with a pattern each (kit.PATTERNS) */
const CREST: Record<string, RGB> = {
  miller: [214, 172, 52],
  brewer: [176, 104, 44],
  witch: [76, 150, 72],
  guard: [196, 62, 52],
  knight: [62, 92, 160],
  innkeeper: [136, 84, 156],
  noble: [208, 108, 160],
};
const MARK: Record<string, Pattern> = {
  miller: "dots",
  brewer: "hatch",
  witch: "waves",
  guard: "cross",
  knight: "backhatch",
  innkeeper: "grid",
  noble: "bricks",
};
const W = 400;

function charName(c: string): string {
  return term("majesty", `character.${c}`);
}

function card(ctx: DrawContext, g: SVGGElement, x: number, y: number, w: number, h: number, chars: string[]): void {
  const part = h / Math.max(chars.length, 1);
  chars.forEach((c, i) => {
    const colour = tint(CREST[c] ?? [110, 110, 118], 0.45);
    el("rect", { x, y: y + i * part, width: w, height: part, fill: patternFill(ctx.svg, colour, MARK[c] ?? "plain", 10) }, g);
    const label = charName(c);
    el("rect", { x: x + 2, y: y + i * part + part / 2 - 9, width: w - 4, height: 16, rx: 3, fill: "rgba(255,255,255,0.85)" }, g);
    text(g, x + w / 2, y + i * part + part / 2 + 3, label, {
      "font-size": label.length > 10 ? 8 : label.length > 7 ? 9 : 11,
      "font-weight": 700,
      "text-anchor": "middle",
    });
  });
  el("rect", { x, y, width: w, height: h, rx: 5, fill: "none", stroke: THEME.ink, "stroke-width": 1.2 }, g);
}

function drawDisplay(ctx: DrawContext, y: number): number {
  const v = ctx.view;
  text(ctx.svg, 6, y + 14, `${tr("round", { n: num(v["round"]), of: num(v["rounds"]) })} · ${tr("deck")}: ${num(v["deck_count"])}`, {
    "font-size": 13,
    fill: THEME.muted,
  });
  y += 22;
  const slots = arr(v["display"]);
  const w = 62;
  slots.forEach((s, i) => {
    const slot = obj(s);
    const g = group(ctx.svg, { class: "ct-card", "data-slot": i });
    const x = 4 + i * (w + 4);
    card(ctx, g, x, y, w, 86, strs(obj(slot["card"])["characters"]));
    const cost = num(slot["cost"]);
    text(g, x + w / 2, y + 102, cost === 0 ? "0" : `−${cost}`, { "font-size": 12, "text-anchor": "middle", fill: THEME.muted });
    const meeples = num(slot["meeples"]);
    if (meeples > 0) {
      el("circle", { cx: x + w - 10, cy: y + 10, r: 9, fill: THEME.band }, g);
      text(g, x + w - 10, y + 14, `+${meeples}`, { "font-size": 10, fill: THEME.bandInk, "text-anchor": "middle" });
    }
    ctx.target(g, `slot:${num(slot["index"], i)}`);
  });
  return y + 110;
}

function drawPending(ctx: DrawContext, y: number): number {
  const pending = obj(ctx.view["pending"]);
  const c = obj(pending["card"]);
  if (!c["characters"]) return y;
  const g = group(ctx.svg);
  card(ctx, g, 4, y, 62, 60, strs(c["characters"]));
  return y + 66;
}

function drawRealm(ctx: DrawContext, pid: string, y: number, big: boolean): number {
  const realm = obj(obj(ctx.view["realms"])[pid]);
  const g = group(ctx.svg, { class: "ct-realm", "data-player": pid });
  const active = str(ctx.view["active"]) === pid;
  el("rect", { x: 2, y, width: W - 4, height: big ? 108 : 64, rx: 6, fill: THEME.panel, stroke: active ? THEME.highlight : THEME.line, "stroke-width": active ? 3 : 1 }, g);
  seatDisc(g, 16, y + 15, 10, ctx.seat(pid));
  const who = ctx.name(pid) + (pid === ctx.viewer ? ` (${tr("you")})` : "");
  text(g, 32, y + 20, who, { "font-size": 14, "font-weight": 700 });
  text(g, W - 8, y + 20, `${count("majesty", "point", num(realm["points"]))} · ${count("majesty", "meeple", num(realm["meeples"]))}`, {
    "font-size": 12,
    "text-anchor": "end",
  });
  const counts = obj(realm["counts"]);
  const cw = (W - 8) / 8;
  const h = big ? 74 : 32;
  [...LOCATIONS, "infirmary"].forEach((loc, i) => {
    const x = 4 + i * cw;
    const character = Object.keys(HOME).find((c) => HOME[c] === loc);
    const colour: RGB = character ? (CREST[character] ?? [110, 110, 118]) : [110, 110, 118];
    const cell = group(g, { "data-location": loc });
    el("rect", { x: x + 1, y: y + 28, width: cw - 2, height: h, rx: 4, fill: patternFill(ctx.svg, tint(colour, 0.6), character ? (MARK[character] ?? "plain") : "plain", 10), stroke: rgb(colour) }, cell);
    const n = loc === "infirmary" ? arr(realm["infirmary"]).length : num(counts[loc]);
    const head = term("majesty", `location.${loc}`, true);
    text(cell, x + cw / 2, y + 40, head.slice(0, 7), { "font-size": 9, "text-anchor": "middle", fill: inkOn(tint(colour, 0.6)) });
    text(cell, x + cw / 2, y + 28 + h - 6, String(n), { "font-size": big ? 22 : 13, "font-weight": 700, "text-anchor": "middle" });
    if (pid === ctx.viewer) ctx.target(cell, `loc:${loc}`);
  });
  return y + (big ? 112 : 68);
}

function players(view: Dict): string[] {
  return strs(view["players"]);
}

export const majesty: GameDrawer = {
  width: W,
  players,
  draw(ctx) {
    el("rect", { x: 0, y: 0, width: W, height: 4000, fill: THEME.background }, ctx.svg);
    let y = drawDisplay(ctx, 4);
    y = drawPending(ctx, y);
    const order = strs(ctx.view["order"]).length ? strs(ctx.view["order"]) : players(ctx.view);
    const me = ctx.viewer && order.includes(ctx.viewer) ? ctx.viewer : null;
    if (me) y = drawRealm(ctx, me, y, true);
    for (const pid of order) if (pid !== me) y = drawRealm(ctx, pid, y, false);
    ctx.svg.querySelector("rect")?.setAttribute("height", String(y + 4));
    return y + 4;
  },
  keyOf(move) {
    const type = str(move["type"]);
    if (type === "take") return `slot:${num(move["index"])}`;
    if (type === "place") return `loc:${HOME[str(move["character"])] ?? ""}`;
    return null;
  },
};
