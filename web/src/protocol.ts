// The messages of web-protocol.md (bot/web's WebSocket), as the front end reads them.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Dict = { [key: string]: Json };

export interface Hello {
  type: "hello";
  table: number;
  game: string;
  viewer: string | null;
  locale: string;
  seat: number | null;
  names: Record<string, string>;
}

export interface FollowUp {
  id: string;
  label: string;
  move: Dict;
}

export interface MoveEntry {
  id: string;
  label: string;
  move: Dict;
  /** the chat's second line of the option (cost, effect), when it has one */
  description?: string;
  then?: FollowUp[];
}

export interface Envelope {
  actors: string[];
  step: { id: string; params: Dict };
  over: boolean;
  results: Dict[];
  turn: number;
  last: Json[];
}

export interface Frame {
  type: "frame";
  seq: number;
  version: number;
  status: string;
  /** null in the lobby */
  view: Dict | null;
  envelope: Envelope | null;
  text: { status: string; last: string[]; prompt: string | null };
  moves: MoveEntry[];
  why_available: boolean;
}

export interface Ack {
  type: "ack";
  ref: number;
}
export interface ErrorMsg {
  type: "error";
  ref: number | null;
  message: string;
}
export interface TextMsg {
  type: "why" | "ref";
  ref: number;
  text: string;
}
export type ServerMessage = Hello | Frame | Ack | ErrorMsg | TextMsg | { type: "pong" };

// -- small readers: the view is plain JSON; these keep the drawers strict without casts ------

export function obj(v: Json | undefined): Dict {
  return v !== null && typeof v === "object" && !Array.isArray(v) ? v : {};
}
export function arr(v: Json | undefined): Json[] {
  return Array.isArray(v) ? v : [];
}
export function str(v: Json | undefined, fallback = ""): string {
  return typeof v === "string" ? v : typeof v === "number" ? String(v) : fallback;
}
export function num(v: Json | undefined, fallback = 0): number {
  return typeof v === "number" ? v : fallback;
}
export function strs(v: Json | undefined): string[] {
  return arr(v).map((x) => str(x));
}
