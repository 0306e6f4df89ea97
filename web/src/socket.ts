// The table's WebSocket: messages in, moves/why/card out, reconnect with backoff; a socket
// closed for a bad or expired token (4401) is not retried.

import { apiUrl } from "./auth";
import type { ServerMessage } from "./protocol";

export interface SocketHooks {
  message(msg: ServerMessage): void;
  lost(code: number, final: boolean): void;
}

export class TableSocket {
  private ws: WebSocket | null = null;
  private ref = 0;
  private tries = 0;
  private stopped = false;
  private readonly queue: string[] = [];

  constructor(
    private readonly table: number,
    private readonly session: string,
    private readonly hooks: SocketHooks,
  ) {}

  open(): void {
    const url = new URL(apiUrl(`ws?table=${this.table}&session=${encodeURIComponent(this.session)}`));
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(url.toString());
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.tries = 0;
      for (const m of this.queue.splice(0)) ws.send(m);
    });
    ws.addEventListener("message", (ev) => {
      let msg: ServerMessage;
      try {
        msg = JSON.parse(String(ev.data)) as ServerMessage;
      } catch {
        return;
      }
      this.hooks.message(msg);
    });
    ws.addEventListener("close", (ev) => {
      const final = this.stopped || ev.code === 4401 || ev.code === 4403 || ev.code === 4404;
      this.hooks.lost(ev.code, final);
      if (!final) {
        const wait = Math.min(10000, 300 * 2 ** this.tries++);
        setTimeout(() => this.open(), wait);
      }
    });
  }

  send(payload: Record<string, unknown>): number {
    const ref = ++this.ref;
    const text = JSON.stringify({ ...payload, ref });
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(text);
    else this.queue.push(text);
    return ref;
  }

  close(): void {
    this.stopped = true;
    this.ws?.close();
  }
}
