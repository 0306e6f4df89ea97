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
