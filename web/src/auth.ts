// Sign-in: inside Discord (the URL has frame_id) with the Embedded App SDK and our OAuth2 code
// exchange; outside it (/play/{table}?t=...) with the one-time login token of the link.

import { DiscordSDK } from "@discord/embedded-app-sdk";

export interface Session {
  session: string;
  table: number;
  user: { id: string; name: string };
}

export class SignInError extends Error {}

export function base(): string {
  const tag = document.querySelector("base")?.getAttribute("href") ?? "/";
  return tag.includes("__") ? "/" : tag;
}

export function apiUrl(path: string): string {
  return new URL(path, new URL(base(), location.href)).toString();
}

async function post(path: string, body: unknown, token?: string): Promise<Record<string, unknown>> {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (token) headers["Authorization"] = `Bearer ${token}`;
  const res = await fetch(apiUrl(path), { method: "POST", headers, body: JSON.stringify(body) });
  return answer(res);
}

async function answer(res: Response): Promise<Record<string, unknown>> {
  let data: unknown = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  const record = data !== null && typeof data === "object" ? (data as Record<string, unknown>) : {};
  if (!res.ok) throw new SignInError(typeof record["error"] === "string" ? record["error"] : `HTTP ${res.status}`);
  return record;
}

function user(data: Record<string, unknown>): { id: string; name: string } {
  const u = data["user"];
  const rec = u !== null && typeof u === "object" ? (u as Record<string, unknown>) : {};
  return { id: String(rec["id"] ?? ""), name: String(rec["name"] ?? "") };
}

export function inActivity(): boolean {
  return new URLSearchParams(location.search).has("frame_id");
}

function clientId(): string | null {
  const id = document.querySelector('meta[name="discord-client-id"]')?.getAttribute("content") ?? "";
  return id && !id.includes("__") ? id : null;
}

/** The Activity: ready, authorize (a code), our exchange, authenticate, the channel's table. */
export async function signInActivity(): Promise<Session> {
  const id = clientId();
  if (!id) throw new SignInError("no client id");
  const sdk = new DiscordSDK(id, { disableConsoleLogOverride: true });
  await sdk.ready();
  const { code } = await sdk.commands.authorize({
    client_id: id,
    response_type: "code",
    state: "",
    prompt: "none",
    scope: ["identify"],
  });
  const data = await post("api/token", { code });
  const access = String(data["access_token"] ?? "");
  const session = String(data["session"] ?? "");
  await sdk.commands.authenticate({ access_token: access });
  const channel = sdk.channelId ?? new URLSearchParams(location.search).get("channel_id") ?? "";
  const res = await fetch(apiUrl(`api/tables?channel_id=${encodeURIComponent(channel)}`), {
    headers: { Authorization: `Bearer ${session}` },
  });
  const found = await answer(res);
  const table = Number(found["table"]);
  // the table-scoped session, when the server hands one out with the table
  const scoped = typeof found["session"] === "string" ? found["session"] : session;
  return { session: scoped, table, user: user(data) };
}

/** A link from the chat: /play/{table}?t=<one-time token>. */
export async function signInLink(): Promise<Session> {
  const token = new URLSearchParams(location.search).get("t");
  if (!token) throw new SignInError("no token in the link");
  const data = await post("api/login", { token });
  // the one-time token is spent: keep it out of the address bar and the history
  history.replaceState(null, "", location.pathname);
  const fromPath = /\/play\/(\d+)/.exec(location.pathname)?.[1];
  return { session: String(data["session"] ?? ""), table: Number(data["table"] ?? fromPath), user: user(data) };
}
