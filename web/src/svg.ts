// SVG building blocks shared by the game drawers: elements, seat colours and the fill
// patterns of renderers/kit.py (colour is never the only cue).

export const NS = "http://www.w3.org/2000/svg";
export type RGB = readonly [number, number, number];
type Attrs = Record<string, string | number>;

/** renderers/palette.py SEAT_COLOURS: seat 0..7, shown as seats 1..8. */
export const SEAT_COLOURS: readonly RGB[] = [
  [0, 102, 204],
  [204, 78, 0],
  [102, 51, 68],
  [140, 100, 160],
  [170, 85, 68],
  [119, 0, 255],
  [136, 0, 0],
  [51, 51, 119],
];

export const THEME = {
  background: "#f5f0e4",
  panel: "#fffcf5",
  ink: "#222222",
  muted: "#5f5a52",
  line: "#beb4a0",
  highlight: "#ffc800",
  band: "#342c26",
  bandInk: "#fff0c8",
};

export function rgb(c: RGB): string {
  return `rgb(${c[0]},${c[1]},${c[2]})`;
}

export function seatColour(seat: number): string {
  return rgb(SEAT_COLOURS[((seat % 8) + 8) % 8] ?? [0, 0, 0]);
}

/** ``c`` darkened to ``f`` of its value (kit.shade: a pattern's ink). */
export function shade(c: RGB, f = 0.6): RGB {
  return [Math.round(c[0] * f), Math.round(c[1] * f), Math.round(c[2] * f)];
}

/** palette.tint: ``c`` mixed towards white. */
export function tint(c: RGB, f = 0.6): RGB {
  return [
    Math.round(c[0] + (255 - c[0]) * f),
    Math.round(c[1] + (255 - c[1]) * f),
    Math.round(c[2] + (255 - c[2]) * f),
  ];
}

/** Readable ink on ``c``: black or white by luminance. */
export function inkOn(c: RGB): string {
  const lin = (v: number): number => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]);
  return l > 0.35 ? THEME.ink : "#ffffff";
}

export function el<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  parent?: Element,
): SVGElementTagNameMap[K] {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (parent) parent.appendChild(node);
  return node;
}

export function text(
  parent: Element,
  x: number,
  y: number,
  content: string,
  attrs: Attrs = {},
): SVGTextElement {
  const node = el("text", { x, y, "font-size": 14, fill: THEME.ink, ...attrs }, parent);
  node.textContent = content;
  return node;
}

export function group(parent: Element, attrs: Attrs = {}): SVGGElement {
  return el("g", attrs, parent);
}

/** A seat disc with the seat number in it (kit.Board.seat_disc). */
export function seatDisc(parent: Element, x: number, y: number, r: number, seat: number): void {
  el("circle", { cx: x, cy: y, r, fill: seatColour(seat), stroke: "#fff", "stroke-width": 1.5 }, parent);
  text(parent, x, y + r * 0.38, String(seat + 1), {
    "font-size": r * 1.1,
    "font-weight": 700,
    fill: "#fff",
    "text-anchor": "middle",
  });
}

export type Pattern =
  | "plain"
  | "dots"
  | "hatch"
  | "backhatch"
  | "cross"
  | "waves"
  | "peaks"
  | "bricks"
  | "grid";

function patternBody(p: SVGPatternElement, kind: Pattern, ink: string, s: number): void {
  const line = (d: string): void => {
    el("path", { d, stroke: ink, "stroke-width": 1.4, fill: "none" }, p);
  };
  if (kind === "dots") el("circle", { cx: s / 2, cy: s / 2, r: s / 7, fill: ink }, p);
  if (kind === "hatch" || kind === "cross") line(`M0 ${s} L${s} 0`);
  if (kind === "backhatch" || kind === "cross") line(`M0 0 L${s} ${s}`);
  if (kind === "waves") line(`M0 ${s / 2} Q${s / 4} ${s / 4} ${s / 2} ${s / 2} T${s} ${s / 2}`);
  if (kind === "peaks") line(`M0 ${s * 0.75} L${s / 2} ${s * 0.3} L${s} ${s * 0.75}`);
  if (kind === "bricks") line(`M0 ${s / 2} H${s} M${s / 2} 0 V${s / 2} M0 ${s / 2} V${s}`);
  if (kind === "grid") line(`M0 0 H${s} M0 0 V${s}`);
}

const DEFINED = new WeakMap<SVGSVGElement, { defs: SVGDefsElement; ids: Set<string> }>();

/** A ``fill`` value: the colour with ``kind`` drawn over it, defined once per board. */
export function patternFill(svg: SVGSVGElement, colour: RGB, kind: Pattern, step = 12): string {
  if (kind === "plain") return rgb(colour);
  const id = `p-${kind}-${colour.join("-")}-${step}`;
  let known = DEFINED.get(svg);
  if (!known) {
    known = { defs: el("defs", {}, svg), ids: new Set() };
    DEFINED.set(svg, known);
  }
  if (!known.ids.has(id)) {
    known.ids.add(id);
    const defs = known.defs;
    const p = el("pattern", { id, width: step, height: step, patternUnits: "userSpaceOnUse" }, defs);
    el("rect", { width: step, height: step, fill: rgb(colour) }, p);
    patternBody(p, kind, rgb(shade(colour)), step);
  }
  return `url(#${id})`;
}
