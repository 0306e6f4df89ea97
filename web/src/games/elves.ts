// King of the Elves: the hand (click a card to play, discard or travel with it), each realm's
// ring of villages (click a village to put a special card on it, or the realm to build),
// the draw pile (draw three, take a village card).

import type { DrawContext, GameDrawer } from "../board";
import { tr } from "../i18n";
import { arr, num, obj, str, type Dict } from "../protocol";
import { el, group, patternFill, seatDisc, text, THEME, type Pattern, type RGB } from "../svg";
import { term } from "../terms";

const W = 400;
/** renderers/elves_parts.py TILE_FILL and PATTERN */
const TERRAIN: Record<string, RGB> = {
  plains: [226, 234, 188],
  forest: [156, 188, 162],
  mountain: [198, 194, 188],
  desert: [242, 226, 188],
  river: [186, 216, 240],
  lake: [148, 174, 212],
};
const PATTERN: Record<string, Pattern> = {
  plains: "grid",
  forest: "dots",
  mountain: "backhatch",
  desert: "plain",
  river: "waves",
  lake: "cross",
};
const OTHER: Record<string, RGB> = {
  gold: [240, 200, 60],
  thief: [160, 160, 170],
  wood: [210, 170, 120],
  seamonster: [110, 170, 240],
  dragon: [130, 200, 130],
};
const BACK: RGB = [222, 214, 236];

function fillFor(ctx: DrawContext, card: string, step = 10): string {
  const colour = TERRAIN[card] ?? OTHER[card] ?? BACK;
  return patternFill(ctx.svg, colour, PATTERN[card] ?? "plain", step);
}

function drawTop(ctx: DrawContext, y: number): number {
  const v = ctx.view;
  const bank = v["bank"] === null ? "∞" : String(num(v["bank"]));
  text(ctx.svg, 6, y + 14, tr("round", { n: num(v["round"]), of: num(v["rounds"]) }), { "font-size": 13, fill: THEME.muted });
  const me = arr(v["players"]).map(obj).find((p) => str(p["id"]) === ctx.viewer);
  const till = group(ctx.svg, { class: "ct-bank" });
  el("rect", { x: 6, y: y + 20, width: 150, height: 40, rx: 6, fill: "rgb(240,200,60)", stroke: THEME.ink }, till);
  text(till, 14, y + 37, `${tr("bank")}: ${bank}`, { "font-size": 12, "font-weight": 700 });
  const cost = me ? me["next_buy_cost"] : null;
  if (typeof cost === "number") text(till, 14, y + 53, `${tr("buyCost")}: ${cost}`, { "font-size": 11 });
  const pile = group(ctx.svg, { class: "ct-pile" });
  el("rect", { x: W - 124, y: y + 2, width: 56, height: 44, rx: 5, fill: patternFill(ctx.svg, BACK, "cross", 8), stroke: THEME.ink }, pile);
  text(pile, W - 96, y + 30, String(num(v["draw_pile"])), { "font-size": 16, "font-weight": 700, "text-anchor": "middle" });
  text(pile, W - 96, y + 58, tr("drawPile"), { "font-size": 9, "text-anchor": "middle", fill: THEME.muted });
  ctx.target(pile, "pile:draw");
  const top = str(v["discard_top"]);
  const disc = group(ctx.svg);
  el("rect", { x: W - 62, y: y + 2, width: 56, height: 44, rx: 5, fill: top ? fillFor(ctx, top) : THEME.panel, stroke: THEME.line }, disc);
  if (top) text(disc, W - 34, y + 30, term("elves", top, true).slice(0, 9), { "font-size": 9, "text-anchor": "middle" });
  return y + 70;
}

function drawHand(ctx: DrawContext, y: number): number {
  const hand = obj(ctx.view["hand"]);
  const cards = Object.keys(hand).filter((k) => num(hand[k]) > 0);
  if (!cards.length) return y;
  text(ctx.svg, 6, y + 14, `${tr("hand")} · ${tr("gold")}: ${num(ctx.view["gold"])}`, { "font-size": 13, "font-weight": 700 });
  y += 20;
  const w = 76;
  const h = 46;
  cards.forEach((card, i) => {
    const x = 4 + (i % 5) * (w + 2);
    const yy = y + Math.floor(i / 5) * (h + 4);
    const g = group(ctx.svg, { class: "ct-card", "data-card": card });
    el("rect", { x, y: yy, width: w, height: h, rx: 5, fill: fillFor(ctx, card), stroke: THEME.ink }, g);
    el("rect", { x: x + 3, y: yy + 5, width: w - 6, height: 15, rx: 3, fill: "rgba(255,255,255,0.85)" }, g);
    const name = term("elves", card, true);
    text(g, x + w / 2, yy + 16, name.length > 12 ? `${name.slice(0, 11)}…` : name, { "font-size": 10, "text-anchor": "middle" });
    text(g, x + w / 2, yy + 39, `×${num(hand[card])}`, { "font-size": 14, "font-weight": 700, "text-anchor": "middle" });
    ctx.target(g, `hand:${card}`);
  });
  return y + Math.ceil(cards.length / 5) * (h + 4) + 4;
}

function journeyAt(view: Dict): string {
  const at = obj(obj(view["journey"])["at"]);
  return at["realm"] !== undefined ? `${str(at["realm"])}:${num(at["slot"])}` : "";
}

function drawVillage(ctx: DrawContext, g: SVGGElement, v: Dict, x: number, y: number, here: boolean): void {
  const card = str(v["card"]);
  const node = group(g, { class: "ct-village", "data-village": `${str(v["realm"])}:${num(v["slot"])}` });
  el("rect", { x, y, width: 44, height: 44, rx: 4, fill: fillFor(ctx, card, 8), stroke: here ? THEME.highlight : THEME.ink, "stroke-width": here ? 4 : 1 }, node);
  el("rect", { x: x + 2, y: y + 2, width: 18, height: 14, rx: 2, fill: "rgba(255,255,255,0.9)" }, node);
  text(node, x + 11, y + 13, String(num(v["value"])), { "font-size": 11, "font-weight": 700, "text-anchor": "middle" });
  const gold = str(v["gold"]);
  if (gold) {
    el("circle", { cx: x + 34, cy: y + 11, r: 8, fill: "rgb(240,200,60)", stroke: ctx.colour(gold), "stroke-width": 3 }, node);
  }
  const thief = str(v["thief"]);
  if (thief) seatDisc(node, x + 34, y + 34, 7, ctx.seat(thief));
  const obstacle = obj(v["obstacle"]);
  if (obstacle["card"]) {
    el("rect", { x: x + 2, y: y + 28, width: 24, height: 14, rx: 2, fill: fillFor(ctx, str(obstacle["card"])), stroke: ctx.colour(str(obstacle["owner"])), "stroke-width": 2 }, node);
    text(node, x + 14, y + 39, term("elves", str(obstacle["card"]), true).slice(0, 3), { "font-size": 8, "text-anchor": "middle" });
  }
  ctx.target(node, `village:${str(v["realm"])}:${num(v["slot"])}`);
}

function drawRealms(ctx: DrawContext, y: number): number {
  const players = arr(ctx.view["players"]).map(obj);
  const realms = arr(ctx.view["realms"]);
  const here = journeyAt(ctx.view);
  const actor = str(ctx.view["actor"]);
  players.forEach((p, i) => {
    const pid = str(p["id"]);
    const villages = arr(realms[i]).map(obj);
    const rows = Math.max(1, Math.ceil((villages.length + 1) / 8));
    const h = 30 + rows * 48;
    const g = group(ctx.svg, { class: "ct-realm", "data-player": pid });
    el("rect", { x: 2, y, width: W - 4, height: h, rx: 6, fill: THEME.panel, stroke: pid === actor ? THEME.highlight : THEME.line, "stroke-width": pid === actor ? 3 : 1 }, g);
    seatDisc(g, 16, y + 15, 10, ctx.seat(pid));
    text(g, 32, y + 20, ctx.name(pid) + (pid === ctx.viewer ? ` (${tr("you")})` : ""), { "font-size": 14, "font-weight": 700 });
    text(g, W - 8, y + 20, `${tr("coins")} ${num(p["coins"])} · ${tr("cards")} ${num(p["hand_size"])}`, { "font-size": 12, "text-anchor": "end" });
    villages.forEach((v, k) => drawVillage(ctx, g, v, 6 + (k % 8) * 48, y + 28 + Math.floor(k / 8) * 48, here === `${pid}:${num(v["slot"])}`));
    const k = villages.length;
    const slot = group(g, { class: "ct-new-village" });
    el("rect", { x: 6 + (k % 8) * 48, y: y + 28 + Math.floor(k / 8) * 48, width: 44, height: 44, rx: 4, fill: THEME.background, stroke: THEME.line, "stroke-dasharray": "4 3" }, slot);
    text(slot, 28 + (k % 8) * 48, y + 56 + Math.floor(k / 8) * 48, "+", { "font-size": 20, "text-anchor": "middle", fill: THEME.muted });
    ctx.target(slot, `realm:${pid}`);
    y += h + 4;
  });
  return y;
}

export const elves: GameDrawer = {
  width: W,
  players: (view) => arr(view["players"]).map((p) => str(obj(p)["id"])),
  draw(ctx) {
    const bg = el("rect", { x: 0, y: 0, width: W, height: 10, fill: THEME.background }, ctx.svg);
    let y = drawTop(ctx, 4);
    y = drawHand(ctx, y);
    y = drawRealms(ctx, y);
    bg.setAttribute("height", String(y + 4));
    return y + 4;
  },
  keyOf(move, _view, viewer) {
    const type = str(move["type"]);
    const card = str(move["card"]);
    if (["play_village", "play_special", "discard"].includes(type)) return `hand:${card}`;
    if (type === "travel") return `hand:${str(move["transport"])}`;
    if (type === "take_village" || type === "draw3") return "pile:draw";
    if (type === "buy") return "pile:draw";
    if (type === "place_village") return `realm:${str(move["realm"])}`;
    if (type === "place_special") return `village:${str(move["realm"])}:${num(move["slot"])}`;
    if (type === "remove_village") return `village:${viewer ?? ""}:${num(move["slot"])}`;
    return null;
  },
};
