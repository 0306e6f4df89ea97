// A game's named things in the player's language (generated from the engines' vocabularies).

import { locale } from "./i18n";
import { TERMS } from "./terms.gen";

export function term(game: string, key: string, short = false): string {
  const forms = TERMS[game]?.[key];
  if (!forms) return key.split(".").pop() ?? key;
  const cs = locale() === "cs";
  if (short) return cs ? forms.cs_short : forms.en_short;
  return cs ? forms.cs : forms.en;
}

/** ``n`` of a game's counted thing: "1 meeple", "3 meeples"; "2 pomocníci", "5 pomocníků" */
export function count(game: string, key: string, n: number): string {
  const forms = TERMS[game]?.[key];
  if (!forms) return `${n} ${key}`;
  if (locale() === "cs") {
    const few = n >= 2 && n <= 4;
    return `${n} ${n === 1 ? forms.cs : few ? forms.cs_few : forms.cs_other}`;
  }
  return `${n} ${n === 1 ? forms.en : forms.en_other}`;
}
