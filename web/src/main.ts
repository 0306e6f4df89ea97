// The Crowntable Activity: sign in, open the table's socket, draw every frame.

import { inActivity, signInActivity, signInLink, SignInError, type Session } from "./auth";
import { setLocale, tr } from "./i18n";
import type { ServerMessage } from "./protocol";
import { TableSocket } from "./socket";
import { Page } from "./ui";

function wire(page: Page, socket: TableSocket): (msg: ServerMessage) => void {
  return (msg) => {
    switch (msg.type) {
      case "hello":
        setLocale(msg.locale);
        page.greet(msg);
        break;
      case "frame":
        page.show(msg);
        break;
      case "error":
        page.refused(msg.message);
        break;
      case "why":
      case "ref":
        page.showText(msg.text);
        break;
      default:
        break;
    }
    void socket;
  };
}

export function play(root: HTMLElement, session: Session): TableSocket {
  let socket: TableSocket | null = null;
  const page = new Page(root, {
    move: (id, version) => socket?.send({ type: "move", id, version }),
    why: () => socket?.send({ type: "why" }),
    card: (name) => socket?.send({ type: "card", name }),
  });
  const handlers: { on: (msg: ServerMessage) => void } = { on: () => undefined };
  socket = new TableSocket(session.table, session.session, {
    message: (msg) => handlers.on(msg),
    lost: (code, final) => page.say(final ? tr("signInFailed", { reason: String(code) }) : tr("reconnecting"), "error"),
  });
  handlers.on = wire(page, socket);
  socket.open();
  setInterval(() => socket?.send({ type: "ping" }), 25000);
  return socket;
}

async function boot(): Promise<void> {
  const root = document.getElementById("app");
  if (!root) return;
  setLocale(navigator.language.startsWith("cs") ? "cs" : "en");
  root.textContent = tr("signingIn");
  try {
    const session = inActivity() ? await signInActivity() : await signInLink();
    play(root, session);
  } catch (err) {
    const reason = err instanceof SignInError || err instanceof Error ? err.message : String(err);
    root.textContent = tr("signInFailed", { reason });
    root.dataset["failed"] = "yes";
  }
}

if (!(window as { ctDev?: boolean }).ctDev) void boot();
