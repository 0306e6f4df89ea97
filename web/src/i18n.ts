// The UI's own few words. Everything about the game itself (labels, prompts, Why? texts, card
// pages) is worded by the server in the player's language; only the frame around it is here.

export type Locale = "en" | "cs";

const EN = {
  why: "Why?",
  card: "?",
  cardPlaceholder: "Card or term",
  cardLookUp: "Look up",
  close: "Close",
  cancel: "Cancel",
  otherMoves: "Other moves",
  waitingFor: "Waiting for {names}",
  yourTurn: "Your move",
  connecting: "Connecting…",
  reconnecting: "Connection lost, reconnecting…",
  signingIn: "Signing in…",
  signInFailed: "Could not sign in: {reason}",
  noTable: "No game is running in this channel.",
  spectating: "You are watching",
  over: "The game is over",
  sent: "Sent…",
  lastChanges: "What happened",
  you: "you",
  deck: "Deck",
  meeples: "Meeples",
  points: "Points",
  hand: "Your hand",
  coins: "Coins",
  gold: "Gold",
  bank: "Bank",
  round: "Round {n}/{of}",
  drawPile: "Draw pile",
  score: "Score",
  ready: "Ready",
  actions: "Actions",
  resources: "Resources",
  tower: "Tower",
  magic: "Magic",
  cards: "Cards",
  buyCost: "The top card costs",
  results: "Final standings",
} as const;

export type Key = keyof typeof EN;

const CS: Record<Key, string> = {
  why: "Proč?",
  card: "?",
  cardPlaceholder: "Karta nebo pojem",
  cardLookUp: "Vyhledat",
  close: "Zavřít",
  cancel: "Zpět",
  otherMoves: "Další tahy",
  waitingFor: "Čeká se na: {names}",
  yourTurn: "Jsi na tahu",
  connecting: "Připojuji…",
  reconnecting: "Spojení se přerušilo, připojuji znovu…",
  signingIn: "Přihlašuji…",
  signInFailed: "Přihlášení se nepovedlo: {reason}",
  noTable: "V tomto kanálu se nehraje žádná hra.",
  spectating: "Díváš se",
  over: "Hra skončila",
  sent: "Odesláno…",
  lastChanges: "Co se stalo",
  you: "ty",
  deck: "Balíček",
  meeples: "Figurky",
  points: "Body",
  hand: "Tvoje ruka",
  coins: "Mince",
  gold: "Zlato",
  bank: "Banka",
  round: "Kolo {n}/{of}",
  drawPile: "Dobírací balíček",
  score: "Skóre",
  ready: "Připraveno",
  actions: "Akce",
  resources: "Suroviny",
  tower: "Věž",
  magic: "Magie",
  cards: "Karty",
  buyCost: "Vrchní karta stojí",
  results: "Konečné pořadí",
};

let current: Locale = "en";

export function setLocale(locale: string | null | undefined): Locale {
  current = locale === "cs" ? "cs" : "en";
  document.documentElement.lang = current;
  return current;
}

export function locale(): Locale {
  return current;
}

export function tr(key: Key, params: Record<string, string | number> = {}): string {
  const table: Record<Key, string> = current === "cs" ? CS : EN;
  return table[key].replace(/\{(\w+)\}/g, (_m, name: string) => String(params[name] ?? ""));
}
