// The page around the board: status, prompt, the board, moves without a board element,
// Why? and the card reference, the last changes, a small menu for a second click.

import { drawBoard, type GameDrawer } from "./board";
import { drawerFor } from "./games/index";
import { tr } from "./i18n";
import { block, line } from "./markdown";
import type { FollowUp, Frame, Hello, MoveEntry } from "./protocol";

export interface Actions {
  move(id: string, version: number): void;
  why(): void;
  card(name: string): void;
}

function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  content?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (content !== undefined) node.textContent = content;
  return node;
}

/** what one click offers: the move itself, or each of its secret follow-ups */
interface Choice {
  id: string;
  label: string;
  description?: string;
}

function choicesOf(entries: MoveEntry[]): Choice[] {
  const out: Choice[] = [];
  for (const e of entries) {
    const then: FollowUp[] = e.then ?? [];
    if (then.length) for (const f of then) out.push({ id: f.id, label: f.label });
    else out.push(e.description ? { id: e.id, label: e.label, description: e.description } : { id: e.id, label: e.label });
  }
  return out;
}

export class Page {
  private readonly status = h("details", { class: "ct-status", "data-testid": "status" });
  private readonly prompt = h("div", { class: "ct-prompt", "data-testid": "prompt" });
  private readonly notice = h("div", { class: "ct-notice", role: "status", "aria-live": "polite" });
  private readonly boardBox = h("div", { class: "ct-board-box" });
  private readonly loose = h("div", { class: "ct-loose", "data-testid": "moves" });
  private readonly tools = h("div", { class: "ct-tools" });
  private readonly last = h("ul", { class: "ct-last" });
  private readonly results = h("ol", { class: "ct-results", "data-testid": "results" });
  private readonly sheet = h("div", { class: "ct-sheet", hidden: "" });
  private hello: Hello | null = null;
  private drawer: GameDrawer | null = null;
  private frame: Frame | null = null;
  private sentAt: number | null = null;
  private started = 0;

  constructor(root: HTMLElement, private readonly actions: Actions) {
    root.replaceChildren(this.status, this.prompt, this.notice, this.boardBox, this.loose, this.results, this.tools, this.last, this.sheet);
    this.say(tr("connecting"));
  }

  say(message: string, kind: "info" | "error" = "info"): void {
    this.notice.textContent = message;
    this.notice.dataset["kind"] = kind;
  }

  greet(hello: Hello): void {
    this.hello = hello;
    this.drawer = drawerFor(hello.game);
    document.body.dataset["game"] = hello.game;
  }

  show(frame: Frame): void {
    this.started = performance.now();
    this.frame = frame;
    this.closeSheet();
    const hello = this.hello;
    if (!hello || !this.drawer) return;
    this.drawStatus(frame.text.status);
    this.prompt.replaceChildren(line(h("span"), this.promptText(frame, hello)));
    this.prompt.dataset["mine"] = frame.moves.length ? "yes" : "no";
    const view = frame.view;
    if (view === null) {
      // the lobby: nothing to draw yet, the status says who has joined
      this.boardBox.replaceChildren();
      this.loose.replaceChildren();
      this.finish(frame);
      return;
    }
    const drawn = drawBoard(this.drawer, { ...frame, view }, hello.viewer, hello.names, (entries) =>
      this.offer(entries),
    );
    this.boardBox.replaceChildren(drawn.svg);
    this.loose.replaceChildren(
      ...drawn.loose.map((e) => {
        const b = line(h("button", { class: "ct-btn", "data-move-id": e.id }), e.label);
        b.addEventListener("click", () => this.offer([e]));
        return b;
      }),
    );
    this.finish(frame);
  }

  /** the final standings once the game is over: rank, name, score */
  private drawResults(frame: Frame): void {
    const rows = frame.envelope?.over ? frame.envelope.results : [];
    const names = this.hello?.names ?? {};
    this.results.replaceChildren(
      ...(rows.length ? [h("li", { class: "ct-results-head" }, tr("results"))] : []),
      ...rows.map((r) => {
        const pid = String(r["player"] ?? "");
        const who = names[pid] ?? pid;
        return h("li", {}, `${String(r["rank"] ?? "")}. ${who} — ${String(r["score"] ?? "")}`);
      }),
    );
  }

  /** what every frame updates besides the board */
  private finish(frame: Frame): void {
    this.drawResults(frame);
    this.drawTools(frame);
    this.last.replaceChildren(...frame.text.last.map((l) => line(h("li"), l)));
    if (this.sentAt !== null) {
      stats().latencies.push(performance.now() - this.sentAt);
      stats().waits.push(this.started - this.sentAt);
      this.sentAt = null;
    }
    this.say(frame.envelope?.over ? tr("over") : "");
    document.body.dataset["seq"] = String(frame.seq);
    document.body.dataset["version"] = String(frame.version);
    document.body.dataset["mine"] = frame.moves.length ? "yes" : "no";
    document.body.dataset["over"] = frame.envelope?.over ? "yes" : "no";
    stats().frames += 1;
    stats().draws.push(performance.now() - this.started);
  }

  /** the status line: its first sentence always shown, the rest (every seat's details) folded */
  private drawStatus(status: string): void {
    const open = this.status.open;
    const lines = status.split("\n").filter((l) => l.trim());
    const summary = line(h("summary"), lines[0] ?? "");
    const rest = lines.slice(1).map((l) => line(h("div", { class: "ct-status-line" }), l));
    this.status.replaceChildren(summary, ...rest);
    this.status.open = open;
    this.status.dataset["more"] = rest.length ? "yes" : "no";
  }

  private promptText(frame: Frame, hello: Hello): string {
    if (frame.text.prompt) return frame.text.prompt;
    if (frame.moves.length) return tr("yourTurn");
    const actors = frame.envelope?.actors ?? [];
    if (!actors.length) return "";
    const names = actors.map((a) => hello.names[a] ?? a).join(", ");
    return tr("waitingFor", { names });
  }

  private drawTools(frame: Frame): void {
    const items: HTMLElement[] = [];
    if (frame.why_available) {
      const why = h("button", { class: "ct-btn ct-why", "data-testid": "why" }, tr("why"));
      why.addEventListener("click", () => this.actions.why());
      items.push(why);
    }
    const form = h("form", { class: "ct-card-form" });
    const input = h("input", { type: "search", placeholder: tr("cardPlaceholder"), "aria-label": tr("cardPlaceholder"), "data-testid": "card-name" });
    const go = h("button", { class: "ct-btn", type: "submit", "data-testid": "card" }, tr("card"));
    form.append(input, go);
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      const name = input.value.trim();
      if (name) this.actions.card(name);
    });
    items.push(form);
    this.tools.replaceChildren(...items);
  }

  /** one move: send it; several, or a move with follow-ups: the small menu */
  private offer(entries: MoveEntry[]): void {
    const choices = choicesOf(entries);
    const only = choices[0];
    if (choices.length === 1 && only) {
      this.send(only.id);
      return;
    }
    const menu = h("div", { class: "ct-menu", role: "menu", "data-testid": "menu" });
    for (const c of choices) {
      const b = line(h("button", { class: "ct-btn", role: "menuitem", "data-move-id": c.id }), c.label);
      if (c.description) b.append(h("small", { class: "ct-desc" }, c.description));
      b.addEventListener("click", () => this.send(c.id));
      menu.append(b);
    }
    const cancel = h("button", { class: "ct-btn ct-cancel" }, tr("cancel"));
    cancel.addEventListener("click", () => this.closeSheet());
    menu.append(cancel);
    this.openSheet(menu);
  }

  private send(id: string): void {
    const frame = this.frame;
    if (!frame) return;
    this.closeSheet();
    this.sentAt = performance.now();
    this.say(tr("sent"));
    this.actions.move(id, frame.version);
  }

  /** a Why? answer or a card page */
  showText(body: string): void {
    const box = h("div", { class: "ct-text", "data-testid": "text" });
    const pre = h("div", { class: "ct-text-body" });
    pre.append(block(body));
    const close = h("button", { class: "ct-btn ct-cancel" }, tr("close"));
    close.addEventListener("click", () => this.closeSheet());
    box.append(pre, close);
    this.openSheet(box);
  }

  refused(message: string): void {
    this.sentAt = null;
    this.say(message, "error");
  }

  private openSheet(content: HTMLElement): void {
    this.sheet.replaceChildren(content);
    this.sheet.hidden = false;
  }

  private closeSheet(): void {
    this.sheet.hidden = true;
    this.sheet.replaceChildren();
  }
}

export interface Stats {
  frames: number;
  /** from sending a move to drawing the next frame (ms) */
  latencies: number[];
  /** drawing one frame (ms) */
  draws: number[];
  /** from sending a move to the next frame's arrival (the server and the network, ms) */
  waits: number[];
}

declare global {
  interface Window {
    ctStats?: Stats;
  }
}

export function stats(): Stats {
  if (!window.ctStats) window.ctStats = { frames: 0, latencies: [], draws: [], waits: [] };
  return window.ctStats;
}
