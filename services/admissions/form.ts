/**
 * What the public form needs besides the applicant's own values: the programs open for applications and the
 * citizenships offered (any ISO 3166 two-letter code is accepted; these are the usual ones), named in the
 * page's language. Reading the programs costs one `getMany` of their version keys (students/structure.ts).
 */
import { db } from "../db/kv.ts";
import { freshStructure, STRUCTURE_VERSION_KEYS } from "../students/structure.ts";
import type { Lang } from "../../utils/i18n.ts";

export interface Choice {
  value: string;
  label: string;
}

const CITIZENSHIPS = [
  "GE",
  "AM",
  "AZ",
  "UA",
  "TR",
  "RU",
  "BY",
  "KZ",
  "UZ",
  "IL",
  "IR",
  "IQ",
  "IN",
  "EG",
  "NG",
  "DE",
  "FR",
  "GB",
  "US",
  "PL",
];

const citizenshipCache = new Map<Lang, Choice[]>();

export function citizenshipChoices(lang: Lang): Choice[] {
  let choices = citizenshipCache.get(lang);
  if (!choices) {
    const names = new Intl.DisplayNames([lang], { type: "region" });
    const [home, ...rest] = CITIZENSHIPS.map((code) => ({ value: code, label: names.of(code) ?? code }));
    choices = [home, ...rest.sort((a, b) => a.label.localeCompare(b.label, lang))];
    citizenshipCache.set(lang, choices);
  }
  return choices;
}

/** Active programs, by school and code, labelled "code — name" in `lang`. */
export async function programChoices(lang: Lang): Promise<Choice[]> {
  const structure = await freshStructure(await db().getMany(STRUCTURE_VERSION_KEYS));
  return structure.programList.filter((p) => p.status === "active").map((p) => ({
    value: String(p.id),
    label: `${p.code} — ${lang === "en" ? p.nameEn : p.nameKa}`,
  }));
}
