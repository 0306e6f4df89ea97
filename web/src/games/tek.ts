// Tiny Epic Kingdoms: the territory cards (click a region to start, move, expand, retreat),
// the action shields (click an action to select or perform it), each kingdom's resources
// (click one to take it).

import type { DrawContext, GameDrawer } from "../board";
import { locale, tr } from "../i18n";
import { arr, num, obj, str, strs, type Dict } from "../protocol";
import { el, group, patternFill, seatDisc, text, THEME, type Pattern, type RGB } from "../svg";
import { term } from "../terms";

const W = 400;
/** renderers/tek.py TERRAIN and PATTERN */
const TERRAIN: Record<string, RGB> = {
  forest: [135, 204, 0],
  mountain: [190, 172, 116],
  plains: [255, 255, 81],
  capital: [255, 172, 184],
  ruins: [198, 195, 255],
  water: [70, 164, 251],
  crag: [112, 127, 127],
};
const PATTERN: Record<string, Pattern> = {
  forest: "dots",
  mountain: "peaks",
  plains: "plain",
  capital: "bricks",
  ruins: "cross",
  water: "waves",
  crag: "hatch",
};
const ACTIONS = ["patrol", "quest", "build", "research", "expand", "trade"];
const RESOURCES = ["mana", "ore", "food"];
const RES_COLOUR: Record<string, string> = { mana: "rgb(110,170,240)", ore: "rgb(160,160,170)", food: "rgb(240,200,60)" };
const CELL = 62;
const TITLE = 18;

function terrain(ctx: DrawContext, kind: string): string {
  const c = TERRAIN[kind] ?? TERRAIN["crag"] ?? [112, 127, 127];
  return patternFill(ctx.svg, c, PATTERN[kind] ?? "plain", 12);
}

function meeple(ctx: DrawContext, g: SVGGElement, x: number, y: number, owner: string, searching: boolean): void {
  const known = ctx.seated(owner);
  if (searching) {
    el("path", { d: `M${x} ${y - 11} L${x + 11} ${y} L${x} ${y + 11} L${x - 11} ${y} Z`, fill: known ? ctx.colour(owner) : "#fff", stroke: THEME.ink }, g);
  }
  if (known && !searching) seatDisc(g, x, y, 10, ctx.seat(owner));
  if (!known) {
    el("circle", { cx: x, cy: y, r: 10, fill: "#fff", stroke: THEME.ink }, g);
    text(g, x, y + 4, "N", { "font-size": 10, "text-anchor": "middle", "font-weight": 700 });
  }
  if (known && searching) text(g, x, y + 4, String(ctx.seat(owner) + 1), { "font-size": 11, fill: "#fff", "text-anchor": "middle", "font-weight": 700 });
}

function drawCard(ctx: DrawContext, side: Dict, x: number, y: number, war: string): void {
  const name = locale() === "cs" ? str(side["name_cs"], str(side["name"])) : str(side["name"]);
  const owner = str(side["owner"]);
  if (owner) seatDisc(ctx.svg, x + 8, y + 8, 7, ctx.seat(owner));
  text(ctx.svg, x + (owner ? 20 : 2), y + 13, `${str(side["side"])} ${name}`, { "font-size": 12, "font-weight": 700 });
  const top = y + TITLE;
  const grid = strs(side["grid"]).join("");
  const regions = arr(side["regions"]).map(obj);
  for (let c = 0; c < 9; c++) {
    const ch = grid[c] ?? "^";
    if (ch === "~" || ch === "^") {
      const kind = ch === "~" ? "water" : "crag";
      el("rect", { x: x + (c % 3) * CELL, y: top + Math.floor(c / 3) * CELL, width: CELL - 1, height: CELL - 1, fill: terrain(ctx, kind), stroke: THEME.line }, ctx.svg);
    }
  }
  for (const r of regions) {
    const id = str(r["id"]);
    const g = group(ctx.svg, { class: "ct-region", "data-region": id });
    const cells = arr(r["cells"]).map((c) => num(c));
    for (const c of cells) {
      el("rect", { x: x + (c % 3) * CELL, y: top + Math.floor(c / 3) * CELL, width: CELL - 1, height: CELL - 1, fill: terrain(ctx, str(r["type"])), stroke: id === war ? "rgb(190,0,0)" : THEME.line, "stroke-width": id === war ? 4 : 1 }, g);
    }
    const first = Math.min(...cells);
    const fx = x + (first % 3) * CELL;
    const fy = top + Math.floor(first / 3) * CELL;
    el("rect", { x: fx + 2, y: fy + 2, width: 14, height: 15, fill: THEME.panel }, g);
    text(g, fx + 9, fy + 14, str(r["letter"]), { "font-size": 12, "font-weight": 700, "text-anchor": "middle" });
    const token = str(r["token"]);
    if (token) {
      const label = token === "face_down" ? "?" : term("tek", `token.${token}`, true).slice(0, 8);
      el("rect", { x: fx + CELL - 48, y: fy + CELL - 17, width: 46, height: 15, rx: 3, fill: "#fff", stroke: THEME.ink }, g);
      text(g, fx + CELL - 25, fy + CELL - 6, label, { "font-size": 9, "text-anchor": "middle", "font-weight": 700 });
    }
    const spots = cells.flatMap((c) => [0, 1].map((k) => [x + (c % 3) * CELL + 17 + k * 26, top + Math.floor(c / 3) * CELL + 40]));
    arr(r["meeples"]).map(obj).slice(0, spots.length).forEach((m, k) => {
      const s = spots[k];
      if (s) meeple(ctx, g, s[0] ?? 0, s[1] ?? 0, str(m["owner"]), m["searching"] === true);
    });
    ctx.target(g, `region:${id}`);
  }
  for (const pair of arr(side["rivers"])) {
    const [a, b] = arr(pair).map((v) => num(v));
    if (a === undefined || b === undefined) continue;
    const ax = a % 3;
    const ay = Math.floor(a / 3);
    const bx = b % 3;
    const by = Math.floor(b / 3);
    if (ay === by) el("rect", { x: x + Math.max(ax, bx) * CELL - 3, y: top + ay * CELL, width: 5, height: CELL, fill: "rgb(30,90,200)" }, ctx.svg);
    else el("rect", { x: x + ax * CELL, y: top + Math.max(ay, by) * CELL - 3, width: CELL, height: 5, fill: "rgb(30,90,200)" }, ctx.svg);
  }
}

function drawMap(ctx: DrawContext, y: number): number {
  const sides = arr(ctx.view["map"]).map(obj);
  const war = str(obj(obj(obj(ctx.view["step"])["context"])["war"])["region"]);
  sides.forEach((side, i) => drawCard(ctx, side, 6 + (i % 2) * (3 * CELL + 12), y + Math.floor(i / 2) * (3 * CELL + TITLE + 8), war));
  return y + Math.ceil(sides.length / 2) * (3 * CELL + TITLE + 8);
}

function drawActions(ctx: DrawContext, y: number): number {
  const used = strs(ctx.view["shields"]);
  const open = strs(ctx.view["available_actions"]);
  text(ctx.svg, 6, y + 13, tr("actions"), { "font-size": 13, "font-weight": 700 });
  y += 18;
  const w = (W - 12) / 6;
  ACTIONS.forEach((a, i) => {
    const g = group(ctx.svg, { class: "ct-action", "data-action": a });
    const taken = used.includes(a);
    el("rect", { x: 6 + i * w, y, width: w - 4, height: 44, rx: 8, fill: taken ? "rgb(200,200,205)" : open.includes(a) ? THEME.panel : "rgb(234,228,214)", stroke: THEME.ink, "stroke-dasharray": taken ? "3 3" : "" }, g);
    const label = term("tek", `action.${a}`, true);
    text(g, 6 + i * w + (w - 4) / 2, y + 27, label, { "font-size": label.length > 9 ? 8.5 : 10, "text-anchor": "middle", "font-weight": 700 });
    ctx.target(g, `action:${a}`);
  });
  return y + 52;
}

function drawPlayers(ctx: DrawContext, y: number): number {
  const active = str(ctx.view["active"]);
  for (const p of arr(ctx.view["players"]).map(obj)) {
    const pid = str(p["id"]);
    const g = group(ctx.svg, { class: "ct-kingdom", "data-player": pid });
    const mine = pid === ctx.viewer;
    const h = mine ? 80 : 48;
    el("rect", { x: 2, y, width: W - 4, height: h, rx: 6, fill: THEME.panel, stroke: pid === active ? THEME.highlight : THEME.line, "stroke-width": pid === active ? 3 : 1 }, g);
    seatDisc(g, 16, y + 15, 10, ctx.seat(pid));
    const f = obj(p["faction"]);
    const faction = locale() === "cs" ? str(f["name_cs"], str(f["name"])) : str(f["name"]);
    text(g, 32, y + 20, `${ctx.name(pid)}${mine ? ` (${tr("you")})` : ""}${faction ? ` · ${faction}` : ""}`, { "font-size": 13, "font-weight": 700 });
    text(g, W - 8, y + 20, `${num(p["score_now"])} ★`, { "font-size": 13, "text-anchor": "end", "font-weight": 700 });
    const res = obj(p["resources"]);
    const line = `${RESOURCES.map((r) => `${term("tek", `resource.${r}`, true)} ${num(res[r])}`).join(" · ")} · ${tr("tower")} ${num(p["tower"])} · ${tr("magic")} ${num(p["magic"])} · ${tr("meeples")} ${num(p["meeples_in_play"])}+${num(p["supply"])}`;
    if (!mine) text(g, 12, y + 40, line, { "font-size": 11 });
    if (mine) {
      RESOURCES.forEach((r, i) => {
        const cell = group(g, { class: "ct-resource", "data-resource": r });
        el("rect", { x: 8 + i * 96, y: y + 30, width: 90, height: 44, rx: 6, fill: RES_COLOUR[r] ?? "#ccc", stroke: THEME.ink }, cell);
        text(cell, 8 + i * 96 + 45, y + 49, term("tek", `resource.${r}`, true), { "font-size": 11, "text-anchor": "middle" });
        text(cell, 8 + i * 96 + 45, y + 68, String(num(res[r])), { "font-size": 15, "text-anchor": "middle", "font-weight": 700 });
        ctx.target(cell, `res:${r}`);
      });
      text(g, 300, y + 49, `${tr("tower")} ${num(p["tower"])} · ${tr("magic")} ${num(p["magic"])}`, { "font-size": 11 });
      text(g, 300, y + 68, `${tr("meeples")} ${num(p["meeples_in_play"])}+${num(p["supply"])}`, { "font-size": 11 });
    }
    y += h + 4;
  }
  return y;
}

export const tek: GameDrawer = {
  width: W,
  players: (view) => arr(view["players"]).map((p) => str(obj(p)["id"])),
  draw(ctx) {
    const bg = el("rect", { x: 0, y: 0, width: W, height: 10, fill: THEME.background }, ctx.svg);
    let y = drawMap(ctx, 6);
    y = drawActions(ctx, y);
    y = drawPlayers(ctx, y);
    bg.setAttribute("height", String(y + 4));
    return y + 4;
  },
  keyOf(move) {
    const type = str(move["type"]);
    const region = move["region"];
    if (typeof region === "string" && ["start", "move_from", "move_to", "stand_up", "expand", "retreat"].includes(type)) {
      return `region:${region}`;
    }
    if (type === "select" || type === "perform") return `action:${str(move["action"])}`;
    if (type === "choose_resource") return `res:${str(move["resource"])}`;
    if (type === "trade_pair") return `res:${str(move["give"])}`;
    if (type === "start_mana") return "res:mana";
    if (type === "start_ore") return "res:ore";
    return null;
  },
};
